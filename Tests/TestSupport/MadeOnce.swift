import Synchronization

/// Values made once per test process and handed to every test that asks by the same name:
/// for set-up that costs (a parsed keyboard, a loaded dictionary) and never changes once made.
/// Tests running side by side may both make a value the first time; the first one kept wins.
public final class MadeOnce<Value: Sendable>: Sendable {
    private let made = Mutex<[String: Value]>([:])

    public init() {}

    /// The value kept under `name`, made by `make` the first time.
    public func value(_ name: String, _ make: () throws -> Value) rethrows -> Value {
        if let kept = made.withLock({ $0[name] }) { return kept }
        let value = try make()
        return made.withLock { made in
            if let kept = made[name] { return kept }
            made[name] = value
            return value
        }
    }
}
