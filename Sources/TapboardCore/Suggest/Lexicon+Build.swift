extension Lexicon {
    // MARK: Writing

    /// The bytes of a `.tbd` file holding `words` with their frequency classes, in the
    /// format `scripts/build-dictionaries` writes (the same bytes for the same list).
    /// A word given twice keeps its higher class; empty words, words over 255 bytes and
    /// words whose key is over 127 bytes are left out.
    public static func build(_ words: [(String, UInt8)], language: String) -> [UInt8] {
        let turkish = foldsTurkishI(language)
        var best: [String: UInt8] = [:]
        for (word, frequency) in words { best[word] = max(best[word] ?? 0, frequency) }
        var rows: [(key: [UInt8], word: [UInt8], frequency: UInt8)] = []
        for (word, frequency) in best {
            let w = Array(word.utf8)
            let k = Array(key(of: word, turkish: turkish).utf8)
            guard !w.isEmpty, w.count <= maxWordBytes, k.count <= maxKeyBytes else { continue }
            rows.append((k, w, frequency))
        }
        rows.sort { a, b in
            let order = compare(a.key, b.key)
            return order != 0 ? order < 0 : compare(a.word, b.word) < 0
        }

        let lang = Array(language.utf8.prefix(255))
        let headerSize = 17 + lang.count
        var body: [UInt8] = []
        var offsets: [UInt32] = []
        var previous: [UInt8] = []
        for (i, row) in rows.enumerated() {
            var shared = 0
            if i % blockSize == 0 {
                offsets.append(UInt32(headerSize + body.count))
            } else {
                while shared < min(row.key.count, previous.count), row.key[shared] == previous[shared] { shared += 1 }
            }
            let differs = row.word != row.key
            body.append(UInt8(shared))
            body.append(UInt8(row.key.count - shared) | (differs ? formFlag : 0))
            body += row.key[shared...]
            body.append(row.frequency)
            if differs {
                var tail = 0
                while tail < min(row.key.count, row.word.count),
                    row.key[row.key.count - 1 - tail] == row.word[row.word.count - 1 - tail]
                { tail += 1 }
                body.append(UInt8(row.key.count - tail))
                body.append(UInt8(row.word.count - tail))
                body += row.word[..<(row.word.count - tail)]
            }
            previous = row.key
        }
        while (headerSize + body.count) % 4 != 0 { body.append(0) }
        let indexOffset = headerSize + body.count

        var out = magic
        out.reserveCapacity(indexOffset + 4 * offsets.count)
        for v in [UInt32(rows.count), UInt32(offsets.count), UInt32(indexOffset)] { appendU32(&out, v) }
        out.append(UInt8(lang.count))
        out += lang
        out += body
        for o in offsets { appendU32(&out, o) }
        return out
    }
}
