/// The strip as an engine's candidate row: slots as wide as their candidates, best first
/// at the left, and a key at the right end for the next ones.
extension PanelGeometry {
    /// The row's keys in `strip`, the slots drawn from `left` to `right` (the keys' span, less
    /// the candidates panel's key), `lastCell` where the last touch area ends: as many slots
    /// (`.suggestion(i)`, i from 0: rank `row.start + i`) as fit, and, when some do not or
    /// an earlier page exists, a key of `keyWidth` at the right end (◀ ▶ at the left, with a
    /// resizable segment, each `segmentKeyShare` of it): ▸ for the next ones, ◂
    /// back to the first on the last page.
    static func rowKeys(
        _ row: CandidateRow, in strip: Rect, from left: Double, to right: Double, lastCell: Double, keyWidth: Double,
        spacing: Double
    ) -> [PlacedKey] {
        var placed: [PlacedKey] = []
        var left = left
        var firstCell = strip.x
        if row.resizable {
            // ◀ ▶ move the end of the segment being chosen.
            let width = keyWidth * segmentKeyShare
            for (move, label) in [(CandidatesMove.segmentShorter, "◀"), (.segmentLonger, "▶")] {
                let x0 = left.rounded()
                let x1 = (left + width).rounded()
                let drawn = Rect(x: x0, y: strip.y, width: x1 - x0, height: strip.height)
                let cell = Rect(x: firstCell, y: strip.y, width: x1 - firstCell, height: strip.height)
                let key = Key(label: label, action: .candidates(move))
                placed.append(PlacedKey(key: key, row: -1, frame: drawn.insetBy(spacing / 2), cell: cell))
                left += width
                firstCell = x1
            }
        }
        let room = max(right - left, 0)
        let widths = row.ems.map { min(CandidateRow.slotWidth(ems: $0, height: strip.height), room) }
        var n = fitting(widths, in: room)
        var move: CandidatesMove?
        if n < widths.count || row.more || row.start > 0 {
            n = max(fitting(widths, in: room - keyWidth), min(widths.count, 1))
            move = n < widths.count || row.more ? .rowNext : .rowFirst
        }
        let keyX = (right - keyWidth).rounded()
        let end = move == nil ? lastCell : keyX
        var x = left.rounded()
        for i in 0..<n {
            let x1 = min((x + widths[i]).rounded(), move == nil ? right.rounded() : keyX)
            let x0 = i == 0 ? firstCell : x
            let cell = Rect(x: x0, y: strip.y, width: (i == n - 1 ? end : x1) - x0, height: strip.height)
            let drawn = Rect(x: x, y: strip.y, width: x1 - x, height: strip.height)
            placed.append(
                PlacedKey(key: Key(label: "", action: .suggestion(i)), row: -1, frame: drawn.insetBy(spacing / 2), cell: cell))
            x = x1
        }
        if let move {
            let drawn = Rect(x: keyX, y: strip.y, width: right.rounded() - keyX, height: strip.height)
            let cell = Rect(x: keyX, y: strip.y, width: lastCell - keyX, height: strip.height)
            let key = Key(label: move == .rowNext ? "▸" : "◂", action: .candidates(move))
            placed.append(PlacedKey(key: key, row: -1, frame: drawn.insetBy(spacing / 2), cell: cell))
        }
        return placed
    }

    /// ◀ and ▶ each take this share of the paging key's width.
    static let segmentKeyShare = 0.6

    /// How many of `widths`, side by side from the first, fit in `room`.
    private static func fitting(_ widths: [Double], in room: Double) -> Int {
        var used = 0.0
        var n = 0
        for w in widths {
            guard used + w <= room else { break }
            used += w
            n += 1
        }
        return n
    }

    /// How many candidates the row shows (its slots).
    public var rowSlotCount: Int {
        keys.reduce(0) { n, k in if case .suggestion = k.key.action { n + 1 } else { n } }
    }
}
