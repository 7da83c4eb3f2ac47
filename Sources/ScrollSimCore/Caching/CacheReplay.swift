/// Replays a `RequestTrace` through a `CacheIndex` of one capacity and counts hits and misses:
/// one point of a miss-ratio curve (`scrollsim cache-replay`).
///
/// Semantics are the common cache-simulator convention (libCacheSim's `cache_get_base`,
/// https://github.com/1a1a11a/libCacheSim, `libCacheSim/cache/cache.c`):
/// - a request whose object is held is a hit; under `lru` it refreshes recency, under `fifo`
///   nothing changes, under `clock` it sets the object's reference bit;
/// - a miss inserts the object with the request's size, evicting in policy order until it fits,
///   unless the object alone is larger than the capacity (then nothing is inserted or evicted).
///   `clock` follows Nuke's memory cache instead (`CacheIndex.Policy.clock`): the object is
///   inserted first, then the sweep runs, so the object may evict itself when every held object
///   was referenced;
/// - a hit whose size differs from the held object's size is still a hit, and the held entry
///   keeps the size it was inserted with (current libCacheSim does not update it; its 2020
///   `cache_check` did);
/// - byte counts use each request's own size: `byte miss ratio = missed bytes / requested bytes`.
///
/// The loop allocates nothing once the index has reached its size: the index's storage is
/// reserved for every object up front and the eviction list is reused. Each request goes through
/// `CacheReplayer`, which `cache-replay` also feeds from a trace streamed from its file.
public enum CacheReplay {
    /// Replays `trace` through an empty `policy` cache of `capacity` (in the trace's size unit).
    /// - Complexity: O(requests) amortised.
    public static func replay(_ trace: RequestTrace, policy: CacheIndex.Policy, capacity: Int64) -> CacheReplayResult {
        replay(trace, policy: policy, capacity: capacity) { _, _ in }
    }

    /// `replay(_:policy:capacity:)`, also reporting each request's outcome in order:
    /// `outcome(requestIndex, isHit)`.
    public static func replay(_ trace: RequestTrace, policy: CacheIndex.Policy, capacity: Int64,
                              outcome: (_ request: Int, _ isHit: Bool) -> Void) -> CacheReplayResult {
        var replayer = CacheReplayer(policy: policy, capacity: capacity, expectedObjects: trace.objectCount)
        trace.objects.withUnsafeBufferPointer { objects in
            trace.sizes.withUnsafeBufferPointer { sizes in
                for request in 0..<objects.count {
                    outcome(request, replayer.request(Int(objects[request]), size: sizes[request]))
                }
            }
        }
        return replayer.result
    }
}

/// The counts of one replay: a point of a miss-ratio curve.
public struct CacheReplayResult: Sendable, Equatable {
    /// The eviction policy.
    public var policy: CacheIndex.Policy
    /// The capacity, in the trace's size unit.
    public var capacity: Int64
    /// Requests replayed.
    public var requests: Int
    /// Requests whose object was held.
    public var hits: Int
    /// Sum of every request's size.
    public var requestBytes: Int64
    /// Sum of the missed requests' sizes.
    public var missBytes: Int64

    /// Requests whose object was not held.
    public var misses: Int { requests - hits }

    /// The counts of a replay.
    public init(policy: CacheIndex.Policy, capacity: Int64, requests: Int, hits: Int, requestBytes: Int64,
                missBytes: Int64) {
        self.policy = policy
        self.capacity = capacity
        self.requests = requests
        self.hits = hits
        self.requestBytes = requestBytes
        self.missBytes = missBytes
    }
}

/// A cache capacity as given on the command line: an absolute size (`1000`) or a share of the
/// trace's distinct bytes (`5%`, `12.5%`).
public enum CacheCapacity: Sendable, Equatable, CustomStringConvertible {
    /// A size in the trace's unit, 0...`Int64.max`.
    case absolute(Int64)
    /// `units / 10^decimals` percent of the distinct objects' bytes, 0 to 100 %, at most 6 decimals.
    case percent(units: Int64, decimals: Int)

    /// The most decimals a percentage may have.
    public static let maximumPercentDecimals = 6

    /// Parses `1000`, `5%` or `0.25%`; nil for anything else (signs, spaces, exponents, more than
    /// 6 decimals, over 100 %, over `Int64.max`).
    public init?(_ text: String) {
        guard text.hasSuffix("%") else {
            guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int64(text) else { return nil }
            self = .absolute(value)
            return
        }
        let number = text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2,
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else {
            return nil
        }
        let decimals = parts.count == 2 ? parts[1].count : 0
        guard decimals <= Self.maximumPercentDecimals, parts[0].count <= 3,
              let units = Int64(parts.joined()), units <= 100 * Self.powerOfTen(decimals) else { return nil }
        self = .percent(units: units, decimals: decimals)
    }

    /// The capacity in the trace's unit: the absolute size, or the percentage of `distinctBytes`
    /// rounded down (computed exactly in 128 bits).
    public func resolved(distinctBytes: Int64) -> Int64 {
        switch self {
        case .absolute(let value):
            return value
        case .percent(let units, let decimals):
            let product = UInt64(max(0, distinctBytes)).multipliedFullWidth(by: UInt64(units))
            let (quotient, _) = (100 * UInt64(Self.powerOfTen(decimals))).dividingFullWidth(product)
            return Int64(quotient)  // ≤ distinctBytes, since units ≤ 100 · 10^decimals
        }
    }

    /// As given: `1000`, `5%`, `12.5%`.
    public var description: String {
        switch self {
        case .absolute(let value):
            return String(value)
        case .percent(let units, let decimals):
            return DecimalFormat.assemble(isNegative: false, digits: String(units), decimals: decimals) + "%"
        }
    }

    /// 10^`exponent`.
    static func powerOfTen(_ exponent: Int) -> Int64 { Int64(DecimalFormat.powerOfTen(exponent)) }
}
