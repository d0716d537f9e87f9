#!/usr/bin/env bash
# Times, on the same packages and in one interleaved run, the floor of
# loading and type-checking them from source (testdata/bench/floor), a
# go/analysis driver that does nothing and reads dependencies from export
# data (testdata/bench/noop), go vet with its default analyzers, and
# idemlint standalone twice: a first run with an empty user cache
# directory and a second run on the unchanged code. Each is run
# BENCH_RUNS times (3 unless told), interleaved, and the medians of wall
# time, CPU time (user + system) and peak memory are shown, with idemlint's
# first run against the floor and against the no-op driver. Run it on a
# quiet machine: they share it; on a busy one compare the CPU times and
# the ratios (run-to-run noise on a 2-core machine is about 15%).
#
#   testdata/bench/bench.sh                 # std and the end-to-end module
#   testdata/bench/bench.sh DIR             # std, then a module (a fetched application): DIR ./...
#   testdata/bench/bench.sh DIR PATTERN...  # std, then other packages
#   BENCH_STD=0 testdata/bench/bench.sh DIR # leave std out
#   BENCH_VET=0 testdata/bench/bench.sh DIR # leave go vet out (slow on a large module)
#   BENCH_RUNS=1 ...                        # one round
#   BENCH_BASE=/path/to/idemlint ...        # also time that build's first run, interleaved (a before/after)
#   BENCH_PROFILE=DIR ...                   # then one more first run of each target under the
#                                           # profiler: CPU and allocation profiles and their
#                                           # `go tool pprof -top` summaries (by analyzer too) in DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/idemlint" ./cmd/idemlint &&
  go build -o "$bin/floor" ./testdata/bench/floor && go build -o "$bin/noop" ./testdata/bench/noop)
# idemlint's runs get a user cache directory of their own, emptied before
# each first run; the go command keeps its build cache.
gocache=$(go env GOCACHE)
runs=${BENCH_RUNS:-3}

measure() { # dir, command... -> "seconds kilobytes cpu-seconds"
  local dir=$1; shift
  local out
  out=$( (cd "$dir" && GOCACHE=$gocache /usr/bin/time -f '%e %M %U %S' "$@" >/dev/null 2>"$bin/err"; true); tail -n 1 "$bin/err")
  awk '{ printf "%s %s %.2f\n", $1, $2, $3 + $4 }' <<<"$out"
}

median() { # numbers... -> the median
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# profile dir, name, patterns...: a first run of idemlint under the CPU
# profiler and with its allocation profile, and their summaries.
profile() {
  local dir=$1 name=$2; shift 2
  local out=$BENCH_PROFILE/$name
  mkdir -p "$BENCH_PROFILE"
  (cd "$dir" && IDEMLINT_CACHE=off IDEMLINT_CPUPROFILE="$out.cpu" IDEMLINT_MEMPROFILE="$out.mem" \
    "$bin/idemlint" "$@" >/dev/null 2>&1 || true)
  cp "$bin/idemlint" "$BENCH_PROFILE/idemlint"
  {
    echo "== CPU, by analyzer and package (samples inside the analyzers' runs)"
    go tool pprof -tags "$bin/idemlint" "$out.cpu" 2>/dev/null | head -n 45
    echo "== CPU, cumulative"
    go tool pprof -top -cum -nodecount=60 "$bin/idemlint" "$out.cpu" 2>/dev/null
    echo "== allocated bytes, cumulative"
    go tool pprof -sample_index=alloc_space -top -cum -nodecount=60 "$bin/idemlint" "$out.mem" 2>/dev/null
  } >"$out.txt"
  printf '  profiles: %s.{cpu,mem,txt}\n' "$out"
}

run() { # dir, patterns...
  local dir=$1; shift
  [ $# -gt 0 ] || set -- ./...
  # Warm the build cache so the compilation of export data (go vet, the
  # no-op driver) is not billed to whichever runs first.
  (cd "$dir" && go build "$@" >/dev/null 2>&1 || true)
  (cd "$dir" && "$bin/noop" "$@" >/dev/null 2>&1 || true)
  local names=(floor noop vet base first second) n t m c
  declare -A ts ms cs
  for _ in $(seq "$runs"); do
    read -r t m c < <(measure "$dir" "$bin/floor" "$@"); ts[floor]+=" $t"; ms[floor]+=" $m"; cs[floor]+=" $c"
    read -r t m c < <(measure "$dir" "$bin/noop" "$@"); ts[noop]+=" $t"; ms[noop]+=" $m"; cs[noop]+=" $c"
    if [ "${BENCH_VET:-1}" != 0 ]; then
      # A flag value never seen before keeps go vet from replaying cached
      # results; compiled export data stays cached, as in a warm CI.
      read -r t m c < <(measure "$dir" go vet -printf.funcs="benchnonce$(date +%s%N)" "$@"); ts[vet]+=" $t"; ms[vet]+=" $m"; cs[vet]+=" $c"
    fi
    if [ -n "${BENCH_BASE:-}" ]; then
      read -r t m c < <(measure "$dir" env IDEMLINT_CACHE=off "$BENCH_BASE" "$@"); ts[base]+=" $t"; ms[base]+=" $m"; cs[base]+=" $c"
    fi
    rm -rf "$bin/cache" && mkdir "$bin/cache"
    read -r t m c < <(measure "$dir" env XDG_CACHE_HOME="$bin/cache" "$bin/idemlint" "$@"); ts[first]+=" $t"; ms[first]+=" $m"; cs[first]+=" $c"
    read -r t m c < <(measure "$dir" env XDG_CACHE_HOME="$bin/cache" "$bin/idemlint" "$@"); ts[second]+=" $t"; ms[second]+=" $m"; cs[second]+=" $c"
  done
  declare -A t1 m1 c1
  printf '%-34s %8s %8s %10s   (median of %s)\n' "$dir $*" "wall s" "cpu s" "peak MB" "$runs"
  local -A label=([floor]="load+typecheck floor" [noop]="no-op go/analysis driver" [vet]="go vet"
    [base]="idemlint BENCH_BASE, no cache" [first]="idemlint, first run" [second]="idemlint, second run")
  for n in "${names[@]}"; do
    [ -n "${ts[$n]:-}" ] || continue
    # shellcheck disable=SC2086
    t1[$n]=$(median ${ts[$n]}); m1[$n]=$(median ${ms[$n]}); c1[$n]=$(median ${cs[$n]})
    printf '  %-32s %8.1f %8.1f %10d\n' "${label[$n]}" "${t1[$n]}" "${c1[$n]}" $((m1[$n] / 1024))
  done
  printf '  idemlint first runs: %s s\n' "${ts[first]# }"
  ratio() { # label, key
    awk -v l="$1" -v it="${t1[first]}" -v ic="${c1[first]}" -v im="${m1[first]}" \
      -v t="${t1[$2]}" -v c="${c1[$2]}" -v m="${m1[$2]}" \
      'BEGIN { printf "  idemlint/%s: time %.2fx, cpu %.2fx, memory %.2fx\n", l, it/t, ic/c, im/m }'
  }
  ratio floor floor
  ratio "no-op driver" noop
  [ -z "${t1[vet]:-}" ] || ratio "go vet" vet
  [ -z "${t1[base]:-}" ] || ratio BENCH_BASE base
  awk -v st="${t1[second]}" -v nt="${t1[noop]}" 'BEGIN { printf "  second run/no-op driver time %.2fx\n", st/nt }'
  if [ -n "${BENCH_PROFILE:-}" ]; then
    local name=$*
    [ "$name" != ./... ] || name=$(basename "$dir")
    profile "$dir" "${name//[^A-Za-z0-9_.-]/_}" "$@"
  fi
}

[ "${BENCH_STD:-1}" = 0 ] || run "$root" std
if [ $# -gt 0 ]; then
  run "$@"
else
  run "$root/testdata/e2e" ./...
fi
