@testable import FetchStrategies
@testable import ScrollSimCore
import Testing

/// `SharedImageLoads` (the first requester kept apart from the others) against a plain model (one
/// array of requesters per image in join order, the structure it replaced), on random joins,
/// leaves, completions and failures: the same loads, priorities, cancellations and deliveries.
@Suite struct SharedImageLoadsEquivalenceTests {
    /// Records deliveries as "token:image" ("token:nil" for a failure).
    final class DeliveryLog {
        var entries: [String] = []
    }

    @Test(arguments: [SharedImageLoads.PriorityRule.highest, .first])
    func deliversAndPrioritisesAsThePlainModel(rule: SharedImageLoads.PriorityRule) {
        for seed: UInt64 in 1...20 {
            var generator = SplitMix64(seed: seed)
            let loads = SharedImageLoads(rule: rule)
            let log = DeliveryLog()
            var expected: [String] = []
            // The model: per image in flight, its requesters (token, priority) in join order,
            // and the load's priority.
            var model: [Int: (requesters: [(token: Int, priority: RequestPriority)], priority: RequestPriority)] = [:]
            var loadOfImage: [Int: SharedImageLoad] = [:]
            var imageOfToken: [Int: Int] = [:]
            var joins = 0
            for _ in 0..<400 {
                let imageID = Int.random(in: 0..<6, using: &generator)
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let token = loads.makeToken()
                    let priority = RequestPriority.allCases.randomElement(using: &generator)!
                    let (load, isNew) = loads.join(imageID, token: token, priority: priority) { image in
                        log.entries.append("\(token):\(image.map { "\($0.imageID)" } ?? "nil")")
                    }
                    joins += 1
                    #expect(isNew == (model[imageID] == nil))
                    if var entry = model[imageID] {
                        entry.requesters.append((token, priority))
                        if rule == .highest && priority > entry.priority { entry.priority = priority }
                        model[imageID] = entry
                    } else {
                        model[imageID] = ([(token, priority)], priority)
                        loadOfImage[imageID] = load
                    }
                    #expect(loadOfImage[imageID] === load)
                    imageOfToken[token] = imageID
                case 5..<8:
                    guard let (token, image) = imageOfToken.sorted(by: { $0.key < $1.key })
                        .randomElement(using: &generator).map({ ($0.key, $0.value) }) else { break }
                    loads.leave(token)
                    imageOfToken[token] = nil
                    guard var entry = model[image] else { break }
                    entry.requesters.removeAll { $0.token == token }
                    let load = loadOfImage[image]!
                    if entry.requesters.isEmpty {
                        model[image] = nil
                        loadOfImage[image] = nil
                        #expect(load.isCancelled)
                        #expect(loads.inflightLoad(for: image) == nil)
                    } else {
                        if rule == .highest { entry.priority = entry.requesters.map(\.priority).max()! }
                        model[image] = entry
                        #expect(!load.isCancelled)
                    }
                default:
                    guard let entry = model[imageID], let load = loadOfImage[imageID] else { break }
                    let fails = Bool.random(using: &generator)
                    if fails {
                        loads.fail(load)
                    } else {
                        loads.complete(load, with: ImageObject(imageID: imageID, pixelWidth: 1, pixelHeight: 1,
                                                               isThumbnail: false, isDecoded: true))
                    }
                    for requester in entry.requesters {
                        expected.append("\(requester.token):\(fails ? "nil" : "\(imageID)")")
                        imageOfToken[requester.token] = nil
                    }
                    model[imageID] = nil
                    loadOfImage[imageID] = nil
                    #expect(loads.inflightLoad(for: imageID) == nil)
                }
                for (image, entry) in model {
                    #expect(loadOfImage[image]?.priority == entry.priority, "seed \(seed), image \(image)")
                }
            }
            #expect(log.entries == expected, "seed \(seed)")
            #expect(expected.count > 20 && joins > 100, "seed \(seed): too little to compare")
        }
    }
}
