/// How tall the panel is on an output of a given logical size.
public enum PanelSizing {
    /// The widest a letter key gets, in logical pixels (wider keys only stretch the thumbs).
    public static let maxKeyWidth = 90.0
    /// Keyboards of fewer key units (digit pads, panels) are held to this many units'
    /// room, not to their own: their big keys stay big.
    public static let narrowestUnits = 10.0

    /// Panel height in logical pixels for `rows` rows on a `width` x `height` output.
    public static func height(outputWidth width: Int, outputHeight height: Int, rows: Double) -> Int {
        let portrait = height >= width
        // Portrait: keys a bit taller than wide, as on phones; landscape: a tenth of the height.
        let ideal = portrait ? Double(width) / 10 * 1.45 : Double(height) * 0.1
        let rowHeight = min(max(ideal, 36), 110)
        let capped = min(rows * rowHeight, Double(height) * 0.5)
        return max(Int(capped.rounded()), 1)
    }
}

extension PanelSizing {
    /// The suggestion strip's height for keys rows of `rowHeight`.
    public static func stripHeight(rowHeight: Double) -> Int {
        Int(min(max(rowHeight * 0.62, 32), 56).rounded())
    }
}

extension PanelGeometry {
    /// The panel for `layer` of `layout` on an output of this logical size: full width,
    /// and a height that stays the same across the layout's layers; with `strip`, the
    /// suggestion strip on top (the whole still at most half the output); with `bar`, the
    /// strip and the toolbar as it says, each a row of strip height. `size`: the user's
    /// height for the whole panel, strip and toolbar included. `rows`: the rows (in row
    /// heights) the keys' height is made for; nil: `layout`'s own (`Layout.heightRows`).
    public static func forOutput(
        width: Int, height: Int, layout: Layout, layer: Layer,
        strip: Bool = false, bar: PanelBar? = nil,
        size: PanelHeight = .automatic, arrangement: KeyArrangement = .full, rows heightRows: Double? = nil
    ) -> PanelGeometry {
        if case .floating(let share) = arrangement {
            // The keys as a full-width panel of the floating panel's width would have them, under the grip.
            let w = FloatingPanel.width(output: (width, height), share: share)
            let keys = forOutput(
                width: w, height: height, layout: layout, layer: layer, strip: strip, bar: bar, size: size,
                rows: heightRows)
            return PanelGeometry(
                layer: layer, width: w, height: keys.height + FloatingPanel.gripHeight,
                stripHeight: keys.barHeight + FloatingPanel.gripHeight,
                bar: bar ?? PanelBar(slots: strip), arrangement: arrangement)
        }
        let bar = bar ?? PanelBar(slots: strip)
        let rows = heightRows ?? layout.heightRows
        if let total = size.pixels(outputHeight: height) {
            // The strip and toolbar rows as tall as they would be over keys sharing the rest.
            let bars = Double(bar.rows)
            let band =
                bar.rows > 0
                ? min(PanelSizing.stripHeight(rowHeight: Double(total) / (rows + 0.62 * bars)) * bar.rows, total - 1) : 0
            return PanelGeometry(
                layer: layer, width: width, height: total, stripHeight: band, bar: bar, arrangement: arrangement)
        }
        var keysHeight = PanelSizing.height(outputWidth: width, outputHeight: height, rows: rows)
        guard bar.rows > 0 else {
            return PanelGeometry(layer: layer, width: width, height: keysHeight, arrangement: arrangement)
        }
        let stripHeight = PanelSizing.stripHeight(rowHeight: Double(keysHeight) / rows) * bar.rows
        // At least a pixel of keys: a layer surface anchored at the bottom must not ask for height 0.
        keysHeight = max(min(keysHeight, height / 2 - stripHeight), 1)
        return PanelGeometry(
            layer: layer, width: width, height: keysHeight + stripHeight, stripHeight: stripHeight,
            bar: bar, arrangement: arrangement)
    }
}

extension Layout {
    /// The rows a panel showing `shown` has its height made for: for the user's keyboards
    /// (`enabled`, keyboard names in the user's order) those of the first with letter keys,
    /// so that emoji, symbols and other languages fit into the same height and switching
    /// among them never moves the app above; nil (`shown`'s own) for a keyboard a field's
    /// purpose brought (terminal, PIN pad), or when none has letters. `load`: a keyboard as
    /// shown (nil: not available).
    public static func panelRows(for shown: Layout, enabled: [String], load: (String) -> Layout?) -> Double? {
        guard enabled.contains(shown.name) else { return nil }
        for name in enabled {
            if let l = load(name), l.hasLetterKeys { return l.heightRows }
        }
        return nil
    }

    /// The rows its tallest layer stacks, in row heights: what its own panel's height is
    /// made for.
    public var heightRows: Double { layers.map { $0.relativeRowHeights.reduce(0, +) }.max() ?? 1 }

    /// Whether it types words with letter keys (a language's keyboard, the terminal's),
    /// as against emoji and pads.
    public var hasLetterKeys: Bool {
        layers.first?.rows.contains {
            $0.contains { if case .text(let t) = $0.action { t.count == 1 && t.first!.isLetter } else { false } }
        }
            ?? false
    }
}

extension Layer {
    /// Each row's share of the height: `rowHeights`, or 1 for every row.
    public var relativeRowHeights: [Double] {
        rowHeights.count == rows.count ? rowHeights : Array(repeating: 1, count: max(rows.count, 1))
    }
}
