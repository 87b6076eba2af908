import CPangoCairo
import TapboardCore

/// Key cells with their caps, as drawn over the panel's opaque background, kept as images:
/// a key drawn again (a press, a release the other buffer cannot give) copies its cell
/// (`PixelCopy`, row by row) and draws only its label, instead of clearing the cell and compositing the
/// cap's masks. An image is what that drawing left on the canvas, so the copy is the same
/// pixels; keys of one size at the same place within their pixels and in the same colours
/// share it: the letter keys of a row, pressed or not. Cells that do not sit on whole device
/// pixels are drawn as before (their edges blend with the neighbours').
final class CapCells {
    /// What a cell's pixels follow from.
    struct Key: Hashable {
        let cap: CapMasks.Shape
        /// The cap's first device pixel, from the cell's.
        let capX, capY: Int
        /// The cell, in device pixels.
        let width, height: Int
        let background, fill, border: Color

        /// What tells one panel's cells apart (size, the cap's place, its fill); `==` compares
        /// everything. A press looks a cell up, and the colours alone are twelve doubles.
        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(capX)
            hasher.combine(capY)
            hasher.combine(fill)
        }
    }

    /// A cell on a canvas: what it shows and its first device pixel.
    struct Slot {
        let key: Key
        let x, y: Int
    }

    /// Letter and other keys, each pressed and not; cells of at most `largest` bytes (a
    /// letter key's is about 30 KiB at scale 1, 118 KiB at scale 2; the space bar's is not kept).
    private var kept = RecentlyUsed<Key, OpaquePointer>(capacity: 4)
    static let largest = 128 * 1024
    /// How many cells were copied rather than drawn.
    private(set) var copied = 0

    deinit { removeAll() }

    /// Where the cell `cell` with the cap `cap` (`radius`, `fill` colour, `border` wide in
    /// `borderColor`; user space of `cr`) over `background` goes, and what it shows; nil when it
    /// cannot be kept: a background that is not opaque, a transform other than a scale and a
    /// translation, a cell off whole device pixels or larger than `largest`.
    static func slot(
        cell: Rect, cap: Rect, radius: Double, _ fill: Color, border: Double, _ borderColor: Color,
        background: Color, _ cr: OpaquePointer
    ) -> Slot? {
        guard background.a == 1 else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let place = CapMasks.placement(cap, radius: radius, border: border, m) else { return nil }
        func whole(_ v: Double) -> Int? { abs(v - v.rounded()) < 1e-6 ? Int(v.rounded()) : nil }
        guard let x = whole(m.xx * cell.x + m.x0), let y = whole(m.yy * cell.y + m.y0),
            let maxX = whole(m.xx * cell.maxX + m.x0), let maxY = whole(m.yy * cell.maxY + m.y0), maxX > x, maxY > y,
            (maxX - x) * (maxY - y) * 4 <= largest
        else { return nil }
        let key = Key(
            cap: place.shape, capX: place.x - x, capY: place.y - y, width: maxX - x, height: maxY - y,
            background: background, fill: fill, border: borderColor)
        return Slot(key: key, x: x, y: y)
    }

    /// Copies the cell kept for `slot` onto `cr`'s target; false when none is kept.
    func paint(_ slot: Slot, _ cr: OpaquePointer) -> Bool {
        guard let image = kept.value(for: slot.key) else { return false }
        copied += 1
        if let target = PixelCopy.unclippedTarget(of: cr),
            PixelCopy.copy(
                from: image, x: 0, y: 0, to: target, x: slot.x, y: slot.y, width: slot.key.width, height: slot.key.height)
        {
            return true
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, image, Double(slot.x), Double(slot.y))
        cairo_rectangle(cr, Double(slot.x), Double(slot.y), Double(slot.key.width), Double(slot.key.height))
        cairo_fill(cr)
        cairo_restore(cr)
        return true
    }

    /// Keeps what `cr`'s target shows in `slot`'s cell now as its image.
    func keep(_ slot: Slot, from cr: OpaquePointer) {
        let w = slot.key.width
        let h = slot.key.height
        guard let target = cairo_get_target(cr),
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))
        else { return }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let c = cairo_create(image) else {
            cairo_surface_destroy(image)
            return
        }
        cairo_surface_flush(target)
        cairo_set_operator(c, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(c, target, -Double(slot.x), -Double(slot.y))
        cairo_paint(c)
        cairo_destroy(c)
        cairo_surface_flush(image)
        if let gone = kept.insert(image, for: slot.key) { cairo_surface_destroy(gone) }
    }

    func removeAll() {
        for image in kept.removeAll() { cairo_surface_destroy(image) }
    }
}
