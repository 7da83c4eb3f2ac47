import ScrollSimCore

/// A strategy that loads nothing: only the lifecycle and the frames are exercised.
public final class IdleStrategy: FetchStrategy {
    /// An idle strategy.
    public init() {}
}

/// The test strategy that loads: each configured item's image is recorded as a miss and loaded
/// from the network; with `readsDisk` a disk read of the decoded bitmap's bytes (width × height × 4,
/// from the image's pixel size: a strategy cannot read the encoded size) is issued too, and with `showsImages` the
/// image is set on the cell when it lands, guarded by the cell's represented identifier (a placeholder
/// nil is set first).
public final class LoadingStrategy: FetchStrategy {
    /// The run's services.
    let environment: FetchEnvironment
    /// Whether a disk read accompanies every load.
    let readsDisk: Bool
    /// Whether a loaded image is shown.
    let showsImages: Bool

    /// A loader acting through `environment`.
    public init(_ environment: FetchEnvironment, readsDisk: Bool = false, showsImages: Bool = false) {
        self.environment = environment
        self.readsDisk = readsDisk
        self.showsImages = showsImages
    }

    /// Records a miss and loads the item's image (and reads the disk, shows the image, as set).
    public func cellForItem(_ cell: CellID, item: Int) {
        let environment = self.environment
        let imageID = environment.imageID(forItem: item)
        if showsImages {
            environment.setRepresentedIdentifier(item, of: cell)
            environment.setImage(nil, on: cell)
        }
        environment.record(.miss, imageID: imageID)
        if readsDisk {
            let size = environment.imagePixelSize(ofImage: imageID)
            environment.readDisk(bytes: Int64(size.width) * Int64(size.height) * 4) {}
        }
        let showsImages = self.showsImages
        environment.sharedSession.load(imageID, priority: .normal) { result in
            guard showsImages, case .success = result else { return }
            environment.setImageOnMain(environment.makeUndecodedImage(imageID), on: cell, ifRepresenting: item)
        }
    }
}
