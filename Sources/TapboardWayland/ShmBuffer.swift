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

/// Two buffers, so one can be drawn while the compositor reads the other.
public final class BufferPool {
    private var buffers: [ShmBuffer] = []
    let shm: OpaquePointer
    public init(shm: OpaquePointer) { self.shm = shm }

    /// A free buffer of this size (buffer pixels) and scale, or nil if both are busy.
    public func next(width: Int, height: Int, scale: Int) -> ShmBuffer? {
        buffers.removeAll { $0.width != width || $0.height != height || $0.scale != scale }
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard buffers.count < 2, let b = ShmBuffer(shm: shm, width: width, height: height, scale: scale) else { return nil }
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
