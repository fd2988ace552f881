#!/usr/bin/env python3
"""Fuzz smoke test: throws random and malformed protocol lines at a real server.

Starts `tilerace serve` on a free loopback port (leaderboard in a temporary
directory), then several workers send --lines lines in all: requests with
random arguments, random bytes, overlong lines, unfinished lines, CRLF, NUL
bytes. Workers read what comes back and reconnect when the server closes
them (it does, for floods and overlong lines). Afterwards the server must
still answer a PING at once, stop on SIGTERM with status 0, and have logged
no crash. Exit status 0 when all of that holds.

Example: python3 Scripts/fuzz_smoke.py --binary .build/release/tilerace --lines 100000
"""

import argparse
import os
import random
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

VERBS = [
    "HELLO", "NICK", "PING", "QUIT", "HELP", "ROOMS", "CREATE", "JOIN", "WATCH", "WHO", "READY", "LEAVE",
    "MOVE", "RESTART", "RESIGN", "PAUSE", "RESUME", "SUBMIT", "TOP", "PRACTICE", "UNDO", "REMOVE", "PONG",
    "RECORD", "RESYNC", "INFO", "SAY", "AUTH", "QUEUE", "UNQUEUE",
]
WORDS = [
    "tilerace", "1", "0", "-1", "99999999999999999999", "ana", "room", "daily", "yes", "no", "size=4", "size=9",
    "target=2048", "target=3", "limit=100", "limit=-5", "code=x", "seed=42", "board=all", "board=daily",
    "board=sprint", "board=sprint-daily", "board=rating", "rated=yes", "ghost=yes", "L@0", "L@0R@5", "text=hi",
    "date=2026-11-23", "date=2026-02-30", "sort=nick", "order=desc", "offset=5", "token=abc", "bot=yes",
    "L", "R", "U", "D", "LLRRUUDD", "x", "=", "a=b=c", "assists=yes", "limit=0", "é", "\t", "",
    "nick=ana", "nick=a!b", "nick=",
]
# `TOP board=rating nick=` (one player's line), good and bad: a bad name, an
# empty one, one too long, and nick= on a board that does not take it.
RATING_LINES = [
    "TOP board=rating nick=ana", "TOP board=rating nick=f1x0", "TOP board=rating nick=a!b", "TOP board=rating nick=",
    "TOP board=rating nick=" + "x" * 20, "TOP board=daily nick=ana", "TOP nick=ana", "TOP board=rating nick=ana limit=0",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def random_line(rng):
    kind = rng.random()
    if kind < 0.70:
        words = [rng.choice(VERBS) if rng.random() < 0.9 else rng.choice(VERBS).lower()]
        words += [rng.choice(WORDS) for _ in range(rng.randint(0, 5))]
        if words[0] == "TOP" and rng.random() < 0.3:
            words = [rng.choice(RATING_LINES)]
        if words[0] == "MOVE" and rng.random() < 0.5:
            words = ["MOVE", str(rng.randint(0, 50)), "".join(rng.choice("LRUDZX@") for _ in range(rng.randint(1, 40)))]
        return (" ".join(words) + ("\r\n" if rng.random() < 0.1 else "\n")).encode()
    if kind < 0.85:
        return bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 60))) + b"\n"
    if kind < 0.853:
        return b"A" * rng.randint(1000, 3000) + b"\n"  # around and past the line limit (closes the connection)
    if kind < 0.95:
        return b"PING \x00 x\n"
    return b"PING unfinished"  # joins the next line


def worker(port, lines, seed, counters, lock):
    rng = random.Random(seed)
    sent = reconnects = replies = 0
    sock = None
    while sent < lines:
        if sock is None:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                sock.setblocking(False)
                if rng.random() < 0.8:
                    sock.sendall(f"HELLO tilerace 1 f{seed}x{reconnects}\n".encode())
            except OSError:
                time.sleep(0.01)
                continue
            reconnects += 1
        batch = b"".join(random_line(rng) for _ in range(20))
        try:
            sock.sendall(batch)
            sent += 20
            while select.select([sock], [], [], 0)[0]:
                received = sock.recv(65536)
                if not received:
                    raise ConnectionError
                replies += received.count(b"\n")
        except (OSError, ConnectionError):
            sock.close()
            sock = None
    if sock is not None:
        sock.close()
    with lock:
        counters["lines"] += sent
        counters["connections"] += reconnects
        counters["replies"] += replies


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tilerace")
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="tilerace-fuzz-")
    port = free_port()
    log = open(os.path.join(data, "server.log"), "w+")
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--bind", "127.0.0.1", "--data", data, "--exempt-loopback"],
        stderr=log,
    )
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                print("fuzz: the server did not start", file=sys.stderr)
                return 1
            time.sleep(0.05)
    started = time.monotonic()
    counters, lock = {"lines": 0, "connections": 0, "replies": 0}, threading.Lock()
    threads = [
        threading.Thread(target=worker, args=(port, args.lines // args.workers, args.seed * 1000 + i, counters, lock))
        for i in range(args.workers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    elapsed = time.monotonic() - started
    failures = []
    if server.poll() is not None:
        failures.append(f"the server exited with status {server.returncode} during the run")
    else:
        try:
            probe = socket.create_connection(("127.0.0.1", port), timeout=5)
            reader = probe.makefile("rb")
            reader.readline()
            probe.sendall(b"PING after\n")
            if reader.readline().strip() != b"PONG after":
                failures.append("no PONG after the run")
            probe.close()
        except OSError as error:
            failures.append(f"the probe failed after the run: {error}")
        server.send_signal(signal.SIGTERM)
        try:
            status = server.wait(timeout=10)
            if status != 0:
                failures.append(f"SIGTERM: exit status {status}")
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("SIGTERM: the server did not stop within 10 s")
    log.seek(0)
    text = log.read()
    log.close()
    for marker in ("Fatal error", "Program crashed", "fatalError", "Illegal instruction"):
        if marker in text:
            failures.append(f"the server log shows a crash ({marker})")
    if not failures:
        shutil.rmtree(data, ignore_errors=True)  # kept, with the server's log, when something failed
    print(
        f"fuzz: {counters['lines']} lines over {counters['connections']} connections in {elapsed:.1f} s, "
        f"{counters['replies']} lines back; "
        + ("server fine afterwards (PONG, clean stop)" if not failures else "FAILED: " + "; ".join(failures))
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
