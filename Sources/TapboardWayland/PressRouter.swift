import TapboardCore

/// Routes the seat's presses to the keyboard's controller: presses only on the panel,
/// moves from the panel or the popup in panel coordinates, times in milliseconds. The
/// live app and the tests use this one path.
public final class PressRouter: PressHandler {
    /// Runs one controller call and carries out the commands it returns.
    public typealias Apply = ((inout Controller) -> [Command]) -> Void
    private let apply: Apply

    public init(_ apply: @escaping Apply) { self.apply = apply }

    public func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32) {
        guard place == .panel else { return }
        apply { $0.press(source, at: point, time: UInt64(time)) }
    }

    public func moved(_ source: PressSource, on place: PressPlace, to point: Point) {
        apply { $0.move(source, to: place.panelPoint(point)) }
    }

    public func released(_ source: PressSource, time: UInt32) {
        apply { $0.release(source, time: UInt64(time)) }
    }

    public func cancelled(_ source: PressSource) {
        apply { $0.cancel(source) }
    }
}
