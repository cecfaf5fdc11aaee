#!/bin/sh
# ice-netns.sh: a small Internet in network namespaces, and two synchess-cli playing an
# invite across it (tests/net/test-ice-netns.c runs it; build-aux/dev bench times it).
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: ice-netns.sh SCENARIO, SYNCHESS_CLI naming the program. Run as root. Prints what it
# checks, "ok" at the end, and exits 0 when every check held.
#
#   same-nat  A and C behind the same NAT: host candidates
#   lan       two computers on one LAN, no NAT, no servers: host candidates
#   stun      A (endpoint-independent NAT) and B (symmetric NAT): A's server-reflexive address
#   turn      B and B2, each behind a symmetric NAT: the TURN relay
#   late-lan, late-turn  the same as lan and turn, the answer pasted 20 s late: the invited
#             side checks again meanwhile, and its new ports come as peer-reflexive ones
#   mangled   an invite cut short: refused
#   mitm      an answer carrying another certificate than the one that connects: refused
#   replayed  an answer to an earlier invite: refused
#   app       the application's Invite over the Internet against accept-invite on the LAN
#             (tests/app/test-app-invite.c, SYNCHESS_APP_INVITE_TEST naming it)
#   bench-stun, bench-turn  BENCH_RUNS connections (default 10); the time from the answer to
#             the game's start, each and the median
#
# The network, all inside namespaces (nothing touches this machine's own interfaces):
#   inet  203.0.113.1/24 on a bridge, the Internet; coturn on 203.0.113.1:3478 (STUN, TURN);
#         beyond it void (198.51.100.2), where packets for anywhere else vanish
#   nata  203.0.113.10, LAN 10.1.0.0/24: masquerade that keeps ports, and unsolicited UDP to it
#         goes to A (endpoint-independent mapping and filtering, "full cone")
#   a 10.1.0.2 and c 10.1.0.3 behind nata
#   natb  203.0.113.20, LAN 10.2.0.0/24: masquerade with fully random ports (symmetric); b 10.2.0.2
#   natb2 203.0.113.30, LAN 10.3.0.0/24: the same; b2 10.3.0.2
#   l1 10.9.0.1 and l2 10.9.0.2: a LAN of their own, no way out
set -eu

scenario=${1:?usage: ice-netns.sh SCENARIO}
cli=${SYNCHESS_CLI:?SYNCHESS_CLI must name synchess-cli}
if [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null || ! command -v nft >/dev/null \
  || ! command -v turnserver >/dev/null; then
  echo "skip: network namespaces need root, ip, nft and turnserver"
  exit 77
fi
p="syn$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/synchess-netns.XXXXXX")
namespaces="inet void nata a c natb b natb2 b2 l1 l2"
turn_user=synchess
turn_pass=secret-$$
server=203.0.113.1

cleanup() {
  status=$?
  set +e
  for pidfile in "$work"/*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  sleep 0.1
  for ns in $namespaces; do
    ip netns del "$p$ns" 2>/dev/null
  done
  rm -rf "$work"
  exit $status
}
trap cleanup EXIT INT TERM

fail() {
  echo "not ok: $*"
  for f in "$work"/*.err "$work"/*.out "$work"/turnserver.log; do
    [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
  done
  exit 1
}

in_ns() {
  ns=$1
  shift
  ip netns exec "$p$ns" "$@"
}

# A veth pair between two namespaces; addresses are given afterwards.
link() {
  ip link add "$3" netns "$p$1" type veth peer name "$4" netns "$p$2"
  in_ns "$1" ip link set "$3" up
  in_ns "$2" ip link set "$4" up
}

home() { # NAT router, its WAN address, LAN prefix, its NAT rule
  nat=$1 wan=$2 lan=$3 rule=$4
  link inet "$nat" "w$nat" wan
  in_ns inet ip link set "w$nat" master br0
  in_ns "$nat" ip addr add "$wan/24" dev wan
  # Private addresses sent to the Internet vanish there (inet does not forward), as on the
  # real one: no ICMP error comes back to break a socket.
  in_ns "$nat" ip route add default via "$server"
  in_ns "$nat" ip link add lan type bridge
  in_ns "$nat" ip link set lan up
  in_ns "$nat" ip addr add "$lan.1/24" dev lan
  in_ns "$nat" sysctl -qw net.ipv4.ip_forward=1
  in_ns "$nat" nft -f - <<EOF
table ip nat {
  chain prerouting {
    type nat hook prerouting priority dstnat;
    $5
  }
  chain postrouting {
    type nat hook postrouting priority srcnat;
    oifname "wan" $rule
  }
}
# Unsolicited packets to the router itself are dropped, not answered with an ICMP error that
# would reach, through the NAT, the socket that sent them.
table inet filter {
  chain input {
    type filter hook input priority filter;
    iifname "wan" ct state new drop
  }
}
EOF
}

computer() { # name, its NAT, its address
  link "$2" "$1" "h$1" eth0
  in_ns "$2" ip link set "h$1" master lan
  in_ns "$1" ip addr add "$3/24" dev eth0
  in_ns "$1" ip route add default via "${3%.*}.1"
}

build_network() {
  for ns in $namespaces; do
    ip netns add "$p$ns"
    in_ns "$ns" ip link set lo up
  done
  in_ns inet ip link add br0 type bridge
  in_ns inet ip link set br0 up
  in_ns inet ip addr add "$server/24" dev br0
  # The rest of the Internet, where private addresses lead: a namespace that forwards
  # nothing. (Without a route, TURN's relay would fail its send and end the allocation.)
  link inet void rest eth0
  in_ns inet ip addr add 198.51.100.1/24 dev rest
  in_ns void ip addr add 198.51.100.2/24 dev eth0
  in_ns inet ip route add default via 198.51.100.2
  home nata 203.0.113.10 10.1.0 "masquerade persistent" \
    'iifname "wan" udp dport 1024-65535 dnat to 10.1.0.2'
  home natb 203.0.113.20 10.2.0 "masquerade fully-random" ""
  home natb2 203.0.113.30 10.3.0 "masquerade fully-random" ""
  computer a nata 10.1.0.2
  computer c nata 10.1.0.3
  computer b natb 10.2.0.2
  computer b2 natb2 10.3.0.2
  link l1 l2 eth0 eth0
  in_ns l1 ip addr add 10.9.0.1/24 dev eth0
  in_ns l2 ip addr add 10.9.0.2/24 dev eth0

  cat >"$work/turnserver.conf" <<EOF
listening-ip=$server
relay-ip=$server
listening-port=3478
min-port=49152
max-port=65535
lt-cred-mech
user=$turn_user:$turn_pass
realm=synchess.test
no-tls
no-dtls
no-cli
fingerprint
no-software-attribute
no-stdout-log
log-file=$work/turnserver.log
simple-log
pidfile=$work/turnserver-own.pid
userdb=$work/turndb
EOF
  in_ns inet turnserver -c "$work/turnserver.conf" >/dev/null 2>&1 &
  echo $! >"$work/turnserver.pid"
  for _ in $(seq 50); do
    # Listening, and its relay threads up (an invite made before would lack candidates).
    in_ns inet ss -lun 2>/dev/null | grep -q "$server:3478" \
      && grep -q "Total General servers" "$work/turnserver.log" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "turnserver did not start"
}

# Waits for line N of file (the program writing it may still run); prints it.
wait_line() {
  for _ in $(seq 300); do
    line=$(sed -n "$2p" "$1" 2>/dev/null || true)
    [ -n "$line" ] && { printf '%s\n' "$line"; return 0; }
    sleep 0.05
  done
  return 1
}

spawn() { # dir name, namespace, arguments...
  d="$work/$1"
  ns=$2
  shift 2
  mkdir -p "$d/config" "$d/data"
  XDG_CONFIG_HOME="$d/config" XDG_DATA_HOME="$d/data" G_MESSAGES_DEBUG="${CLI_DEBUG:-}" \
    ip netns exec "$p$ns" "$cli" "$@" <"$d.in" >"$d.out" 2>"$d.err" &
  echo $! >"$d.pid"
}

# The servers each program is given: STUN and TURN, or STUN only (SERVERS=stun).
servers() {
  if [ "${SERVERS:-both}" = stun ]; then
    echo --stun "$server"
  else
    echo --stun "$server" --turn "$turn_user:$turn_pass@$server"
  fi
}

# An answer (base64url) as its URI, its certificate digest replaced.
forge_certificate() {
  padded=$(printf '%s' "$1" | tr '_-' '/+')
  while [ $((${#padded} % 4)) -ne 0 ]; do padded="$padded="; done
  printf '%s' "$padded" | base64 -d | sed "s/cert=[0-9a-f]*/cert=$(printf 'ab%.0s' $(seq 32))/"
}

# Plays one game: the inviter in $1, the invited in $2; $3 a name for the run. Leaves
# $work/$3-i and $3-j with .out (first line the invite or answer), .err and their records.
play() {
  i="$3-i" j="$3-j"
  mkfifo "$work/$i.in"
  : >"$work/$j.in"
  exec 3<>"$work/$i.in"
  # shellcheck disable=SC2046
  spawn "$i" "$1" invite $(servers) --seed 11 --bot random
  invite=$(wait_line "$work/$i.out" 1) || fail "no invite from $1"
  # shellcheck disable=SC2046
  spawn "$j" "$2" accept-invite "$invite" $(servers) --seed 12 --bot simple
  answer=$(wait_line "$work/$j.out" 1) || fail "no answer from $2"
  # A player takes a while to paste the answer (ANSWER_DELAY seconds).
  sleep "${ANSWER_DELAY:-0}"
  echo "$answer" >&3
  wait "$(cat "$work/$i.pid")" || fail "the inviter failed"
  wait "$(cat "$work/$j.pid")" || fail "the invited failed"
  exec 3>&-
  rm -f "$work/$i.pid" "$work/$j.pid"
}

record() { # run dir, result line: the record without the lines saying who sat where
  id=${2##*id=}
  grep -v -e '^\[WhiteType ' -e '^\[BlackType ' "$work/$1/data/synchess/games/$id.synchess"
}

check_game() { # run name, expected pair pattern (grep -E) on the inviter's side
  result=$(sed -n 2p "$work/$1-i.out")
  other=$(sed -n 2p "$work/$1-j.out")
  echo "result: $result"
  [ -n "$result" ] || fail "no result line"
  [ "$result" = "$other" ] || fail "the two sides' results differ: '$result' and '$other'"
  record "$1-i" "$result" >"$work/$1-i.record"
  record "$1-j" "$result" >"$work/$1-j.record"
  cmp -s "$work/$1-i.record" "$work/$1-j.record" || fail "the saved records differ"
  echo "records: equal"
  pair=$(grep 'ICE pair in use' "$work/$1-i.err" | sed 's/.*in use //')
  echo "pair: $pair (inviter's side)"
  echo "pair: $(grep 'ICE pair in use' "$work/$1-j.err" | sed 's/.*in use //') (invited's side)"
  echo "$pair" | grep -Eq "$2" || fail "the pair is not $2"
  grep 'ready to play' "$work/$1-i.err" | sed 's/.*ready/ready/'
}

# A refusal: the program that must refuse exits 1 and says why.
expect_refusal() { # file, pattern
  grep -Eq "$2" "$1" || fail "no refusal '$2' in $1"
  echo "refused: $(grep -E "$2" "$1" | head -1)"
}

refusal_mangled() {
  mkfifo "$work/m-i.in"
  exec 3<>"$work/m-i.in"
  # shellcheck disable=SC2046
  spawn m-i a invite $(servers)
  invite=$(wait_line "$work/m-i.out" 1) || fail "no invite"
  cut=$(printf '%s' "$invite" | cut -c1-60)
  : >"$work/m-j.in"
  spawn m-j b accept-invite "$cut"
  if wait "$(cat "$work/m-j.pid")"; then fail "a mangled invite was taken"; fi
  expect_refusal "$work/m-j.err" "refused the invite: .+"
}

refusal_answer() { # mitm or replayed
  mkfifo "$work/r-i.in"
  exec 3<>"$work/r-i.in"
  : >"$work/r-j.in"
  # shellcheck disable=SC2046
  spawn r-i a invite $(servers)
  invite=$(wait_line "$work/r-i.out" 1) || fail "no invite"
  if [ "$1" = replayed ]; then
    # An answer to another invite of the same inviter, as an old one replayed would be.
    mkfifo "$work/o-i.in"
    exec 4<>"$work/o-i.in"
    : >"$work/o-j.in"
    # shellcheck disable=SC2046
    spawn o-i a invite $(servers)
    invite=$(wait_line "$work/o-i.out" 1) || fail "no second invite"
    kill "$(cat "$work/o-i.pid")"
  fi
  # shellcheck disable=SC2046
  spawn r-j c accept-invite "$invite" $(servers)
  answer=$(wait_line "$work/r-j.out" 1) || fail "no answer"
  if [ "$1" = mitm ]; then
    # Someone in between passes c's candidates on with another certificate's digest: c's
    # program then connects with a certificate the answer does not name.
    answer=$(forge_certificate "$answer")
  fi
  echo "$answer" >&3
  if wait "$(cat "$work/r-i.pid")"; then fail "the inviter took a bad answer"; fi
  rm -f "$work/r-i.pid"
  if [ "$1" = mitm ]; then
    expect_refusal "$work/r-i.err" "another certificate than the one expected|someone may be in between"
  else
    expect_refusal "$work/r-i.err" "refused the answer: .*another invitation"
  fi
}

bench() { # inviter, invited, runs
  runs=${BENCH_RUNS:-10}
  : >"$work/times"
  for n in $(seq "$runs"); do
    play "$1" "$2" "bench$n" >/dev/null
    t=$(grep 'ready to play' "$work/bench$n-i.err" | sed 's/.*play \([0-9.]*\) ms.*/\1/')
    pair=$(grep 'ICE pair in use' "$work/bench$n-i.err" | sed 's/.*in use //')
    echo "run $n: $t ms ($pair)"
    echo "$t" >>"$work/times"
    rm -rf "$work/bench$n-i" "$work/bench$n-j"
  done
  sort -n "$work/times" | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median: %.1f ms over %d runs\n", m, NR }'
}

build_network
case $scenario in
same-nat) play a c same && check_game same 'local=host remote=host' ;;
lan) play l1 l2 lan && check_game lan 'local=host remote=host' ;;
stun)
  SERVERS=stun
  play a b stun && check_game stun 'srflx|prflx'
  if grep 'ICE pair in use' "$work/stun-i.err" | grep -q relay; then fail "relayed"; fi
  ;;
turn) play b b2 turn && check_game turn 'relay' ;;
late-lan) ANSWER_DELAY=20 play l1 l2 late && check_game late 'local=host remote=(host|prflx)' ;;
late-turn) ANSWER_DELAY=20 play b b2 late && check_game late 'relay' ;;
mangled) refusal_mangled ;;
mitm | replayed) refusal_answer "$scenario" ;;
bench-stun) SERVERS=stun bench a b ;;
app)
  in_ns l1 env SYNCHESS_IN_NETNS=1 xvfb-run -a -s "-screen 0 1600x1200x24" \
    "${SYNCHESS_APP_INVITE_TEST:?}" --tap >"$work/app.log" 2>&1 || {
    cat "$work/app.log"
    fail "the application's invite"
  }
  grep -E '^(not )?ok' "$work/app.log"
  grep -q '^ok' "$work/app.log" || fail "no test ran"
  ;;
bench-turn) bench b b2 ;;
*) fail "unknown scenario $scenario" ;;
esac
echo ok
