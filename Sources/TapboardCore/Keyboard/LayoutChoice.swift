/// Picks the keyboard for a text field from its content purpose.
public enum LayoutChoice {
    /// The special keyboard a purpose asks for, if any.
    public static func special(for purpose: ContentPurpose) -> String? {
        switch purpose {
        case .digits, .number: "digits"
        case .pin: "pin"
        case .phone: "phone"
        case .terminal: "terminal"
        case .email: "email"
        case .url: "url"
        default: nil
        }
    }

    /// The keyboard to show: the purpose's special keyboard when one is installed,
    /// otherwise the user's current keyboard.
    public static func layoutName(for purpose: ContentPurpose, current: String,
                                  isAvailable: (String) -> Bool) -> String {
        if let name = special(for: purpose), isAvailable(name) { return name }
        return current
    }
}
