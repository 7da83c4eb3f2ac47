/// Which image each item shows and how large each image is (SPEC §6).
///
/// With `zipfAlpha` 0, item `i` shows image `i mod distinct`. With `zipfAlpha` > 0, item `i`
/// draws its image from a Zipf(`zipfAlpha`) popularity over `distinct` images with the common
/// random number `("image", i)`, by binary search in the cumulative weights (summed in ascending
/// rank order, so the table is the same on every machine). Encoded bytes of image `j` are
/// lognormal(median, p95) drawn with `("bytes", j)`.
final class ImageCatalog {
    /// Distinct images.
    let distinct: Int
    /// Decoded size of every full image, pixels.
    let width: Int
    let height: Int
    private let imageStream: RandomStream
    private let bytesStream: RandomStream
    private let bytesMedian: Double
    private let bytesP95: Double
    private let cumulativeWeights: [Double]

    init(_ config: Scenario.Images, itemCount: Int, streams: RandomStreams) {
        distinct = config.distinct ?? itemCount
        width = config.width
        height = config.height
        bytesMedian = config.bytesMedian
        bytesP95 = config.bytesP95
        imageStream = streams.stream("image")
        bytesStream = streams.stream("bytes")
        if config.zipfAlpha > 0 {
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
    }

    /// The image item `item` shows.
    func imageID(forItem item: Int) -> Int {
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
        guard bytesP95 > bytesMedian else { return max(1, Int64(bytesMedian.rounded())) }
        let u = bytesStream.uniformOpen(Int64(imageID))
        // A wide spread's tail is clamped to 1 TB (far beyond any transfer a run can finish).
        let bytes = min(DMath.lognormal(median: bytesMedian, p95: bytesP95, uniform: u), 1e12)
        return max(1, Int64(bytes.rounded()))
    }
}
