import CWayland
import TapboardCore

/// Receives presses from the pointer and from every touch point, in surface-local
/// logical pixels.
public protocol PressHandler: AnyObject {
    func pressed(_ source: PressSource, surface: OpaquePointer, at point: Point, time: UInt32)
    func moved(_ source: PressSource, to point: Point)
    func released(_ source: PressSource, time: UInt32)
    func cancelled(_ source: PressSource)
}

/// A wl_seat with its pointer and touch devices.
public final class Seat {
    let proxy: OpaquePointer
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
    /// Touch points down on our surfaces.
    private var touches: Set<Int32> = []

    static let leftButton: UInt32 = 0x110

    init(_ proxy: OpaquePointer) {
        self.proxy = proxy
        seatListener = Listener(wl_seat_listener(
            capabilities: { data, _, caps in owner(data, as: Seat.self).capabilities(caps) },
            name: { _, _, _ in }))
        pointerListener = Listener(Seat.makePointerListener())
        touchListener = Listener(Seat.makeTouchListener())
        wl_seat_add_listener(proxy, seatListener.pointer, opaque(self))
    }

    deinit {
        if let pointer { wl_pointer_release(pointer) }
        if let touch { wl_touch_release(touch) }
        wl_seat_destroy(proxy)
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
            for id in touches { handler?.cancelled(.touch(id)) }
            touches = []
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
            },
            leave: { data, _, _, _ in
                let s = owner(data, as: Seat.self)
                s.pointerSurface = nil
                if s.buttonDown {
                    s.buttonDown = false
                    s.handler?.cancelled(.pointer)
                }
            },
            motion: { data, _, _, x, y in
                let s = owner(data, as: Seat.self)
                s.pointerPosition = Seat.point(x, y)
                if s.buttonDown { s.handler?.moved(.pointer, to: s.pointerPosition) }
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
                let s = owner(data, as: Seat.self)
                guard let surface else { return }
                s.touches.insert(id)
                s.handler?.pressed(.touch(id), surface: surface, at: Seat.point(x, y), time: time)
            },
            up: { data, _, _, time, id in
                let s = owner(data, as: Seat.self)
                guard s.touches.remove(id) != nil else { return }
                s.handler?.released(.touch(id), time: time)
            },
            motion: { data, _, _, id, x, y in
                let s = owner(data, as: Seat.self)
                guard s.touches.contains(id) else { return }
                s.handler?.moved(.touch(id), to: Seat.point(x, y))
            },
            frame: { _, _ in },
            cancel: { data, _ in
                let s = owner(data, as: Seat.self)
                let ids = s.touches
                s.touches = []
                for id in ids { s.handler?.cancelled(.touch(id)) }
            },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in })
    }
}
