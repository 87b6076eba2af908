import CWayland
import TapboardCore

/// Receives presses from the pointer and from every touch point, in surface-local
/// logical pixels.
public protocol PressHandler: AnyObject {
    func pressed(_ source: PressSource, surface: OpaquePointer, at point: Point, time: UInt32)
    /// `surface` is the one the point is relative to (a pointer may cross into a popup).
    func moved(_ source: PressSource, surface: OpaquePointer, to point: Point)
    func released(_ source: PressSource, time: UInt32)
    func cancelled(_ source: PressSource)
}

/// A wl_seat with its pointer and touch devices.
public final class Seat {
    let proxy: OpaquePointer!
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
    /// Touch points down on our surfaces, with the surface each went down on.
    private var touches: [Int32: OpaquePointer] = [:]

    static let leftButton: UInt32 = 0x110

    /// `proxy` nil: a seat fed by hand (tests feed touch events to the handler).
    init(_ proxy: OpaquePointer?) {
        self.proxy = proxy
        seatListener = Listener(wl_seat_listener(
            capabilities: { data, _, caps in owner(data, as: Seat.self).capabilities(caps) },
            name: { _, _, _ in }))
        pointerListener = Listener(Seat.makePointerListener())
        touchListener = Listener(Seat.makeTouchListener())
        if let proxy { wl_seat_add_listener(proxy, seatListener.pointer, opaque(self)) }
    }

    deinit {
        if let pointer { wl_pointer_release(pointer) }
        if let touch { wl_touch_release(touch) }
        if let proxy { wl_seat_destroy(proxy) }
    }

    // MARK: touch, one event at a time (the wl_touch listener calls these)

    func touchDown(id: Int32, surface: OpaquePointer, at point: Point, time: UInt32) {
        touches[id] = surface
        handler?.pressed(.touch(id), surface: surface, at: point, time: time)
    }

    func touchUp(id: Int32, time: UInt32) {
        guard touches.removeValue(forKey: id) != nil else { return }
        handler?.released(.touch(id), time: time)
    }

    func touchMotion(id: Int32, to point: Point) {
        guard let surface = touches[id] else { return }
        handler?.moved(.touch(id), surface: surface, to: point)
    }

    func touchCancel() {
        let ids = touches.keys
        touches = [:]
        for id in ids { handler?.cancelled(.touch(id)) }
    }

    private func capabilities(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasPointer, pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, pointerListener.pointer, opaque(self))
        } else if !hasPointer, let p = pointer {
            if buttonDown { handler?.cancelled(.pointer) }
            wl_pointer_release(p)
            pointer = nil
            buttonDown = false
        }
        if hasTouch, touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, touchListener.pointer, opaque(self))
        } else if !hasTouch, let t = touch {
            touchCancel()
            wl_touch_release(t)
            touch = nil
        }
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    private static func makePointerListener() -> wl_pointer_listener {
        wl_pointer_listener(
            enter: { data, _, _, surface, x, y in
                let s = owner(data, as: Seat.self)
                s.pointerSurface = surface
                s.pointerPosition = Seat.point(x, y)
                // Compositors without an implicit grab move a held pointer from the
                // panel into its popup: the press goes on there.
                if s.buttonDown, let surface { s.handler?.moved(.pointer, surface: surface, to: s.pointerPosition) }
            },
            leave: { data, _, _, _ in
                owner(data, as: Seat.self).pointerSurface = nil
            },
            motion: { data, _, _, x, y in
                let s = owner(data, as: Seat.self)
                s.pointerPosition = Seat.point(x, y)
                if s.buttonDown, let surface = s.pointerSurface {
                    s.handler?.moved(.pointer, surface: surface, to: s.pointerPosition)
                }
            },
            button: { data, _, _, time, button, state in
                let s = owner(data, as: Seat.self)
                guard button == Seat.leftButton else { return }
                if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
                    guard let surface = s.pointerSurface else { return }
                    s.buttonDown = true
                    s.handler?.pressed(.pointer, surface: surface, at: s.pointerPosition, time: time)
                } else if s.buttonDown {
                    s.buttonDown = false
                    s.handler?.released(.pointer, time: time)
                }
            },
            axis: { _, _, _, _, _ in },
            frame: { _, _ in },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in })
    }

    private static func makeTouchListener() -> wl_touch_listener {
        wl_touch_listener(
            down: { data, _, _, time, surface, id, x, y in
                guard let surface else { return }
                owner(data, as: Seat.self).touchDown(id: id, surface: surface, at: Seat.point(x, y), time: time)
            },
            up: { data, _, _, time, id in owner(data, as: Seat.self).touchUp(id: id, time: time) },
            motion: { data, _, _, id, x, y in owner(data, as: Seat.self).touchMotion(id: id, to: Seat.point(x, y)) },
            frame: { _, _ in },
            cancel: { data, _ in owner(data, as: Seat.self).touchCancel() },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in })
    }
}
