/// Receives the end of requests started with `NetworkSession.load(_:priority:target:tag:)`: the
/// form of a completion that makes no closure per request (a completion closure that captures
/// state costs an allocation, and its release when the request ends).
public protocol NetworkLoadTarget: AnyObject {
    /// The request started with `tag` for `imageID` ended with `result`: called exactly where, and
    /// under the same rules as, the completion of `NetworkSession.load(_:priority:completion:)`
    /// (off the main thread, never after `cancel()`).
    func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult)
}
