/// The suggestion strip: whether it shows in this field with this keyboard, what it
/// holds, whether the text moved on since it was worked out. A strip that does not show
/// holds nothing.
struct ShownStrip {
    /// The strip shows (decided on focus and keyboard change).
    private(set) var shows = false
    /// What the strip holds now; empty while it does not show.
    private(set) var strip = Strip.empty
    /// The text changed since the strip was worked out (`Controller.settle()` catches up).
    private(set) var stale = false

    /// The strip comes or goes; gone, it holds nothing.
    mutating func show(_ shows: Bool) {
        self.shows = shows
        if !shows { strip = .empty }
    }

    /// The strip is to follow the text: it is worked out once the text has gone out
    /// (the strip must not delay a letter).
    mutating func markStale() { stale = true }

    /// Whether the strip is to be worked out now; it counts as worked out from here.
    mutating func catchUp() -> Bool {
        defer { stale = false }
        return stale
    }

    /// The strip worked out for the text; returns whether it changed. Ignored while it does not show.
    mutating func update(_ new: Strip) -> Bool {
        guard shows, new != strip else { return false }
        strip = new
        return true
    }

    /// A new field, or focus gone: nothing to suggest until the strip is worked out again.
    mutating func clear() { strip = .empty }
}
