#!/bin/sh
# netns.sh: two network namespaces joined by a veth pair (10.77.0.1 and 10.77.0.2, nothing
# else reachable), each with its own D-Bus bus and avahi-daemon, for the discovery tests.
#
# Usage: netns.sh DIR. Prints NS_A=, NS_B=, BUS_A=, BUS_B= lines, then "ready"; everything is
# torn down when standard input closes (the test ended, however it ended) or on a signal.
# A line "restart-a" (or "restart-b") on standard input kills that side's avahi-daemon and
# starts it again; "restarted" is printed once it is back.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

dir=$1
tag=syndisc$$
ns_a=$tag-a
ns_b=$tag-b
pids=

cleanup ()
{
  trap - EXIT INT TERM HUP
  for pid in $pids; do kill "$pid" 2>/dev/null; done
  for pid in $pids; do wait "$pid" 2>/dev/null; done
  # Whatever the test left running inside (a test killed outright leaves its players).
  for ns in "$ns_a" "$ns_b"; do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null
  done
  ip netns delete "$ns_a" 2>/dev/null
  ip netns delete "$ns_b" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail ()
{
  echo "netns.sh: $*" >&2
  exit 1
}

# Everything runs in namespaces of its own: the machine's interfaces are never touched.
ip netns add "$ns_a" || fail "cannot add a network namespace"
ip netns add "$ns_b" || fail "cannot add a network namespace"
ip -n "$ns_a" link add veth0 type veth peer name veth1 netns "$ns_b" || fail "cannot add veth"
ip -n "$ns_a" addr add 10.77.0.1/24 dev veth0
ip -n "$ns_b" addr add 10.77.0.2/24 dev veth1
for ns in "$ns_a" "$ns_b"; do
  ip -n "$ns" link set lo up
done
ip -n "$ns_a" link set veth0 up
ip -n "$ns_b" link set veth1 up

# One bus and one avahi-daemon per side; each daemon gets a private /run (its pid file has a
# fixed path there) and a host name of its own.
start_side ()
{
  side=$1 ns=$2 iface=$3
  mkdir -p "$dir/$side/run" || fail "cannot make $dir/$side"
  cat >"$dir/$side/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/$side/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
  cat >"$dir/$side/avahi.conf" <<CONF
[server]
host-name=synchess-test-$side
use-ipv4=yes
use-ipv6=yes
allow-interfaces=$iface
enable-dbus=yes
ratelimit-interval-usec=0
[publish]
publish-hinfo=no
publish-workstation=no
[reflector]
[rlimits]
CONF
  ip netns exec "$ns" dbus-daemon --config-file="$dir/$side/bus.conf" --nofork --nopidfile \
    >"$dir/$side/bus.log" 2>&1 &
  pids="$pids $!"
  for i in $(seq 50); do [ -S "$dir/$side/bus" ] && break; sleep 0.1; done
  [ -S "$dir/$side/bus" ] || fail "the test bus of $side did not start"
  start_avahi "$side" "$ns"
}

# The pid is the daemon's: ip netns exec, unshare and sh each exec the next.
start_avahi ()
{
  side=$1 ns=$2
  DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/$side/bus" ip netns exec "$ns" \
    unshare -m sh -c 'mount -t tmpfs none /run && exec avahi-daemon --no-drop-root --no-chroot \
      --no-rlimits -f "$0"' "$dir/$side/avahi.conf" >"$dir/$side/avahi.log" 2>&1 &
  pids="$pids $!"
  eval "avahi_$side=$!"
}

# Ready when the daemon has registered its host's addresses.
wait_avahi ()
{
  side=$1
  for i in $(seq 100); do
    grep -q "Server startup complete" "$dir/$side/avahi.log" 2>/dev/null && return
    sleep 0.1
  done
  fail "avahi-daemon of $side did not start: $(cat "$dir/$side/avahi.log")"
}

start_side a "$ns_a" veth0
start_side b "$ns_b" veth1
wait_avahi a
wait_avahi b

echo "NS_A=$ns_a"
echo "NS_B=$ns_b"
echo "BUS_A=unix:path=$dir/a/bus"
echo "BUS_B=unix:path=$dir/b/bus"
echo ready
while read -r command; do
  case $command in
    restart-a | restart-b)
      side=${command#restart-}
      eval "pid=\$avahi_$side"
      kill "$pid" && wait "$pid"
      if [ "$side" = a ]; then start_avahi a "$ns_a"; else start_avahi b "$ns_b"; fi
      wait_avahi "$side"
      echo restarted
      ;;
  esac
done
