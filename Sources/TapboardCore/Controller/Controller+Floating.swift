/// What the controller knows of a floating panel: the places the user dragged it to,
/// the drag going on, where the compositor has it now.
struct FloatingState {
    /// Places by output and orientation (in memory; App keeps them in a state file).
    var places = FloatingPlaces()
    /// The grip is held; nil: no drag.
    var drag: FloatingDrag?
    /// The place the compositor last applied (nil: none reported yet). Until it is the
    /// place last asked, a press's coordinates may be relative to either.
    var applied: FloatingPlace?
    /// Places changed since they were last handed out for saving.
    var dirty = false
}

/// The floating panel: its place, the drag by its grip.
extension Controller {
    /// The output and orientation the panel's place is remembered for now.
    var floatingSpot: FloatingPlaces.Spot {
        FloatingPlaces.Spot(output: outputName ?? "", orientation: Orientation(width: output.width, height: output.height))
    }

    /// Where the panel's surface should be: docked, or floating where the user left it on
    /// this output and orientation (first: centred at the bottom), kept on the output.
    var wantedPlace: PanelPlace {
        guard panelMode == .floating else { return .docked }
        let g = wantedGeometry
        let size = (width: g.width, height: g.height)
        let place = placement.floating.places[floatingSpot] ?? FloatingPanel.firstPlace(size: size, output: output)
        return .floating(FloatingPanel.clamp(place, size: size, output: output), width: g.width)
    }

    /// The places the user dragged floating panels to, as remembered.
    public var floatingPlaces: FloatingPlaces { placement.floating.places }

    /// Places remembered from an earlier run (before the panel shows).
    public mutating func rememberFloatingPlaces(_ places: FloatingPlaces) {
        placement.floating.places = places
    }

    /// The compositor applied `place` (the Wayland side's round trip after asking for it):
    /// press coordinates from now on are relative to it.
    public mutating func panelPlaced(_ place: PanelPlace) {
        if case .floating(let at, _) = place { placement.floating.applied = at } else { placement.floating.applied = nil }
    }

    /// A press on a floating panel's grip starts a drag (nil: not a drag).
    mutating func startDrag(_ source: PressSource, at point: Point, in g: PanelGeometry) -> [Command]? {
        guard panelMode == .floating, placement.floating.drag == nil, keyboard.popup == nil,
            case .floating(let place, _) = panel.askedPlace,
            let i = g.keyIndex(at: point), g.keys[i].key.action == .grip
        else { return nil }
        placement.floating.drag = FloatingDrag(source: source, grab: point, start: place)
        return []
    }

    /// The dragging press moved to `point` (panel coordinates): the panel follows, kept
    /// on the output; nil: `source` does not drag. Read against the panel's current place,
    /// a point that comes while a move is on its way may belong to the old place or the
    /// new (sway reports the pointer again as the surface moves under it): it is skipped,
    /// and the next one read.
    mutating func drag(_ source: PressSource, to point: Point) -> [Command]? {
        guard var drag = placement.floating.drag, drag.source == source else { return nil }
        guard case .floating(let asked, let width) = panel.askedPlace, let g = geometry else { return [] }
        let onItsWay = placement.floating.applied.map { $0 != asked } ?? false
        if onItsWay && drag.frame != .pressPlace {
            drag.skip()
            placement.floating.drag = drag
            return []
        }
        let wanted = drag.place(pointer: point, panelAt: asked)
        placement.floating.drag = drag
        guard let wanted else { return [] }
        return follow(to: wanted, asked: asked, size: (width, g.height))
    }

    /// The dragging press is at `point` again, relative to the panel where it is now (see
    /// `FloatingDrag.placeAgain`); nil: `source` does not drag. While a move is on its way
    /// the compositor's place is not known: nothing is read.
    mutating func dragInPlace(_ source: PressSource, at point: Point) -> [Command]? {
        guard var drag = placement.floating.drag, drag.source == source else { return nil }
        guard case .floating(let asked, let width) = panel.askedPlace, let g = geometry,
            placement.floating.applied.map({ $0 == asked }) ?? true
        else { return [] }
        let wanted = drag.placeAgain(pointer: point, panelAt: asked)
        placement.floating.drag = drag
        guard let wanted else { return [] }
        return follow(to: wanted, asked: asked, size: (width, g.height))
    }

    /// The panel goes to `wanted`, kept on the output, and the place is remembered.
    private mutating func follow(to wanted: FloatingPlace, asked: FloatingPlace, size: (Int, Int)) -> [Command] {
        let place = FloatingPanel.clamp(wanted, size: size, output: output)
        guard place != asked else { return [] }
        placement.floating.places[floatingSpot] = place
        placement.floating.dirty = true
        return resize()
    }

    /// The dragging press ended; nil: `source` does not drag. The place is handed out for saving.
    mutating func endDrag(_ source: PressSource) -> [Command]? {
        guard let drag = placement.floating.drag, drag.source == source else { return nil }
        placement.floating.drag = nil
        guard placement.floating.dirty else { return [] }
        placement.floating.dirty = false
        return [.saveFloatingPlaces(placement.floating.places)]
    }
}
