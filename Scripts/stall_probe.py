#!/usr/bin/env python3
"""Measures how long heavy or hostile clients stall everyone else.

Starts `tilerace serve` (a data directory filled with 100 demo entries, so a
`TOP limit=100` is a long reply) on a free loopback port, connects a probe
player that sends `PING` every few milliseconds and times each `PONG`, and
runs one attack at a time while the probe watches:

- top-flood:    N connections each write M `TOP limit=100` in one go and read
                the replies;
- slow-readers: the same, but the attackers never read (their replies pile up
                in the server until it cuts them off);
- ping-flood:   N connections each write M `PING` in one go and read.

Prints, per attack, the probe's round trip p50 / p99 / max in milliseconds.
Example: python3 Scripts/stall_probe.py --binary .build/release/tilerace
"""

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def connect(port, nick, timeout=10.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    reader = sock.makefile("rb")
    reader.readline()  # the greeting
    sock.sendall(f"HELLO tilerace 1 {nick}\n".encode())
    reply = reader.readline().decode()
    if not reply.startswith("OK HELLO"):
        raise SystemExit(f"{nick}: HELLO refused: {reply.strip()}")
    return sock, reader


def probe(port, stop, samples):
    sock, reader = connect(port, "probe")
    sock.settimeout(30)
    token = 0
    while not stop.is_set():
        token += 1
        started = time.monotonic()
        sock.sendall(f"PING p{token}\n".encode())
        while True:
            line = reader.readline().decode()
            if not line:
                raise SystemExit("probe: the server closed the connection")
            if line.startswith(f"PONG p{token}"):
                break
        samples.append((time.monotonic() - started) * 1000)
        time.sleep(0.005)
    sock.close()


def attacker(port, index, request, count, reads, ready, go):
    sock, reader = connect(port, f"a{index}")
    ready.release()
    go.wait()
    try:
        sock.sendall((request + "\n").encode() * count)
        if reads:
            sock.settimeout(20)
            while reader.readline():
                pass
        else:
            time.sleep(3)
    except OSError:
        pass
    finally:
        sock.close()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def run_attack(port, name, request, connections, count, reads):
    samples, stop = [], threading.Event()
    ready, go = threading.Semaphore(0), threading.Event()
    threads = [
        threading.Thread(target=attacker, args=(port, i, request, count, reads, ready, go), daemon=True)
        for i in range(connections)
    ]
    for thread in threads:
        thread.start()
    for _ in threads:
        ready.acquire()
    watcher = threading.Thread(target=probe, args=(port, stop, samples), daemon=True)
    watcher.start()
    time.sleep(0.3)
    baseline = len(samples)
    go.set()
    for thread in threads:
        thread.join(timeout=30)
    time.sleep(0.3)
    stop.set()
    watcher.join(timeout=30)
    during = samples[baseline:] or [0.0]
    print(
        f"{name:<13} {connections} x {count:<5} probe PING round trip: "
        f"p50 {percentile(during, 0.5):7.2f} ms  p99 {percentile(during, 0.99):7.2f} ms  max {max(during):7.2f} ms"
        f"  ({len(during)} pings)"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tilerace")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--count", type=int, default=400)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="tilerace-stall-")
    subprocess.run([args.binary, "leaderboard", "--demo", "100", "--data", data], check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    server = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--bind", "127.0.0.1", "--data", data, "--exempt-loopback", "--quiet"],
        stderr=subprocess.DEVNULL,
    )
    try:
        run_attack(port, "top-flood", "TOP limit=100", args.connections, args.count, True)
        run_attack(port, "slow-readers", "TOP limit=100", args.connections, args.count, False)
        run_attack(port, "ping-flood", "PING", args.connections, args.count * 10, True)
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
