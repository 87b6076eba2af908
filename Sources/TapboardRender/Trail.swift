import CPangoCairo
import TapboardCore

/// The trail of a stroke (glide typing): a thick line through its last points over the
/// keys, fading from the oldest point to the newest. It only ever covers the cells of the
/// keys under it, so that drawing those keys again takes it away.
extension PanelRenderer {
    /// Width of the trail in logical pixels.
    static let trailWidth = 6.0
    /// Opacity of the trail at its oldest and at its newest point.
    static let trailAlpha = (oldest: 0.15, newest: 0.9)

    /// One stretch of the trail: a line from `start` to `end`, bent towards `control`.
    struct TrailPiece {
        var start: Point
        var control: Point?
        var end: Point

        /// A rectangle around every pixel the piece draws (the curve stays within its
        /// control points), with room for the line's width and its antialiasing.
        var bounds: Rect {
            let points = [start, end] + (control.map { [$0] } ?? [])
            let minX = points.map(\.x).min()!
            let minY = points.map(\.y).min()!
            let w = PanelRenderer.trailWidth
            return Rect(
                x: minX - w, y: minY - w, width: points.map(\.x).max()! - minX + 2 * w,
                height: points.map(\.y).max()! - minY + 2 * w)
        }
    }

    /// The trail as a smooth line: straight from the first point to the middle of the
    /// first step, then curves from middle to middle bent towards the points between, then
    /// straight to the last point. One piece per point.
    static func trailPieces(_ trail: [Point]) -> [TrailPiece] {
        guard trail.count > 2 else {
            guard let first = trail.first else { return [] }
            return [TrailPiece(start: first, end: trail.last!)]
        }
        func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
        var pieces = [TrailPiece(start: trail[0], end: middle(trail[0], trail[1]))]
        for i in 1..<trail.count - 1 {
            pieces.append(
                TrailPiece(start: middle(trail[i - 1], trail[i]), control: trail[i], end: middle(trail[i], trail[i + 1])))
        }
        pieces.append(TrailPiece(start: middle(trail[trail.count - 2], trail.last!), end: trail.last!))
        return pieces
    }

    /// The keys whose cells the trail may draw on.
    static func keys(under trail: [Point], _ geometry: PanelGeometry) -> Set<Int> {
        guard !trail.isEmpty else { return [] }
        let boxes = trailPieces(trail).map(\.bounds)
        var keys = Set<Int>()
        for (i, placed) in geometry.keys.enumerated() where boxes.contains(where: { placed.cell.intersects($0) }) {
            keys.insert(i)
        }
        return keys
    }

    /// A key's cell with its edges on the nearest device pixels. Neighbouring cells share
    /// their edges, so that the trail, kept inside such cells, leaves no partly covered
    /// pixel behind when they are filled again.
    static func pixelCell(_ cell: Rect, scale: Int) -> Rect {
        let s = Double(scale)
        let x = (cell.x * s).rounded() / s
        let y = (cell.y * s).rounded() / s
        return Rect(x: x, y: y, width: (cell.maxX * s).rounded() / s - x, height: (cell.maxY * s).rounded() / s - y)
    }

    /// Draws `keys` and the keys under the trail the canvas shows or under `look`'s (the
    /// old trail goes), then `look`'s trail over them. Returns the keys drawn and those
    /// under the trail shown last: where the new pixels may differ from what shows.
    func drawKeys(_ keys: [Int], withTrail look: PanelAppearance, _ geometry: PanelGeometry, on canvas: Canvas) -> [Int] {
        let cr = canvas.cr
        let known = canvas.drawn?.geometry == geometry && canvas.drawn?.theme == theme
        // Cells are filled and drawn over here without a record of their words' ink.
        canvas.drawn?.inked = [:]
        let under = Self.keys(under: look.trail, geometry)
        let redrawn = under.union(Self.keys(under: known ? canvas.drawn!.trail : [], geometry))
        var inked: [Int: DeviceBox] = [:]  // not recorded: see above
        drawKeys(keys.filter { !redrawn.contains($0) }, geometry, look, cr, inked: &inked)
        let sorted = redrawn.sorted()
        // Whole pixels: those the old trail covered are all filled again.
        for i in sorted {
            let c = Self.pixelCell(geometry.keys[i].cell, scale: canvas.scale)
            cairo_rectangle(cr, c.x, c.y, c.width, c.height)
        }
        fill(cr, theme.background)
        for i in sorted {
            drawKey(geometry.keys[i], pressed: look.highlighted.contains(i), look, spacing: geometry.spacing, cr)
        }
        drawTrail(look.trail, over: under, geometry, on: canvas)
        if known {
            for i in sorted { canvas.drawn!.looks[i] = Self.keyLook(i, geometry, look) }
            canvas.drawn!.trail = look.trail
        }
        var damage = redrawn.union(keys)
        if let shown, shown.geometry == geometry, shown.theme == theme {
            damage.formUnion(Self.keys(under: shown.trail, geometry))
        }
        return damage.sorted()
    }

    /// Draws the trail over the cells of `keys` (those under it), and nowhere else.
    func drawTrail(_ trail: [Point], over keys: Set<Int>, _ geometry: PanelGeometry, on canvas: Canvas) {
        guard !trail.isEmpty, !keys.isEmpty else { return }
        let cr = canvas.cr
        cairo_save(cr)
        for i in keys.sorted() {
            let c = Self.pixelCell(geometry.keys[i].cell, scale: canvas.scale)
            cairo_rectangle(cr, c.x, c.y, c.width, c.height)
        }
        cairo_clip(cr)
        // Each piece replaces what is under it in a layer of its own, so that where pieces
        // meet (their round ends overlap) the trail is no darker; the layer then goes over the keys.
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_line_width(cr, Self.trailWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let pieces = Self.trailPieces(trail)
        let ink = theme.accentKey
        let (oldest, newest) = Self.trailAlpha
        for (n, piece) in pieces.enumerated() {
            let alpha = pieces.count > 1 ? oldest + (newest - oldest) * Double(n) / Double(pieces.count - 1) : newest
            cairo_set_source_rgba(cr, ink.r, ink.g, ink.b, ink.a * alpha)
            let (s, e) = (piece.start, piece.end)
            cairo_move_to(cr, s.x, s.y)
            if let c = piece.control {
                // The quadratic curve as Cairo's cubic one.
                cairo_curve_to(
                    cr, s.x + (c.x - s.x) * 2 / 3, s.y + (c.y - s.y) * 2 / 3, e.x + (c.x - e.x) * 2 / 3,
                    e.y + (c.y - e.y) * 2 / 3, e.x, e.y)
            } else {
                cairo_line_to(cr, e.x, e.y)
            }
            cairo_stroke(cr)
        }
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
