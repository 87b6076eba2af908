import TapboardCore

extension PanelRenderer {
    /// A key's picture, with its label under it when it has one; false: the picture is broken.
    func drawPicture(_ path: String, label: String, in f: Rect, _ ink: Color, _ cr: OpaquePointer) -> Bool {
        let pad = (min(f.width, f.height) * 0.1).rounded()
        var area = f.insetBy(pad)
        var labelArea: Rect?
        if !label.isEmpty {
            let h = (f.height * 0.26).rounded()
            labelArea = Rect(x: f.x, y: f.maxY - h - pad / 2, width: f.width, height: h)
            area.height -= h - pad / 2
        }
        guard images.draw(path, in: area, cr) else { return false }
        if let labelArea { drawLabel(label, in: labelArea, size: 0.72, ink, cr) }
        return true
    }
}
