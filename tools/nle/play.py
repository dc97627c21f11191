"""A random agent plays the variant's libnethack.so inside the PyPI `nle`
1.3.0 wheel (ground work for issue 39; not part of ./dev test).

    python tools/nle/play.py [--lib PATH | --vanilla] [--steps N]
                             [--seeds CORE,DISP,LGEN] [--sysconf K=V]...
                             [--quit]

Run it with the Python of a venv that has the wheel installed (see
tools/nle/README.md).  --lib: the .so to load (default
target/nle/libnethack.so); --vanilla: the wheel's own.  Each --sysconf
K=V (FLANKING_RULES=dnd, FLANKING=100, FLANKING_AI=0, FLANKING_RANGED=1)
goes into a sysconf written into the environment's own directory (NLE's
vardir, which nle.c makes SYSCONFPREFIX) before the game starts; with no
--sysconf and a variant .so, an empty sysconf (the defaults).  --quit:
after the steps, quit the game (M-q, y) so that NetHack writes its
xlogfile line, and print it.  Prints steps, seconds, steps per second,
and the "Flanking rules:" welcome line if the screen showed it.

This sets nle.nethack.nethack.DLPATH, a module global: fine for this
tool, which makes one kind of environment per process; the nle_flanking
package of issue 39 must not.
"""

import argparse
import os
import sys
import time

import gymnasium as gym
import numpy as np

import nle  # noqa: F401  (registers NetHackScore-v0)
from nle.nethack import nethack

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def screen(obs):
    return "\n".join(bytes(row).decode("latin-1").rstrip() for row in obs["tty_chars"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", default=os.path.join(REPO, "target/nle/libnethack.so"))
    ap.add_argument("--vanilla", action="store_true")
    ap.add_argument("--steps", type=int, default=500)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--actions-seed", type=int, default=0)
    ap.add_argument("--sysconf", action="append", default=[])
    ap.add_argument("--quit", action="store_true")
    args = ap.parse_args()

    if not args.vanilla:
        nethack.DLPATH = os.path.abspath(args.lib)
    env = gym.make("NetHackScore-v0")
    nh = env.unwrapped.nethack
    if not args.vanilla:
        with open(os.path.join(nh._vardir, "sysconf"), "w") as f:
            for kv in args.sysconf:
                f.write(kv + "\n")
    core, disp, lgen = (int(x) for x in args.seeds.split(","))
    env.unwrapped.seed(core, disp, False, lgen)
    obs, _ = env.reset()
    welcome = [ln for ln in screen(obs).splitlines() if "Flanking rules:" in ln]
    seen = set(welcome)
    rng = np.random.default_rng(args.actions_seed)
    steps = episodes = 0
    t0 = time.perf_counter()
    while steps < args.steps:
        obs, _, term, trunc, _ = env.step(int(rng.integers(env.action_space.n)))
        steps += 1
        msg = bytes(obs["message"]).decode("latin-1").rstrip("\0")
        if "Flanking rules:" in msg and msg not in seen:
            seen.add(msg)
            welcome.append(msg)
        if term or trunc:
            episodes += 1
            if args.quit:
                break
            obs, _ = env.reset()
    dt = time.perf_counter() - t0
    print(f"lib: {'the wheel' if args.vanilla else nethack.DLPATH}")
    print(f"steps: {steps}  episodes ended: {episodes}  seconds: {dt:.3f}  steps/s: {steps / dt:.0f}")
    for w in welcome:
        print("welcome:", w.strip())
    if args.quit:
        if not (term or trunc):
            keys = [0x80 | ord("q"), ord("y")]  # M-q, "Really quit?" y
            done = False
            for k in keys + [27] * 200:  # then ESC through the end's windows
                _, done = nh.step(k)
                if done:
                    break
        with open(os.path.join(nh._vardir, "xlogfile")) as f:
            lines = f.read().splitlines()
        print("xlogfile:", lines[-1] if lines else "(empty)")
    env.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
