/// An image instance as a strategy holds it: a `UIImage` in the modelled app.
///
/// Two instances of the same image id are distinct objects: a lazily decoded `UIImage(data:)`
/// made twice is decoded twice. Decoded bytes (width × height × 4, WWDC18 session 219) count
/// toward `peak_memory_mb` while at least one cell or cache holds the instance.
public final class ImageObject {
    /// The image (the URL's content) this instance shows.
    public let imageID: Int
    /// Bitmap width in pixels once decoded.
    public let pixelWidth: Int
    /// Bitmap height in pixels once decoded.
    public let pixelHeight: Int
    /// Whether this is a downsampled bitmap (a thumbnail decode) rather than the full image.
    public let isThumbnail: Bool
    /// Whether the bitmap exists. An undecoded image is decoded on the main thread at the commit
    /// of the first frame that shows it (UIKit's lazy decode).
    @exclusivity(unchecked) public internal(set) var isDecoded: Bool
    /// Number of cells and caches holding the instance (explicit, so memory never depends on ARC timing).
    @exclusivity(unchecked) var holders: Int = 0

    init(imageID: Int, pixelWidth: Int, pixelHeight: Int, isThumbnail: Bool, isDecoded: Bool) {
        self.imageID = imageID
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.isThumbnail = isThumbnail
        self.isDecoded = isDecoded
    }

    /// Bytes of the decoded bitmap: width × height × 4.
    public var decodedBytes: Int64 { Int64(pixelWidth) * Int64(pixelHeight) * 4 }
    /// Source megapixels-equivalent of the bitmap (for decode costs).
    var megapixels: Double { Double(pixelWidth) * Double(pixelHeight) / 1_000_000 }
}

/// Decoded-image bytes held by cells and caches, data bytes caches charge (`charge`), and their
/// peak (docs/model.md, "Resources"; docs/metrics.md, `peak_memory_mb`); with the device's
/// baseline they make the app's footprint, which the OS watches (docs/model.md, "Device and
/// memory"): exceeding the warning level calls `onWarning` once,
/// re-armed only when the footprint is back at or below it (xnu's ledger: `LF_WARNED` is set
/// when the balance rises above the warning level and cleared when it dips below); exceeding
/// the limit calls `onLimitExceeded` once.
final class MemoryLedger {
    /// Bytes held now.
    @exclusivity(unchecked) private(set) var currentBytes: Int64 = 0
    /// Largest `currentBytes` seen.
    @exclusivity(unchecked) private(set) var peakBytes: Int64 = 0
    /// Called with `currentBytes` after every change (traces).
    var onChange: ((Int64) -> Void)?
    /// Decoded bytes above which the footprint exceeds the warning level (`.max`: never).
    var warningThresholdBytes: Int64 = .max
    /// Decoded bytes above which the footprint exceeds the memory limit (`.max`: never).
    var limitThresholdBytes: Int64 = .max
    /// The footprint rose above the warning level (called once until re-armed).
    var onWarning: (() -> Void)?
    /// The footprint rose above the memory limit (called once).
    var onLimitExceeded: (() -> Void)?
    /// Whether the warning has fired and the footprint has not been back at or below its level.
    @exclusivity(unchecked) private(set) var isWarned = false
    /// Data bytes charged and not yet discharged: a cache never gives back more than it charged.
    @exclusivity(unchecked) private(set) var chargedDataBytes: Int64 = 0

    /// A cell or cache starts holding `image`. Inlined (called for every image a cell or cache
    /// takes or drops); the ledger's change, when there is one, is out of line.
    @inline(__always)
    func retain(_ image: ImageObject) {
        image.holders += 1
        if image.holders == 1 && image.isDecoded { add(image.decodedBytes) }
    }

    /// A cell or cache stops holding `image` (inlined, as `retain`).
    @inline(__always)
    func release(_ image: ImageObject) {
        guard image.holders > 0 else { return }
        image.holders -= 1
        if image.holders == 0 && image.isDecoded { subtract(image.decodedBytes) }
    }

    /// A cache starts holding `bytes` that are not a bitmap (encoded data in memory).
    func charge(_ bytes: Int64) {
        guard bytes > 0 else { return }
        chargedDataBytes += bytes
        add(bytes)
    }

    /// A cache stops holding `bytes` it charged (one `discharge` per `charge`, same bytes).
    func discharge(_ bytes: Int64) {
        guard bytes > 0 else { return }
        assert(bytes <= chargedDataBytes, "discharging \(bytes) bytes, \(chargedDataBytes) charged")
        chargedDataBytes -= bytes
        subtract(bytes)
    }

    /// `image` got its bitmap.
    func markDecoded(_ image: ImageObject) {
        guard !image.isDecoded else { return }
        image.isDecoded = true
        if image.holders > 0 { add(image.decodedBytes) }
    }

    @inline(never)
    private func subtract(_ bytes: Int64) {
        currentBytes -= bytes
        onChange?(currentBytes)
        if isWarned && currentBytes <= warningThresholdBytes { isWarned = false }
    }

    @inline(never)
    private func add(_ bytes: Int64) {
        currentBytes += bytes
        if currentBytes > peakBytes { peakBytes = currentBytes }
        onChange?(currentBytes)
        if currentBytes > warningThresholdBytes && !isWarned {
            isWarned = true
            onWarning?()
        }
        if currentBytes > limitThresholdBytes {
            limitThresholdBytes = .max
            onLimitExceeded?()
        }
    }
}
