/// The panel as tapboard last put it on screen: wanted or not, the height asked of the
/// compositor, the keys laid out for the size it configured. Hidden, nothing is
/// configured and nothing asked: `!visible` implies `geometry == nil && askedHeight == nil`.
struct ShownPanel {
    /// The panel is wanted on screen.
    private(set) var visible = false
    /// The last height asked of the compositor: a compositor that clamps it is not asked again.
    private(set) var askedHeight: Int?
    /// Key rectangles for the configured panel; nil while there is no configured panel.
    private(set) var geometry: PanelGeometry?
    /// The layer `geometry` was computed for.
    private(set) var laidOutLayer = ""
    /// The place last asked of the Wayland side (it keeps it while the panel is hidden).
    /// A floating panel's place is asked even while hidden: it is where it comes back.
    private(set) var askedPlace = PanelPlace.docked
    /// What the band above the keys held when it was last worked out (hidden: what it
    /// will hold when the panel comes back).
    var bar = PanelBar.none
    /// The rows the panel's height is made for, whatever keyboard shows (`Layout.panelRows`);
    /// nil: the shown keyboard's own.
    var rows: Double?
    /// The toolbar's Done hid it: it stays hidden until a field is focused or the focused
    /// one is touched (any other show or hide forgets it).
    private(set) var hiddenByDone = false

    /// The panel is wanted on screen, at `height`, asked now.
    mutating func show(asking height: Int) {
        visible = true
        askedHeight = height
        hiddenByDone = false
    }

    /// Off screen: no configured panel, no height asked; `byDone`: the toolbar's Done hid it.
    mutating func hide(byDone: Bool = false) {
        hiddenByDone = byDone
        visible = false
        geometry = nil
        askedHeight = nil
    }

    /// Whether to ask the compositor for `height` now: the panel is wanted and was not
    /// last asked that. Asking is noted.
    mutating func shouldAsk(_ height: Int) -> Bool {
        guard visible, height != askedHeight else { return false }
        askedHeight = height
        return true
    }

    /// Whether to ask for `place` now: it is not the place last asked. Asking is noted.
    mutating func shouldPlace(_ place: PanelPlace) -> Bool {
        guard place != askedPlace else { return false }
        askedPlace = place
        return true
    }

    /// The output changed: the next height is asked whatever was asked before.
    mutating func forgetAskedHeight() { askedHeight = nil }

    /// The compositor configured the panel and `geometry` lays out `layer` at its size
    /// (ignored while the panel is not wanted).
    mutating func configured(_ geometry: PanelGeometry, layer: String) {
        guard visible else { return }
        self.geometry = geometry
        laidOutLayer = layer
    }

    /// The configured panel's keys, worked out again at its size (nothing while no panel
    /// is configured); `layer`: the layer they are for now, nil: unchanged.
    mutating func relaidOut(_ geometry: PanelGeometry, layer: String? = nil) {
        guard self.geometry != nil else { return }
        self.geometry = geometry
        if let layer { laidOutLayer = layer }
    }
}
