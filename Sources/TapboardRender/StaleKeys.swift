/// What a buffer's pixels lack: the keys that changed since the panel was last drawn
/// into it. Each buffer keeps its own, as the compositor may still show the other.
public struct StaleKeys: Equatable, Sendable {
    /// The keys to draw again, in ascending order, each once; nil: the whole panel (never
    /// drawn here, or all changed).
    public private(set) var keys: [Int]?

    /// A buffer nothing was drawn into yet.
    public init() { keys = nil }

    /// Whether a whole panel is in the pixels, so only `keys` need drawing.
    public var isDrawn: Bool { keys != nil }

    /// Keys changed (nil: everything did); a buffer with nothing drawn still needs everything.
    public mutating func add(_ changed: [Int]?) {
        guard let changed else {
            keys = nil
            return
        }
        // A tap changes a few keys: a sorted array takes them without hashing or growing a set.
        for key in changed where keys != nil {
            let at = keys!.firstIndex { $0 >= key } ?? keys!.count
            if at == keys!.count || keys![at] != key { keys!.insert(key, at: at) }
        }
    }

    /// The panel was drawn into the buffer: nothing is stale (the keys' room is kept).
    public mutating func drawn() {
        if keys == nil { keys = [] } else { keys!.removeAll(keepingCapacity: true) }
    }
}
