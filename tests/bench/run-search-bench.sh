#!/usr/bin/env bash
# run-search-bench.sh BUILD_DIR [BASE_BUILD_DIR]: the PSC search on the bench middlegame
# (the position of `synchess-cli bench`): depth 4 on one thread and on two (seconds and
# positions), and the depth completed in one second. With a second build (an older commit
# built apart), the same figures for it in the same run, rounds interleaved, so that a
# loaded machine weighs on both alike. Each figure is the median of the rounds. Then, once
# for each build, the depth completed in one second on each position of
# game-positions.txt (positions of self-play games, harder than the bench position), as a
# count per depth.
set -euo pipefail

build=${1:?usage: run-search-bench.sh BUILD_DIR [BASE_BUILD_DIR]}
base=${2:-}
rounds=${SYNCHESS_BENCH_ROUNDS:-3}
fen="r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
field() { sed -n 2p | sed -E "s/.*\"$1\": ([0-9.]+).*/\1/"; }

declare -A seconds positions depth_1s
run_build() {
  local name=$1 dir=$2 threads_ok=$3 out
  out=$("$dir/src/cli/synchess-cli" best "$fen" --depth 4 --seed 1)
  seconds[$name,1]+="$(field seconds <<<"$out") "
  positions[$name]+="$(field positions <<<"$out") "
  if [ "$threads_ok" = yes ]; then
    out=$("$dir/src/cli/synchess-cli" best "$fen" --depth 4 --seed 1 --threads 2)
    seconds[$name,2]+="$(field seconds <<<"$out") "
  fi
  out=$("$dir/src/cli/synchess-cli" best "$fen" --time 1000 --seed 1)
  depth_1s[$name]+="$(field depth <<<"$out") "
}

# A build without --threads says so on its usage line.
has_threads() { local usage; usage=$("$1/src/cli/synchess-cli" best 2>&1 || true); [[ $usage == *--threads* ]] && echo yes || echo no; }

names=(this)
declare -A dirs=([this]=$build) threads=([this]=$(has_threads "$build"))
if [ -n "$base" ]; then
  names=(base this)
  dirs[base]=$base
  threads[base]=$(has_threads "$base")
fi
for round in $(seq "$rounds"); do
  for name in "${names[@]}"; do
    run_build "$name" "${dirs[$name]}" "${threads[$name]}"
  done
done

echo "PSC search on the bench middlegame, median of $rounds rounds:"
for name in "${names[@]}"; do
  one=$(tr ' ' '\n' <<<"${seconds[$name,1]}" | grep . | median)
  n=$(tr ' ' '\n' <<<"${positions[$name]}" | grep . | median)
  d=$(tr ' ' '\n' <<<"${depth_1s[$name]}" | grep . | median)
  line=$(printf '  %-5s depth 4: %7.3f s, %s positions; depth in 1 s: %s' "$name" "$one" "$n" "$d")
  if [ "${threads[$name]}" = yes ]; then
    two=$(tr ' ' '\n' <<<"${seconds[$name,2]}" | grep . | median)
    line+=$(awk -v one="$one" -v two="$two" \
      'BEGIN { printf "; two threads %.3f s (speed-up %.2f)", two, one / two }')
  fi
  echo "$line"
  eval "one_$name=$one"
done
if [ -n "$base" ]; then
  awk -v a="$one_base" -v b="$one_this" 'BEGIN { printf "  depth 4, base / this: %.2f\n", a / b }'
fi

# One second a position, once: how many positions of real games each build completes to
# each depth.
games="$(dirname "$0")/game-positions.txt"
echo "Depth completed in 1 s over the $(grep -vc '^#' "$games") positions of $(basename "$games"):"
for name in "${names[@]}"; do
  depths=""
  while read -r position; do
    depths+="$("${dirs[$name]}/src/cli/synchess-cli" best "$position" --time 1000 --seed 1 | field depth) "
  done < <(grep -v '^#' "$games")
  printf '  %-5s %s\n' "$name" "$(tr ' ' '\n' <<<"$depths" | grep . | sort -n | uniq -c |
    awk '{ printf "%sdepth %s: %s", (NR > 1 ? ", " : ""), $2, $1 }')"
done
