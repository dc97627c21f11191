//! A game's process dies (SIGKILL, as an out-of-memory kill, a crash or a
//! power cut ends it) mid-fight, and the next start under the same name
//! gets the game back from its last checkpoint: NetHack writes
//! one at the game's start, on every level change and after a restore
//! (INSURANCE), and the game rebuilds it into a save as NetHack's
//! `recover` does (variant/game/src/flankrecover.c), restores it, and says
//! so. Under the default rules, with the killed process reaped at once,
//! and under `FLANKING_RULES=dnd`, with the killed process left a zombie
//! (its parent does not reap it: `kill(pid, 0)` still finds it, which hid
//! the dead game before). And a dead game that cannot be given back (no
//! checkpoint yet; one cut short) is named to the player with the reason,
//! and its files kept aside, not deleted.
//!
//! And what a shell user tried against the setgid install fails: a
//! checkpoint or level he forged under SAVEKEY, where the game's files are
//! within his reach, is kept aside unread, never rebuilt, marked or
//! restored; the pid in his lock names nothing, and no set kept aside is
//! ever replaced; a message left unanswered holds no other player's
//! start; forged locks (a live pid, a date in 2037) lock no one out, and a
//! live game's lock is never taken; the longest name is said whole.
//!
//! Debug mode (`-D`) plays as "wizard": the game's files are
//! `<uid>wizard.0` (its lock: the process's number, then the checkpoint)
//! and `<uid>wizard.N` (its levels), in the playground. The fight: `^V`
//! to level 3 (a checkpoint, at its turn), turns pass, `^G` makes two
//! jackals beside the hero, they bite, and the game is killed.

mod common;

use common::{find, map_rows, sh_quote, turn, write_config, Scratch, Tmux};
use std::path::{Path, PathBuf};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

/// The files of the playground whose names end with `suffix` and do not
/// start with `crash`: a game's own, not one kept aside.
fn own_files(pg: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(pg)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.ends_with(suffix) && !n.starts_with("crash")
        })
        .map(|e| e.path())
        .collect();
    v.sort();
    v
}

/// The names in the playground starting with `prefix`, sorted.
fn names_with(pg: &Path, prefix: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(pg)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    v.sort();
    v
}

/// The process of the game in progress: the first int of its lock,
/// `lock` (`wizard.0` for `<uid>wizard.0`, `alock.0`).
fn game_pid(pg: &Path, lock: &str) -> i32 {
    let locks = own_files(pg, lock);
    assert_eq!(locks.len(), 1, "one lock of the game: {locks:?}");
    let bytes = std::fs::read(&locks[0]).unwrap();
    assert!(bytes.len() >= 4, "the lock holds no process number");
    i32::from_ne_bytes(bytes[..4].try_into().unwrap())
}

/// The state of process `pid` (Linux's /proc/PID/stat), if it exists.
fn proc_state(pid: i32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.chars().next()
}

fn sigkill(pid: i32) {
    let st = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(st.success(), "kill -KILL {pid} failed");
}

/// Kills the game of `t` (SIGKILL), whose lock is `lock`, and waits until
/// its session has ended: its process number.
fn kill_game(t: &Tmux, pg: &Path, lock: &str) -> i32 {
    let pid = game_pid(pg, lock);
    sigkill(pid);
    t.wait_exit();
    pid
}

/// The next start (tmux session `tag`) after the dead game of lock
/// `lock_name`, which cannot be given back: it says so, with `reason` and
/// the name its files are kept under (crashN<lock>, N the time it was
/// kept, a new name), whose lock holds `lock_bytes`, the dead game's as
/// they were; then a new game begins. The session, and the name the files
/// are kept under.
fn next_start_keeps(
    tag: &str,
    pg: &Path,
    rc: &Path,
    lock_name: &str,
    reason: &str,
    lock_bytes: &[u8],
) -> (Tmux, String) {
    let before = names_with(pg, "crash");
    let t = Tmux::start(tag, &debug_game(pg, rc, false));
    let s = t.wait_joined("cannot be recovered");
    println!("--- {reason}:\n{s}");
    let kept = new_kept(pg, &before, lock_name);
    assert!(
        s.contains(reason) && s.contains(&kept.replace(".0", ".*")),
        "no reason, or not where it is kept:\n{s}"
    );
    assert_eq!(std::fs::read(pg.join(&kept)).unwrap(), lock_bytes);
    t.keys(&["Enter"]);
    let s = t.wait_message("Dlvl:1");
    assert_eq!(turn(&s), Some(1), "not a new game:\n{s}");
    (t, kept)
}

/// The one set kept aside since `before` (names_with(pg, "crash")): its
/// level 0 file, `crash<N><lock_name>` (`lock_name` ends in ".0").
fn new_kept(pg: &Path, before: &[String], lock_name: &str) -> String {
    let new: Vec<String> = names_with(pg, "crash")
        .into_iter()
        .filter(|n| n.ends_with(".0") && !before.contains(n))
        .collect();
    assert_eq!(new.len(), 1, "one set newly kept aside: {new:?}");
    let base = lock_name.trim_end_matches(".0");
    let num = new[0]
        .strip_prefix("crash")
        .and_then(|r| r.strip_suffix(".0"))
        .and_then(|r| {
            r.strip_suffix(base)
                .or_else(|| r.rsplit_once('_').and_then(|(a, _)| a.strip_suffix(base)))
        })
        .unwrap_or("");
    assert!(
        !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()),
        "not kept as crash<N>{lock_name}: {}",
        new[0]
    );
    new[0].clone()
}

/// Waits (20 s at most) until process `pid` is dead: gone, or a zombie.
fn wait_dead(pid: i32) {
    let start = std::time::Instant::now();
    while !matches!(proc_state(pid), None | Some('Z') | Some('X')) {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(20),
            "process {pid} did not die"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The game in debug mode in `pg` with options from `rc`, as a shell
/// command. With `zombie`, run as the child of a process that never reaps
/// it (perl forks, the child execs the game, the parent sleeps): killed,
/// it stays a zombie as long as that tmux session lives.
fn debug_game(pg: &Path, rc: &Path, zombie: bool) -> String {
    let env = format!(
        "NETHACK_FLANKING_PLAYGROUND={} NETHACKOPTIONS=@{}",
        sh_quote(&pg.display().to_string()),
        sh_quote(&rc.display().to_string())
    );
    if zombie {
        format!(
            "{env} perl -e 'my $p = fork; if (!$p) {{ exec @ARGV; die }} sleep 600' {} -D",
            sh_quote(GAME)
        )
    } else {
        format!("{env} {} -D; sleep 1", sh_quote(GAME))
    }
}

/// A game killed mid-fight and given back. `rules`: sysconf
/// FLANKING_RULES, or the default; `zombie`: see [`debug_game`].
fn killed_mid_fight_comes_back(tag: &str, rules: Option<&str>, zombie: bool) {
    let scratch = Scratch::new(tag);
    let pg = scratch.path().join("playground");
    let want_rules = rules.unwrap_or("proposal");
    if let Some(r) = rules {
        common::playground_with(Path::new(GAME), &pg, "FLANKING_RULES", r);
    }
    let rc = write_config(scratch.path(), "crash");

    let t = Tmux::start(&format!("{tag}1"), &debug_game(&pg, &rc, zombie));
    t.wait_for("Dlvl:1");
    t.settle();
    // A later checkpoint: a level change writes one.
    t.pass_turns(3);
    t.keys(&["C-v"]);
    t.wait_for("To what level do you want to teleport?");
    t.text("3");
    t.keys(&["Enter"]);
    t.wait_message("Dlvl:3");
    let s = t.sync();
    let checkpoint = turn(&s).expect("a turn counter");
    assert!(
        checkpoint > 1,
        "no turn passed before the level change:\n{s}"
    );
    // Turns pass, then the fight: two jackals bite.
    let later = t.pass_turns(3);
    t.wizard_create("jackal");
    t.settle();
    t.wizard_create("jackal");
    t.settle();
    let fight_turn = t.pass_turns(2);
    let s = t.sync();
    assert!(
        fight_turn > later && later > checkpoint,
        "turns did not pass after the checkpoint ({checkpoint}, {later}, {fight_turn}):\n{s}"
    );
    let rows = map_rows(&s);
    let (hx, hy) = find(&rows, '@')[0];
    assert!(
        find(&rows, 'd')
            .iter()
            .any(|&(x, y)| (x - hx).abs() <= 1 && (y - hy).abs() <= 1),
        "no jackal at the hero: not mid-fight:\n{s}"
    );

    // The process dies.
    let pid = game_pid(&pg, "wizard.0");
    sigkill(pid);
    wait_dead(pid);
    if zombie {
        assert_eq!(
            proc_state(pid),
            Some('Z'),
            "the killed game should be a zombie, its parent not reaping it"
        );
    } else {
        t.wait_exit();
        assert_eq!(proc_state(pid), None, "the killed game was not reaped");
    }
    let dead_files = own_files(&pg, "");
    assert!(
        dead_files
            .iter()
            .any(|p| p.to_string_lossy().ends_with("wizard.3")),
        "the dead game left no level file: {dead_files:?}"
    );

    // The next start under the same name gets it back.
    let t2 = Tmux::start(&format!("{tag}2"), &debug_game(&pg, &rc, false));
    let s = t2.wait_for("Restoring save file");
    println!("--- the next start:\n{s}");
    t2.keys(&["Enter"]);
    let s = t2.wait_for("welcome back");
    assert!(
        s.contains("wizard, the") && s.contains("Valkyrie"),
        "not the same character back:\n{s}"
    );
    t2.wait_message("keep the save file?");
    t2.keys(&["n"]);
    let told = format!("Your game was recovered from its last checkpoint (turn {checkpoint})");
    let s = t2.wait_message(&told);
    println!("--- the recovered game:\n{s}");
    let s = t2.sync();
    assert_eq!(
        turn(&s),
        Some(checkpoint),
        "the game should be back at its checkpoint's turn:\n{s}"
    );
    assert!(
        s.contains("Dlvl:3"),
        "not back on the checkpoint's level:\n{s}"
    );
    // Its rules: the playground's, as the restored game's `#flanking`
    // names them.
    let view = t2.flanking_view();
    println!("--- #flanking:\n{view}");
    assert!(
        view.contains(&format!("FLANKING_RULES={want_rules}):")),
        "the recovered game does not play the playground's rules ({want_rules}):\n{view}"
    );
    if rules == Some("dnd") {
        let pages = t2.attribute_pages().concat();
        assert!(
            pages.contains("You are facing "),
            "^X names no facing under dnd after the recovery:\n{pages}"
        );
    }
    // Nothing of the dead game is left, nothing was kept aside, and the
    // admin has a line for each step.
    assert!(
        names_with(&pg, "crash").is_empty(),
        "pieces kept aside though the game came back: {:?}",
        names_with(&pg, "crash")
    );
    let save: Vec<_> = std::fs::read_dir(pg.join("save"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert!(save.is_empty(), "the rebuilt save is still there: {save:?}");
    let paniclog = std::fs::read_to_string(pg.join("paniclog")).unwrap_or_default();
    assert!(
        paniclog.contains("the game of wizard (files ")
            && paniclog.contains("rebuilt from its checkpoint")
            && paniclog.contains(&format!("restored at turn {checkpoint}")),
        "the paniclog does not note the recovery:\n{paniclog}"
    );
    drop(t2);
    drop(t);
}

#[test]
fn a_game_killed_mid_fight_comes_back_from_its_checkpoint() {
    killed_mid_fight_comes_back("e2ecrd", None, false);
}

#[test]
fn a_zombie_game_killed_mid_fight_under_dnd_comes_back() {
    killed_mid_fight_comes_back("e2ecrz", Some("dnd"), true);
}

/// A dead game that cannot be given back: killed before its first
/// checkpoint (at the role's question, its lock holds only the process's
/// number), and one whose checkpoint is cut short. Each time the next
/// start names it and why, keeps its files as crashN<lock>.N (the same
/// bytes), notes it in the paniclog, and starts a new game. And one whose
/// checkpoint is cut short in the game's state, which only the restore
/// finds: its files wait as recoveredN<lock>.N, and the next start says
/// it could not be restored and keeps them as unrestoredN<lock>.N.
#[test]
fn a_game_that_cannot_be_recovered_is_named_and_kept() {
    let scratch = Scratch::new("e2ecrl");
    let pg = scratch.path().join("playground");
    let rc = write_config(scratch.path(), "crash");
    // no role: the game asks, before any checkpoint
    let ask = scratch.path().join("ask");
    std::fs::write(&ask, "OPTIONS=!legacy,!news,!splash_screen,time\n").unwrap();

    // 1. killed at "Shall I pick ...": no checkpoint yet
    let t = Tmux::start("e2ecrl1", &debug_game(&pg, &ask, false));
    t.wait_for("Shall I pick");
    kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let lock_name = lock.file_name().unwrap().to_string_lossy().into_owned();
    let before = std::fs::read(&lock).unwrap();
    assert_eq!(before.len(), 4, "the lock should hold the pid alone");
    let (t, _) = next_start_keeps(
        "e2ecrl2",
        &pg,
        &rc,
        &lock_name,
        "it holds no checkpoint",
        &before,
    );

    // 2. a checkpoint cut short (killed while it was written)
    t.settle();
    kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let whole = std::fs::read(&lock).unwrap();
    assert!(whole.len() > 100, "no checkpoint in the lock");
    std::fs::write(&lock, &whole[..40]).unwrap();
    let level = std::fs::read(pg.join(lock_name.replace(".0", ".1"))).unwrap();
    let (t, kept) = next_start_keeps(
        "e2ecrl3",
        &pg,
        &rc,
        &lock_name,
        "its checkpoint is cut short",
        &whole[..40],
    );
    assert_eq!(
        std::fs::read(pg.join(kept.replace(".0", ".1"))).unwrap(),
        level,
        "the dead game's level was not kept as it was"
    );

    // 3. a checkpoint whole in its head and cut short in the game's
    //    state: the save rebuilt from it fails to restore (the restore's
    //    checks refuse it, kept aside as save/NAME.refused, its level
    //    files removed), and the next start says so, the dead game's files
    //    kept
    t.settle();
    kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let whole = std::fs::read(&lock).unwrap();
    std::fs::write(&lock, &whole[..300]).unwrap();
    let level = std::fs::read(pg.join(lock_name.replace(".0", ".1"))).unwrap();
    let t = Tmux::start("e2ecrl4", &debug_game(&pg, &rc, false));
    let s = t.wait_joined("start again for a new game.");
    println!("--- a state cut short, restored:\n{s}");
    assert!(
        s.contains("The save file save/") && s.contains("wizard.refused"),
        "the refused save is not named, or not kept aside:\n{s}"
    );
    t.wait_exit();
    assert!(
        std::fs::read_dir(pg.join("save"))
            .unwrap()
            .filter_map(Result::ok)
            .any(|e| e.file_name().to_string_lossy().ends_with("wizard.refused")),
        "the refused save was not kept"
    );
    let held: Vec<String> = names_with(&pg, "recovered")
        .into_iter()
        .filter(|n| n.ends_with(lock_name.as_str()))
        .collect();
    assert_eq!(
        held.len(),
        1,
        "the pieces wait as recovered<N>{lock_name}: {held:?}"
    );
    let held = held[0].clone();
    assert_eq!(
        std::fs::read(pg.join(&held)).unwrap(),
        &whole[..300],
        "the pieces of the game whose restore failed are gone"
    );
    let t = Tmux::start("e2ecrl5", &debug_game(&pg, &rc, false));
    // its message, waiting for a key (the refusal removed the failed
    // restore's own lock and level files: no message for them)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let (mut answered, mut told) = (0, String::new());
    let s = loop {
        let s = t.joined_screen().unwrap_or_default();
        if s.contains("could not be restored") && told.is_empty() {
            told = s.clone();
        }
        if s.contains("Dlvl:1") {
            break s;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the game did not start:\n{s}"
        );
        if s.matches("Hit space to continue").count() > answered {
            t.keys(&["Enter"]);
            answered += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    println!("--- the next start:\n{told}");
    let unrestored = names_with(&pg, "unrestored");
    assert_eq!(
        unrestored.iter().filter(|n| n.ends_with(".0")).count(),
        1,
        "{unrestored:?}"
    );
    let unrestored = unrestored.into_iter().find(|n| n.ends_with(".0")).unwrap();
    assert!(
        told.contains(
            "Your game (wizard) was rebuilt from its checkpoint but could not be restored"
        ) && told.contains(&unrestored.replace(".0", ".*")),
        "the next start does not say the game could not be restored:\n{told}"
    );
    assert_eq!(std::fs::read(pg.join(&unrestored)).unwrap(), &whole[..300]);
    assert_eq!(
        std::fs::read(pg.join(unrestored.replace(".0", ".1"))).unwrap(),
        level,
        "the dead game's level was not kept as it was"
    );
    assert!(!pg.join(&held).exists(), "{held} is still there");
    t.settle();
    assert_eq!(turn(&t.sync()), Some(1), "not a new game:\n{s}");

    let paniclog = std::fs::read_to_string(pg.join("paniclog")).unwrap_or_default();
    assert_eq!(
        paniclog.matches("cannot be recovered").count(),
        2,
        "the paniclog should note the two dead games:\n{paniclog}"
    );
    assert!(
        paniclog.contains("refused save/0wizard ends before its data"),
        "the paniclog does not note the refused save:\n{paniclog}"
    );
    assert!(
        paniclog.contains("could not be restored"),
        "the paniclog does not note the failed restore:\n{paniclog}"
    );
    println!(
        "--- kept aside: {:?}\n--- paniclog:\n{paniclog}",
        names_with(&pg, "crash")
    );
}

/// Players' games as the launcher's playground runs them (sysconf
/// MAXPLAYERS=10: locks `alock`, `block`..., which do not carry the
/// player's name, so the checkpoint says whose game it is). alice's game
/// is killed; bob's start meets her dead lock and keeps her game aside
/// (crashNalock.N), as before, saying so, and plays his own; alice's
/// next start finds her game there and gets it back, at the turn of its
/// checkpoint, the game's start.
#[test]
fn another_players_dead_game_is_kept_for_its_owner() {
    let scratch = Scratch::new("e2ecrp");
    let pg = scratch.path().join("playground");
    let rc = |name: &str| player_config(&scratch, name);
    let (alice, bob) = (rc("alice"), rc("bob"));
    let play = |tag: &str, rc: &Path| play_in(&pg, tag, rc);

    let t = play("e2ecrp1", &alice);
    t.wait_for("Dlvl:1");
    t.settle();
    let at = t.pass_turns(3);
    assert!(at > 1);
    kill_game(&t, &pg, "alock.0");

    let t = play("e2ecrp2", &bob);
    let s = t.wait_joined("is gone");
    println!("--- bob's start:\n{s}");
    let kept = new_kept(&pg, &[], "alock.0");
    let kept = kept.trim_end_matches(".0");
    assert!(
        s.contains("The game of lock alock is gone") && s.contains(kept),
        "bob's start does not say where alice's game is kept:\n{s}"
    );
    t.keys(&["Enter"]);
    let s = t.wait_message("Dlvl:1");
    assert_eq!(turn(&s), Some(1), "bob plays a new game:\n{s}");
    assert!(
        !s.contains("welcome back"),
        "bob got a game back that is not his:\n{s}"
    );
    assert!(
        pg.join(format!("{kept}.0")).is_file(),
        "alice's game was not kept"
    );
    t.save_and_exit();

    let t = play("e2ecrp3", &alice);
    t.wait_for("Restoring save file");
    t.keys(&["Enter"]);
    let s = t.wait_message("Your game was recovered from its last checkpoint (turn 1)");
    println!("--- alice's start:\n{s}");
    assert!(s.contains("Alice the"), "not alice's game:\n{s}");
    assert_eq!(turn(&t.sync()), Some(1), "not at the checkpoint's turn");
    assert!(
        names_with(&pg, "crash").is_empty(),
        "alice's pieces are still kept aside: {:?}",
        names_with(&pg, "crash")
    );
    let saves: Vec<String> = std::fs::read_dir(pg.join("save"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        saves.len() == 1 && saves[0].ends_with("bob.gz"),
        "save/ should hold bob's save alone: {saves:?}"
    );
}

/// The rc file of player `name`, in a directory of its own under `scratch`.
fn player_config(scratch: &Scratch, name: &str) -> PathBuf {
    let dir = scratch.path().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    write_config(&dir, name)
}

/// A game in playground `pg`, with the rc file `rc`, in tmux session `tag`.
fn play_in(pg: &Path, tag: &str, rc: &Path) -> Tmux {
    Tmux::start(tag, &common::game_cmd(Path::new(GAME), pg, rc, ""))
}

/// A launcher playground (sysconf MAXPLAYERS=10: locks `alock`...) with
/// sysconf SAVEKEY set. The game runs as its player, not setgid, so every
/// file it writes is his to edit: the recovery may believe none of them.
fn savekey_playground(scratch: &Scratch) -> PathBuf {
    let pg = scratch.path().join("playground");
    let key = scratch.path().join("savekey");
    std::fs::write(&key, b"a key of the server, 32 bytes ok").unwrap();
    // the key must be no one else's to read or write (sysconf's check)
    std::fs::set_permissions(&key, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    common::playground_with(Path::new(GAME), &pg, "SAVEKEY", &key.display().to_string());
    pg
}

/// `f` over `len` bytes of `file` from `at` (from the end if `at` < 0).
fn forge(file: &Path, at: i64, len: usize, byte: u8) {
    let mut b = std::fs::read(file).unwrap();
    let start = if at < 0 {
        b.len() - (-at) as usize
    } else {
        at as usize
    };
    assert!(
        start + len <= b.len(),
        "{} is too short to forge",
        file.display()
    );
    b[start..start + len].fill(byte);
    std::fs::write(file, b).unwrap();
}

/// A shell user's forged checkpoint under SAVEKEY, where the game's files
/// are within his reach (here: the game does not run setgid): his game is
/// killed, he edits a piece (`what`, done by `edit` on the playground),
/// and starts again. The recovery reads nothing of it: it says why, keeps
/// the pieces aside byte for byte, marks nothing, restores nothing, and a
/// new game begins.
fn forged_piece_is_kept_unread(tag: &str, what: &str, edit: fn(&Path)) {
    let scratch = Scratch::new(tag);
    let pg = savekey_playground(&scratch);
    let rc = write_config(scratch.path(), "mallory");
    let play = |tag: &str| Tmux::start(tag, &common::game_cmd(Path::new(GAME), &pg, &rc, ""));
    let t = play(&format!("{tag}1"));
    t.wait_for("Dlvl:1");
    t.settle();
    t.pass_turns(2);
    kill_game(&t, &pg, "alock.0");
    edit(&pg);
    let (lock0, lock1) = (
        std::fs::read(pg.join("alock.0")).unwrap(),
        std::fs::read(pg.join("alock.1")).unwrap(),
    );
    let before = names_with(&pg, "crash");
    let t = play(&format!("{tag}2"));
    let s = t.wait_joined("cannot be recovered");
    println!("--- {what}:\n{s}");
    let kept = new_kept(&pg, &before, "alock.0");
    assert!(
        s.contains(
            "Your dead game of lock alock cannot be recovered: its files were within your reach"
        ) && s.contains("does not run setgid")
            && s.contains(&kept.replace(".0", ".*")),
        "{what}: the start does not say why nor where the pieces are kept:\n{s}"
    );
    assert_eq!(
        std::fs::read(pg.join(&kept)).unwrap(),
        lock0,
        "{what}: lock not kept as it was"
    );
    assert_eq!(
        std::fs::read(pg.join(kept.replace(".0", ".1"))).unwrap(),
        lock1,
        "{what}: level not kept as it was"
    );
    t.keys(&["Enter"]);
    let s = t.wait_message("Dlvl:1");
    assert_eq!(turn(&s), Some(1), "{what}: not a new game:\n{s}");
    assert!(
        !s.contains("welcome back"),
        "{what}: the forged game came back:\n{s}"
    );
    assert!(
        names_with(&pg, "recovered").is_empty(),
        "{what}: a save was rebuilt"
    );
    let saves: Vec<_> = std::fs::read_dir(pg.join("save"))
        .unwrap()
        .filter_map(Result::ok)
        .collect();
    assert!(
        saves.is_empty(),
        "{what}: a save was made of the forged pieces: {saves:?}"
    );
    let paniclog = std::fs::read_to_string(pg.join("paniclog")).unwrap_or_default();
    assert!(
        paniclog.contains("within your reach") && !paniclog.contains("rebuilt from its checkpoint"),
        "{what}: paniclog:\n{paniclog}"
    );
}

#[test]
fn a_checkpoint_forged_in_the_heros_state_is_kept_unread() {
    // the `you` struct sits early in the checkpoint's state: HP and the
    // like, overwritten
    forged_piece_is_kept_unread("e2ecfa", "the hero's state forged", |pg| {
        forge(&pg.join("alock.0"), 160, 8, 0x7f)
    });
}

#[test]
fn a_level_forged_with_a_bad_glyph_is_kept_unread() {
    forged_piece_is_kept_unread("e2ecfb", "a level's glyphs forged", |pg| {
        forge(&pg.join("alock.1"), 400, 256, 0xff)
    });
}

#[test]
fn a_checkpoint_forged_in_its_timers_is_kept_unread() {
    // the timers are saved late in the game's state: its end, overwritten
    forged_piece_is_kept_unread("e2ecfc", "the timers forged", |pg| {
        forge(&pg.join("alock.0"), -200, 120, 0x7f)
    });
}

/// The pid in a dead game's lock names nothing: a shell user who writes
/// another process's number into his lock (4242, the number of a set kept
/// aside before, `crash4242alock`) does not get his files put in its
/// place. Kept sets are named by the time they are kept and never
/// replaced: with a set already kept under every name of the next
/// minutes, the dead game is kept under one with a suffix, and every set
/// kept before is as it was.
#[test]
fn a_dead_games_files_never_replace_a_kept_set() {
    let scratch = Scratch::new("e2ecrk");
    let pg = scratch.path().join("playground");
    let rc = |name: &str| player_config(&scratch, name);
    let (mallory, bob) = (rc("mallory"), rc("bob"));
    let play = |tag: &str, rc: &Path| play_in(&pg, tag, rc);
    let t = play("e2ecrk1", &mallory);
    t.wait_for("Dlvl:1");
    t.settle();
    kill_game(&t, &pg, "alock.0");
    let mut lock = std::fs::read(pg.join("alock.0")).unwrap();
    lock[..4].copy_from_slice(&4242i32.to_ne_bytes());
    std::fs::write(pg.join("alock.0"), &lock).unwrap();

    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let mut others = vec!["crash4242alock.0".to_string()];
    others.extend((now - 2..now + 120).map(|t| format!("crash{t}alock.0")));
    for o in &others {
        std::fs::write(pg.join(o), format!("another player's kept game {o}")).unwrap();
    }
    let before = names_with(&pg, "crash");

    let t = play("e2ecrk2", &bob);
    let s = t.wait_joined("is gone");
    println!("--- bob's start:\n{s}");
    let kept = new_kept(&pg, &before, "alock.0");
    assert!(kept.ends_with("alock_2.0"), "not a name of its own: {kept}");
    assert!(
        s.contains(kept.trim_end_matches(".0")),
        "not said where:\n{s}"
    );
    t.keys(&["Enter"]);
    t.wait_message("Dlvl:1");
    for o in &others {
        assert_eq!(
            std::fs::read_to_string(pg.join(o)).unwrap(),
            format!("another player's kept game {o}"),
            "a kept set was replaced"
        );
    }
    assert_eq!(
        std::fs::read(pg.join(&kept)).unwrap(),
        lock,
        "the dead game was not kept whole"
    );
}

/// A start that has something to say (another player's dead game kept
/// aside: "... is gone ...", which waits for a key) says it once the
/// playground's lock is released: a player who leaves it on his screen
/// holds no other player's start ("Waiting for release of the lock", then
/// "I give up", before).
#[test]
fn a_message_waiting_for_a_key_holds_no_other_start() {
    let scratch = Scratch::new("e2ecrw");
    let pg = scratch.path().join("playground");
    let rc = |name: &str| player_config(&scratch, name);
    let (alice, bob, carol) = (rc("alice"), rc("bob"), rc("carol"));
    let play = |tag: &str, rc: &Path| play_in(&pg, tag, rc);
    let t = play("e2ecrw1", &alice);
    t.wait_for("Dlvl:1");
    t.settle();
    kill_game(&t, &pg, "alock.0");

    let tb = play("e2ecrw2", &bob);
    let s = tb.wait_joined("is gone");
    assert!(
        s.contains("Hit space to continue"),
        "bob's message waits for no key:\n{s}"
    );
    // bob does not answer; carol starts meanwhile
    let tc = play("e2ecrw3", &carol);
    let s = tc.wait_message("Dlvl:1");
    println!("--- carol's start, bob's message unanswered:\n{s}");
    assert!(
        !s.contains("Waiting for release"),
        "carol waited for bob:\n{s}"
    );
    assert!(s.contains("Carol the"), "not carol's game:\n{s}");
    tb.keys(&["Enter"]);
    let s = tb.wait_message("Dlvl:1");
    assert!(s.contains("Bob the"), "bob's game did not start:\n{s}");
}

/// Lock files a shell user forges (ten of them, MAXPLAYERS's every lock,
/// each naming process 1, which always runs, and dated 2037) lock no one
/// out: a lock is a game's while its process holds it, and nobody holds
/// these. alice's start keeps the first aside and plays; bob's start,
/// alice playing, leaves her lock alone (she holds it) and takes the next.
#[test]
fn forged_locks_lock_no_one_out() {
    let scratch = Scratch::new("e2ecr7");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "MAXPLAYERS", "10");
    let later = std::time::UNIX_EPOCH + std::time::Duration::from_secs(2_114_380_800); // 2037
    for c in 'a'..='j' {
        let p = pg.join(format!("{c}lock.0"));
        std::fs::write(&p, 1i32.to_ne_bytes()).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&p)
            .unwrap()
            .set_modified(later)
            .unwrap();
    }
    let rc = |name: &str| player_config(&scratch, name);
    let (alice, bob) = (rc("alice"), rc("bob"));
    let play = |tag: &str, rc: &Path| play_in(&pg, tag, rc);
    let ta = play("e2ecr71", &alice);
    let s = ta.wait_joined("is gone");
    println!("--- alice's start:\n{s}");
    assert!(s.contains("The game of lock alock is gone"), "{s}");
    ta.keys(&["Enter"]);
    let s = ta.wait_message("Dlvl:1");
    assert!(s.contains("Alice the"), "alice does not play:\n{s}");
    let alice_pid = game_pid(&pg, "alock.0");
    assert!(alice_pid > 1, "alice's lock is not hers");

    let tb = play("e2ecr72", &bob);
    let s = tb.wait_joined("is gone");
    println!("--- bob's start, alice playing:\n{s}");
    assert!(
        s.contains("The game of lock block is gone") && !s.contains("lock alock"),
        "bob's start did not leave alice's lock alone:\n{s}"
    );
    tb.keys(&["Enter"]);
    let s = tb.wait_message("Dlvl:1");
    assert!(s.contains("Bob the"), "bob does not play:\n{s}");
    assert_eq!(
        game_pid(&pg, "alock.0"),
        alice_pid,
        "alice's lock was taken"
    );
    let s = ta.sync();
    assert!(s.contains("Alice the"), "alice's game is gone:\n{s}");
}

/// The longest name (31 characters, starting with a digit) whose dead game
/// cannot be given back (killed at the role's question, no checkpoint;
/// sysconf MAXPLAYERS=0: its lock carries its name, `<uid>-<name>`): the
/// message, the reason and the name it is kept under are said whole.
#[test]
fn the_longest_name_is_said_whole() {
    let scratch = Scratch::new("e2ecrn");
    let pg = scratch.path().join("playground");
    common::playground_with(Path::new(GAME), &pg, "MAXPLAYERS", "0");
    let name = "1234567890abcdefghijklmnopqrstu";
    assert_eq!(name.len(), 31);
    let ask = scratch.path().join("ask");
    std::fs::write(
        &ask,
        format!("OPTIONS=name:{name},!legacy,!news,!splash_screen,time\n"),
    )
    .unwrap();
    let t = Tmux::start("e2ecrn1", &common::game_cmd(Path::new(GAME), &pg, &ask, ""));
    t.wait_for("Shall I pick");
    let lock = format!("{}-{name}.0", uid());
    kill_game(&t, &pg, &lock);
    let t = Tmux::start("e2ecrn2", &common::game_cmd(Path::new(GAME), &pg, &ask, ""));
    let s = t.wait_joined("for recover.");
    println!("--- the next start:\n{s}");
    let kept = new_kept(&pg, &[], &lock);
    let said = format!(
        "Your game ({name}) cannot be recovered: it holds no checkpoint (killed before its first, \
         or checkpoints off); its files are kept as {}, not deleted, for recover.",
        kept.replace(".0", ".*")
    );
    assert!(s.contains(&said), "not said whole: {said:?}\n{s}");
}

/// This process's real uid (`id -u`).
fn uid() -> u32 {
    let out = std::process::Command::new("id").arg("-u").output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}
