"""An environment's four flanking settings, checked as the game checks them.

The settings are sysconf's ``FLANKING``, ``FLANKING_RULES``,
``FLANKING_AI`` and ``FLANKING_RANGED``; an environment takes them as the
keyword arguments ``flanking``, ``rules``, ``ai`` and ``ranged``.  They are
checked by the game's own code (``flank_valid_percent()`` and
``flank_parse_rules()`` in the variant's ``libnethack.so``, through
ctypes), so Python accepts exactly what the game's sysconf accepts, and a
new rule set needs no change here.
"""

import ctypes
import dataclasses
import functools
import operator
import os
import platform
import sys

GAME_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_game")
LIBNETHACK = os.path.join(GAME_DIR, "libnethack.so")
NHDAT = os.path.join(GAME_DIR, "nhdat")

# BUFSZ, the size flank_rules_list() writes into.
_BUFSZ = 256


# What the game's library is built for (tools/wheel.py tags the wheel so).
PLATFORM = ("linux", ("x86_64", "amd64"))


def check_platform(system=None, machine=None):
    """ImportError unless this machine (sys.platform, platform.machine())
    runs the game's library: Linux on x86-64."""
    system = sys.platform if system is None else system
    machine = platform.machine() if machine is None else machine
    if system != PLATFORM[0] or machine.lower() not in PLATFORM[1]:
        raise ImportError(
            "nle_flanking's game (_game/libnethack.so) is built for Linux on "
            "x86-64 (linux_x86_64), and this platform is %s on %s: build "
            "the package on this platform from the repository (./dev wheel)"
            % (system, machine or "an unknown machine")
        )


def game_files():
    """The variant's ``libnethack.so`` and ``nhdat``, or FileNotFoundError."""
    for path in (LIBNETHACK, NHDAT):
        if not os.path.isfile(path):
            raise FileNotFoundError(
                "%s is missing: the variant's NLE build is made by ./dev setup "
                "(tools/nle/build.sh)" % path
            )
    return LIBNETHACK, NHDAT


@functools.lru_cache(maxsize=None)
def _game():
    lib = ctypes.CDLL(game_files()[0], mode=os.RTLD_LOCAL)
    lib.flank_parse_rules.argtypes = [ctypes.c_char_p]
    lib.flank_parse_rules.restype = ctypes.c_int
    lib.flank_rules_list.argtypes = [ctypes.c_char_p]
    lib.flank_rules_list.restype = ctypes.c_char_p
    lib.flank_valid_percent.argtypes = [ctypes.c_long]
    lib.flank_valid_percent.restype = ctypes.c_byte  # NetHack's boolean
    lib.flank_max_percent.argtypes = []
    lib.flank_max_percent.restype = ctypes.c_int
    lib.flank_defaults.argtypes = [ctypes.POINTER(ctypes.c_int)] * 4
    lib.flank_defaults.restype = ctypes.c_char_p
    return lib


def rule_sets():
    """Every value ``FLANKING_RULES`` takes, as the game lists them."""
    buf = ctypes.create_string_buffer(_BUFSZ)
    return tuple(_game().flank_rules_list(buf).decode("ascii").split(", "))


def max_percent():
    """The largest ``FLANKING`` percent the game takes."""
    return _game().flank_max_percent()


@functools.lru_cache(maxsize=None)
def defaults():
    """sysconf's four settings when it says nothing, as the game has them
    (flank_defaults()): (flanking, rules, ai, ranged)."""
    percent, rules, ai, ranged = (ctypes.c_int() for _ in range(4))
    name = _game().flank_defaults(*(ctypes.byref(v) for v in (percent, rules, ai, ranged)))
    if name is None:
        raise RuntimeError("the game's default rule set (%d) has no name" % rules.value)
    return percent.value, name.decode("ascii"), bool(ai.value), bool(ranged.value)


def _default(i):
    return dataclasses.field(default_factory=lambda: defaults()[i])


def _integer(value):
    """value as an int if it is an integer (a numpy one too), else None."""
    try:
        return operator.index(value)
    except TypeError:
        return None


def _valid_percent(lib, value):
    n = _integer(value)
    if isinstance(value, bool) or n is None or ctypes.c_long(n).value != n:
        return False  # not an integer, or beyond a C long (ctypes would wrap it)
    return bool(lib.flank_valid_percent(n))


def _switch(name, value):
    # The game's FLANKING_AI and FLANKING_RANGED are 0 or 1; Python's True
    # and False are the same two values.
    if _integer(value) in (0, 1):
        return bool(value)
    raise ValueError("%s=%r: allowed values are True or False (1 or 0)" % (name, value))


@dataclasses.dataclass(frozen=True)
class Flanking:
    """The flanking settings of one environment (its sysconf's four lines).

    The fields' defaults are the game's (sysconf's when it says nothing),
    read from its library (``defaults()``) when a Flanking is first made;
    ``Flanking.checked()`` and the environments' keyword arguments take
    theirs from these fields.
    ``Flanking.checked(...)`` refuses what the game's sysconf refuses, with
    a ValueError that names the allowed values.
    """

    flanking: int = _default(0)
    rules: str = _default(1)
    ai: bool = _default(2)
    ranged: bool = _default(3)

    @classmethod
    def checked(cls, **settings):
        """The settings given (by keyword: ``flanking``, ``rules``, ``ai``,
        ``ranged``), each one not given at its default, checked."""
        # unchecked, the defaults filled in (a TypeError names a stray keyword)
        given = dataclasses.replace(cls(), **settings)
        flanking, rules, ai, ranged = dataclasses.astuple(given)
        lib = _game()
        if not _valid_percent(lib, flanking):
            raise ValueError(
                "flanking=%r: allowed values are a percent, 0 to %d"
                % (flanking, max_percent())
            )
        if (
            not isinstance(rules, str)
            or not rules.isascii()
            or "\n" in rules
            or lib.flank_parse_rules(rules.encode("ascii")) < 0
        ):
            raise ValueError(
                "rules=%r: allowed values are %s" % (rules, ", ".join(rule_sets()))
            )
        return cls(_integer(flanking), rules, _switch("ai", ai), _switch("ranged", ranged))

    def sysconf(self):
        """The text of this environment's sysconf."""
        return (
            "# nle_flanking: this environment's own sysconf\n"
            # NLE's own build lets every user into wizard mode (its
            # WIZARD_NAME is "*"); with sysconf on, WIZARDS says so.
            "WIZARDS=*\n"
            "FLANKING=%d\n"
            "FLANKING_RULES=%s\n"
            "FLANKING_AI=%d\n"
            "FLANKING_RANGED=%d\n"
            % (self.flanking, self.rules, self.ai, self.ranged)
        )
