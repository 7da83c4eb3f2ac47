/// The object a main-queue block would capture, told when the block runs instead of a closure
/// (`FetchEnvironment.async(onMain:tag:)`), as `PoolJobTarget` is for a pool job's end.
public protocol MainQueueTarget: AnyObject {
    /// The main-queue block queued with `tag` runs: called exactly where, and under the same
    /// rules as, the block of `async(onMain:)` (on the main thread, FIFO with the other blocks).
    func mainQueueBlockRuns(tag: Int)
}
