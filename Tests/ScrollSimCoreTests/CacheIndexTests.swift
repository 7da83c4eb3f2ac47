import Testing
@testable import ScrollSimCore

@Suite struct CacheIndexTests {
    @Test func lruKeepsAHotKeyThatFIFOEvicts() {
        // Given a 3-entry cache holding 1, 2, 3 where 1 is read again before 4 arrives
        for (policy, expectedVictim) in [(CacheIndex.Policy.lru, 2), (.fifo, 1)] {
            let cache = CacheIndex(policy: policy, countLimit: 3)
            var evicted: [Int] = []
            for key in [1, 2, 3] { cache.insert(key, cost: 1, evicted: &evicted) }
            #expect(cache.touch(1))
            cache.insert(4, cost: 1, evicted: &evicted)
            // Then LRU evicts 2 (least recently used) and FIFO evicts 1 (oldest insertion)
            #expect(evicted == [expectedVictim], "\(policy)")
            #expect(cache.checkInvariants())
        }
    }

    @Test func costLimitEvictsUntilWithinAndRefusesOversizedEntries() {
        let cache = CacheIndex(policy: .lru, costLimit: 100)
        var evicted: [Int] = []
        cache.insert(1, cost: 40, evicted: &evicted)
        cache.insert(2, cost: 40, evicted: &evicted)
        cache.insert(3, cost: 50, evicted: &evicted)
        #expect(evicted == [1])
        #expect(cache.totalCost == 90)
        #expect(!cache.insert(4, cost: 101, evicted: &evicted))
        #expect(!cache.contains(4) && cache.count == 2)
        #expect(cache.checkInvariants())
    }

    @Test func protectedEntriesAreSkippedByEviction() {
        let cache = CacheIndex(policy: .lru, countLimit: 2)
        var evicted: [Int] = []
        cache.insert(1, cost: 1, evicted: &evicted)
        cache.insert(2, cost: 1, evicted: &evicted)
        cache.setProtected(1, true)
        cache.insert(3, cost: 1, evicted: &evicted)
        #expect(evicted == [2])
        #expect(cache.keysInEvictionOrder() == [1, 3])
        #expect(cache.checkInvariants())
    }

    @Test func randomOperationsKeepTheInvariants() {
        for seed in UInt64(1)...20 {
            var generator = SplitMix64(seed: seed)
            let cache = CacheIndex(policy: CacheIndex.Policy.allCases[Int(seed % 3)], countLimit: 8, costLimit: 50)
            var evicted: [Int] = []
            for _ in 0..<500 {
                let key = Int(generator.next() % 20)
                switch generator.next() % 4 {
                case 0: _ = cache.remove(key)
                case 1: _ = cache.touch(key)
                case 2: cache.setProtected(key, generator.next() % 2 == 0)
                default: cache.insert(key, cost: Int64(generator.next() % 15), evicted: &evicted)
                }
                #expect(cache.checkInvariants())
            }
        }
    }
}
