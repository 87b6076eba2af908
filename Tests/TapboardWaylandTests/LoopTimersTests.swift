import Testing

@testable import TapboardWayland

/// A timer is judged due only after what the compositor already sent is dispatched: a key
/// whose release was read late does not repeat, and a key still held repeats on time.
@Suite struct LoopTimersTests {
    @Test func aReleaseAlreadySentCancelsTheRepeatBeforeItRuns() {
        let timers = LoopTimers()
        var typed = 0
        let repeatKey = timers.add(at: 600) { typed += 1 }
        // The loop woke for the repeat at 700 ms; the socket held the release (stamped 30 ms
        // after the press), whose handling cancels the repeat.
        var read = false
        let due = timers.takeDue(readingFirst: { read = timers.remove(repeatKey) }, now: { 700 })
        for action in due { action() }
        #expect(read && due.isEmpty && typed == 0)
        #expect(timers.earliest == nil)
    }

    @Test func aKeyStillHeldRepeatsAtItsDeadline() {
        let timers = LoopTimers()
        var order: [String] = []
        _ = timers.add(at: 640) { order.append("second repeat") }
        _ = timers.add(at: 600) { order.append("repeat") }
        _ = timers.add(at: 1000) { order.append("later") }
        // Nothing waiting on the socket: the due timers run at once, earliest first.
        var readAt: UInt64?
        var clock: UInt64 = 600
        let first = timers.takeDue(readingFirst: { readAt = clock }, now: { clock })
        for action in first { action() }
        #expect(readAt == 600 && order == ["repeat"])
        clock = 650
        for action in timers.takeDue(readingFirst: {}, now: { clock }) { action() }
        #expect(order == ["repeat", "second repeat"] && timers.earliest == 1000)
    }

    @Test func theClockIsReadAfterTheInput() {
        // Input dispatched first may take time (a busy compositor's burst): a timer that fell
        // due meanwhile runs in the same round.
        let timers = LoopTimers()
        var ran = false
        _ = timers.add(at: 605) { ran = true }
        var clock: UInt64 = 600
        for action in timers.takeDue(readingFirst: { clock = 610 }, now: { clock }) { action() }
        #expect(ran)
    }
}
