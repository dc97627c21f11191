//! docs/balance-chart.svg: one small chart per scenario, each with its own
//! scales (the heroes differ from level 1 to 10, so HP lost only compares
//! within a scenario): the mean HP lost per setting and the death rate per
//! setting, each with its 95% interval; a star marks a setting that differs
//! from its scenario's baseline beyond chance, seed by seed. Hand-written
//! SVG, in the style of docs/tohit-chart.svg; the same bytes for the same
//! numbers.

use std::fmt::Write as _;

use super::run::Run;
use super::stats::Interval;
use super::summary::{Paired, Summary};

const W: f64 = 940.0;
const MARGIN: f64 = 20.0;
const GRID_TOP: f64 = 92.0;
const CELL_H: f64 = 196.0;
const PANEL_TOP: f64 = 40.0;
const PANEL_H: f64 = 118.0;
const COLUMNS: usize = 3;
const PALETTE: [&str; 8] = [
    "#8c8c8c", "#d95f02", "#1b9e77", "#7570b3", "#e7298a", "#66a61e", "#a6761d", "#e6ab02",
];

/// A coordinate, written the same way every run.
fn n(v: f64) -> String {
    format!("{v:.1}")
}

/// Text for SVG.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Round axis ticks from `lo` to at least `hi`: steps of 1, 2, 2.5 or 5
/// times a power of ten, about `count` of them.
pub fn ticks(lo: f64, hi: f64, count: usize) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / count.max(1) as f64;
    let p = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|s| *s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * p);
    let first = (lo / step).floor() * step;
    let mut out = Vec::new();
    for k in 0..=100 {
        let t = first + k as f64 * step;
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        if t >= hi - step * 1e-9 {
            break;
        }
    }
    out
}

/// A tick's label: as many decimals as the step needs.
fn tick_label(t: f64, step: f64, suffix: &str) -> String {
    let d = (0..6)
        .find(|&d| {
            let x = step * 10f64.powi(d);
            (x - x.round()).abs() < 1e-6
        })
        .unwrap_or(6) as usize;
    format!("{t:.d$}{suffix}")
}

/// One bar: its colour, its estimate and interval, and whether it differs
/// from the baseline beyond chance.
struct Bar {
    colour: &'static str,
    iv: Option<Interval>,
    star: bool,
}

/// What a small panel shows.
struct Panel<'a> {
    title: &'a str,
    /// Multiplies every value (100 for percentages).
    scale: f64,
    /// `%` for rates.
    suffix: &'a str,
    /// The axis reaches at least this (so small values look small).
    at_least: f64,
}

/// A small panel of bars at (x, y), w x h: its own axis, grid, bars,
/// whiskers and value labels.
fn panel(s: &mut String, x: f64, y: f64, w: f64, h: f64, bars: &[Bar], p: &Panel) {
    let bounds: Vec<(f64, f64)> = bars
        .iter()
        .filter_map(|b| b.iv)
        .map(|iv| {
            let iv = iv.scaled(p.scale);
            (
                if iv.lo.is_finite() { iv.lo } else { iv.est },
                if iv.hi.is_finite() { iv.hi } else { iv.est },
            )
        })
        .collect();
    let lo = bounds.iter().map(|b| b.0).fold(0.0, f64::min);
    let hi = bounds.iter().map(|b| b.1).fold(p.at_least, f64::max);
    // room above the highest whisker for its label
    let ts = ticks(lo, hi * 1.18, 4);
    let (y0, y1) = (ts[0], ts[ts.len() - 1]);
    let step = if ts.len() > 1 { ts[1] - ts[0] } else { 1.0 };
    let bottom = y + h;
    let y_of = |v: f64| bottom - h * (v - y0) / (y1 - y0).max(1e-9);
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="11" fill="#444">{}</text>"##,
        n(x),
        n(y - 7.0),
        esc(p.title)
    );
    for &t in &ts {
        let ty = y_of(t);
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}"/>"##,
            n(x),
            n(ty),
            n(x + w),
            n(ty),
            if t == 0.0 { "#999" } else { "#e4e4e4" }
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="end">{}</text>"#,
            n(x - 4.0),
            n(ty + 3.5),
            tick_label(t, step, p.suffix)
        );
    }
    let k = bars.len().max(1) as f64;
    let bw = (0.8 * w / k).min(34.0);
    let x0 = x + (w - bw * k) / 2.0;
    for (i, b) in bars.iter().enumerate() {
        let Some(iv) = b.iv else { continue };
        let iv = iv.scaled(p.scale);
        let bx = x0 + bw * i as f64;
        let cx = bx + bw / 2.0;
        let (ya, yz) = (y_of(iv.est), y_of(0f64.max(y0)));
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
            n(bx + 2.0),
            n(ya.min(yz)),
            n(bw - 4.0),
            n((yz - ya).abs()),
            b.colour
        );
        let mut top = ya.min(yz);
        if iv.is_known() {
            let (wl, wh) = (y_of(iv.lo.max(y0)), y_of(iv.hi.min(y1)));
            let _ = writeln!(
                s,
                r##"<path d="M{} {}V{}M{} {}H{}M{} {}H{}" stroke="#222" fill="none"/>"##,
                n(cx),
                n(wl),
                n(wh),
                n(cx - 4.0),
                n(wl),
                n(cx + 4.0),
                n(cx - 4.0),
                n(wh),
                n(cx + 4.0)
            );
            top = top.min(wh);
        }
        let value = match p.suffix {
            "%" if iv.est < 10.0 => format!("{:.1}%", iv.est),
            "%" => format!("{:.0}%", iv.est),
            _ if iv.est.abs() < 10.0 => format!("{:.2}", iv.est),
            _ => format!("{:.1}", iv.est),
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="middle">{}{}</text>"#,
            n(cx),
            n(top - 4.0),
            value,
            if b.star { "*" } else { "" }
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#999"/>"##,
        n(x),
        n(y),
        n(w),
        n(h)
    );
}

/// The height of one row of the legend.
const LEGEND_ROW_H: f64 = 20.0;

/// The space after a legend item.
const LEGEND_GAP: f64 = 22.0;

/// The width a legend item takes, its gap included: the swatch and about
/// 7.2 points a character at 12 points.
fn legend_item_w(label: &str) -> f64 {
    19.0 + 7.2 * label.chars().count() as f64 + LEGEND_GAP
}

/// The legend's labels in rows that fit between the margins, in order
/// (one row when they all fit; a label wider than a row gets a row).
fn legend_rows(labels: &[String]) -> Vec<Vec<&str>> {
    let room = W - 2.0 * MARGIN + LEGEND_GAP;
    let mut rows: Vec<Vec<&str>> = Vec::new();
    let mut used = 0.0;
    for l in labels {
        let w = legend_item_w(l);
        match rows.last_mut() {
            Some(row) if used + w <= room => row.push(l),
            _ => {
                rows.push(vec![l.as_str()]);
                used = 0.0;
            }
        }
        used += w;
    }
    rows
}

/// The whole chart.
pub fn svg(run: &Run) -> String {
    let mut labels: Vec<String> = Vec::new();
    for sc in &run.scenarios {
        for set in &sc.settings {
            let l = set.setting.to_string();
            if !labels.contains(&l) {
                labels.push(l);
            }
        }
    }
    let colour = |l: &str| {
        let i = labels.iter().position(|x| x == l).unwrap_or(0);
        PALETTE[i % PALETTE.len()]
    };
    let legend = legend_rows(&labels);
    // Each legend row past the first moves the grid down.
    let grid_top = GRID_TOP + LEGEND_ROW_H * (legend.len().max(1) - 1) as f64;
    let columns = run.scenarios.len().clamp(1, COLUMNS);
    let rows = run.scenarios.len().div_ceil(columns).max(1);
    let cell_w = (W - 2.0 * MARGIN) / columns as f64;
    let h = grid_top + CELL_H * rows as f64 + 40.0;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" viewBox="0 0 {W} {h}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{W}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="24" font-size="17" text-anchor="middle">The arena: what each setting costs the hero, scenario by scenario</text>"#,
        n(W / 2.0)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="44" fill="#444" text-anchor="middle">bars: means over the trials; whiskers: 95% intervals; *: differs from the scenario's first setting beyond chance, seed by seed</text>"##,
        n(W / 2.0)
    );
    for (r, row) in legend.iter().enumerate() {
        let row_w: f64 = row.iter().map(|l| legend_item_w(l)).sum();
        let mut x = (W - row_w + LEGEND_GAP) / 2.0;
        let y = 58.0 + LEGEND_ROW_H * r as f64;
        for l in row {
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="14" height="14" fill="{}"/>"#,
                n(x),
                n(y),
                colour(l)
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}">{}</text>"#,
                n(x + 19.0),
                n(y + 11.0),
                esc(l)
            );
            x += legend_item_w(l);
        }
    }

    let hp_panel = Panel {
        title: "HP lost per fight",
        scale: 1.0,
        suffix: "",
        at_least: 1.0,
    };
    let death_panel = Panel {
        title: "hero deaths",
        scale: 100.0,
        suffix: "%",
        at_least: 10.0,
    };
    for (i, sc) in run.scenarios.iter().enumerate() {
        let cx = MARGIN + cell_w * (i % columns) as f64;
        let cy = grid_top + CELL_H * (i / columns) as f64;
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#d0d0d0" rx="4"/>"##,
            n(cx + 3.0),
            n(cy),
            n(cell_w - 6.0),
            n(CELL_H - 8.0)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-weight="bold" text-anchor="middle">{}</text>"#,
            n(cx + cell_w / 2.0),
            n(cy + 17.0),
            esc(&sc.scenario.name)
        );
        let base = &sc.settings[0].trials;
        let mut hp = Vec::new();
        let mut death = Vec::new();
        for (k, set) in sc.settings.iter().enumerate() {
            let m = Summary::of(&set.trials);
            let p = (k > 0).then(|| Paired::of(base, &set.trials)).flatten();
            let real = |iv: Option<Interval>| iv.is_some_and(|iv| iv.excludes_zero());
            let c = colour(&set.setting.to_string());
            hp.push(Bar {
                colour: c,
                iv: m.hp_lost,
                star: p.as_ref().is_some_and(|p| real(p.hp_lost)),
            });
            death.push(Bar {
                colour: c,
                iv: m.death_rate,
                star: p.as_ref().is_some_and(|p| real(p.death_rate)),
            });
        }
        let pw = (cell_w - 6.0) / 2.0 - 52.0;
        panel(
            &mut s,
            cx + 46.0,
            cy + PANEL_TOP,
            pw,
            PANEL_H,
            &hp,
            &hp_panel,
        );
        panel(
            &mut s,
            cx + cell_w / 2.0 + 40.0,
            cy + PANEL_TOP,
            pw,
            PANEL_H,
            &death,
            &death_panel,
        );
    }
    let notes = [
        "Each scenario has its own scales. HP lost: hit points at the start minus at the end (a death loses them all); deaths: Wilson intervals.",
        "Trials of one scenario share their seeds across settings. Numbers, intervals and verdicts: docs/BALANCE.md (bench/arena.sh rewrites both).",
    ];
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#444">{}</text>"##,
            n(MARGIN),
            n(h - 26.0 + 15.0 * i as f64),
            esc(note)
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 10.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 9.3, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 23.0, 5), vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
        assert_eq!(ticks(-1.2, 3.0, 5), vec![-2.0, -1.0, 0.0, 1.0, 2.0, 3.0]);
        assert_eq!(ticks(0.0, 70.0, 4), vec![0.0, 20.0, 40.0, 60.0, 80.0]);
        let t = ticks(0.0, 0.4, 5);
        assert_eq!(t.len(), 5);
        assert!((t[1] - 0.1).abs() < 1e-9 && (t[4] - 0.4).abs() < 1e-9);
    }

    #[test]
    fn tick_labels_show_the_decimals_the_step_needs() {
        assert_eq!(tick_label(20.0, 5.0, "%"), "20%");
        assert_eq!(tick_label(0.4, 0.1, ""), "0.4");
        assert_eq!(tick_label(0.75, 0.25, ""), "0.75");
        assert_eq!(tick_label(0.04, 0.02, ""), "0.04");
    }

    #[test]
    fn the_legend_wraps_to_fit_between_the_margins() {
        let labels = |ls: &[&str]| ls.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let few = labels(&["FLANKING=0", "FLANKING=100"]);
        assert_eq!(legend_rows(&few), vec![vec!["FLANKING=0", "FLANKING=100"]]);
        let many = labels(&[
            "FLANKING=0",
            "FLANKING_AI=0",
            "FLANKING=100",
            "FLANKING_RULES=implicit",
            "FLANKING_RULES=dnd",
            "FLANKING_RULES=opposite",
            "FLANKING_RULES=tactics",
            "FLANKING=100 FLANKING_RANGED=1",
        ]);
        let rows = legend_rows(&many);
        assert!(rows.len() > 1, "{rows:?}");
        assert_eq!(
            rows.concat(),
            many.iter().map(String::as_str).collect::<Vec<_>>()
        );
        for row in &rows {
            let w: f64 = row.iter().map(|l| legend_item_w(l)).sum::<f64>() - LEGEND_GAP;
            assert!(w <= W - 2.0 * MARGIN, "{row:?} is {w} wide");
        }
        assert!(legend_rows(&[]).is_empty());
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
