#!/usr/bin/env bash
# run-bench.sh BUILD_DIR: the engine's speed, side by side with Stockfish in the same run.
#   orthodox perft 6 from the start, one thread: our time / Stockfish's must be <= 1.25
#   PSC sperft 4 from the start: at least 10 million positions analysed per second
#   every other rule set's sperft 3 from its start: at least a third of PSC's rate (same run)
# Each figure is the median of three rounds; Stockfish is timed as a whole process with its
# start-up (loading its network, measured by `go perft 1`) taken off, so compute is compared
# with compute. The raw times are printed too.
set -euo pipefail

build=${1:?usage: run-bench.sh BUILD_DIR}
cli="$build/src/cli/synchess-cli"
rounds=${SYNCHESS_BENCH_ROUNDS:-3}
stockfish=$(dpkg -L stockfish 2>/dev/null | grep -E '/stockfish$' | head -n 1 || true)
[ -x "$stockfish" ] || { echo "run-bench: Stockfish is not installed (apt-get install stockfish)" >&2; exit 1; }

now() { date +%s.%N; }

stockfish_seconds() {
  local depth=$1 start end nodes
  start=$(now)
  nodes=$(printf 'position startpos\ngo perft %s\nquit\n' "$depth" | "$stockfish" \
    | awk '/Nodes searched/ { print $3 }')
  end=$(now)
  [ -n "$nodes" ] || { echo "run-bench: Stockfish printed no node count" >&2; exit 1; }
  echo "$start $end $nodes" | awk '{ printf "%.4f %s\n", $2 - $1, $3 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -a ours_perft ours_sperft_rate ours_sperft_seconds sf_total sf_startup
rule_sets=
for round in $(seq "$rounds"); do
  out=$("$cli" bench)
  ours_perft+=("$(awk -F': ' '$1 == "perft-seconds" { print $2 }' <<<"$out")")
  ours_sperft_rate+=("$(awk -F': ' '$1 == "sperft-positions-per-second" { print $2 }' <<<"$out")")
  ours_sperft_seconds+=("$(awk -F': ' '$1 == "sperft-seconds" { print $2 }' <<<"$out")")
  perft_nodes=$(awk -F': ' '$1 == "perft-nodes" { print $2 }' <<<"$out")
  sperft_positions=$(awk -F': ' '$1 == "sperft-positions" { print $2 }' <<<"$out")
  rule_sets+=$(grep '^rule-set-' <<<"$out")$'\n'
  read -r seconds sf_nodes < <(stockfish_seconds 6)
  sf_total+=("$seconds")
  read -r seconds _ < <(stockfish_seconds 1)
  sf_startup+=("$seconds")
done

[ "$perft_nodes" = "$sf_nodes" ] || { echo "run-bench: perft 6 disagrees: ours $perft_nodes, Stockfish $sf_nodes" >&2; exit 1; }

ours=$(printf '%s\n' "${ours_perft[@]}" | median)
total=$(printf '%s\n' "${sf_total[@]}" | median)
startup=$(printf '%s\n' "${sf_startup[@]}" | median)
rate=$(printf '%s\n' "${ours_sperft_rate[@]}" | median)
sperft_seconds=$(printf '%s\n' "${ours_sperft_seconds[@]}" | median)

awk -v ours="$ours" -v total="$total" -v startup="$startup" -v rate="$rate" \
    -v sperft="$sperft_seconds" -v nodes="$perft_nodes" -v positions="$sperft_positions" \
    -v rounds="$rounds" '
BEGIN {
  net = total - startup
  ratio = ours / net
  printf "Orthodox perft 6 from the start (%d nodes), median of %d rounds:\n", nodes, rounds
  printf "  Synchess   %.3f s\n", ours
  printf "  Stockfish  %.3f s (%.3f s for the whole process, less %.3f s start-up)\n", net, total, startup
  printf "  ratio      %.2f (Synchess / Stockfish; must be at most 1.25) %s\n", ratio, (ratio <= 1.25 ? "PASS" : "FAIL")
  printf "  ratio with Stockfish start-up included: %.2f\n", ours / total
  printf "PSC sperft 4 from the start (%d positions analysed):\n", positions
  printf "  Synchess   %.3f s, %.2f million positions/s (must be at least 10) %s\n", sperft, rate / 1e6, (rate >= 1e7 ? "PASS" : "FAIL")
  printf "  sperft 4 time / Stockfish perft 6 time: %.2f\n", sperft / net
  if (ratio <= 1.25 && rate >= 1e7) exit 0; else exit 1
}' || status=1

# The other rule sets beside PSC, sperft 3 each, the median rate of the rounds.
awk -F': ' -v rounds="$rounds" '
$1 == "rule-set-sperft-depth" { depth = $2 }
$1 ~ /-positions-per-second$/ {
  id = $1; sub(/^rule-set-/, "", id); sub(/-positions-per-second$/, "", id)
  if (!(id in n)) order[++count] = id
  rates[id, ++n[id]] = $2
}
function median(id,   i, j, t, k) {
  k = n[id]
  for (i = 1; i <= k; i++) v[i] = rates[id, i]
  for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
  return v[int((k + 1) / 2)]
}
END {
  psc = median("psc")
  printf "Every rule set, sperft %d from its start, median of %d rounds (positions analysed/s):\n", depth, rounds
  bad = 0
  for (i = 1; i <= count; i++) {
    id = order[i]; r = median(id)
    ok = id == "psc" || r >= psc / 3
    if (!ok) bad = 1
    printf "  %-14s %6.2f million/s  %.2f of PSC %s\n", id, r / 1e6, r / psc, (id == "psc" ? "" : (ok ? "PASS" : "FAIL (below a third)"))
  }
  exit bad
}' <<<"$rule_sets" || status=1
exit "${status:-0}"
