// Writes Scenarios/feed-replay.csv: a SYNTHETIC feed-reading session in the replay recording
// format (docs/workloads.md), as a 60 Hz CADisplayLink logger on a 3x iPhone would write it. It is
// not a recording of a person: the motions below are made up to exercise what scripts cannot
// express (a finger that speeds up during a drag, a fling caught by a touch, a drag that stops
// without a fling), with UIScrollView's deceleration (0.998 per ms) for the glides.
//
//   swift scripts/synthetic-gesture.swift > Scenarios/feed-replay.csv
//
// The output is committed; runs read the CSV, never this script, so its use of libm does not
// touch ScrollSim's determinism.
import Foundation

/// One piece of the session: how the offset moves for how long.
enum Motion {
    /// Nothing moves.
    case still(seconds: Double)
    /// The finger drags, its speed easing from `from` to `to` pt/s (smoothstep) over `seconds`.
    case drag(from: Double, to: Double, seconds: Double)
    /// The finger lifts at the current velocity; UIScrollView decelerates at 0.998 per ms until
    /// |v| < 10 pt/s, or until a touch catches it after `caughtAfter` seconds.
    case glide(caughtAfter: Double?)
}

let session: [Motion] = [
    .still(seconds: 1.2),                                // reads the first post
    .drag(from: 0, to: 420, seconds: 0.7),               // a deliberate drag that speeds up
    .glide(caughtAfter: nil),                            // lifts at 420 pt/s
    .still(seconds: 2.6),
    .drag(from: 200, to: 2600, seconds: 0.12),           // a flick
    .glide(caughtAfter: nil),
    .still(seconds: 1.8),
    .drag(from: 150, to: 3400, seconds: 0.1),            // a harder flick...
    .glide(caughtAfter: 0.9),                            // ...caught by a touch to read
    .still(seconds: 2.2),
    .drag(from: 0, to: -300, seconds: 0.5),              // back up to a post just passed
    .drag(from: -300, to: 0, seconds: 0.4),              // and stops without a fling
    .still(seconds: 3.0),
    .drag(from: 100, to: 1800, seconds: 0.15),
    .glide(caughtAfter: nil),
    .still(seconds: 1.5),
]

let frame = 1.0 / 60
let decelerationPerMillisecond = 0.998
let k = 1000 * log(decelerationPerMillisecond)  // per second
var time = 0.0
var offset = 0.0
var velocity = 0.0
var samples: [(Double, Double)] = [(0, 0)]

/// Advances one frame at `velocity`, recording the sample.
func step(_ velocityAtFrame: Double) {
    offset += velocityAtFrame * frame
    time += frame
    samples.append((time, offset))
}

for motion in session {
    switch motion {
    case .still(let seconds):
        velocity = 0
        for _ in 0..<Int((seconds / frame).rounded()) { step(0) }
    case .drag(let from, let to, let seconds):
        let frames = Int((seconds / frame).rounded())
        for i in 1...frames {
            let s = Double(i) / Double(frames)
            velocity = from + (to - from) * s * s * (3 - 2 * s)
            step(velocity)
        }
    case .glide(let caughtAfter):
        // x(τ) = x0 + v0·(e^(kτ) − 1)/k, v(τ) = v0·e^(kτ), sampled every frame.
        let v0 = velocity, x0 = offset
        var elapsed = 0.0
        while abs(velocity) >= 10 {
            if let caughtAfter, elapsed >= caughtAfter { break }
            elapsed += frame
            velocity = v0 * exp(k * elapsed)
            offset = x0 + v0 * (exp(k * elapsed) - 1) / k
            time += frame
            samples.append((time, offset))
        }
        velocity = 0
    }
}

print("t_ms,offset_pt")
for (t, x) in samples {
    // Times as a display link's timestamps in ms; offsets on the 3x pixel grid, as UIKit keeps them.
    let pixels = (max(x, 0) * 3).rounded() / 3
    print(String(format: "%.3f,%.3f", t * 1000, pixels))
}
