import Testing
@testable import ScrollSimCore

/// `ChargedCache`: the footprint follows the cache's total cost, one settlement per change.
@Suite struct ChargedCacheTests {
    @Test func theLedgerHoldsExactlyTheTotalThroughGrowthShrinkAndClear() {
        // Given an LRU cache of 100 bytes charging a ledger that logs every change
        let ledger = MemoryLedger()
        var changes: [Int64] = []
        ledger.onChange = { changes.append($0) }
        let cache = ChargedCache(CacheIndex(policy: .lru, costLimit: 100), ledger: ledger)
        var evicted: [Int] = []
        // Growth: 40, then 50 more
        cache.insert(1, cost: 40, evicted: &evicted)
        cache.insert(2, cost: 50, evicted: &evicted)
        #expect(ledger.currentBytes == 90)
        // 30 more would be 120: 1 (40) is evicted, the net change is a release of 10, in one step
        cache.insert(3, cost: 30, evicted: &evicted)
        #expect(evicted == [1])
        #expect(ledger.currentBytes == 80)
        // Replacing 2's 50 bytes by 60 charges the 10 more; a hit changes nothing
        cache.insert(2, cost: 60, evicted: &evicted)
        #expect(cache.touch(3))
        cache.insert(4, cost: 10, evicted: &evicted)
        #expect(ledger.currentBytes == 100)
        #expect(ledger.peakBytes == 100)
        // An entry over the cost limit is refused: nothing charged
        #expect(!cache.insert(5, cost: 200, evicted: &evicted))
        // Shrink: removing 2 releases its 60; removing a key not held changes nothing
        #expect(cache.remove(2))
        #expect(!cache.remove(99))
        #expect(ledger.currentBytes == 40)
        #expect(ledger.chargedDataBytes == 40)
        // Clear: everything charged is released
        cache.removeAll()
        #expect(cache.totalCost == 0)
        #expect(ledger.currentBytes == 0)
        #expect(ledger.chargedDataBytes == 0)
        #expect(ledger.peakBytes == 100)
        #expect(changes == [40, 90, 80, 90, 100, 40, 0])
    }

    @Test func withoutALedgerTheCacheKeepsItsCostsAndChargesNothing() {
        let cache = ChargedCache(CacheIndex(policy: .fifo, countLimit: 2), ledger: nil)
        var evicted: [Int] = []
        for key in [1, 2, 3] { cache.insert(key, cost: Int64(key) * 10, evicted: &evicted) }
        #expect(evicted == [1])
        #expect(cache.count == 2)
        #expect(cache.totalCost == 50)
        #expect(cache.cost(of: 3) == 30)
        #expect(cache.keysInEvictionOrder() == [2, 3])
    }
}
