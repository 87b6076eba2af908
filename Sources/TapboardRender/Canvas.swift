import CPangoCairo

/// A Cairo context drawing into ARGB32 pixels (premultiplied, native endian: the
/// same bytes as wl_shm's ARGB8888). Owns the cairo surface and context, not the pixels.
public final class Canvas {
    let surface: OpaquePointer
    let cr: OpaquePointer
    /// Size in buffer pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Buffer pixels per logical pixel.
    public let scale: Int
    /// The panel these pixels show (PanelRenderer's record), nil if unknown.
    var drawn: DrawnPanel?
    /// The key bubble these pixels show: its kept body and where its labels lie over it
    /// (device pixels), nil if unknown.
    var bubble: (body: PopupBodies.Key, labels: [DeviceBox])?

    /// Takes ownership of an image surface; nil (and the surface destroyed) if unusable.
    private init?(surface s: OpaquePointer?, scale: Int) {
        guard let s else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let c = cairo_create(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        surface = s
        cr = c
        pixelWidth = Int(cairo_image_surface_get_width(s))
        pixelHeight = Int(cairo_image_surface_get_height(s))
        self.scale = scale
        cairo_scale(cr, Double(scale), Double(scale))
    }

    /// Wraps memory the caller owns; `stride` in bytes.
    public convenience init?(pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Int = 1) {
        self.init(
            surface: cairo_image_surface_create_for_data(
                pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(stride)), scale: scale)
    }

    /// An image the canvas allocates itself (offscreen preview, tests).
    public convenience init?(width: Int, height: Int, scale: Int = 1) {
        self.init(surface: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)), scale: scale)
    }

    /// Reads a PNG (goldens in tests); nil if it cannot be read.
    public convenience init?(pngFile path: String) {
        self.init(surface: cairo_image_surface_create_from_png(path), scale: 1)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Its pixels were just copied from `other`'s: they show the same panel.
    public func pixelsCopied(from other: Canvas) {
        drawn = other.drawn
        bubble = other.bubble
    }

    /// Makes drawing visible in the pixels (call before handing them over).
    public func flush() { cairo_surface_flush(surface) }

    /// Writes a PNG; returns a message on failure.
    public func writePNG(to path: String) -> String? {
        flush()
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { return String(cString: cairo_status_to_string(status)) }
        return nil
    }

    /// The pixel at (x, y) as 0xAARRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        flush()
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Every pixel as 0xAARRGGBB, row after row (`pixelWidth` to a row), read in one pass:
    /// for comparing whole pictures, where `pixel(x:y:)` a pixel at a time is slow.
    public func pixels() -> [UInt32] {
        flush()
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var all: [UInt32] = []
        all.reserveCapacity(pixelWidth * pixelHeight)
        for y in 0..<pixelHeight {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            all.append(contentsOf: UnsafeBufferPointer(start: row, count: pixelWidth))
        }
        return all
    }

    /// Sets the pixel at (x, y) to 0xAARRGGBB (premultiplied); for test images.
    public func setPixel(x: Int, y: Int, _ value: UInt32) {
        flush()
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        UnsafeMutableRawPointer(data).storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
        cairo_surface_mark_dirty(surface)
    }
}
