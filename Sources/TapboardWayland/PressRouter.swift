import TapboardCore

/// Routes the seat's presses to the keyboard's controller: presses only on the panel,
/// moves from the panel or the popup in panel coordinates, times in milliseconds. The
/// live app and the tests use this one path.
public final class PressRouter: PressHandler {
    /// Runs one controller call and carries out the commands it returns.
    public typealias Apply = ((inout Controller) -> [Command]) -> Void
    private let apply: Apply
    /// A press went down on the handle (it brings the panel up).
    public var onHandle: (() -> Void)?
    /// A press went down on the panel (for haptic and sound feedback).
    public var onPanelPress: (() -> Void)?
    /// Presses that began on the handle: the rest of each is not the panel's.
    private var handlePresses: Set<PressSource> = []

    public init(_ apply: @escaping Apply) { self.apply = apply }

    public func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32) {
        switch place {
        case .panel:
            onPanelPress?()
            apply { $0.press(source, at: point, time: UInt64(time)) }
        case .handle:
            handlePresses.insert(source)
            onHandle?()
        case .popup:
            break
        }
    }

    public func moved(_ source: PressSource, on place: PressPlace, to point: Point, time: UInt32? = nil) {
        guard !handlePresses.contains(source) else { return }
        apply { $0.move(source, to: place.panelPoint(point), time: time.map(UInt64.init)) }
    }

    /// Only a floating panel's drag reads it (a key's press has its point already).
    public func movedInPlace(_ source: PressSource, on place: PressPlace, at point: Point) {
        guard !handlePresses.contains(source) else { return }
        apply { $0.moveInPlace(source, at: place.panelPoint(point)) }
    }

    public func released(_ source: PressSource, time: UInt32) {
        guard handlePresses.remove(source) == nil else { return }
        apply { $0.release(source, time: UInt64(time)) }
    }

    public func cancelled(_ source: PressSource) {
        guard handlePresses.remove(source) == nil else { return }
        apply { $0.cancel(source) }
    }
}
