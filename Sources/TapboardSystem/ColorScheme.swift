import CSystemd
import Glibc
import TapboardWayland

/// The desktop's colour scheme from the settings portal (xdg-desktop-portal) on the session
/// bus: `org.freedesktop.appearance color-scheme`, 0 no preference, 1 prefer dark, 2 prefer
/// light. Read once when made; while its socket is polled by the app's `EventLoop`, the
/// portal's `SettingChanged` signal brings each change to `onChange`. Without a bus, a
/// portal or the setting it stays silent: the caller falls back to dark. The C callback and
/// `Unmanaged` are used here only.
public final class ColorScheme: BusService {
    private static let portal = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"
    private static let namespace = "org.freedesktop.appearance"
    private static let key = "color-scheme"

    /// The value read at start; nil when it could not be read.
    public let value: UInt32?
    /// Called with each new value the portal announces.
    public var onChange: ((UInt32) -> Void)?
    let bus: OpaquePointer
    private var match: OpaquePointer?
    private var closed = false
    var isClosed: Bool { closed }

    /// Connects to the session bus and reads the setting; nil, silently, without a bus.
    /// `timeoutMicroseconds`: how long the portal may take to answer (it may be started for it).
    public static func connect(timeoutMicroseconds: UInt64 = 1_000_000) -> ColorScheme? {
        var bus: OpaquePointer?
        guard sd_bus_open_user(&bus) >= 0, let bus else { return nil }
        return ColorScheme(bus: bus, value: read(bus, timeoutMicroseconds: timeoutMicroseconds))
    }

    /// The setting now, for a command that draws once; nil without a bus, portal or setting.
    public static func current() -> UInt32? {
        guard let scheme = connect() else { return nil }
        scheme.close()
        return scheme.value
    }

    private init(bus: OpaquePointer, value: UInt32?) {
        self.bus = bus
        self.value = value
    }

    deinit { close() }

    /// Starts listening for `SettingChanged`; false (silently) if the bus refuses the match.
    @discardableResult
    public func watch() -> Bool {
        guard !closed, match == nil else { return match != nil }
        let r = sd_bus_match_signal(
            bus, &match, ColorScheme.portal, ColorScheme.path, ColorScheme.interface, "SettingChanged",
            { m, owner, _ in
                guard let m, let owner else { return 0 }
                Unmanaged<ColorScheme>.fromOpaque(owner).takeUnretainedValue().settingChanged(m)
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        return r >= 0
    }

    /// Leaves the bus.
    public func close() {
        guard !closed else { return }
        closed = true
        if let match { sd_bus_slot_unref(match) }
        match = nil
        sd_bus_flush_close_unref(bus)
    }

    /// A `SettingChanged(s namespace, s key, v value)` signal.
    private func settingChanged(_ m: OpaquePointer) {
        guard let namespace = ColorScheme.readString(m), let key = ColorScheme.readString(m),
            namespace == ColorScheme.namespace, key == ColorScheme.key,
            let value = ColorScheme.readUInt32(in: m)
        else { return }
        onChange?(value)
    }

    /// `Read(namespace, key)`: its answer wraps the value in a second variant.
    private static func read(_ bus: OpaquePointer, timeoutMicroseconds: UInt64) -> UInt32? {
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &call, portal, path, interface, "Read") >= 0, let call else { return nil }
        defer { sd_bus_message_unref(call) }
        for argument in [namespace, key] {
            let r = argument.withCString { sd_bus_message_append_basic(call, CChar(UInt8(ascii: "s")), $0) }
            guard r >= 0 else { return nil }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        guard sd_bus_call(bus, call, timeoutMicroseconds, &error, &reply) >= 0, let reply else { return nil }
        defer { sd_bus_message_unref(reply) }
        return readUInt32(in: reply)
    }

    private static func readString(_ m: OpaquePointer) -> String? {
        var s: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(m, CChar(UInt8(ascii: "s")), &s) > 0, let s else { return nil }
        return String(cString: s)
    }

    /// The `u` inside one or two variants.
    private static func readUInt32(in message: OpaquePointer) -> UInt32? {
        for _ in 0..<3 {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &type, &contents) > 0 else { return nil }
            switch UInt8(bitPattern: type) {
            case UInt8(ascii: "v"):
                guard sd_bus_message_enter_container(message, type, contents) > 0 else { return nil }
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                guard sd_bus_message_read_basic(message, type, &value) > 0 else { return nil }
                return value
            default:
                return nil
            }
        }
        return nil
    }

    /// Handles every message waiting; a lost bus ends the following, silently.
    public func dispatch() {
        guard !closed, processMessages() < 0 else { return }
        close()
    }
}
