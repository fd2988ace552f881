#!/usr/bin/env python3
"""A TCP proxy that breaks connections on command, to try resuming by hand.

  python3 Scripts/fault_proxy.py --listen 4000 --target 2048

Clients connect to port 4000 (`tilerace play --host 127.0.0.1 --port 4000`)
and are forwarded to 127.0.0.1:2048. Type a command and Enter:

  cut        drop every connection under way
  down       drop them and refuse new ones (the network is down)
  up         accept again
  outage S   down for S seconds, then up (e.g. outage 5)
  status     connections under way
  quit       stop

The Swift tests use the same idea (Tests/TileRaceTestSupport/FaultProxy.swift).
"""

import argparse
import select
import socket
import sys
import threading
import time

lock = threading.Lock()
pairs = []
refusing = False


def forward(client, server):
    sockets = [client, server]
    try:
        while True:
            ready, _, _ = select.select(sockets, [], [], 0.5)
            for sock in ready:
                data = sock.recv(65536)
                if not data:
                    return
                (server if sock is client else client).sendall(data)
    except OSError:
        pass
    finally:
        with lock:
            if (client, server) in pairs:
                pairs.remove((client, server))
        for sock in sockets:
            try:
                sock.close()
            except OSError:
                pass


def accept_loop(listener, target):
    while True:
        client, _ = listener.accept()
        with lock:
            refuse = refusing
        if refuse:
            client.close()
            print("refused a connection (down)", flush=True)
            continue
        try:
            server = socket.create_connection(("127.0.0.1", target))
        except OSError as error:
            print(f"cannot reach the server: {error}", flush=True)
            client.close()
            continue
        with lock:
            pairs.append((client, server))
        threading.Thread(target=forward, args=(client, server), daemon=True).start()


def cut():
    with lock:
        current = list(pairs)
    for client, server in current:
        for sock in (client, server):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    print(f"cut {len(current)} connection(s) at {time.strftime('%H:%M:%S')}", flush=True)


def outage_over(seconds):
    global refusing
    with lock:
        refusing = False
    print(f"up again after {seconds} s at {time.strftime('%H:%M:%S')}", flush=True)


def main():
    global refusing
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--target", type=int, default=2048)
    args = parser.parse_args()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.listen))
    listener.listen(16)
    threading.Thread(target=accept_loop, args=(listener, args.target), daemon=True).start()
    print(f"forwarding 127.0.0.1:{args.listen} -> 127.0.0.1:{args.target}; commands: cut, down, up, outage S, status, quit", flush=True)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "cut":
            cut()
        elif command == "down":
            with lock:
                refusing = True
            cut()
        elif command == "up":
            with lock:
                refusing = False
            print(f"up at {time.strftime('%H:%M:%S')}", flush=True)
        elif command == "outage" and len(words) == 2 and words[1].replace(".", "", 1).isdigit():
            with lock:
                refusing = True
            cut()
            # Commands typed meanwhile run at once: a sleep here held them until the outage ended, when a
            # "cut" typed during it cut the client's new connection (issue 44, item 4b).
            threading.Timer(float(words[1]), outage_over, args=(words[1],)).start()
        elif command == "status":
            with lock:
                print(f"{len(pairs)} connection(s); {'down' if refusing else 'up'}", flush=True)
        elif command == "quit":
            return 0
        else:
            print("commands: cut, down, up, outage S, status, quit", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
