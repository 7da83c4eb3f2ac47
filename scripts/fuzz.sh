#!/usr/bin/env bash
# Fuzzes one of ScrollSim's readers with libFuzzer for SECONDS seconds.
#
#   scripts/fuzz.sh TARGET SECONDS
#
# TARGET: scenario, sweep, summary-csv, request-trace, replay-csv, catalog-csv, frames-csv or shard-csv (see
# Fuzz/Sources/ScrollSimFuzz/FuzzTarget.swift for each target's invariant). Builds the fuzz package
# Fuzz/ (which depends on this checkout) with `-sanitize=fuzzer` (the root package never needs
# libFuzzer), starts from the seed corpus Fuzz/Corpus/TARGET plus what earlier runs kept in
# Fuzz/.work/TARGET, and ends with the line "N inputs, 0 crashes". On a crash, a broken invariant or
# an input slower than 10 s, it saves the input as Fuzz/Crashes/TARGET-<kind>-<sha1>, prints
# "N inputs, 1 crashes" and exits 1. Linux only (libFuzzer ships with the Swift toolchain there).
set -euo pipefail
cd "$(dirname "$0")/.."

targets="scenario sweep summary-csv request-trace replay-csv catalog-csv frames-csv shard-csv"
if [ $# -ne 2 ] || ! [[ " $targets " == *" $1 "* ]] || ! [[ "$2" =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS (TARGET: ${targets// /, })" >&2
    exit 64
fi
target="$1"
seconds="$2"

build() {
    swift build --package-path Fuzz -c debug -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library \
        --product ScrollSimFuzz > Fuzz/.build-log 2>&1
}
# SwiftPM can keep a stale list of the root package's files in Fuzz/.build after the root package
# gains or loses files: then build once more from scratch.
build || { rm -rf Fuzz/.build && build; } || { cat Fuzz/.build-log >&2; exit 1; }
binary="$(swift build --package-path Fuzz -c debug --show-bin-path)/ScrollSimFuzz"

work="Fuzz/.work/$target"
mkdir -p "$work" Fuzz/Crashes
log="$(mktemp)"
files="$(mktemp -d)"  # the sweep target's sweep and scenario files
trap 'rm -f "$log"; rm -rf "$files"' EXIT
status=0
# SWIFT_BACKTRACE=enable=no: libFuzzer, not Swift's backtracer, must handle a trap, so that it
# saves the input.
SWIFT_BACKTRACE=enable=no SCROLLSIM_FUZZ_TARGET="$target" SCROLLSIM_FUZZ_FILES="$files" "$binary" "$work" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="Fuzz/Crashes/$target-" > "$log" 2>&1 || status=$?
inputs="$(sed -n 's/^stat::number_of_executed_units: *\([0-9][0-9]*\).*/\1/p' "$log" | tail -n 1)"
if [ "$status" -ne 0 ]; then
    grep -E 'FUZZ INVARIANT BROKEN|ERROR: libFuzzer|Fatal error|SUMMARY|Test unit written|deadly signal|timeout' "$log" \
        | head -n 20 >&2 || true
    echo "${inputs:-0} inputs, 1 crashes"
    exit 1
fi
echo "${inputs:-0} inputs, 0 crashes"
