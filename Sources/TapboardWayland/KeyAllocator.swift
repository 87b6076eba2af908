/// Which spare key code carries which extra keysym (a character the base keymap lacks).
///
/// The shown keyboard's characters get codes in one go (`prepare`); others get a code
/// when first typed (`allocate`). A keysym keeps its code for as long as it is mapped,
/// so a key event already sent never changes meaning: new keysyms take free codes, and
/// only when none is left is the oldest on-demand keysym that is not held recycled.
struct KeyAllocator {
    let codes: Range<UInt32>
    /// keysym -> code.
    private(set) var mapped: [UInt32: UInt32] = [:]
    /// Keysyms mapped on demand (outside the prepared set), oldest first.
    private(set) var onDemand: [UInt32] = []
    private var used: Set<UInt32> = []

    init(codes: Range<UInt32>) { self.codes = codes }

    /// The lowest code not in use from `start` on.
    private func freeCode(from start: UInt32) -> UInt32? { (start..<codes.upperBound).first { !used.contains($0) } }

    /// Maps exactly `keysyms` (as many as fit) plus whatever is held; keysyms already
    /// mapped keep their codes. Returns whether the mapping changed.
    mutating func prepare(_ keysyms: [UInt32], held: Set<UInt32>) -> Bool {
        let before = mapped
        let wanted = Set(keysyms)
        for (sym, code) in mapped where !wanted.contains(sym) && !held.contains(code) {
            mapped[sym] = nil
            used.remove(code)
        }
        onDemand = onDemand.filter { mapped[$0] != nil && !wanted.contains($0) }
        // Codes are only taken here, so each free code lies past the one before.
        var from = codes.lowerBound
        for sym in keysyms where mapped[sym] == nil {
            guard let code = freeCode(from: from) else { break }
            mapped[sym] = code
            used.insert(code)
            from = code + 1
        }
        return mapped != before
    }

    /// A code for `keysym`, mapping it if needed; nil if every code is taken by a held
    /// or prepared key.
    mutating func allocate(_ keysym: UInt32, held: Set<UInt32>) -> (code: UInt32, isNew: Bool)? {
        if let code = mapped[keysym] { return (code, false) }
        var code = freeCode(from: codes.lowerBound)
        if code == nil, let i = onDemand.firstIndex(where: { !held.contains(mapped[$0]!) }) {
            let old = onDemand.remove(at: i)
            code = mapped.removeValue(forKey: old)
        }
        guard let code else { return nil }
        mapped[keysym] = code
        used.insert(code)
        onDemand.append(keysym)
        return (code, true)
    }
}
