#!/usr/bin/env python3
"""Draws docs/tohit-chart.svg: the chance to hit against the flanking bonus.

NetHack's melee roll hits when `tmp > rnd(20)`; missiles thrown by the hero
or by monsters at monsters hit when `tmp >= rnd(20)`.  The flanking bonus b
(0 to 9 in steps of 1/2) is applied exactly for each comparison, as
design/FLANKING.md derives: a strict roll gets ceil(b), a `>=` roll floor(b).
So +1.5 is worth +2 in melee and +1 for a thrown dagger.

Standard library only; run `python3 bench/tohit_chart.py [OUT.svg]`.
"""
import math
import sys

W, H = 760, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 170, 50, 60
TMPS = [3, 6, 9, 12, 15, 18]  # typical to-hit values before the d20
COLOURS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#a6761d"]
BONUSES = [h / 2 for h in range(0, 19)]


def p_hit(tmp, bonus, strict=True):
    """Chance that a d20 roll hits: tmp + k > rnd(20) or tmp + k >= rnd(20)."""
    k = math.ceil(bonus) if strict else math.floor(bonus)
    t = tmp + k
    hits = sum(1 for roll in range(1, 21) if (t > roll if strict else t >= roll))
    return hits / 20


def x_of(b):
    return LEFT + (W - LEFT - RIGHT) * b / 9


def y_of(p):
    return TOP + (H - TOP - BOTTOM) * (1 - p)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "docs/tohit-chart.svg"
    s = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{W / 2 - 60}" y="24" font-size="16" text-anchor="middle">'
        "Chance to hit against the flanking bonus (d20)</text>",
    ]
    for i in range(0, 11):  # horizontal grid: 0% .. 100%
        p = i / 10
        y = y_of(p)
        s.append(f'<line x1="{LEFT}" y1="{y}" x2="{W - RIGHT}" y2="{y}" stroke="#ddd"/>')
        s.append(f'<text x="{LEFT - 8}" y="{y + 4}" text-anchor="end">{int(p * 100)}%</text>')
    for b in range(0, 10):
        x = x_of(b)
        s.append(f'<line x1="{x}" y1="{TOP}" x2="{x}" y2="{H - BOTTOM}" stroke="#eee"/>')
        s.append(f'<text x="{x}" y="{H - BOTTOM + 18}" text-anchor="middle">+{b}</text>')
    s.append(
        f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 16}" text-anchor="middle">'
        "flanking bonus (points; steps of 1/2)</text>"
    )
    s.append(
        f'<text x="18" y="{(TOP + H - BOTTOM) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 18 {(TOP + H - BOTTOM) / 2})">chance to hit</text>'
    )
    for tmp, colour in zip(TMPS, COLOURS):
        for strict, dash in ((True, ""), (False, ' stroke-dasharray="5,4"')):
            pts = []
            for b in BONUSES:  # a step function: draw each half-point step
                pts.append(f"{x_of(b):.1f},{y_of(p_hit(tmp, b, strict)):.1f}")
                pts.append(f"{x_of(min(b + 0.5, 9)):.1f},{y_of(p_hit(tmp, b, strict)):.1f}")
            s.append(
                f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colour}" '
                f'stroke-width="2"{dash}/>'
            )
    ly = TOP + 10
    for tmp, colour in zip(TMPS, COLOURS):
        s.append(f'<line x1="{W - RIGHT + 15}" y1="{ly}" x2="{W - RIGHT + 40}" y2="{ly}" '
                 f'stroke="{colour}" stroke-width="2"/>')
        s.append(f'<text x="{W - RIGHT + 46}" y="{ly + 4}">to-hit {tmp}</text>')
        ly += 20
    ly += 10
    s.append(f'<line x1="{W - RIGHT + 15}" y1="{ly}" x2="{W - RIGHT + 40}" y2="{ly}" '
             'stroke="black" stroke-width="2"/>')
    s.append(f'<text x="{W - RIGHT + 46}" y="{ly + 4}">melee (&gt;)</text>')
    ly += 20
    s.append(f'<line x1="{W - RIGHT + 15}" y1="{ly}" x2="{W - RIGHT + 40}" y2="{ly}" '
             'stroke="black" stroke-width="2" stroke-dasharray="5,4"/>')
    s.append(f'<text x="{W - RIGHT + 46}" y="{ly + 4}">missile (&gt;=)</text>')
    s.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(s) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
