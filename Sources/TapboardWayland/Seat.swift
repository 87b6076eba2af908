import CWayland
import TapboardCore

/// Receives presses from the pointer and from every touch point, in surface-local
/// logical pixels; `place` says which of tapboard's surfaces the point is on.
public protocol PressHandler: AnyObject {
    func pressed(_ source: PressSource, on place: PressPlace, at point: Point, time: UInt32)
    /// A held pointer may cross from the panel into the popup: `place` is where it is now;
    /// `time`: the motion event's, nil for a move without one (the pointer entering).
    func moved(_ source: PressSource, on place: PressPlace, to point: Point, time: UInt32?)
    /// A held pointer's frame came with no event in it: the pointer moved, and the
    /// compositor left out its motion because the surface-local point is the one it sent
    /// last (wlroots' seat: "Ensure we don't send duplicate motion events"; labwc sends the
    /// frame alone). The pointer is at `point` again, relative to the surface where it is
    /// now, which may have moved under it.
    func movedInPlace(_ source: PressSource, on place: PressPlace, at point: Point)
    func released(_ source: PressSource, time: UInt32)
    /// The press ends without effect: its device went, or the pointer left our surfaces.
    func cancelled(_ source: PressSource)
}

/// A wl_seat with its pointer and touch devices. Devices come and go with the seat's
/// capabilities; a press whose device goes is cancelled, never left hanging.
public final class Seat {
    let proxy: OpaquePointer!
    /// Registry name of the wl_seat global.
    let name: UInt32
    private let surfaces: Surfaces
    /// wl_pointer.frame exists from seat version 5; before that each event stands alone.
    private let hasFrames: Bool
    private var seatListener: Listener<wl_seat_listener>!
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    public weak var handler: PressHandler?

    // Pointer state: the surface under it, its position, whether the button is down.
    private var pointerSurface: OpaquePointer?
    private var pointerPosition = Point(x: 0, y: 0)
    private var buttonDown = false
    /// The surface the held button went down on.
    private var pressSurface: OpaquePointer?
    /// Within one pointer frame: the pointer entered a surface / left one.
    private var enteredInFrame = false
    private var leftInFrame = false
    /// Within one pointer frame: any event at all came (enter, leave, motion, button, axis).
    private var eventInFrame = false
    /// A held pointer left our surfaces; it may yet enter the popup (phoc sends leave
    /// and enter in frames of their own, in one burst).
    private var leavePending = false
    /// Touch points down on our surfaces, with the surface each went down on.
    private var touches: [Int32: OpaquePointer] = [:]

    static let leftButton: UInt32 = 0x110

    /// `proxy` nil: a seat fed by hand (tests call the event methods below).
    init(_ proxy: OpaquePointer?, name: UInt32 = 0, version: UInt32 = 5, surfaces: Surfaces) {
        self.proxy = proxy
        self.name = name
        self.surfaces = surfaces
        hasFrames = version >= 5
        seatListener = Listener(
            wl_seat_listener(
                capabilities: { data, _, caps in
                    owner(data, as: Seat.self).setCapabilities(
                        pointer: caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0,
                        touch: caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0)
                },
                name: { _, _, _ in }))
        if let proxy { wl_seat_add_listener(proxy, seatListener.pointer, opaque(self)) }
        surfaces.goneObservers.append { [weak self] surface in self?.surfaceGone(surface) }
    }

    deinit {
        if let pointer { wl_pointer_release(pointer) }
        if let touch { wl_touch_release(touch) }
        if let proxy { wl_seat_destroy(proxy) }
    }

    /// The seat's global is gone: end every press and drop the devices.
    func removed() {
        setCapabilities(pointer: false, touch: false)
    }

    // MARK: capabilities

    func setCapabilities(pointer hasPointer: Bool, touch hasTouch: Bool) {
        if hasPointer, pointer == nil, let proxy {
            let p = wl_seat_get_pointer(proxy)!
            pointer = p
            dispatchEvents(of: p, to: self, Seat.pointerEvent)
        } else if !hasPointer {
            endPointerPress()
            pointerSurface = nil
            if let p = pointer { wl_pointer_release(p) }
            pointer = nil
        }
        if hasTouch, touch == nil, let proxy {
            let t = wl_seat_get_touch(proxy)!
            touch = t
            dispatchEvents(of: t, to: self, Seat.touchEvent)
        } else if !hasTouch {
            touchCancel()
            if let t = touch { wl_touch_release(t) }
            touch = nil
        }
    }

    private func endPointerPress() {
        leavePending = false
        guard buttonDown else { return }
        buttonDown = false
        handler?.cancelled(.pointer)
    }

    // MARK: pointer, one event at a time (the wl_pointer listener calls these)

    func pointerEnter(surface: OpaquePointer?, at point: Point) {
        pointerSurface = surface
        pointerPosition = point
        enteredInFrame = true
        eventInFrame = true
        if !hasFrames { pointerFrame() }
    }

    func pointerLeave() {
        pointerSurface = nil
        leftInFrame = true
        eventInFrame = true
        if !hasFrames { pointerFrame() }
    }

    func pointerMotion(to point: Point, time: UInt32? = nil) {
        pointerPosition = point
        eventInFrame = true
        if buttonDown, let place = surfaces.place(of: pointerSurface) {
            handler?.moved(.pointer, on: place, to: point, time: time)
        }
    }

    func pointerButton(pressed: Bool, time: UInt32) {
        eventInFrame = true
        if pressed {
            guard !buttonDown, let place = surfaces.place(of: pointerSurface) else { return }
            buttonDown = true
            pressSurface = pointerSurface
            handler?.pressed(.pointer, on: place, at: pointerPosition, time: time)
        } else if buttonDown {
            buttonDown = false
            handler?.released(.pointer, time: time)
        }
    }

    /// An event the panel has no use for (scrolling): the frame it ends is not empty.
    func pointerOtherEvent() { eventInFrame = true }

    /// Crossings are decided here: a held pointer that leaves the panel and enters the
    /// popup goes on pressing there. A leave with no enter on our surfaces ends the
    /// press once the burst of events is read (`endOfBurst`): a compositor without an
    /// implicit grab (phoc) sends the release elsewhere. A frame with nothing in it, the
    /// button held, is a motion left out (see `PressHandler.movedInPlace`).
    func pointerFrame() {
        defer {
            enteredInFrame = false
            leftInFrame = false
            eventInFrame = false
        }
        if hasFrames, !eventInFrame, buttonDown, let place = surfaces.place(of: pointerSurface) {
            handler?.movedInPlace(.pointer, on: place, at: pointerPosition)
            return
        }
        guard buttonDown, enteredInFrame || leftInFrame else { return }
        if let place = surfaces.place(of: pointerSurface) {
            leavePending = false
            if enteredInFrame { handler?.moved(.pointer, on: place, to: pointerPosition, time: nil) }
        } else {
            leavePending = true
        }
    }

    /// Every event the compositor sent so far is handled (the loop's `beforeSleep`): a held
    /// pointer still off our surfaces has left for good.
    public func endOfBurst() {
        guard leavePending else { return }
        leavePending = false
        if surfaces.place(of: pointerSurface) == nil { endPointerPress() }
    }

    /// One of our surfaces is going (the handle when the panel comes, the panel when it
    /// hides). A press that began on it ends now: the compositor sends its release to
    /// nobody (sway dropped the release of a tap on the handle, and the next tap on the
    /// panel was taken for that press going on).
    func surfaceGone(_ surface: OpaquePointer) {
        if pointerSurface == surface { pointerSurface = nil }
        if buttonDown, pressSurface == surface { endPointerPress() }
        for (id, s) in touches where s == surface {
            touches[id] = nil
            handler?.cancelled(.touch(id))
        }
    }

    // MARK: touch, one event at a time (the wl_touch listener calls these)

    func touchDown(id: Int32, surface: OpaquePointer, at point: Point, time: UInt32) {
        guard let place = surfaces.place(of: surface) else { return }
        touches[id] = surface
        handler?.pressed(.touch(id), on: place, at: point, time: time)
    }

    func touchUp(id: Int32, time: UInt32) {
        guard touches.removeValue(forKey: id) != nil else { return }
        handler?.released(.touch(id), time: time)
    }

    func touchMotion(id: Int32, to point: Point, time: UInt32? = nil) {
        guard let surface = touches[id] else { return }
        guard let place = surfaces.place(of: surface) else {
            // Its surface went away under the finger.
            touches[id] = nil
            handler?.cancelled(.touch(id))
            return
        }
        handler?.moved(.touch(id), on: place, to: point, time: time)
    }

    func touchCancel() {
        let ids = touches.keys
        touches = [:]
        for id in ids { handler?.cancelled(.touch(id)) }
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    /// wl_pointer's events in the order of wayland.xml (their opcodes).
    private enum PointerEvent: UInt32 {
        case enter, leave, motion, button, axis, frame, axisSource, axisStop, axisDiscrete, axisValue120
    }

    /// wl_touch's events in the order of wayland.xml (their opcodes).
    private enum TouchEvent: UInt32 {
        case down, up, motion, frame, cancel, shape, orientation
    }

    /// The wl_pointer's events; arguments by position as wayland.xml lists them.
    private static let pointerEvent: EventDispatcher = { owner, _, opcode, _, args in
        guard let args, let event = PointerEvent(rawValue: opcode) else { return 0 }
        let seat = dispatchOwner(owner, as: Seat.self)
        switch event {
        case .enter:  // serial, surface, surface_x, surface_y
            seat.pointerEnter(surface: args[1].proxy, at: Seat.point(args[2].f, args[3].f))
        case .leave: seat.pointerLeave()  // serial, surface
        case .motion:  // time, surface_x, surface_y
            seat.pointerMotion(to: Seat.point(args[1].f, args[2].f), time: args[0].u)
        case .button:  // serial, time, button, state
            guard args[2].u == Seat.leftButton else { return 0 }
            seat.pointerButton(pressed: args[3].u == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: args[1].u)
        case .frame: seat.pointerFrame()
        case .axis, .axisSource, .axisStop, .axisDiscrete, .axisValue120: seat.pointerOtherEvent()
        }
        return 0
    }

    /// The wl_touch's events; arguments by position as wayland.xml lists them.
    private static let touchEvent: EventDispatcher = { owner, _, opcode, _, args in
        guard let args, let event = TouchEvent(rawValue: opcode) else { return 0 }
        let seat = dispatchOwner(owner, as: Seat.self)
        switch event {
        case .down:  // serial, time, surface, id, x, y
            guard let surface = args[2].proxy else { return 0 }
            seat.touchDown(id: args[3].i, surface: surface, at: Seat.point(args[4].f, args[5].f), time: args[1].u)
        case .up: seat.touchUp(id: args[2].i, time: args[1].u)  // serial, time, id
        case .motion:  // time, id, x, y
            seat.touchMotion(id: args[1].i, to: Seat.point(args[2].f, args[3].f), time: args[0].u)
        case .cancel: seat.touchCancel()
        case .frame, .shape, .orientation: break
        }
        return 0
    }
}
