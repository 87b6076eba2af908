import TapboardCore

/// The renderer measures the strip's candidates with the font it draws them in, so that the
/// candidate row gives each the room it needs.
extension PanelRenderer: LabelMeasure {
    public func ems(_ text: String) -> Double {
        guard !text.isEmpty else { return 0 }
        let pixels = LabelCache.shapedPixels
        return labels.label(text, pixels: pixels, transient: true).width / Double(pixels)
    }
}
