// The `device` section: a preset, the values a file overrides, and the rules between them.

extension ScenarioDecoder {
    /// The `device` keys a file gave, each with its JSON path where a cross-member rule may
    /// point at it. Absent keys keep the preset's value (or one derived from another key).
    struct DeviceOverrides {
        /// `ramGB`.
        var ramGB: (value: Double, path: String)?
        /// `physicalMemoryMB`.
        var physicalMemoryMB: (value: Int, path: String)?
        /// `cpuCores`.
        var cpuCores: Int?
        /// `decoderThreads`.
        var decoderThreads: Int?
        /// `decodeSpeed`.
        var decodeSpeed: Double?
        /// `memoryLimitMB`.
        var memoryLimitMB: (value: Int, path: String)?
        /// `memoryWarningMB`.
        var memoryWarningMB: (value: Int, path: String)?
        /// `baselineFootprintMB`.
        var baselineFootprintMB: (value: Int, path: String)?
    }

    /// MiB of `physicalMemory` per GB of marketing RAM when a file gives `ramGB` alone: the
    /// iPhone 11's 3844 MiB of 4 GB (1024 × 3844 / 4096), the rule the 6 and 8 GB presets follow.
    static let physicalMemoryMBPerRamGB = 961.0

    /// `model`'s preset with `given` applied, checked: physical memory ≤ RAM, memory limit below
    /// physical memory, warning level below the limit, baseline footprint below the warning
    /// level. The error goes to the key the file gave that the rule involves (the most specific
    /// one first; `path`, the section's, if none), and says where the other value came from.
    func device(model: DeviceModel, overriddenBy given: DeviceOverrides, at path: String) throws(ScenarioError)
        -> Scenario.Device {
        var device = Scenario.Device(model: model)
        let preset = "the \(model.rawValue) preset's"
        if let ramGB = given.ramGB {
            device.ramGB = ramGB.value
            device.physicalMemoryMB = Int(ramGB.value * Self.physicalMemoryMBPerRamGB)
        }
        if let physical = given.physicalMemoryMB { device.physicalMemoryMB = physical.value }
        if let cores = given.cpuCores { device.cpuCores = cores }
        if let threads = given.decoderThreads { device.decoderThreads = threads }
        if let speed = given.decodeSpeed { device.decodeSpeed = speed }
        if let limit = given.memoryLimitMB { device.memoryLimitMB = limit.value }
        if let warning = given.memoryWarningMB { device.memoryWarningMB = warning.value }
        if let baseline = given.baselineFootprintMB { device.baselineFootprintMB = baseline.value }

        let ramSource = given.ramGB == nil ? ", \(preset)" : ""
        let physicalSource = given.physicalMemoryMB != nil ? "" : given.ramGB != nil ? ", ramGB × 961" : ", \(preset)"
        let limitSource = given.memoryLimitMB == nil ? ", \(preset)" : ""

        if let physical = given.physicalMemoryMB, Double(physical.value) > device.ramGB * 1024 {
            throw invalid(physical.path, "must not exceed ramGB × 1024 (\(Self.formatted(device.ramGB * 1024))"
                          + "\(ramSource)): physical memory is below the marketing RAM, found \(physical.value)")
        }
        if device.memoryLimitMB >= device.physicalMemoryMB {
            if let limit = given.memoryLimitMB {
                throw invalid(limit.path, "must be below physicalMemoryMB (\(device.physicalMemoryMB)"
                              + "\(physicalSource)), found \(limit.value)")
            }
            let cause = given.physicalMemoryMB?.path ?? given.ramGB?.path ?? path
            throw invalid(cause, "leaves physicalMemoryMB (\(device.physicalMemoryMB)\(physicalSource)) not above "
                          + "memoryLimitMB (\(device.memoryLimitMB)\(limitSource)); set memoryLimitMB too")
        }
        if let warning = given.memoryWarningMB, warning.value >= device.memoryLimitMB {
            throw invalid(warning.path, "must be below memoryLimitMB (\(device.memoryLimitMB)\(limitSource)), "
                          + "found \(warning.value)")
        }
        if device.baselineFootprintBytes >= device.memoryWarningBytes {
            let warningText = device.memoryWarningMB.map { "\($0)" }
                ?? "\(Self.megabytes(device.memoryWarningBytes)), 80 % of memoryLimitMB"
            if let baseline = given.baselineFootprintMB {
                throw invalid(baseline.path,
                              "must be below the warning level (\(warningText)), found \(baseline.value)")
            }
            let cause = given.memoryWarningMB?.path ?? given.memoryLimitMB?.path ?? path
            throw invalid(cause, "puts the warning level (\(warningText)) at or below baselineFootprintMB "
                          + "(\(device.baselineFootprintMB)); the app would be warned before it shows anything")
        }
        return device
    }

    /// `bytes` in MiB for a message: an integer, or with 2 decimals.
    static func megabytes(_ bytes: Int64) -> String {
        let perMB = Scenario.Device.bytesPerMB
        if bytes % perMB == 0 { return String(bytes / perMB) }
        return formatted((Double(bytes) / Double(perMB) * 100).rounded(.down) / 100)
    }
}
