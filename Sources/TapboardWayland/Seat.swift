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
    private var pointerListener: Listener<wl_pointer_listener>!
    private var touchListener: Listener<wl_touch_listener>!
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
        pointerListener = Listener(Seat.makePointerListener())
        touchListener = Listener(Seat.makeTouchListener())
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
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, pointerListener.pointer, opaque(self))
        } else if !hasPointer {
            endPointerPress()
            pointerSurface = nil
            if let p = pointer { wl_pointer_release(p) }
            pointer = nil
        }
        if hasTouch, touch == nil, let proxy {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, touchListener.pointer, opaque(self))
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

    private static func makePointerListener() -> wl_pointer_listener {
        wl_pointer_listener(
            enter: { data, _, _, surface, x, y in
                owner(data, as: Seat.self).pointerEnter(surface: surface, at: Seat.point(x, y))
            },
            leave: { data, _, _, _ in owner(data, as: Seat.self).pointerLeave() },
            motion: { data, _, time, x, y in owner(data, as: Seat.self).pointerMotion(to: Seat.point(x, y), time: time) },
            button: { data, _, _, time, button, state in
                guard button == Seat.leftButton else { return }
                owner(data, as: Seat.self).pointerButton(
                    pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time)
            },
            axis: { data, _, _, _, _ in owner(data, as: Seat.self).pointerOtherEvent() },
            frame: { data, _ in owner(data, as: Seat.self).pointerFrame() },
            axis_source: { data, _, _ in owner(data, as: Seat.self).pointerOtherEvent() },
            axis_stop: { data, _, _, _ in owner(data, as: Seat.self).pointerOtherEvent() },
            axis_discrete: { data, _, _, _ in owner(data, as: Seat.self).pointerOtherEvent() },
            axis_value120: { data, _, _, _ in owner(data, as: Seat.self).pointerOtherEvent() })
    }

    private static func makeTouchListener() -> wl_touch_listener {
        wl_touch_listener(
            down: { data, _, _, time, surface, id, x, y in
                guard let surface else { return }
                owner(data, as: Seat.self).touchDown(id: id, surface: surface, at: Seat.point(x, y), time: time)
            },
            up: { data, _, _, time, id in owner(data, as: Seat.self).touchUp(id: id, time: time) },
            motion: { data, _, time, id, x, y in
                owner(data, as: Seat.self).touchMotion(id: id, to: Seat.point(x, y), time: time)
            },
            frame: { _, _ in },
            cancel: { data, _ in owner(data, as: Seat.self).touchCancel() },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in })
    }
}
