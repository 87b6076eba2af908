/// User settings, from the config file and the command line.
public struct Settings: Sendable, Equatable {
    /// Enabled keyboards in globe order; nil: the system language's, then emoji.
    public var layouts: [String]?
    /// Milliseconds a key is held before its alternates open.
    public var longPress: UInt64 = 400
    /// Show a magnified bubble of the pressed key.
    public var keyPreview = true
    /// Milliseconds before a held key repeats, and repeats per second.
    public var repeatDelay: UInt64 = 600
    public var repeatRate: UInt64 = 25
    /// When sentences start with a capital by themselves.
    public var autoCapitalise = AutoCapitalise.field
    /// The suggestion strip; autocorrection on space; learning the user's words.
    public var suggestions = true
    public var autocorrect = true
    public var learn = true
    /// Glide typing: a slide across the letters types a word.
    public var glide = true
    /// The panel's height, strip included.
    public var height = PanelHeight.automatic
    /// A row of digits above the letters on keyboards without one.
    public var numberRow = false
    /// The panel's looks: `auto` (the desktop's colour scheme), a built-in theme's name
    /// (`light`, `dark`, `high-contrast`) or a theme file's path.
    public var theme = "auto"
    /// The tab on the screen's bottom edge that brings the hidden panel up.
    public var handle = HandleMode.auto
    /// Haptic and sound feedback on each key press through feedbackd, when it runs.
    public var feedback = true
    /// When the form toolbar shows (Previous, Next, Paste, Done).
    public var toolbar = ToolbarMode.auto
    /// The panel takes room of its own at the bottom (the compositor moves windows up by its
    /// height); off: it lies over the windows, which keep their size.
    public var exclusiveZone = true
    /// The last text items copied, in memory only, offered by a long press on Paste.
    public var clipboardHistory = true
    /// The strip offers an emoji for a word just typed ("pizza": 🍕).
    public var emojiSuggestions = false
    /// The keys narrowed to one edge from the start (`one-handed = off | left | right`), and
    /// the share of the width they take then, in percent.
    public var oneHanded = PanelMode.full
    public var oneHandedWidth = 80
    /// The panel floats from the start (`floating = on`; it wins over `one-handed`), and
    /// how wide it is then, in percent of the output's shorter side.
    public var floating = false
    public var floatingWidth = 65
    /// When the letter rows part in two halves at the panel's edges.
    public var split = SplitMode.auto

    public init() {}

    /// How the panel starts: floating, else one-handed as set, else full width.
    public var startMode: PanelMode { floating ? .floating : oneHanded }

    /// What `theme` takes besides a file's path.
    public static let themeNames = ["auto", "light", "dark", "high-contrast"]

    static let keys = [
        "layouts", "long-press", "key-preview", "repeat-delay", "repeat-rate", "auto-capitalise",
        "suggestions", "autocorrect", "learn", "glide", "toolbar", "height", "number-row", "theme", "handle",
        "feedback", "exclusive-zone", "clipboard-history", "emoji-suggestions", "one-handed", "one-handed-width", "floating",
        "floating-width", "split"
    ]

    /// Reads `key = value` lines (`#` starts a comment). Problems do not stop the
    /// keyboard: each comes back as a line naming the file and line, and is ignored.
    public static func parse(_ text: String, file: String) -> (Settings, [String]) {
        var s = Settings()
        let (lines, malformed) = KeyValueText.lines(text) {
            $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        }
        var problems = malformed.map { ($0, "expected \"setting = value\"") }
        for line in lines {
            if let problem = s.set(line.key, line.value) { problems.append((line.number, problem)) }
        }
        let warnings = problems.sorted { $0.0 < $1.0 }.map { "\(file):\($0.0): \($0.1); ignored" }
        return (s, warnings)
    }

    /// The settings that are on or off, by key.
    static var switches: [String: WritableKeyPath<Settings, Bool>] {
        [
            "key-preview": \.keyPreview, "suggestions": \.suggestions, "autocorrect": \.autocorrect, "learn": \.learn,
            "glide": \.glide, "number-row": \.numberRow, "feedback": \.feedback, "exclusive-zone": \.exclusiveZone,
            "clipboard-history": \.clipboardHistory, "emoji-suggestions": \.emojiSuggestions, "floating": \.floating
        ]
    }

    /// Sets one setting; returns what is wrong, if anything.
    public mutating func set(_ key: String, _ value: String) -> String? {
        func milliseconds(_ range: ClosedRange<UInt64>) -> UInt64? {
            guard let v = UInt64(value), range.contains(v) else { return nil }
            return v
        }
        if let field = Self.switches[key] {
            switch value {
            case "on", "true", "yes": self[keyPath: field] = true
            case "off", "false", "no": self[keyPath: field] = false
            default: return "\"\(key)\" wants on or off"
            }
            return nil
        }
        switch key {
        case "layouts":
            let names = value.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            guard !names.isEmpty else { return "\"layouts\" needs a list such as us, de, emoji" }
            layouts = names
        case "long-press":
            guard let v = milliseconds(100...2000) else { return "\"long-press\" wants milliseconds from 100 to 2000" }
            longPress = v
        case "height":
            guard let v = PanelHeight(value) else {
                return "\"height\" wants logical pixels from \(PanelHeight.pixelRange.lowerBound) to "
                    + "\(PanelHeight.pixelRange.upperBound) (260), a share of the screen from "
                    + "\(PanelHeight.percentRange.lowerBound)% to \(PanelHeight.percentRange.upperBound)% (38%), or auto"
            }
            height = v
        case "repeat-delay":
            guard let v = milliseconds(100...3000) else { return "\"repeat-delay\" wants milliseconds from 100 to 3000" }
            repeatDelay = v
        case "repeat-rate":
            guard let v = milliseconds(1...100) else { return "\"repeat-rate\" wants repeats per second from 1 to 100" }
            repeatRate = v
        case "auto-capitalise", "auto-capitalize":
            guard let v = AutoCapitalise(rawValue: value) else { return "\"auto-capitalise\" wants field, always or off" }
            autoCapitalise = v
        case "theme":
            guard Settings.themeNames.contains(value) || value.contains("/") else {
                return
                    "\"theme\" wants \(Settings.themeNames.joined(separator: ", ")) or a theme file's path (with a /), not \"\(value)\""
            }
            theme = value
        case "handle":
            guard let v = HandleMode(rawValue: value) else { return "\"handle\" wants auto, on or off" }
            handle = v
        case "one-handed":
            switch value {
            case "off": oneHanded = .full
            case "left": oneHanded = .oneHanded(.left)
            case "right": oneHanded = .oneHanded(.right)
            default: return "\"one-handed\" wants off, left or right"
            }
        case "one-handed-width":
            let number = value.hasSuffix("%") ? String(value.dropLast()) : value
            guard let v = Int(number), (50...95).contains(v) else {
                return "\"one-handed-width\" wants a share of the width from 50% to 95% (80%)"
            }
            oneHandedWidth = v
        case "floating-width":
            let number = value.hasSuffix("%") ? String(value.dropLast()) : value
            guard let v = Int(number), (40...100).contains(v) else {
                return "\"floating-width\" wants a share of the screen's shorter side from 40% to 100% (65%)"
            }
            floatingWidth = v
        case "split":
            guard let v = SplitMode(rawValue: value) else { return "\"split\" wants auto, on or off" }
            split = v
        case "toolbar":
            guard let v = ToolbarMode(rawValue: value) else { return "\"toolbar\" wants auto, always or off" }
            toolbar = v
        default:
            return "unknown setting \"\(key)\" (valid: \(Settings.keys.joined(separator: ", ")))"
        }
        return nil
    }
}

/// When the handle shows (while the panel is hidden).
public enum HandleMode: String, Sendable, Equatable {
    /// Shown, until the desktop (Phosh) shows and hides the panel over D-Bus.
    case auto
    case on
    case off
}

/// Keyboard names that may suit a locale (`de_CH.UTF-8` -> `ch`, then `de`), and the
/// language they must be tagged with; nil for the C locale. The caller checks the tag,
/// so that `fr_CH` does not get the Swiss German `ch`.
public func localeKeyboardCandidates(_ locale: String) -> (language: String, names: [String])? {
    let code = locale.split(separator: ".").first.map { $0.split(separator: "@").first ?? "" } ?? ""
    let parts = code.split(separator: "_")
    guard let language = parts.first?.lowercased(), !language.isEmpty, language != "c", language != "posix" else {
        return nil
    }
    var names: [String] = []
    if parts.count > 1 { names.append(parts[1].lowercased()) }
    names.append(language)
    return (language, names)
}

/// When sentences start with a capital by themselves.
public enum AutoCapitalise: String, Sendable, Equatable, CaseIterable {
    /// Where the field asks for it (text-input's auto_capitalization or titlecase hint),
    /// as text-input-v3 and Android mean it.
    case field
    /// In every prose field.
    case always
    case off
}
