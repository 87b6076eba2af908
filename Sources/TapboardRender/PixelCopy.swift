import CPangoCairo

/// Rectangles of device pixels copied between ARGB32 image surfaces a row at a time: the
/// same bytes as Cairo's SOURCE fill of a whole-pixel rectangle under an identity transform,
/// without the compositing it sets up for one (some 12 k instructions a copy, where a key
/// cell's rows take a few hundred).
enum PixelCopy {
    /// The image `cr` draws into when its pixels may be written there directly: straight
    /// into its own target (not a group), with no clip narrower than the image (a clip could
    /// cut what is written, which only Cairo knows); nil otherwise.
    static func unclippedTarget(of cr: OpaquePointer) -> OpaquePointer? {
        guard let target = cairo_get_target(cr), cairo_get_group_target(cr) == target else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var clip = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &clip.0, &clip.1, &clip.2, &clip.3)
        // The extents in device pixels (under a scale and a translation, as the panel draws).
        let left = m.xx * clip.0 + m.xy * clip.1 + m.x0
        let top = m.yx * clip.0 + m.yy * clip.1 + m.y0
        let right = m.xx * clip.2 + m.xy * clip.3 + m.x0
        let bottom = m.yx * clip.2 + m.yy * clip.3 + m.y0
        guard left <= 0, top <= 0, right >= Double(cairo_image_surface_get_width(target)),
            bottom >= Double(cairo_image_surface_get_height(target))
        else { return nil }
        return target
    }

    /// Copies the `width` x `height` pixels at (`sx`, `sy`) of `source` to (`dx`, `dy`) of
    /// `target`, cut to what lies within both; false (nothing copied) when either surface is
    /// not an ARGB32 image with pixels.
    @discardableResult
    static func copy(
        from source: OpaquePointer, x sx: Int, y sy: Int, to target: OpaquePointer, x dx: Int, y dy: Int,
        width: Int, height: Int
    ) -> Bool {
        guard source != target, cairo_image_surface_get_format(source) == CAIRO_FORMAT_ARGB32,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return false }
        cairo_surface_flush(source)
        cairo_surface_flush(target)
        guard let from = cairo_image_surface_get_data(source), let to = cairo_image_surface_get_data(target) else {
            return false
        }
        let left = max(0, -sx, -dx)
        let top = max(0, -sy, -dy)
        let (sx, sy, dx, dy) = (sx + left, sy + top, dx + left, dy + top)
        let w = min(
            width - left, Int(cairo_image_surface_get_width(source)) - sx, Int(cairo_image_surface_get_width(target)) - dx)
        let h = min(
            height - top, Int(cairo_image_surface_get_height(source)) - sy,
            Int(cairo_image_surface_get_height(target)) - dy)
        guard w > 0, h > 0 else { return true }
        let fromStride = Int(cairo_image_surface_get_stride(source))
        let toStride = Int(cairo_image_surface_get_stride(target))
        for row in 0..<h {
            UnsafeMutableRawPointer(to + (dy + row) * toStride + dx * 4)
                .copyMemory(from: from + (sy + row) * fromStride + sx * 4, byteCount: w * 4)
        }
        cairo_surface_mark_dirty_rectangle(target, Int32(dx), Int32(dy), Int32(w), Int32(h))
        return true
    }
}
