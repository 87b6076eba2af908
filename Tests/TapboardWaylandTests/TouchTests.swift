import TapboardCore
import TestSupport
import Testing

@testable import TapboardWayland

/// Touch events fed to the seat, as wl_touch would deliver them, go the live panel's
/// way (PressRouter to the Controller); what the controller sends is recorded.
@Suite struct TouchTests {
    /// A controller with its panel shown and configured, and what it sent.
    final class Recorder {
        var controller: Controller
        var sent: [Command] = []
        lazy var router = PressRouter { [unowned self] call in self.sent += call(&self.controller) }
        init(_ layout: Layout) {
            var settings = Settings()
            settings.keyPreview = false
            controller = Controller(
                layouts: [layout], settings: settings, library: KeyboardLibrary([layout], shipped: false),
                textInput: false)
            for case .showPanel(let h) in controller.start(hidden: false) {
                _ = controller.panelConfigured(width: 720, height: h)
            }
        }
        var typed: String {
            sent.compactMap { if case .typeKeys(let t) = $0 { t } else { nil } }.joined()
        }
        func centre(_ label: String) -> Point {
            controller.geometry!.keys.first { $0.key.label == label }!.frame.center
        }
    }

    let layout = Layout(
        name: "t", displayName: "t",
        layers: [
            Layer(
                name: "base",
                rows: [
                    "qwertyuiop".map { Key.text(String($0)) }, "asdfghjkl".map { Key.text(String($0)) }
                ])
        ])
    let surface = OpaquePointer(bitPattern: 0x1000)!

    /// A seat with no compositor behind it, feeding the controller.
    func fedSeat() -> (Seat, Recorder) {
        let surfaces = Surfaces()
        surfaces.register(surface) { .panel }
        let seat = Seat(nil, surfaces: surfaces)
        let r = Recorder(layout)
        seat.handler = r.router
        return (seat, r)
    }

    @Test func twoFingerRollTypesBothInOrder() {
        let (seat, r) = fedSeat()
        seat.touchDown(id: 1, surface: surface, at: r.centre("a"), time: 100)
        seat.touchDown(id: 2, surface: surface, at: r.centre("s"), time: 140)
        #expect(r.typed == "a")  // the second finger committed the first at once
        seat.touchUp(id: 1, time: 160)
        seat.touchUp(id: 2, time: 180)
        #expect(r.typed == "as")
    }

    @Test func releasingInReverseOrderKeepsTheOrderOfPresses() {
        let (seat, r) = fedSeat()
        seat.touchDown(id: 5, surface: surface, at: r.centre("d"), time: 100)
        seat.touchDown(id: 6, surface: surface, at: r.centre("f"), time: 120)
        seat.touchUp(id: 6, time: 130)
        seat.touchUp(id: 5, time: 140)
        #expect(r.typed == "df")
    }

    @Test func cancelledTouchesTypeNothing() {
        let (seat, r) = fedSeat()
        seat.touchDown(id: 1, surface: surface, at: r.centre("q"), time: 0)
        seat.touchMotion(id: 1, to: r.centre("w"))  // slid off: cancelled
        seat.touchUp(id: 1, time: 10)
        seat.touchDown(id: 2, surface: surface, at: r.centre("e"), time: 20)
        seat.touchCancel()
        seat.touchUp(id: 2, time: 30)
        #expect(r.typed == "")
    }
}
