import CPangoCairo
import TapboardCore

/// A rectangle of device pixels: a cell on whole pixels, or the box that holds all a label
/// painted (its ink as Pango gives it, grown by a margin). A strip slot's word changes at
/// nearly every letter; where a canvas knows the box its old word inked, the slot is cleared,
/// or copied from the other buffer, only there instead of whole (the rest of the cell is the
/// background and the line either way).
struct DeviceBox: Equatable {
    var x, y, width, height: Int

    /// Nothing painted.
    static let none = DeviceBox(x: 0, y: 0, width: 0, height: 0)

    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The smallest box holding both.
    func union(_ other: DeviceBox) -> DeviceBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return DeviceBox(
            x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
            height: max(y + height, other.y + other.height) - y0)
    }

    /// What lies in both; `.none` when nothing does.
    func intersection(_ other: DeviceBox) -> DeviceBox {
        let x0 = max(x, other.x)
        let y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width)
        let y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0 ? DeviceBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .none
    }

    /// Device pixels around the ink Pango gives: a glyph is shaped at one size and rendered
    /// (hinted) at its drawn size, so its ink may reach a shaped pixel past the box, and its
    /// antialiasing a device pixel or two more.
    static func margin(devicePixelsPerShaped k: Double) -> Int { 2 + Int(k.rounded(.up)) }

    /// The box of `label` drawn at `origin` (user space of `cr`) scaled by `factor`; nil under a
    /// transform other than a scale and a translation.
    static func ink(of label: LabelCache.Entry, at origin: Point, factor: Double, _ cr: OpaquePointer) -> DeviceBox? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
        let ink = label.ink
        let left = (m.xx * (origin.x + ink.x * factor) + m.x0).rounded(.down)
        let top = (m.yy * (origin.y + ink.y * factor) + m.y0).rounded(.down)
        let right = (m.xx * (origin.x + ink.maxX * factor) + m.x0).rounded(.up)
        let bottom = (m.yy * (origin.y + ink.maxY * factor) + m.y0).rounded(.up)
        guard [left, top, right, bottom].allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else { return nil }
        let margin = Self.margin(devicePixelsPerShaped: max(m.xx, m.yy) * factor * label.scale)
        return DeviceBox(
            x: Int(left) - margin, y: Int(top) - margin, width: Int(right - left) + 2 * margin,
            height: Int(bottom - top) + 2 * margin)
    }

    /// `cell` (user space of `cr`) in device pixels; nil unless it lies on whole ones under a
    /// scale and a translation, or is empty.
    static func cell(_ cell: Rect, _ cr: OpaquePointer) -> DeviceBox? {
        guard cell.width > 0, cell.height > 0, let box = onWholePixels(cell, cr), !box.isEmpty else { return nil }
        return box
    }

    /// `rect` (user space of `cr`) in device pixels, a negative size taken from the other
    /// corner as Cairo fills it; nil unless the transform is a scale and a translation and
    /// `rect`'s corners lie on whole device pixels.
    static func onWholePixels(_ rect: Rect, _ cr: OpaquePointer) -> DeviceBox? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else { return nil }
        func whole(_ v: Double) -> Int? {
            let r = v.rounded()
            return abs(v - r) < 1e-6 ? Int(r) : nil
        }
        guard let x0 = whole(m.xx * rect.x + m.x0), let y0 = whole(m.yy * rect.y + m.y0),
            let x1 = whole(m.xx * rect.maxX + m.x0), let y1 = whole(m.yy * rect.maxY + m.y0)
        else { return nil }
        return DeviceBox(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
    }
}
