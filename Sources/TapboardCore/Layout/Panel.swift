/// What a key does after its own action (panel keys: a picked item closes the picker).
public enum AfterTap: String, Sendable, Equatable, CaseIterable {
    /// Nothing more: the panel stays (the default).
    case stay
    /// Back to the keyboard shown before the panel.
    case back
    /// Hide the panel; the next time it shows, it shows that keyboard.
    case hide
}

/// Something a layout file names outside itself: an image beside it, or another layout.
public struct LayoutReference: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `path` is the image file (the layout's folder joined with the name written).
        case image
        /// `name` is a layout opened by an `open` key.
        case layout
    }
    public var kind: Kind
    /// What the file wrote.
    public var name: String
    /// For images: where the file is looked for.
    public var path: String
    /// Where the file names it.
    public var position: SourcePosition
}

extension Layout {
    /// The folder of the file at `path` ("." for a bare name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
