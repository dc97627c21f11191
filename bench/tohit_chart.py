#!/usr/bin/env python3
"""Draws docs/tohit-chart.svg: the chance to hit against the flanking bonus.

NetHack's melee roll hits when `tmp > rnd(20)`; missiles thrown by the hero
or by monsters at monsters hit when `tmp >= rnd(20)`.  The flanking bonus b
(0 to 9 in steps of 1/2) is applied exactly for each comparison, as
docs/DESIGN.md ("The arc rules") says: a strict roll gets ceil(b), a `>=`
roll floor(b).  So +1.5 is worth +2 in melee and +1 for a thrown dagger.

Two panels side by side, melee (`>`) and missiles (`>=`), so that the two
rounding rules never draw over each other; one line per typical to-hit value
(tmp before the d20), a dot at every value the bonus can take (half points)
and the step between them.  Deterministic output (same bytes every run).

Standard library only; run `python3 bench/tohit_chart.py [OUT.svg]`
(bench/run.sh does, with docs/tohit-chart.svg).
"""
import math
import sys

W, H = 940, 500
TOP, BOTTOM = 78, 92  # plot area margins
PANEL_W = 340  # width of one panel's plot area
LEFTS = [70, 70 + PANEL_W + 62]  # x of each panel's plot area
LEGEND_X = LEFTS[1] + PANEL_W + 30
TMPS = [3, 6, 9, 12, 15, 18]  # typical to-hit values before the d20
COLOURS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#a6761d"]
BONUSES = [h / 2 for h in range(0, 19)]  # 0, 0.5, ... 9


def p_hit(tmp, bonus, strict=True):
    """Chance that a d20 roll hits: tmp + k > rnd(20) or tmp + k >= rnd(20)."""
    k = math.ceil(bonus) if strict else math.floor(bonus)
    t = tmp + k
    hits = sum(1 for roll in range(1, 21) if (t > roll if strict else t >= roll))
    return hits / 20


def y_of(p):
    return TOP + (H - TOP - BOTTOM) * (1 - p)


def n(v):
    """A coordinate, written the same way every run."""
    return f"{v:.1f}"


def panel(s, left, title, strict):
    def x_of(b):
        return left + PANEL_W * b / 9

    right, bottom = left + PANEL_W, H - BOTTOM
    s.append(f'<text x="{n(left + PANEL_W / 2)}" y="{TOP - 14}" font-size="14" '
             f'font-weight="bold" text-anchor="middle">{title}</text>')
    for i in range(0, 11):  # horizontal grid: 0% .. 100%
        y = y_of(i / 10)
        s.append(f'<line x1="{left}" y1="{n(y)}" x2="{right}" y2="{n(y)}" stroke="#e4e4e4"/>')
        s.append(f'<text x="{left - 7}" y="{n(y + 4)}" text-anchor="end">{i * 10}%</text>')
    for b in range(0, 10):  # vertical grid: whole points
        x = x_of(b)
        s.append(f'<line x1="{n(x)}" y1="{TOP}" x2="{n(x)}" y2="{bottom}" stroke="#efefef"/>')
        s.append(f'<text x="{n(x)}" y="{bottom + 17}" text-anchor="middle">+{b}</text>')
    s.append(f'<rect x="{left}" y="{TOP}" width="{PANEL_W}" height="{bottom - TOP}" '
             'fill="none" stroke="#999"/>')
    s.append(f'<text x="{n(left + PANEL_W / 2)}" y="{bottom + 38}" text-anchor="middle">'
             "flanking bonus (points, in steps of 1/2)</text>")
    for tmp, colour in zip(TMPS, COLOURS):
        pts, dots = [], []
        for i, b in enumerate(BONUSES):
            p = p_hit(tmp, b, strict)
            y = y_of(p)
            if i:  # the step up from the previous half point
                pts.append(f"{n(x_of(b))},{n(y_of(p_hit(tmp, BONUSES[i - 1], strict)))}")
            pts.append(f"{n(x_of(b))},{n(y)}")
            dots.append(f'<circle cx="{n(x_of(b))}" cy="{n(y)}" r="2.6" fill="{colour}"/>')
        s.append(f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colour}" '
                 'stroke-width="1.6" stroke-opacity="0.75"/>')
        s.extend(dots)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "docs/tohit-chart.svg"
    s = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{n(W / 2)}" y="24" font-size="17" text-anchor="middle">'
        "Chance to hit against the flanking bonus (d20, sysconf FLANKING=100)</text>",
        f'<text x="{n(W / 2)}" y="44" font-size="12" fill="#444" text-anchor="middle">'
        "the bonus b counts as ceil(b) where the roll compares with &gt; and as floor(b) "
        "where it compares with &gt;=</text>",
    ]
    mid = (TOP + H - BOTTOM) / 2
    s.append(f'<text x="18" y="{n(mid)}" text-anchor="middle" '
             f'transform="rotate(-90 18 {n(mid)})">chance to hit</text>')
    panel(s, LEFTS[0], "melee: to-hit + ceil(b) &gt; d20", True)
    panel(s, LEFTS[1], "missiles: to-hit + floor(b) &gt;= d20", False)
    ly = TOP + 8
    s.append(f'<text x="{LEGEND_X}" y="{ly}" font-weight="bold">to-hit before</text>')
    s.append(f'<text x="{LEGEND_X}" y="{ly + 15}" font-weight="bold">the roll</text>')
    ly += 38
    for tmp, colour in zip(TMPS, COLOURS):
        s.append(f'<line x1="{LEGEND_X}" y1="{ly}" x2="{LEGEND_X + 26}" y2="{ly}" '
                 f'stroke="{colour}" stroke-width="2"/>')
        s.append(f'<circle cx="{LEGEND_X + 13}" cy="{ly}" r="2.6" fill="{colour}"/>')
        s.append(f'<text x="{LEGEND_X + 34}" y="{ly + 4}">{tmp}</text>')
        ly += 22
    notes = [
        "Left (&gt;): the hero's and monsters' melee, and monsters' missiles at the hero "
        "(thitu). Right (&gt;=): missiles at monsters, the hero's and monsters' "
        "(thitmonst, ohitmon).",
        "Dots: the values the bonus can take (half points, 0 to 9); between two dots "
        "the chance does not change. Monsters' second and later attacks roll d(20+i).",
    ]
    ly = H - 26
    for line in notes:
        s.append(f'<text x="{LEFTS[0] - 50}" y="{ly}" font-size="11" fill="#444">{line}</text>')
        ly += 15
    s.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(s) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
