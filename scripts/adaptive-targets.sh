#!/usr/bin/env bash
# Prints, for each scenario, adaptive's blank share, hitch ratio and bytes against the best strategy
# of that scenario (tuned configurations included) and issue 7's targets: blank_ratio_vsync_mean
# within 5% of the best, hitch_ratio within 0.5 ms/s of the best, bytes_downloaded at most 5% over
# nuke's. Usage: scripts/adaptive-targets.sh [scenario.json|dir ...]
# (default: Scenarios/ and Benchmarks/holdout/). Set SCROLLSIM to the binary (default: a release
# build in .build/release). Exits 1 when a target fails.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${SCROLLSIM:-.build/release/scrollsim}"
if [ ! -x "$bin" ]; then swift build -c release --product scrollsim >&2; fi
if [ $# -eq 0 ]; then set -- Scenarios Benchmarks/holdout; fi
files=()
for arg in "$@"; do
    if [ -d "$arg" ]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -maxdepth 1 -name '*.json' | LC_ALL=C sort)
    else
        files+=("$arg")
    fi
done
status=0
printf '%-34s %-6s %-9s %-9s %-26s %-9s %-5s %-8s %-8s %-26s %-5s %-5s %s\n' scenario metric adaptive best who \
    target metric adaptive best who b/nuke ok result
for f in "${files[@]}"; do
    "$bin" run "$f" --format csv | awk -F, -v file="$f" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        {
            s = $col["strategy"]; scen = $col["scenario"]
            blank[s] = $col["blank_ratio_vsync_mean"] + 0; hitch[s] = $col["hitch_ratio"] + 0
            bytes[s] = $col["bytes_downloaded"] + 0; names[++n] = s
        }
        END {
            if (!("adaptive" in blank)) { printf "%-34s adaptive not run\n", scen; exit 0 }
            bb = ""; hb = ""
            for (k = 1; k <= n; k++) {
                s = names[k]
                if (bb == "" || blank[s] < blank[bb]) bb = s
                if (hb == "" || hitch[s] < hitch[hb]) hb = s
            }
            okb = blank["adaptive"] <= blank[bb] * 1.05 + 1e-9
            okh = hitch["adaptive"] <= hitch[hb] + 0.5 + 1e-9
            ratio = ("nuke" in bytes && bytes["nuke"] > 0) ? bytes["adaptive"] / bytes["nuke"] : 0
            oky = !("nuke" in bytes) || bytes["adaptive"] <= bytes["nuke"] * 1.05
            res = (okb && okh && oky) ? "pass" : "FAIL"
            printf "%-34s blank  %-9.4f %-9.4f %-26s %-9s hitch %-8.3f %-8.3f %-26s %-5.3f %-5s %s\n", \
                scen, blank["adaptive"], blank[bb], bb, (okb ? "ok" : "MISS"), hitch["adaptive"], \
                hitch[hb], hb, ratio, (okh && oky ? "ok" : "MISS"), res
            if (res != "pass") exit 3
        }' || status=1
done
exit $status
