#!/usr/bin/env python3
# doc-client.py: a second implementation of the Synchess network protocol, written from
# docs/protocol.md, docs/record-format.md and docs/cli.md alone, played against
# `synchess-cli host`. The project's rule is that a second program must be writable from
# the documents; this test is that program. It plays PSC as the guest:
#
#   1. a whole game to its end, then compares the host's record (its autosave folder) with
#      the record this client keeps: same text byte for byte (the lines that differ by
#      design left out), same moves, clocks and result;
#   2. a second game whose TCP connection it drops right after both commitments and the
#      host's reveal of a turn, before its own reveal; it reconnects, follows "Resuming"
#      from the state it saved on disk (not from memory), reveals the move it committed to,
#      and plays the game to its end;
#   3. on resuming, it computes "The digest" (and `previous`) of its own record and checks
#      them against the host's `resume`.
#
# On the way it checks what else a second program relies on: plain text before TLS and
# another version are refused, the pair fingerprint, the host's known peers and saved turn,
# `used` raises both ways, the clocks to the tenth, fog agreed only when both want it.
#
# Moves are legal because `synchess-cli analyze` lists them and `synchess-cli resolve`
# plays them; the client writes no chess of its own. Output is TAP.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later

import collections
import hashlib
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import ssl
import stat
import struct
import subprocess
import sys
import tempfile
import threading
import time

CLI = os.environ.get("SYNCHESS_CLI") or (sys.argv[1] if len(sys.argv) > 1 else "synchess-cli")
HOST_ADDRESS = "127.0.0.1"
READ_TIMEOUT = 10.0          # no single wait for the host lasts longer than this
WHOLE_SCRIPT_SECONDS = 100   # a safety net well under the test's timeout
GUEST_NAME = 'doc "client" \\ guest'   # a quote and a backslash: tag values escape them
HOST_NAME = "doc host"
HOST_TIME_CONTROL = "60+1.5"  # a fractional increment: TimeControl is then "60+1.500"
DROP_AT_TURN = 4              # the turn of game 2 whose connection is dropped

# ---------------------------------------------------------------------------------------
# TAP


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def check(self, ok, name, reasons=()):
        self.count += 1
        print(("ok" if ok else "not ok") + f" {self.count} {name}", flush=True)
        if not ok:
            self.failed += 1
            for reason in reasons:
                for line in str(reason).splitlines():
                    print(f"# {line}", flush=True)
        return ok

    def note(self, text):
        for line in str(text).splitlines():
            print(f"# {line}", flush=True)


class Failure(Exception):
    """The host did something the documents do not allow, or nothing in time."""


# ---------------------------------------------------------------------------------------
# synchess-cli as the rules oracle (docs/cli.md)


def cli_json(*args, connection=None):
    """Runs synchess-cli; while it runs, the connection keeps being read, so that the
    arrival of each line is timed when it comes (USED_MS counts from the other side's
    commitment arriving, and the host checks it with what it saw on the wire)."""
    process = subprocess.Popen([CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.monotonic() + 20
    while connection is not None and process.poll() is None and time.monotonic() < deadline:
        connection.pump()
    try:
        out, err = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise Failure(f"synchess-cli {' '.join(args)} took more than 20 s")
    if process.returncode != 0:
        raise Failure(f"synchess-cli {' '.join(args)} failed: {err.strip()}")
    return json.loads(out)


def analyze(fen, connection=None):
    return cli_json("analyze", fen, connection=connection)


def resolve(fen, white, black, connection=None):
    return cli_json("resolve", fen, white, black, connection=connection)


def board_of(fen):
    """Square -> piece letter, from FEN field 1; only used to prefer captures."""
    board = {}
    for rank_index, row in enumerate(fen.split()[0].split("/")):
        file_index = 0
        for ch in row:
            if ch.isdigit():
                file_index += int(ch)
            else:
                board["abcdefgh"[file_index] + str(8 - rank_index)] = ch
                file_index += 1
    return board


def choose_move(rng, fen, moves, colour):
    """A legal move, captures preferred so that games end soon."""
    board = board_of(fen)
    enemy = str.islower if colour == "white" else str.isupper
    captures = [m for m in moves if m[2:4] in board and enemy(board[m[2:4]])]
    if captures and rng.random() < 0.8:
        return rng.choice(captures)
    return rng.choice(moves)


# ---------------------------------------------------------------------------------------
# Records (docs/record-format.md, docs/protocol.md "The digest")


def tag_escape(value):
    return value.replace("\\", "\\\\").replace('"', '\\"')


def kept_name(name):
    """A hello NAME as the receiver keeps it (protocol.md, "The digest")."""
    name = re.sub("[\x00-\x1f\x7f-\x9f]", " ", name)
    raw = name.encode("utf-8")[:64]
    name = raw.decode("utf-8", errors="ignore")   # cut at a character's start
    name = name.strip(" \t")
    return name or "?"


def seconds_text(ms):
    """Time left with one decimal, rounded down."""
    return f"{ms // 1000}.{(ms % 1000) // 100}"


def time_control_text(initial_ms, increment_ms):
    def secs(ms):
        return str(ms // 1000) if ms % 1000 == 0 else f"{ms // 1000}.{ms % 1000:03d}"
    return f"{secs(initial_ms)}+{secs(increment_ms)}"


def record_text(game, turns=None, result="*", reason=None):
    """The record both programs write, without WhiteType, BlackType and NetReconnect."""
    turns = game["turns"] if turns is None else turns
    white = game["host_name"] if game["host_colour"] == "white" else game["guest_name"]
    black = game["guest_name"] if game["host_colour"] == "white" else game["host_name"]
    tc = "-" if game["tc"] is None else time_control_text(*game["tc"])
    lines = [
        '[Event "Synchess network game"]',
        '[Site "?"]',
        f'[Date "{tag_escape(game["date"])}"]',
        f'[White "{tag_escape(kept_name(white))}"]',
        f'[Black "{tag_escape(kept_name(black))}"]',
        f'[Result "{result}"]',
        f'[Variant "{game["variant"]}"]',
        f'[FEN "{game["start_fen"]}"]',
        f'[TimeControl "{tc}"]',
        f'[Fog "{"true" if game["fog"] else "false"}"]',
        f'[NetPair "{game["pair"]}"]',
        "",
    ]
    for number, turn in enumerate(turns, 1):
        line = f"{number}. {turn['white']} {turn['black']}"
        if game["tc"] is not None:
            line += f" {{w {seconds_text(turn['clock_white'])} b {seconds_text(turn['clock_black'])}}}"
        lines.append(line)
    lines.append(result if reason is None else f"{result} {{{reason}}}")
    return "\n".join(lines) + "\n"


def record_digest(game, turns=None):
    return hashlib.sha256(record_text(game, turns).encode("utf-8")).hexdigest()


def strip_local_tags(text):
    return "".join(line for line in text.splitlines(keepends=True)
                   if not re.match(r"\[(WhiteType|BlackType|NetReconnect) ", line))


# ---------------------------------------------------------------------------------------
# The connection: lines, pings and pongs (protocol.md "Lines", "Order")


class Closed(Exception):
    pass


class Connection:
    def __init__(self, tls_socket):
        self.sock = tls_socket
        self.sock.settimeout(0.01)
        self.buffer = b""
        self.queue = collections.deque()      # (arrival time, line) of game messages
        self.next_ping_at = time.monotonic() + 1.0
        self.ping_number = 0
        self.pings_out = {}
        self.shortest_rtt = None               # for SEEN (protocol.md "Clocks")
        self.latest_rtt = None
        self.transcript = []
        self.closed = None     # why the connection ended, once it has

    def send(self, line):
        data = (line + "\n").encode("utf-8")
        assert len(data) <= 4096
        self.sock.sendall(data)
        self.transcript.append("> " + line)
        return time.monotonic()

    def _read_some(self):
        if self.closed:
            return
        try:
            chunk = self.sock.recv(65536)
        except (socket.timeout, ssl.SSLWantReadError):
            return
        except (ssl.SSLError, OSError) as e:
            self.closed = f"connection error: {e}"
            return
        if not chunk:
            self.closed = "the host closed the connection"
            return
        arrival = time.monotonic()
        self.buffer += chunk
        while b"\n" in self.buffer:
            raw, self.buffer = self.buffer.split(b"\n", 1)
            line = raw.decode("utf-8").removesuffix("\r")
            self.transcript.append("< " + line)
            self._take(arrival, line)

    def _take(self, arrival, line):
        words = line.split(" ")
        if words[0] == "ping" and len(words) == 2:
            if not self.closed:
                self.send(f"pong {words[1]}")
        elif words[0] == "pong" and len(words) == 2 and words[1] in self.pings_out:
            rtt = arrival - self.pings_out.pop(words[1])
            self.latest_rtt = rtt
            self.shortest_rtt = rtt if self.shortest_rtt is None else min(self.shortest_rtt, rtt)
        else:
            self.queue.append((arrival, line))

    def _tick(self):
        # A ping every second, so that the host never hears nothing for 5 seconds.
        now = time.monotonic()
        if now >= self.next_ping_at and not self.closed:
            self.ping_number += 1
            self.pings_out[str(self.ping_number)] = self.send(f"ping {self.ping_number}")
            self.next_ping_at = now + 1.0

    def pump(self):
        """Reads what has come (queueing game messages), answers pings, sends ours."""
        self._tick()
        self._read_some()

    def poll(self):
        """The next game message if one is in, else None; never waits long."""
        self._tick()
        if not self.queue:
            self._read_some()
        if not self.queue and self.closed:
            raise Closed(self.closed)
        return self.queue.popleft() if self.queue else None

    def receive(self, what, timeout=READ_TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            item = self.poll()
            if item is not None:
                return item
            if time.monotonic() > deadline:
                raise Failure(f"no message from the host in {timeout} s while waiting for {what}")

    def idle(self, seconds):
        """Keep the connection alive (pings) for a while, queueing what comes."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self._tick()
            self._read_some()

    def drop(self):
        if os.environ.get("DOC_CLIENT_TRANSCRIPT"):
            sys.stderr.write("\n".join(self.transcript) + "\n--- dropped ---\n")
        # An abrupt end: no `bye`, no TLS close_notify, as when a cable is pulled.
        try:
            # Linger on, 0 seconds: close() resets the connection at once.
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.sock.close()

    def close(self):
        if os.environ.get("DOC_CLIENT_TRANSCRIPT") and self.transcript:
            sys.stderr.write("\n".join(self.transcript) + "\n")
            self.transcript = []
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------------------------------
# The guest


def sha256_hex(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def commit_digest(game_id, turn, colour, move, salt):
    return sha256_hex(f"synchess-commit {game_id} {turn} {colour} {move} {salt}")


def parse_keywords(words):
    fields = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or key in fields:
            raise Failure(f"malformed KEY=VALUE argument {word!r}")
        fields[key] = value
    return fields


class Guest:
    def __init__(self, workdir, cert_file, key_file, port):
        self.workdir = workdir
        self.cert_file = cert_file
        self.key_file = key_file
        self.port = port
        self.state_file = os.path.join(workdir, "guest-state.json")
        with open(cert_file) as f:
            self.own_der = ssl.PEM_cert_to_DER_cert(f.read())
        self.rng = random.Random(2026)
        self.conn = None
        self.host_der = None
        self.host_name = None
        self.games = {}     # id -> game, finished ones kept for the checks

    # -- saved state: the record so far and the turn in progress (protocol.md "Resuming")

    def save(self, game, turn_in_progress):
        state = {"game": game, "turn": turn_in_progress}
        tmp = self.state_file + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.state_file)

    def load(self):
        with open(self.state_file) as f:
            state = json.load(f)
        return state["game"], state["turn"]

    # -- connecting

    def connect(self):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        # Self-signed on both sides: any certificate is accepted, the players compare the
        # pair fingerprint instead (protocol.md "Transport").
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        context.load_cert_chain(self.cert_file, self.key_file)
        raw = socket.create_connection((HOST_ADDRESS, self.port), timeout=READ_TIMEOUT)
        tls = context.wrap_socket(raw)
        self.host_der = tls.getpeercert(binary_form=True)
        self.conn = Connection(tls)
        # NAME is optional, and a line has no blank at its end (protocol.md "Lines").
        self.conn.send("hello synchess 2" + (f" {GUEST_NAME}" if GUEST_NAME else ""))
        _, line = self.conn.receive("the host's hello")
        match = re.fullmatch(r"hello synchess (\d+)(?: (.*))?", line)
        if not match or match.group(1) != "2":
            raise Failure(f"expected 'hello synchess 2 [NAME]', got {line!r}")
        self.host_name = match.group(2) or ""
        return line

    def probe_version(self, version):
        """Says hello in another version; returns every line until the host closes."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        context.load_cert_chain(self.cert_file, self.key_file)
        raw = socket.create_connection((HOST_ADDRESS, self.port), timeout=READ_TIMEOUT)
        conn = Connection(context.wrap_socket(raw))
        conn.send(f"hello synchess {version} {GUEST_NAME}")
        lines = []
        try:
            while True:
                lines.append(conn.receive("the answer to another version")[1])
        except Closed:
            pass
        finally:
            conn.close()
        return lines

    def pair_fingerprint(self):
        first, second = sorted([self.own_der, self.host_der])
        return hashlib.sha256(first + second).hexdigest()

    # -- a new game

    def accept_options(self, line, fog_wish):
        words = line.split(" ")
        if words[0] != "options":
            raise Failure(f"expected options, got {line!r}")
        fields = parse_keywords(words[1:])
        for key in ("id", "variant", "tc", "fog", "colour", "date"):
            if key not in fields:
                raise Failure(f"options lacks {key}=: {line!r}")
        if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", fields["id"]):
            raise Failure(f"bad game id in {line!r}")
        if fields["id"] in self.games:
            self.conn.send("decline the id names a saved game")
            raise Failure(f"the host reused game id {fields['id']}")
        if fields["variant"] != "psc" or "fen" in fields:
            raise Failure(f"this client plays PSC from the usual start only: {line!r}")
        if fields["tc"] == "-":
            tc = None
        else:
            match = re.fullmatch(r"(0|[1-9]\d*)\+(0|[1-9]\d*)", fields["tc"])
            if not match:
                raise Failure(f"bad tc= in {line!r}")
            tc = [int(match.group(1)), int(match.group(2))]
        host_colour = fields["colour"]
        if host_colour not in ("white", "black"):
            raise Failure(f"bad colour= in {line!r}")
        start_fen = analyze("startpos", self.conn)["fen"]
        game = {
            "id": fields["id"],
            "variant": "psc",
            "tc": tc,
            "fog": fields["fog"] == "yes" and fog_wish,
            "host_colour": host_colour,
            "colour": "black" if host_colour == "white" else "white",
            "date": fields["date"],
            "host_name": self.host_name,
            "guest_name": GUEST_NAME,
            "pair": self.pair_fingerprint(),
            "start_fen": start_fen,
            "fen": start_fen,
            "clock": {"white": tc[0], "black": tc[0]} if tc else None,
            "turns": [],
            "result": "*",
            "reason": None,
        }
        self.games[game["id"]] = game
        self.save(game, None)
        self.conn.send(f"accept fog={'yes' if fog_wish else 'no'}")
        return game

    # -- one turn (protocol.md "Order" 3, "Commit and reveal", "Clocks")

    def play_turn(self, game, saved_turn=None, drop_after_host_reveal=False):
        """Plays turn len(game['turns']). With saved_turn, the turn goes on after a resume
        with the commitments saved for it. Returns False when the connection was dropped
        on purpose."""
        conn = self.conn
        turn = len(game["turns"])
        me, host = game["colour"], game["host_colour"]
        position = analyze(game["fen"], conn)
        if position["outcome"]["result"] != "*":
            raise Failure(f"turn {turn} asked for in a finished position {game['fen']}")
        host_moves = position["moves"][host]

        if saved_turn is None:
            # Even turns: commit at once (USED_MS 0 unless the host was faster). Odd turns:
            # wait for the host's commitment first, so that USED_MS and `used` get exercised
            # in both directions.
            if turn % 2 == 1 and not conn.queue:
                conn.queue.appendleft(conn.receive(f"the host's commit of turn {turn}"))
                conn.idle(0.03)
            move = choose_move(self.rng, game["fen"], position["moves"][me], me)
            tip = {"turn": turn, "own": move, "own_salt": os.urandom(16).hex(),
                   "own_used": 0, "theirs": None, "their_used": None}
        else:
            tip = saved_turn
            if tip["turn"] != turn:
                raise Failure(f"saved turn {tip['turn']} does not follow the record's {turn} turns")

        theirs_arrival = None
        own_departure = None
        raised = False
        their_reveal = None
        own_revealed = False
        resumed = saved_turn is not None

        def send_commit():
            nonlocal own_departure
            used = 0
            if not resumed and theirs_arrival is not None:
                used = int((time.monotonic() - theirs_arrival) * 1000)
            if not resumed:
                tip["own_used"] = used
            # Saved before the commit leaves: after a break the move is bound.
            self.save(game, tip)
            digest = commit_digest(game["id"], turn, me, tip["own"], tip["own_salt"])
            own_departure = conn.send(f"commit {turn} {digest} {0 if resumed else used}")

        def send_reveal():
            nonlocal own_revealed
            conn.send(f"reveal {turn} {tip['own']} {tip['own_salt']}")
            own_revealed = True

        # Take what is already in before committing, so USED_MS counts from the host's
        # commitment when it came first.
        pending = collections.deque()
        while conn.queue:
            pending.append(conn.queue.popleft())
        committed = False

        def handle(arrival, line):
            nonlocal theirs_arrival, their_reveal, raised, committed
            words = line.split(" ")
            kind = words[0]
            if kind == "commit":
                if len(words) != 4 or words[1] != str(turn):
                    raise Failure(f"unexpected {line!r} in turn {turn}")
                digest, used = words[2], int(words[3])
                if resumed and tip["theirs"] is not None:
                    if digest != tip["theirs"]:
                        raise Failure(f"the host changed its commitment after the resume: {line!r}, saved {tip['theirs']}")
                    if used != 0:
                        raise Failure(f"a commitment sent again must report USED_MS 0: {line!r}")
                    theirs_arrival = arrival
                    return
                if tip["theirs"] is not None:
                    raise Failure(f"second commitment in turn {turn}: {line!r}")
                tip["theirs"], tip["their_used"] = digest, used
                theirs_arrival = arrival
                if game["clock"] is not None and committed and not resumed:
                    # SEEN: the host's clock ran at least this long (protocol.md "Clocks").
                    rtt = 0.0 if conn.shortest_rtt is None else min(conn.shortest_rtt, 0.5)
                    seen = int((arrival - own_departure - rtt) * 1000)
                    seen = min(seen, game["clock"][host] - 1)
                    if seen > used:
                        tip["their_used"] = seen
                        conn.send(f"used {turn} {seen}")
                # Saved before our reveal leaves.
                self.save(game, tip)
            elif kind == "used":
                if len(words) != 3 or words[1] != str(turn) or raised or game["clock"] is None:
                    raise Failure(f"unexpected {line!r} in turn {turn}")
                value = int(words[2])
                rtt = conn.latest_rtt
                allowance = 1000 if rtt is None else min(1000, int(2 * rtt * 1000) + 200)
                if not (tip["own_used"] <= value <= tip["own_used"] + allowance):
                    raise Failure(f"a raise out of bounds: {line!r}, own report {tip['own_used']}")
                tip["own_used"] = value
                raised = True
                self.save(game, tip)
            elif kind == "reveal":
                if len(words) != 4 or words[1] != str(turn) or tip["theirs"] is None:
                    raise Failure(f"unexpected {line!r} in turn {turn}")
                move, salt = words[2], words[3]
                if not re.fullmatch(r"[0-9a-f]{32}", salt):
                    raise Failure(f"a reveal's salt is not 32 hex digits: {line!r}")
                if commit_digest(game["id"], turn, host, move, salt) != tip["theirs"]:
                    raise Failure(f"the host's reveal does not match its commitment: {line!r}")
                if move not in host_moves:
                    raise Failure(f"the host revealed an illegal move: {line!r} in {game['fen']}")
                their_reveal = move
                tip["their_reveal"] = [move, salt]
            elif kind in ("error", "bye"):
                raise Failure(f"the host sent {line!r} in turn {turn}")
            else:
                raise Failure(f"unexpected {line!r} in turn {turn}")

        for arrival, line in pending:
            handle(arrival, line)
        send_commit()
        committed = True
        while True:
            if tip["theirs"] is not None and not own_revealed and not drop_after_host_reveal:
                send_reveal()
            if their_reveal is not None and (own_revealed or drop_after_host_reveal):
                break
            arrival, line = conn.receive(f"the host's messages of turn {turn}")
            handle(arrival, line)

        if drop_after_host_reveal:
            # Both commitments and the host's reveal are exchanged; ours is not sent.
            self.save(game, tip)
            conn.drop()
            self.conn = None
            return False

        white = tip["own"] if me == "white" else their_reveal
        black = their_reveal if me == "white" else tip["own"]
        after = resolve(game["fen"], white, black, conn)
        entry = {"white": white, "black": black}
        if game["clock"] is not None:
            used = {me: tip["own_used"], host: tip["their_used"]}
            if resumed:
                used = {me: 0, host: 0}
            for colour in ("white", "black"):
                left = game["clock"][colour] + game["tc"][1] - used[colour]
                # protocol.md "Clocks": rounded up to a whole tenth of a second, 0 at least.
                game["clock"][colour] = max(0, -(-left // 100) * 100)
            entry["clock_white"] = game["clock"]["white"]
            entry["clock_black"] = game["clock"]["black"]
        game["turns"].append(entry)
        game["fen"] = after["fen"]
        game["result"], game["reason"] = after["result"], after["reason"]
        self.save(game, None)
        return True

    def play_to_end(self, game, drop_at=None, saved_turn=None):
        while game["result"] == "*":
            if len(game["turns"]) > 300:
                raise Failure("the game runs past 300 turns")
            drop = drop_at is not None and len(game["turns"]) == drop_at
            if not self.play_turn(game, saved_turn, drop_after_host_reveal=drop):
                return False
            saved_turn = None
        return True


# ---------------------------------------------------------------------------------------
# The host


class Host:
    def __init__(self, workdir):
        self.env = dict(os.environ)
        self.env["XDG_CONFIG_HOME"] = os.path.join(workdir, "host-config")
        self.env["XDG_DATA_HOME"] = os.path.join(workdir, "host-data")
        self.env["XDG_CACHE_HOME"] = os.path.join(workdir, "host-cache")
        self.games_dir = os.path.join(self.env["XDG_DATA_HOME"], "synchess", "games")
        self.process = subprocess.Popen(
            [CLI, "host", "--listen", HOST_ADDRESS, "--port", "0", "--games", "2",
             "--time-control", HOST_TIME_CONTROL, "--fog", "--name", HOST_NAME, "--seed", "11"],
            env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        self.stdout, self.stderr = [], []
        self.port = self._read_port()
        for stream, sink in ((self.process.stdout, self.stdout), (self.process.stderr, self.stderr)):
            threading.Thread(target=self._drain, args=(stream, sink), daemon=True).start()

    def _read_port(self):
        # docs: "listening on port N" on standard error once it listens.
        deadline = time.monotonic() + READ_TIMEOUT
        line = ""
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.process.stderr], [], [], 0.2)
            if ready:
                line = self.process.stderr.readline()
                self.stderr.append(line)
                match = re.search(r"listening on port (\d+)", line)
                if match:
                    return int(match.group(1))
                if not line:
                    break
        raise Failure(f"the host printed no port: {''.join(self.stderr)!r}")

    @staticmethod
    def _drain(stream, sink):
        for line in stream:
            sink.append(line)

    def record(self, game_id):
        with open(os.path.join(self.games_dir, game_id + ".synchess"), encoding="utf-8") as f:
            return f.read()

    def stop(self):
        if self.process.poll() is None:
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def make_certificate(workdir):
    cert = os.path.join(workdir, "guest-cert.pem")
    key = os.path.join(workdir, "guest-key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "2", "-subj", "/CN=synchess doc-client"],
                   check=True, capture_output=True, timeout=30)
    return cert, key


def result_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1] if lines else ""


def record_turns(text):
    return [l for l in text.splitlines() if re.match(r"\d+\. ", l)]


def check_record(tap, host, game, label):
    try:
        text = host.record(game["id"])
    except OSError as e:
        tap.check(False, f"{label}: the host's record is in its autosave folder", [e])
        return
    tap.check(True, f"{label}: the host's record is in its autosave folder")
    expected_result = game["result"] + (f" {{{game['reason']}}}" if game["reason"] else "")
    tap.check(result_line(text) == expected_result and f'[Result "{game["result"]}"]' in text,
              f"{label}: the host's result is the one computed ({expected_result})",
              [f"host: {result_line(text)!r}"])
    mine = [f"{n}. {t['white']} {t['black']}" for n, t in enumerate(game["turns"], 1)]
    theirs = [re.sub(r" \{.*\}$", "", l) for l in record_turns(text)]
    first_difference = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), None)
    tap.check(mine == theirs, f"{label}: the host's turns are the {len(mine)} turns played",
              [f"played {len(mine)}, host has {len(theirs)}",
               f"first difference at {first_difference}: "
               f"{mine[first_difference] if first_difference is not None else ''} / "
               f"{theirs[first_difference] if first_difference is not None else ''}"])
    expected = record_text(game, result=game["result"], reason=game["reason"])
    got = strip_local_tags(text)
    diff = [f"mine: {a!r}\nhost: {b!r}" for a, b in zip(expected.splitlines(), got.splitlines()) if a != b]
    tap.check(expected == got,
              f"{label}: the host's record is the text the documents describe, byte for byte "
              "(clocks, names, tags)", diff[:6] or [f"lengths {len(expected)} / {len(got)}"])


def main():
    tap = Tap()
    workdir = tempfile.mkdtemp(prefix="synchess-doc-client-")
    host = None
    guest = None

    def on_alarm(signum, frame):
        raise Failure(f"the script ran past {WHOLE_SCRIPT_SECONDS} s")
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(WHOLE_SCRIPT_SECONDS)

    try:
        cert, key = make_certificate(workdir)
        host = Host(workdir)
        tap.check(True, f"the host listens and names its port ({host.port})")

        # Transport: anything but a TLS handshake gets one plain line and the end.
        with socket.create_connection((HOST_ADDRESS, host.port), timeout=READ_TIMEOUT) as plain:
            plain.sendall(b"hello synchess 2\n")
            answer = b""
            while not answer.endswith(b"\n"):
                chunk = plain.recv(4096)
                if not chunk:
                    break
                answer += chunk
        tap.check(answer.startswith(b"error tls-required"),
                  "plain text before TLS is answered 'error tls-required'", [repr(answer)])

        guest = Guest(workdir, cert, key, host.port)

        # Order 1: another version gets `error version` naming the one spoken, then the end.
        lines = guest.probe_version(1)
        tap.check(any(l.startswith("error version ") and "version 2" in l for l in lines),
                  "hello synchess 1 is refused with 'error version', naming version 2", lines)

        # Game 1: to its end.
        guest.connect()
        tap.check(True, "TLS with certificates on both sides, and hello synchess 2 both ways")
        _, line = guest.conn.receive("options")
        game1 = guest.accept_options(line, fog_wish=False)
        tap.check(game1["tc"] == [60000, 1500],
                  f"options carries the host's time control in milliseconds ({line})")
        guest.play_to_end(game1)
        tap.check(True, f"game 1 played to its end in {len(game1['turns'])} turns: "
                  f"{game1['result']} {{{game1['reason']}}}, every reveal matching its commitment")
        time.sleep(0.3)
        check_record(tap, host, game1, "game 1")
        # Transport: the host's identity and its list of known peers.
        config = os.path.join(host.env["XDG_CONFIG_HOME"], "synchess")
        try:
            with open(os.path.join(config, "known-peers")) as f:
                known = f.read()
            key_mode = stat.S_IMODE(os.stat(os.path.join(config, "identity-key.pem")).st_mode)
            with open(os.path.join(config, "identity.pem")) as f:
                host_der = ssl.PEM_cert_to_DER_cert(f.read())
            expected_line = f"{hashlib.sha256(guest.own_der).hexdigest()} {GUEST_NAME}\n"
            tap.check(expected_line in known and key_mode == 0o600 and host_der == guest.host_der,
                      "the host keeps our certificate's SHA-256 and name in known-peers, its key "
                      "with mode 0600, and showed us identity.pem",
                      [f"known-peers: {known!r}", f"key mode {key_mode:o}"])
        except OSError as e:
            tap.check(False, "the host's identity and known-peers are where the protocol says", [e])
        # Resuming, "A game that ended at its last turn": the host keeps its turn file until a
        # pong of ours answers a ping it sent after the end.
        turn_file = os.path.join(host.games_dir, game1["id"] + ".synchess-turn")
        deadline = time.monotonic() + 5
        while os.path.exists(turn_file) and time.monotonic() < deadline:
            guest.conn.idle(0.2)
        tap.check(not os.path.exists(turn_file),
                  "game 1: the host removed its turn file once our pong showed we hold the end")

        # Game 2: fog wished by both, dropped in turn DROP_AT_TURN, resumed from disk.
        _, line = guest.conn.receive("the second options")
        game2 = guest.accept_options(line, fog_wish=True)
        dropped = not guest.play_to_end(game2, drop_at=DROP_AT_TURN)
        tap.check(dropped and game2["id"] != game1["id"],
                  f"game 2 ({game2['id']}) dropped after both commitments and the host's reveal "
                  f"of turn {DROP_AT_TURN}")
        # What the host saved for the turn in progress (protocol.md "Resuming").
        saved_game, saved_turn = guest.load()
        turn_file = os.path.join(host.games_dir, game2["id"] + ".synchess-turn")
        deadline = time.monotonic() + 3
        while not os.path.exists(turn_file) and time.monotonic() < deadline:
            time.sleep(0.05)
        try:
            mode = stat.S_IMODE(os.stat(turn_file).st_mode)
            with open(turn_file) as f:
                turn_text = f.read()
            own_digest = commit_digest(game2["id"], DROP_AT_TURN, game2["colour"],
                                       saved_turn["own"], saved_turn["own_salt"])
            host_move, host_salt = saved_turn["their_reveal"]
            # Own is what the host revealed; TheirUsedMs our USED_MS as the host took it
            # (raised by its `used`, if it sent one).
            ok = (mode == 0o600 and f"Turn={DROP_AT_TURN}\n" in turn_text
                  and f"Own={host_move}\nOwnSalt={host_salt}\n" in turn_text
                  and f"Theirs={own_digest}\n" in turn_text
                  and f"TheirUsedMs={saved_turn['own_used']}\n" in turn_text)
            if os.environ.get("DOC_CLIENT_TRANSCRIPT"):
                sys.stderr.write(turn_text)
            tap.check(ok, "the host's turn file holds the turn in progress: its move, our commitment "
                      "and time, mode 0600",
                      [f"mode {mode:o}", turn_text])
        except OSError as e:
            tap.check(False, "the host's turn file holds the turn in progress", [e])

        # Reconnect with nothing but what was saved on disk.
        guest.games.pop(game2["id"])
        game2 = saved_game
        guest.games[game2["id"]] = game2
        if game2["clock"] is not None:
            # "a resumed game goes on from the clocks of the record's last turn" (whole tenths)
            for colour in ("white", "black"):
                if not os.environ.get("DOC_CLIENT_NO_TRUNCATE"):
                    game2["clock"][colour] -= game2["clock"][colour] % 100
        guest.connect()
        _, line = guest.conn.receive("resume")
        words = line.split(" ")
        if words[0] != "resume":
            raise Failure(f"expected resume, got {line!r}")
        fields = parse_keywords(words[1:])
        n = len(game2["turns"])
        tap.check(fields.get("id") == game2["id"] and fields.get("colour") == game2["host_colour"]
                  and fields.get("turns") == str(n),
                  f"the host proposes to resume the same game at turn {n}", [line])
        digest = record_digest(game2)
        tap.check(fields.get("digest") == digest,
                  "resume's digest is the SHA-256 of our record as 'The digest' describes",
                  [f"host {fields.get('digest')}", f"mine {digest}", record_text(game2)])
        previous = record_digest(game2, game2["turns"][:-1])
        tap.check(fields.get("previous") == previous,
                  "resume's previous is the digest of the record cut back one turn",
                  [f"host {fields.get('previous')}", f"mine {previous}"])
        guest.conn.send(f"accept turns={n}")
        guest.play_turn(game2, saved_turn)
        tap.check(True, "the host took the resumed turn: both sent their commitments again "
                  "(USED_MS 0), the host revealed the same move, and ours was accepted")
        guest.play_to_end(game2)
        tap.check(True, f"game 2 played to its end in {len(game2['turns'])} turns: "
                  f"{game2['result']} {{{game2['reason']}}}")
        time.sleep(0.3)
        check_record(tap, host, game2, "game 2")
        # Its games played (--games 2), the host says `bye` and closes (Order 4).
        try:
            _, line = guest.conn.receive("the host's bye")
        except Closed as e:
            line = str(e)
        tap.check(line.startswith("bye"), "the host says bye after its last game", [line])
        guest.conn.close()
        host.stop()
        tap.check(host.process.returncode == 0, "the host ends cleanly after its two games",
                  [f"status {host.process.returncode}", "".join(host.stderr)[-2000:]])
    except (Failure, Closed, OSError, ValueError, subprocess.SubprocessError) as e:
        tap.check(False, "the session went as the documents say", [f"{type(e).__name__}: {e}"])
        if guest and guest.conn:
            tap.note("last lines:\n" + "\n".join(guest.conn.transcript[-30:]))
        if host:
            tap.note("host stderr:\n" + "".join(host.stderr)[-3000:])
    finally:
        signal.alarm(0)
        if guest and guest.conn:
            guest.conn.close()
        if host and host.process.poll() is None:
            host.process.terminate()
            try:
                host.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                host.process.kill()
                host.process.wait()
        if host and os.environ.get("DOC_CLIENT_TRANSCRIPT"):
            sys.stderr.write("host stdout:\n" + "".join(host.stdout) + "host stderr:\n" + "".join(host.stderr))
        if os.environ.get("DOC_CLIENT_KEEP"):
            sys.stderr.write(f"kept {workdir}\n")
        else:
            shutil.rmtree(workdir, ignore_errors=True)

    # The plan comes last: how many checks run depends on how far the session got.
    print(f"1..{tap.count}", flush=True)
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
