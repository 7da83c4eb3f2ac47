/// Which image each item shows and how large each image is (docs/model.md, "Resources").
///
/// With `zipfAlpha` 0, item `i` shows image `i mod distinct`. With `zipfAlpha` > 0, item `i`
/// draws its image from a Zipf(`zipfAlpha`) popularity over `distinct` images with the common
/// random number `("image", i)`, by binary search in the cumulative weights (summed in ascending
/// rank order, so the table is the same on every machine). Encoded bytes of image `j` are
/// lognormal(median, p95) drawn with `("bytes", j)`. Every image has `images.width` ×
/// `images.height` pixels.
///
/// With a `layout.catalog` (a real feed), each item's image, each image's pixel size and its
/// encoded bytes are the catalog's, and nothing is drawn.
final class ImageCatalog {
    /// Distinct images.
    let distinct: Int
    /// Pixel width of every full image without a catalog.
    let width: Int
    /// Pixel height of every full image without a catalog.
    let height: Int
    /// The real feed's items and images, when the scenario has a catalog.
    let listed: ItemCatalog?
    private let imageStream: RandomStream
    private let bytesStream: RandomStream
    private let bytesMedian: Double
    /// lognormal(`bytesMedian`, the scenario's `bytesP95`), when the spread is positive (else
    /// every image has the median).
    private let bytesDistribution: Lognormal?
    private let cumulativeWeights: [Double]
    /// Whether item `i` shows image `i mod distinct` (no catalog, no Zipf weights).
    private let isModulo: Bool

    /// The images of a scenario whose image settings are `config`, whose layout has `itemCount`
    /// items and `catalog` (which, when given, replaces `config`); draws come from `streams`.
    init(_ config: Scenario.Images, itemCount: Int, catalog: ItemCatalog? = nil, streams: RandomStreams) {
        listed = catalog
        distinct = catalog?.imageCount ?? config.distinct ?? itemCount
        width = config.width
        height = config.height
        bytesMedian = config.bytesMedian
        bytesDistribution = config.bytesP95 > config.bytesMedian
            ? Lognormal(median: config.bytesMedian, p95: config.bytesP95) : nil
        imageStream = streams.stream("image")
        bytesStream = streams.stream("bytes")
        if config.zipfAlpha > 0 && catalog == nil {
            var weights = [Double]()
            weights.reserveCapacity(distinct)
            var sum = 0.0
            for rank in 1...distinct {
                sum += 1 / DMath.pow(Double(rank), config.zipfAlpha)
                weights.append(sum)
            }
            cumulativeWeights = weights
        } else {
            cumulativeWeights = []
        }
        isModulo = catalog == nil && cumulativeWeights.isEmpty
    }

    /// The image item `item` shows.
    @inline(__always)
    func imageID(forItem item: Int) -> Int {
        // Without a catalog or Zipf weights, `item mod distinct`: no division below `distinct`
        // (every item of a layout with an image each).
        if isModulo { return UInt(bitPattern: item) < UInt(bitPattern: distinct) ? item : item % distinct }
        return drawnImageID(forItem: item)
    }

    /// `imageID(forItem:)` from the catalog or the Zipf draw.
    private func drawnImageID(forItem item: Int) -> Int {
        if let listed { return Int(listed.imageOfItem[item]) }
        guard let total = cumulativeWeights.last else { return item % distinct }
        let target = imageStream.uniform(Int64(item)) * total
        var low = 0, high = cumulativeWeights.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulativeWeights[mid] > target { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Encoded size of `imageID` in bytes (at least 1).
    func encodedBytes(ofImage imageID: Int) -> Int64 {
        if let listed { return listed.images[imageID].bytes }
        guard let bytesDistribution else { return max(1, Int64(bytesMedian.rounded())) }
        let u = bytesStream.uniformOpen(Int64(imageID))
        // A wide spread's tail is clamped to 1 TB (far beyond any transfer a run can finish).
        let bytes = min(bytesDistribution.quantile(u), 1e12)
        // `Int64(bytes.rounded())` (half away from zero) for 0 ≤ bytes ≤ 1e12 without libm's `round`
        // (a call on x86-64 without SSE4.1): the fraction left by truncation is exact.
        let whole = Int64(bytes)
        return max(1, bytes - Double(whole) >= 0.5 ? whole + 1 : whole)
    }

    /// Full pixel size of `imageID`.
    func pixelSize(ofImage imageID: Int) -> (width: Int, height: Int) {
        guard let listed else { return (width, height) }
        let image = listed.images[imageID]
        return (Int(image.pixelWidth), Int(image.pixelHeight))
    }
}
