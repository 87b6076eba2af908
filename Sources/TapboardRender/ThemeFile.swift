import TapboardCore

/// Theme files: `key = value` lines, `#` at the start of a line (or after a space
/// following the value) begins a comment. Colours are `#rrggbb` or `#rrggbbaa`.
/// Every line applies on top of `base` (dark unless the file names another built-in);
/// a line that cannot be used is reported and skipped, the rest still applies.
public enum ThemeFile {
    /// The settings a theme file may hold, in the order the documentation lists them.
    public static let keys = [
        "base", "background", "key", "special-key", "pressed-key", "accent-key", "label",
        "secondary-label", "accent-label", "pressed-label", "popup", "border",
        "border-width", "radius", "gap", "font", "label-size"
    ]

    /// The theme `text` describes, and a line naming `file` and the line for each problem.
    public static func parse(_ text: String, file: String) -> (Theme, [String]) {
        let (lines, malformed) = KeyValueText.lines(text) { $0.trimmingSpaces.hasPrefix("#") ? "" : $0 }
        var problems = malformed.map { (line: $0, text: "expected \"setting = value\"") }
        // The base comes first wherever it is written, so that the other lines change it.
        var theme = Theme.dark
        for line in lines where line.key == "base" {
            let value = withoutComment(line.value)
            if let base = Theme.named(value) {
                theme = base
            } else {
                let names = Theme.builtIn.map(\.name).joined(separator: ", ")
                problems.append((line.number, "\"base\" wants one of \(names), not \"\(value)\""))
            }
        }
        for line in lines where line.key != "base" {
            if let problem = theme.set(line.key, withoutComment(line.value)) {
                problems.append((line.number, problem))
            }
        }
        let warnings = problems.sorted { $0.line < $1.line }.map { "\(file):\($0.line): \($0.text); ignored" }
        return (theme, warnings)
    }

    /// `#rrggbb` or `#rrggbbaa`.
    public static func color(_ s: String) -> Color? {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9,
            let v = UInt32(s.dropFirst(), radix: 16), !s.dropFirst().contains(where: { $0 == "+" || $0 == "-" })
        else {
            return nil
        }
        return s.count == 7 ? Color(v) : Color(v >> 8, alpha: Double(v & 0xff) / 255)
    }

    /// The value without a trailing ` # comment`.
    private static func withoutComment(_ value: String) -> String {
        var previous: Character = "x"
        for i in value.indices {
            if value[i] == "#", previous == " " || previous == "\t" { return value[..<i].trimmingSpaces }
            previous = value[i]
        }
        return value
    }
}

extension Theme {
    /// The theme's colours, by key.
    static var colors: [String: WritableKeyPath<Theme, Color>] {
        [
            "background": \.background, "key": \.key, "special-key": \.specialKey, "pressed-key": \.pressedKey,
            "accent-key": \.accentKey, "label": \.label, "secondary-label": \.secondaryLabel, "accent-label": \.accentLabel,
            "pressed-label": \.pressedLabel, "popup": \.popup, "border": \.border
        ]
    }

    /// Sets one theme setting from its text; returns what is wrong, if anything.
    mutating func set(_ key: String, _ value: String) -> String? {
        let ranges: [String: (set: (inout Theme, Double) -> Void, range: ClosedRange<Double>, what: String)] = [
            "border-width": ({ $0.borderWidth = $1 }, 0...8, "logical pixels"),
            "gap": ({ $0.gap = $1 }, 0...24, "logical pixels"),
            "radius": ({ $0.cornerRadius = $1 }, 0...0.5, "a share of the key's shorter side"),
            "label-size": ({ $0.labelSize = $1 }, 0.2...0.8, "a share of the key height")
        ]
        if let (apply, range, what) = ranges[key] {
            guard let v = Double(value), range.contains(v) else {
                return "\"\(key)\" wants \(what) from \(range.lowerBound) to \(range.upperBound), not \"\(value)\""
            }
            apply(&self, v)
            return nil
        }
        if let field = Self.colors[key] {
            guard let c = ThemeFile.color(value) else {
                return "\"\(key)\" wants a colour as #rrggbb or #rrggbbaa, not \"\(value)\""
            }
            self[keyPath: field] = c
            return nil
        }
        switch key {
        case "font":
            let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
            let font = quoted ? String(value.dropFirst().dropLast()) : value
            guard !font.isEmpty else { return "\"font\" wants a font such as Sans or \"Cantarell Bold\"" }
            fontFamily = font
        default:
            return "unknown setting \"\(key)\" (valid: \(ThemeFile.keys.joined(separator: ", ")))"
        }
        return nil
    }
}
