import TapboardCore

/// Where a press or a pointer is, as the app sees it: on the panel, or on the popup
/// above it. Resolved inside TapboardWayland from the wl_surface the seat reports.
public enum PressPlace: Sendable, Equatable {
    case panel
    /// The popup, whose top-left corner lies at `offset` in panel coordinates.
    case popup(offset: Point)
    /// The handle shown while the panel is hidden (its points mean nothing to the panel).
    case handle

    /// A point on this surface in panel coordinates.
    public func panelPoint(_ p: Point) -> Point {
        switch self {
        case .panel, .handle: p
        case .popup(let o): Point(x: p.x + o.x, y: p.y + o.y)
        }
    }
}

/// The surfaces tapboard owns, by wl_surface address, so the seat can tell what it
/// points at without the app ever comparing raw pointers.
final class Surfaces {
    private var places: [UInt: () -> PressPlace?] = [:]
    /// Told of each surface as it goes (the seats: a press that began on it gets no release).
    var goneObservers: [(OpaquePointer) -> Void] = []

    func register(_ surface: OpaquePointer, _ place: @escaping () -> PressPlace?) {
        places[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(surface)))] = place
    }

    /// The surface is about to be destroyed.
    func unregister(_ surface: OpaquePointer) {
        places[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(surface)))] = nil
        for observer in goneObservers { observer(surface) }
    }

    /// nil: not one of ours (or gone).
    func place(of surface: OpaquePointer?) -> PressPlace? {
        guard let surface else { return nil }
        return places[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(surface)))]?()
    }
}
