/// The iPhone a scenario runs on (`device.model`): a preset of every `Scenario.Device` value.
///
/// Figures and their sources are in docs/fidelity.md ("Devices and memory"); in short:
/// marketing RAM from teardowns and Xcode's device files, `physicalMemory` and memory limits from
/// developers' measurements (the crowd-sourced tables of stackoverflow.com/a/15200855 and
/// XiaoJHcc/PhotoViewer `iOSMemoryBudget.cs`), 2 performance + 4 efficiency cores on every model
/// (Apple's keynotes). What has no source is marked assumed there: `physicalMemory` of the 6 and
/// 8 GB phones, the iPhone SE (2nd generation)'s limit, decode speeds, the app's baseline.
public enum DeviceModel: String, Sendable, Equatable, CaseIterable {
    /// iPhone 8 (A11, 2 GB).
    case iphone8 = "iphone-8"
    /// iPhone SE, 2nd generation (A13, 3 GB).
    case iphoneSE2 = "iphone-se-2"
    /// iPhone 12 (A14, 4 GB).
    case iphone12 = "iphone-12"
    /// iPhone 14 Pro (A16, 6 GB): the default, the device every earlier result was computed for.
    case iphone14Pro = "iphone-14-pro"
    /// iPhone 15 Pro (A17 Pro, 8 GB).
    case iphone15Pro = "iphone-15-pro"

    /// The device every scenario runs on unless it says otherwise.
    public static let reference = DeviceModel.iphone14Pro

    /// Marketing RAM, GB (Apple never states it; teardowns and Xcode's device files do).
    public var ramGB: Double {
        switch self {
        case .iphone8: 2
        case .iphoneSE2: 3
        case .iphone12: 4
        case .iphone14Pro: 6
        case .iphone15Pro: 8
        }
    }

    /// `ProcessInfo.physicalMemory` in MiB: below the marketing RAM (1990 of 2048 on an iPhone 8,
    /// 3844 of 4096 on an iPhone 11). The 6 and 8 GB figures scale the iPhone 11's ratio (assumed).
    public var physicalMemoryMB: Int {
        switch self {
        case .iphone8: 1990
        case .iphoneSE2: 2813
        case .iphone12: 3844
        case .iphone14Pro: 5766
        case .iphone15Pro: 7688
        }
    }

    /// `ProcessInfo.activeProcessorCount`: 2 performance + 4 efficiency cores on every model.
    public var cpuCores: Int { 6 }

    /// Background decoder threads: one per performance core (decodes at user-initiated QoS).
    public var decoderThreads: Int { 2 }

    /// Decode speed relative to the iPhone 14 Pro, whose costs `costs.decodeMsPerMegapixel` and
    /// `costs.thumbnailMsPerMegapixel` are (assumed: no per-device decode measurement exists for
    /// A13 to A17; the iPhone 8's follows the A8/A10 measurements of 12–16 ms per megapixel).
    public var decodeSpeed: Double {
        switch self {
        case .iphone8: 0.6
        case .iphoneSE2: 0.8
        case .iphone12: 0.9
        case .iphone14Pro: 1
        case .iphone15Pro: 1.1
        }
    }

    /// The display's maximum refresh rate, Hz: 120 on the ProMotion models (iPhone 13 Pro and
    /// later: `iphone-14-pro`, `iphone-15-pro`), 60 on the others. A scenario file that does not
    /// set `display.refreshHz` runs at this rate; one that sets it may go lower (Low Power Mode and
    /// Settings › Accessibility › Motion › Limit Frame Rate cap a ProMotion display at 60 Hz), not
    /// higher. Sources: Apple, "Optimizing iPhone and iPad apps to support ProMotion displays"
    /// (ProMotion iPhones: "iPhone 13 Pro and later", "from 10Hz to 120Hz"; UIKit among the
    /// frameworks that "handle frame pacing automatically"), and Apple's tech specs of each model
    /// (ProMotion on the 14 Pro and 15 Pro; none on the 8, SE (2nd generation) and 12). The
    /// variable rate (a fling slowing to a lower rate) is not modelled (docs/fidelity.md).
    public var maxRefreshHz: Int {
        switch self {
        case .iphone8, .iphoneSE2, .iphone12: 60
        case .iphone14Pro, .iphone15Pro: 120
        }
    }

    /// The highest `maxRefreshHz` of any preset, Hz (120): the largest `display.refreshHz` a
    /// scenario file may give (on a device whose maximum it is).
    public static var highestMaxRefreshHz: Int { allCases.map(\.maxRefreshHz).max() ?? 60 }

    /// The foreground app's memory limit (jetsam kills the app above it), MiB.
    public var memoryLimitMB: Int {
        switch self {
        case .iphone8: 1364
        case .iphoneSE2: 1843
        case .iphone12: 2091
        case .iphone14Pro: 3064
        case .iphone15Pro: 3341
        }
    }

    /// The settings of this model, every one at its preset value.
    public var preset: Scenario.Device { Scenario.Device(model: self) }
}
