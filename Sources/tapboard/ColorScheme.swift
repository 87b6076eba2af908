import CSystemd
import Glibc

/// The desktop's colour scheme, as the settings portal (xdg-desktop-portal) tells it.
enum ColorScheme {
    /// `org.freedesktop.appearance color-scheme` from the portal on the session bus: 0 no
    /// preference, 1 prefer dark, 2 prefer light; nil without a bus, a portal or the
    /// setting (silently: the caller falls back to dark).
    static func portalValue(timeoutMicroseconds: UInt64 = 1_000_000) -> UInt32? {
        var bus: OpaquePointer?
        guard sd_bus_open_user(&bus) >= 0, let bus else { return nil }
        defer { sd_bus_flush_close_unref(bus) }
        var call: OpaquePointer?
        guard sd_bus_message_new_method_call(bus, &call, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                             "org.freedesktop.portal.Settings", "Read") >= 0, let call else { return nil }
        defer { sd_bus_message_unref(call) }
        for argument in ["org.freedesktop.appearance", "color-scheme"] {
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

    /// The `u` inside the reply's variant; Read wraps it in a second variant.
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
}
