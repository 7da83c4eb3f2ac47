import ScrollSimCore

/// The encoded size of a processed (downsampled) image a library re-encodes into its disk cache
/// (Kingfisher's `DefaultCacheSerializer`, SDWebImage's thumbnail store).
///
/// Assumed, no source gives a figure: JPEG data scales with the pixel count at equal quality, so
/// the variant costs the download's bytes × its pixels / the source's pixels, rounded down, at
/// least 1 byte (and never more than the download).
enum ProcessedImageData {
    /// Bytes of `image` (a processed bitmap of its image id) once re-encoded.
    static func encodedBytes(of image: ImageObject, environment: FetchEnvironment) -> Int64 {
        let source = environment.imagePixelSize(ofImage: image.imageID)
        let sourcePixels = Int64(source.width) * Int64(source.height)
        let pixels = min(Int64(image.pixelWidth) * Int64(image.pixelHeight), sourcePixels)
        let bytes = environment.encodedBytes(ofImage: image.imageID)
        guard sourcePixels > 0 else { return bytes }
        let product = bytes.multipliedFullWidth(by: pixels)
        return max(1, sourcePixels.dividingFullWidth(product).quotient)
    }
}
