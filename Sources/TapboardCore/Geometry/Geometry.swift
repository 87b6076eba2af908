/// A rectangle in panel-local logical pixels, origin top left.
public struct Rect: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    public func insetBy(_ d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    public func intersects(_ o: Rect) -> Bool { x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY }
}

public struct Point: Sendable, Equatable {
    public var x, y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A key placed on the panel.
public struct PlacedKey: Sendable, Equatable {
    public var key: Key
    public var row: Int
    /// Where the key is drawn: its cell less half the key spacing on each side.
    public var frame: Rect
    /// The touch area: cells tile the panel, spacers belong to their neighbours.
    public var cell: Rect

    public init(key: Key, row: Int, frame: Rect, cell: Rect) {
        self.key = key
        self.row = row
        self.frame = frame
        self.cell = cell
    }
}

/// Key rectangles of one layer for one panel size.
///
/// Each row is split by relative key width (wvkbd's model): a key of width 1.5 gets
/// one and a half times a letter's room. Rows share the panel height by their relative
/// heights. On a wide output a letter key is at most `PanelSizing.maxKeyWidth` wide
/// (pads and panels get ten letters' room): the keys are centred, the edge keys'
/// touch areas reaching to the panel's edges.
public struct PanelGeometry: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Key spacing in logical pixels.
    public var spacing: Double
    /// The layer's keys, then the toolbar's buttons and the strip's slots (action
    /// `.suggestion`), if any (row -1).
    public var keys: [PlacedKey]
    /// The suggestion strip along the top of the panel; nil without one.
    public var strip: Rect?
    /// The form toolbar's row (at the very top); nil without one.
    public var toolbar: Rect?
    /// Logical pixels above the keys (toolbar and strip).
    public var barHeight: Int
    /// Slots in the strip, left to right.
    public static let stripSlots = 3
    /// The share of the keys' span the candidates key takes at the strip's right end.
    static let candidatesKeyShare = 0.1

    /// `stripHeight`: logical pixels at the top for the strip and the toolbar (0: none; a
    /// floating panel's grip band included);
    /// `bar`: what they hold (nil: the strip's slots alone), each row an equal share;
    /// `arrangement`: where the keys lie across the panel.
    public init(
        layer: Layer, width: Int, height: Int, stripHeight: Int = 0, bar: PanelBar? = nil,
        arrangement: KeyArrangement = .full
    ) {
        if case .floating = arrangement {
            self.init(floating: layer, width: width, height: height, stripHeight: stripHeight, bar: bar)
        } else {
            self.init(across: layer, width: width, height: height, stripHeight: stripHeight, bar: bar, arrangement: arrangement)
        }
    }

    /// A panel along the output's bottom edge, its keys as `arrangement` has them.
    private init(
        across layer: Layer, width: Int, height: Int, stripHeight: Int, bar: PanelBar?, arrangement: KeyArrangement
    ) {
        self.width = width
        self.height = height
        let top = Double(min(max(stripHeight, 0), height))
        barHeight = Int(top)
        let rowCount = max(layer.rows.count, 1)
        let weights = layer.relativeRowHeights
        let rowHeight = (Double(height) - top) / weights.reduce(0, +)
        spacing = PanelGeometry.spacing(rowHeight: rowHeight * (weights.min() ?? 1), width: width)
        // Weights summed before scaling: equal rows land on the same pixels as r * rowHeight.
        var sums = [0.0]
        for w in weights { sums.append(sums[sums.count - 1] + w) }
        let rowTops = sums.map { $0 * rowHeight }
        let unitsPerRow = layer.rows.map { $0.reduce(0) { $0 + $1.width } }
        // The widest row fills the keys' span (the panel, or its middle on a wide output);
        // narrower rows are centred, their edge keys' touch areas reaching to the panel edges
        // (one-handed: to the span's edges).
        let units = max(unitsPerRow.max() ?? 1, 1)
        let (left, span) = PanelGeometry.keysSpan(units: units, width: width, arrangement: arrangement)
        var placed: [PlacedKey] = []
        for (r, row) in layer.rows.enumerated() {
            let y0 = top + rowTops[r].rounded()
            let y1 = r == rowCount - 1 ? Double(height) : top + rowTops[r + 1].rounded()
            let margin = (units - unitsPerRow[r]) / 2
            let segments = PanelGeometry.segments(
                row, from: margin, units: units, width: width, arrangement: arrangement, span: (left, span))
            for segment in segments {
                let keys = segment.keys
                let x = segment.x
                let real = keys.indices.filter { keys[$0].action != .spacer }
                for (n, i) in real.enumerated() {
                    let drawn = Rect(x: x[i], y: y0, width: x[i + 1] - x[i], height: y1 - y0)
                    let left = n == 0 ? segment.lo : x[i]
                    let right = n == real.count - 1 ? segment.hi : x[real[n + 1]]
                    let cell = Rect(x: left, y: y0, width: right - left, height: y1 - y0)
                    placed.append(PlacedKey(key: keys[i], row: r, frame: drawn.insetBy(spacing / 2), cell: cell))
                }
            }
        }
        if case .oneHanded(let side, _) = arrangement {
            let free =
                side == .left
                ? Rect(x: left + span, y: top, width: Double(width) - left - span, height: Double(height) - top)
                : Rect(x: 0, y: top, width: left, height: Double(height) - top)
            placed += PanelGeometry.handsButtons(in: free, keysAt: side, spacing: spacing)
        }
        // The strip and the toolbar lie over the keys (a split panel's: over its whole width).
        let (barLeft, barSpan) = arrangement == .split ? (0.0, Double(width)) : (left, span)
        let bar = top > 0 ? (bar ?? PanelBar(slots: true)) : .none
        let barRow = bar.rows > 0 ? (top / Double(bar.rows)).rounded() : 0
        var y = 0.0
        if !bar.toolbar.isEmpty {
            let row = Rect(x: 0, y: 0, width: Double(width), height: bar.slots ? barRow : top)
            toolbar = row
            placed += PanelGeometry.toolbarButtons(bar.toolbar, in: row, over: (barLeft, barSpan), spacing: spacing)
            y = row.maxY
        }
        if bar.slots {
            let strip = Rect(x: 0, y: y, width: Double(width), height: top - y)
            self.strip = strip
            var slotsRow = strip
            var slotsSpan = barSpan
            if let move = bar.candidates {
                // One letter key's width at the strip's right end.
                let x = (barLeft + barSpan * (1 - PanelGeometry.candidatesKeyShare)).rounded()
                let drawn = Rect(x: x, y: strip.y, width: (barLeft + barSpan).rounded() - x, height: strip.height)
                let cell = Rect(x: x, y: strip.y, width: strip.maxX - x, height: strip.height)
                let label = move == .close ? "▴" : "▾"
                placed.append(
                    PlacedKey(
                        key: Key(label: label, action: .candidates(move)), row: -1, frame: drawn.insetBy(spacing / 2), cell: cell)
                )
                slotsRow.width = x - strip.x
                slotsSpan = x - barLeft
            }
            if let row = bar.row {
                let keyWidth = (barSpan * PanelGeometry.candidatesKeyShare).rounded()
                placed += PanelGeometry.rowKeys(
                    row, in: slotsRow, from: barLeft, to: barLeft + slotsSpan, lastCell: slotsRow.maxX, keyWidth: keyWidth,
                    spacing: spacing)
            }
            let n = bar.row == nil ? PanelGeometry.stripSlots : 0
            for i in 0..<n {
                let (drawn, cell) = PanelGeometry.column(i, of: n, in: slotsRow, over: (barLeft, slotsSpan))
                let slot = Key(label: "", action: .suggestion(i))
                placed.append(PlacedKey(key: slot, row: -1, frame: drawn.insetBy(spacing / 2), cell: cell))
            }
        }
        keys = placed
    }

    /// A floating panel: the grip band along the top, the keys (with the strip and the
    /// toolbar) across the rest. `stripHeight` counts the grip band too (as `barHeight` does).
    init(floating layer: Layer, width: Int, height: Int, stripHeight: Int, bar: PanelBar?) {
        let grip = min(FloatingPanel.gripHeight, height / 3, stripHeight)
        self.init(
            across: layer, width: width, height: height - grip, stripHeight: stripHeight - grip, bar: bar, arrangement: .full)
        let down = Double(grip)
        for i in keys.indices {
            keys[i].frame.y += down
            keys[i].cell.y += down
        }
        strip?.y += down
        toolbar?.y += down
        barHeight += grip
        self.height = height
        keys += FloatingPanel.gripKeys(width: width, height: down, spacing: spacing)
    }

    /// Column `i` of `n` in a band row (the strip, the toolbar): drawn over the keys' span
    /// (`over`: its left edge and width), as they are centred; the outer columns' touch
    /// areas reach the row's ends.
    static func column(_ i: Int, of n: Int, in row: Rect, over keys: (left: Double, span: Double)) -> (drawn: Rect, cell: Rect) {
        let x0 = (keys.left + keys.span * Double(i) / Double(n)).rounded()
        let x1 = (keys.left + keys.span * Double(i + 1) / Double(n)).rounded()
        let (c0, c1) = (i == 0 ? row.x : x0, i == n - 1 ? row.maxX : x1)
        return (
            Rect(x: x0, y: row.y, width: x1 - x0, height: row.height),
            Rect(x: c0, y: row.y, width: c1 - c0, height: row.height)
        )
    }

    /// The toolbar's buttons in `row`: each in a fixed quarter (Paste's stays empty while it
    /// does not show), so that the others never move.
    static func toolbarButtons(
        _ buttons: [ToolbarButton], in row: Rect, over keys: (left: Double, span: Double),
        spacing: Double
    ) -> [PlacedKey] {
        let all = ToolbarButton.allCases
        return buttons.map { button in
            let (drawn, cell) = column(all.firstIndex(of: button) ?? 0, of: all.count, in: row, over: keys)
            return PlacedKey(
                key: Key(label: button.label, action: .toolbar(button)), row: -1,
                frame: drawn.insetBy(spacing / 2), cell: cell)
        }
    }

    /// The keys' span across the panel: its left edge and width (split: the width both
    /// halves take together, from 0).
    static func keysSpan(units: Double, width: Int, arrangement: KeyArrangement) -> (left: Double, span: Double) {
        let w = Double(width)
        let full = min(w, max(units, PanelSizing.narrowestUnits) * PanelSizing.maxKeyWidth)
        switch arrangement {
        case .full, .floating:
            return (((w - full) / 2).rounded(), full)
        case .oneHanded(let side, let share):
            let span = min(full, (w * min(max(share, 0.1), 1)).rounded())
            return (side == .left ? 0 : w - span, span)
        case .split:
            return (0, min(full, (w * KeyArrangement.splitKeysShare).rounded()))
        }
    }

    /// A row's keys in runs placed side by side: `keys`, their edges' x (one more than
    /// keys) and how far the outer keys' touch areas reach (`lo`, `hi`). One run but where
    /// the row splits; a split row parts at the key boundary nearest its middle (a tie
    /// gives the left half the key), and a space bar across the middle becomes two.
    static func segments(
        _ row: [Key], from margin: Double, units: Double, width: Int, arrangement: KeyArrangement,
        span: (left: Double, span: Double)
    ) -> [(keys: [Key], x: [Double], lo: Double, hi: Double)] {
        var edges = [margin]
        for key in row { edges.append(edges[edges.count - 1] + key.width) }
        guard case .split = arrangement, row.count > 1 else {
            let x = edges.map { (span.left + span.span * $0 / units).rounded() }
            let (lo, hi) =
                if case .oneHanded = arrangement { (span.left, span.left + span.span) } else { (0.0, Double(width)) }
            return [(row, x, lo, hi)]
        }
        let mid = units / 2
        let k = span.span / units
        var leftKeys: [Key] = []
        var rightKeys: [Key] = []
        var leftEdges = [edges[0]]
        var rightEdges: [Double] = []
        for (i, key) in row.enumerated() {
            let (a, b) = (edges[i], edges[i + 1])
            if b <= mid || (a < mid && mid - a >= b - mid && key.action != .space) {
                leftKeys.append(key)
                leftEdges.append(b)
            } else if a < mid, key.action == .space {
                var first = key
                first.width = mid - a
                var second = key
                second.width = b - mid
                leftKeys.append(first)
                leftEdges.append(mid)
                rightKeys.append(second)
                rightEdges = [mid, b]
            } else {
                if rightEdges.isEmpty { rightEdges.append(a) }
                rightKeys.append(key)
                rightEdges.append(b)
            }
        }
        let w = Double(width)
        let lx = leftEdges.map { ($0 * k).rounded() }
        let rx = rightEdges.map { (w - (units - $0) * k).rounded() }
        var runs: [(keys: [Key], x: [Double], lo: Double, hi: Double)] = []
        if !leftKeys.isEmpty { runs.append((leftKeys, lx, 0, rightKeys.isEmpty ? w : lx[lx.count - 1])) }
        if !rightKeys.isEmpty { runs.append((rightKeys, rx, leftKeys.isEmpty ? 0 : rx[0], w)) }
        return runs
    }

    /// The widest the column of one-handed buttons gets (on a wide output the free side is
    /// wider: the rest of it stays empty, away from the keys).
    static let handsColumnWidth = 2 * PanelSizing.maxKeyWidth

    /// The buttons on a one-handed panel's free side, one above the other, beside the keys.
    static func handsButtons(in free: Rect, keysAt side: Side, spacing: Double) -> [PlacedKey] {
        guard free.width >= 1, free.height >= 2 else { return [] }
        let width = min(free.width, handsColumnWidth)
        let x = side == .left ? free.x : free.maxX - width
        let half = (free.height / 2).rounded()
        return HandsMove.allCases.enumerated().map { n, move in
            let y = n == 0 ? free.y : free.y + half
            let cell = Rect(x: x, y: y, width: width, height: n == 0 ? half : free.height - half)
            let key = Key(label: move.label(keysAt: side), action: .hands(move))
            return PlacedKey(key: key, row: -1, frame: cell.insetBy(spacing / 2), cell: cell)
        }
    }

    static func spacing(rowHeight: Double, width: Int) -> Double {
        max(4, min(12, (rowHeight * 0.1).rounded()))
    }

    /// The index of the key whose touch area holds `p`, if any.
    public func keyIndex(at p: Point) -> Int? {
        keys.firstIndex { $0.cell.contains(p) }
    }
}

/// Identifies a pointer or a touch point; several may press keys at once.
public enum PressSource: Sendable, Hashable {
    case pointer
    case touch(Int32)
}
