"""The variant's nhdat is the wheel's, but for what the variant adds: the
same members under the same names (a special level the game cannot find
becomes a maze with a minotaur), the same bytes but for the variant's
help, its options' help and the compile options."""

import os

import nle.nethack.nethack as wheel

from nle_flanking.settings import NHDAT

# What the variant changes: its help topic, its options' help, and the
# compile options (sysconf on); and the archive's own directory (offsets).
OURS_ONLY = {"flanking"}
DIFFERENT = {"opthelp", "options", "Directory"}


def members(path):
    """NetHack's dlb archive: {name: bytes}, from its text directory."""
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    rev, count, _, _, size = (int(x) for x in lines[0].split())
    assert rev == 1, "%s: dlb revision %d" % (path, rev)
    entries = []
    for line in lines[1 : 1 + count]:
        name, offset = line[1:].split()
        entries.append((name.decode("ascii"), int(offset)))
    entries.sort(key=lambda e: e[1])
    ends = [o for _, o in entries[1:]] + [size]
    return {name: data[o:end] for (name, o), end in zip(entries, ends)}


def test_the_same_members_as_the_wheels():
    ours = members(NHDAT)
    theirs = members(os.path.join(wheel.HACKDIR, "nhdat"))
    assert set(ours) == set(theirs) | OURS_ONLY
    assert "minefill.lev" in ours and "oracle.lev" in ours
    same = sorted(n for n in theirs if n not in DIFFERENT and ours[n] == theirs[n])
    assert same == sorted(set(theirs) - DIFFERENT)
    assert b"flanking" in ours["flanking"].lower()
