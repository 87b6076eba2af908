/// The first elements a sort would give, found in one pass without sorting: the strip reads
/// three candidates and the correction two of a few hundred words.
extension Array {
    /// The element a sort by `before` puts first among those for which `holds` is true; nil
    /// when none is. `holds` is asked only of elements before the best found so far.
    func first(by before: (Element, Element) -> Bool, where holds: (Element) -> Bool) -> Element? {
        var best: Element?
        for x in self where best.map({ before(x, $0) }) ?? true {
            if holds(x) { best = x }
        }
        return best
    }

    /// The first `k` elements of a stable sort by `before`, in that order.
    func prefix(_ k: Int, sortedBy before: (Element, Element) -> Bool) -> [Element] {
        var firsts: [Element] = []
        firsts.reserveCapacity(k + 1)
        for x in self where firsts.count < k || before(x, firsts[firsts.count - 1]) {
            // After the elements it does not come before: as a stable sort places it.
            var at = firsts.count
            while at > 0, before(x, firsts[at - 1]) { at -= 1 }
            firsts.insert(x, at: at)
            if firsts.count > k { firsts.removeLast() }
        }
        return firsts
    }
}
