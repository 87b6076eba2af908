/// Up to two buffers per size, so one can be drawn while the compositor reads the other;
/// the second only where the compositor keeps the first (sway 1.7 holds a buffer until
/// the next one comes; newer wlroots gives it back once copied). A buffer made beside
/// one that is already drawn starts as a copy of it, so only the keys changed since
/// need drawing (a copy costs far less than drawing a whole panel).
final class BufferPool {
    private struct Size: Equatable {
        let width, height, scale: Int
        init(_ width: Int, _ height: Int, _ scale: Int) { (self.width, self.height, self.scale) = (width, height, scale) }
        init(of b: DrawBuffer) { self.init(b.width, b.height, b.scale) }
    }

    private var buffers: [DrawBuffer] = []
    /// Sizes in use, the most recent first; buffers of other sizes are let go.
    private var recent: [Size] = []
    let shm: OpaquePointer
    /// How many sizes to keep buffers for (the key bubble's size varies with the key).
    let sizes: Int

    init(shm: OpaquePointer, sizes: Int = 1) {
        self.shm = shm
        self.sizes = max(1, sizes)
    }

    /// A free buffer of this size (buffer pixels) and scale, or nil if both are busy.
    func next(width: Int, height: Int, scale: Int) -> DrawBuffer? {
        let size = Size(width, height, scale)
        use(size)
        let same = buffers.filter { Size(of: $0) == size }
        if let free = same.first(where: { !$0.busy }) { return free }
        guard same.count < 2 else { return nil }
        return make(size, from: same.first)
    }

    /// The other buffer of `buffer`'s size, if there is one: what the panel showed a frame ago.
    func sibling(of buffer: DrawBuffer) -> DrawBuffer? {
        buffers.first { $0 !== buffer && Size(of: $0) == Size(of: buffer) }
    }

    /// Makes the second buffer of this size now, a copy of the first once that is
    /// drawn, so that the next frame need not: for idle time after a frame.
    func prepareSpare(width: Int, height: Int, scale: Int) {
        let size = Size(width, height, scale)
        let same = buffers.filter { Size(of: $0) == size }
        guard same.count == 1, same[0].stale.isDrawn else { return }
        _ = make(size, from: same[0])
    }

    /// Whether a drawn buffer of this size has no spare beside it yet and the compositor
    /// still holds it.
    func needsSpare(width: Int, height: Int, scale: Int) -> Bool {
        let same = buffers.filter { Size(of: $0) == Size(width, height, scale) }
        return same.count == 1 && same[0].stale.isDrawn && same[0].busy
    }

    private func use(_ size: Size) {
        guard recent.first != size else { return }
        recent.removeAll { $0 == size }
        recent.insert(size, at: 0)
        if recent.count > sizes { recent.removeLast(recent.count - sizes) }
        buffers.removeAll { b in !recent.contains(Size(of: b)) }
    }

    private func make(_ size: Size, from source: DrawBuffer?) -> DrawBuffer? {
        guard let b = DrawBuffer(shm: shm, width: size.width, height: size.height, scale: size.scale) else { return nil }
        if let source, source.stale.isDrawn { b.copy(source) }
        buffers.append(b)
        return b
    }

    /// Marks keys as changed in every buffer (nil: everything).
    func invalidate(_ keys: [Int]?) {
        for b in buffers { b.stale.add(keys) }
    }
}
