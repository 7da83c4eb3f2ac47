// The `user` step expanded into ordinary steps (docs/workloads.md).

extension ScrollTimeline {
    /// The ordinary steps `user` expands to when it starts at `initialOffset` at time 0 of a
    /// timeline seeded with `seed` (its first `user` step): what a run with that seed replays.
    /// - Complexity: O(steps produced).
    public static func expand(_ user: UserModel, seed: UInt64, maxOffset: Double, initialOffset: Double = 0,
                              targetOffset: (Int) -> Double) -> [ScriptStep] {
        let maxOffset = max(0, maxOffset)
        var builder = Builder(maxOffset: maxOffset, offset: min(max(initialOffset, 0), maxOffset), seed: seed)
        builder.expansion = []
        builder.appendUser(user, targetOffset: targetOffset)
        return builder.expansion ?? []
    }
}

extension ScrollTimeline.Builder {
    /// Draw slots of one gesture: the second key of a draw is `gesture · 8 + slot`.
    enum UserDraw: Int64 {
        /// The reading pause.
        case pause = 0
        /// Whether the user taps back to the top.
        case returnToTop = 1
        /// Whether the gesture goes against the heading.
        case reversal = 2
        /// Flick or slow drag.
        case kind = 3
        /// The flick's velocity or the drag's speed.
        case magnitude = 4
        /// The drag's length.
        case duration = 5
    }

    /// Appends `user` expanded into steps, from the current time and offset, for exactly
    /// `user.seconds`.
    ///
    /// Each gesture: a reading pause; then, away from the top and with `returnToTopProbability`, an
    /// animated `scrollTo` item 0 (a status-bar tap); otherwise a gesture in the user's heading
    /// (toward the end; back toward the top once the end is reached, and forward again at the
    /// top), against it with `reversalProbability`, never into the edge it sits on: a flick
    /// (`drag` at the lift velocity for `flickSeconds`, then `fling`) with `flingShare`, else a
    /// slow `drag`. A pause or drag that would run past the end is cut there; a flick or a return
    /// to the top that would not end in time is not started (the user rests until the end).
    mutating func appendUser(_ user: UserModel, targetOffset: (Int) -> Double) {
        let occurrence = Int64(userOccurrences)
        userOccurrences += 1
        let stream = userStream
        let end = time + SimDuration.seconds(user.seconds)
        var heading = 1.0
        var gesture: Int64 = 0
        /// The uniform (0, 1) draw of `slot` for the current gesture.
        func draw(_ slot: UserDraw) -> Double { stream.uniformOpen(occurrence, gesture << 3 | slot.rawValue) }
        /// Seconds until the end, exactly representable back as ns.
        var restSeconds: Double { Double(end - time) / 1e9 }

        while time < end {
            defer { gesture += 1 }
            let pause = DMath.lognormal(median: user.pauseSecondsMedian, p95: user.pauseSecondsP95,
                                        uniform: draw(.pause))
            if SimDuration.seconds(pause) >= end - time {
                emit(.pause(seconds: restSeconds), targetOffset: targetOffset)
                break
            }
            emit(.pause(seconds: pause), targetOffset: targetOffset)

            if offset >= maxOffset && offset > 0 { heading = -1 } else if offset <= 0 { heading = 1 }
            if offset > 0 && draw(.returnToTop) < user.returnToTopProbability {
                guard SimDuration.seconds(UserModel.returnToTopSeconds) <= end - time else { break }
                emit(.scrollTo(item: 0, animated: true, seconds: UserModel.returnToTopSeconds),
                     targetOffset: targetOffset)
                heading = 1
                continue
            }
            var direction = draw(.reversal) < user.reversalProbability ? -heading : heading
            if (direction > 0 && offset >= maxOffset) || (direction < 0 && offset <= 0) { direction = -direction }

            if draw(.kind) < user.flingShare {
                let speed = DMath.lognormal(median: user.flingVelocityMedian, p95: user.flingVelocityP95,
                                            uniform: draw(.magnitude))
                let velocity = direction * min(max(speed, UserModel.minFlingVelocity), UserModel.maxFlingVelocity)
                let rate = 1000 * DMath.log(user.deceleration.perMillisecond)
                let glide = SimDuration.seconds(DMath.log(ScrollTimeline.flingStopVelocity / velocity.magnitude) / rate)
                guard SimDuration.seconds(user.flickSeconds) + glide <= end - time else { break }
                emit(.drag(velocity: velocity, seconds: user.flickSeconds), targetOffset: targetOffset)
                emit(.fling(velocity: velocity, deceleration: user.deceleration), targetOffset: targetOffset)
            } else {
                let speed = DMath.lognormal(median: user.dragVelocityMedian, p95: user.dragVelocityP95,
                                            uniform: draw(.magnitude))
                let velocity = direction * min(speed, UserModel.maxDragVelocity)
                let seconds = max(DMath.lognormal(median: user.dragSecondsMedian, p95: user.dragSecondsP95,
                                                  uniform: draw(.duration)), UserModel.minGestureSeconds)
                if SimDuration.seconds(seconds) >= end - time {
                    emit(.drag(velocity: velocity, seconds: restSeconds), targetOffset: targetOffset)
                    break
                }
                emit(.drag(velocity: velocity, seconds: seconds), targetOffset: targetOffset)
            }
        }
        if time < end { emit(.pause(seconds: restSeconds), targetOffset: targetOffset) }
    }

    /// Appends one step a `user` produced, as `run` appends a script's: with a change time.
    mutating func emit(_ step: ScriptStep, targetOffset: (Int) -> Double) {
        expansion?.append(step)
        changeTimes.append(time)
        append(step, targetOffset: targetOffset)
    }
}
