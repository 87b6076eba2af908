import CWayland
import Glibc

/// A wl_buffer in shared memory: ARGB8888 pixels, premultiplied, for a renderer to
/// draw into (TapboardWayland itself draws nothing).
public final class ShmBuffer {
    let buffer: OpaquePointer
    /// The pixels: `height` rows of `stride` bytes.
    public let pixels: UnsafeMutableRawPointer
    let size: Int
    /// Size in buffer pixels.
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    /// The buffer scale it was made for (pixels per logical pixel).
    public let scale: Int
    /// Held by the compositor until it sends `release`.
    public private(set) var busy = false
    private var listener: Listener<wl_buffer_listener>!
    /// Keys that changed since this buffer was last drawn; nil: draw everything.
    public var staleKeys: Set<Int>? = nil
    /// Whatever the renderer keeps with these pixels (its drawing context), made once.
    public var drawingContext: AnyObject?

    /// A zero-filled (fully transparent) buffer.
    init?(shm: OpaquePointer, width: Int, height: Int, scale: Int) {
        let stride = width * 4
        size = stride * height
        let fd = memfd_create("tapboard-buffer", UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0,
              let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            return nil
        }
        pixels = map
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride),
                                           WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        listener = Listener(wl_buffer_listener(release: { data, _ in owner(data, as: ShmBuffer.self).busy = false }))
        wl_buffer_add_listener(buffer, listener.pointer, opaque(self))
    }

    deinit {
        drawingContext = nil  // it may point into the pixels
        wl_buffer_destroy(buffer)
        munmap(pixels, size)
    }

    func attach(to surface: OpaquePointer) {
        busy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }
}

/// Attaches `buffer` to `surface`, damages `damage` (logical rectangles; nil: all)
/// and commits. The buffer scale is double-buffered state: `appliedScale` remembers
/// the surface's, so it is sent only when it changes.
func show(_ buffer: ShmBuffer, on surface: OpaquePointer, scale: Int, appliedScale: inout Int32,
          damage: [(Int, Int, Int, Int)]? = nil) {
    buffer.attach(to: surface)
    if Int32(scale) != appliedScale {
        appliedScale = Int32(scale)
        wl_surface_set_buffer_scale(surface, appliedScale)
    }
    if let damage {
        for (x, y, w, h) in damage {
            wl_surface_damage_buffer(surface, Int32(x * scale), Int32(y * scale), Int32(w * scale), Int32(h * scale))
        }
    } else {
        wl_surface_damage_buffer(surface, 0, 0, Int32.max, Int32.max)
    }
    wl_surface_commit(surface)
}

/// Up to two buffers per size, so one can be drawn while the compositor reads the other;
/// the second only where the compositor keeps the first (sway 1.7 holds a buffer until
/// the next one comes; newer wlroots gives it back once copied). A buffer made beside
/// one that is already drawn starts as a copy of it, so only the keys changed since
/// need drawing (a copy costs far less than drawing a whole panel).
public final class BufferPool {
    private struct Size: Equatable {
        let width, height, scale: Int
        init(_ width: Int, _ height: Int, _ scale: Int) { (self.width, self.height, self.scale) = (width, height, scale) }
        init(of b: ShmBuffer) { self.init(b.width, b.height, b.scale) }
    }

    private var buffers: [ShmBuffer] = []
    /// Sizes in use, the most recent first; buffers of other sizes are let go.
    private var recent: [Size] = []
    let shm: OpaquePointer
    /// How many sizes to keep buffers for (the key bubble's size varies with the key).
    let sizes: Int

    public init(shm: OpaquePointer, sizes: Int = 1) {
        self.shm = shm
        self.sizes = max(1, sizes)
    }

    /// A free buffer of this size (buffer pixels) and scale, or nil if both are busy.
    public func next(width: Int, height: Int, scale: Int) -> ShmBuffer? {
        let size = Size(width, height, scale)
        use(size)
        let same = buffers.filter { Size(of: $0) == size }
        if let free = same.first(where: { !$0.busy }) { return free }
        guard same.count < 2 else { return nil }
        return make(size, from: same.first)
    }

    /// Makes the second buffer of this size now, a copy of the first once that is
    /// drawn, so that the next frame need not: for idle time after a frame.
    public func prepareSpare(width: Int, height: Int, scale: Int) {
        let size = Size(width, height, scale)
        let same = buffers.filter { Size(of: $0) == size }
        guard same.count == 1, same[0].staleKeys != nil else { return }
        _ = make(size, from: same[0])
    }

    /// Whether a drawn buffer of this size has no spare beside it yet and the compositor
    /// still holds it.
    public func needsSpare(width: Int, height: Int, scale: Int) -> Bool {
        let same = buffers.filter { Size(of: $0) == Size(width, height, scale) }
        return same.count == 1 && same[0].staleKeys != nil && same[0].busy
    }

    private func use(_ size: Size) {
        guard recent.first != size else { return }
        recent.removeAll { $0 == size }
        recent.insert(size, at: 0)
        if recent.count > sizes { recent.removeLast(recent.count - sizes) }
        buffers.removeAll { b in !recent.contains(Size(of: b)) }
    }

    private func make(_ size: Size, from source: ShmBuffer?) -> ShmBuffer? {
        guard let b = ShmBuffer(shm: shm, width: size.width, height: size.height, scale: size.scale) else { return nil }
        if let source, source.staleKeys != nil {
            b.pixels.copyMemory(from: source.pixels, byteCount: b.size)
            b.staleKeys = source.staleKeys
        }
        buffers.append(b)
        return b
    }

    /// Marks keys as changed in every buffer (nil: everything).
    public func invalidate(_ keys: [Int]?) {
        for b in buffers {
            if let keys, b.staleKeys != nil { b.staleKeys!.formUnion(keys) } else if keys == nil { b.staleKeys = nil }
        }
    }
}
