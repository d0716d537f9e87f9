#!/usr/bin/env bash
# Times, on the same packages and in one run, the floor of loading and
# type-checking them from source (testdata/bench/floor), a go/analysis
# driver that does nothing and reads dependencies from export data
# (testdata/bench/noop), go vet with its default analyzers, and idemlint
# standalone twice: a first run with an empty user cache directory and a
# second run on the unchanged code. It prints wall time, CPU time (user +
# system), peak memory and the ratios. Run it on a quiet machine: they
# share it; on a busy one compare the CPU times and the ratios of one run.
# With BENCH_RUNS=n each is run n times, interleaved, and the medians are
# shown (run-to-run noise on a 2-core machine is about 15%).
#
#   testdata/bench/bench.sh                 # std and the end-to-end module
#   BENCH_RUNS=3 testdata/bench/bench.sh    # the medians of three runs each
#   testdata/bench/bench.sh DIR             # a module (a fetched application): DIR ./...
#   testdata/bench/bench.sh DIR PATTERN...  # other packages
#   BENCH_VET=0 testdata/bench/bench.sh DIR # leave go vet out (slow on a large module)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/idemlint" ./cmd/idemlint &&
  go build -o "$bin/floor" ./testdata/bench/floor && go build -o "$bin/noop" ./testdata/bench/noop)
# idemlint's runs get a user cache directory of their own, emptied before
# each first run; the go command keeps its build cache.
gocache=$(go env GOCACHE)

measure() { # dir, command... -> "seconds kilobytes cpu-seconds"
  local dir=$1; shift
  local out
  out=$( (cd "$dir" && GOCACHE=$gocache /usr/bin/time -f '%e %M %U %S' "$@" >/dev/null 2>"$bin/err"; true); tail -n 1 "$bin/err")
  awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' <<<"$out"
}

median() { # numbers... -> the median
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

run() { # dir, patterns...
  local dir=$1; shift
  [ $# -gt 0 ] || set -- ./...
  # Warm the build cache so the compilation of export data (go vet, the
  # no-op driver) is not billed to whichever runs first.
  (cd "$dir" && go build "$@" >/dev/null 2>&1 || true)
  local names=(floor noop vet first second) n t m c
  declare -A ts ms cs
  for _ in $(seq "${BENCH_RUNS:-1}"); do
    read -r t m c < <(measure "$dir" "$bin/floor" "$@"); ts[floor]+=" $t"; ms[floor]+=" $m"; cs[floor]+=" $c"
    read -r t m c < <(measure "$dir" "$bin/noop" "$@"); ts[noop]+=" $t"; ms[noop]+=" $m"; cs[noop]+=" $c"
    if [ "${BENCH_VET:-1}" != 0 ]; then
      # A flag value never seen before keeps go vet from replaying cached
      # results; compiled export data stays cached, as in a warm CI.
      read -r t m c < <(measure "$dir" go vet -printf.funcs="benchnonce$(date +%s%N)" "$@"); ts[vet]+=" $t"; ms[vet]+=" $m"; cs[vet]+=" $c"
    fi
    rm -rf "$bin/cache" && mkdir "$bin/cache"
    read -r t m c < <(measure "$dir" env XDG_CACHE_HOME="$bin/cache" "$bin/idemlint" "$@"); ts[first]+=" $t"; ms[first]+=" $m"; cs[first]+=" $c"
    read -r t m c < <(measure "$dir" env XDG_CACHE_HOME="$bin/cache" "$bin/idemlint" "$@"); ts[second]+=" $t"; ms[second]+=" $m"; cs[second]+=" $c"
  done
  declare -A t1 m1 c1
  printf '%-34s %8s %8s %10s   (median of %s)\n' "$dir $*" "wall s" "cpu s" "peak MB" "${BENCH_RUNS:-1}"
  local -A label=([floor]="load+typecheck floor" [noop]="no-op go/analysis driver" [vet]="go vet" [first]="idemlint, first run" [second]="idemlint, second run")
  for n in "${names[@]}"; do
    [ -n "${ts[$n]:-}" ] || continue
    # shellcheck disable=SC2086
    t1[$n]=$(median ${ts[$n]}); m1[$n]=$(median ${ms[$n]}); c1[$n]=$(median ${cs[$n]})
    printf '  %-32s %8.1f %8.1f %10d\n' "${label[$n]}" "${t1[$n]}" "${c1[$n]}" $((m1[$n] / 1024))
  done
  printf '  idemlint first runs: %s s\n' "${ts[first]# }"
  awk -v it="${t1[first]}" -v ft="${t1[floor]}" -v ic="${c1[first]}" -v fc="${c1[floor]}" \
    -v im="${m1[first]}" -v fm="${m1[floor]}" -v st="${t1[second]}" -v nt="${t1[noop]}" -v vt="${t1[vet]:-0}" 'BEGIN {
    printf "  idemlint/floor: time %.2fx, cpu %.2fx, memory %.2fx", it/ft, ic/fc, im/fm
    if (vt > 0) printf "; idemlint/go vet time %.2fx", it/vt
    printf "\n  second run/no-op driver time %.2fx\n", st/nt }'
}

if [ $# -gt 0 ]; then
  run "$@"
else
  run "$root" std
  run "$root/testdata/e2e" ./...
fi
