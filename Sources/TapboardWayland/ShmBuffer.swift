import CWayland
import Glibc
import TapboardRender

/// A wl_buffer in shared memory, with the Canvas that draws into it.
public final class ShmBuffer {
    let buffer: OpaquePointer
    let memory: UnsafeMutableRawPointer
    let size: Int
    public let width: Int
    public let height: Int
    public let canvas: Canvas
    /// Held by the compositor until it sends `release`.
    public private(set) var busy = false
    private var listener: Listener<wl_buffer_listener>!
    /// Keys that changed since this buffer was last drawn; nil: draw everything.
    public var staleKeys: Set<Int>? = nil

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
        guard let canvas = Canvas(pixels: map, width: width, height: height, stride: stride, scale: scale) else {
            munmap(map, size)
            return nil
        }
        memory = map
        self.width = width
        self.height = height
        self.canvas = canvas
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride),
                                           WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        listener = Listener(wl_buffer_listener(release: { data, _ in owner(data, as: ShmBuffer.self).busy = false }))
        wl_buffer_add_listener(buffer, listener.pointer, opaque(self))
    }

    deinit {
        wl_buffer_destroy(buffer)
        munmap(memory, size)
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

    /// A free buffer of this size, or nil if both are busy.
    public func next(width: Int, height: Int, scale: Int) -> ShmBuffer? {
        buffers.removeAll { $0.width != width || $0.height != height }
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
