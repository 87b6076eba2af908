/// The text field's state as zwp_input_method_v2 reports it.
public struct TextFieldState: Sendable, Equatable {
    public var active = false
    /// Text around the cursor, if the client reports it; offsets are UTF-8 bytes.
    public var surrounding: SurroundingText?
    public var purpose: ContentPurpose = .normal
    public var hints: ContentHints = []
    /// What made this report: the input method's own text, or something else (a tap in
    /// the field, the application); input-method-unstable-v2's `text_change_cause`.
    public var cause: TextChangeCause = .inputMethod
    public init() {}
}

/// Why the field's state changed, by text-input-v3 wire value.
public enum TextChangeCause: UInt32, Sendable {
    /// Text the input method sent (the protocol's initial value).
    case inputMethod = 0
    /// Anything else: the user touched or clicked the field, moved the cursor, or the
    /// application changed the text.
    case other = 1
}

public struct SurroundingText: Sendable, Equatable {
    public var text: String
    /// Byte offset of the cursor in `text`.
    public var cursor: Int
    /// Byte offset of the selection's other end; equal to `cursor` without a selection.
    public var anchor: Int
    public init(text: String, cursor: Int, anchor: Int) {
        self.text = text
        self.cursor = cursor
        self.anchor = anchor
    }
}

/// text-input-v3 content purposes, by wire value.
public enum ContentPurpose: UInt32, Sendable, CaseIterable {
    case normal = 0
    case alpha, digits, number, phone, url, email, name, password, pin, date, time, datetime, terminal

    public var name: String { String(describing: self) }
}

/// text-input-v3 content hints, by wire bit.
public struct ContentHints: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let completion = ContentHints(rawValue: 0x1)
    public static let spellcheck = ContentHints(rawValue: 0x2)
    public static let autoCapitalization = ContentHints(rawValue: 0x4)
    public static let lowercase = ContentHints(rawValue: 0x8)
    public static let uppercase = ContentHints(rawValue: 0x10)
    public static let titlecase = ContentHints(rawValue: 0x20)
    public static let hiddenText = ContentHints(rawValue: 0x40)
    public static let sensitiveData = ContentHints(rawValue: 0x80)
    public static let latin = ContentHints(rawValue: 0x100)
    public static let multiline = ContentHints(rawValue: 0x200)
}

/// Double-buffered input-method state: events fill `pending`, `done` makes it
/// `current` and counts toward the serial that `commit` must carry. After each
/// `done` the pending surrounding text and content type start fresh (no text,
/// normal purpose, no hints), as input-method-unstable-v2 says; activation persists.
public struct InputMethodState: Sendable {
    public private(set) var pending = TextFieldState()
    public private(set) var current = TextFieldState()
    /// Number of `done` events received: the serial for the next `commit`.
    public private(set) var serial: UInt32 = 0
    /// The compositor said another input method holds the seat; the object is inert.
    public private(set) var unavailable = false

    public init() {}

    /// What a `done` changed, for the caller to act on.
    public enum Change: Sendable, Equatable {
        case none, activated, deactivated, updated
    }

    public mutating func activate() {
        // activate resets the pending state: the new field tells its own story.
        pending = TextFieldState()
        pending.active = true
    }

    public mutating func deactivate() { pending.active = false }

    public mutating func setSurrounding(text: String, cursor: UInt32, anchor: UInt32) {
        pending.surrounding = SurroundingText(text: text, cursor: Int(cursor), anchor: Int(anchor))
    }

    public mutating func setChangeCause(_ cause: UInt32) {
        pending.cause = TextChangeCause(rawValue: cause) ?? .other
    }

    public mutating func setContentType(hints: UInt32, purpose: UInt32) {
        pending.hints = ContentHints(rawValue: hints)
        pending.purpose = ContentPurpose(rawValue: purpose) ?? .normal
    }

    /// The content type in the core's terms (a protocol with other numbers maps it first).
    public mutating func setContentType(_ hints: ContentHints, _ purpose: ContentPurpose) {
        pending.hints = hints
        pending.purpose = purpose
    }

    public mutating func markUnavailable() {
        unavailable = true
        pending = TextFieldState()
        current = TextFieldState()
    }

    @discardableResult
    public mutating func done() -> Change {
        serial &+= 1
        let was = current.active
        current = pending
        pending = TextFieldState()
        pending.active = current.active
        switch (was, current.active) {
        case (false, true): return .activated
        case (true, false): return .deactivated
        case (true, true): return .updated
        case (false, false): return .none
        }
    }
}

extension ContentPurpose {
    /// A purpose as text-input-unstable-v1 numbers it (what input-method-unstable-v1's
    /// `content_type` carries): the same as text-input-v3 up to `password`; v1 has no `pin`,
    /// so its date, time, datetime and terminal are one lower. Unknown values: normal.
    public init(textInputV1 value: UInt32) {
        switch value {
        case 0...8: self = ContentPurpose(rawValue: value) ?? .normal
        case 9: self = .date
        case 10: self = .time
        case 11: self = .datetime
        case 12: self = .terminal
        default: self = .normal
        }
    }
}

extension ContentHints {
    /// Hints as text-input-unstable-v1 numbers them: the same bits as text-input-v3 (v1's
    /// `auto_correction` is v3's `spellcheck`, `default` is completion, correction and
    /// capitalisation together); unknown bits are dropped.
    public init(textInputV1 value: UInt32) {
        self.init(rawValue: value & 0x3FF)
    }
}
