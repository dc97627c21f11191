"""What the Python benchmarks share: the machine's name for their
headers, and writing a benchmark's section of BENCHMARKS.md between its
markers (``<!-- bench/NAME.py: results begin -->`` ... ``end -->``)."""

import platform
import re
import sys


def cpu_name():
    """The CPU's model name, as /proc/cpuinfo says it."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def markers(script):
    """The begin and end markers of `script`'s section ("bench/x.py")."""
    return (
        "<!-- %s: results begin -->" % script,
        "<!-- %s: results end -->" % script,
    )


def write_section(path, script, text):
    """Replaces `script`'s section of the file `path` with `text`; exits
    naming the file and the markers when it has none."""
    begin, end = markers(script)
    with open(path) as f:
        doc = f.read()
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if not pattern.search(doc):
        sys.exit("%s has no %s ... %s markers" % (path, begin, end))
    doc = pattern.sub(lambda _: begin + "\n\n" + text + "\n\n" + end, doc)
    with open(path, "w") as f:
        f.write(doc)
    print("wrote %s" % path, file=sys.stderr)
