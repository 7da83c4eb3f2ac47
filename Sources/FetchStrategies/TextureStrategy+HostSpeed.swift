import ScrollSimCore

extension TextureStrategy {
    /// PINRemoteImage 3.0.4's `PINSpeedRecorder` for the one image host: averages of what PIN's
    /// own requests measured (`Source/Classes/PINSpeedRecorder.m`), fed by the session's metrics
    /// (`PINURLSessionManager.m:211-213`, `didFinishCollectingMetrics:` → `processMetrics:forTask:`).
    /// Nothing here comes from the scenario.
    ///
    /// - A request counts once it got its first byte and received body bytes (completed, or
    ///   cancelled after its response): `processMetrics:` returns early for a transaction without
    ///   `requestStartDate` or `responseStartDate`, or with `countOfBytesReceived` 0 (a failure).
    /// - The first sample is taken as it is; later ones are averaged exponentially with β 0.8
    ///   (`updateSpeedsForHost:…`: `average × 0.8 + 0.2 × sample`), for the start-adjusted rate
    ///   (bytes ÷ (response end − response start)) and the time to first byte (response start −
    ///   request start, so after any connection setup).
    /// - With no sample the rate reads −1 (`weightedAdjustedBytesPerSecondForHost:`), which makes
    ///   `PINProgressiveImage`'s remaining-time estimate `MAXFLOAT`, and the time to first byte
    ///   reads 0 (a message to the nil measurement returns 0).
    ///
    /// PIN keeps `float`s; this keeps `Double`s (only an estimate within a float's rounding of a
    /// threshold could decide differently).
    struct HostSpeed {
        /// Requests averaged so far.
        private(set) var samples = 0
        /// `startAdjustedBytesPerSecond`, averaged; −1 with no sample.
        private(set) var bytesPerSecond = -1.0
        /// `timeToFirstByte` in seconds, averaged; 0 with no sample.
        private(set) var timeToFirstByte = 0.0

        /// `processMetrics:forTask:` for one request's metrics.
        mutating func record(_ metrics: TaskMetrics) {
            guard let requestStart = metrics.requestStart, let responseStart = metrics.responseStart,
                  let responseEnd = metrics.responseEnd, metrics.bytesReceived > 0 else { return }
            let bytes = Double(metrics.bytesReceived)
            // A zero-length transfer gives +inf, as the float division in PIN does.
            let rate = bytes / (Double(responseEnd - responseStart) / 1e9)
            let firstByte = Double(responseStart - requestStart) / 1e9
            if samples == 0 {
                (bytesPerSecond, timeToFirstByte) = (rate, firstByte)
            } else {
                bytesPerSecond = bytesPerSecond * 0.8 + 0.2 * rate
                timeToFirstByte = timeToFirstByte * 0.8 + 0.2 * firstByte
            }
            samples += 1
        }

        /// `PINProgressiveImage`'s `l_estimatedRemainingTime`, seconds: 0 before the response (the
        /// expected length is still 0, so 0 bytes remain) or once every byte arrived; `.infinity`
        /// (`MAXFLOAT`) with no rate sample; else the remaining bytes ÷ the averaged rate (+inf
        /// with a rate of 0). (A response without `Content-Length` would also give `MAXFLOAT`; the
        /// modelled server always sends one.)
        func estimatedRemainingTime(expected: Int64, received: Int64) -> Double {
            let remaining = expected - received
            guard remaining > 0 else { return 0 }
            guard bytesPerSecond != -1 else { return .infinity }
            return Double(remaining) / bytesPerSecond
        }

        /// `PINRemoteImageDownloadTask.cancelWithUUID:resume:` (`:98-106`): a cancel that may store
        /// resume data (Texture's preload exit asks for it) is skipped when the estimated remaining
        /// time is at most the averaged time to first byte.
        func skipsCancel(expected: Int64, received: Int64) -> Bool {
            estimatedRemainingTime(expected: expected, received: received) <= timeToFirstByte
        }
    }
}
