@testable import FetchStrategies
@testable import ScrollSimCore
import Testing

/// Completions that arrive after their load was cancelled. Nuke's data task whose completion comes
/// after its load's cancel (the cancel is deferred to a busy main thread's cursor, the completion
/// lands before it) still reads the bytes it resumed from (`SharedImageLoad.cancelTag`, kept by the
/// cancel). No bundled scenario, holdout run or other test reaches that path: clearing `cancelTag`
/// at the cancel traps here and nowhere else (seen).
@Suite struct LateCompletionTests {
    @Test("nuke: data tasks completing after a deferred cancel run to the end with every invariant")
    func nukeLateDataTaskCompletions() throws {
        // Given Scenarios/back-and-forth.json with cells that cost 30 ms to configure and 20 ms to
        // reuse: cancels wait for the main thread's cursor, and some completions land before them
        let json = """
            {"name": "back-and-forth-slowmain", "seed": 3,
             "layout": {"kind": "grid", "columns": 3, "itemCount": 2000, "itemHeight": 130, "spacing": 2,
                        "viewport": {"width": 390, "height": 844, "scale": 3}},
             "cells": {"profile": "ios15", "dataPrefetch": true, "prefetchScreens": 1.0},
             "images": {"width": 1200, "height": 1200, "bytesMedian": 150000, "bytesP95": 450000,
                        "distinct": 600, "zipfAlpha": 0.8},
             "network": {"latencyMsMedian": 120, "latencyMsP95": 600, "bandwidthMbps": 8},
             "script": [{"pause": {"seconds": 0.5}},
                        {"repeat": {"times": 4, "script": [
                            {"fling": {"velocity": 2500}}, {"pause": {"seconds": 0.3}},
                            {"fling": {"velocity": -1800}}, {"pause": {"seconds": 0.3}}]}},
                        {"memoryWarning": {}}, {"drag": {"velocity": -300, "seconds": 1.0}},
                        {"pause": {"seconds": 1.0}}],
             "costs": {"cellForItemMs": 30, "prepareForReuseMs": 20}}
            """
        let scenario = try ScenarioLoader.parse(json, file: "back-and-forth-slowmain.json")
        let factory = try StrategyCatalog.makeFactory(StrategySpec(name: "nuke"))
        let run = try SimulationRun(scenario: scenario, seed: 1, strategyName: "nuke", strategy: factory)
        // Then the run ends (a late completion without its kept bytes traps) with every invariant
        let (metrics, violations) = run.runCheckingInvariants()
        #expect(violations.isEmpty)
        #expect(metrics.networkFetches > 0)
    }
}
