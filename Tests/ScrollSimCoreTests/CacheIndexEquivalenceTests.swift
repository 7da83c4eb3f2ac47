import Testing
@testable import ScrollSimCore

/// `CacheIndex` (links in its own buffer, eviction walks starting behind the protected entries at
/// the head) against `ReferenceCacheIndex`, the policies written the plain way: an array in
/// eviction order walked from the front by every eviction.
@Suite struct CacheIndexEquivalenceTests {
    @Test func randomOperationsMatchTheReferenceUnderEveryPolicy() {
        for seed in UInt64(1)...60 {
            var generator = SplitMix64(seed: seed)
            let policy = CacheIndex.Policy.allCases[Int(seed % 3)]
            let countLimit = Int(seed % 4 == 0 ? 0 : 4 + generator.next() % 12)
            let costLimit = Int64(seed % 5 == 0 ? 0 : 30 + generator.next() % 60)
            let cache = CacheIndex(policy: policy, countLimit: countLimit, costLimit: costLimit)
            var reference = ReferenceCacheIndex(policy: policy, countLimit: countLimit, costLimit: costLimit)
            // Many protections, lifted and set again, so that runs of protected entries form at the head.
            let keyRange = UInt64(8 + seed % 24)
            for step in 0..<1_500 {
                let key = Int(generator.next() % keyRange)
                var evicted: [Int] = [], expected: [Int] = []
                switch generator.next() % 10 {
                case 0: #expect(cache.remove(key) == reference.remove(key))
                case 1, 2: #expect(cache.touch(key) == reference.touch(key))
                case 3, 4, 5:
                    let protected = generator.next() % 3 != 0
                    cache.setProtected(key, protected)
                    reference.setProtected(key, protected)
                case 6 where generator.next() % 40 == 0:
                    #expect(cache.removeAll() == reference.removeAll())
                default:
                    let cost = Int64(generator.next() % 20)
                    #expect(cache.insert(key, cost: cost, evicted: &evicted)
                            == reference.insert(key, cost: cost, evicted: &expected))
                }
                #expect(evicted == expected, "seed \(seed) step \(step)")
                #expect(cache.keysInEvictionOrder() == reference.order, "seed \(seed) step \(step)")
                #expect(cache.totalCost == reference.totalCost && cache.count == reference.order.count)
                #expect(cache.checkInvariants(), "seed \(seed) step \(step)")
            }
        }
    }

    @Test func evictionPassesOverAProtectedHeadThatGrowsAndShrinks() {
        // Given 1...4 protected at the head of a 6-entry LRU cache
        let cache = CacheIndex(policy: .lru, countLimit: 6)
        var evicted: [Int] = []
        for key in 1...6 { cache.insert(key, cost: 1, evicted: &evicted) }
        for key in 1...4 { cache.setProtected(key, true) }
        cache.insert(7, cost: 1, evicted: &evicted)
        #expect(evicted == [5])
        // When 2 loses its protection (it lies inside the protected run the walks now skip)
        cache.setProtected(2, false)
        cache.insert(8, cost: 1, evicted: &evicted)
        // Then it is the next victim, ahead of 6
        #expect(evicted == [5, 2])
        // And with the head protected again, touched to the back and unprotected, 6 goes first
        cache.setProtected(1, false)
        #expect(cache.touch(1))
        cache.insert(9, cost: 1, evicted: &evicted)
        #expect(evicted == [5, 2, 6])
        #expect(cache.keysInEvictionOrder() == [3, 4, 7, 8, 1, 9])
        #expect(cache.checkInvariants())
    }
}

/// The eviction policies of `CacheIndex` as its documentation states them, on an array in eviction
/// order (front = next victim) walked from the front by every eviction.
struct ReferenceCacheIndex {
    let policy: CacheIndex.Policy
    let countLimit: Int
    let costLimit: Int64
    /// Held keys, next victim first.
    var order: [Int] = []
    var costs: [Int: Int64] = [:]
    var protected: Set<Int> = []
    var referenced: Set<Int> = []

    init(policy: CacheIndex.Policy, countLimit: Int, costLimit: Int64) {
        self.policy = policy
        self.countLimit = countLimit
        self.costLimit = costLimit
    }

    var totalCost: Int64 { order.reduce(0) { $0 + costs[$1]! } }

    func isOverLimit() -> Bool {
        (countLimit > 0 && order.count > countLimit) || (costLimit > 0 && totalCost > costLimit)
    }

    mutating func touch(_ key: Int) -> Bool {
        guard let index = order.firstIndex(of: key) else { return false }
        if policy == .lru { order.append(order.remove(at: index)) }
        if policy == .clock { referenced.insert(key) }
        return true
    }

    mutating func remove(_ key: Int) -> Bool {
        guard let index = order.firstIndex(of: key) else { return false }
        order.remove(at: index)
        costs[key] = nil
        protected.remove(key)
        referenced.remove(key)
        return true
    }

    mutating func removeAll() -> [Int] {
        let all = order
        for key in all { _ = remove(key) }
        return all
    }

    mutating func setProtected(_ key: Int, _ isProtected: Bool) {
        guard order.contains(key) else { return }
        if isProtected { protected.insert(key) } else { protected.remove(key) }
    }

    mutating func insert(_ key: Int, cost: Int64, evicted: inout [Int]) -> Bool {
        if costLimit > 0 && cost > costLimit {
            if remove(key) { evicted.append(key) }
            return false
        }
        if let index = order.firstIndex(of: key) {
            costs[key] = cost
            if policy == .lru { order.append(order.remove(at: index)) }
            if policy == .clock { referenced.insert(key) }
        } else {
            order.append(key)
            costs[key] = cost
        }
        var index = 0
        while isOverLimit() && index < order.count {
            let candidate = order[index]
            if protected.contains(candidate) {
                index += 1
            } else if policy == .clock && referenced.contains(candidate) {
                referenced.remove(candidate)
                if index < order.count - 1 { order.append(order.remove(at: index)) }
            } else if policy != .clock && candidate == key {
                index += 1
            } else {
                _ = remove(candidate)
                evicted.append(candidate)
            }
        }
        return true
    }
}
