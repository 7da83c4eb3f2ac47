// The pixel size of a scenario's images, for outputs that describe them (request traces).

extension Scenario {
    /// Full pixel size of image `imageID`: its catalog row's (`layout.catalog`), else
    /// `images.width` × `images.height`, which every image of a synthetic scenario shares.
    /// `imageID` must be an image of the scenario when it has a catalog.
    public func imagePixelSize(ofImage imageID: Int) -> (width: Int, height: Int) {
        guard let catalog = layout.catalog else { return (images.width, images.height) }
        let image = catalog.images[imageID]
        return (Int(image.pixelWidth), Int(image.pixelHeight))
    }
}
