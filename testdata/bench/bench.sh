#!/usr/bin/env bash
# Times, on the same packages and in one run, idemlint standalone, go vet
# with its default analyzers, and the floor of loading and type-checking
# the packages from source (testdata/bench/floor), and prints wall time,
# peak memory and the ratios. Run it on a quiet machine: the three share it.
# With BENCH_RUNS=n each is run n times, interleaved, and the median of the
# wall times and of the peak memories is shown (run-to-run noise on a
# 2-core machine is about 15%).
#
#   testdata/bench/bench.sh                 # std and the end-to-end module
#   BENCH_RUNS=3 testdata/bench/bench.sh    # the medians of three runs each
#   testdata/bench/bench.sh DIR PATTERN...  # other packages
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/idemlint" ./cmd/idemlint && go build -o "$bin/floor" ./testdata/bench/floor)

measure() { # dir, command... -> "seconds kilobytes"
  local dir=$1; shift
  local out
  out=$( (cd "$dir" && /usr/bin/time -f '%e %M' "$@" >/dev/null 2>"$bin/err"; true); tail -n 1 "$bin/err")
  echo "$out"
}

median() { # numbers... -> the median
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

run() { # dir, patterns...
  local dir=$1; shift
  # Warm the build cache so go vet's compilation of export data is not
  # billed to whichever runs first.
  (cd "$dir" && go build "$@" >/dev/null 2>&1 || true)
  local fts=() fms=() vts=() vms=() its=() ims=() t m
  for _ in $(seq "${BENCH_RUNS:-1}"); do
    read -r t m < <(measure "$dir" "$bin/floor" "$@"); fts+=("$t"); fms+=("$m")
    # A flag value never seen before keeps go vet from replaying cached
    # results; compiled export data stays cached, as in a warm CI.
    read -r t m < <(measure "$dir" go vet -printf.funcs="benchnonce$(date +%s%N)" "$@"); vts+=("$t"); vms+=("$m")
    read -r t m < <(measure "$dir" "$bin/idemlint" "$@"); its+=("$t"); ims+=("$m")
  done
  local ft fm vt vm it im
  ft=$(median "${fts[@]}"); fm=$(median "${fms[@]}")
  vt=$(median "${vts[@]}"); vm=$(median "${vms[@]}")
  it=$(median "${its[@]}"); im=$(median "${ims[@]}")
  printf '%-28s %8s %10s   (median of %s)\n' "$dir $*" "wall s" "peak MB" "${BENCH_RUNS:-1}"
  printf '  %-26s %8.1f %10d\n' "load+typecheck floor" "$ft" $((fm / 1024))
  printf '  %-26s %8.1f %10d\n' "go vet" "$vt" $((vm / 1024))
  printf '  %-26s %8.1f %10d\n' "idemlint" "$it" $((im / 1024))
  printf '  idemlint runs: %s s\n' "${its[*]}"
  awk -v it="$it" -v ft="$ft" -v vt="$vt" -v im="$im" -v fm="$fm" 'BEGIN {
    printf "  idemlint/floor time %.2fx, idemlint/go vet time %.2fx, idemlint/floor memory %.2fx\n", it/ft, it/vt, im/fm }'
}

if [ $# -gt 0 ]; then
  run "$@"
else
  run "$root" std
  run "$root/testdata/e2e" ./...
fi
