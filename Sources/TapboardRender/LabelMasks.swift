import CPangoCairo
import TapboardCore

/// Labels as coverage masks, kept for what a press draws (the pressed key's label and hint,
/// the key bubble's label): drawn again at the same place within its device pixels, a label
/// is one composite of its colour through the mask instead of a Pango layout shown again.
/// A mask holds what Cairo's drawing of the layout covers with the transform moved by whole
/// device pixels, so the glyphs land on the same pixels and come out as they would.
final class LabelMasks {
    /// A laid-out label under a transform: its scale and the translation's part within its
    /// device pixel (bit patterns of the doubles: exactly equal transforms only).
    struct Key: Hashable {
        let label: Int
        let scaleX, scaleY, fractionX, fractionY: UInt64
    }

    /// nil for a label not drawn through a mask (colour glyphs, too large).
    private struct Mask {
        let surface: OpaquePointer?
        /// Where the mask starts, from the device pixel of the label's origin.
        let x, y: Int
    }

    /// The labels a press draws: each key's pressed label and hint and its bubble's label.
    /// At most 96 masks of at most 8 KiB (a bubble's letter at scale 2 is about 6 KiB, a
    /// key's at scale 1 under 1 KiB): past it, the one used longest ago goes.
    private var masks = RecentlyUsed<Key, Mask>(capacity: 96)
    static let maxBytes = 8192
    /// How many labels were drawn through a kept mask.
    private(set) var drawn = 0

    deinit {
        for m in masks.removeAll() { if let s = m.surface { cairo_surface_destroy(s) } }
    }

    /// Draws `label` in `color` at `cr`'s origin as `pango_cairo_show_layout` would; false
    /// (nothing drawn) when it cannot be drawn through a mask.
    func draw(_ label: LabelCache.Entry, _ color: Color, _ cr: OpaquePointer) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return false }
        let px = m.x0.rounded(.down)
        let py = m.y0.rounded(.down)
        let key = Key(
            label: label.id, scaleX: m.xx.bitPattern, scaleY: m.yy.bitPattern, fractionX: (m.x0 - px).bitPattern,
            fractionY: (m.y0 - py).bitPattern)
        let mask: Mask
        if let known = masks.value(for: key) {
            mask = known
        } else {
            mask = Self.make(label, m)
            if let gone = masks.insert(mask, for: key), let s = gone.surface { cairo_surface_destroy(s) }
        }
        guard let surface = mask.surface else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_mask_surface(cr, surface, px + Double(mask.x), py + Double(mask.y))
        cairo_restore(cr)
        drawn += 1
        return true
    }

    /// The mask of `label` under `m`: its ink box in device pixels with 2 more on each side.
    private static func make(_ label: LabelCache.Entry, _ m: cairo_matrix_t) -> Mask {
        let ink = label.ink
        let ox = Int((m.xx * Double(ink.x) + m.x0).rounded(.down)) - 2
        let oy = Int((m.yy * Double(ink.y) + m.y0).rounded(.down)) - 2
        let width = Int((m.xx * Double(ink.x + ink.width) + m.x0).rounded(.up)) + 2 - ox
        let height = Int((m.yy * Double(ink.y + ink.height) + m.y0).rounded(.up)) + 2 - oy
        let none = Mask(surface: nil, x: 0, y: 0)
        guard ink.width > 0, ink.height > 0, (width + 3) / 4 * 4 * height <= maxBytes else { return none }
        var moved = m
        moved.x0 -= Double(ox)
        moved.y0 -= Double(oy)
        // In red and in green: a label whose pixels are not its colour times one coverage
        // (colour or subpixel glyphs) is drawn as it is.
        guard let red = render(label.layout, moved, width, height, r: 1, g: 0),
            let green = render(label.layout, moved, width, height, r: 0, g: 1)
        else { return none }
        defer {
            cairo_surface_destroy(red)
            cairo_surface_destroy(green)
        }
        guard let a8 = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
            cairo_surface_status(a8) == CAIRO_STATUS_SUCCESS
        else { return none }
        cairo_surface_flush(a8)
        let out = cairo_image_surface_get_data(a8)!
        let outStride = Int(cairo_image_surface_get_stride(a8))
        let r = UnsafeRawPointer(cairo_image_surface_get_data(red)!)
        let g = UnsafeRawPointer(cairo_image_surface_get_data(green)!)
        let stride = Int(cairo_image_surface_get_stride(red))
        for y in 0..<height {
            for x in 0..<width {
                let p = r.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                let q = g.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                let alpha = p >> 24
                let edge = x == 0 || y == 0 || x == width - 1 || y == height - 1
                guard p == alpha << 24 | alpha << 16, q == alpha << 24 | alpha << 8, !edge || alpha == 0 else {
                    cairo_surface_destroy(a8)
                    return none
                }
                out[y * outStride + x] = UInt8(alpha)
            }
        }
        cairo_surface_mark_dirty(a8)
        return Mask(surface: a8, x: ox - Int(m.x0.rounded(.down)), y: oy - Int(m.y0.rounded(.down)))
    }

    /// `layout` shown in an opaque colour on a clear ARGB image under `m`.
    private static func render(
        _ layout: OpaquePointer, _ m: cairo_matrix_t, _ width: Int, _ height: Int, r: Double, g: Double
    ) -> OpaquePointer? {
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let c = cairo_create(s) else {
            cairo_surface_destroy(s)
            return nil
        }
        var moved = m
        cairo_set_matrix(c, &moved)
        cairo_set_source_rgba(c, r, g, 0, 1)
        pango_cairo_show_layout(c, layout)
        cairo_destroy(c)
        cairo_surface_flush(s)
        return s
    }
}
