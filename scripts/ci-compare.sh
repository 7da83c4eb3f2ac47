#!/usr/bin/env bash
# Compare ScrollSim's metrics between a base revision and the working tree (the CI recipe of the
# README): build both in release, run the same scenarios with each, then
# `scrollsim compare base.csv head.csv --format markdown`, appended to $GITHUB_STEP_SUMMARY when
# set (else printed). Exits with compare's code: 0 nothing regressed, 2 a metric regressed past its
# threshold (64/65/66 for compare's own input errors); 1 when a build or a run fails, or when this
# revision has no `scrollsim compare`.
#
# Usage: scripts/ci-compare.sh [--base <ref>] [--scenarios <path>] [--out <dir>] [--html <file>]
#                              [-- <compare options>...]
#   --base <ref>        the revision to compare against (default: $BASE_REF, else HEAD~1)
#   --scenarios <path>  scenario file or directory of the working tree, run by both revisions
#                       (default: Scenarios, the bundled suite)
#   --out <dir>         keep base.csv, head.csv and compare.md there (default: a temporary directory)
#   --html <file>       also write the head's HTML report (`scrollsim run --html`)
#   -- <options>        passed to `scrollsim compare`, e.g. -- --max-regression hitch_ratio=5%
#
# Both revisions run the working tree's scenario files, so a difference comes from the code. The
# base is checked out with `git worktree` in a temporary directory and removed afterwards.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
base_ref="${BASE_REF:-HEAD~1}"
scenarios="Scenarios"
out=""
html=""
compare_options=()
while [ $# -gt 0 ]; do
    case "$1" in
        --base) base_ref="${2:?--base needs a revision}"; shift 2 ;;
        --scenarios) scenarios="${2:?--scenarios needs a path}"; shift 2 ;;
        --out) out="${2:?--out needs a directory}"; shift 2 ;;
        --html) html="${2:?--html needs a file}"; shift 2 ;;
        --) shift; compare_options=("$@"); break ;;
        -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "ci-compare: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
done

fail() { echo "ci-compare: $*" >&2; exit 1; }
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

case "$scenarios" in /*) ;; *) scenarios="$root/$scenarios" ;; esac
[ -e "$scenarios" ] || fail "no scenarios at '$scenarios'"
[ -n "$html" ] && html="$(absolute "$html")"
base_sha="$(git -C "$root" rev-parse --verify --quiet "$base_ref^{commit}")" \
    || fail "unknown base revision '$base_ref' (in CI, fetch it: actions/checkout with fetch-depth: 0)"
head_sha="$(git -C "$root" rev-parse HEAD)"

work="$(mktemp -d)"
cleanup() {
    git -C "$root" worktree remove --force "$work/base-tree" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
if [ -n "$out" ]; then
    mkdir -p "$out"
    out="$(cd "$out" && pwd)"
else
    out="$work/results"
    mkdir -p "$out"
fi

# Builds the package at $1 in release and prints the path of its scrollsim.
build() {
    echo "== building scrollsim at $1 (release)" >&2
    (cd "$1" && swift build -c release --product scrollsim >&2) || return 1
    echo "$(cd "$1" && swift build -c release --show-bin-path)/scrollsim"
}

head_bin="$(build "$root")" || fail "the head revision does not build"
# Fail before the long base build when this revision cannot compare.
if ! "$head_bin" help compare > /dev/null 2>&1; then
    fail "scrollsim compare not available in this revision ($(git -C "$root" rev-parse --short HEAD)); it is needed to compare runs"
fi

echo "== checking out the base $base_ref ($(git -C "$root" rev-parse --short "$base_sha"))" >&2
git -C "$root" worktree add --detach --quiet "$work/base-tree" "$base_sha" || fail "cannot check out '$base_ref'"
base_bin="$(build "$work/base-tree")" || fail "the base revision '$base_ref' does not build"

run() {  # run <label> <binary> [extra run options...]
    local label="$1" bin="$2"
    shift 2
    echo "== running $scenarios with the $label revision" >&2
    local code=0
    "$bin" run "$scenarios" --out "$work/$label" "$@" > /dev/null || code=$?
    [ "$code" -eq 0 ] || fail "the $label revision's run failed (exit $code); if it cannot read these scenario files, pass --scenarios with files both revisions understand"
    cp "$work/$label/summary.csv" "$out/$label.csv"
}
run base "$base_bin"
if [ -n "$html" ]; then run head "$head_bin" --html "$html"; else run head "$head_bin"; fi

echo "== comparing" >&2
code=0
"$head_bin" compare "$out/base.csv" "$out/head.csv" --format markdown ${compare_options[@]+"${compare_options[@]}"} \
    > "$out/compare.md" || code=$?
if [ "$code" -ne 0 ] && [ "$code" -ne 2 ]; then
    echo "ci-compare: scrollsim compare failed (exit $code)" >&2
    exit "$code"
fi

{
    echo "### Scroll performance: \`$(git -C "$root" rev-parse --short "$base_sha")\` → \`$(git -C "$root" rev-parse --short "$head_sha")\`"
    echo
    cat "$out/compare.md"
    echo
    if [ "$code" -eq 2 ]; then echo "**A metric regressed past its threshold.**"; else echo "No metric regressed past its threshold."; fi
} > "$out/summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$out/summary.md" >> "$GITHUB_STEP_SUMMARY"
    echo "ci-compare: summary appended to \$GITHUB_STEP_SUMMARY" >&2
else
    cat "$out/summary.md"
fi
exit "$code"
