//! Helpers shared by the game's integration tests: a private tmux server
//! that runs the real game, and scratch directories.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Takes debug mode from everybody in the playground `pg`'s sysconf, as a
/// server's would.
pub fn refuse_debug_mode(pg: &Path) {
    let sysconf = pg.join("sysconf");
    let text = std::fs::read_to_string(&sysconf).unwrap();
    assert!(text.contains("WIZARDS=*"), "{text}");
    std::fs::write(&sysconf, text.replace("WIZARDS=*", "WIZARDS=nobody-at-all")).unwrap();
}

/// Wants the game refused for a tool of debug mode only: it failed, wrote
/// nothing to standard output, and said why on standard error.
pub fn assert_debug_mode_only(out: &Output) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty(), "{stderr}");
    assert!(stderr.contains("debug mode only"), "{stderr}");
}

/// The repository's root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Builds the game with cargo feature `feature` (`vanilla`, `baseline`,
/// `pre-tactics`, `pre-ranged`) in its own target directory,
/// target/FEATURE, so that it does not wait on the cargo that runs the
/// tests; returns the binary.
pub fn feature_binary(feature: &str) -> PathBuf {
    let target = repo().join("target").join(feature);
    let out = Command::new(env!("CARGO"))
        .current_dir(repo())
        .args([
            "build",
            "--release",
            "--features",
            feature,
            "--bin",
            "nethack-flanking",
        ])
        .arg("--target-dir")
        .arg(&target)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "building the {feature} game failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("release/nethack-flanking")
}

/// A fresh scratch directory under target/, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = repo()
            .join("target/test-scratch")
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Asserts that an unattended run (the fixture harness, the arena) left no
/// lock or level file named with `marker`, no paniclog and no save in the
/// playground `pg`.
pub fn assert_nothing_left(pg: &Path, marker: &str) {
    for entry in std::fs::read_dir(pg).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            !name.contains(marker) && name != "paniclog",
            "left behind: {name}"
        );
    }
    assert_eq!(std::fs::read_dir(pg.join("save")).unwrap().count(), 0);
}

/// A config file that starts a game with no prompts.
pub fn write_config(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join("nethackrc");
    std::fs::write(
        &path,
        format!(
            "OPTIONS=name:{name},role:Valkyrie,race:human,gender:female,align:neutral\n\
             OPTIONS=!legacy,!news,!splash_screen,!autopickup,time\n"
        ),
    )
    .unwrap();
    path
}

/// One game in its own tmux server (a private socket, so nothing else's
/// tmux is touched). The server goes away with the value.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `cmd` (a shell command line) in an 80x24 window.
    pub fn start(tag: &str, cmd: &str) -> Tmux {
        let socket = format!("nhf-{tag}-{}", std::process::id());
        let t = Tmux { socket };
        let st = t
            .tmux()
            .args([
                "new-session",
                "-d",
                "-s",
                "game",
                "-x",
                "80",
                "-y",
                "24",
                cmd,
            ])
            .status()
            .expect("tmux is needed for the end-to-end tests: ./dev setup installs it");
        assert!(st.success(), "tmux new-session failed");
        t
    }

    fn tmux(&self) -> Command {
        let mut c = Command::new("tmux");
        c.args(["-L", &self.socket]);
        c
    }

    /// Types keys (tmux send-keys syntax: "Enter", "Escape", or literal text).
    pub fn keys(&self, keys: &[&str]) {
        let st = self
            .tmux()
            .args(["send-keys", "-t", "game"])
            .args(keys)
            .status()
            .unwrap();
        assert!(st.success(), "tmux send-keys {keys:?} failed");
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Types literal text, character by character as a player would.
    pub fn text(&self, text: &str) {
        let st = self
            .tmux()
            .args(["send-keys", "-t", "game", "-l", text])
            .status()
            .unwrap();
        assert!(st.success());
        std::thread::sleep(Duration::from_millis(150));
    }

    /// The screen as text, or None once the game (and the session) ended.
    pub fn screen(&self) -> Option<String> {
        self.capture(&[])
    }

    /// The screen with the lines the terminal wrapped joined again
    /// (`capture-pane -J`): a long message printed outside the game's
    /// windows (raw_printf) reads whole wherever column 80 broke it.
    pub fn joined_screen(&self) -> Option<String> {
        self.capture(&["-J"])
    }

    /// `capture-pane -p` with `flags`: the screen, or None once the
    /// session ended.
    fn capture(&self, flags: &[&str]) -> Option<String> {
        let out = self
            .tmux()
            .arg("capture-pane")
            .args(flags)
            .args(["-p", "-t", "game"])
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Waits until the joined screen ([`Tmux::joined_screen`]) shows
    /// `what`; panics with it after 20 s.
    pub fn wait_joined(&self, what: &str) -> String {
        self.wait_on(what, false, 20, true)
            .unwrap_or_else(|s| panic!("waited 20 s for {what:?}; the screen was:\n{s}"))
    }

    /// Waits until the screen shows `what`; panics with the screen after 20 s.
    pub fn wait_for(&self, what: &str) -> String {
        self.wait_until(what, false, 20)
            .unwrap_or_else(|s| panic!("waited 20 s for {what:?}; the screen was:\n{s}"))
    }

    /// Waits until the message at the top of the screen says `what`,
    /// read as one line however tty broke it (a message longer than the
    /// line takes the next rows too, broken at a space: the first three
    /// rows joined by a space), answering every `--More--` on the way; the
    /// screen, or a panic with it after 20 s.
    pub fn wait_top_message(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen().unwrap_or_default();
            let top = top_rows(&s, 3);
            if top.contains(what) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("waited 20 s for {what:?} at the top; the screen was:\n{s}");
            }
            if more_pending(&s) {
                self.answer_more(&s);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the screen shows `what`, answering every `--More--` on
    /// the way (a message that comes after another); panics after 20 s.
    pub fn wait_message(&self, what: &str) -> String {
        self.wait_until(what, true, 20)
            .unwrap_or_else(|s| panic!("waited 20 s for {what:?}; the screen was:\n{s}"))
    }

    /// Waits up to `secs` seconds for the screen to show `what`,
    /// answering `--More--` when `answer_more`: the screen, or the last
    /// screen seen as the error.
    pub fn wait_until(&self, what: &str, answer_more: bool, secs: u64) -> Result<String, String> {
        self.wait_on(what, answer_more, secs, false)
    }

    /// [`Tmux::wait_until`] on the screen, or on the joined screen when
    /// `joined` ([`Tmux::joined_screen`]).
    fn wait_on(
        &self,
        what: &str,
        answer_more: bool,
        secs: u64,
        joined: bool,
    ) -> Result<String, String> {
        let start = Instant::now();
        loop {
            let s = if joined {
                self.joined_screen()
            } else {
                self.screen()
            }
            .unwrap_or_default();
            if s.contains(what) {
                return Ok(s);
            }
            if start.elapsed() > Duration::from_secs(secs) {
                return Err(s);
            }
            if answer_more && more_pending(&s) {
                self.answer_more(&s);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Answers the `--More--` of screen `s` with Enter, and waits until the
    /// game has taken it (the screen is no longer `s`): a game slow to
    /// redraw, under load, never gets a second Enter at a `--More--` it
    /// has already read, which the prompt after it (a `[yn]`) would take
    /// as its answer. After 10 s the same screen is taken for the same
    /// `--More--` again.
    fn answer_more(&self, s: &str) {
        self.keys(&["Enter"]);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            match self.screen() {
                Some(now) if now == s => std::thread::sleep(Duration::from_millis(50)),
                _ => return,
            }
        }
    }

    /// Waits until the game has read every key typed so far, answering
    /// every `--More--` on the way (with ESC, which is harmless where no
    /// `--More--` is left): the screen then. A barrier, not a pause: see
    /// [`Tmux::barrier`]. Only where the game waits for a command (tty).
    pub fn sync(&self) -> String {
        self.barrier(false).1
    }

    /// Every page of the text window on the screen (tty ends each with
    /// `--More--`, drawn last), read and turned with Enter up to where the
    /// game waits for a command again: the pages, in order. The barrier
    /// of [`Tmux::sync`] tells the window's last page from one still to
    /// come, with no pause to guess.
    pub fn window_pages(&self) -> Vec<String> {
        self.barrier(true).0
    }

    /// Types `;` (farlook, which takes no time): the game asks "Pick an
    /// object." only once every key before it is done, and ESC then leaves
    /// it. A `--More--` eats the `;` (tty drops any key there but Enter,
    /// space and ESC), so each one seen first is kept, answered (Enter for
    /// a window's page, else ESC), and `;` typed again once the screen has
    /// changed. The `--More--` screens answered, and the screen at the end.
    fn barrier(&self, pages: bool) -> (Vec<String>, String) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        'ask: loop {
            self.keys(&["\\;"]);
            loop {
                let s = self.screen().unwrap_or_default();
                if s.contains("Pick an object.") {
                    self.keys(&["Escape"]);
                    while self
                        .screen()
                        .unwrap_or_default()
                        .contains("Pick an object.")
                    {
                        assert!(Instant::now() < deadline, "farlook would not close:\n{s}");
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    return (seen, self.settle());
                }
                assert!(
                    Instant::now() < deadline,
                    "waited 20 s for the game to read its keys; the screen was:\n{s}"
                );
                if s.lines().next().is_some_and(|l| l.starts_with("Call ")) {
                    // What a monster did in view (one quaffing a potion)
                    // asks the hero to name the object: declined, and the
                    // `;` it took typed again.
                    self.keys(&["Escape"]);
                    continue 'ask;
                }
                if s.contains("--More--") {
                    self.keys(&[if pages { "Enter" } else { "Escape" }]);
                    // A window's next page differs from this one; ESC
                    // typed twice does no harm, so messages wait 2 s at most.
                    let turned = Instant::now();
                    while self.screen().as_deref() == Some(s.as_str())
                        && (pages || turned.elapsed() < Duration::from_secs(2))
                    {
                        assert!(Instant::now() < deadline, "the page would not turn:\n{s}");
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    seen.push(s);
                    continue 'ask;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }

    /// Types `#flanking` and answers its question: the creature `moves`
    /// (cursor keys) away from the hero, or the hero with none.
    pub fn ask_flanking(&self, moves: &[&str]) {
        self.text("#flanking");
        self.keys(&["Enter"]);
        self.wait_for("Show flanking around which creature?");
        let mut keys = moves.to_vec();
        keys.push(".");
        self.keys(&keys);
    }

    /// `#flanking` on the hero: every page of its window (tty ends each
    /// with `--More--`), joined, read until the game waits for a command
    /// again.
    pub fn flanking_view(&self) -> String {
        self.ask_flanking(&[]);
        self.wait_for("Flanking around you");
        let all = self.window_pages().concat();
        assert!(all.contains("Flanking around you"), "no #flanking window");
        all
    }

    /// The first page of `#flanking`'s window, whole: tty draws it line by
    /// line, and its `--More--` comes last. Its header alone may stand on
    /// the screen before the lines under it.
    pub fn flanking_window(&self) -> String {
        self.wait_for("Flanking around");
        self.wait_for("--More--")
    }

    /// Answers every pending `--More--` (curses' `>>` too) and returns the
    /// settled screen.
    pub fn settle(&self) -> String {
        let start = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(200));
            let s = self.screen().unwrap_or_default();
            if !more_pending(&s) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("--More-- would not go away; the screen was:\n{s}");
            }
            self.answer_more(&s);
        }
    }

    /// Every page of `^X`'s window (a menu of pages; `>` turns to the
    /// next, and the last stays), read in order; the window is closed and
    /// the screen settled after.
    pub fn attribute_pages(&self) -> Vec<String> {
        self.keys(&["C-x"]);
        let pages = self.menu_pages("attributes:", |_| false);
        self.keys(&["Escape"]);
        self.settle();
        pages
    }

    /// The pages of the menu that shows `first` on its first page, read
    /// in order up to the one where `stop` holds or the last: tty ends a
    /// page of a menu with "(k of n)" ("(end)" if it has one), and `>`
    /// turns to the next, which the test waits for by that mark. The
    /// menu is left open on the page read last.
    pub fn menu_pages(&self, first: &str, stop: impl Fn(&str) -> bool) -> Vec<String> {
        let mut pages = vec![self.wait_for(first)];
        loop {
            let page = pages.last().unwrap();
            let mark = page_mark(page)
                .unwrap_or_else(|| panic!("a menu page with no (k of n) or (end):\n{page}"));
            match mark {
                Some((k, n)) if k < n && !stop(page) => {
                    self.keys(&[">"]);
                    pages.push(self.wait_for(&format!("({} of {n})", k + 1)));
                }
                _ => return pages,
            }
        }
    }

    /// Answers every `--More--` (and any screen that stays the same for
    /// two seconds: the tombstone, the score list) with Enter until the
    /// game has ended and its session is gone; panics after 30 s.
    pub fn answer_until_exit(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut last = (String::new(), Instant::now());
        while let Some(s) = self.screen() {
            assert!(
                Instant::now() < deadline,
                "the game did not end; the screen was:\n{s}"
            );
            if s != last.0 {
                last = (s.clone(), Instant::now());
            }
            if s.contains("--More--") || last.1.elapsed() > Duration::from_secs(2) {
                self.keys(&["Enter"]);
                last.1 = Instant::now();
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the game has ended and its session is gone.
    pub fn wait_exit(&self) {
        let start = Instant::now();
        while self.screen().is_some() {
            if start.elapsed() > Duration::from_secs(20) {
                panic!(
                    "the game did not end; the screen was:\n{}",
                    self.screen().unwrap_or_default()
                );
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux().arg("kill-server").status();
    }
}

/// Wizard mode's commands, as a player types them.
impl Tmux {
    /// Sets the hero's experience level (`#levelchange`).
    pub fn wizard_level(&self, level: u32) {
        self.text("#levelchange");
        self.keys(&["Enter"]);
        self.wait_for("To what experience level do you want to be set?");
        self.text(&level.to_string());
        self.keys(&["Enter"]);
        self.wait_message(&format!("Xp:{level}"));
        self.settle();
    }

    /// Wishes for `what` (`^W`): the inventory letter of what was given,
    /// from the message "x - ...", which ends with `ends` (an unidentified
    /// wand is "a forked wand.").
    pub fn wizard_wish(&self, what: &str, ends: &str) -> String {
        self.keys(&["C-w"]);
        self.wait_for("For what do you wish?");
        self.text(what);
        self.keys(&["Enter"]);
        let s = self.wait_for(ends);
        s.lines()
            .next()
            .filter(|l| l.trim_end().ends_with(ends))
            .and_then(|l| l.split(" - ").next())
            .filter(|l| l.len() == 1)
            .unwrap_or_else(|| panic!("wished for {what:?} and got no item:\n{s}"))
            .to_string()
    }

    /// Makes `what` next to the hero (`^G`; no time passes). Its messages
    /// are left on the screen for the caller to settle.
    pub fn wizard_create(&self, what: &str) {
        self.keys(&["C-g"]);
        self.wait_for("Create what kind of monster?");
        self.text(what);
        self.keys(&["Enter"]);
    }

    /// Answers every pending `--More--` and waits until the screen stays
    /// the same for a moment (a new level is drawn after its status line):
    /// the settled screen.
    pub fn steady(&self) -> String {
        let mut last = self.settle();
        for _ in 0..50 {
            let s = self.settle();
            if s == last {
                return s;
            }
            last = s;
        }
        panic!("the screen would not settle:\n{last}");
    }
}

/// The first `n` rows of `screen`, joined by a space: a message that tty
/// (or the message window) wrapped onto the next rows, read as one line.
pub fn top_rows(screen: &str, n: usize) -> String {
    screen
        .lines()
        .take(n)
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the game waits for a key to show more messages: tty's
/// `--More--`, or curses' `>>` at the end of its message line (the top
/// line).
pub fn more_pending(screen: &str) -> bool {
    screen.contains("--More--")
        || screen
            .lines()
            .next()
            .is_some_and(|l| l.trim_end().ends_with(">>"))
}

/// A tty menu page's mark: `Some(Some((k, n)))` for "(k of n)",
/// `Some(None)` for "(end)", `None` for neither (the page is not drawn
/// whole yet: tty draws the mark last).
pub fn page_mark(screen: &str) -> Option<Option<(u32, u32)>> {
    screen.lines().rev().find_map(|l| {
        let l = l.trim();
        if l.ends_with("(end)") {
            return Some(None);
        }
        let inner = l.strip_suffix(')')?.rsplit_once('(')?.1;
        let (k, n) = inner.split_once(" of ")?;
        Some(Some((k.parse().ok()?, n.parse().ok()?)))
    })
}

/// The turn counter on the status line (the `time` option), if shown.
pub fn turn(screen: &str) -> Option<u32> {
    let i = screen.rfind(" T:")?;
    screen[i + 3..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .ok()
}

impl Tmux {
    /// Spends `n` turns searching, one key at a time (a monster may interrupt
    /// a counted search), each read to its end ([`Tmux::sync`]), and
    /// returns the turn counter afterwards: the game's, with no key left
    /// unread.
    pub fn pass_turns(&self, n: u32) -> u32 {
        let start = turn(&self.sync()).expect("no turn counter");
        for _ in 0..4 * n + 8 {
            self.text("s");
            let s = self.sync();
            let now = turn(&s).expect("no turn counter");
            if now >= start + n {
                return now;
            }
        }
        panic!("{n} turns did not pass:\n{}", self.sync());
    }
}

/// The shell command that runs `bin` with `args` in `playground`, options
/// from `rc`; `; sleep 1` keeps the window a moment after the game, so a
/// crash message can still be captured.
pub fn game_cmd(bin: &Path, playground: &Path, rc: &Path, args: &str) -> String {
    format!(
        "NETHACK_FLANKING_PLAYGROUND={} NETHACKOPTIONS=@{} {} {args}; sleep 1",
        sh_quote(&playground.display().to_string()),
        sh_quote(&rc.display().to_string()),
        sh_quote(&bin.display().to_string())
    )
}

impl Tmux {
    /// Waits for a saved game to be restored and checks that it is back at
    /// the turn it was saved on; returns the screen.
    pub fn expect_restored(&self, turns: u32) -> String {
        self.wait_for("Restoring save file");
        self.keys(&["Enter"]);
        let s = self.wait_for("Dlvl:1");
        assert_eq!(
            turn(&s),
            Some(turns),
            "the restored game should be at turn {turns}:\n{s}"
        );
        s
    }

    /// Saves the game with `S` and waits until it has ended.
    pub fn save_and_exit(&self) {
        self.settle();
        self.keys(&["S"]);
        self.wait_for("Really save?");
        self.keys(&["y"]);
        self.wait_exit();
    }
}

/// A shell word: `'...'` with quotes escaped.
pub fn sh_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Makes `playground` as the launcher makes a new one (running `bin
/// --version` there) and sets sysconf `key=value` in it, replacing any
/// line of that key.
pub fn playground_with(bin: &Path, playground: &Path, key: &str, value: &str) {
    let out = std::process::Command::new(bin)
        .env("NETHACK_FLANKING_PLAYGROUND", playground)
        .arg("--version")
        .output()
        .expect("run the game");
    assert!(out.status.success(), "--version failed");
    let sysconf = playground.join("sysconf");
    let text = std::fs::read_to_string(&sysconf).unwrap();
    let prefix = format!("{key}=");
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with(&prefix))
        .map(str::to_string)
        .collect();
    lines.push(format!("{key}={value}"));
    std::fs::write(&sysconf, lines.join("\n") + "\n").unwrap();
}

/// Every rule set sysconf FLANKING_RULES takes, from the rule-set table.
pub fn rule_sets() -> Vec<&'static str> {
    rust_flanking::facing::RuleSet::all()
        .map(|r| r.name())
        .collect()
}

/// The map part of a tty screen: rows 1..=21 of the 80x24 window.
pub fn map_rows(screen: &str) -> Vec<Vec<char>> {
    screen
        .lines()
        .skip(1)
        .take(21)
        .map(|l| l.chars().collect())
        .collect()
}

/// Where character `c` is on the map rows, (column, row) each.
pub fn find(rows: &[Vec<char>], c: char) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &ch) in row.iter().enumerate() {
            if ch == c {
                out.push((x as i32, y as i32));
            }
        }
    }
    out
}

/// The character at (x, y) of the map rows; a space off them.
pub fn at(rows: &[Vec<char>], x: i32, y: i32) -> char {
    if x < 0 || y < 0 {
        return ' ';
    }
    rows.get(y as usize)
        .and_then(|r| r.get(x as usize))
        .copied()
        .unwrap_or(' ')
}

/// Is the glyph a creature (a letter, or `:;&'`: a newt that wandered up
/// counts as much as a jackal)?
pub fn creature(c: char) -> bool {
    c.is_alphabetic() || ":;&'".contains(c)
}

/// Does a creature or another `@` stand next to the square (hx, hy) of
/// the map rows? Then a hero there may be flanked by what the level
/// holds, not by the test.
pub fn company_at(rows: &[Vec<char>], (hx, hy): (i32, i32)) -> bool {
    (-1..=1).any(|dx| {
        (-1..=1).any(|dy| {
            let c = at(rows, hx + dx, hy + dy);
            (dx, dy) != (0, 0) && (creature(c) || c == '@')
        })
    })
}

/// The vi-key for a step (dx, dy).
pub fn key(dx: i32, dy: i32) -> &'static str {
    match (dx.signum(), dy.signum()) {
        (-1, 0) => "h",
        (1, 0) => "l",
        (0, -1) => "k",
        (0, 1) => "j",
        (-1, -1) => "y",
        (1, -1) => "u",
        (-1, 1) => "b",
        (1, 1) => "n",
        _ => panic!("no step"),
    }
}

/// The game started with sysconf `KEY=VALUE`, which it must refuse: the
/// line of that entry in the playground's sysconf, and the screen that
/// says "1 error in sysconf". `tag` names the scratch directory and the
/// tmux session.
pub fn sysconf_error(tag: &str, key: &str, value: &str) -> (usize, String) {
    let game = Path::new(env!("CARGO_BIN_EXE_nethack-flanking"));
    let scratch = Scratch::new(tag);
    let pg = scratch.path().join("playground");
    playground_with(game, &pg, key, value);
    let entry = format!("{key}={value}");
    let sysconf = std::fs::read_to_string(pg.join("sysconf")).unwrap();
    let line = sysconf.lines().position(|l| l == entry).unwrap() + 1;
    let rc = write_config(scratch.path(), tag);
    let t = Tmux::start(tag, &game_cmd(game, &pg, &rc, ""));
    // "1 error in /.../playground/sysconf.": the file whole, which the
    // terminal wraps at its 80th column wherever the path's length puts it
    // (even between "sysconf" and its full stop), so the screen is read
    // with its lines joined
    let want = format!("1 error in {}.", pg.join("sysconf").display());
    let joined = |s: &str| s.lines().map(str::trim_end).collect::<String>();
    let mut s = String::new();
    for _ in 0..200 {
        s = t.screen().unwrap_or_default();
        if joined(&s).contains(&want) {
            return (line, s);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("waited 20 s for {want:?}; the screen was:\n{s}")
}

/// The seed every scene is played with: the same scene, options and keys
/// then play the same game, every run.
pub const SCENE_SEED: u32 = 1;

/// How the map of a scene is drawn on the screen ([`Tmux::play_scene_drawn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// Walls as `-` and `|`, as the scene writes them (the default symbols).
    Plain,
    /// Walls in a symbol set's characters (DECgraphics, IBMgraphics,
    /// curses' own), which the test does not read.
    Symbols,
}

/// A scene of the game's tests: an arena scenario (`tests/scenes/*.arena`,
/// the arena's format) that a test plays itself with `--arena-play`. The
/// game writes its map onto an empty first level and makes its creatures
/// where the map puts them, with the random numbers seeded from
/// [`SCENE_SEED`], the clock stopped and no random monster coming: what
/// stands where is the scene's, not a random level's. A test finds the
/// hero (the only `@`) on the screen and everything else from there, by
/// the steps the map puts between them.
pub struct Scene {
    pub path: PathBuf,
    map: Vec<Vec<char>>,
    hero: (i32, i32),
}

impl Scene {
    /// The scene `tests/scenes/NAME.arena`, read by the arena's own parser
    /// (a bad scene fails naming its file and line).
    pub fn new(name: &str) -> Scene {
        let path = repo().join("tests/scenes").join(format!("{name}.arena"));
        let scenario =
            rust_flanking::arena::Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let (row, col) = scenario.hero_at;
        Scene {
            path,
            map: scenario.map.iter().map(|l| l.chars().collect()).collect(),
            hero: (col as i32, row as i32),
        }
    }

    /// The arguments that play it: `--arena FILE --arena-seed=N
    /// --arena-play` (debug mode, which it implies).
    pub fn args(&self) -> String {
        format!(
            "--arena {} --arena-seed={SCENE_SEED} --arena-play",
            sh_quote(&self.path.display().to_string())
        )
    }

    /// Where the map puts `c`, as steps from the hero: (dx, dy) each.
    pub fn steps_to(&self, c: char) -> Vec<(i32, i32)> {
        find(&self.map, c)
            .into_iter()
            .map(|(x, y)| (x - self.hero.0, y - self.hero.1))
            .collect()
    }

    /// The one square the map marks `c`, as a step from the hero.
    pub fn one(&self, c: char) -> (i32, i32) {
        let at = self.steps_to(c);
        assert_eq!(at.len(), 1, "{}: one {c:?} on the map", self.path.display());
        at[0]
    }

    /// The map's glyph `d` steps from the hero.
    pub fn glyph(&self, d: (i32, i32)) -> char {
        at(&self.map, self.hero.0 + d.0, self.hero.1 + d.1)
    }
}

impl Tmux {
    /// Starts the scene in a game (`bin` in `playground`, options from
    /// `rc`) and waits until it stands on the screen: one `@`, the
    /// scene's walls where the map puts them around it, and a screen that
    /// stays the same. The screen and the hero's square on it.
    pub fn play_scene(
        tag: &str,
        scene: &Scene,
        bin: &Path,
        playground: &Path,
        rc: &Path,
    ) -> (Tmux, String, (i32, i32)) {
        Tmux::play_scene_drawn(tag, scene, bin, playground, rc, Drawn::Plain)
    }

    /// [`Tmux::play_scene`] under options that may draw the map with other
    /// symbols (`drawn`): under [`Drawn::Symbols`] (a symbol set's line
    /// drawing, which tmux shows as letters or not at all) the scene is
    /// known by its one `@` and a creature's letter on each square where
    /// the scene puts a creature, not by its walls.
    pub fn play_scene_drawn(
        tag: &str,
        scene: &Scene,
        bin: &Path,
        playground: &Path,
        rc: &Path,
        drawn: Drawn,
    ) -> (Tmux, String, (i32, i32)) {
        let t = Tmux::start(tag, &game_cmd(bin, playground, rc, &scene.args()));
        t.wait_for("Dlvl:1");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let s = t.steady();
            let rows = map_rows(&s);
            let heroes = find(&rows, '@');
            if let [(hx, hy)] = heroes[..] {
                let walls = scene.map.iter().enumerate().all(|(y, row)| {
                    row.iter().enumerate().all(|(x, &c)| {
                        let shown = at(
                            &rows,
                            hx + x as i32 - scene.hero.0,
                            hy + y as i32 - scene.hero.1,
                        );
                        match drawn {
                            Drawn::Plain => !"-|".contains(c) || shown == c,
                            Drawn::Symbols => !c.is_alphabetic() || creature(shown),
                        }
                    })
                });
                if walls {
                    return (t, s, (hx, hy));
                }
            }
            assert!(
                Instant::now() < deadline,
                "the scene {} is not on the screen:\n{s}",
                scene.path.display()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}
