"""NLE 1.3.0's own test suite, played by the variant's game (tools/nle/suite.sh).

Loaded by every Python process of the run, the subprocesses NLE's
test_system.py starts ("spawn" as well as "fork") included, through
PYTHONPATH: each ``nle.nethack.Nethack`` that NLE makes, in every
environment and in NLE's raw tests, gets the variant's ``libnethack.so``
and ``nhdat`` and a sysconf with ``FLANKING=$NLE_SUITE_FLANKING``, as
nle_flanking's own environments do (``nle_flanking.envs._adopt``), right
after NLE's constructor and before its first game.  The variant's own
environments (registered by importing nle_flanking, so that the suite
plays them too) get the same setting.
"""

import os


def _install(percent):
    from gymnasium.envs import registration
    from nle.nethack import nethack

    import nle_flanking  # noqa: F401  (registers the variant's ids)
    from nle_flanking import envs, settings

    sysconf = settings.Flanking.checked(flanking=percent).sysconf()
    lib, nhdat = settings.game_files()
    nle_init = nethack.Nethack.__init__

    def __init__(self, *args, **kwargs):
        nle_init(self, *args, **kwargs)
        envs._adopt(self, lib, nhdat, sysconf)

    nethack.Nethack.__init__ = __init__
    for name in ("NetHackFlankingScore-v0", "NetHackFlankingChallenge-v0"):
        registration.registry[name].kwargs["flanking"] = percent


if os.environ.get("NLE_SUITE_FLANKING"):
    _install(int(os.environ["NLE_SUITE_FLANKING"]))
