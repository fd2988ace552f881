#!/usr/bin/env python3
"""Checks what a crash of the terminal client leaves: runs `tilerace --offline`
on a pseudo-terminal with TILERACE_CRASH_TEST=1 (the client traps, as a Swift
runtime failure does, right after taking the terminal) and checks that the
terminal was given back (the alternate screen left, canonical mode and echo
on), that standard error holds one line naming the report, that the report
exists with the signal, the version, the arguments and a backtrace, that the
exit status is 70, and that the Swift backtracer's interactive prompt
("Press space to interact ...") never showed. Twice: standard error on a
pipe (to count its lines), then on the terminal as a player has it. Every
wait has a deadline; exit status 1 on failure, with the reason."""
import argparse, os, pty, re, select, shutil, signal, sys, termios, time

LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"
ENTER_ALTERNATE_SCREEN = b"\x1b[?1049h"
LINE = re.compile(r"^tilerace stopped unexpectedly \(signal (SIG[A-Z]+)\); a report was written to (/\S+)$")

def fail(reason):
    sys.exit(f"crash check: {reason}")

def run(binary, home, stderr_on_pipe, seconds=15):
    """Runs the client until it exits; returns (terminal output, stderr text or None, exit status, termios after)."""
    error_read, error_write = os.pipe() if stderr_on_pipe else (None, None)
    pid, fd = pty.fork()
    if pid == 0:
        if stderr_on_pipe:
            os.dup2(error_write, 2)
            os.close(error_read)
            os.close(error_write)
        env = dict(os.environ, HOME=home, TERM="xterm-256color", CI="", TILERACE_CRASH_TEST="1")
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "SWIFT_BACKTRACE"):
            env.pop(name, None)
        os.execve(binary, [binary, "--offline", "--no-anim"], env)
    if stderr_on_pipe:
        os.close(error_write)
    output, errors = b"", b""
    status = None
    settings = None
    terminal_open = True
    deadline = time.time() + seconds
    try:
        while time.time() < deadline:
            watched = ([fd] if terminal_open else []) + ([error_read] if error_read is not None else [])
            for ready in select.select(watched, [], [], 0.05)[0] if watched else []:
                try:
                    chunk = os.read(ready, 65536)
                except OSError:  # EIO: the terminal's other side is closed
                    chunk = b""
                if ready == fd:
                    output += chunk
                    terminal_open = bool(chunk)
                elif chunk:
                    errors += chunk
                else:
                    os.close(error_read)
                    error_read = None
            if status is None:
                done, raw_status = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = raw_status
                    try:
                        settings = termios.tcgetattr(fd)
                    except termios.error:
                        settings = None
            if status is not None and error_read is None and not terminal_open:
                break
            if not watched:
                time.sleep(0.05)
        else:
            if b"Press" in output + errors:
                fail("the Swift backtracer's prompt is waiting for a key:\n" + (output + errors).decode(errors="replace")[-400:])
            fail(f"the client did not exit within {seconds} s")
    finally:
        if status is None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        os.close(fd)
        if error_read is not None:
            os.close(error_read)
    return output, (errors.decode(errors="replace") if stderr_on_pipe else None), status, settings

def check_report(path, signal_name):
    if not os.path.isfile(path):
        fail(f"the report {path} does not exist")
    report = open(path, encoding="utf-8", errors="replace").read()
    for expected in ("tilerace ", "stopped unexpectedly", f"signal: {signal_name}", "arguments:", "--offline", "backtrace"):
        if expected not in report:
            fail(f"the report {path} does not say {expected!r}:\n{report}")

def check_common(output, status, settings, label):
    if not os.WIFEXITED(status):
        fail(f"{label}: the client was killed by signal {os.WTERMSIG(status)} instead of exiting")
    if os.WEXITSTATUS(status) != 70:
        fail(f"{label}: exit status {os.WEXITSTATUS(status)}, expected 70")
    if ENTER_ALTERNATE_SCREEN not in output:
        fail(f"{label}: the client never took the terminal (no alternate screen)")
    if LEAVE_ALTERNATE_SCREEN not in output[output.rfind(ENTER_ALTERNATE_SCREEN):]:
        fail(f"{label}: the terminal was not given back (no leave-alternate-screen sequence after the crash)")
    if b"Press" in output or "💣".encode() in output:
        fail(f"{label}: the Swift backtracer ran:\n" + output.decode(errors="replace")[-400:])
    if settings is not None and not (settings[3] & termios.ICANON and settings[3] & termios.ECHO):
        fail(f"{label}: the terminal was left in raw mode (no canonical mode or echo)")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    home = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"tilerace-crash-{os.getpid()}")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    try:
        # Standard error on a pipe: exactly one line, naming the report.
        output, errors, status, settings = run(args.binary, home, stderr_on_pipe=True)
        check_common(output, status, settings, "stderr on a pipe")
        lines = errors.splitlines()
        if len(lines) != 1 or not LINE.match(lines[0]):
            fail(f"standard error is not one line naming the report:\n{errors}")
        signal_name, path = LINE.match(lines[0]).groups()
        if not path.startswith(os.path.join(home, ".local/share/tilerace/crash-")):
            fail(f"the report {path} is not in the data directory")
        check_report(path, signal_name)
        # Standard error on the terminal, as a player has it: the line comes after the screen is back.
        output, _, status, settings = run(args.binary, home, stderr_on_pipe=False)
        check_common(output, status, settings, "stderr on the terminal")
        after = output[output.rfind(LEAVE_ALTERNATE_SCREEN) + len(LEAVE_ALTERNATE_SCREEN):].decode(errors="replace")
        shown = [line for line in after.replace("\r", "").split("\n") if line.strip()]
        if len(shown) != 1 or not LINE.match(shown[0]):
            fail(f"after the terminal was given back, the screen shows {shown!r}, not one line naming the report")
        check_report(LINE.match(shown[0]).group(2), LINE.match(shown[0]).group(1))
        print(f"crash check: {signal_name} restored the terminal, wrote {os.path.basename(path)}, said so in one line and exited 70")
    finally:
        shutil.rmtree(home, ignore_errors=True)

main()
