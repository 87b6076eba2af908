import CWayland
import CWaylandProtocols
import Glibc
import TapboardCore

/// The seat's clipboard through zwlr_data_control_device_v1: which selection holds text,
/// and reading it (for the toolbar's Paste and the clipboard history). What is read is
/// handed over, never logged.
public final class Clipboard {
    private let device: OpaquePointer
    private var deviceListener: Listener<zwlr_data_control_device_v1_listener>!
    private let offerListener: Listener<zwlr_data_control_offer_v1_listener>
    /// Offers introduced and not yet destroyed, by proxy address, with their MIME types.
    private var offers: [UInt: (proxy: OpaquePointer, types: [String])] = [:]
    /// The clipboard selection now, if any.
    private var selection: OpaquePointer?
    /// The device still works (no `finished`).
    private var live = true
    /// Called when whether the clipboard holds text changes.
    public var onChange: ((Bool) -> Void)?
    /// Called when a new selection that holds text comes, with all the MIME types it offers.
    public var onNewText: (([String]) -> Void)?
    /// Transfers under way, by their pipe's read end: the loop watching it, its timeout.
    private var reading: [Int32: (loop: EventLoop, timer: Int?)] = [:]

    /// Text types, best first.
    static let textTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]
    /// Longest text Paste takes, in bytes.
    public static let limit = 64 * 1024

    public init(manager: OpaquePointer, seat: Seat) {
        device = zwlr_data_control_manager_v1_get_data_device(manager, seat.proxy)
        offerListener = Listener(
            zwlr_data_control_offer_v1_listener(
                offer: { data, offer, type in
                    guard let offer, let type else { return }
                    owner(data, as: Clipboard.self).offered(offer, type: String(cString: type))
                }))
        deviceListener = Listener(
            zwlr_data_control_device_v1_listener(
                data_offer: { data, _, offer in
                    guard let offer else { return }
                    owner(data, as: Clipboard.self).introduced(offer)
                },
                selection: { data, _, offer in
                    owner(data, as: Clipboard.self).selected(offer)
                },
                finished: { data, _ in owner(data, as: Clipboard.self).finished() },
                primary_selection: { data, _, offer in
                    owner(data, as: Clipboard.self).drop(offer)
                }))
        zwlr_data_control_device_v1_add_listener(device, deviceListener.pointer, opaque(self))
    }

    deinit {
        for fd in Array(reading.keys) { endReading(fd) }
        for o in offers.values { zwlr_data_control_offer_v1_destroy(o.proxy) }
        zwlr_data_control_device_v1_destroy(device)
    }

    /// The MIME type to read the selection as; nil: it holds no text.
    var textType: String? {
        guard live, let s = selection, let types = offers[key(s)]?.types else { return nil }
        return Clipboard.textTypes.first { types.contains($0) }
    }

    public var hasText: Bool { textType != nil }

    private func key(_ p: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(p))) }

    private func introduced(_ offer: OpaquePointer) {
        offers[key(offer)] = (offer, [])
        zwlr_data_control_offer_v1_add_listener(offer, offerListener.pointer, opaque(self))
    }

    private func offered(_ offer: OpaquePointer, type: String) {
        offers[key(offer)]?.types.append(type)
    }

    private func selected(_ offer: OpaquePointer?) {
        let had = hasText
        if let old = selection, old != offer { drop(old) }
        let new = offer != nil && selection != offer
        selection = offer
        if had != hasText { onChange?(hasText) }
        if new, hasText, let offer, let types = offers[key(offer)]?.types { onNewText?(types) }
    }

    private func drop(_ offer: OpaquePointer?) {
        guard let offer, offers.removeValue(forKey: key(offer)) != nil else { return }
        zwlr_data_control_offer_v1_destroy(offer)
    }

    private func finished() {
        let had = hasText
        live = false
        if had { onChange?(false) }
    }

    /// Stops a transfer under way: the loop forgets its pipe and timeout.
    private func endReading(_ fd: Int32) {
        guard let r = reading.removeValue(forKey: fd) else { return }
        r.loop.unwatch(fd)
        r.loop.cancel(r.timer)
        close(fd)
    }

    /// Reads the selection's text through a pipe on `loop` and hands it to `done` (nil:
    /// none, too long, or the source wrote nothing in `timeout` milliseconds). `quiet`:
    /// nothing said about a failure (a read for the history, not a Paste the user asked for).
    public func readText(
        display: Display, loop: EventLoop, timeout: UInt64 = 2000, quiet: Bool = false,
        _ done: @escaping (String?) -> Void
    ) {
        guard reading.count < 4, let s = selection, let type = textType else { return done(nil) }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return done(nil) }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        zwlr_data_control_offer_v1_receive(s, type, ends[1])
        display.flush()
        close(ends[1])  // libwayland sent its own copy
        let fd = ends[0]
        var bytes: [UInt8] = []
        let finish = { [unowned self] (text: String?) in
            self.endReading(fd)
            done(text)
        }
        let timer = loop.schedule(after: timeout) {
            if !quiet { printError("tapboard: " + tr("the clipboard's owner did not send its text in time; not pasted")) }
            finish(nil)
        }
        reading[fd] = (loop, timer)
        loop.watch(fd) {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n > 0 {
                    bytes += chunk[0..<n]
                    if bytes.count > Clipboard.limit {
                        if quiet { return finish(nil) }
                        printError(
                            "tapboard: "
                                + tr("the clipboard's text is longer than %s KiB; not pasted", "\(Clipboard.limit / 1024)"))
                        return finish(nil)
                    }
                } else if n == 0 {
                    return finish(String(decoding: bytes, as: UTF8.self))
                } else {
                    if errno == EAGAIN || errno == EINTR { return }
                    return finish(nil)
                }
            }
        }
    }
}
