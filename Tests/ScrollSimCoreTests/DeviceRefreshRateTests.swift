import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// `display.refreshHz` and the device (docs/model.md, "Display, main thread and frames"): a file
/// that omits it runs at its device's maximum (120 Hz on the ProMotion models, 60 on the others),
/// an explicit rate up to that maximum is kept, a higher one is refused with one line.
@Suite struct DeviceRefreshRateTests {
    /// The scenario of the top-level members `members` (JSON text after `"layout": {…},`).
    static func scenario(_ members: String) throws(ScenarioError) -> Scenario {
        try ScenarioLoader.parse(#"{"layout": {"itemCount": 9}, "# + members + "}", file: "scenario.json")
    }

    /// The error of the top-level members `members`, or nil when the file decodes.
    static func failure(_ members: String) -> String? {
        do {
            _ = try scenario(members)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [("iphone-8", 60), ("iphone-se-2", 60), ("iphone-12", 60), ("iphone-14-pro", 120),
                      ("iphone-15-pro", 120)])
    func omittedRateIsTheDevicesMaximum(model: String, hz: Int) throws {
        let parsed = DeviceModel(rawValue: model).map(\.maxRefreshHz)
        #expect(parsed == hz)
        let omitted = try Self.scenario(#""device": {"model": "\#(model)"}"#)
        #expect(omitted.display.refreshHz == nil && omitted.refreshHz == hz)
        // The same whether `display` comes first (without refreshHz) or after `device`.
        #expect(try Self.scenario(#""display": {"renderMs": 1}, "device": {"model": "\#(model)"}"#).refreshHz == hz)
        #expect(try Self.scenario(#""device": {"model": "\#(model)"}, "display": {}"#).refreshHz == hz)
        // And the same for a scenario built in code on that device.
        var built = Scenario(layout: .init(itemCount: 9))
        built.device = Scenario.Device(model: try #require(DeviceModel(rawValue: model)))
        #expect(built.refreshHz == hz && built == omitted)
    }

    @Test func noDeviceMeansTheReferencePhoneAt120Hertz() throws {
        #expect(DeviceModel.reference == .iphone14Pro)
        #expect(try Self.scenario(#""seed": 3"#).refreshHz == 120)
        #expect(Scenario(layout: .init(itemCount: 9)).refreshHz == 120)
    }

    @Test(arguments: [(#""display": {"refreshHz": 60}"#, 60),
                      (#""display": {"refreshHz": 60}, "device": {"model": "iphone-15-pro"}"#, 60),
                      (#""device": {"model": "iphone-15-pro"}, "display": {"refreshHz": 90}"#, 90),
                      (#""display": {"refreshHz": 120}"#, 120),
                      (#""display": {"refreshHz": 30}, "device": {"model": "iphone-8"}"#, 30),
                      (#""display": {"refreshHz": 60}, "device": {"model": "iphone-12"}"#, 60)])
    func explicitRateUpToTheMaximumIsKept(members: String, hz: Int) throws {
        let scenario = try Self.scenario(members)
        #expect(scenario.display.refreshHz == hz && scenario.refreshHz == hz)
    }

    @Test(arguments: [
        (#""display": {"refreshHz": 120}, "device": {"model": "iphone-12"}"#,
         "scenario.json: display.refreshHz: must be an integer from 1 to 60 on device.model iphone-12, whose "
          + "display refreshes at most 60 times a second (omit it for that rate), found 120"),
        (#""device": {"model": "iphone-8"}, "display": {"refreshHz": 61}"#,
         "scenario.json: display.refreshHz: must be an integer from 1 to 60 on device.model iphone-8, whose "
          + "display refreshes at most 60 times a second (omit it for that rate), found 61"),
        // The key's own range comes first: no preset refreshes faster than 120 Hz.
        (#""display": {"refreshHz": 144}"#,
         "scenario.json: display.refreshHz: must be an integer from 1 to 120, found 144"),
        (#""display": {"refreshHz": 241}, "device": {"model": "iphone-12"}"#,
         "scenario.json: display.refreshHz: must be an integer from 1 to 120, found 241"),
    ])
    func rateAboveTheDevicesMaximumIsRefused(members: String, message: String) {
        #expect(Self.failure(members) == message)
    }

    @Test func theKeysRangeIsTheFastestPresetsMaximum() {
        #expect(DeviceModel.highestMaxRefreshHz == 120)
        #expect(ScenarioKeys.display["refreshHz"].expectedPhrase == "an integer from 1 to 120")
    }

    /// `Scenario.validate`'s refusal of `hz` on `model`, under `file`.
    static func rateError(file: String, model: DeviceModel, hz: Int) -> InputError {
        InputError(
            kind: .invalid, file: file, path: "display.refreshHz",
            message: "must be an integer from 1 to \(model.maxRefreshHz) on device.model \(model.rawValue), whose "
                + "display refreshes at most \(model.maxRefreshHz) times a second (omit it for that rate), found \(hz)")
    }

    @Test(arguments: [(DeviceModel.iphone12, 61), (.iphone12, 120), (.iphone14Pro, 121), (.iphone15Pro, 240),
                      (.iphone8, 0)])
    func codeBuiltRateOutsideTheDevicesRangeIsRefusedLikeAFiles(model: DeviceModel, hz: Int) {
        var scenario = Scenario(layout: .init(itemCount: 9))
        scenario.device = Scenario.Device(model: model)
        scenario.display.refreshHz = hz
        let expected = Self.rateError(file: "built.json", model: model, hz: hz)
        #expect(throws: expected) { try scenario.validate(file: "built.json") }
        if hz > 0 && hz <= DeviceModel.highestMaxRefreshHz {
            // A file with the same content gets the same error (but under its own name).
            let text = #""device": {"model": "\#(model.rawValue)"}, "display": {"refreshHz": \#(hz)}"#
            #expect(Self.failure(text) == "scenario.json: " + expected.description.dropFirst("built.json: ".count))
        }
    }

    @Test(arguments: [(DeviceModel.iphone12, 60), (.iphone14Pro, 120), (.iphone14Pro, 1), (.iphone15Pro, 90)])
    func codeBuiltRateUpToTheDevicesMaximumIsAccepted(model: DeviceModel, hz: Int) throws {
        var scenario = Scenario(layout: .init(itemCount: 9))
        scenario.device = Scenario.Device(model: model)
        scenario.display.refreshHz = hz
        try scenario.validate(file: "built.json")
        #expect(scenario.refreshHz == hz)
    }

    @Test(arguments: [(DeviceModel.iphone12, 0), (.iphone12, 61), (.iphone14Pro, 121), (.iphone8, -60)])
    func aSimulationRunRefusesACodeBuiltRateWithTheScenarioError(model: DeviceModel, hz: Int) {
        // Given a scenario built in code with a rate the engine cannot simulate (0 would divide by zero)
        var scenario = Scenario(layout: .init(itemCount: 9))
        scenario.name = "built"
        scenario.device = Scenario.Device(model: model)
        scenario.display.refreshHz = hz
        // Then the library's entry refuses it with validate's error, under the scenario's name
        let expected = Self.rateError(file: "scenario 'built'", model: model, hz: hz)
        #expect(SimulationRun.fileLabel(of: scenario) == "scenario 'built'")
        #expect(throws: expected) {
            _ = try SimulationRun(scenario: scenario, seed: 1, strategyName: "idle", strategy: { _ in IdleStrategy() })
        }
    }

    /// A list of 100 rows of 100 pt in a 390 × 1000 pt viewport, `ios9`, every cost 0 except
    /// `cellForItemMs` 10, a 1 s pause then a drag at 600 pt/s for 0.5 s, on `model`, with no
    /// `display.refreshHz`: the rate is the device's.
    static func tenMillisecondCells(on model: String) throws -> Scenario {
        try ScenarioLoader.parse("""
            { "layout": { "itemCount": 100, "itemHeight": 100, "viewport": { "width": 390, "height": 1000 } },
              "cells": { "profile": "ios9" },
              "device": { "model": "\(model)" },
              "costs": { "frameBaseMs": 0, "cellCreateMs": 0, "cellForItemMs": 10, "prepareForReuseMs": 0,
                         "willDisplayMs": 0, "didEndDisplayingMs": 0, "setImageMs": 0 },
              "script": [ { "pause": { "seconds": 1 } }, { "drag": { "velocity": 600, "seconds": 0.5 } } ] }
            """, file: "cells.json")
    }

    @Test func tenMillisecondCellsFitSixtyHertzButHitchAtTheProMotionDefault() throws {
        // Rows 10, 11 and 12 enter when the offset passes 0, 100 and 200 pt; each costs one 10 ms
        // cellForItem in its frame.
        // iphone-12, 60 Hz: 10 ms fits the 16.67 ms budget: no hitch, a frame at each of the 30 vsyncs.
        let sixty = try Self.tenMillisecondCells(on: "iphone-12")
        #expect(sixty.refreshHz == 60)
        let (slow, _) = TestScenarios.run(sixty)
        #expect(slow.frames == 30 && slow.hitches == 0 && slow.droppedFrames == 0 && slow.hitchNanos == 0)

        // iphone-14-pro, 120 Hz: 10 ms is past the 8.33 ms budget. The rows enter at vsyncs 121,
        // 141 and 161 (t = 1.008333333, 1.175 and 1.341666666 s: offsets 5, 105 and 205 pt); each
        // of those frames commits 10 ms after its vsync, past t_{k+1}, and is shown at t_{k+3}
        // instead of t_{k+2}: hitch times t_{k+2} − t_{k+1} (docs/metrics.md) t123 − t122 =
        // 8 333 334, t143 − t142 = 8 333 333, t163 − t162 = 8 333 333 ns, 25 ms in 0.5 s of
        // scrolling = 50 ms/s. Vsyncs 122, 142 and
        // 162 get no frame: 60 − 3 = 57 frames.
        let promotion = try Self.tenMillisecondCells(on: "iphone-14-pro")
        #expect(promotion.refreshHz == 120)
        let (fast, frames) = TestScenarios.run(promotion)
        #expect(fast.scrollNanos == 500_000_000)
        #expect(fast.frames == 57)
        #expect(fast.hitches == 3 && fast.droppedFrames == 3)
        #expect(fast.hitchNanos == 25_000_000)
        #expect(fast.maxHitchNanos == 8_333_334)
        #expect(fast.hitchRatio == 50)
        let hitching = frames.filter { $0.inScroll && $0.hitch > 0 }
        #expect(hitching.map(\.vsync) == [1_008_333_333, 1_175_000_000, 1_341_666_666])
        #expect(hitching.map(\.commit) == [1_018_333_333, 1_185_000_000, 1_351_666_666])
        #expect(hitching.map(\.present) == [1_033_333_333, 1_200_000_000, 1_366_666_666])
    }
}
