/// The device that fixes the libraries' memory-derived defaults. The libraries read the RAM of
/// the phone they run on (Kingfisher: RAM / 4; Nuke 13: min(15 % of RAM, 768 MB)); a simulation
/// must never read the machine it runs on, so the defaults are computed once for this device.
enum ReferenceDevice {
    /// Physical memory of a 6 GB iPhone (iPhone 15, iPhone 14 Pro), in MiB.
    static let physicalMemoryMB = 6144
    /// Bytes in the libraries' "MB" (they compute in bytes and divide by 1024 × 1024).
    static let bytesPerMB: Int64 = 1_048_576
}
