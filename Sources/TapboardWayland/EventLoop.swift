import CWayland
import Glibc

/// One poll loop over the Wayland socket, a signalfd, the added sources (the session bus)
/// and descriptors watched for a while (a clipboard transfer); timed work wakes it through
/// poll's timeout, so a timer costs no system call of its own. Nothing wakes it while idle.
public final class EventLoop {
    let display: Display
    private let signalFD: Int32
    private let timers = LoopTimers()
    private var running = true
    /// Descriptors watched for reading (or their end), with what to do then.
    private var watched: [Int32: () -> Void] = [:] { didSet { pollSetStale = true } }
    private var sources: [any LoopSource] = [] { didSet { pollSetStale = true } }
    /// What a round polls: the socket, the signalfd, then `polledSources`'
    /// descriptors, then `polledWatches`; made again only after those changed.
    private var pollSet: [pollfd] = []
    private var polledSources: [any LoopSource] = []
    private var polledWatches: [Int32] = []
    private var pollSetStale = true
    public var onSignal: ((Int32) -> Void)?
    /// Runs once every event read so far is dispatched, before the loop sleeps (draw here).
    public var beforeSleep: (() -> Void)?

    public init(display: Display, signals: [Int32]) throws(WaylandError) {
        self.display = display
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        sigprocmask(SIG_BLOCK, &set, nil)
        signalFD = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard signalFD >= 0 else {
            throw WaylandError("cannot create a signalfd: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(signalFD)
    }

    /// Milliseconds on the monotonic clock.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1000 + UInt64(ts.tv_nsec) / 1_000_000
    }

    /// Runs `action` once after `ms` milliseconds (from the next round of the loop on);
    /// returns a token for `cancel`.
    @discardableResult
    public func schedule(after ms: UInt64, _ action: @escaping () -> Void) -> Int {
        timers.add(at: EventLoop.now() + ms, action)
    }

    public func cancel(_ token: Int?) {
        guard let token else { return }
        timers.remove(token)
    }

    /// Runs the timers due, once what the compositor already sent is dispatched.
    private func runDueTimers() {
        guard let next = timers.earliest, next <= EventLoop.now() else { return }
        for action in timers.takeDue(readingFirst: dispatchWaiting, now: EventLoop.now) { action() }
    }

    /// Reads and dispatches what the compositor has already sent, without waiting (a failed
    /// read or dispatch is left to the next round, which throws on it).
    private func dispatchWaiting() {
        let d = display.display
        while wl_display_prepare_read(d) != 0 {
            guard wl_display_dispatch_pending(d) >= 0 else { return }
        }
        var socket = pollfd(fd: wl_display_get_fd(d), events: Int16(POLLIN), revents: 0)
        if poll(&socket, 1, 0) > 0, socket.revents & Int16(POLLIN) != 0 {
            guard wl_display_read_events(d) >= 0 else { return }
        } else {
            wl_display_cancel_read(d)
        }
        _ = wl_display_dispatch_pending(d)
    }

    private func readSignals() {
        var info = signalfd_siginfo()
        while read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            onSignal?(Int32(info.ssi_signo))
        }
    }

    /// Calls `action` whenever `fd` can be read (or hung up) until `unwatch(fd)`.
    public func watch(_ fd: Int32, _ action: @escaping () -> Void) {
        watched[fd] = action
    }

    public func unwatch(_ fd: Int32) {
        watched[fd] = nil
    }

    public func stop() { running = false }

    /// Polls `source` from the next round on, for as long as the loop runs.
    public func add(_ source: any LoopSource) { sources.append(source) }

    /// Milliseconds until the earliest timer or source deadline; -1: none.
    private func pollTimeout() -> Int32 {
        var earliest = timers.earliest
        for source in sources {
            if let d = source.deadline, d < earliest ?? .max { earliest = d }
        }
        guard let next = earliest else { return -1 }
        let now = EventLoop.now()
        return next > now ? Int32(clamping: next - now) : 0
    }

    /// Runs until `stop`; throws when the compositor goes away.
    public func run() throws(WaylandError) {
        let d = display.display
        let wlFD = wl_display_get_fd(d)
        while running {
            while wl_display_prepare_read(d) != 0 {
                guard wl_display_dispatch_pending(d) >= 0 else { throw lost() }
            }
            beforeSleep?()
            guard running else {
                wl_display_cancel_read(d)
                break
            }
            if wl_display_flush(d) < 0, errno != EAGAIN {
                wl_display_cancel_read(d)
                throw lost()
            }
            // A source added while this round runs (by a timer) is polled from the next.
            if pollSetStale { makePollSet(wayland: wlFD) }
            let polled = polledSources
            let watches = polledWatches
            // What a source waits for changes (the bus wants POLLOUT while it has output).
            for (i, source) in polled.enumerated() {
                pollSet[2 + i].fd = source.pollFD
                pollSet[2 + i].events = source.pollEvents
            }
            if poll(&pollSet, nfds_t(pollSet.count), pollTimeout()) < 0 {
                wl_display_cancel_read(d)
                if errno == EINTR { continue }
                throw WaylandError("poll failed: \(String(cString: strerror(errno)))")
            }
            if pollSet[0].revents & Int16(POLLIN) != 0 {
                guard wl_display_read_events(d) >= 0 else { throw lost() }
            } else {
                wl_display_cancel_read(d)
                if pollSet[0].revents & Int16(POLLHUP | POLLERR) != 0 { throw lost() }
            }
            guard wl_display_dispatch_pending(d) >= 0 else { throw lost() }
            if pollSet[1].revents != 0 { readSignals() }
            runDueTimers()
            let now = EventLoop.now()
            for (i, source) in polled.enumerated() where pollSet[2 + i].revents != 0 || (source.deadline ?? .max) <= now {
                source.dispatch()
            }
            for (i, fd) in watches.enumerated() where pollSet[2 + polled.count + i].revents != 0 { watched[fd]?() }
        }
    }

    /// `pollSet` made again; the round reads the revents of this one to its end, whatever
    /// sources and watches its callbacks add or remove.
    private func makePollSet(wayland: Int32) {
        polledSources = sources
        polledWatches = Array(watched.keys)
        pollSet = [
            pollfd(fd: wayland, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
        ]
        pollSet += polledSources.map { pollfd(fd: $0.pollFD, events: $0.pollEvents, revents: 0) }
        pollSet += polledWatches.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        pollSetStale = false
    }

    private func lost() -> WaylandError {
        WaylandError("lost the connection to the compositor")
    }
}
