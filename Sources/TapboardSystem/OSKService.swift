import CSystemd
import Glibc
import TapboardCore
import TapboardWayland

/// `sm.puri.OSK0` at `/sm/puri/OSK0` on the session bus, as squeekboard offers it to Phosh:
/// `SetVisible(b)` and the read-only property `Visible` (b), whose changes are signalled
/// (PropertiesChanged). Its socket is polled by the app's `EventLoop`: no thread, no timer
/// while idle. The C callbacks are in `CSystemd/bus.c`; `Unmanaged` is used here only.
public final class OSKService: BusService {
    /// The bus name, the object path and the interface name alike (dots for slashes).
    public static let name = "sm.puri.OSK0"

    let bus: OpaquePointer
    private let handlers: UnsafeMutablePointer<tapboard_osk_handlers>
    private let isVisible: () -> Bool
    private let setVisible: (Bool) -> Void
    private let nameLost: () -> Void
    /// The visibility the bus last heard of.
    private var announced: Bool
    private var closed = false
    var isClosed: Bool { closed }

    /// Connects to the session bus and takes the name (from its owner with `replace`, if
    /// that owner allows it); nil, after one line, when there is no bus or the name is
    /// held by another program. `nameLost`: another program took the name over.
    public static func start(
        replace: Bool, isVisible: @escaping () -> Bool, setVisible: @escaping (Bool) -> Void,
        nameLost: @escaping () -> Void
    ) -> OSKService? {
        var bus: OpaquePointer?
        var r = sd_bus_open_user(&bus)
        guard r >= 0, let bus else {
            printError("tapboard: " + tr("no session bus (%s): D-Bus control (%s) is off", errorText(r), name))
            return nil
        }
        var flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT)
        if replace { flags |= UInt64(SD_BUS_NAME_REPLACE_EXISTING) }
        r = sd_bus_request_name(bus, name, flags)
        guard r > 0 else {
            let why =
                r == -EEXIST
                ? tr("another program holds %s on the session bus", name) : tr("cannot take %s: %s", name, errorText(r))
            printError(
                "tapboard: " + tr("%s: D-Bus control is off", why)
                    + (replace ? "" : " " + tr("(tapboard --replace takes it over)")))
            sd_bus_flush_close_unref(bus)
            return nil
        }
        let service = OSKService(bus: bus, isVisible: isVisible, setVisible: setVisible, nameLost: nameLost)
        r = tapboard_osk_add(bus, service.handlers)
        guard r >= 0 else {
            printError("tapboard: " + tr("cannot offer %s on the session bus (%s): D-Bus control is off", name, errorText(r)))
            service.close()
            return nil
        }
        // Messages read while the name was requested wait in sd-bus's queue: handle them now.
        service.dispatch()
        return service
    }

    private init(
        bus: OpaquePointer, isVisible: @escaping () -> Bool, setVisible: @escaping (Bool) -> Void,
        nameLost: @escaping () -> Void
    ) {
        self.bus = bus
        self.isVisible = isVisible
        self.setVisible = setVisible
        self.nameLost = nameLost
        announced = isVisible()
        handlers = .allocate(capacity: 1)
        handlers.initialize(
            to: tapboard_osk_handlers(
                owner: nil,
                set_visible: { owner, visible in OSKService.from(owner).setVisible(visible != 0) },
                visible: { owner in OSKService.from(owner).isVisible() ? 1 : 0 },
                name_lost: { owner in OSKService.from(owner).nameLost() }))
        handlers.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        close()
        handlers.deallocate()
    }

    private static func from(_ owner: UnsafeMutableRawPointer?) -> OSKService {
        Unmanaged<OSKService>.fromOpaque(owner!).takeUnretainedValue()
    }

    private static func errorText(_ r: Int32) -> String { String(cString: strerror(-r)) }

    /// Leaves the bus (the name goes with the connection).
    func close() {
        guard !closed else { return }
        closed = true
        sd_bus_flush_close_unref(bus)
    }

    /// Handles every message waiting (SetVisible among them), then says what it changed.
    public func dispatch() {
        guard !closed else { return }
        let r = processMessages()
        guard r >= 0 else {
            printError("tapboard: " + tr("lost the session bus (%s): D-Bus control is off", OSKService.errorText(r)))
            close()
            return
        }
        announceVisibility()
    }

    /// Signals a change of `Visible` since the last announcement. The loop calls it before
    /// sleeping (the panel shows and hides for fields too); it reads nothing from the bus.
    public func announceVisibility() {
        guard !closed else { return }
        let visible = isVisible()
        guard visible != announced else { return }
        announced = visible
        _ = tapboard_osk_emit_visible(bus)
    }
}
