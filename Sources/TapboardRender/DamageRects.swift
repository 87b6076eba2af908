import TapboardCore

/// The rectangles a frame sends as damage for the keys it changed: whole logical pixels
/// around each key's cell, cells side by side on a row as one rectangle (the strip's three
/// slots, changed together at most taps, are one request, not three).
public enum DamageRects {
    /// `keys`' cells in `geometry` as (x, y, width, height), top to bottom, left to right; a
    /// cell that continues the rectangle before it on the same band of rows widens that one.
    public static func of(_ keys: [Int], in geometry: PanelGeometry) -> [(Int, Int, Int, Int)] {
        // A frame changes a few keys: their cells sorted in place as they come, in one array.
        var cells: [(Int, Int, Int, Int)] = []
        cells.reserveCapacity(keys.count)
        let placed = geometry.keys
        for i in keys where placed.indices.contains(i) {
            let c = placed[i].cell
            let r = (Int(c.x), Int(c.y), Int(c.width.rounded(.up)), Int(c.height.rounded(.up)))
            let at = cells.firstIndex { ($0.1, $0.3, $0.0) > (r.1, r.3, r.0) } ?? cells.count
            cells.insert(r, at: at)
        }
        var rects: [(Int, Int, Int, Int)] = []
        rects.reserveCapacity(cells.count)
        for r in cells {
            if let last = rects.last, last.1 == r.1, last.3 == r.3, r.0 >= last.0, r.0 <= last.0 + last.2 {
                rects[rects.count - 1].2 = max(last.2, r.0 + r.2 - last.0)
            } else {
                rects.append(r)
            }
        }
        return rects
    }
}
