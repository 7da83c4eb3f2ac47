/// What an app can read about the device it runs on, as `ProcessInfo` gives it: the libraries
/// size their defaults from these (Kingfisher's memory cache is `physicalMemory / 4`, Nuke's
/// `min(15 % of physicalMemory, 768 MB)`, PINRemoteImage's operation queue is
/// `activeProcessorCount × 2`).
///
/// Deliberately not here: the memory limit and warning level (an app cannot read them; it only
/// learns how far it is from the limit, `FetchEnvironment.availableMemoryBytes`), decode speed
/// and everything else of the scenario.
public struct DeviceInfo: Sendable, Equatable {
    /// `ProcessInfo.physicalMemory`, bytes.
    public var physicalMemoryBytes: Int64
    /// `ProcessInfo.activeProcessorCount`.
    public var activeProcessorCount: Int

    /// A device with `physicalMemoryBytes` of memory and `activeProcessorCount` cores.
    public init(physicalMemoryBytes: Int64, activeProcessorCount: Int) {
        self.physicalMemoryBytes = physicalMemoryBytes
        self.activeProcessorCount = activeProcessorCount
    }

    /// What an app on `device` reads.
    public init(_ device: Scenario.Device) {
        self.init(physicalMemoryBytes: device.physicalMemoryBytes, activeProcessorCount: device.cpuCores)
    }
}
