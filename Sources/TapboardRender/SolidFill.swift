import CPangoCairo
import TapboardCore

/// Opaque rectangles on whole device pixels written straight into an ARGB32 image: the
/// pixel Cairo's fill leaves there (an opaque colour replaces what is under it), without
/// the compositing it sets up for one (some 10 k instructions a fill: a strip slot's
/// cell cleared, the line between slots).
enum SolidFill {
    /// Fills `rect` (user space of `cr`) with `color`; false, with nothing drawn, when the
    /// colour is not opaque, the transform is more than a scale and a translation, `rect`
    /// is not on whole device pixels, a clip is narrower than the image, or `cr` draws into
    /// a group or other than an ARGB32 image.
    static func fill(_ rect: Rect, _ color: Color, _ cr: OpaquePointer) -> Bool {
        guard let box = DeviceBox.onWholePixels(rect, cr) else { return false }
        return fill(device: box, color, cr)
    }

    /// Fills `box` (device pixels) with `color` as `fill(_:_:_:)` does a rectangle on them.
    static func fill(device box: DeviceBox, _ color: Color, _ cr: OpaquePointer) -> Bool {
        guard let pixel = pixel(color), let target = PixelCopy.unclippedTarget(of: cr),
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return false }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return false }
        let x = max(box.x, 0)
        let y = max(box.y, 0)
        let w = min(box.x + box.width, Int(cairo_image_surface_get_width(target))) - x
        let h = min(box.y + box.height, Int(cairo_image_surface_get_height(target))) - y
        guard w > 0, h > 0 else { return true }
        let stride = Int(cairo_image_surface_get_stride(target))
        // The first row pixel by pixel, the others copied from it (memcpy is the faster loop).
        let first = UnsafeMutableRawPointer(data + y * stride + x * 4)
        first.bindMemory(to: UInt32.self, capacity: w).update(repeating: pixel, count: w)
        for row in 1..<h { (first + row * stride).copyMemory(from: first, byteCount: w * 4) }
        cairo_surface_mark_dirty_rectangle(target, Int32(x), Int32(y), Int32(w), Int32(h))
        return true
    }

    /// The ARGB32 pixel Cairo writes for an opaque `color`, nil for one that is not: each
    /// channel made 16 bits (`d * 65535 + 0.5`), then its high byte kept.
    static func pixel(_ color: Color) -> UInt32? {
        guard color.a == 1, [color.r, color.g, color.b].allSatisfy({ (0...1).contains($0) }) else { return nil }
        func channel(_ d: Double) -> UInt32 { UInt32(UInt16(d * 65535.0 + 0.5) >> 8) }
        return 0xff00_0000 | channel(color.r) << 16 | channel(color.g) << 8 | channel(color.b)
    }
}
