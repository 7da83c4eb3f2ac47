/// The level of a system memory-pressure event, as a `DispatchSource.makeMemoryPressureSource`
/// handler reads it (`DispatchSource.MemoryPressureEvent`): the system-wide `.warning` and
/// `.critical` levels of xnu's memorystatus (`doc/vm/memorystatus_notify.md`), not the
/// per-process limit warning, which is a separate (private) mask.
public enum MemoryPressureLevel: String, Sendable, Equatable {
    /// `DISPATCH_MEMORYPRESSURE_WARN`: the device is beginning to experience memory pressure.
    case warning
    /// `DISPATCH_MEMORYPRESSURE_CRITICAL`: the device is in a critical memory state.
    case critical
}
