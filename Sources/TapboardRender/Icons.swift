import CPangoCairo
import TapboardCore

/// Special-key symbols drawn as vector paths, so they stay crisp at any size and
/// need no particular font.
enum Icons {
    static func draw(_ icon: Icon, _ cr: OpaquePointer, in f: Rect, _ c: Color, shift: ShiftState) {
        switch icon {
        case .shift: Icons.shift(cr, in: f, locked: shift == .locked, filled: shift != .off, c)
        case .backspace: Icons.backspace(cr, in: f, c)
        case .return: Icons.returnArrow(cr, in: f, c)
        case .globe: Icons.globe(cr, in: f, c)
        case .hide: Icons.hide(cr, in: f, c)
        case .left: Icons.arrow(cr, in: f, angle: Double.pi, c)
        case .right: Icons.arrow(cr, in: f, angle: 0, c)
        case .up: Icons.arrow(cr, in: f, angle: -Double.pi / 2, c)
        case .down: Icons.arrow(cr, in: f, angle: Double.pi / 2, c)
        case .tab: Icons.tab(cr, in: f, c)
        }
    }

    /// An arrow pointing at `angle` (0: right), centred in the key.
    static func arrow(_ cr: OpaquePointer, in f: Rect, angle: Double, _ c: Color) {
        let s = unit(f)
        cairo_save(cr)
        cairo_translate(cr, f.center.x, f.center.y)
        cairo_rotate(cr, angle)
        cairo_move_to(cr, -s * 0.45, 0)
        cairo_line_to(cr, s * 0.45, 0)
        cairo_move_to(cr, s * 0.15, -s * 0.3)
        cairo_line_to(cr, s * 0.45, 0)
        cairo_line_to(cr, s * 0.15, s * 0.3)
        cairo_restore(cr)
        stroke(cr, c, width: max(s * 0.09, 1.5))
    }

    static func tab(_ cr: OpaquePointer, in f: Rect, _ c: Color) {
        arrow(cr, in: f, angle: 0, c)
        let s = unit(f)
        cairo_move_to(cr, f.center.x + s * 0.55, f.center.y - s * 0.35)
        cairo_line_to(cr, f.center.x + s * 0.55, f.center.y + s * 0.35)
        stroke(cr, c, width: max(s * 0.09, 1.5))
    }

    /// Icon box side for a key frame.
    static func unit(_ f: Rect) -> Double { min(f.width, f.height) * 0.42 }

    static func stroke(_ cr: OpaquePointer, _ c: Color, width: Double) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(cr)
    }

    static func shift(_ cr: OpaquePointer, in f: Rect, locked: Bool, filled: Bool, _ c: Color) {
        let s = unit(f)
        let cx = f.center.x
        let cy = f.center.y - (locked ? s * 0.12 : 0)
        let top = cy - s * 0.5
        let mid = cy
        let bottom = cy + s * 0.45
        cairo_move_to(cr, cx, top)
        cairo_line_to(cr, cx + s * 0.5, mid)
        cairo_line_to(cr, cx + s * 0.22, mid)
        cairo_line_to(cr, cx + s * 0.22, bottom)
        cairo_line_to(cr, cx - s * 0.22, bottom)
        cairo_line_to(cr, cx - s * 0.22, mid)
        cairo_line_to(cr, cx - s * 0.5, mid)
        cairo_close_path(cr)
        if filled {
            cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
            cairo_fill_preserve(cr)
        }
        stroke(cr, c, width: max(s * 0.08, 1.5))
        if locked {
            cairo_move_to(cr, cx - s * 0.3, bottom + s * 0.22)
            cairo_line_to(cr, cx + s * 0.3, bottom + s * 0.22)
            stroke(cr, c, width: max(s * 0.1, 2))
        }
    }

    static func backspace(_ cr: OpaquePointer, in f: Rect, _ c: Color) {
        let s = unit(f)
        let cx = f.center.x
        let cy = f.center.y
        let h = s * 0.42
        let left = cx - s * 0.62
        let right = cx + s * 0.55
        let tip = cx - s * 0.28
        cairo_move_to(cr, left, cy)
        cairo_line_to(cr, tip, cy - h)
        cairo_line_to(cr, right, cy - h)
        cairo_line_to(cr, right, cy + h)
        cairo_line_to(cr, tip, cy + h)
        cairo_close_path(cr)
        stroke(cr, c, width: max(s * 0.08, 1.5))
        let xc = (tip + right) / 2 + s * 0.03
        let d = s * 0.17
        cairo_move_to(cr, xc - d, cy - d)
        cairo_line_to(cr, xc + d, cy + d)
        cairo_move_to(cr, xc + d, cy - d)
        cairo_line_to(cr, xc - d, cy + d)
        stroke(cr, c, width: max(s * 0.08, 1.5))
    }

    static func returnArrow(_ cr: OpaquePointer, in f: Rect, _ c: Color) {
        let s = unit(f)
        let cx = f.center.x
        let cy = f.center.y
        let right = cx + s * 0.5
        let left = cx - s * 0.5
        let base = cy + s * 0.2
        cairo_move_to(cr, right, cy - s * 0.45)
        cairo_line_to(cr, right, base)
        cairo_line_to(cr, left, base)
        cairo_move_to(cr, left + s * 0.28, base - s * 0.28)
        cairo_line_to(cr, left, base)
        cairo_line_to(cr, left + s * 0.28, base + s * 0.28)
        stroke(cr, c, width: max(s * 0.09, 1.5))
    }

    static func globe(_ cr: OpaquePointer, in f: Rect, _ c: Color) {
        let s = unit(f)
        let cx = f.center.x
        let cy = f.center.y
        let r = s * 0.5
        let w = max(s * 0.07, 1.2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, r, 0, 2 * Double.pi)
        stroke(cr, c, width: w)
        // Meridian: an ellipse squeezed horizontally.
        cairo_save(cr)
        cairo_translate(cr, cx, cy)
        cairo_scale(cr, 0.45, 1)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, r, 0, 2 * Double.pi)
        cairo_restore(cr)
        stroke(cr, c, width: w)
        cairo_move_to(cr, cx, cy - r)
        cairo_line_to(cr, cx, cy + r)
        cairo_move_to(cr, cx - r, cy)
        cairo_line_to(cr, cx + r, cy)
        for dy in [-0.5, 0.5] {
            let y = cy + r * dy
            let half = r * 0.866
            cairo_move_to(cr, cx - half, y)
            cairo_line_to(cr, cx + half, y)
        }
        stroke(cr, c, width: w)
    }

    static func hide(_ cr: OpaquePointer, in f: Rect, _ c: Color) {
        let s = unit(f)
        let cx = f.center.x
        let cy = f.center.y
        cairo_move_to(cr, cx - s * 0.4, cy - s * 0.15)
        cairo_line_to(cr, cx, cy + s * 0.2)
        cairo_line_to(cr, cx + s * 0.4, cy - s * 0.15)
        stroke(cr, c, width: max(s * 0.1, 1.5))
    }
}
