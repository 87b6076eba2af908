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
        init(_ layout: Layout, settings: Settings = Settings()) {
            var settings = settings
            settings.keyPreview = false
            controller = Controller(
                layouts: [layout], settings: settings, library: KeyboardLibrary([layout], shipped: false),
                textInput: false)
            let started = controller.start(hidden: false)
            sent += started
            for case .showPanel(let h) in started { sent += controller.panelConfigured(width: 720, height: h) }
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

    /// A finger on a floating panel's grip drags the panel: the seat passes each motion on,
    /// the surface's place follows the finger, and lifting it types nothing.
    @Test func aFingerDragsAFloatingPanelByItsGrip() throws {
        var settings = Settings()
        settings.floating = true
        let surfaces = Surfaces()
        surfaces.register(surface) { .panel }
        let seat = Seat(nil, surfaces: surfaces)
        let r = Recorder(layout, settings: settings)
        seat.handler = r.router
        func place() -> FloatingPlace? {
            r.sent.compactMap { if case .placePanel(.floating(let at, _)) = $0 { at } else { nil } }.last
        }
        r.sent += r.controller.outputChanged(width: 720, height: 1280, name: "HEADLESS-1")
        let start = try #require(place())
        let grip = try #require(r.controller.geometry?.keys.first { $0.key.action == .grip }).frame.center
        seat.touchDown(id: 3, surface: surface, at: grip, time: 100)
        // The finger moves 2 px left and 3 px up a step over the screen; wl_touch reports it
        // against where the surface is then (phoc's way).
        for step in 1...40 {
            let at = try #require(place())
            let screen = Point(x: Double(start.x) + grip.x - Double(2 * step), y: Double(start.y) + grip.y - Double(3 * step))
            seat.touchMotion(
                id: 3, to: Point(x: screen.x - Double(at.x), y: screen.y - Double(at.y)), time: UInt32(100 + step * 8))
        }
        seat.touchUp(id: 3, time: 500)
        let end = try #require(place())
        #expect(abs(end.x - (start.x - 80)) <= 2 && abs(end.y - (start.y - 120)) <= 3, "\(start) -> \(end)")
        #expect(r.typed == "")
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
