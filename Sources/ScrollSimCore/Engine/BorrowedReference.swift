/// A reference to an object another object keeps alive, used without retaining it: each use
/// borrows the object (`Unmanaged._withUnsafeGuaranteedRef`), where a stored strong or unowned
/// reference costs a retain and a release around every call (and, for an object with weak
/// references, the runtime's slow path).
///
/// Sound only while the object is alive, which its owner guarantees for every use. The two stored
/// uses, both within one run, both sound for the same reason: the `Simulator` owns its
/// `FetchEnvironment` (`environment`) and its strategy (`strategyOwner`) until the run ends, so
///
/// - the environment's reference to its simulator (`FetchEnvironment.simulator`) is used only by
///   calls the strategy makes during the run, while the simulator is alive (an environment must
///   not be used after its run has ended);
/// - the simulator's reference to its strategy (`Simulator.withStrategy`) is used only by the
///   simulator, which keeps the strategy alive.
///
/// One use borrows for a single call: `SimContext.schedule` borrows the context's scheduler, which
/// the context holds (a `let`) and so keeps alive while its method runs.
struct BorrowedReference<Object: AnyObject> {
    /// The object, unretained.
    private let reference: Unmanaged<Object>

    /// Borrows `object`, which its owner keeps alive for every use.
    @inline(__always)
    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// Borrows the object at `pointer` (`Unmanaged.toOpaque()` of an `Object`), which its owner
    /// keeps alive for every use.
    @inline(__always)
    init(opaque pointer: UnsafeMutableRawPointer) {
        reference = .fromOpaque(pointer)
    }

    /// Runs `body` with the object, borrowed: no retain and release of it.
    @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }
}
