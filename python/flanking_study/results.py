"""The study's results file: one JSON line per finished game.

Only the study's driver writes it, one line per game as each game
finishes, flushed to disk before the next, so a study stopped at any time
keeps every game it finished.  A line cut short by a crash while it was
written (the last line, without its newline) is dropped when the file is
read again, and said so; any other line that is not a game's record is an
error naming the file and the line.
"""

import contextlib
import fcntl
import json
import os
import sys

# What every record holds, beside what the game says.
KEYS = ("study", "setting", "settings", "seed", "seeds", "max_steps", "end")
STUDY = 1


class ResultsError(Exception):
    pass


def read(path, repair=False):
    """The records of `path` (none if it does not exist yet).  A last line
    without its newline is left out; `repair` (the study's driver, the
    file's one writer, before it writes) also cuts it from the file."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    if lines and lines[-1] != b"" and repair:
        print(
            "%s: line %d was cut short (a crash while it was written); dropped"
            % (path, len(lines)),
            file=sys.stderr,
        )
        with open(path, "r+b") as f:
            f.truncate(len(data) - len(lines[-1]))
    records = []
    for n, line in enumerate(lines[:-1], 1):
        try:
            r = json.loads(line)
        except ValueError as e:
            raise ResultsError("%s:%d: not a JSON record (%s)" % (path, n, e)) from None
        if not isinstance(r, dict) or any(k not in r for k in KEYS):
            raise ResultsError(
                "%s:%d: not a game's record (it needs %s)" % (path, n, ", ".join(KEYS))
            )
        if r["study"] != STUDY:
            raise ResultsError("%s:%d: study %r, not %d" % (path, n, r["study"], STUDY))
        r["_line"] = n
        records.append(r)
    return records


def append(path, record):
    """Adds one game's record to `path`, on disk before it returns."""
    line = json.dumps(record, sort_keys=True) + "\n"
    with open(path, "a") as f:
        f.write(line)
        f.flush()
        os.fsync(f.fileno())


@contextlib.contextmanager
def lock(path):
    """Holds `path` for one writer (the study's driver, or adopt) while the
    block runs; ResultsError at once if another holds it."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "a") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ResultsError(
                "%s: another writer (a study's driver, or adopt) holds it; "
                "wait for it or stop it" % path
            ) from None
        yield


def rewrite(path, records):
    """Replaces `path` with `records` whole: written beside it, flushed,
    then renamed over it, so a crash leaves the old file or the new one.
    Only under lock(path)."""
    tmp = path + ".rewrite"
    with open(tmp, "w") as f:
        for r in records:
            r = {k: v for k, v in r.items() if k != "_line"}
            f.write(json.dumps(r, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
