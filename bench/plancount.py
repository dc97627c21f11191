"""gdb script for bench/run.sh: how many candidate squares each
flank_plan_asking() call (the game's plan, ABI 12) scored (its return
value), over one native fuzzer run.

    PLANCOUNT_OUT=FILE gdb -q -batch -x bench/plancount.py --args GAME ARGS...

Callgrind counts calls and instructions but cannot see a return value, so
bench/run.sh runs the same fuzzer game once more, natively, under gdb (the
fuzzer is deterministic: the same seed plays the same game, and the closing
line says so).  A breakpoint on flank_plan_asking() sets a temporary one on its
return, which reads %eax (int32_t: the candidates scored, or a negative
FLANK_E_* code).  Writes one JSON object to PLANCOUNT_OUT:
{"calls": N, "scored": total, "errors": N, "histogram": {"k": calls}}.
"""
import json
import os

import gdb

stats = {"calls": 0, "scored": 0, "errors": 0, "histogram": {}}


class Returned(gdb.FinishBreakpoint):
    def stop(self):
        rv = int(gdb.parse_and_eval("(int)$eax"))
        if rv < 0:
            stats["errors"] += 1
        else:
            stats["scored"] += rv
            key = str(rv)
            stats["histogram"][key] = stats["histogram"].get(key, 0) + 1
        return False

    def out_of_scope(self):
        pass


class Called(gdb.Breakpoint):
    def stop(self):
        stats["calls"] += 1
        Returned(gdb.newest_frame(), internal=True)
        return False


gdb.execute("set pagination off")
gdb.execute("set confirm off")
Called("flank_plan_asking", internal=True)
gdb.execute("run")
with open(os.environ["PLANCOUNT_OUT"], "w") as f:
    json.dump(stats, f)
