/// What the focused field lets the keyboard do with what is typed in it, decided here and
/// nowhere else: from its content type (purpose and hints) and from what it has shown of
/// its text (`FieldPrivacy`: Firefox's password fields say nothing, but mask their text).
/// The user's settings come on top, where each feature is asked.
public struct FieldAllows: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Its text may be seen: magnified key previews, clipboard history.
    public static let showing = FieldAllows(rawValue: 1 << 0)
    /// The strip's suggestions and glide: prose, not secret.
    public static let suggestions = FieldAllows(rawValue: 1 << 1)
    /// Words typed may be kept: learned words, an engine's user data. Prose that is no
    /// address (email, URL).
    public static let learning = FieldAllows(rawValue: 1 << 2)
    /// Typed words may be corrected: not addresses, not names.
    public static let correction = FieldAllows(rawValue: 1 << 3)

    /// What a field of this content type allows, before it has shown any of its text.
    public init(_ field: TextFieldState) {
        self.init(field, FieldPrivacy())
    }

    init(_ field: TextFieldState, _ privacy: FieldPrivacy) {
        var allows: FieldAllows = []
        let secret = Self.isSecret(field) || privacy.hidesText
        if !secret { allows.insert(.showing) }
        switch field.purpose {
        case .normal, .alpha, .name, .email, .url:
            if !secret { allows.insert(.suggestions) }
        default: break
        }
        if allows.contains(.suggestions), ![.email, .url].contains(field.purpose) { allows.insert(.learning) }
        if ![.email, .url, .name].contains(field.purpose) { allows.insert(.correction) }
        self = allows
    }

    /// A field whose content type says it is secret: password, PIN, hidden or sensitive text.
    static func isSecret(_ f: TextFieldState) -> Bool {
        f.purpose == .password || f.purpose == .pin || f.hints.contains(.hiddenText)
            || f.hints.contains(.sensitiveData)
    }
}
