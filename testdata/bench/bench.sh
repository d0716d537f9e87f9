#!/usr/bin/env bash
# Times, on the same packages and in one run, idemlint standalone, go vet
# with its default analyzers, and the floor of loading and type-checking
# the packages from source (testdata/bench/floor), and prints wall time,
# peak memory and the ratios. Run it on a quiet machine: the three share it.
#
#   testdata/bench/bench.sh                 # std and the end-to-end module
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

run() { # dir, patterns...
  local dir=$1; shift
  # Warm the build cache so go vet's compilation of export data is not
  # billed to whichever runs first.
  (cd "$dir" && go build "$@" >/dev/null 2>&1 || true)
  read -r ft fm < <(measure "$dir" "$bin/floor" "$@")
  # A flag value never seen before keeps go vet from replaying cached
  # results; compiled export data stays cached, as in a warm CI.
  read -r vt vm < <(measure "$dir" go vet -printf.funcs="benchnonce$(date +%s%N)" "$@")
  read -r it im < <(measure "$dir" "$bin/idemlint" "$@")
  printf '%-28s %8s %10s\n' "$dir $*" "wall s" "peak MB"
  printf '  %-26s %8.1f %10d\n' "load+typecheck floor" "$ft" $((fm / 1024))
  printf '  %-26s %8.1f %10d\n' "go vet" "$vt" $((vm / 1024))
  printf '  %-26s %8.1f %10d\n' "idemlint" "$it" $((im / 1024))
  awk -v it="$it" -v ft="$ft" -v vt="$vt" -v im="$im" -v fm="$fm" 'BEGIN {
    printf "  idemlint/floor time %.2fx, idemlint/go vet time %.2fx, idemlint/floor memory %.2fx\n", it/ft, it/vt, im/fm }'
}

if [ $# -gt 0 ]; then
  run "$@"
else
  run "$root" std
  run "$root/testdata/e2e" ./...
fi
