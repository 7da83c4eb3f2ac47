@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `LRUTouchLog` against the cache it stands for: an LRU `CacheIndex` whose passes go through the
/// log must end every round in the same recency order as one whose passes touch every key.
@Suite struct LRUTouchLogTests {
    /// A repeatable generator for the cases (64-bit LCG, Knuth's MMIX constants).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Runs one pass over `keys` on both caches; returns the touches the logged cache performed.
    static func pass(_ keys: [Int], reference: CacheIndex, logged: CacheIndex, log: inout LRUTouchLog) -> Int {
        var performed = 0
        log.beginPass()
        for key in keys {
            let hit = reference.touch(key)
            if let value = log.deferredValue(of: key) {
                #expect(hit && value == key * 10)  // deferred only when the hit is certain
                continue
            }
            log.stopDeferring { performed += 1; _ = logged.touch($0) }
            performed += 1
            #expect(logged.touch(key) == hit)
            if hit { log.touched(key, value: key * 10) }
        }
        log.endPass { performed += 1; _ = logged.touch($0) }
        return performed
    }

    @Test func passesThroughTheLogLeaveTheSameRecencyOrderAsTouchingEveryKey() {
        var generator = Generator(state: 11)
        let reference = CacheIndex(policy: .lru), logged = CacheIndex(policy: .lru)
        var evicted: [Int] = []
        for key in 0..<16 {
            _ = reference.insert(key, cost: 1, evicted: &evicted)
            _ = logged.insert(key, cost: 1, evicted: &evicted)
        }
        var log = LRUTouchLog()
        var last: [Int] = []
        var requested = 0, performed = 0
        for _ in 0..<2_000 {
            switch generator.next(10) {
            case 0:  // a store (maybe of a new key)
                let key = generator.next(24)
                _ = reference.insert(key, cost: 1, evicted: &evicted)
                _ = logged.insert(key, cost: 1, evicted: &evicted)
                log.recordOperation()
            case 1:  // a lookup outside the passes
                let key = generator.next(24)
                #expect(reference.touch(key) == logged.touch(key))
                log.recordOperation()
            case 2:  // a removal
                let key = generator.next(24)
                #expect(reference.remove(key) == logged.remove(key))
                log.recordOperation()
            default:  // a pass: the last one again, a suffix of it, or a new random order
                var keys: [Int]
                switch generator.next(4) {
                case 0: keys = last
                case 1: keys = Array(last.suffix(generator.next(last.count + 1)))
                case 2: keys = Array(last.dropLast(generator.next(last.count + 1)))
                default:
                    keys = []
                    for key in 0..<24 where generator.next(3) == 0 { keys.append(key) }
                    for index in keys.indices.reversed() { keys.swapAt(index, generator.next(index + 1)) }
                }
                requested += keys.count
                performed += Self.pass(keys, reference: reference, logged: logged, log: &log)
                last = keys
            }
            #expect(logged.keysInEvictionOrder() == reference.keysInEvictionOrder())
        }
        #expect(performed < requested)  // the log skipped some touches
        #expect(performed > requested / 4)  // and performed others
    }

    @Test func aPassRepeatedWithNothingInBetweenTouchesNothingAndAnyOtherUseEndsThat() {
        let reference = CacheIndex(policy: .lru), logged = CacheIndex(policy: .lru)
        var evicted: [Int] = []
        for key in 0..<5 {
            _ = reference.insert(key, cost: 1, evicted: &evicted)
            _ = logged.insert(key, cost: 1, evicted: &evicted)
        }
        var log = LRUTouchLog()
        #expect(Self.pass([3, 1, 4], reference: reference, logged: logged, log: &log) == 3)  // nothing known yet
        #expect(Self.pass([3, 1, 4], reference: reference, logged: logged, log: &log) == 0)  // the list ends 3, 1, 4
        #expect(Self.pass([1, 4], reference: reference, logged: logged, log: &log) == 0)  // a suffix
        #expect(Self.pass([4, 1], reference: reference, logged: logged, log: &log) == 2)  // another order
        #expect(logged.keysInEvictionOrder() == [0, 2, 3, 4, 1])
        #expect(Self.pass([4, 1], reference: reference, logged: logged, log: &log) == 0)
        _ = logged.touch(0)
        _ = reference.touch(0)
        log.recordOperation()
        #expect(Self.pass([4, 1], reference: reference, logged: logged, log: &log) == 2)  // 0 came last in between
        #expect(Self.pass([4, 2, 1], reference: reference, logged: logged, log: &log) == 3)  // 2: a real lookup
        #expect(logged.keysInEvictionOrder() == reference.keysInEvictionOrder())
        #expect(logged.keysInEvictionOrder() == [3, 0, 4, 2, 1])
    }
}
