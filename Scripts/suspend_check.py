#!/usr/bin/env python3
"""Checks that Ctrl-Z suspends the terminal client for real and that it comes
back: runs `tilerace --offline` on a pseudo-terminal, presses Ctrl-Z, waits
for the process to be stopped (state T) with the terminal given back (echo
and canonical mode on), continues it, and checks that it takes the terminal
again (raw mode) and redraws. Every wait has a deadline; exit status 1 on
failure, with the reason."""
import argparse, os, pty, select, shutil, signal, sys, termios, time

def state(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]

def wait_for(what, predicate, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    sys.exit(f"suspend check: {what} did not happen within {seconds} s")

def drain(fd):
    data = b""
    while select.select([fd], [], [], 0.2)[0]:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return data

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    home = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"tilerace-suspend-{os.getpid()}")
    os.makedirs(home, exist_ok=True)
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, HOME=home, TERM="xterm-256color", CI="")
        env.pop("XDG_CONFIG_HOME", None)
        env.pop("XDG_DATA_HOME", None)
        os.execve(args.binary, [args.binary, "--offline", "--no-anim"], env)
    try:
        output = b""
        def drawn():
            nonlocal output
            output += drain(fd)
            return b"Practice" in output
        wait_for("the menu", drawn)
        raw = termios.tcgetattr(fd)
        if raw[3] & termios.ICANON:
            sys.exit("suspend check: the client did not put the terminal in raw mode")
        os.write(fd, b"\x1a")  # Ctrl-Z
        wait_for("stopping on Ctrl-Z", lambda: state(pid) == "T")
        given_back = termios.tcgetattr(fd)
        if not (given_back[3] & termios.ICANON and given_back[3] & termios.ECHO):
            sys.exit("suspend check: stopped, but the terminal was not given back (canonical mode and echo)")
        drain(fd)
        os.kill(pid, signal.SIGCONT)
        wait_for("running again after SIGCONT", lambda: state(pid) != "T")
        output = b""
        wait_for("the redraw after coming back", drawn)
        if termios.tcgetattr(fd)[3] & termios.ICANON:
            sys.exit("suspend check: back, but the terminal is not in raw mode again")
        os.write(fd, b"\x03")  # Ctrl-C quits
        deadline = time.time() + 10
        while time.time() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            drain(fd)
            time.sleep(0.05)
        else:
            sys.exit("suspend check: Ctrl-C did not quit within 10 s")
        print("suspend check: Ctrl-Z stopped the client with the terminal given back; SIGCONT brought it back raw and redrawn")
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        shutil.rmtree(home, ignore_errors=True)

main()
