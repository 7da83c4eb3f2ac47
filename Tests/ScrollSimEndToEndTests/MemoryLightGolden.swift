/// What f513ee6 (before the memory-light readers) printed for small inputs, byte for byte.
enum MemoryLightGolden {
    /// A baseline: two axes, values past 32 bits, a negative one, a quoted scenario.
    static let baseline = """
        scenario,strategy,seed,hitch_ratio,bytes_downloaded,ready_ratio,frames,radio_energy_j,cells.prefetch\
        Screens,strategies[*].memoryCacheMB
        grid,naive,1,4.000,9000000000,0.9000,120,1.250,0,25
        grid,nuke,1,3.000,3000000000,0.9500,120,-0.500,0,25
        grid,naive,2,4.500,100,0.8000,120,1.250,0.5,25
        grid,nuke,2,3.500,2147483648,0.9000,120,0,0.5,25
        "list, long",naive,1,10.000,5,1.0000,60,2.000,0,50
        list,nuke,7,1.000,5,1.0000,60,2.000,1,50

        """

    /// The candidate: its columns in another order, values changed, a scale changed, -2^31, a row swapped.
    static let candidate = """
        scenario,strategy,seed,strategies[*].memoryCacheMB,cells.prefetchScreens,bytes_downloaded,hitch_rati\
        o,ready_ratio,frames,radio_energy_j
        grid,naive,1,25,0,9000000001,4.000,0.90,120,1.25
        grid,nuke,1,25,0,3000000000,3.2,0.9500,121,-0.500
        grid,naive,2,25,0.5,100,4.725,0.7000,120,1.250
        grid,nuke,2,25,0.5,-2147483648,3.500,0.9000,120,0.000
        "list, long",naive,1,50,0,5,9.000,1.0000,60,2.001
        list,adaptive,7,50,1,5,1.000,1.0000,60,2.000

        """

    /// `--format table` of f513ee6, which kept every parsed row, byte for byte.
    static let table = """
        Baseline:  base.csv (6 rows)
        Candidate: head.csv (6 rows)
        
        grid  naive  seed 1  cells.prefetchScreens=0  strategies[*].memoryCacheMB=25
          metric              baseline   candidate  change      limit  status
          ----------------  ----------  ----------  ----------  -----  ------
          bytes_downloaded  9000000000  9000000001  +1 (+0.0%)  10%    worse
        
        grid  nuke  seed 1  cells.prefetchScreens=0  strategies[*].memoryCacheMB=25
          metric       baseline  candidate  change          limit  status
          -----------  --------  ---------  --------------  -----  ---------
          frames            120        121  +1 (+0.8%)      none   changed
          hitch_ratio     3.000        3.2  +0.200 (+6.7%)  5%     REGRESSED
        
        grid  naive  seed 2  cells.prefetchScreens=0.5  strategies[*].memoryCacheMB=25
          metric       baseline  candidate  change            limit  status
          -----------  --------  ---------  ----------------  -----  ---------
          hitch_ratio     4.500      4.725  +0.225 (+5.0%)    5%     worse
          ready_ratio    0.8000     0.7000  -0.1000 (-12.5%)  -5%    REGRESSED
        
        grid  nuke  seed 2  cells.prefetchScreens=0.5  strategies[*].memoryCacheMB=25
          metric              baseline    candidate  change                 limit  status
          ----------------  ----------  -----------  ---------------------  -----  --------
          bytes_downloaded  2147483648  -2147483648  -4294967296 (-200.0%)  10%    improved
        
        list, long  naive  seed 1  cells.prefetchScreens=0  strategies[*].memoryCacheMB=50
          metric          baseline  candidate  change           limit  status
          --------------  --------  ---------  ---------------  -----  --------
          hitch_ratio       10.000      9.000  -1.000 (-10.0%)  5%     improved
          radio_energy_j     2.000      2.001  +0.001 (+0.1%)   none   worse
        
        Only in the baseline (1 row):
          list  nuke  seed 7  cells.prefetchScreens=1  strategies[*].memoryCacheMB=50
        
        Only in the candidate (1 row):
          list  adaptive  seed 7  cells.prefetchScreens=1  strategies[*].memoryCacheMB=50
        
        Verdict: Regression - 2 metrics past their limits in 2 of 5 compared rows; 2 improved, 3 worse\
         within limits, 1 changed (no better direction); 1 row only in the baseline, 1 row only in the\
         candidate.

        """

    /// `--format markdown` of f513ee6.
    static let markdown = """
        ### ScrollSim comparison: `base.csv` → `head.csv`
        
        **Regression** — 2 metrics past their limits in 2 of 5 compared rows; 2 improved, 3 worse within\
         limits, 1 changed (no better direction); 1 row only in the baseline, 1 row only in the candidate.
        
        | scenario | strategy | seed | cells.prefetchScreens | strategies[*].memoryCacheMB | metric |\
         baseline | candidate | change | limit | status |
        | --- | --- | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | --- |
        | grid | naive | 1 | 0 | 25 | bytes_downloaded | 9000000000 | 9000000001 | +1 (+0.0%) | 10% | worse\
         |
        | grid | nuke | 1 | 0 | 25 | frames | 120 | 121 | +1 (+0.8%) | none | changed |
        | grid | nuke | 1 | 0 | 25 | hitch_ratio | 3.000 | 3.2 | +0.200 (+6.7%) | 5% | **regressed** |
        | grid | naive | 2 | 0.5 | 25 | hitch_ratio | 4.500 | 4.725 | +0.225 (+5.0%) | 5% | worse |
        | grid | naive | 2 | 0.5 | 25 | ready_ratio | 0.8000 | 0.7000 | -0.1000 (-12.5%) | -5% |\
         **regressed** |
        | grid | nuke | 2 | 0.5 | 25 | bytes_downloaded | 2147483648 | -2147483648 | -4294967296 (-200.0%)\
         | 10% | improved |
        | list, long | naive | 1 | 0 | 50 | hitch_ratio | 10.000 | 9.000 | -1.000 (-10.0%) | 5% | improved |
        | list, long | naive | 1 | 0 | 50 | radio_energy_j | 2.000 | 2.001 | +0.001 (+0.1%) | none | worse |
        
        Rows only in the baseline:
        
        | scenario | strategy | seed | cells.prefetchScreens | strategies[*].memoryCacheMB |
        | --- | --- | ---: | --- | --- |
        | list | nuke | 7 | 1 | 50 |
        
        Rows only in the candidate:
        
        | scenario | strategy | seed | cells.prefetchScreens | strategies[*].memoryCacheMB |
        | --- | --- | ---: | --- | --- |
        | list | adaptive | 7 | 1 | 50 |

        """

    /// `--format csv` of f513ee6.
    static let csv = """
        scenario,strategy,seed,cells.prefetchScreens,strategies[*].memoryCacheMB,metric,baseline,candidate,c\
        hange,change_percent,limit,status
        grid,naive,1,0,25,frames,120,120,0,0.0,,unchanged
        grid,naive,1,0,25,hitch_ratio,4.000,4.000,0.000,0.0,5%,unchanged
        grid,naive,1,0,25,bytes_downloaded,9000000000,9000000001,+1,+0.0,10%,worse
        grid,naive,1,0,25,ready_ratio,0.9000,0.90,0.0000,0.0,-5%,unchanged
        grid,naive,1,0,25,radio_energy_j,1.250,1.25,0.000,0.0,,unchanged
        grid,nuke,1,0,25,frames,120,121,+1,+0.8,,changed
        grid,nuke,1,0,25,hitch_ratio,3.000,3.2,+0.200,+6.7,5%,regressed
        grid,nuke,1,0,25,bytes_downloaded,3000000000,3000000000,0,0.0,10%,unchanged
        grid,nuke,1,0,25,ready_ratio,0.9500,0.9500,0.0000,0.0,-5%,unchanged
        grid,nuke,1,0,25,radio_energy_j,-0.500,-0.500,0.000,0.0,,unchanged
        grid,naive,2,0.5,25,frames,120,120,0,0.0,,unchanged
        grid,naive,2,0.5,25,hitch_ratio,4.500,4.725,+0.225,+5.0,5%,worse
        grid,naive,2,0.5,25,bytes_downloaded,100,100,0,0.0,10%,unchanged
        grid,naive,2,0.5,25,ready_ratio,0.8000,0.7000,-0.1000,-12.5,-5%,regressed
        grid,naive,2,0.5,25,radio_energy_j,1.250,1.250,0.000,0.0,,unchanged
        grid,nuke,2,0.5,25,frames,120,120,0,0.0,,unchanged
        grid,nuke,2,0.5,25,hitch_ratio,3.500,3.500,0.000,0.0,5%,unchanged
        grid,nuke,2,0.5,25,bytes_downloaded,2147483648,-2147483648,-4294967296,-200.0,10%,improved
        grid,nuke,2,0.5,25,ready_ratio,0.9000,0.9000,0.0000,0.0,-5%,unchanged
        grid,nuke,2,0.5,25,radio_energy_j,0,0.000,0.000,0.0,,unchanged
        "list, long",naive,1,0,50,frames,60,60,0,0.0,,unchanged
        "list, long",naive,1,0,50,hitch_ratio,10.000,9.000,-1.000,-10.0,5%,improved
        "list, long",naive,1,0,50,bytes_downloaded,5,5,0,0.0,10%,unchanged
        "list, long",naive,1,0,50,ready_ratio,1.0000,1.0000,0.0000,0.0,-5%,unchanged
        "list, long",naive,1,0,50,radio_energy_j,2.000,2.001,+0.001,+0.1,,worse
        list,nuke,7,1,50,,,,,,,only_in_baseline
        list,adaptive,7,1,50,,,,,,,only_in_candidate

        """

    /// Shard 1/2 of a 4-run sweep, a scenario needlessly quoted and a value with fewer decimals.
    static let shard1 = """
        # scrollsim-shard 1/2 runs=4 sweep=da0cf9c6297abcba
        run,scenario,strategy,seed,profile,refresh_hz,scroll_s,frames,dropped_frames,hitches,hitch_ratio,max\
        _hitch_ms,frame_work_p50_ms,frame_work_p95_ms,frame_work_p99_ms,requests,memory_hits,hit_ratio,disk_\
        hits,inflight_joins,network_fetches,bytes_downloaded,duplicate_downloads,prefetches,prefetch_cancels\
        ,wasted_prefetches,displays,ready_ratio,blank_ratio_mean,blank_ratio_max,time_to_image_p95_ms,wrong_\
        image_frames,main_decode_ms,cells_created,cells_reused,peak_memory_mb,blank_ratio_vsync_mean,memory_\
        warnings,killed,radio_energy_j,cells.prefetchScreens
        0,"sweep-1m",naive,1,ios15,60,0.250,15,0,0,0.000,0.000,2.000,4.160,4.160,7,0,0.0000,0,0,7,132617,0,0\
        ,0,0,6,0.0000,0.4116,1.0000,133.333,0,4.320,7,0,2.060,0.5449,0,0,12.756,0
        2,sweep-1m,naive,1,ios15,60,0.25,15,0,0,0.000,0.000,2.000,4.160,4.160,7,0,0.0000,0,0,7,132617,0,3,0,\
        2,6,0.0000,0.4116,1.0000,133.333,0,4.320,7,0,2.060,0.5449,0,0,12.756,0.5

        """

    /// Shard 2/2.
    static let shard2 = """
        # scrollsim-shard 2/2 runs=4 sweep=da0cf9c6297abcba
        run,scenario,strategy,seed,profile,refresh_hz,scroll_s,frames,dropped_frames,hitches,hitch_ratio,max\
        _hitch_ms,frame_work_p50_ms,frame_work_p95_ms,frame_work_p99_ms,requests,memory_hits,hit_ratio,disk_\
        hits,inflight_joins,network_fetches,bytes_downloaded,duplicate_downloads,prefetches,prefetch_cancels\
        ,wasted_prefetches,displays,ready_ratio,blank_ratio_mean,blank_ratio_max,time_to_image_p95_ms,wrong_\
        image_frames,main_decode_ms,cells_created,cells_reused,peak_memory_mb,blank_ratio_vsync_mean,memory_\
        warnings,killed,radio_energy_j,cells.prefetchScreens
        1,sweep-1m,naive,2,ios15,60,0.250,15,0,0,0.000,0.000,2.000,3.440,3.440,7,0,0.0000,0,0,7,128499,0,0,0\
        ,0,6,0.0000,0.2539,1.0000,100.000,0,4.320,7,0,2.060,0.3776,0,0,12.748,0
        3,sweep-1m,naive,2,ios15,60,0.250,15,0,0,0.000,0.000,2.000,3.440,3.440,7,0,0.0000,0,0,7,128499,0,3,0\
        ,2,6,0.0000,0.2539,1.0000,100.000,0,4.320,7,0,2.060,0.3776,0,0,12.748,0.5

        """

    /// What f513ee6's merge made of them (names quoted only where needed, values as written).
    static let merged = """
        scenario,strategy,seed,profile,refresh_hz,scroll_s,frames,dropped_frames,hitches,hitch_ratio,max_hit\
        ch_ms,frame_work_p50_ms,frame_work_p95_ms,frame_work_p99_ms,requests,memory_hits,hit_ratio,disk_hits\
        ,inflight_joins,network_fetches,bytes_downloaded,duplicate_downloads,prefetches,prefetch_cancels,was\
        ted_prefetches,displays,ready_ratio,blank_ratio_mean,blank_ratio_max,time_to_image_p95_ms,wrong_imag\
        e_frames,main_decode_ms,cells_created,cells_reused,peak_memory_mb,blank_ratio_vsync_mean,memory_warn\
        ings,killed,radio_energy_j,cells.prefetchScreens
        sweep-1m,naive,1,ios15,60,0.250,15,0,0,0.000,0.000,2.000,4.160,4.160,7,0,0.0000,0,0,7,132617,0,0,0,0\
        ,6,0.0000,0.4116,1.0000,133.333,0,4.320,7,0,2.060,0.5449,0,0,12.756,0
        sweep-1m,naive,2,ios15,60,0.250,15,0,0,0.000,0.000,2.000,3.440,3.440,7,0,0.0000,0,0,7,128499,0,0,0,0\
        ,6,0.0000,0.2539,1.0000,100.000,0,4.320,7,0,2.060,0.3776,0,0,12.748,0
        sweep-1m,naive,1,ios15,60,0.25,15,0,0,0.000,0.000,2.000,4.160,4.160,7,0,0.0000,0,0,7,132617,0,3,0,2,\
        6,0.0000,0.4116,1.0000,133.333,0,4.320,7,0,2.060,0.5449,0,0,12.756,0.5
        sweep-1m,naive,2,ios15,60,0.250,15,0,0,0.000,0.000,2.000,3.440,3.440,7,0,0.0000,0,0,7,128499,0,3,0,2\
        ,6,0.0000,0.2539,1.0000,100.000,0,4.320,7,0,2.060,0.3776,0,0,12.748,0.5

        """
}
