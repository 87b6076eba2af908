/// The typing errors of a typed key grown from those of the key one letter shorter: an edit
/// keeps the letters before and after it, so the edits of the shorter key are the longer
/// one's too, but for the few the new letter touches (a letter too many before it, left
/// out before it, an apostrophe typed), and the edits at the new letter's place are added.
extension Search {
    /// The typing errors tried on the typed key: grown from the memo's for this word's
    /// letters before (with the same keyboard and costs), else made afresh; kept in the memo
    /// for the next letter.
    mutating func typingEditsGrown() -> TypingEdits {
        let made = s.editWalks.made
        var edits: TypingEdits
        if let kept = memo.typingEdits, kept.made === made, kept.letters == letters.count {
            edits = kept.edits
        } else if var kept = memo.typingEdits, kept.made === made, kept.letters + 1 == letters.count {
            // Grown in place: the memo's copy let go first.
            memo.typingEdits = nil
            grow(&kept.edits)
            edits = kept.edits
        } else {
            edits = typingEdits()
        }
        memo.typingEdits = (edits, letters.count, made)
        return edits
    }

    /// Grows `edits`, the typing errors of the typed key without its last letter, into those
    /// of the typed key: the same edits as `typingEdits()` makes, in another order.
    func grow(_ edits: inout TypingEdits) {
        let c = s.costs
        let n = letters.count - 1
        let last = letters[n]
        var offset = [0]
        for letter in letters { offset.append(offset[offset.count - 1] + letter.utf8.count) }
        func edit(_ i: Int, _ middle: some Sequence<UInt8>, _ j: Int, cost: Double, spelled: Bool = true) {
            edits.add(offset[i], middle, offset[j], cost: cost, spelled: spelled)
        }
        // An apostrophe typed: none is left out any more (only those edits are not spelled).
        if last == "'" { edits.all.removeAll { !$0.spelled } }
        let alphabet = s.keys.letters
        let lastPlace = alphabet.firstIndex(of: last)
        // The edits the new letter touches: a letter too many just before it (its neighbour
        // now), a letter left out just before it (doubling it now).
        for k in edits.all.indices {
            let e = edits.all[k]
            if e.middle.isEmpty, n >= 2, e.start == offset[n - 1] {
                edits.all[k].cost = extraCost(n - 1)
            } else if e.start == offset[n], e.resume == offset[n], e.spelled, let lastPlace,
                edits.middle(of: e).elementsEqual(s.keys.lettersUTF8[lastPlace])
            {
                edits.all[k].cost = c.droppedDouble
            }
        }
        // The edits at the new letter's place, as `typingEdits` makes them.
        if !letters.contains("'") && n + 1 >= 2 {
            edits.add(offset[n], byte: 0x27, offset[n], cost: c.apostrophe, spelled: false)
        }
        if n >= 1, letters[n - 1] != last { edit(n - 1, Array(last.utf8) + Array(letters[n - 1].utf8), n + 1, cost: c.swap) }
        if n == 1 { edit(0, EmptyCollection(), 1, cost: extraCost(0)) }
        if n >= 1 { edit(n, EmptyCollection(), n + 1, cost: extraCost(n)) }
        for (r, cost) in substitutes(for: last) { edit(n, r.utf8, n + 1, cost: cost) }
        if last == "ß" { edit(n, "ss".utf8, n + 1, cost: c.accent) }
        if n >= 1, letters[n - 1] == "s", last == "s" { edit(n - 1, "ß".utf8, n + 1, cost: c.accent) }
        for (k, a) in s.keys.lettersUTF8.enumerated() {
            let cost = lastPlace == k ? c.droppedDouble : c.dropped
            if a.count == 1 {
                edits.add(offset[n + 1], byte: a[0], offset[n + 1], cost: cost)
            } else {
                edit(n + 1, a, n + 1, cost: cost)
            }
        }
    }
}
