#!/usr/bin/env python3
"""Cross-checks `tilerace replay` against the independent Python reference.

Generates random games (decimal and text seeds, sizes 3-8, targets 8 to 2^20,
records with moves, undos and removals, valid and invalid, given inline, in a
file with white space, or on standard input) plus malformed invocations, and
compares the program's output with the reference exactly.

    Scripts/cross_check.py [--binary .build/release/tilerace] [--games 3000] [--seed 1]

Exit status 0 when every game agrees, 1 otherwise (the first differences are printed).
"""
import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference_replay as ref  # noqa: E402

TARGETS = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 1 << 16, 1 << 20]
WORDS = ["friday", "2026-11-22", "race", "seed", "Zürich", "日本", "a b", "x=y", "--json", "-", "🙂", "007x"]


def random_seed_text(rng):
    kind = rng.randrange(8)
    if kind == 0:
        return str(rng.randrange(1000))
    if kind == 1:
        return str(rng.randrange(1 << 64))
    if kind == 2:
        return rng.choice(["0", "18446744073709551615", "18446744073709551616", "00042", "99999999999999999999999"])
    if kind == 3:
        return rng.choice(WORDS)
    if kind == 4:
        return "".join(rng.choice("abcXYZ019-_ .é") for _ in range(rng.randrange(1, 12)))
    if kind == 5:
        return "-" + str(rng.randrange(100))
    return str(rng.randrange(1 << 32))


def random_record(rng, seed_text, size, target):
    """A record that exercises every kind of entry, built while playing the reference."""
    game = ref.Game(ref.seed_value(seed_text), size, target)
    length = rng.choice([0, 1, 5, 20, 60, 150, 300, 600, 1200])
    undo_rate = rng.choice([0.0, 0.03, 0.1, 0.3])
    remove_rate = rng.choice([0.0, 0.02, 0.08, 0.5])
    entries = []
    for _ in range(length):
        roll = rng.random()
        if roll < undo_rate:
            entry = ("Z",)
        elif roll < undo_rate + remove_rate:
            occupied = [(r, c) for r in range(size) for c in range(size) if game.board[r][c]]
            if occupied and rng.random() < 0.7:
                r, c = rng.choice(occupied)
            else:
                r, c = rng.randrange(10), rng.randrange(10)
            entry = ("X", r, c)
        else:
            entry = ("M", rng.choice("LRUD"))
        entries.append(entry)
        game.apply(entry)
    if rng.random() < 0.05:  # undo far back, past the start
        entries += [("Z",)] * rng.randrange(10, 400)
    return entries


def notation(entries):
    return "".join("X%d%d" % (e[1], e[2]) if e[0] == "X" else (e[1] if e[0] == "M" else "Z") for e in entries)


def sprinkle_whitespace(rng, text):
    out = []
    for ch in text:
        if rng.random() < 0.1:
            out.append(rng.choice([" ", "\n", "\t", "\r\n", "  ", "\x0b", "\x0c"]))
        out.append(ch)
    return "".join(out) + rng.choice(["", "\n", " \n"])


def corrupt(rng, text):
    """Inserts or appends something the notation does not allow."""
    bad = rng.choice(["l", "Q", "X", "X1", "Xa1", "X1b", "x01", " ", "é", "0", "ZZ,", "\x00"[:0] + "*"])
    at = rng.randrange(len(text) + 1)
    return text[:at] + bad + text[at:]


def make_case(index, base_seed):
    rng = random.Random(base_seed * 1_000_003 + index)
    seed_text = random_seed_text(rng)
    size = rng.choice([3, 4, 4, 4, 4, 5, 6, 7, 8])
    target = rng.choice(TARGETS)
    log = notation(random_record(rng, seed_text, size, target))
    delivery = rng.choices(["inline", "file", "stdin"], weights=[6, 3, 1])[0]
    fault = rng.choices(["none", "log", "size", "target", "seed", "record-options"], weights=[88, 6, 1.5, 1.5, 1, 2])[0]
    size_text, target_text = str(size), str(target)
    if fault == "log":
        log = corrupt(rng, log)
    elif fault == "size":
        size_text = rng.choice(["2", "9", "0", "-4", "four", "4.0", ""])
    elif fault == "target":
        target_text = rng.choice(["4", "2", "3000", "2097152", "0", "-8", "abc", "1e3", ""])
    elif fault == "seed":
        seed_text = ""
    text = sprinkle_whitespace(rng, log) if delivery != "inline" else log
    return dict(index=index, seed=seed_text, size=size_text, target=target_text, log=text, delivery=delivery,
                fault=fault, both=fault == "record-options" and rng.random() < 0.5)


COVERAGE = {}


def note(key):
    COVERAGE[key] = COVERAGE.get(key, 0) + 1


def expected(case):
    """(exit status, JSON line or position of a malformed record) per the reference."""
    try:
        if case["fault"] == "record-options":
            raise ref.UsageError("record options")
        size = ref.check_size(case["size"])
        target = ref.check_target(case["target"])
        entries = ref.parse_log(case["log"], ignore_whitespace=case["delivery"] != "inline")
        game, invalid = ref.replay(case["seed"], size, target, entries)
        note("size %d" % size)
        for flag, present in (("won", game.won), ("over", game.over), ("undos", game.undos), ("removals", game.removals),
                              ("invalid entries", invalid), ("empty board", not any(map(any, game.board)))):
            if present:
                note(flag)
    except ref.MalformedLog as error:
        return 2, error.position
    except ref.UsageError:
        return 2, None
    return 0, ref.json_line(game, invalid)


def run(binary, case, workdir):
    args = [binary, "replay", "--seed=" + case["seed"], "--size", case["size"], "--target=" + case["target"], "--json"]
    stdin = None
    if case["delivery"] == "inline":
        record = ["--moves=" + case["log"]]
    elif case["delivery"] == "file":
        path = os.path.join(workdir, "record-%d.txt" % case["index"])
        with open(path, "w", encoding="utf-8") as f:
            f.write(case["log"])
        record = ["--moves-file", path]
    else:
        record = ["--moves-file", "-"]
        stdin = case["log"].encode("utf-8")
    if case["fault"] == "record-options":
        conflict = ["--moves-file", os.devnull] if case["delivery"] == "inline" else ["--moves", "L"]
        record = record + conflict if case["both"] else []
    done = subprocess.run(args + record, input=stdin, capture_output=True, timeout=60)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def check(binary, case, workdir):
    status, value = expected(case)
    code, out, err = run(binary, case, workdir)
    problems = []
    if code != status:
        problems.append("exit %d, expected %d" % (code, status))
    if status == 0:
        if out != value + "\n":
            problems.append("stdout %r\n      expected %r" % (out[:400], value[:400]))
    else:
        first = err.split("\n", 1)[0]
        if out:
            problems.append("stdout not empty on error: %r" % out[:200])
        if not first.startswith("tilerace replay: ") or err != first + "\nRun 'tilerace help replay' for usage.\n":
            problems.append("stderr is not one error line plus where to read the usage: %r" % err[:300])
        if value is not None and "position %d:" % value not in first:
            problems.append("error should name position %d: %r" % (value, first))
    return problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="cross-check tilerace replay against the Python reference")
    parser.add_argument("--binary", default=os.path.join(here, "..", ".build", "release", "tilerace"))
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not os.access(args.binary, os.X_OK):
        print("cross_check: no executable at %s (build it first)" % args.binary, file=sys.stderr)
        return 2
    failures = []
    counts = {}
    with tempfile.TemporaryDirectory() as workdir, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        cases = [make_case(i, args.seed) for i in range(args.games)]
        for case, problems in zip(cases, pool.map(lambda c: check(args.binary, c, workdir), cases)):
            counts[case["fault"]] = counts.get(case["fault"], 0) + 1
            if problems:
                failures.append((case, problems))
    summary = ", ".join("%s %d" % item for item in sorted(counts.items()))
    print("cross_check: %d games (%s), %d differ" % (args.games, summary, len(failures)))
    print("  replayed games with: " + ", ".join("%s %d" % item for item in sorted(COVERAGE.items())))
    for case, problems in failures[:10]:
        shown = {k: (v if len(str(v)) < 200 else str(v)[:200] + "...") for k, v in case.items()}
        print("  case %s" % shown)
        for problem in problems:
            print("    " + problem)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
