/// A set of edit spots, as `Set<EditSpot>` answers, hashed by a multiplication rather than
/// the standard library's seeded hasher: the memo is asked for each edit of each letter (some
/// 120 a search), and each edit found dead is put in.
struct EditSpotSet: Sendable {
    private var slots: [EditSpot?] = []
    private(set) var count = 0

    /// Whether `spot` was put in.
    func contains(_ spot: EditSpot) -> Bool {
        guard !slots.isEmpty else { return false }
        var i = slot(of: spot)
        while let held = slots[i] {
            if held == spot { return true }
            i = (i + 1) & (slots.count - 1)
        }
        return false
    }

    mutating func insert(_ spot: EditSpot) {
        // At most half full: a probe ends soon, at an empty slot.
        if 2 * (count + 1) > slots.count { grow() }
        var i = slot(of: spot)
        while let held = slots[i] {
            if held == spot { return }
            i = (i + 1) & (slots.count - 1)
        }
        slots[i] = spot
        count += 1
    }

    /// Empties the set, keeping its room. A table of its own, not the old one cleared: a copy
    /// of the memo (the word stage's) often shares it, and clearing would copy it first.
    mutating func removeAll() {
        guard count > 0 else { return }
        slots = Array(repeating: nil, count: slots.count)
        count = 0
    }

    /// Where a probe for `spot` begins (the table's size is a power of two).
    private func slot(of spot: EditSpot) -> Int {
        var h = spot.middle &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(UInt32(bitPattern: spot.start)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(UInt32(bitPattern: spot.resume)) &* 0x1656_67B1_9E37_79F9
        return Int(truncatingIfNeeded: (h ^ (h >> 29)) & UInt64(slots.count - 1))
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(64, 2 * old.count))
        count = 0
        for case let spot? in old { insert(spot) }
    }
}
