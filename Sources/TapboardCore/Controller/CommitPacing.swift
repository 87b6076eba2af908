/// Keeps a second commit from reaching a client before it has shown the first.
///
/// Firefox ESR on sway 1.10 (Debian 13) lost one of two commits that reached it before it
/// had handled the first: 2 letters in 3,600 typed at a tap each 30 ms. So once a
/// commit has gone out, the field's text and keys wait until a report of the client shows
/// it, or `longestWait` has passed (a client that reports late, or not as foreseen); what
/// waited then goes in its order. A client that reports no text is never waited for.
/// The caller works in batches (one event's commands): a batch's text goes together.
public struct CommitPacing: Sendable {
    /// The longest wait for a client to show a commit, in ms.
    public static let longestWait: UInt64 = 150

    /// Text and keys for the field that wait, oldest first.
    public private(set) var held: [Command] = []
    /// What the field holds once the client has applied the last commit; nil: none awaited.
    private var awaited: SurroundingText?
    /// When the last commit went out (ms, a monotonic clock).
    private var since: UInt64 = 0

    public init() {}

    /// When what is held goes, if no report shows the commit before (ms).
    public var deadline: UInt64 { since + Self.longestWait }

    /// How long from `now` until `deadline` (ms; 0 once it is past).
    public func timeLeft(now: UInt64) -> UInt64 { deadline > now ? deadline - now : 0 }

    /// Whether a batch's text and keys must wait now: something waits already, or the
    /// client has not shown the last commit and the wait is not over.
    public func mustHold(now: UInt64, text: @autoclosure () -> TextModel) -> Bool {
        !held.isEmpty || waiting(now: now, text: text)
    }

    /// `text` is asked only while a commit is awaited.
    private func waiting(now: UInt64, text: () -> TextModel) -> Bool {
        guard let awaited, now &- since < Self.longestWait else { return false }
        return !text().hasShown(awaited)
    }

    /// Keeps `command` (text or a key) until `release` hands it back.
    public mutating func hold(_ command: Command) { held.append(command) }

    /// A batch with a commit went out at `now`; `text`: what tapboard believes of the field
    /// after it.
    public mutating func committed(now: UInt64, text: TextModel) {
        awaited = text.known
        since = now
    }

    /// What was held, oldest first, once the client has shown the last commit or the wait
    /// is over; empty until then.
    public mutating func release(now: UInt64, text: @autoclosure () -> TextModel) -> [Command] {
        guard !held.isEmpty, !waiting(now: now, text: text) else { return [] }
        defer { held = [] }
        return held
    }
}

extension Command {
    /// Text or a key for the focused field: what `CommitPacing` holds.
    public var reachesField: Bool {
        switch self {
        case .edit, .typeKeys, .key, .preedit: true
        default: false
        }
    }

    /// A text-input commit: what `CommitPacing` waits for the client to show.
    public var commitsText: Bool {
        switch self {
        case .edit, .preedit: true
        default: false
        }
    }
}
