// `texture` on the hostile-input issue's grid (finding 5): 16 columns of 1-pt items, one image for
// every item, a 10 000-pt viewport, so every item is in every range and shares one load. Its cost
// must grow linearly with the item count: the times at 10k, 20k and 40k items, and the 40k/10k ratio
// (at most about 4 when linear; it was about 19 when sharing nodes cost O(n) each).
import FetchStrategies
import ScrollSimCore

/// The reproducer with `itemCount` items.
func textureHostileGrid(itemCount: Int) -> Scenario {
    var layout = Scenario.Layout(itemCount: itemCount)
    layout.kind = .grid
    layout.columns = 16
    layout.itemHeight = 1
    layout.viewportHeight = 10_000
    var scenario = Scenario(layout: layout)
    scenario.name = "texture-hostile-grid"
    scenario.images.distinct = 1
    scenario.script = [.fling(velocity: 5000, deceleration: .normal)]
    return scenario
}

/// Times `texture` on the grid at 10k, 20k and 40k items (median of `repeats`); prints and returns them.
func benchmarkTextureHostileGrid(repeats: Int) -> [(name: String, value: Double, unit: String)] {
    var results: [(name: String, value: Double, unit: String)] = []
    var medians: [Int: Double] = [:]
    for itemCount in [10_000, 20_000, 40_000] {
        let scenario = textureHostileGrid(itemCount: itemCount)
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: "texture"))
        var samples: [Double] = []
        for _ in 0..<max(1, repeats) {
            samples.append(measure {
                _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "texture", strategy: factory).run()
            })
        }
        medians[itemCount] = median(samples)
        results.append(("texture_hostile_grid.\(itemCount / 1000)k_seconds", median(samples), "s"))
    }
    let ratio = medians[40_000]! / max(medians[10_000]!, 1e-9)
    print("texture hostile grid (16 columns, 1-pt items, one image): "
          + String(format: "10k %.3f s, 20k %.3f s, 40k %.3f s; 40k/10k %.1fx",
                   medians[10_000]!, medians[20_000]!, medians[40_000]!, ratio))
    results.append(("texture_hostile_grid.ratio_40k_10k", ratio, "x"))
    return results
}
