/// The letter keys a stroke is read against: where each lies on the panel and which letters
/// it types (its own and its alternates, lower-cased: é is on the e key).
public struct GlideKeys: Sendable, Equatable {
    /// Key centres in panel pixels, one per letter key.
    public let centres: [Point]
    /// The same in key units (pixels over the pitch).
    let unitCentres: [Point]
    /// A lower-case letter → the letter key that types it.
    let keyOf: [Character: UInt8]
    /// The same for ASCII bytes; -1: none.
    let asciiKey: [Int16]
    /// The letter keys' pitch in pixels: a stroke is measured in these units, so that a
    /// key's neighbours lie about 1 away whatever the panel's shape.
    public let pitchX: Double
    public let pitchY: Double
    /// The letters of each key, in key order: two keyboards with the same letters read the
    /// same words.
    public let letters: String

    /// The letter keys of `geometry`; nil when it has fewer than two (no words to stroke).
    public init?(geometry: PanelGeometry) {
        var centres: [Point] = []
        var keyOf: [Character: UInt8] = [:]
        var widths: [Double] = []
        var heights: [Double] = []
        var letters = ""
        for placed in geometry.keys where placed.row >= 0 && centres.count < 255 {
            guard let c = placed.key.letter else { continue }
            let base = Character(c.lowercased())
            guard keyOf[base] == nil else { continue }
            let index = UInt8(centres.count)
            keyOf[base] = index
            for alternate in placed.key.alternates where alternate.count == 1 {
                let a = Character(alternate.lowercased())
                if a.isLetter, keyOf[a] == nil { keyOf[a] = index }
            }
            centres.append(placed.frame.center)
            widths.append(placed.cell.width)
            heights.append(placed.cell.height)
            letters.append(base)
        }
        guard centres.count >= 2 else { return nil }
        self.centres = centres
        self.keyOf = keyOf
        var ascii = [Int16](repeating: -1, count: 128)
        for (c, k) in keyOf where c.isASCII { ascii[Int(c.asciiValue!)] = Int16(k) }
        asciiKey = ascii
        self.letters = letters
        let pitchX = GlideKeys.median(widths)
        let pitchY = GlideKeys.median(heights)
        self.pitchX = pitchX
        self.pitchY = pitchY
        unitCentres = centres.map { Point(x: $0.x / pitchX, y: $0.y / pitchY) }
    }

    /// The keys that type `word`'s letters in order into `keys`, a letter repeated on one key
    /// once ("hello": h e l o); apostrophes and hyphens are not stroked. Returns a hash of the
    /// word lower-cased (FNV-1a), nil when a letter is on no key or the word crosses one key.
    func keys(of word: String, into keys: inout [UInt8]) -> UInt64? {
        keys.removeAll(keepingCapacity: true)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        func append(_ k: UInt8) { if keys.last != k { keys.append(k) } }
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            for var b in word.utf8 {
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }  // A-Z
                mix(b)
                if b == 0x27 || b == 0x2D { continue }  // ' -
                let k = asciiKey[Int(b)]
                guard k >= 0 else { return nil }
                append(UInt8(k))
            }
        } else {
            for c in word.lowercased() {
                for b in String(c).utf8 { mix(b) }
                if c == "'" || c == "\u{2019}" || c == "-" { continue }
                guard let k = keyOf[c] else { return nil }
                append(k)
            }
        }
        return keys.count >= 2 ? hash : nil
    }

    /// `p` (panel pixels) in key units.
    func units(_ p: Point) -> Point { Point(x: p.x / pitchX, y: p.y / pitchY) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return max(1, sorted[sorted.count / 2])
    }
}
