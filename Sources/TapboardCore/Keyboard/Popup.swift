/// A list that opens above a held key: its long-press alternates, or (on the globe
/// key) the enabled keyboards. Coordinates are panel-local, so `frame.y` is negative.
public struct Popup: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Alternates: a row; picking one types it.
        case alternates
        /// Keyboards: a column of names; picking one switches to it.
        case keyboards
        /// The pressed key, magnified above the finger.
        case preview
    }

    public var kind: Kind
    /// What each item shows.
    public var labels: [String]
    /// What picking each item gives (text to type, or a keyboard name).
    public var values: [String]
    /// The whole popup, and each item, in panel coordinates.
    public var frame: Rect
    public var itemFrames: [Rect]
    /// The item under the finger, if any.
    public var selected: Int?

    static let padding = 4.0

    /// A row of alternates above `key`, centred on it and kept inside the panel's width.
    /// The first alternate starts selected, as on phones.
    public static func alternates(_ items: [String], above key: PlacedKey, panelWidth: Int) -> Popup {
        // (A key of a panel narrower than its gaps has no width of its own.)
        let w = max(key.frame.width, 1)
        let h = max(key.frame.height, 1)
        let pad = padding
        let total = Double(items.count) * w + 2 * pad
        let x = min(max(key.frame.center.x - total / 2, 0), max(Double(panelWidth) - total, 0))
        let frame = Rect(x: x, y: key.frame.y - h - 2 * pad, width: total, height: h + 2 * pad)
        let cells = items.indices.map { Rect(x: x + pad + Double($0) * w, y: frame.y + pad, width: w, height: h) }
        return Popup(
            kind: .alternates, labels: items, values: items, frame: frame, itemFrames: cells,
            selected: items.isEmpty ? nil : 0)
    }

    /// A column of keyboard names above `key`, the current one selected.
    public static func keyboards(
        _ names: [(name: String, displayName: String)], current: String,
        above key: PlacedKey, panelWidth: Int
    ) -> Popup {
        let rowHeight = min(max(key.frame.height * 0.6, 32), 56)
        let pad = padding
        let width = min(max(key.frame.width * 3.5, 220), Double(panelWidth))
        let height = Double(names.count) * rowHeight + 2 * pad
        let x = min(max(key.frame.x, 0), max(Double(panelWidth) - width, 0))
        let frame = Rect(x: x, y: key.frame.y - height - pad, width: width, height: height)
        let cells = names.indices.map {
            Rect(x: x + pad, y: frame.y + pad + Double($0) * rowHeight, width: width - 2 * pad, height: rowHeight)
        }
        return Popup(
            kind: .keyboards, labels: names.map(\.displayName), values: names.map(\.name), frame: frame,
            itemFrames: cells, selected: names.firstIndex { $0.name == current })
    }

    /// The pressed key's label, a size bigger, above the key.
    public static func preview(_ label: String, above key: PlacedKey, panelWidth: Int) -> Popup {
        let w = max((key.frame.width * 1.4).rounded(), 1)
        let h = max((key.frame.height * 1.1).rounded(), 1)
        let x = min(max(key.frame.center.x - w / 2, 0), max(Double(panelWidth) - w, 0))
        let frame = Rect(x: x, y: key.frame.y - h - padding, width: w, height: h)
        return Popup(kind: .preview, labels: [label], values: [], frame: frame, itemFrames: [frame], selected: nil)
    }

    /// The item a finger at `p` points to. Alternates follow the finger's x anywhere
    /// above the key's bottom; keyboard names need the finger within the column.
    public func item(at p: Point, keyFrame: Rect) -> Int? {
        switch kind {
        case .alternates:
            guard p.y < keyFrame.maxY + keyFrame.height, p.y > frame.y - frame.height else { return nil }
            return itemFrames.firstIndex { p.x >= $0.x - Popup.padding && p.x < $0.maxX + Popup.padding }
        case .preview:
            return nil
        case .keyboards:
            guard p.x >= frame.x - 20, p.x < frame.maxX + 20 else { return nil }
            return itemFrames.firstIndex { p.y >= $0.y && p.y < $0.maxY }
        }
    }
}
