"""The 95% intervals of the study's report, from the one implementation of
them: the arena crate's (rust-flanking/arena/src/stats.rs), which the
arena's report (docs/BALANCE.md) uses too.  This module asks them of
`arena intervals` (rust-flanking/arena/src/intervals.rs), one request a
line, the program kept running for the whole report.

The program is target/release/arena of this checkout (`./dev whole-games`
and `./dev python` build it: `cargo build --release -p flank-arena`), or
the one $FLANKING_ARENA names.
"""

import atexit
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class IntervalsError(RuntimeError):
    """The arena's program is missing, stopped or refused a request."""


def program():
    """The path of the arena's program that answers the requests."""
    return os.environ.get("FLANKING_ARENA") or os.path.join(REPO, "target", "release", "arena")


_proc = None


def _close():
    global _proc
    if _proc is not None:
        _proc.stdin.close()
        _proc.wait()
        _proc = None


def _ask(request):
    """The answer to one request: (estimate, low, high), or None where
    there is no interval."""
    global _proc
    path = program()
    if _proc is None or _proc.poll() is not None:
        if not os.access(path, os.X_OK):
            raise IntervalsError(
                "%s is missing: build it with `cargo build --release -p flank-arena` "
                "(./dev whole-games builds it)" % path)
        _proc = subprocess.Popen([path, "intervals"], stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
        atexit.register(_close)
    _proc.stdin.write(request + "\n")
    _proc.stdin.flush()
    reply = _proc.stdout.readline().strip()
    if not reply:
        raise IntervalsError("%s intervals stopped answering (at `%s`)" % (path, request[:80]))
    if reply.startswith("error: "):
        raise IntervalsError("%s intervals: %s" % (path, reply[len("error: "):]))
    if reply == "-":
        return None
    return tuple(float(x) for x in reply.split())


def wilson(k, n):
    """(p, low, high) of k successes in n, Wilson's 95% interval; None
    for n = 0."""
    return _ask("wilson %d %d" % (k, n))


def t_interval(values):
    """(mean, low, high) of the 95% Student's t interval; None for fewer
    than 2 values."""
    return _ask(" ".join(["t"] + [repr(float(v)) for v in values]))
