#!/usr/bin/env bash
# blind.sh BINARY OUTDIR MIRRORDIR
#
# Runs idemlint on every repository of repos.txt and scores it against
# the blind labels kept here. MIRRORDIR holds one bare git directory per
# repository, MIRRORDIR/OWNER+NAME/repo (what the search tool's fetch
# brings), at the commit repos.txt pins: a repository whose HEAD is
# another commit is skipped with a message, since its labels' lines would
# not match. Reports go to OUTDIR as run.sh writes them; the score, with
# every miss, broken look-alike and unlabelled report, goes to stdout:
# against every label, then against the blind labels alone (those a
# reviewer wrote without idemlint's output; triage labels come from it).
# BLIND_REPOS="owner/name ..." in the environment runs only those
# repositories (a held-out set scored on its own).
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=$1 out=$2 mirrors=$3
gitdirs=()
labels=()
while read -r repo commit _; do
  case $repo in ''|'#'*) continue ;; esac
  if [ -n "${BLIND_REPOS:-}" ] && [[ " $BLIND_REPOS " != *" $repo "* ]]; then
    continue
  fi
  name=${repo/\//+}
  g=$mirrors/$name/repo
  if [ ! -d "$g" ]; then
    echo "skipped $repo: no $g (fetch it first)" >&2
    continue
  fi
  head=$(git --git-dir="$g" rev-parse HEAD)
  case $head in
    "$commit"*) ;;
    *) echo "skipped $repo: HEAD is $head, labels are for $commit" >&2; continue ;;
  esac
  gitdirs+=("$g")
  labels+=("$here/labels/$name.json")
done <"$here/repos.txt"
[ ${#gitdirs[@]} -gt 0 ] || { echo "no repository to run" >&2; exit 2; }
bash "$here/run.sh" "$bin" "$out" "${gitdirs[@]}"
python3 "$here/score.py" "$out" "${labels[@]}"
blind=$(mktemp -d)
for l in "${labels[@]}"; do
  python3 -c 'import json, sys; json.dump([l for l in json.load(open(sys.argv[1])) if l.get("source") == "blind"], open(sys.argv[2], "w"))' "$l" "$blind/$(basename "$l")"
done
echo
echo "== blind labels only"
python3 "$here/score.py" "$out" "$blind"/*.json | grep -E '^analyzer|^[a-z]+ +[0-9]|recall='
rm -rf "$blind"
