import ScrollSimCore

/// Small scenarios for hand-computed tests.
public enum TestScenarios {
    /// A list of `itemCount` rows of 100 pt in a 390 × `viewportHeight` viewport, every cost 0.
    public static func zeroCostList(itemCount: Int = 100, viewportHeight: Double = 1000,
                                    profile: Scenario.Profile = .ios9, refreshHz: Int = 60,
                                    script: [ScriptStep]) -> Scenario {
        var layout = Scenario.Layout(itemCount: itemCount)
        layout.itemHeight = 100
        layout.viewportHeight = viewportHeight
        var scenario = Scenario(layout: layout)
        scenario.name = "test"
        scenario.display.refreshHz = refreshHz
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.cells.profile = profile
        scenario.costs = Scenario.Costs()
        scenario.costs.frameBaseMs = 0
        scenario.costs.cellCreateMs = 0
        scenario.costs.cellForItemMs = 0
        scenario.costs.prepareForReuseMs = 0
        scenario.costs.willDisplayMs = 0
        scenario.costs.didEndDisplayingMs = 0
        scenario.costs.setImageMs = 0
        scenario.script = script
        return scenario
    }

    /// Scenario file text for sweeps, merges and shards: "tiny", seed 5, a list of 40 rows of
    /// 200 pt scrolled briefly (a 0.3 s drag, then a 0.2 s pause: 36 scroll frames at the default
    /// device's 120 Hz), listing `strategies`: each run takes a few ms.
    public static func tinyJSON(strategies: [String] = ["naive", "apple-prefetching-sample"]) -> String {
        """
        { "name": "tiny", "seed": 5,
          "layout": { "kind": "list", "itemCount": 40, "itemHeight": 200 },
          "images": { "width": 300, "height": 300, "bytesMedian": 20000, "bytesP95": 40000 },
          "script": [ { "drag": { "velocity": 800, "seconds": 0.3 } }, { "pause": { "seconds": 0.2 } } ],
          "strategies": \(jsonList(strategies)) }
        """
    }

    /// A feed's `layout.catalog` CSV: eight items, 850 pt in all, showing four images (ids in
    /// order of first appearance): 0 "p1", 1080 × 1350 px, 120 000 bytes (items 0 and 2); 1 the
    /// avatar "av", 150 × 150 px, 5000 bytes (items 1, 4 and 6); 2 "p2", 1080 × 566 px, 60 000
    /// bytes (items 3 and 7); 3 "p3", 1080 × 1080 px, 90 000 bytes (item 5).
    public static let feedCatalogCSV = """
        height_pt,image_id,width_px,height_px,bytes
        100,p1,1080,1350,120000
        120,av,150,150,5000
        80,p1,1080,1350,120000
        150,p2,1080,566,60000
        100,av,150,150,5000
        90,p3,1080,1080,90000
        110,av,150,150,5000
        100,p2,1080,566,60000

        """

    /// Scenario file text of a list of the feed catalog in `catalog` (a path relative to the
    /// scenario) in a 1000 pt viewport at scale 3, so every item is on screen from the first frame
    /// and nothing scrolls, with a constant 50 ms latency and a 2 s pause, so every load finishes;
    /// lists `strategies` when given.
    public static func feedJSON(catalog: String = "items.csv", strategies: [String]? = nil) -> String {
        let listed = strategies.map { #", "strategies": "# + jsonList($0) } ?? ""
        return """
            { "layout": { "catalog": "\(catalog)", "viewport": { "width": 390, "height": 1000, "scale": 3 } },
              "network": { "latencyMsMedian": 50, "latencyMsP95": 50 },
              "script": [ { "pause": { "seconds": 2 } } ]\(listed) }
            """
    }

    /// Scenario file text of 50 default rows dragged for 0.2 s, every other key (and `extra`, more
    /// top-level members after a comma) as given: a quick run for output and input-file checks.
    public static func dragJSON(extra: String = "") -> String {
        #"{"layout": {"itemCount": 50}, "script": [{"drag": {"velocity": 300, "seconds": 0.2}}]"# + extra + "}"
    }

    /// Scenario file text for a package's own strategy: "small", seed 1, 20 rows of 100 pt in a
    /// 390 × 300 pt viewport at scale 1, dragged for 0.5 s; with `strategies` (JSON text: names
    /// and objects) when given, else the built-in default list.
    public static func smallJSON(strategies: String? = nil) -> String {
        let listed = strategies.map { #", "strategies": "# + $0 } ?? ""
        return """
            {"name": "small", "seed": 1, "layout": {"itemCount": 20, "itemHeight": 100,
             "viewport": {"width": 390, "height": 300, "scale": 1}},
             "script": [{"drag": {"velocity": 300, "seconds": 0.5}}]\(listed)}
            """
    }

    /// Scenario file text of a run the OS kills: "kill", 200 rows of 200 pt on a device with a
    /// 200 MiB limit, dragged for 4 s; with an actor loader (it keeps every image) the footprint
    /// crosses the limit. Lists `strategies` when given.
    public static func killedJSON(strategies: [String]? = nil) -> String {
        let listed = strategies.map { #", "strategies": "# + jsonList($0) } ?? ""
        return """
            { "name": "kill", "layout": { "itemCount": 200, "itemHeight": 200 }, "device": { "memoryLimitMB": 200 },
              "network": { "protocol": "http1.1" },
              "script": [ { "drag": { "velocity": 2000, "seconds": 4 } } ]\(listed) }
            """
    }

    /// `json` (a scenario whose `network` object is not empty) over HTTP/2.
    public static func overHTTP2(_ json: String) -> String {
        json.replacingOccurrences(of: #""network": {"#, with: #""network": { "protocol": "http2","#)
    }

    /// `names` as a JSON list of strings (names need no escaping).
    private static func jsonList(_ names: [String]) -> String {
        "[ " + names.map { "\"" + $0 + "\"" }.joined(separator: ", ") + " ]"
    }

    /// Runs `scenario` with `strategy`, returning metrics and frames.
    public static func run(_ scenario: Scenario, seed: UInt64 = 1,
                           strategy: @escaping StrategyFactory = { _ in IdleStrategy() })
        -> (RunMetrics, [FrameRecord]) {
        var frames: [FrameRecord] = []
        let metrics = try! SimulationRun(scenario: scenario, seed: seed, strategyName: "test", strategy: strategy)
            .run { frames.append($0) }
        return (metrics, frames)
    }
}
