import Testing
import ScrollSimCore

/// The summary CSV, the per-frame CSV and the summary table.
@Suite struct SummaryCSVTests {
    /// A run with every field set to a recognisable value.
    static var sampleRun: RunMetrics {
        var m = RunMetrics()
        m.scenario = "photo-grid"
        m.strategy = "asset-store"
        m.seed = 7
        m.profile = "ios15"
        m.refreshHz = 120
        m.scrollNanos = 4_250_000_000
        m.frames = 510
        m.droppedFrames = 12
        m.hitches = 9
        m.hitchNanos = 37_500_000            // 37.5 ms over 4.25 s = 8.8235… ms/s
        m.maxHitchNanos = 8_333_333
        m.frameWorkP50Nanos = 3_100_500      // 3.1005 ms: a tie, away from zero
        m.frameWorkP95Nanos = 7_999_999
        m.frameWorkP99Nanos = 16_666_667
        m.requests = 300
        m.memoryHits = 200
        m.diskHits = 30
        m.inflightJoins = 5
        m.networkFetches = 80
        m.bytesDownloaded = 12_345_678
        m.duplicateDownloads = 2
        m.prefetches = 120
        m.prefetchCancels = 40
        m.wastedPrefetches = 15
        m.displays = 250
        m.readyDisplays = 199
        m.blankRatioMean = 0.0123456
        m.blankRatioMax = 0.25
        m.timeToImageP95Nanos = 123_456_789
        m.wrongImageFrames = 3
        m.mainDecodeNanos = 1_500
        m.cellsCreated = 24
        m.cellsReused = 410
        m.peakMemoryBytes = 53_000_000       // 50.5447… MiB
        m.blankRatioVsyncMean = 0.01875      // 4 decimals, halves away from zero: 0.0188
        m.memoryWarnings = 3
        m.killed = true                      // 1
        m.radioEnergyNanojoules = 12_345_500_000  // 12.3455 J: a tie, away from zero
        return m
    }

    @Test("the summary header lists the columns in order")
    func summaryHeader() {
        #expect(SummaryCSV.header == "scenario,strategy,seed,profile,refresh_hz,scroll_s,frames,dropped_frames,"
                    + "hitches,hitch_ratio,max_hitch_ms,frame_work_p50_ms,frame_work_p95_ms,frame_work_p99_ms,"
                    + "requests,memory_hits,hit_ratio,disk_hits,inflight_joins,network_fetches,bytes_downloaded,"
                    + "duplicate_downloads,prefetches,prefetch_cancels,wasted_prefetches,displays,ready_ratio,"
                    + "blank_ratio_mean,blank_ratio_max,time_to_image_p95_ms,wrong_image_frames,main_decode_ms,"
                    + "cells_created,cells_reused,peak_memory_mb,blank_ratio_vsync_mean,memory_warnings,killed,"
                    + "radio_energy_j\n")
        #expect(SummaryCSV.columns.count == 39)
    }

    @Test("a summary row prints every field with its fixed precision")
    func summaryRow() {
        #expect(SummaryCSV.row(Self.sampleRun)
                    == "photo-grid,asset-store,7,ios15,120,4.250,510,12,9,8.824,8.333,3.101,8.000,16.667,300,200,"
                    + "0.6667,30,5,80,12345678,2,120,40,15,250,0.7960,0.0123,0.2500,123.457,3,0.002,24,410,50.545,"
                    + "0.0188,3,1,12.346\n")
    }

    @Test("a run without scroll, requests or displays prints zero ratios")
    func emptyRow() {
        var m = RunMetrics()
        m.scenario = "empty"
        m.strategy = "none"
        #expect(SummaryCSV.row(m) == "empty,none,0,,60,0.000,0,0,0,0.000,0.000,0.000,0.000,0.000,0,0,0.0000,0,0,0,"
                    + "0,0,0,0,0,0,0.0000,0.0000,0.0000,0.000,0,0.000,0,0,0.000,0.0000,0,0,0.000\n")
    }

    @Test("fields are quoted per RFC 4180 only when needed")
    func fieldQuoting() {
        #expect(SummaryCSV.field("photo-grid") == "photo-grid")
        #expect(SummaryCSV.field("a,b") == "\"a,b\"")
        #expect(SummaryCSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(SummaryCSV.field("two\nlines") == "\"two\nlines\"")
        var m = RunMetrics()
        m.scenario = "a,b"
        #expect(SummaryCSV.row(m).hasPrefix("\"a,b\",,0,"))
    }

    @Test("the frames CSV has its header and fixed precision")
    func framesCSV() {
        #expect(FramesCSV.header == "frame,vsync_ns,start_ns,commit_ns,present_ns,offset_pt,in_scroll,work_ms,"
                    + "hitch_ms,missed_vsyncs,visible_cells,blank_ratio\n")
        let frame = FrameRecord(frame: 3, vsync: 50_000_000, start: 50_000_000, commit: 71_234_567, present: 83_333_333,
                                offset: 812.25, inScroll: true, work: 21_234_567, hitch: 16_666_667, missedVsyncs: 1,
                                visibleCells: 21, blankRatio: 0.125)
        #expect(FramesCSV.row(frame) == "3,50000000,50000000,71234567,83333333,812.250,1,21.235,16.667,1,21,0.1250\n")
        var still = frame
        still.inScroll = false
        still.hitch = 0
        #expect(FramesCSV.row(still) == "3,50000000,50000000,71234567,83333333,812.250,0,21.235,0.000,1,21,0.1250\n")
    }

    @Test("the summary table aligns names left and numbers right, with a rule under the header")
    func summaryTable() {
        var other = RunMetrics()
        other.scenario = "feed"
        other.strategy = "naive"
        other.seed = 12
        let table = SummaryTable.render([Self.sampleRun, other])
        #expect(table == """
            scenario    strategy     seed  hitch ms/s  dropped  hitches  max hitch ms  blank mean  ready    hit  MiB down  peak MiB  wrong img
            ----------  -----------  ----  ----------  -------  -------  ------------  ----------  -----  -----  --------  --------  ---------
            photo-grid  asset-store     7         8.8       12        9           8.3       0.012  0.796  0.667      11.8      50.5          3
            feed        naive          12         0.0        0        0           0.0       0.000  0.000  0.000       0.0       0.0          0

            """)
    }
}
