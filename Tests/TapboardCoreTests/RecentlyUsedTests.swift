import Testing

@testable import TapboardCore

@Suite struct RecentlyUsedTests {
    @Test func onceFullEachNewValueDisplacesTheOneUsedLongestAgo() {
        var cache = RecentlyUsed<String, Int>(capacity: 3)
        #expect(cache.insert(1, for: "a") == nil)
        #expect(cache.insert(2, for: "b") == nil)
        #expect(cache.insert(3, for: "c") == nil)
        // "a" used again: "b" is now the one used longest ago.
        #expect(cache.value(for: "a") == 1)
        #expect(cache.insert(4, for: "d") == 2)
        #expect(cache.count == 3)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.insert(5, for: "e") == 3)
        #expect(Set(cache.values) == [1, 4, 5])
    }

    @Test func aFullCacheStaysFullNotEmptied() {
        // The cache this replaced emptied itself at its cap; this one keeps its size.
        var cache = RecentlyUsed<Int, Int>(capacity: 50)
        var displaced = 0
        for i in 0..<1000 {
            if cache.insert(i, for: i) != nil { displaced += 1 }
            #expect(cache.count == min(i + 1, 50))
        }
        #expect(displaced == 950)
        #expect(Set(cache.values) == Set(950..<1000))
    }

    @Test func replacingAKeysValueReturnsTheOldOneAndKeepsTheOthers() {
        var cache = RecentlyUsed<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        #expect(cache.insert(3, for: "a") == 1)
        #expect(cache.count == 2)
        #expect(cache.value(for: "b") == 2)
        #expect(cache.removeAll().sorted() == [2, 3])
        #expect(cache.count == 0)
    }

    @Test func displacesAsAListInOrderOfUseWould() {
        // A plain list, most recently used last, against the cache over mixed uses.
        var cache = RecentlyUsed<Int, Int>(capacity: 5)
        var order: [(key: Int, value: Int)] = []
        var seed: UInt64 = 7
        for step in 0..<2000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = Int(seed >> 33) % 9
            if let at = order.firstIndex(where: { $0.key == key }), step % 3 == 0 {
                #expect(cache.value(for: key) == order[at].value)
                order.append(order.remove(at: at))
            } else if let at = order.firstIndex(where: { $0.key == key }) {
                #expect(cache.insert(step, for: key) == order[at].value)
                order.remove(at: at)
                order.append((key, step))
            } else {
                let gone = order.count == 5 ? order.removeFirst().value : nil
                #expect(cache.insert(step, for: key) == gone)
                order.append((key, step))
            }
            #expect(cache.count == order.count)
        }
        #expect(Set(cache.values) == Set(order.map(\.value)))
    }
}
