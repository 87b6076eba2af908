/// A map of at most `capacity` values for caches: once full, each new value takes the place
/// of the one used longest ago. A cache that empties itself at its cap refills in bursts,
/// and its memory rises and falls with it; this one, once full, stays the same size.
/// Inlinable, so that other modules' caches (labels, cap masks) get code specialised for
/// their keys and values: the generic code costs about ten times more a call.
public struct RecentlyUsed<Key: Hashable, Value> {
    @usableFromInline var slots: [Key: (value: Value, used: UInt64)] = [:]
    /// Bumped at every use; a slot's `used` is the clock at its last use.
    @usableFromInline var clock: UInt64 = 0
    public let capacity: Int

    @inlinable public init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one value")
        self.capacity = capacity
    }

    @inlinable public var count: Int { slots.count }
    @inlinable public var values: [Value] { slots.values.map(\.value) }

    /// The value kept for `key`, now the most recently used.
    @inlinable public mutating func value(for key: Key) -> Value? {
        guard let i = slots.index(forKey: key) else { return nil }
        clock += 1
        slots.values[i].used = clock
        return slots.values[i].value
    }

    /// Keeps `value` for `key`. Returns the value it displaced: the one kept for `key`
    /// before, or, when the map was full, the one used longest ago.
    @inlinable @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> Value? {
        clock += 1
        if let i = slots.index(forKey: key) {
            let old = slots.values[i].value
            slots.values[i] = (value, clock)
            return old
        }
        var gone: Value?
        if slots.count >= capacity, let oldest = slots.min(by: { $0.value.used < $1.value.used }) {
            gone = slots.removeValue(forKey: oldest.key)?.value
        }
        slots[key] = (value, clock)
        return gone
    }

    /// Empties the map; returns what it held.
    @inlinable public mutating func removeAll() -> [Value] {
        let all = values
        slots.removeAll()
        return all
    }
}
