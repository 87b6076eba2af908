/// A keyboard: metadata and one or more layers of rows of keys.
public struct Layout: Sendable, Equatable {
    /// Short name used on the command line and in the config (`us`, `de`, `pin`).
    public var name: String
    /// Name shown to the user (`English (US)`).
    public var displayName: String
    /// BCP 47 language tag, empty for language-neutral keyboards.
    public var language: String
    public var direction: TextDirection
    /// The first layer is the one shown when the keyboard is selected.
    public var layers: [Layer]
    /// Layers for wide (landscape) panels, same names; empty: use `layers` everywhere.
    public var wideLayers: [Layer] = []
    /// How keys combine: dead keys and compose sequences, or Telex; nil: each key types its text.
    public var compose: ComposeRules?
    /// A panel (a picker, snippets) rather than a keyboard: listed by the globe key's long
    /// press, never in its tap cycle.
    public var isPanel = false
    /// Images and other layouts the file names, where it names them (for `tapboard check`).
    public var references: [LayoutReference] = []

    public init(
        name: String, displayName: String, language: String = "",
        direction: TextDirection = .leftToRight, layers: [Layer]
    ) {
        self.name = name
        self.displayName = displayName
        self.language = language
        self.direction = direction
        self.layers = layers
    }

    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }

    /// A panel with a key of its own to end it (a `back` key: the picker's "Done").
    public var hasDoneKey: Bool {
        isPanel && (layers + wideLayers).contains { $0.rows.contains { $0.contains { $0.action == .back } } }
    }

    /// The layer to show on a panel of this shape.
    public func layer(named name: String, wide: Bool) -> Layer? {
        if wide, let l = wideLayers.first(where: { $0.name == name }) { return l }
        return layer(named: name)
    }
}

public enum TextDirection: String, Sendable, Equatable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

public struct Layer: Sendable, Equatable {
    public var name: String
    /// Rows from top to bottom; spacers are keys with the `.spacer` action.
    public var rows: [[Key]]
    /// Relative row heights, one per row; empty: all rows equally tall.
    public var rowHeights: [Double] = []

    public init(name: String, rows: [[Key]]) {
        self.name = name
        self.rows = rows
    }
}

public struct Key: Sendable, Equatable {
    public var label: String
    public var action: KeyAction
    /// Relative width: 1 is a letter key.
    public var width: Double
    /// Text typed while shift is on (text keys); nil: the upper case of `text`.
    public var shifted: String?
    /// Long-press alternates, in the order shown.
    public var alternates: [String]
    /// A drawn symbol instead of the label.
    public var icon: Icon?
    /// Layer keys: the layer lasts for one character, then the previous one returns
    /// (shift pages of Thai, Hindi, Arabic).
    public var once = false
    /// A picture drawn on the key (a path: the layout's folder joined with the file's name).
    public var image: String?
    /// Shift and auto-capitalisation leave the text as written.
    public var keepsCase = false
    /// What happens after the key is tapped: nothing more, back to the keyboard, hide.
    public var then = AfterTap.stay

    public init(
        label: String, action: KeyAction, width: Double = 1, shifted: String? = nil,
        alternates: [String] = [], icon: Icon? = nil
    ) {
        self.label = label
        self.action = action
        self.width = width
        self.shifted = shifted
        self.alternates = alternates
        self.icon = icon
    }

    /// A plain text key whose label is its text.
    public static func text(_ text: String, width: Double = 1) -> Key {
        Key(label: text, action: .text(text), width: width)
    }

    /// The letter the key types, when it types one letter (where glide strokes start, and
    /// what the error model and the glide decoder place).
    public var letter: Character? {
        guard case .text(let t) = action, t.count == 1, let c = t.first, c.isLetter else { return nil }
        return c
    }

    /// What a text key types with or without shift. Without a `shifted` text, shift
    /// capitalises one letter only: a snippet ("lol", ".com") stays as written, and
    /// so does a letter whose capital is longer (ß).
    public func text(shifted isShifted: Bool) -> String? {
        guard case .text(let text) = action else { return nil }
        guard isShifted, !keepsCase else { return text }
        if let shifted { return shifted }
        guard text.count == 1 else { return text }
        let upper = text.uppercased()
        return upper.count == 1 ? upper : text
    }
}

/// What a key of the candidates panel, or at the end of the strip's candidate row, does.
public enum CandidatesMove: String, Sendable, Equatable {
    case open, close, previous, next
    /// The row's next candidates (▸).
    case rowNext = "row-next"
    /// The row's first candidates again (◂, on its last page).
    case rowFirst = "row-first"
    /// The segment being chosen one character shorter (◀, Japanese).
    case segmentShorter = "segment-shorter"
    /// The segment being chosen one character longer (▶).
    case segmentLonger = "segment-longer"
}

/// What a key does when tapped.
public enum KeyAction: Sendable, Equatable {
    case text(String)
    case backspace
    case shift
    /// Switch to the named layer of the same layout.
    case layer(String)
    case nextKeyboard
    case `return`
    case space
    /// A key event by xkb keysym name (`Left`, `Tab`, `Escape`), with modifiers held.
    case keysym(String, modifiers: Modifiers)
    case hide
    /// A sticky modifier for the next key (terminal Ctrl, Alt).
    case modifier(Modifiers)
    /// Empty room in a row; its width goes to the neighbouring keys' touch areas.
    case spacer
    /// A slot of the suggestion strip (0 left, 1 middle, 2 right); not in layout files.
    case suggestion(Int)
    /// A button of the form toolbar; not in layout files.
    case toolbar(ToolbarButton)
    /// Show the named layout (a panel); `back` returns to the keyboard shown before it.
    case open(String)
    /// Back to the keyboard shown before the panel.
    case back
    /// An engine's candidate (its rank) on the candidates panel; not in layout files.
    case candidate(Int)
    /// Opens, closes or pages the candidates panel; not in layout files.
    case candidates(CandidatesMove)
    /// The clipboard history: `clipboard` in layout files opens its panel; the panel's
    /// own keys paste an item or clear it all.
    case clipboard(ClipboardAction)
    /// A button beside one-handed keys (to the other edge, full width); not in layout files.
    case hands(HandsMove)
    /// The band a floating panel is dragged by; not in layout files.
    case grip

    /// The name used in layout files and in `tapboard geometry`.
    public var name: String {
        switch self {
        case .text: "text"
        case .backspace: "backspace"
        case .shift: "shift"
        case .layer: "layer"
        case .nextKeyboard: "next-keyboard"
        case .return: "return"
        case .space: "space"
        case .keysym: "keysym"
        case .hide: "hide"
        case .modifier: "modifier"
        case .spacer: "spacer"
        case .suggestion: "suggestion"
        case .toolbar(let button): button.rawValue
        case .open: "open"
        case .back: "back"
        case .candidate: "candidate"
        case .candidates(let move): "candidates-\(move.rawValue)"
        case .clipboard(.open): "clipboard"
        case .clipboard(.paste): "clipboard-item"
        case .clipboard(.clear): "clipboard-clear"
        case .hands(let move): move.rawValue
        case .grip: "grip"
        }
    }
}

/// Symbols drawn as vector paths (no font needed).
public enum Icon: String, Sendable, Equatable, CaseIterable {
    case shift, backspace, `return`, globe, hide, left, right, up, down, tab
}

/// Keyboard modifiers, as a set of bits.
public struct Modifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
    public static let logo = Modifiers(rawValue: 8)

    public static let names: [(String, Modifiers)] = [
        ("shift", .shift), ("ctrl", .ctrl), ("alt", .alt), ("logo", .logo)
    ]
}
