#!/usr/bin/env python3
"""An independent reference of the "seeded 2048 v1" rules and `tilerace replay`.

Written from the text of issue 2, not from the Swift code, so that the two can
check each other. Usage (same flags as `tilerace replay`):

    reference_replay.py --seed S [--size N] [--target T] (--moves LOG | --moves-file FILE|-) [--json]

Prints the JSON line (with --json) or a short summary, exit 2 on a malformed
record, seed, size or target. Also importable: `replay(seed_text, size, target, log)`.
"""
import json
import re
import sys

MASK64 = (1 << 64) - 1
LOG_WHITESPACE = " \t\n\r\v\f"


class UsageError(Exception):
    pass


def seed_value(text):
    """Decimal digits that fit in 64 bits are that number; other text is FNV-1a 64."""
    if text == "":
        raise UsageError("empty seed")
    if re.fullmatch(r"[0-9]+", text) and int(text) <= MASK64:
        return int(text)
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x100000001B3) & MASK64
    return h


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


class MalformedLog(UsageError):
    def __init__(self, position):
        UsageError.__init__(self, "malformed record at position %d" % position)
        self.position = position


def parse_log(text, ignore_whitespace):
    """Returns a list of entries: ('M', letter), ('Z',), ('X', row, col).

    Raises MalformedLog with the 1-based position (in characters of `text`) of
    the first fault: the offending character, or the X whose digits are missing.
    """
    # Keep each significant character with its position in the original text.
    chars = [(ch, i + 1) for i, ch in enumerate(text) if not (ignore_whitespace and ch in LOG_WHITESPACE)]
    entries = []
    i = 0
    while i < len(chars):
        ch, position = chars[i]
        if ch in "LRUD":
            entries.append(("M", ch))
            i += 1
        elif ch == "Z":
            entries.append(("Z",))
            i += 1
        elif ch == "X":
            digits = []
            for k in (1, 2):
                if i + k >= len(chars):
                    raise MalformedLog(position)
                d, p = chars[i + k]
                if d not in "0123456789":
                    raise MalformedLog(p)
                digits.append(int(d))
            entries.append(("X", digits[0], digits[1]))
            i += 3
        else:
            raise MalformedLog(position)
    return entries


def slide_toward_start(line):
    """Slides one line toward index 0: pairs form from index 0, merged tiles rest."""
    tiles = [v for v in line if v != 0]
    out = []
    points = 0
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            out.append(tiles[i] * 2)
            points += tiles[i] * 2
            i += 2
        else:
            out.append(tiles[i])
            i += 1
    return out + [0] * (len(line) - len(out)), points


def lines_of(n, direction):
    """For each line, the list of (row, col) read from the edge tiles move toward."""
    result = []
    for k in range(n):
        if direction == "L":
            result.append([(k, c) for c in range(n)])
        elif direction == "R":
            result.append([(k, c) for c in reversed(range(n))])
        elif direction == "U":
            result.append([(r, k) for r in range(n)])
        else:
            result.append([(r, k) for r in reversed(range(n))])
    return result


def moved(board, direction):
    n = len(board)
    new = [row[:] for row in board]
    points = 0
    for cells in lines_of(n, direction):
        out, p = slide_toward_start([board[r][c] for r, c in cells])
        points += p
        for (r, c), v in zip(cells, out):
            new[r][c] = v
    return new, points


class Game:
    def __init__(self, seed, size, target):
        self.n = size
        self.target = target
        self.board = [[0] * size for _ in range(size)]
        self.rng = SplitMix64(seed)
        self.score = 0
        self.moves = 0
        self.won = False
        self.history = []
        self.undos = 0
        self.removals = 0
        self.spawn()
        self.spawn()
        self.over = self.no_move_possible()

    def spawn(self):
        empties = [(r, c) for r in range(self.n) for c in range(self.n) if self.board[r][c] == 0]
        if not empties:
            return
        r, c = empties[self.rng.next() % len(empties)]
        self.board[r][c] = 4 if self.rng.next() % 10 == 0 else 2

    def no_move_possible(self):
        return all(moved(self.board, d)[0] == self.board for d in "LRUD")

    def push(self):
        self.history.append(([row[:] for row in self.board], self.rng.state, self.score, self.moves, self.won))

    def apply(self, entry):
        """Applies one entry; returns False when it cannot apply (counted invalid)."""
        if self.over:
            return False
        if entry[0] == "M":
            new, points = moved(self.board, entry[1])
            if new == self.board:
                return False
            self.push()
            self.board = new
            self.score += points
            self.moves += 1
            if any(v >= self.target for row in self.board for v in row):
                self.won = True
            self.spawn()
        elif entry[0] == "Z":
            if not self.history:
                return False
            board, state, self.score, self.moves, self.won = self.history.pop()
            self.board = board
            self.rng.state = state
            self.undos += 1
        else:
            _, r, c = entry
            if r >= self.n or c >= self.n or self.board[r][c] == 0:
                return False
            self.push()
            self.board[r][c] = 0
            self.removals += 1
        self.over = self.no_move_possible()
        return True


def check_size(text):
    if not re.fullmatch(r"[0-9]+", text) or not 3 <= int(text) <= 8:
        raise UsageError("bad size")
    return int(text)


def check_target(text):
    if not re.fullmatch(r"[0-9]+", text):
        raise UsageError("bad target")
    t = int(text)
    if t < 8 or t > 1 << 20 or t & (t - 1):
        raise UsageError("bad target")
    return t


def replay(seed_text, size, target, log_entries):
    game = Game(seed_value(seed_text), size, target)
    invalid = 0
    for entry in log_entries:
        if not game.apply(entry):
            invalid += 1
    return game, invalid


def json_line(game, invalid):
    fields = {
        "board": game.board,
        "score": game.score,
        "moves": game.moves,
        "invalid": invalid,
        "undos": game.undos,
        "removals": game.removals,
        "won": game.won,
        "over": game.over,
        "max": max(v for row in game.board for v in row),
    }
    return json.dumps(fields, separators=(",", ":"))


def main(argv):
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", required=True)
    parser.add_argument("--size", default="4")
    parser.add_argument("--target", default="2048")
    parser.add_argument("--moves")
    parser.add_argument("--moves-file")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        if (args.moves is None) == (args.moves_file is None):
            raise UsageError("give exactly one of --moves and --moves-file")
        size = check_size(args.size)
        target = check_target(args.target)
        if args.moves is not None:
            entries = parse_log(args.moves, ignore_whitespace=False)
        else:
            try:
                if args.moves_file == "-":
                    data = sys.stdin.buffer.read()
                else:
                    with open(args.moves_file, "rb") as f:
                        data = f.read()
            except OSError as error:
                raise UsageError(str(error))
            entries = parse_log(data.decode("utf-8", errors="replace"), ignore_whitespace=True)
        game, invalid = replay(args.seed, size, target, entries)
    except UsageError as error:
        print("reference_replay: %s" % error, file=sys.stderr)
        return 2
    if args.json:
        print(json_line(game, invalid))
    else:
        for row in game.board:
            print(" ".join("%6d" % v for v in row))
        print("score %d moves %d invalid %d undos %d removals %d won %s over %s" % (
            game.score, game.moves, invalid, game.undos, game.removals, game.won, game.over))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
