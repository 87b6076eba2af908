import TapboardCore
import Testing

@testable import TapboardWayland

/// Pointer crossings, device loss and seat removal, fed to a seat by hand as the
/// compositor would send them: every press ends, none hangs.
@Suite struct SeatTests {
    final class Log: PressHandler {
        var events: [String] = []
        func name(_ s: PressSource) -> String {
            switch s {
            case .pointer: "pointer"
            case .touch(let id): "touch\(id)"
            }
        }
        func place(_ p: PressPlace) -> String {
            switch p {
            case .panel: "panel"
            case .popup(let o): "popup(\(Int(o.x)),\(Int(o.y)))"
            case .handle: "handle"
            }
        }
        func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32) {
            events.append("press \(name(source)) \(self.place(place)) \(Int(point.x)),\(Int(point.y))")
        }
        func moved(_ source: PressSource, on place: PressPlace, to point: Point, time: UInt32?) {
            events.append("move \(name(source)) \(self.place(place)) \(Int(point.x)),\(Int(point.y))")
        }
        func movedInPlace(_ source: PressSource, on place: PressPlace, at point: Point) {
            events.append("again \(name(source)) \(self.place(place)) \(Int(point.x)),\(Int(point.y))")
        }
        func released(_ source: PressSource, time: UInt32) { events.append("release \(name(source))") }
        func cancelled(_ source: PressSource) { events.append("cancel \(name(source))") }
    }

    let panel = OpaquePointer(bitPattern: 0x1000)!
    let popup = OpaquePointer(bitPattern: 0x2000)!
    let foreign = OpaquePointer(bitPattern: 0x3000)!

    func fedSeat(version: UInt32 = 5) -> (Seat, Log) {
        let surfaces = Surfaces()
        surfaces.register(panel) { .panel }
        surfaces.register(popup) { .popup(offset: Point(x: 100, y: -80)) }
        let seat = Seat(nil, version: version, surfaces: surfaces)
        let log = Log()
        seat.handler = log
        seat.setCapabilities(pointer: true, touch: true)
        return (seat, log)
    }

    /// A tap on the handle brings the panel up at once and the handle goes; under load sway
    /// dropped the tap's release (its surface was gone) and entered the panel with no button
    /// event. The next tap on the panel is a tap of its own, not that press going on.
    @Test func aPressWhoseSurfaceGoesEndsWithIt() {
        let surfaces = Surfaces()
        let handle = OpaquePointer(bitPattern: 0x4000)!
        surfaces.register(handle) { .handle }
        surfaces.register(panel) { .panel }
        let seat = Seat(nil, version: 5, surfaces: surfaces)
        let log = Log()
        seat.handler = log
        seat.setCapabilities(pointer: true, touch: true)
        seat.pointerEnter(surface: handle, at: Point(x: 30, y: 7))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 1)
        seat.touchDown(id: 0, surface: handle, at: Point(x: 31, y: 7), time: 1)
        surfaces.unregister(handle)
        #expect(log.events == ["press pointer handle 30,7", "press touch0 handle 31,7", "cancel pointer", "cancel touch0"])
        seat.pointerLeave()
        seat.pointerFrame()
        seat.pointerEnter(surface: panel, at: Point(x: 360, y: 411))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 400)
        seat.pointerButton(pressed: false, time: 430)
        seat.touchUp(id: 0, time: 440)  // never sent for a gone surface; harmless if it were
        #expect(log.events.suffix(2) == ["press pointer panel 360,411", "release pointer"])
    }

    /// phoc has no implicit grab: the release goes to whatever is under the pointer.
    @Test func pointerLeavingWhileHeldCancelsThePress() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerLeave()
        seat.pointerFrame()
        #expect(log.events == ["press pointer panel 10,20"])  // it might enter the popup yet
        seat.endOfBurst()
        seat.pointerButton(pressed: false, time: 2)  // not sent by phoc; harmless if it were
        #expect(log.events == ["press pointer panel 10,20", "cancel pointer"])
        // The pointer comes back with the button up: a new press works.
        seat.pointerEnter(surface: panel, at: Point(x: 30, y: 40))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 3)
        seat.pointerButton(pressed: false, time: 4)
        #expect(log.events.suffix(2) == ["press pointer panel 30,40", "release pointer"])
    }

    /// wlroots sends no motion that repeats the last surface-local point, only its frame
    /// (labwc, as the panel moves with the pointer): an empty frame, the button held, is
    /// the pointer at that point again. Without the button, or with a scroll in it, it is not.
    @Test func anEmptyFrameWhileHeldIsThePointAgain() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerFrame()
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerFrame()
        seat.pointerMotion(to: Point(x: 10, y: 16), time: 2)
        seat.pointerFrame()
        seat.pointerFrame()
        seat.pointerOtherEvent()
        seat.pointerFrame()
        seat.pointerButton(pressed: false, time: 3)
        seat.pointerFrame()
        seat.pointerFrame()
        #expect(
            log.events == [
                "press pointer panel 10,20", "move pointer panel 10,16", "again pointer panel 10,16", "release pointer"
            ])
    }

    @Test func heldPointerCrossingIntoThePopupGoesOn() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerLeave()
        seat.pointerEnter(surface: popup, at: Point(x: 5, y: 6))
        seat.pointerFrame()
        seat.pointerMotion(to: Point(x: 7, y: 8))
        seat.pointerFrame()
        seat.pointerButton(pressed: false, time: 2)
        #expect(
            log.events == [
                "press pointer panel 10,20", "move pointer popup(100,-80) 5,6",
                "move pointer popup(100,-80) 7,8", "release pointer"
            ])
    }

    /// phoc sends the leave and the enter in frames of their own, in one burst.
    @Test func heldPointerCrossingIntoThePopupInSeparateFramesGoesOn() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerFrame()
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerLeave()
        seat.pointerFrame()
        seat.pointerEnter(surface: popup, at: Point(x: 5, y: 6))
        seat.pointerFrame()
        seat.endOfBurst()
        seat.pointerButton(pressed: false, time: 2)
        #expect(log.events == ["press pointer panel 10,20", "move pointer popup(100,-80) 5,6", "release pointer"])
    }

    @Test func heldPointerLeavingForAnotherClientCancels() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerLeave()
        seat.pointerEnter(surface: foreign, at: Point(x: 1, y: 1))  // not ours (or a stale surface)
        seat.pointerFrame()
        seat.endOfBurst()
        #expect(log.events == ["press pointer panel 10,20", "cancel pointer"])
    }

    /// Before seat version 5 there is no frame: a leave stands alone.
    @Test func seatWithoutFramesCancelsOnLeave() {
        let (seat, log) = fedSeat(version: 4)
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerLeave()
        seat.endOfBurst()
        #expect(log.events == ["press pointer panel 10,20", "cancel pointer"])
    }

    @Test func pressOnAForeignSurfaceIsIgnored() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: foreign, at: Point(x: 10, y: 20))
        seat.pointerButton(pressed: true, time: 1)
        seat.pointerButton(pressed: false, time: 2)
        seat.touchDown(id: 1, surface: foreign, at: Point(x: 1, y: 1), time: 3)
        seat.touchUp(id: 1, time: 4)
        #expect(log.events.isEmpty)
    }

    @Test func losingAndRegainingDevicesEndsPressesAndKeepsWorking() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerButton(pressed: true, time: 1)
        seat.touchDown(id: 3, surface: panel, at: Point(x: 1, y: 2), time: 1)
        seat.setCapabilities(pointer: false, touch: true)
        #expect(log.events.suffix(1) == ["cancel pointer"])
        seat.setCapabilities(pointer: false, touch: false)
        #expect(log.events.suffix(1) == ["cancel touch3"])
        seat.pointerButton(pressed: false, time: 2)
        seat.touchUp(id: 3, time: 2)
        #expect(log.events.count == 4)
        seat.setCapabilities(pointer: true, touch: true)
        seat.pointerEnter(surface: panel, at: Point(x: 5, y: 5))
        seat.pointerButton(pressed: true, time: 3)
        seat.pointerButton(pressed: false, time: 4)
        seat.touchDown(id: 4, surface: panel, at: Point(x: 6, y: 6), time: 5)
        seat.touchUp(id: 4, time: 6)
        #expect(
            log.events.suffix(4) == [
                "press pointer panel 5,5", "release pointer",
                "press touch4 panel 6,6", "release touch4"
            ])
    }

    @Test func seatRemovalCancelsEveryPress() {
        let (seat, log) = fedSeat()
        seat.pointerEnter(surface: panel, at: Point(x: 10, y: 20))
        seat.pointerButton(pressed: true, time: 1)
        seat.touchDown(id: 1, surface: panel, at: Point(x: 1, y: 2), time: 1)
        seat.touchDown(id: 2, surface: panel, at: Point(x: 3, y: 4), time: 1)
        seat.removed()
        #expect(log.events.count == 6)
        #expect(Set(log.events.suffix(3)) == ["cancel pointer", "cancel touch1", "cancel touch2"])
    }

    @Test func placesConvertToPanelCoordinates() {
        #expect(PressPlace.panel.panelPoint(Point(x: 3, y: 4)) == Point(x: 3, y: 4))
        #expect(PressPlace.popup(offset: Point(x: 100, y: -80)).panelPoint(Point(x: 3, y: 4)) == Point(x: 103, y: -76))
    }
}
