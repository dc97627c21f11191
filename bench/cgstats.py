#!/usr/bin/env python3
"""Per-function figures from a callgrind.out file, for bench/run.sh.

    bench/cgstats.py CALLGRIND.OUT [FUNCTION...]

prints one JSON object:

    {"total": Ir of the whole run,
     "functions": {NAME: {"calls": N, "inclusive": Ir, "self": Ir,
                          "callees": {CALLEE: [calls, inclusive Ir]}}}}

`calls` and `inclusive` are summed over every call site of NAME (the
`cfn=`/`calls=` records: the cost line after `calls=` is the inclusive cost
of those calls), so inclusive / calls is the average inclusive cost of one
call, the same figure `callgrind_annotate --inclusive=yes` gives divided by
the call count.  None of the functions bench/run.sh asks about is recursive,
where call-site sums would count nested calls twice.  `self` is the cost
attributed to NAME's own code (inlined callees included); `callees` are
the functions NAME's code (inlined code included) calls, with the calls and
their inclusive cost, so self + the callees' costs = inclusive.  Functions of the
same name in different objects are added up.  A clone gcc made of a wanted
function (NAME.part.N, NAME.isra.N, NAME.constprop.N, NAME.cold) is
reported too, under its own name.  Standard library only.
"""
import json
import re
import sys

CLONE = re.compile(r"\.(?:part|isra|constprop|cold)(?:\.\d+)*$")


def parse(path, wanted):
    names = {}  # "(id)" -> function name, shared by fn= and cfn= (files
    # and objects number their own ids: fl=/fi=/ob= lines are skipped)
    stats = {w: {"calls": 0, "inclusive": 0, "self": 0, "callees": {}}
             for w in wanted}
    wanted = set(wanted)

    def track(name):  # a clone of a wanted function is wanted too
        if name not in stats and CLONE.search(name):
            base = name
            while CLONE.search(base):
                base = CLONE.sub("", base)
            if base in wanted:
                stats[name] = {"calls": 0, "inclusive": 0, "self": 0, "callees": {}}
        return name

    total = None
    npos = 1  # position columns before the event counts
    ir_col = 0  # index of Ir among the events
    current = None  # name of the function whose cost lines follow
    callee = None  # name after cfn=, until its calls= line is read
    pending = None  # (callee, count): the next cost line is a call's cost

    def name_of(spec):
        spec = spec.strip()
        if spec.startswith("("):
            end = spec.index(")")
            key = spec[: end + 1]
            rest = spec[end + 1 :].strip()
            if rest:
                names[key] = rest
            return names.get(key, key)
        return spec

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line[0] == "#":
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                fields = line.split()
                events = fields[npos:]
                ir = int(events[ir_col]) if len(events) > ir_col else 0
                if pending is not None:
                    name, count = pending
                    if name in stats:
                        stats[name]["calls"] += count
                        stats[name]["inclusive"] += ir
                    if current in stats:
                        callees = stats[current]["callees"]
                        calls, cost = callees.get(name, (0, 0))
                        callees[name] = (calls + count, cost + ir)
                    pending = None
                elif current in stats:
                    stats[current]["self"] += ir
                continue
            key, _, value = line.partition("=")
            if key == "fn":
                current = track(name_of(value))
                pending = None
            elif key == "cfn":
                callee = track(name_of(value))
            elif key == "calls":
                pending = (callee, int(value.split()[0]))
            elif line.startswith("positions:"):
                npos = len(line.split(":", 1)[1].split())
            elif line.startswith("events:"):
                events = line.split(":", 1)[1].split()
                ir_col = events.index("Ir") if "Ir" in events else 0
            elif line.startswith("summary:") or line.startswith("totals:"):
                value = int(line.split(":", 1)[1].split()[ir_col])
                if line.startswith("summary:") or total is None:
                    total = value
    return {"total": total, "functions": stats}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(json.dumps(parse(sys.argv[1], sys.argv[2:]), indent=1))


if __name__ == "__main__":
    main()
