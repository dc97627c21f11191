"""Survival of whole games: Kaplan-Meier curves with their 95% bands, and
the plain SVG charts of the report (no plotting library).

A game is an event (a death) when it ended by itself in a death; every
other game is censored where it stopped: an ascension or an escape, the
agent's failures (agent-error, agent-hung, no-progress) and a step cap.
"""

import math

Z = 1.959964


def kaplan_meier(times, events):
    """The Kaplan-Meier estimate of the share still alive, as steps:
    [(t, at_risk, deaths, S, low, high)], one per time with a death, after
    a first (0, n, 0, 1, 1, 1).  Censored at t: at risk at t's deaths.
    The band is Greenwood's variance on the log-log scale
    (Kalbfleisch and Prentice), which stays within 0 and 1; where S
    reaches 0, the band is [0, the band's last high]."""
    pairs = sorted(zip(times, events))
    n = len(pairs)
    steps = [(0, n, 0, 1.0, 1.0, 1.0)]
    s, greenwood, i = 1.0, 0.0, 0
    while i < n:
        t = pairs[i][0]
        deaths = sum(1 for tt, e in pairs if tt == t and e)
        at_risk = n - i
        j = i
        while j < n and pairs[j][0] == t:
            j += 1
        if deaths:
            s *= 1 - deaths / at_risk
            if at_risk > deaths:
                greenwood += deaths / (at_risk * (at_risk - deaths))
            if s <= 0:
                low, high = 0.0, steps[-1][5]
            else:
                se = math.sqrt(greenwood) / abs(math.log(s))
                low, high = s ** math.exp(Z * se), s ** math.exp(-Z * se)
            steps.append((t, at_risk, deaths, s, low, high))
        i = j
    return steps


def at(steps, t):
    """(S, low, high) at time t."""
    last = steps[0]
    for step in steps:
        if step[0] > t:
            break
        last = step
    return last[3], last[4], last[5]


# ------------------------------------------------------------------ SVG

_W, _H = 440, 300
_L, _R, _T, _B = 52, 16, 34, 44
COLOURS = ("#4c6a92", "#c8553d")


def _nice_ticks(hi, count=5):
    if hi <= 0:
        return [0]
    raw = hi / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    ticks, t = [], 0.0
    while t <= hi + 1e-9:
        ticks.append(t)
        t += step
    return ticks


def _fmt(t):
    return "{:,.0f}".format(t) if t >= 10 or t == int(t) else "%g" % t


def _panel(x0, title, xlabel, curves, x_hi, discrete):
    """One chart at x offset x0: curves is [(label, steps, colour)]."""
    pw, ph = _W - _L - _R, _H - _T - _B
    x_lo = 0.5 if discrete else 0
    span = max(x_hi - x_lo, 1)

    def X(t):
        return x0 + _L + pw * (min(max(t, x_lo), x_hi) - x_lo) / span

    def Y(s):
        return _T + ph * (1 - s)

    out = ['<text x="%.1f" y="20" font-size="13" font-weight="bold">%s</text>' % (x0 + _L, title)]
    for s in (0, 0.25, 0.5, 0.75, 1):
        out.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (X(x_lo), X(x_hi), Y(s), Y(s)))
        out.append('<text x="%.1f" y="%.1f" font-size="11" text-anchor="end">%d%%</text>' % (x0 + _L - 6, Y(s) + 4, 100 * s))
    ticks = range(1, int(x_hi) + 1, max(1, int(math.ceil(span / 10)))) if discrete else _nice_ticks(x_hi)
    for t in ticks:
        out.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#999"/>' % (X(t), X(t), Y(0), Y(0) + 4))
        out.append('<text x="%.1f" y="%.1f" font-size="11" text-anchor="middle">%s</text>' % (X(t), Y(0) + 16, _fmt(t)))
    out.append('<text x="%.1f" y="%d" font-size="12" text-anchor="middle">%s</text>' % (x0 + _L + pw / 2, _H - 8, xlabel))
    out.append('<rect x="%.1f" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (x0 + _L, _T, pw, ph))
    for label, steps, colour in curves:
        # the band, as a step polygon: the highs left to right, the lows back
        upper, lower, line = [], [], []
        for k, (t, _, _, s, low, high) in enumerate(steps):
            t_next = steps[k + 1][0] if k + 1 < len(steps) else x_hi
            upper += [(X(t), Y(high)), (X(t_next), Y(high))]
            lower += [(X(t), Y(low)), (X(t_next), Y(low))]
            line += [(X(t), Y(s)), (X(t_next), Y(s))]
        points = upper + lower[::-1]
        out.append('<polygon points="%s" fill="%s" fill-opacity="0.18" stroke="none"/>'
                   % (" ".join("%.1f,%.1f" % p for p in points), colour))
        out.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>'
                   % (" ".join("%.1f,%.1f" % p for p in line), colour))
    return out


def chart(title, curves_turn, curves_level, turn_hi, level_hi):
    """An SVG of two panels, the share alive by turn and by deepest level;
    curves_* are [(label, steps)] (the baseline first)."""
    width = 2 * _W
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="sans-serif">' % (width, _H + 24, width, _H + 24),
           '<title>%s</title>' % title,
           '<rect width="100%" height="100%" fill="white"/>']
    coloured = lambda curves: [(lab, st, COLOURS[i % 2]) for i, (lab, st) in enumerate(curves)]  # noqa: E731
    out += _panel(0, "Share alive by turn", "turn", coloured(curves_turn), max(turn_hi, 1), False)
    out += _panel(_W, "Share alive by deepest level", "deepest level reached", coloured(curves_level),
                  max(level_hi, 2), True)
    x = _L
    for i, (label, steps) in enumerate(curves_turn):
        out.append('<rect x="%d" y="%d" width="14" height="4" fill="%s"/>' % (x, _H + 6, COLOURS[i % 2]))
        text = "%s (%d games, %d deaths)" % (label, steps[0][1], sum(st[2] for st in steps))
        out.append('<text x="%d" y="%d" font-size="12">%s</text>' % (x + 20, _H + 12, text))
        x += 30 + 7 * len(text)
    out.append('<text x="%d" y="%d" font-size="11" fill="#555">shaded: 95%% band (Greenwood, log-log)</text>'
               % (x, _H + 12))
    out.append("</svg>")
    return "\n".join(out) + "\n"
