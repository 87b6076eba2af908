extension Layout {
    /// The digits of the number row, left to right.
    static let numberRowDigits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
    /// The number row's height next to a row of letters.
    static let numberRowHeight = 0.8

    /// This keyboard with a row of digits 1–0 above the letters, when its letters page
    /// is a page of letters without digits (not emoji, digit pads or panels). Each digit
    /// keeps the long-press alternates the keyboard gives it elsewhere, after the
    /// symbol it types with shift, if the keyboard names one.
    public func addingNumberRow() -> Layout {
        guard !isPanel, let letters = layers.first, letters.wantsNumberRow else { return self }
        let row = Layout.numberRowDigits.map { digit in
            let own = (layers + wideLayers).lazy.flatMap { $0.rows.joined() }.first { $0.action == .text(digit) }
            let alternates = (own?.shifted.map { [$0] } ?? []) + (own?.alternates ?? [])
            return Key(label: digit, action: .text(digit), alternates: alternates.filter { $0 != digit })
        }
        var copy = self
        copy.layers[0] = letters.addingRow(row)
        copy.wideLayers = wideLayers.map { $0.name == letters.name && $0.wantsNumberRow ? $0.addingRow(row) : $0 }
        return copy
    }
}

extension Layer {
    /// A page of letters that has no digit on it.
    var wantsNumberRow: Bool {
        let texts = rows.joined().compactMap { key -> String? in
            if case .text(let t) = key.action { return t }
            return nil
        }
        let letters = texts.filter { $0.count == 1 && $0.first!.isLetter }.count
        return letters >= 10 && !texts.contains { $0.count == 1 && $0.first!.isNumber }
    }

    /// This layer with `row` on top, a little lower than the others.
    func addingRow(_ row: [Key]) -> Layer {
        var copy = self
        copy.rowHeights = [Layout.numberRowHeight] + relativeRowHeights
        copy.rows = [row] + rows
        return copy
    }
}
