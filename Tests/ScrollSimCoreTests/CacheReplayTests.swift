import Testing
@testable import ScrollSimCore

/// The cache-simulator convention written as plainly as possible: an array of (id, size) in
/// eviction order (front = next victim), searched linearly. A hit moves the entry to the back
/// under LRU and changes nothing under FIFO (and never changes its size); a miss appends the
/// object after evicting from the front until it fits, unless it alone exceeds the capacity.
///
/// CLOCK as Nuke 13.2.0's `Cache` does it, read from its source rather than from `CacheIndex`:
/// a hit marks the entry; a miss appends it unmarked, then, while the total is over the
/// capacity, the front entry is unmarked and moved to the back if marked, else dropped.
struct ReferenceCache {
    /// Held entries, next victim first; `marked` is the CLOCK reference bit.
    var entries: [(id: Int, size: Int64, marked: Bool)] = []
    /// The policy.
    let policy: CacheIndex.Policy
    /// The capacity.
    let capacity: Int64

    /// Handles one request; returns whether it hit.
    mutating func request(id: Int, size: Int64) -> Bool {
        if let position = entries.firstIndex(where: { $0.id == id }) {
            if policy == .lru { entries.append(entries.remove(at: position)) }
            if policy == .clock { entries[position].marked = true }
            return true
        }
        guard size <= capacity else { return false }
        if policy == .clock {
            entries.append((id, size, false))
            while entries.reduce(0, { $0 + $1.size }) > capacity {
                var front = entries.removeFirst()
                if front.marked {
                    front.marked = false
                    entries.append(front)
                }
            }
            return false
        }
        while entries.reduce(0, { $0 + $1.size }) + size > capacity { entries.removeFirst() }
        entries.append((id, size, false))
        return false
    }
}

/// `CacheReplay` (through `CacheIndex`) against `ReferenceCache`, request for request; capacities;
/// the trace parser's accepted forms.
@Suite struct CacheReplayTests {
    /// A random trace: `objects` objects, Zipf-ish reuse (low ids more often), sizes per `sizeMode`:
    /// 0 all 1, 1 one size per object, 2 a new size on every request.
    static func randomTrace(_ generator: inout SplitMix64, objects: Int, requests: Int,
                            sizeMode: Int) -> [(id: Int, size: Int64)] {
        let objectSizes = (0..<objects).map { _ in Int64(generator.next() % 40 + 1) }
        return (0..<requests).map { _ in
            let a = Int(generator.next() % UInt64(objects)), b = Int(generator.next() % UInt64(objects))
            let id = min(a, b) * 7 + 3  // sparse, non-zero-based ids; low ones more popular
            switch sizeMode {
            case 0: return (id, 1)
            case 1: return (id, objectSizes[(id - 3) / 7])
            default: return (id, Int64(generator.next() % 40 + 1))
            }
        }
    }

    /// The CSV text of `requests`.
    static func csv(_ requests: [(id: Int, size: Int64)]) -> String {
        "id,size\n" + requests.map { "\($0.id),\($0.size)\n" }.joined()
    }

    @Test("LRU, FIFO and CLOCK equal the reference, request for request, on 300 random traces")
    func matchesReference() throws {
        for seed in UInt64(1)...300 {
            var generator = SplitMix64(seed: seed)
            let objects = Int(generator.next() % 30) + 1
            let requests = Int(generator.next() % 300)
            let sizeMode = Int(seed % 3)
            let requestList = Self.randomTrace(&generator, objects: objects, requests: requests, sizeMode: sizeMode)
            // Given the same trace built in memory and parsed from its CSV text
            let trace = RequestTrace(requests: requestList)
            let parsed = try RequestTrace.parse(utf8: Array(Self.csv(requestList).utf8), file: "t.csv")
            #expect(parsed == trace, "seed \(seed)")
            // Capacities from 0 to beyond every object (some objects larger than the cache)
            let largest = requestList.map(\.size).max() ?? 1
            let capacities: [Int64] = [0, 1, largest - 1, largest, trace.distinctBytes / 3, trace.distinctBytes,
                                       Int64(generator.next() % 200)]
            for policy in CacheIndex.Policy.allCases {
                for capacity in capacities where capacity >= 0 {
                    var reference = ReferenceCache(policy: policy, capacity: capacity)
                    let expected = requestList.map { reference.request(id: $0.id, size: $0.size) }
                    var actual: [Bool] = []
                    let result = CacheReplay.replay(parsed, policy: policy, capacity: capacity) { index, isHit in
                        #expect(index == actual.count)
                        actual.append(isHit)
                    }
                    #expect(actual == expected, "seed \(seed) \(policy) capacity \(capacity)")
                    #expect(result.hits == expected.filter { $0 }.count)
                    #expect(result.requests == requestList.count)
                    let missBytes = zip(requestList, expected).filter { !$1 }.reduce(Int64(0)) { $0 + $1.0.size }
                    #expect(result.missBytes == missBytes)
                    #expect(result.requestBytes == requestList.reduce(0) { $0 + $1.size })
                    #expect(result == CacheReplay.replay(parsed, policy: policy, capacity: capacity))
                }
            }
        }
    }

    @Test("CLOCK: hand-computed second chances, against LRU on the same trace")
    func clockByHand() {
        // Given 3 slots: 1 2 3 fill them; 1 and 2 hit (marked); 4 arrives, 4 entries: 1 and 2
        // lose their marks and move behind 4, 3 (unmarked) is evicted → 4 1 2. 5 evicts 4 → 1 2 5.
        // 1 hits (marked): its second chance. 6: 1 moves back, 2 is evicted → 5 6 1. 5 and 1 hit;
        // 7: 5 moves back, 6 is evicted → 1 7 5 (7 survives behind the marked 1). 6: 1 moves back,
        // 7 is evicted → 5 6 1; 1 hits.
        let trace = RequestTrace(requests: [(1, 1), (2, 1), (3, 1), (1, 1), (2, 1), (4, 1), (5, 1), (1, 1), (6, 1),
                                            (5, 1), (1, 1), (7, 1), (6, 1), (1, 1)])
        var outcomes: [Bool] = []
        let result = CacheReplay.replay(trace, policy: .clock, capacity: 3) { _, isHit in outcomes.append(isHit) }
        #expect(outcomes
                    == [false, false, false, true, true, false, false, true, false, true, true, false, false, true])
        #expect(result.hits == 6)
        // While strict LRU evicts 1 when 5 arrives (2 was used after it): 1 misses at request 8.
        // LRU by hand: 4 evicts 3, 5 evicts 1, 1 evicts 2, 6 evicts 4, 5 and 1 hit, 7 evicts 6,
        // 6 evicts 5, 1 hits: hits at requests 4, 5, 10, 11, 14.
        var lru: [Bool] = []
        _ = CacheReplay.replay(trace, policy: .lru, capacity: 3) { _, isHit in lru.append(isHit) }
        #expect(lru == [false, false, false, true, true, false, false, false, false, true, true, false, false, true])
    }

    @Test("CLOCK evicts the entry just inserted when every older entry was referenced")
    func clockSelfEviction() {
        // Given 2 slots holding 1 and 2, both hit
        let index = CacheIndex(policy: .clock, costLimit: 2)
        var evicted: [Int] = []
        index.insert(1, cost: 1, evicted: &evicted)
        index.insert(2, cost: 1, evicted: &evicted)
        #expect(index.touch(1) && index.touch(2))
        // When 3 is inserted
        #expect(index.insert(3, cost: 1, evicted: &evicted))
        // Then 1 and 2 get their second chance (moved behind 3, unmarked) and 3 itself is evicted
        #expect(evicted == [3])
        #expect(!index.contains(3) && index.keysInEvictionOrder() == [1, 2])
        #expect(index.checkInvariants())
        // And the next insertion evicts 1, now unmarked at the front
        evicted.removeAll()
        index.insert(4, cost: 1, evicted: &evicted)
        #expect(evicted == [1] && index.keysInEvictionOrder() == [2, 4])
        // Re-inserting a held key marks it in place (an update counts as a use)
        evicted.removeAll()
        index.insert(2, cost: 1, evicted: &evicted)
        index.insert(5, cost: 1, evicted: &evicted)
        #expect(evicted == [4] && index.keysInEvictionOrder() == [5, 2])
        #expect(index.checkInvariants())
    }

    @Test("CLOCK passes over protected entries in place")
    func clockProtected() {
        let index = CacheIndex(policy: .clock, costLimit: 2)
        var evicted: [Int] = []
        index.insert(1, cost: 1, evicted: &evicted)
        index.insert(2, cost: 1, evicted: &evicted)
        index.setProtected(1, true)
        _ = index.touch(2)
        // 3 arrives: 1 is protected (stays), 2 is marked (moves back), 3 is evicted
        index.insert(3, cost: 1, evicted: &evicted)
        #expect(evicted == [3] && index.keysInEvictionOrder() == [1, 2])
        // Everything protected: the cache stays over its limit instead of sweeping forever
        index.setProtected(2, true)
        evicted.removeAll()
        index.setProtected(3, true)  // no effect: 3 is not held
        index.insert(4, cost: 1, evicted: &evicted)
        #expect(evicted == [4] && index.count == 2)
        #expect(index.checkInvariants())
    }

    @Test("a hit with another size is a hit and the entry keeps its first size")
    func sizeChangeOnHit() {
        // Given capacity 10: 1 (5 bytes) is held, then requested as 8 bytes, then 2 (5 bytes) arrives
        let trace = RequestTrace(requests: [(1, 5), (1, 8), (2, 5), (1, 5)])
        var outcomes: [Bool] = []
        let result = CacheReplay.replay(trace, policy: .lru, capacity: 10) { _, isHit in outcomes.append(isHit) }
        // Then 1 still costs 5, so 2 fits beside it and the last request hits
        #expect(outcomes == [false, true, false, true])
        #expect(result.missBytes == 10 && result.requestBytes == 23)
    }

    @Test("an object larger than the cache misses every time and evicts nothing")
    func oversizedObject() {
        let trace = RequestTrace(requests: [(1, 3), (9, 11), (1, 3), (9, 11)])
        var outcomes: [Bool] = []
        _ = CacheReplay.replay(trace, policy: .fifo, capacity: 10) { _, isHit in outcomes.append(isHit) }
        #expect(outcomes == [false, false, true, false])
    }

    @Test("p% is that share of the distinct objects' bytes at their first size, rounded down, exactly")
    func percentCapacities() throws {
        // Given distinct bytes 1999 (object 1 counted at its first size, 1000)
        let trace = RequestTrace(requests: [(1, 1000), (2, 999), (1, 5000)])
        #expect(trace.distinctBytes == 1999 && trace.requestBytes == 6999 && trace.objectCount == 2)
        let cases: [(String, Int64)] = [("5%", 99), ("12.5%", 249), ("100%", 1999), ("0%", 0), ("0.05%", 0),
                                        ("0.100000%", 1), ("99.999999%", 1998), ("1999", 1999), ("0", 0)]
        for (text, expected) in cases {
            let capacity = try #require(CacheCapacity(text), "\(text)")
            #expect(capacity.resolved(distinctBytes: trace.distinctBytes) == expected, "\(text)")
        }
        // Near Int64.max the 128-bit product still rounds down exactly
        #expect(CacheCapacity("50%")?.resolved(distinctBytes: Int64.max) == Int64.max / 2)
        #expect(CacheCapacity("100%")?.resolved(distinctBytes: Int64.max) == Int64.max)
        #expect(CacheCapacity("33.333333%")?.resolved(distinctBytes: 3_000_000_000_000_000_000)
                    == 999_999_990_000_000_000)
        #expect(CacheCapacity("12.5%")?.description == "12.5%")
        #expect(CacheCapacity("0.25%")?.description == "0.25%")
    }

    @Test("capacity texts that are rejected", arguments: ["", "-1", "+5", "5 %", "%", "5.%", ".5%", "101%", "100.1%",
                                                           "1.0000001%", "1e3", "9223372036854775808", "5%%", "0x10"])
    func rejectedCapacities(text: String) {
        #expect(CacheCapacity(text) == nil)
    }

    @Test("the parser takes CRLF, a missing final newline, a BOM, leading zeros and 19-digit numbers")
    func acceptedForms() throws {
        let text = "\u{FEFF}id,size\r\n7,1\r\n0007,0002\n9223372036854775807,9223372036854775800\n7,1"
        let trace = try RequestTrace.parse(utf8: Array(text.utf8), file: "t.csv")
        #expect(trace.ids == [7, Int.max])
        #expect(trace.objects == [0, 0, 1, 0])
        #expect(trace.sizes == [1, 2, 9_223_372_036_854_775_800, 1])
        #expect(try RequestTrace.parse(utf8: Array("id,size\n".utf8), file: "t.csv").count == 0)
        #expect(try RequestTrace.parse(utf8: Array("id,size".utf8), file: "t.csv").count == 0)
    }

    @Test("large sparse ids go through the dictionary and number the same way as small ones")
    func sparseIDs() throws {
        let ids = [5_000_000_000, 3, 5_000_000_000, 1 << 40, 3]
        let trace = try RequestTrace.parse(utf8: Array(("id,size\n" + ids.map { "\($0),1\n" }.joined()).utf8),
                                           file: "t")
        #expect(trace.ids == [5_000_000_000, 3, 1 << 40])
        #expect(trace.objects == [0, 1, 0, 2, 1])
    }

    @Test("sizes whose sum overflows Int64 are an error on the line that overflows")
    func sumOverflow() {
        let text = "id,size\n1,9223372036854775807\n2,1\n"
        #expect(throws: InputError(.invalid, file: "t.csv", at: .line(3),
                                   "the sizes up to this line add up to more than 9223372036854775807; "
                                       + "sizes must sum to at most that")) {
            try RequestTrace.parse(utf8: Array(text.utf8), file: "t.csv")
        }
    }

    @Test("csv and table reports of a hand-computed replay")
    func reports() {
        // 1 2 1 3 4 1 2 with 3 slots: LRU hits the 3rd and 6th requests; FIFO only the 3rd
        let trace = RequestTrace(requests: [(1, 1), (2, 1), (1, 1), (3, 1), (4, 1), (1, 1), (2, 1)])
        let results = [CacheReplay.replay(trace, policy: .lru, capacity: 3),
                       CacheReplay.replay(trace, policy: .fifo, capacity: 3)]
        #expect(CacheReplayReport.csv(results) == """
            policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio
            lru,3,7,2,5,0.7143,0.7143
            fifo,3,7,1,6,0.8571,0.8571

            """)
        #expect(CacheReplayReport.table(results, distinctBytes: trace.distinctBytes) == """
            policy  capacity  % distinct  requests  hits  misses  miss ratio  byte miss ratio
            ------  --------  ----------  --------  ----  ------  ----------  ---------------
            lru            3       75.0%         7     2       5      0.7143           0.7143
            fifo           3       75.0%         7     1       6      0.8571           0.8571

            """)
    }
}
