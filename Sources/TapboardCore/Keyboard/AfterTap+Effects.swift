extension AfterTap {
    /// The keyboard's effects for it.
    var effects: [Effect] {
        switch self {
        case .stay: []
        case .back: [.back]
        case .hide: [.back, .hide]
        }
    }
}
