"""The study's settings: named sets of nle_flanking's keyword arguments.

A setting's name is a rule set's name (as sysconf's FLANKING_RULES takes
it: ``proposal``, ``dnd``, ``proposal+tactics``...), or ``flanking0``
(flanking off: vanilla's game), with any of these suffixes:
``-ai0`` (monsters that flank off), ``-ranged`` (threats from range on),
``-pctN`` (FLANKING=N).  ``proposal-ai0`` is the proposal without
monsters that flank.
"""

import dataclasses

from nle_flanking import Flanking, rule_sets

# Rule sets the study takes when asked for, and leaves out of its default
# list: none of their games is played yet (splicehack, hackem).
NOT_DEFAULT = ("splicehack", "hackem")

# flanking=0, the proposal with and without monsters that flank, and each
# facing and peer rule set the game knows but NOT_DEFAULT's (the combined
# ones, such as proposal+tactics, only when asked for).
DEFAULT = ("flanking0", "proposal", "proposal-ai0") + tuple(
    r for r in rule_sets() if "+" not in r and r != "proposal" and r not in NOT_DEFAULT
)


def kwargs_of(name):
    """nle_flanking's keyword arguments for setting `name`, all four, as
    the game takes them; ValueError naming what is allowed."""
    base, *suffixes = name.split("-")
    if base == "flanking0":
        kwargs = {"flanking": 0}
    elif base.lower() in [r.lower() for r in rule_sets()]:
        kwargs = {"rules": base}
    else:
        raise ValueError(
            "setting %r: the name must begin with flanking0 or a rule set (%s)"
            % (name, ", ".join(rule_sets()))
        )
    for suffix in suffixes:
        if suffix == "ai0":
            kwargs["ai"] = False
        elif suffix == "ranged":
            kwargs["ranged"] = True
        elif suffix.startswith("pct") and suffix[3:].isdigit():
            kwargs["flanking"] = int(suffix[3:])
        else:
            raise ValueError(
                "setting %r: unknown suffix %r (allowed: -ai0, -ranged, -pctN)" % (name, suffix)
            )
    return dataclasses.asdict(Flanking.checked(**kwargs))
