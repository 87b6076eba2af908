import CPangoCairo
import TapboardCore

/// Rounded key caps as coverage masks, rasterised once and then only composited: a key
/// drawn again (each press and release) costs a blit instead of an anti-aliased path fill
/// and outline. A mask holds what Cairo's own fill (and outline) of the cap covers, at
/// the cap's size and at its position within a device pixel, so the pixels come out as
/// the path's would: keys of one size in a row share a mask.
final class CapMasks {
    struct Shape: Hashable {
        /// Bit patterns of the doubles: exactly equal shapes only.
        let width, height, radius, border: UInt64
        /// The transform's scale and the cap's offset inside its first device pixel.
        let scaleX, scaleY, fractionX, fractionY: UInt64
    }

    /// Where a cap goes on a canvas: its shape and the device pixel its extent starts in.
    struct Placement: Hashable {
        let shape: Shape
        let x, y: Int
    }

    private struct Masks {
        let fill: OpaquePointer
        let outline: OpaquePointer?
    }

    /// More shapes than a keyboard has (each key size at each offset, the bubbles, the
    /// strip's pressed slot); past it, the one used longest ago goes.
    private var masks = RecentlyUsed<Shape, Masks>(capacity: 48)

    deinit {
        for m in masks.removeAll() { Self.free(m) }
    }

    private static func free(_ m: Masks) {
        cairo_surface_destroy(m.fill)
        if let o = m.outline { cairo_surface_destroy(o) }
    }

    /// Fills the rounded rectangle `rect` (corner `radius`) with `color` and, with a
    /// `border` wider than 0, outlines it in `borderColor`, as `roundedRect` then a fill
    /// and a stroke would. Under a transform other than a scale and a translation, it
    /// draws the path itself.
    func draw(
        _ rect: Rect, radius: Double, _ color: Color, border: Double, _ borderColor: Color, _ cr: OpaquePointer
    ) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let place = Self.placement(rect, radius: radius, border: border, m) else {
            roundedRect(cr, rect, radius: radius)
            Self.fillAndOutline(cr, color, border: border, borderColor)
            return
        }
        let outer = border > 0 ? rect.insetBy(-border / 2) : rect
        let shape = place.shape
        let ox = Double(place.x)
        let oy = Double(place.y)
        let made: Masks
        if let known = masks.value(for: shape) {
            made = known
        } else {
            guard let new = Self.make(rect, outer, radius: radius, border: border, m, ox, oy) else {
                roundedRect(cr, rect, radius: radius)
                Self.fillAndOutline(cr, color, border: border, borderColor)
                return
            }
            if let gone = masks.insert(new, for: shape) { Self.free(gone) }
            made = new
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_mask_surface(cr, made.fill, ox, oy)
        if let outline = made.outline {
            cairo_set_source_rgba(cr, borderColor.r, borderColor.g, borderColor.b, borderColor.a)
            cairo_mask_surface(cr, outline, ox, oy)
        }
        cairo_restore(cr)
    }

    /// Where `draw` puts the cap under `cr`'s transform; nil: it draws the path itself.
    static func placement(_ rect: Rect, radius: Double, border: Double, _ cr: OpaquePointer) -> Placement? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return placement(rect, radius: radius, border: border, m)
    }

    /// The same under the transform `m`.
    static func placement(_ rect: Rect, radius: Double, border: Double, _ m: cairo_matrix_t) -> Placement? {
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0, rect.width > 0, rect.height > 0 else { return nil }
        // The device pixel the cap's extent (the outline's outer edge) starts in.
        let outer = border > 0 ? rect.insetBy(-border / 2) : rect
        let dx = m.xx * outer.x + m.x0
        let dy = m.yy * outer.y + m.y0
        let ox = dx.rounded(.down)
        let oy = dy.rounded(.down)
        let shape = Shape(
            width: rect.width.bitPattern, height: rect.height.bitPattern, radius: radius.bitPattern,
            border: border.bitPattern, scaleX: m.xx.bitPattern, scaleY: m.yy.bitPattern,
            fractionX: (dx - ox).bitPattern, fractionY: (dy - oy).bitPattern)
        return Placement(shape: shape, x: Int(ox), y: Int(oy))
    }

    /// The masks of one shape, drawn with the caller's transform moved by (-ox, -oy) device
    /// pixels: the same path at the same place within its pixels.
    private static func make(
        _ rect: Rect, _ outer: Rect, radius: Double, border: Double, _ m: cairo_matrix_t, _ ox: Double, _ oy: Double
    ) -> Masks? {
        let width = Int((m.xx * outer.maxX + m.x0 - ox).rounded(.up)) + 1
        let height = Int((m.yy * outer.maxY + m.y0 - oy).rounded(.up)) + 1
        func mask(_ paint: (OpaquePointer) -> Void) -> OpaquePointer? {
            guard let s = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
            guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let c = cairo_create(s) else {
                cairo_surface_destroy(s)
                return nil
            }
            var moved = m
            moved.x0 -= ox
            moved.y0 -= oy
            cairo_set_matrix(c, &moved)
            cairo_set_source_rgba(c, 0, 0, 0, 1)
            roundedRect(c, rect, radius: radius)
            paint(c)
            cairo_destroy(c)
            cairo_surface_flush(s)
            return s
        }
        guard let fill = mask({ cairo_fill($0) }) else { return nil }
        var outline: OpaquePointer?
        if border > 0 {
            outline = mask { c in
                cairo_set_line_width(c, border)
                cairo_stroke(c)
            }
            if outline == nil {
                cairo_surface_destroy(fill)
                return nil
            }
        }
        return Masks(fill: fill, outline: outline)
    }

    /// The path's own fill and outline (the fallback).
    static func fillAndOutline(_ cr: OpaquePointer, _ c: Color, border: Double, _ b: Color) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        guard border > 0 else {
            cairo_fill(cr)
            return
        }
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, b.r, b.g, b.b, b.a)
        cairo_set_line_width(cr, border)
        cairo_stroke(cr)
    }
}
