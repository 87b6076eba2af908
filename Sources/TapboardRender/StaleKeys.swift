/// What a buffer's pixels lack: the keys that changed since the panel was last drawn
/// into it. Each buffer keeps its own, as the compositor may still show the other.
public struct StaleKeys: Equatable, Sendable {
    /// The keys to draw again; nil: the whole panel (never drawn here, or all changed).
    public private(set) var keys: Set<Int>?

    /// A buffer nothing was drawn into yet.
    public init() { keys = nil }

    /// Whether a whole panel is in the pixels, so only `keys` need drawing.
    public var isDrawn: Bool { keys != nil }

    /// Keys changed (nil: everything did); a buffer with nothing drawn still needs everything.
    public mutating func add(_ changed: [Int]?) {
        if let changed { keys?.formUnion(changed) } else { keys = nil }
    }

    /// The panel was drawn into the buffer: nothing is stale.
    public mutating func drawn() { keys = [] }
}
