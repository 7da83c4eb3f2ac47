#!/usr/bin/env bash
# Byte-identical outputs of two scrollsim binaries (e.g. main's and a branch's release builds).
#
#   scripts/check-identical.sh <scrollsim-A> <scrollsim-B> <scenario-dir> [work-dir]
#
# Runs every scenario file (*.json) of <scenario-dir> with each binary, one scenario at a time
# with the strategies its file lists (else every built-in one), writing the summary on stdout and
# in summary.csv, the per-frame CSVs (--frames), the request traces (--requests, when the binary
# has it) and the Chrome traces (--trace) into <work-dir>/a/<scenario> and <work-dir>/b/<scenario>,
# plus each run's exit code; then `diff -r` of the two trees. Exit 0 when every byte agrees, 1 when
# anything differs (the first differences are printed), 64 on a bad command line.
# <work-dir> defaults to a fresh temporary directory, which is removed when everything agrees.
set -euo pipefail

if [[ $# -lt 3 || $# -gt 4 ]]; then
    echo "usage: $0 <scrollsim-A> <scrollsim-B> <scenario-dir> [work-dir]" >&2
    exit 64
fi
binary_a=$1
binary_b=$2
scenarios=$3
for binary in "$binary_a" "$binary_b"; do
    [[ -x $binary ]] || { echo "$0: $binary is not an executable" >&2; exit 64; }
done
[[ -d $scenarios ]] || { echo "$0: $scenarios is not a directory" >&2; exit 64; }
if [[ $# -eq 4 ]]; then
    work=$4
    mkdir -p "$work"
    keep=1
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/check-identical.XXXXXX")
    keep=0
fi
rm -rf "$work/a" "$work/b"

shopt -s nullglob
files=("$scenarios"/*.json)
if [[ ${#files[@]} -eq 0 ]]; then
    echo "$0: no scenario files (*.json) in $scenarios" >&2
    exit 64
fi

# Runs every scenario with binary $1 into directory $2.
run_all() {
    local binary=$1 out=$2 requests=()
    if "$binary" help run 2>&1 | grep -q -- '--requests'; then requests=(--requests); fi
    for file in "${files[@]}"; do
        local name dir
        name=$(basename "$file" .json)
        dir="$out/$name"
        mkdir -p "$dir"
        local code=0
        "$binary" run "$file" --format csv --out "$dir" --frames \
            ${requests[@]:+"${requests[@]}" "$dir/requests"} --trace "$dir/trace" \
            >"$dir/stdout.csv" 2>"$dir/stderr.txt" || code=$?
        echo "$code" >"$dir/exit-code"
    done
}

run_all "$binary_a" "$work/a"
run_all "$binary_b" "$work/b"

count=$(find "$work/a" -type f | wc -l | tr -d ' ')
bytes=$(du -sk "$work/a" | cut -f1)
if diff -r "$work/a" "$work/b" >"$work/diff.txt" 2>&1; then
    echo "identical: ${#files[@]} scenarios, $count files, ${bytes} KiB per binary"
    [[ $keep -eq 1 ]] || rm -rf "$work"
    exit 0
fi
echo "DIFFERENT: ${#files[@]} scenarios, $count files; first differences (all in $work/diff.txt):"
head -40 "$work/diff.txt"
exit 1
