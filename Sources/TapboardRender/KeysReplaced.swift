import CPangoCairo
import TapboardCore

/// A panel whose bar turns from the toolbar into the suggestion strip and back (when the
/// strip empties or fills) keeps every other key where it was: such a change redraws the
/// keys that are new or look different, not the whole panel.
extension PanelRenderer {
    /// Whether a canvas showing `old` can be turned into `new` key by key: the same size,
    /// spacing and number of keys.
    static func keyByKey(_ old: PanelGeometry, _ new: PanelGeometry) -> Bool {
        old.width == new.width && old.height == new.height && old.spacing == new.spacing
            && old.keys.count == new.keys.count
    }

    /// Clears the cells of the keys that `new` places differently from `old` (another key,
    /// frame or cell) and returns them, with the keys whose cells those old cells overlap:
    /// all of them need drawing.
    func clearReplacedKeys(_ old: PanelGeometry, _ new: PanelGeometry, _ cr: OpaquePointer) -> Set<Int> {
        let replaced = new.keys.indices.filter { old.keys[$0] != new.keys[$0] }
        guard !replaced.isEmpty else { return [] }
        var redraw = Set(replaced)
        for i in replaced {
            let cell = old.keys[i].cell
            cairo_rectangle(cr, cell.x, cell.y, cell.width, cell.height)
            for j in new.keys.indices where new.keys[j].cell.intersects(cell) { redraw.insert(j) }
        }
        fill(cr, theme.background)
        return redraw
    }
}
