import Testing

@testable import ScrollSimCore

/// The `device` section: presets, overrides, the derived warning level, and one-line errors for
/// every key and every rule between keys.
@Suite struct DeviceScenarioTests {
    /// The device of `deviceJSON` (the body of `"device": {…}`).
    static func device(_ deviceJSON: String) throws -> Scenario.Device {
        try ScenarioLoader.parse(#"{"layout": {"itemCount": 9}, "device": {"# + deviceJSON + "}}", file: "s.json")
            .device
    }

    /// The error of `deviceJSON` as `scenario.json`, or nil when it decodes.
    static func failure(_ deviceJSON: String) -> String? {
        do {
            _ = try ScenarioLoader.parse(#"{"layout": {"itemCount": 9}, "device": {"# + deviceJSON + "}}",
                                         file: "scenario.json")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyPresetHasItsTableValues() throws {
        // model, RAM GB, physicalMemory MiB, cores, decoder threads, decode speed, limit MiB
        let table: [(String, Double, Int, Int, Int, Double, Int)] = [
            ("iphone-8", 2, 1990, 6, 2, 0.6, 1364),
            ("iphone-se-2", 3, 2813, 6, 2, 0.8, 1843),
            ("iphone-12", 4, 3844, 6, 2, 0.9, 2091),
            ("iphone-14-pro", 6, 5766, 6, 2, 1, 3064),
            ("iphone-15-pro", 8, 7688, 6, 2, 1.1, 3341),
        ]
        #expect(table.map(\.0) == DeviceModel.allCases.map(\.rawValue))
        for (model, ram, physical, cores, threads, speed, limit) in table {
            let device = try Self.device(#""model": "\#(model)""#)
            #expect(device.model.rawValue == model)
            #expect(device.ramGB == ram && device.physicalMemoryMB == physical && device.cpuCores == cores)
            #expect(device.decoderThreads == threads && device.decodeSpeed == speed && device.memoryLimitMB == limit)
            #expect(device.memoryWarningMB == nil && device.baselineFootprintMB == 150)
            #expect(device == DeviceModel(rawValue: model)?.preset)
        }
    }

    @Test func theDefaultDeviceIsTheIPhone14Pro() throws {
        let scenario = try ScenarioLoader.parse(#"{"layout": {"itemCount": 9}}"#, file: "s.json")
        #expect(scenario.device == DeviceModel.iphone14Pro.preset)
        #expect(scenario.device == Scenario.Device())
    }

    @Test func theWarningLevelIsXnusEightyPercentOfTheLimit() throws {
        // limit × 52428 >> 16, with 52428 = 80 × 65536 / 100 (the ledger's fixed point)
        #expect(Scenario.Device.warningLevelFixedPoint == 52_428)
        let expected: [(DeviceModel, Int64)] = [
            (.iphone8, 1_144_188_672),      // 1364 MiB → 1091.18 MiB
            (.iphoneSE2, 1_545_996_864),    // 1843 MiB → 1474.38 MiB
            (.iphone12, 1_754_031_168),     // 2091 MiB → 1672.77 MiB
            (.iphone14Pro, 2_570_230_272),  // 3064 MiB → 2451.16 MiB
            (.iphone15Pro, 2_802_591_168),  // 3341 MiB → 2672.76 MiB
        ]
        for (model, bytes) in expected {
            #expect(model.preset.memoryWarningBytes == bytes)
            #expect(model.preset.memoryLimitBytes == Int64(model.memoryLimitMB) * 1_048_576)
        }
        // An explicit level is taken as given
        let device = try Self.device(#""memoryWarningMB": 3000"#)
        #expect(device.memoryWarningBytes == 3000 * 1_048_576)
    }

    @Test func overridesApplyOnTheModelWhereverItComesInTheObject() throws {
        // Given the overrides before the model
        let device = try Self.device(#""decoderThreads": 4, "memoryLimitMB": 1000, "model": "iphone-8""#)
        // Then they win over the iPhone 8's preset, and every other value is the iPhone 8's
        var expected = DeviceModel.iphone8.preset
        expected.decoderThreads = 4
        expected.memoryLimitMB = 1000
        #expect(device == expected)
        // Every key, given
        let all = try Self.device(#"""
            "model": "iphone-12", "ramGB": 5, "physicalMemoryMB": 5000, "cpuCores": 8, "decoderThreads": 3,
            "decodeSpeed": 0.75, "memoryLimitMB": 2500, "memoryWarningMB": 2400, "baselineFootprintMB": 80
            """#)
        #expect(all.model == .iphone12 && all.ramGB == 5 && all.physicalMemoryMB == 5000 && all.cpuCores == 8)
        #expect(all.decoderThreads == 3 && all.decodeSpeed == 0.75 && all.memoryLimitMB == 2500)
        #expect(all.memoryWarningMB == 2400 && all.baselineFootprintMB == 80)
    }

    @Test func ramAloneDerivesThePhysicalMemoryAtTheIPhone11sRatio() throws {
        // 961 MiB per GB: 3844 of 4096 MiB
        #expect(try Self.device(#""ramGB": 3, "model": "iphone-se-2""#).physicalMemoryMB == 2883)
        #expect(try Self.device(#""ramGB": 2.5, "model": "iphone-8""#).physicalMemoryMB == 2402)
        #expect(try Self.device(#""ramGB": 4, "physicalMemoryMB": 4000"#).physicalMemoryMB == 4000)
    }

    @Test(arguments: [
        // Each key's type and range
        (#""model": "iphone-9""#,
         "scenario.json: device.model: must be 'iphone-8', 'iphone-se-2', 'iphone-12', 'iphone-14-pro' or "
          + "'iphone-15-pro', found 'iphone-9'"),
        (#""model": 8"#, "scenario.json: device.model: expected a string, found a number"),
        (#""ramGB": 0.25"#, "scenario.json: device.ramGB: must be a number from 0.5 to 64, found 0.25"),
        (#""ramGB": "6""#, "scenario.json: device.ramGB: expected a number, found a string"),
        (#""physicalMemoryMB": 100"#,
         "scenario.json: device.physicalMemoryMB: must be an integer from 256 to 65536, found 100"),
        (#""physicalMemoryMB": 4000.5"#,
         "scenario.json: device.physicalMemoryMB: must be an integer from 256 to 65536, found 4000.5"),
        (#""cpuCores": 0"#, "scenario.json: device.cpuCores: must be an integer from 1 to 64, found 0"),
        (#""decoderThreads": 65"#, "scenario.json: device.decoderThreads: must be an integer from 1 to 64, found 65"),
        (#""decodeSpeed": 0"#,
         "scenario.json: device.decodeSpeed: must be a number greater than 0 and at most 100, found 0"),
        (#""memoryLimitMB": 8"#, "scenario.json: device.memoryLimitMB: must be an integer from 16 to 65536, found 8"),
        (#""memoryWarningMB": 0"#,
         "scenario.json: device.memoryWarningMB: must be an integer from 1 to 65536, found 0"),
        (#""baselineFootprintMB": -1"#,
         "scenario.json: device.baselineFootprintMB: must be an integer from 0 to 65536, found -1"),
        (#""memoryLimitMb": 3000"#, "scenario.json: device.memoryLimitMb: unknown key; did you mean 'memoryLimitMB'?"),
        // The rules between keys
        (#""physicalMemoryMB": 6200"#,
         "scenario.json: device.physicalMemoryMB: must not exceed ramGB × 1024 (6144, the iphone-14-pro "
          + "preset's): physical memory is below the marketing RAM, found 6200"),
        (#""memoryLimitMB": 5766"#,
         "scenario.json: device.memoryLimitMB: must be below physicalMemoryMB (5766, the iphone-14-pro "
          + "preset's), found 5766"),
        (#""model": "iphone-8", "physicalMemoryMB": 1300"#,
         "scenario.json: device.physicalMemoryMB: leaves physicalMemoryMB (1300) not above memoryLimitMB (1364, "
          + "the iphone-8 preset's); set memoryLimitMB too"),
        (#""ramGB": 2"#,
         "scenario.json: device.ramGB: leaves physicalMemoryMB (1922, ramGB × 961) not above memoryLimitMB "
          + "(3064, the iphone-14-pro preset's); set memoryLimitMB too"),
        (#""ramGB": 2, "memoryLimitMB": 2000"#,
         "scenario.json: device.memoryLimitMB: must be below physicalMemoryMB (1922, ramGB × 961), found 2000"),
        (#""memoryWarningMB": 3064"#,
         "scenario.json: device.memoryWarningMB: must be below memoryLimitMB (3064, the iphone-14-pro preset's), "
          + "found 3064"),
        (#""baselineFootprintMB": 2452"#,
         "scenario.json: device.baselineFootprintMB: must be below the warning level (2451.16, 80 % of "
          + "memoryLimitMB), found 2452"),
        (#""memoryWarningMB": 100, "baselineFootprintMB": 100"#,
         "scenario.json: device.baselineFootprintMB: must be below the warning level (100), found 100"),
        (#""memoryLimitMB": 180"#,
         "scenario.json: device.memoryLimitMB: puts the warning level (143.99, 80 % of memoryLimitMB) at or "
          + "below baselineFootprintMB (150); the app would be warned before it shows anything"),
    ])
    func badDeviceValuesGetOneLineNamingFileAndPath(deviceJSON: String, message: String) {
        #expect(Self.failure(deviceJSON) == message)
    }

    @Test func theLimitsJustInsideTheRulesAreAccepted() throws {
        // One MiB apart is enough for every rule
        let device = try Self.device(#""ramGB": 2, "physicalMemoryMB": 2048, "memoryLimitMB": 2047, "#
                                     + #""memoryWarningMB": 2046, "baselineFootprintMB": 2045"#)
        #expect(device.memoryWarningBytes == 2046 * 1_048_576 && device.baselineFootprintBytes == 2045 * 1_048_576)
    }
}
