extension Settings {
    /// The arrangement these settings give a panel in `mode` on an output of this size.
    /// A keyboard made for wide screens (the `desktop` keyboard: rows wider than
    /// `wholeRowUnits` letter keys) is never split, as panels are not, nor one without
    /// letter keys (emoji, digit and PIN pads).
    public func arrangement(mode: PanelMode, output: (width: Int, height: Int), layout: Layout) -> KeyArrangement {
        // Emoji and pads stay whole: nothing to type with two thumbs.
        let whole =
            layout.isPanel || !layout.hasLetterKeys
            || layout.layers.contains { $0.rows.contains { $0.reduce(0) { $0 + $1.width } > Self.wholeRowUnits } }
        return KeyArrangement.choose(
            mode: mode, split: split, oneHandedWidth: oneHandedWidth, floatingWidth: floatingWidth, output: output,
            isPanel: whole)
    }

    /// Rows wider than this many letter keys make a keyboard too wide to split.
    static let wholeRowUnits = 12.0
}
