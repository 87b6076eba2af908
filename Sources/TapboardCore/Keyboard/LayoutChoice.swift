/// Picks the keyboard for a text field from its content purpose.
public enum LayoutChoice {
    /// The special keyboard a purpose asks for, if any.
    public static func special(for purpose: ContentPurpose) -> String? {
        switch purpose {
        case .digits, .number: "digits"
        case .pin: "pin"
        case .phone: "phone"
        case .terminal: "terminal"
        default: nil  // email and URL fields get a variant of the language keyboard
        }
    }
}
