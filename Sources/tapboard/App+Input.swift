import TapboardCore
import TapboardWayland

/// Presses from the seat go to the controller; what it decides is carried out.
extension App: PressHandler {
    /// Which of our surfaces a seat event is on.
    func target(_ surface: OpaquePointer) -> PressTarget? {
        if surface == panel?.surface { return .panel }
        if let popup = popupSurface, surface == popup.surface { return .popup }
        return nil
    }

    func pressed(_ source: PressSource, surface: OpaquePointer, at point: Point, time: UInt32) {
        guard let t = target(surface) else { return }
        perform(controller.press(source, on: t, at: point, time: UInt64(time)))
    }

    func moved(_ source: PressSource, surface: OpaquePointer, to point: Point) {
        guard let t = target(surface) else { return }
        perform(controller.move(source, on: t, to: point))
    }

    func released(_ source: PressSource, time: UInt32) {
        perform(controller.release(source, time: UInt64(time)))
    }

    func cancelled(_ source: PressSource) {
        perform(controller.cancel(source))
    }
}
