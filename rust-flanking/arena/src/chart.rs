//! docs/balance-chart.svg: one small chart per scenario, each with its own
//! scales (the heroes differ from level 1 to 10, so HP lost only compares
//! within a scenario): the mean HP lost per setting and the death rate per
//! setting, each with its 95% interval; a star marks a setting that differs
//! from its scenario's baseline beyond chance, seed by seed. Each setting
//! has one colour in every panel (flanking off, `FLANKING_AI=0` and each
//! rule set of the field always the same one), and its short name under
//! each of its bars; a scenario with many settings gets a wider cell.
//! Hand-written SVG, in the style of docs/tohit-chart.svg; the same bytes
//! for the same numbers.

use std::fmt::Write as _;

use flank_harness::arena::Setting;
use flank_rules::facing::RULES;

use super::field::{self, OFF};
use super::run::Run;
use super::stats::Interval;
use super::summary::{Paired, Summary};
use super::verdict::effective;

const W: f64 = 940.0;
const MARGIN: f64 = 20.0;
const GRID_TOP: f64 = 92.0;
const CELL_H: f64 = 196.0;
const PANEL_TOP: f64 = 40.0;
const PANEL_H: f64 = 118.0;
const COLUMNS: usize = 3;
/// A bar narrower than this (points) makes its scenario's cell span more
/// columns.
const MIN_BAR: f64 = 25.0;
/// The widest a bar gets.
const MAX_BAR: f64 = 34.0;

/// Tableau 10's ten well-separated colours and two of Tableau 20's, in
/// the order the settings take them: the first eleven are
/// [`fixed_slot`]'s (flanking off grey, `FLANKING_AI=0` brown, then the
/// rule sets in the table's order: `proposal` blue, `implicit` orange,
/// `dnd` red, `opposite` teal, `tactics` green, `nerfhack` yellow, `silq`
/// purple, `splicehack` olive, `hackem` raspberry); any other setting
/// takes a free one from the twelfth (pink) on.
pub const PALETTE: [&str; 12] = [
    "#bab0ac", "#9c755f", "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
    "#b07aa1", "#b6992d", "#d37295", "#ff9da7",
];

/// The slot in [`PALETTE`] of a setting that always has the same colour:
/// `FLANKING=0` 0, `FLANKING_AI=0` 1, then each rule set of the table
/// (`proposal`, that is `FLANKING=100`, 2; `implicit` 3; ... `hackem` 10).
pub fn fixed_slot(setting: &Setting) -> Option<usize> {
    let e = effective(setting);
    if e.len() == 1 && e.get("FLANKING_AI") == Some(&"0") {
        return Some(1);
    }
    match field::rule_of(setting)? {
        OFF => Some(0),
        rule => RULES.iter().position(|r| r.name == rule).map(|i| 2 + i),
    }
}

/// How many slots [`fixed_slot`] gives out.
fn fixed_count() -> usize {
    2 + RULES.len()
}

/// A setting's short name, for under its bars: `off`, `no AI`, the rule
/// set's first four letters (`prop`, `impl`, `dnd`, ...), else its
/// non-default values in short (`rng` for threats from range).
pub fn short_name(setting: &Setting) -> String {
    if let Some(slot) = fixed_slot(setting) {
        return match slot {
            0 => "off".into(),
            1 => "no AI".into(),
            i => RULES[i - 2].name.chars().take(4).collect(),
        };
    }
    let parts: Vec<String> = effective(setting)
        .into_iter()
        .map(|(k, v)| match (k, v) {
            ("FLANKING", "0") => "off".to_string(),
            ("FLANKING_AI", "0") => "no AI".to_string(),
            ("FLANKING_RANGED", "1") => "rng".to_string(),
            (_, v) => v.chars().take(4).collect(),
        })
        .collect();
    parts.join("+")
}

/// One setting of the chart: its colour, its short name and the text of
/// its legend entry.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    /// The setting, as written.
    pub label: String,
    /// Its colour, from [`PALETTE`].
    pub colour: &'static str,
    /// Its short name, under its bars: unique in the chart but to settings
    /// that are the same rule (`FLANKING=100`, `FLANKING_RULES=proposal`).
    pub short: String,
    /// Its [`fixed_slot`].
    fixed: Option<usize>,
}

impl Key {
    /// The legend's text: the short name, then the setting.
    fn legend(&self) -> String {
        format!("{} {}", self.short, self.label)
    }
}

/// Every setting of the run, once each, in the legend's order: those with
/// a [`fixed_slot`] by it, then the others as they first appear. A fixed
/// setting has its slot's colour whatever else the run has; each other
/// setting takes the first colour from the twelfth on (wrapping round)
/// that no setting of the run has yet, so up to twelve settings never
/// share a colour, and past twelve the short names still tell them
/// apart. A short
/// name that two settings of different rules would share, or one longer
/// than six characters, becomes `#N`, N the legend position.
pub fn keys(run: &Run) -> Vec<Key> {
    let mut settings: Vec<&Setting> = Vec::new();
    for sc in &run.scenarios {
        for set in &sc.settings {
            if !settings.contains(&&set.setting) {
                settings.push(&set.setting);
            }
        }
    }
    let len = PALETTE.len();
    let mut used: Vec<usize> = settings.iter().filter_map(|s| fixed_slot(s)).collect();
    let mut others = 0;
    let mut out: Vec<(usize, Key)> = settings
        .iter()
        .map(|s| {
            let fixed = fixed_slot(s);
            let (order, slot) = match fixed {
                Some(slot) => (slot, slot),
                None => {
                    let slot = (0..len)
                        .map(|k| (fixed_count() + k) % len)
                        .find(|i| !used.contains(i))
                        .unwrap_or((fixed_count() + others) % len);
                    used.push(slot);
                    others += 1;
                    (fixed_count() + others, slot)
                }
            };
            let key = Key {
                label: s.to_string(),
                colour: PALETTE[slot % len],
                short: short_name(s),
                fixed,
            };
            (order, key)
        })
        .collect();
    out.sort_by_key(|(order, _)| *order);
    let mut out: Vec<Key> = out.into_iter().map(|(_, k)| k).collect();
    for i in 0..out.len() {
        let clash = out[..i]
            .iter()
            .any(|k| k.short == out[i].short && (k.fixed.is_none() || k.fixed != out[i].fixed));
        if clash || out[i].short.chars().count() > 6 {
            out[i].short = format!("#{}", i + 1);
        }
    }
    out
}

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
struct Bar<'a> {
    colour: &'static str,
    /// The setting's short name, under the bar.
    short: &'a str,
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
    let bw = (0.8 * w / k).min(MAX_BAR);
    let x0 = x + (w - bw * k) / 2.0;
    let short_size = if bw >= 30.0 { 9 } else { 8 };
    for (i, b) in bars.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{short_size}" fill="#444" text-anchor="middle">{}</text>"##,
            n(x0 + bw * i as f64 + bw / 2.0),
            n(bottom + 11.0),
            esc(b.short)
        );
    }
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

/// The width of a cell that spans `span` of `columns` columns.
fn cell_width(span: usize, columns: usize) -> f64 {
    (W - 2.0 * MARGIN) / columns as f64 * span as f64
}

/// The width of each of a cell's two panels.
fn panel_width(cell_w: f64) -> f64 {
    (cell_w - 6.0) / 2.0 - 52.0
}

/// How many columns the cell of a scenario with `bars` settings spans:
/// the fewest that give its bars [`MIN_BAR`] points (all of them if none
/// does).
pub fn span(bars: usize, columns: usize) -> usize {
    let k = bars.max(1) as f64;
    (1..=columns)
        .find(|&s| (0.8 * panel_width(cell_width(s, columns)) / k).min(MAX_BAR) >= MIN_BAR)
        .unwrap_or(columns)
}

/// Where each scenario's cell goes, `(row, column, span)`: each in the
/// first row with room for it, in the run's order.
pub fn layout(spans: &[usize], columns: usize) -> Vec<(usize, usize, usize)> {
    let mut used: Vec<usize> = Vec::new();
    spans
        .iter()
        .map(|&sp| {
            let sp = sp.clamp(1, columns);
            let row = match used.iter().position(|&u| u + sp <= columns) {
                Some(r) => r,
                None => {
                    used.push(0);
                    used.len() - 1
                }
            };
            let col = used[row];
            used[row] += sp;
            (row, col, sp)
        })
        .collect()
}

/// The whole chart.
pub fn svg(run: &Run) -> String {
    let keys = keys(run);
    let key = |l: &str| keys.iter().find(|k| k.label == l);
    let texts: Vec<String> = keys.iter().map(Key::legend).collect();
    let legend = legend_rows(&texts);
    // Each legend row past the first moves the grid down.
    let grid_top = GRID_TOP + LEGEND_ROW_H * (legend.len().max(1) - 1) as f64;
    let columns = run.scenarios.len().clamp(1, COLUMNS);
    let spans: Vec<usize> = run
        .scenarios
        .iter()
        .map(|sc| span(sc.settings.len(), columns))
        .collect();
    let cells = layout(&spans, columns);
    let rows = cells.iter().map(|c| c.0 + 1).max().unwrap_or(1);
    let notes = [
        "Each scenario has its own scales. HP lost: hit points at the start minus at the end (a death loses them all); deaths: Wilson intervals.",
        "Under each bar, its setting's short name (the legend gives it in full); a setting has the same colour in every panel.",
        "Trials of one scenario share their seeds across settings. Numbers, intervals and verdicts: docs/BALANCE.md (bench/arena.sh rewrites both).",
    ];
    let h = grid_top + CELL_H * rows as f64 + 10.0 + 15.0 * notes.len() as f64;

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
        for text in row {
            let Some(k) = texts.iter().position(|t| t == text).map(|i| &keys[i]) else {
                continue;
            };
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="14" height="14" fill="{}"/>"#,
                n(x),
                n(y),
                k.colour
            );
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}"><tspan font-weight="bold">{}</tspan> {}</text>"#,
                n(x + 19.0),
                n(y + 11.0),
                esc(&k.short),
                esc(&k.label)
            );
            x += legend_item_w(text);
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
    let column_w = cell_width(1, columns);
    for (sc, &(row, col, sp)) in run.scenarios.iter().zip(&cells) {
        let cell_w = cell_width(sp, columns);
        let cx = MARGIN + column_w * col as f64;
        let cy = grid_top + CELL_H * row as f64;
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
            let (c, short) = key(&set.setting.to_string())
                .map_or((PALETTE[0], ""), |e| (e.colour, e.short.as_str()));
            hp.push(Bar {
                colour: c,
                short,
                iv: m.hp_lost,
                star: p.as_ref().is_some_and(|p| real(p.hp_lost)),
            });
            death.push(Bar {
                colour: c,
                short,
                iv: m.death_rate,
                star: p.as_ref().is_some_and(|p| real(p.death_rate)),
            });
        }
        let pw = panel_width(cell_w);
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
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="11" fill="#444">{}</text>"##,
            n(MARGIN),
            n(h - 11.0 - 15.0 * (notes.len() - 1 - i) as f64),
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

    use crate::field::tests::{field_scenario, run, scenario};

    /// The fill colour of every bar (`<rect ... fill=...>` inside a panel
    /// with a short name) and the short names under the bars, in order.
    fn bars(svg: &str) -> Vec<(&str, &str)> {
        let shorts: Vec<&str> = svg
            .lines()
            .filter(|l| {
                l.contains(r##"fill="#444" text-anchor="middle">"##)
                    && (l.contains(r#"font-size="9""#) || l.contains(r#"font-size="8""#))
            })
            .filter_map(|l| l.split('>').nth(1)?.split('<').next())
            .collect();
        let fills: Vec<&str> = svg
            .lines()
            .filter(|l| {
                l.starts_with("<rect ")
                    && !l.contains(r#"width="14""#)
                    && !l.contains(r#"fill="none""#)
                    && !l.contains(r#"fill="white""#)
            })
            .filter_map(|l| l.split("fill=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(fills.len(), shorts.len());
        fills.into_iter().zip(shorts).collect()
    }

    #[test]
    fn every_fixed_setting_gets_its_own_colour_and_short_name() {
        // The field and FLANKING_AI=0: flanking off, no AI, then each rule
        // set of the table (the default one as FLANKING=100), eleven today.
        let n = fixed_count();
        let r = run(vec![field_scenario(
            "jackals-open",
            Some((3, 1)),
            &vec![(2, 0); RULES.len() + 1],
        )]);
        let ks = keys(&r);
        assert_eq!(ks.len(), n);
        let labels: Vec<&str> = ks.iter().map(|k| k.label.as_str()).collect();
        let want: Vec<String> = ["FLANKING=0", "FLANKING_AI=0", "FLANKING=100"]
            .into_iter()
            .map(String::from)
            .chain(
                RULES[1..]
                    .iter()
                    .map(|r| format!("FLANKING_RULES={}", r.name)),
            )
            .collect();
        assert_eq!(labels, want);
        let colours: Vec<&str> = ks.iter().map(|k| k.colour).collect();
        assert_eq!(colours, PALETTE[..n]);
        let shorts: Vec<&str> = ks.iter().map(|k| k.short.as_str()).collect();
        let want: Vec<String> = ["off", "no AI"]
            .into_iter()
            .map(String::from)
            .chain(RULES.iter().map(|r| r.name.chars().take(4).collect()))
            .collect();
        assert_eq!(shorts, want);
        // Each bar has its setting's colour and short name, in the
        // compare line's order, in both panels.
        let svg = svg(&r);
        let b = bars(&svg);
        assert_eq!(b.len(), 2 * n, "{b:?}");
        for half in b.chunks(n) {
            let got: Vec<(&str, &str)> = half.to_vec();
            let want: Vec<(&str, &str)> = colours
                .iter()
                .copied()
                .zip(shorts.iter().copied())
                .collect();
            assert_eq!(got, want);
        }
        // Every colour and short name is in the legend.
        for k in &ks {
            assert!(
                svg.contains(&format!(r#"fill="{}"/>"#, k.colour))
                    && svg.contains(&format!(
                        r#"<tspan font-weight="bold">{}</tspan> {}</text>"#,
                        k.short, k.label
                    )),
                "{k:?}"
            );
        }

        // Nine settings no colour is fixed for get nine colours too, and
        // short names of their own.
        let compare = (1..=9)
            .map(|i| format!("FOO={i}"))
            .collect::<Vec<_>>()
            .join(" | ");
        let r = run(vec![scenario("x", &compare, &[(0, 0); 9])]);
        let ks = keys(&r);
        let mut colours: Vec<&str> = ks.iter().map(|k| k.colour).collect();
        assert_eq!(colours[0], PALETTE[fixed_count()]);
        colours.sort();
        colours.dedup();
        assert_eq!(colours.len(), 9);
        let mut shorts: Vec<&str> = ks.iter().map(|k| k.short.as_str()).collect();
        shorts.sort();
        shorts.dedup();
        assert_eq!(shorts.len(), 9);
    }

    #[test]
    fn a_rule_set_has_one_colour_in_every_panel() {
        // Scenarios in other orders and with other settings.
        let a = scenario(
            "a",
            "FLANKING=0 | FLANKING=100 | FLANKING=100 FLANKING_RANGED=1",
            &[(0, 0); 3],
        );
        let b = scenario(
            "b",
            "FLANKING_RULES=silq | FLANKING=0 | FLANKING_RULES=dnd | FLANKING_RULES=proposal",
            &[(0, 0); 4],
        );
        let r = run(vec![a, b]);
        let ks = keys(&r);
        let colour = |l: &str| ks.iter().find(|k| k.label == l).unwrap().colour;
        assert_eq!(colour("FLANKING=0"), PALETTE[0]);
        assert_eq!(colour("FLANKING=100"), PALETTE[2]);
        assert_eq!(colour("FLANKING_RULES=proposal"), PALETTE[2]);
        assert_eq!(colour("FLANKING_RULES=dnd"), PALETTE[4]);
        assert_eq!(colour("FLANKING_RULES=silq"), PALETTE[8]);
        assert_eq!(
            colour("FLANKING=100 FLANKING_RANGED=1"),
            PALETTE[fixed_count()]
        );
        let short = |l: &str| ks.iter().find(|k| k.label == l).unwrap().short.clone();
        assert_eq!(short("FLANKING_RULES=proposal"), "prop");
        assert_eq!(short("FLANKING=100 FLANKING_RANGED=1"), "rng");
        let svg = svg(&r);
        assert_eq!(
            bars(&svg),
            [
                (PALETTE[0], "off"),
                (PALETTE[2], "prop"),
                (PALETTE[fixed_count()], "rng"),
                (PALETTE[0], "off"),
                (PALETTE[2], "prop"),
                (PALETTE[fixed_count()], "rng"),
                (PALETTE[8], "silq"),
                (PALETTE[0], "off"),
                (PALETTE[4], "dnd"),
                (PALETTE[2], "prop"),
                (PALETTE[8], "silq"),
                (PALETTE[0], "off"),
                (PALETTE[4], "dnd"),
                (PALETTE[2], "prop"),
            ]
        );
    }

    #[test]
    fn wide_scenarios_span_more_columns() {
        assert_eq!(span(2, 3), 1);
        assert_eq!(span(3, 3), 1);
        assert_eq!(span(4, 3), 2);
        assert_eq!(span(7, 3), 2);
        assert_eq!(span(8, 3), 3);
        assert_eq!(span(9, 3), 3);
        assert_eq!(span(9, 1), 1);
        // The arena's scenarios, in order: each in the first row with room.
        assert_eq!(
            layout(&[1, 3, 1, 3, 1, 1, 2, 1, 3, 3], 3),
            [
                (0, 0, 1),
                (1, 0, 3),
                (0, 1, 1),
                (2, 0, 3),
                (0, 2, 1),
                (3, 0, 1),
                (3, 1, 2),
                (4, 0, 1),
                (5, 0, 3),
                (6, 0, 3)
            ]
        );
    }

    #[test]
    fn the_chart_is_well_formed() {
        let r = run(vec![
            field_scenario("jackals-open", Some((3, 1)), &[(2, 0); 10]),
            field_scenario("jackals-corridor", None, &[(2, 0); 10]),
            scenario("x", "FLANKING=0 | FLANKING=100", &[(0, 0), (3, 0)]),
        ]);
        let svg = svg(&r);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        assert_eq!(
            svg.matches("<tspan").count(),
            svg.matches("</tspan>").count()
        );
        for l in svg
            .lines()
            .filter(|l| l.starts_with("<rect") || l.starts_with("<line") || l.starts_with("<path"))
        {
            assert!(l.ends_with("/>"), "{l}");
        }
        // Every cell inside the chart.
        // The number of the first attribute `key` in `text`.
        let attr = |text: &str, key: &str| -> f64 {
            text.split(&format!("{key}=\""))
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let h = attr(&svg, "height");
        for l in svg.lines().filter(|l| l.contains("rx=\"4\"")) {
            let num = |k: &str| attr(l, &format!(" {k}"));
            assert!(
                num("x") >= MARGIN && num("x") + num("width") <= W - MARGIN + 1e-9,
                "{l}"
            );
            assert!(num("y") + num("height") <= h - 40.0, "{l}");
        }
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
