/// A file descriptor that `EventLoop` polls for some other part of tapboard (the session
/// bus), so that everything runs on one thread and nothing wakes the loop while idle.
public protocol LoopSource: AnyObject {
    /// The descriptor to poll; negative: none (the source is closed).
    var pollFD: Int32 { get }
    /// What to poll it for now (POLLIN, and POLLOUT while output waits).
    var pollEvents: Int16 { get }
    /// When `dispatch` is due even without events, in `EventLoop.now()` milliseconds; nil: never.
    var deadline: UInt64? { get }
    /// Handles whatever is ready or due; called after the poll that saw it.
    func dispatch()
}
