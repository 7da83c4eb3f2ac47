import ScrollSimCore

/// Nuke's `RateLimiter` (kean/Nuke 13.2.0 `Sources/Nuke/Internal/RateLimiter.swift`): a token
/// bucket in front of network starts, 80 tokens per second with a burst of 25 by default.
///
/// - `execute(work)` runs `work` at once when nothing is pending and a token is available;
///   otherwise it queues it (FIFO) and retries the queue every `clamp(Int(2.1 × 1000 / rate),
///   15, 100)` ms (26 ms at 80/s) on a background timer until it drains.
/// - `work` returns false when its task was cancelled meanwhile: it is dropped without taking
///   a token.
/// - The bucket starts full and refills continuously. Tokens are kept as integer nanoseconds of
///   credit (one token = 1 s / rate), so the arithmetic is exact and deterministic.
final class TokenBucketRateLimiter {
    /// The run's services (clock and timers).
    private let environment: FetchEnvironment
    /// Credit one token costs: 1 s / rate.
    private let tokenNanos: SimTime
    /// Credit of a full bucket: burst tokens.
    private let capacityNanos: SimTime
    /// Delay between retries of the pending queue.
    private let retryDelay: SimTime
    /// Credit in the bucket.
    @exclusivity(unchecked) private var creditNanos: SimTime
    /// When the credit was last refilled.
    @exclusivity(unchecked) private var refilledAt: SimTime
    /// Work waiting for a token, FIFO from `pendingHead`.
    @exclusivity(unchecked) private var pending: [Work] = []
    /// Index of the first pending work.
    @exclusivity(unchecked) private var pendingHead = 0
    /// Whether a retry timer is set.
    @exclusivity(unchecked) private var isRetryScheduled = false

    /// A full bucket of `burst` tokens refilled at `rate` tokens per second.
    init(environment: FetchEnvironment, rate: Int = 80, burst: Int = 25) {
        self.environment = environment
        tokenNanos = SimDuration.second / SimTime(max(1, rate))
        capacityNanos = tokenNanos * SimTime(max(1, burst))
        retryDelay = SimDuration.milliseconds(Double(min(100, max(15, Int(2.1 * 1000 / Double(max(1, rate)))))))
        creditNanos = capacityNanos
        refilledAt = environment.now
    }

    /// Work to run: a closure, or a target told to run it (retained until then).
    private enum Work {
        /// The work itself.
        case closure(() -> Bool)
        /// `target.rateLimitedWorkRuns(tag:)`.
        case target(any RateLimitedTarget, tag: Int)
    }

    /// Runs `work` now if allowed, else when a token frees up (FIFO).
    func execute(_ work: @escaping () -> Bool) {
        execute(.closure(work))
    }

    /// `execute(_:)` without a closure: `target.rateLimitedWorkRuns(tag:)` is the work (the target
    /// is held until it ran).
    func execute(target: any RateLimitedTarget, tag: Int) {
        execute(.target(target, tag: tag))
    }

    @inline(__always)
    private func execute(_ work: Work) {
        if pendingHead < pending.count || !runIfToken(work) {
            pending.append(work)
            scheduleRetry()
        }
    }

    /// Runs `work` if a token is available (taking it unless `work` declined); false when none is.
    private func runIfToken(_ work: Work) -> Bool {
        let now = environment.now
        if now > refilledAt {
            creditNanos = min(capacityNanos, creditNanos + (now - refilledAt))
            refilledAt = now
        }
        guard creditNanos >= tokenNanos else { return false }
        let ran: Bool
        switch work {
        case .closure(let run): ran = run()
        case .target(let target, let tag): ran = target.rateLimitedWorkRuns(tag: tag)
        }
        if ran { creditNanos -= tokenNanos }
        return true
    }

    /// Sets the retry timer, which runs pending work while tokens last.
    private func scheduleRetry() {
        guard !isRetryScheduled else { return }
        isRetryScheduled = true
        // `unowned(unsafe)`: held by its strategy for the whole run (`FetchStrategy`, "Lifetime").
        environment.schedule(after: retryDelay) { [unowned(unsafe) self] in
            isRetryScheduled = false
            while pendingHead < pending.count && runIfToken(pending[pendingHead]) {
                pendingHead += 1
            }
            if pendingHead == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            } else {
                scheduleRetry()
            }
        }
    }
}

/// Runs the work queued with `TokenBucketRateLimiter.execute(target:tag:)`.
protocol RateLimitedTarget: AnyObject {
    /// The work queued with `tag` may run: runs it and returns true, or returns false when it was
    /// cancelled meanwhile (it then takes no token).
    func rateLimitedWorkRuns(tag: Int) -> Bool
}
