/// A map of at most `capacity` values for caches: once full, each new value takes the place
/// of the one used longest ago. A cache that empties itself at its cap refills in bursts,
/// and its memory rises and falls with it; this one, once full, stays the same size.
/// Inlinable, so that other modules' caches (labels, cap masks) get code specialised for
/// their keys and values: the generic code costs about ten times more a call.
public struct RecentlyUsed<Key: Hashable, Value> {
    /// A value and its neighbours in the order of use (indices into `slots`, -1 for none).
    @usableFromInline struct Slot {
        @usableFromInline var key: Key
        @usableFromInline var value: Value
        @usableFromInline var newer: Int
        @usableFromInline var older: Int

        @inlinable init(key: Key, value: Value, newer: Int, older: Int) {
            (self.key, self.value, self.newer, self.older) = (key, value, newer, older)
        }
    }

    @usableFromInline var slots: [Slot] = []
    /// Where each key's slot is in `slots`.
    @usableFromInline var index: [Key: Int] = [:]
    /// Ends of the order of use: a full map's next new value takes `oldest`'s slot.
    @usableFromInline var newest = -1
    @usableFromInline var oldest = -1
    public let capacity: Int

    @inlinable public init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one value")
        self.capacity = capacity
    }

    @inlinable public var count: Int { slots.count }
    @inlinable public var values: [Value] { slots.map(\.value) }

    /// The value kept for `key`, now the most recently used.
    @inlinable public mutating func value(for key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        touch(i)
        return slots[i].value
    }

    /// Keeps `value` for `key`. Returns the value it displaced: the one kept for `key`
    /// before, or, when the map was full, the one used longest ago.
    @inlinable @discardableResult
    public mutating func insert(_ value: Value, for key: Key) -> Value? {
        if let i = index[key] {
            let old = slots[i].value
            slots[i].value = value
            touch(i)
            return old
        }
        guard slots.count >= capacity else {
            slots.append(Slot(key: key, value: value, newer: -1, older: newest))
            let i = slots.count - 1
            if newest >= 0 { slots[newest].newer = i } else { oldest = i }
            newest = i
            index[key] = i
            return nil
        }
        let i = oldest
        let gone = slots[i].value
        index[slots[i].key] = nil
        slots[i].key = key
        slots[i].value = value
        index[key] = i
        touch(i)
        return gone
    }

    /// Makes slot `i` the most recently used.
    @inlinable mutating func touch(_ i: Int) {
        guard i != newest else { return }
        let (newer, older) = (slots[i].newer, slots[i].older)
        // Not the newest: `newer` is a slot.
        slots[newer].older = older
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[i].older = newest
        slots[i].newer = -1
        slots[newest].newer = i
        newest = i
    }

    /// Empties the map; returns what it held.
    @inlinable public mutating func removeAll() -> [Value] {
        let all = values
        slots.removeAll()
        index.removeAll()
        (newest, oldest) = (-1, -1)
        return all
    }
}
