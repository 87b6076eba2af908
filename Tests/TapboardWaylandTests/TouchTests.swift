import Testing
import TapboardCore
@testable import TapboardWayland

/// Touch events fed to the seat, as wl_touch would deliver them, reach the keyboard
/// logic the live panel uses; what it types is recorded.
@Suite struct TouchTests {
    final class Recorder: PressHandler {
        var keyboard: KeyboardState
        let geometry: PanelGeometry
        var typed = ""
        init(_ layout: Layout) {
            keyboard = KeyboardState(layout: layout)
            geometry = PanelGeometry.forOutput(width: 720, height: 1280, layout: layout, layer: layout.layers[0])
        }
        func record(_ effects: [Effect]) {
            for case .commitText(let t) in effects { typed += t }
        }
        func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32) {
            record(keyboard.press(source, at: point, time: UInt64(time), in: geometry))
        }
        func moved(_ source: PressSource, on place: PressPlace, to point: Point) {
            record(keyboard.move(source, to: place.panelPoint(point), in: geometry))
        }
        func released(_ source: PressSource, time: UInt32) {
            record(keyboard.release(source, time: UInt64(time), in: geometry))
        }
        func cancelled(_ source: PressSource) { record(keyboard.cancel(source)) }

        func centre(_ label: String) -> Point { geometry.keys.first { $0.key.label == label }!.frame.center }
    }

    let layout = Layout(name: "t", displayName: "t", layers: [Layer(name: "base", rows: [
        "qwertyuiop".map { Key.text(String($0)) }, "asdfghjkl".map { Key.text(String($0)) }])])
    let surface = OpaquePointer(bitPattern: 0x1000)!

    /// A seat with no compositor behind it, feeding a recorder.
    func fedSeat() -> (Seat, Recorder) {
        let surfaces = Surfaces()
        surfaces.register(surface) { .panel }
        let seat = Seat(nil, surfaces: surfaces)
        let r = Recorder(layout)
        seat.handler = r
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
