import CSystemd
import Glibc
import TapboardCore
import TapboardWayland

/// Haptic and sound feedback through feedbackd (`org.sigxcpu.Feedback` on the session
/// bus), as Phosh's keyboards ask for it: the event `button-pressed` on each key press.
/// Calls go out without waiting for an answer (none is asked for), so a key press never
/// waits on the bus, and where feedbackd does not run nothing happens. Its own bus
/// connection, polled by the app's `EventLoop`: nothing wakes it while idle.
public final class Feedback: BusService {
    /// The application feedbackd's per-app settings know tapboard by (its desktop entry).
    static let appID = "tapboard"
    /// The event keyboards send for a pressed key (feedbackd's event naming spec).
    static let keyEvent = "button-pressed"

    let bus: OpaquePointer
    private var closed = false
    var isClosed: Bool { closed }

    /// Connects to the session bus; nil without one (feedback is then silently off:
    /// sm.puri.OSK0 already says there is no bus).
    public static func start() -> Feedback? {
        var bus: OpaquePointer?
        guard sd_bus_open_user(&bus) >= 0, let bus else { return nil }
        return Feedback(bus: bus)
    }

    private init(bus: OpaquePointer) { self.bus = bus }

    deinit { close() }

    /// A key went down.
    public func keyPressed() {
        guard !closed else { return }
        if tapboard_feedback_trigger(bus, Feedback.appID, Feedback.keyEvent) < 0 {
            // The connection broke: no more feedback, and one line to say so.
            printError("tapboard: " + tr("lost the session bus: no feedback through feedbackd"))
            close()
        }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        sd_bus_flush_close_unref(bus)
    }

    /// Reads what the bus sent (the Hello reply, NameAcquired) and writes what waits.
    public func dispatch() {
        guard !closed, processMessages() < 0 else { return }
        printError("tapboard: " + tr("lost the session bus: no feedback through feedbackd"))
        close()
    }
}
