#!/usr/bin/env bash
# Regenerates docs/strategies.md from a run of every bundled scenario (never edit it by hand):
#   scripts/strategies-doc.sh           write docs/strategies.md
#   scripts/strategies-doc.sh --check   exit 1 if docs/strategies.md is not what the run gives (CI)
# The prose is scripts/strategies-doc/template.md; every figure in it is a placeholder filled from
# the run (scripts/strategies-doc/render.swift says how). The ranking movement compares with
# scripts/strategies-doc/before-issue-7.csv, the same run on the model before issue 7 (commit db7cd8a).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product scrollsim > /dev/null
bin="$(swift build -c release --show-bin-path)/scrollsim"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin" run Scenarios/ --format csv > "$work/summary.csv"
swift scripts/strategies-doc/render.swift "$work/summary.csv" scripts/strategies-doc/template.md \
    scripts/strategies-doc/before-issue-7.csv > "$work/strategies.md"
if [ "${1:-}" = "--check" ]; then
    if ! diff -u docs/strategies.md "$work/strategies.md" > "$work/diff"; then
        echo "FAIL: docs/strategies.md is stale; run scripts/strategies-doc.sh" >&2
        head -40 "$work/diff" >&2
        exit 1
    fi
    echo "  docs/strategies.md matches the bundled scenarios' run"
else
    mv "$work/strategies.md" docs/strategies.md
    echo "wrote docs/strategies.md"
fi
