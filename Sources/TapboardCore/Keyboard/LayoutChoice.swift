/// Picks the keyboard for a text field from its content purpose.
public enum LayoutChoice {
    /// The special keyboards a purpose asks for, best first (the first one installed is
    /// shown), on a panel that is `wide` (an output wider than tall) or not.
    public static func specials(for purpose: ContentPurpose, wide: Bool = false) -> [String] {
        switch purpose {
        case .digits, .number: ["digits"]
        case .pin: ["pin"]
        case .phone: ["phone"]
        // A terminal on a landscape screen (a 2-in-1, a tablet with room) gets the full
        // desktop keyboard; the phone-sized terminal keyboard is the fallback.
        case .terminal: wide ? ["desktop", "terminal"] : ["terminal"]
        default: []  // email and URL fields get a variant of the language keyboard
        }
    }

    /// The special keyboard a purpose asks for first, if any.
    public static func special(for purpose: ContentPurpose, wide: Bool = false) -> String? {
        specials(for: purpose, wide: wide).first
    }
}
