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

    /// A zero-filled (fully transparent) buffer of `width` × `height` buffer pixels on `shm`
    /// (`Display.shm`); nil if the memory cannot be had.
    public init?(shm: OpaquePointer, width: Int, height: Int, scale: Int) {
        let stride = width * 4
        size = stride * height
        let fd = memfd_create("tapboard-buffer", UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard ftruncate(fd, off_t(size)) == 0,
            let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED
        else {
            return nil
        }
        pixels = map
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        let pool = wl_shm_create_pool(shm, fd, Int32(size))
        buffer = wl_shm_pool_create_buffer(
            pool, 0, Int32(width), Int32(height), Int32(stride),
            WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)
        // wl_buffer has one event, release (opcode 0).
        dispatchEvents(of: buffer, to: self) { owner, _, _, _, _ in
            dispatchOwner(owner, as: ShmBuffer.self).busy = false
            return 0
        }
    }

    deinit {
        wl_buffer_destroy(buffer)
        munmap(pixels, size)
    }

    /// Copies `source`'s pixels into this buffer; both must be of one size.
    public func copyPixels(from source: ShmBuffer) {
        precondition(source.size == size && source.stride == stride, "buffers of different sizes")
        pixels.copyMemory(from: source.pixels, byteCount: size)
    }

    func attach(to surface: OpaquePointer) {
        busy = true
        wl_surface_attach(surface, buffer, 0, 0)
    }
}

/// Attaches `buffer` to `surface`, damages `damage` (logical rectangles; nil: all)
/// and commits. The buffer scale is double-buffered state: `appliedScale` remembers
/// the surface's, so it is sent only when it changes.
func show(
    _ buffer: ShmBuffer, on surface: OpaquePointer, scale: Int, appliedScale: inout Int32,
    damage: [(Int, Int, Int, Int)]? = nil
) {
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
