/// The event loop's timers: a deadline on the monotonic clock (milliseconds) and what to run
/// then, each under a token for `remove`.
final class LoopTimers {
    private var timers: [Int: (deadline: UInt64, action: () -> Void)] = [:]
    private var lastToken = 0

    /// The earliest deadline; nil without timers.
    var earliest: UInt64? {
        var next: UInt64?
        for timer in timers.values where timer.deadline < next ?? .max { next = timer.deadline }
        return next
    }

    /// Adds `action` to run at `deadline`; returns its token.
    func add(at deadline: UInt64, _ action: @escaping () -> Void) -> Int {
        lastToken += 1
        timers[lastToken] = (deadline, action)
        return lastToken
    }

    /// Whether a timer was there to remove.
    @discardableResult
    func remove(_ token: Int) -> Bool { timers.removeValue(forKey: token) != nil }

    /// The actions of the timers due, earliest first, taken out of the list. `readInput` runs
    /// first: what the compositor has already sent is dispatched before a timer is judged due,
    /// so a key's release that came in while the loop was busy ends its press (and cancels its
    /// repeat or long press) before that timer can act on a key no longer held.
    func takeDue(readingFirst readInput: () -> Void, now: () -> UInt64) -> [() -> Void] {
        readInput()
        let at = now()
        let due = timers.filter { $0.value.deadline <= at }.sorted { $0.value.deadline < $1.value.deadline }
        for (token, _) in due { timers[token] = nil }
        return due.map(\.value.action)
    }
}
