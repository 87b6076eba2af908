/// The `setting = value` lines of the settings and theme files.
public enum KeyValueText {
    /// One `setting = value` line, numbered from 1, both sides trimmed.
    public struct Line: Sendable, Equatable {
        public let number: Int
        public let key: String
        public let value: String
    }

    /// The lines of `text` that set something, and the numbers of the non-blank lines without
    /// an `=`. `uncommented` gives a line without its comment (the files differ: a theme's
    /// colours start with `#`). Lines end at each LF scalar: split on Characters, CR LF
    /// would be one character.
    public static func lines(_ text: String, uncommented: (Substring) -> Substring) -> (lines: [Line], malformed: [Int]) {
        var lines: [Line] = []
        var malformed: [Int] = []
        for (n, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = uncommented(Substring(scalars)).trimmingSpaces
            if line.isEmpty { continue }
            guard let eq = line.firstIndex(of: "=") else {
                malformed.append(n + 1)
                continue
            }
            lines.append(
                Line(
                    number: n + 1, key: line[..<eq].trimmingSpaces,
                    value: line[line.index(after: eq)...].trimmingSpaces))
        }
        return (lines, malformed)
    }
}

extension StringProtocol {
    /// Without spaces, tabs and carriage returns at either end.
    public var trimmingSpaces: String {
        String(
            drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
