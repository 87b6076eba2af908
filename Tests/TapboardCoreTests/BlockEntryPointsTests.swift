import TestSupport
import Testing

@testable import TapboardCore

@Suite struct BlockEntryPointsTests {
    /// A shipped dictionary read twice: with entry points, and plainly (look-ups from a block's first entry).
    func both(_ name: String) throws -> (points: Lexicon, plain: Lexicon) {
        let bytes = try requireBytes(Repository.dictionaries + "/\(name).tbd")
        return (try Lexicon(bytes: bytes, withEntryPoints: true), try Lexicon(bytes: bytes))
    }

    /// Keys of the file, about 5,000 spread over it (each with its entry's words in stored
    /// order), and keys it lacks beside them: a key cut short by a byte, and one with a byte more.
    func keys(of lexicon: Lexicon) -> (listed: [[UInt8]: [String]], absent: [[UInt8]]) {
        var all: [[UInt8]: [String]] = [:]
        var order: [[UInt8]] = []
        lexicon.keyedEntries(withKeyPrefix: "") { key, word, _ in
            let k = Array(key)
            if all[k] == nil { order.append(k) }
            all[k, default: []].append(word)
            return true
        }
        let sample = stride(from: 0, to: order.count, by: max(1, order.count / 5_000)).map { order[$0] }
        var listed: [[UInt8]: [String]] = [:]
        for k in sample { listed[k] = all[k] }
        let absent = sample.flatMap { [Array($0.dropLast()), $0 + [0x21]] }.filter { all[$0] == nil }
        return (listed, absent)
    }

    /// Look-ups starting at the entry points find what the plain ones find: keys of the
    /// dictionary, the pairs and a language with keys of two bytes a letter, and keys between.
    @Test(arguments: ["en", "en-pairs", "de", "el"])
    func lookUpsFindWhatPlainLookUpsFind(_ name: String) throws {
        let (points, plain) = try both(name)
        let (listed, absent) = keys(of: plain)
        for (key, words) in listed {
            let found = points.lookup(keyBytes: key)
            #expect(found.map(\.word) == words, "\(name): \(key)")
            #expect(found.map(\.frequency) == plain.lookup(keyBytes: key).map(\.frequency), "\(name): \(key)")
            #expect(points.frequency(of: words[0]) == plain.frequency(of: words[0]), "\(name): \(words[0])")
        }
        for key in absent {
            #expect(points.lookup(keyBytes: key).isEmpty, "\(name): \(key)")
            let prefix = String(decoding: key, as: UTF8.self)
            var fromPoints: [String] = []
            points.entries(withKeyPrefix: prefix) { word, _ in
                fromPoints.append(word)
                return fromPoints.count < 3
            }
            var fromPlain: [String] = []
            plain.entries(withKeyPrefix: prefix) { word, _ in
                fromPlain.append(word)
                return fromPlain.count < 3
            }
            #expect(fromPoints == fromPlain, "\(name): \(key)")
        }
    }

    /// Places are made: in the pairs' blocks, most eighths have an entry that keeps at most 8
    /// bytes of the key before (16,871 of 19,143).
    @Test func mostOfThePairsEighthsHaveAPlace() throws {
        let (points, plain) = try both("en-pairs")
        var places = 0
        for block in 0..<points.blockCount {
            // Below a key above every key of the file: each place in turn, the last first.
            var below = UInt64.max
            while let place = points.entryPoints.place(inBlock: block, below: below) {
                places += 1
                below = place.key
            }
            #expect(plain.entryPoints.place(inBlock: block, below: UInt64.max) == nil)
        }
        #expect(places > points.blockCount * 3 * 8 / 10)
    }

    /// A key packed by one load of 8 bytes is the key packed byte by byte, near a buffer's end or not.
    @Test func packedByOneLoadIsPackedByteByByte() {
        let bytes: [UInt8] = (0..<20).map { UInt8(0xF0 - 7 * $0) }
        bytes.withUnsafeBufferPointer { raw in
            for start in 0...raw.count {
                for count in 0...(raw.count - start) {
                    #expect(Lexicon.packed(raw, from: start, count: count) == Lexicon.packed(raw[start..<(start + count)]))
                }
            }
        }
    }
}
