import CSystemd
import TapboardWayland

/// A service on a session-bus connection of its own (sm.puri.OSK0, feedbackd, the colour
/// scheme), polled by the app's `EventLoop`: sd-bus says which events and deadline it
/// waits for, so nothing wakes it while idle.
protocol BusService: LoopSource {
    var bus: OpaquePointer { get }
    /// The connection was closed: nothing more to poll.
    var isClosed: Bool { get }
}

extension BusService {
    public var pollFD: Int32 { isClosed ? -1 : sd_bus_get_fd(bus) }

    public var pollEvents: Int16 {
        guard !isClosed else { return 0 }
        return Int16(truncatingIfNeeded: max(sd_bus_get_events(bus), 0))
    }

    public var deadline: UInt64? {
        var usec: UInt64 = 0
        guard !isClosed, sd_bus_get_timeout(bus, &usec) > 0, usec != .max else { return nil }
        return (usec + 999) / 1000
    }

    /// Handles every message waiting; sd-bus's negative error when the bus is lost, else 0.
    func processMessages() -> Int32 {
        while true {
            let r = sd_bus_process(bus, nil)
            if r <= 0 { return r }
        }
    }
}
