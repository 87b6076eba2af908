/// Which keyboard is shown: the user's enabled keyboards, the text field's purpose,
/// and a choice made by hand in the current field.
public struct KeyboardSelection: Sendable, Equatable {
    /// Names of the enabled keyboards, in globe order.
    public private(set) var enabled: [String]
    /// Index into `enabled` of the keyboard ordinary fields get (the last one picked
    /// that is not emoji).
    public private(set) var languageIndex = 0
    /// The focused field's purpose.
    public private(set) var purpose: ContentPurpose = .normal
    /// A keyboard picked with the globe key in this field; it stands until the field changes.
    public private(set) var manual: String?

    public init(enabled: [String]) {
        precondition(!enabled.isEmpty, "at least one keyboard")
        self.enabled = enabled
    }

    /// The keyboard to show, and the purpose variant to apply to it (email, URL); `wide`:
    /// the output is wider than tall.
    public func shown(wide: Bool = false, isAvailable: (String) -> Bool) -> (name: String, variant: ContentPurpose?) {
        let variant: ContentPurpose? = purpose == .email || purpose == .url ? purpose : nil
        if let manual { return (manual, variant) }
        let language = enabled[languageIndex]
        if variant != nil { return (language, variant) }
        if let special = LayoutChoice.specials(for: purpose, wide: wide).first(where: isAvailable) {
            return (special, nil)
        }
        return (language, nil)
    }

    /// The keyboard to show, loaded and adapted: its wide layers on a wide panel, its
    /// email/URL variant where the field asks. The live panel and `tapboard geometry`
    /// both come through here.
    public func layout<E: Error>(
        wide: Bool, isAvailable: (String) -> Bool,
        load: (String) -> Result<Layout, E>
    ) -> Result<Layout, E> {
        let (name, variant) = shown(wide: wide, isAvailable: isAvailable)
        return load(name).map { loaded in
            let layout = loaded.forPanel(wide: wide)
            return variant.map { layout.variant(for: $0) } ?? layout
        }
    }

    /// A new field was focused, or the field's purpose changed: the purpose decides again.
    public mutating func fieldChanged(purpose: ContentPurpose) {
        self.purpose = purpose
        manual = nil
    }

    /// The globe key: the enabled keyboard after the one shown.
    public mutating func next(wide: Bool = false, isAvailable: (String) -> Bool) {
        let current = shown(wide: wide, isAvailable: isAvailable).name
        let index = enabled.firstIndex(of: current).map { ($0 + 1) % enabled.count } ?? languageIndex
        pick(enabled[index])
    }

    /// A keyboard picked by hand (from the globe key's list).
    public mutating func pick(_ name: String) {
        manual = name
        if let i = enabled.firstIndex(of: name), name != "emoji" { languageIndex = i }
    }
}
