//! A game's process dies (SIGKILL, as an out-of-memory kill, a crash or a
//! power cut ends it) mid-fight, and the next start under the same name
//! gets the game back from its last checkpoint (issue 38): NetHack writes
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

/// The next start (tmux session `tag`) after the dead game of process
/// `pid` and lock `lock_name`, which cannot be given back: it says so, with
/// `reason` and the name its files are kept under (crashPID<lock>), whose
/// lock holds `lock_bytes`, the dead game's as they were; then a new game
/// begins. The session, and the name the files are kept under.
fn next_start_keeps(
    tag: &str,
    pg: &Path,
    rc: &Path,
    (pid, lock_name): (i32, &str),
    reason: &str,
    lock_bytes: &[u8],
) -> (Tmux, String) {
    let t = Tmux::start(tag, &debug_game(pg, rc, false));
    let s = t.wait_joined("cannot be recovered");
    println!("--- {reason}:\n{s}");
    let kept = format!("crash{pid}{lock_name}");
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
        paniclog.contains(&format!("(process {pid}, files "))
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
/// start names it and why, keeps its files as crashPID<lock>.N (the same
/// bytes), notes it in the paniclog, and starts a new game. And one whose
/// checkpoint is cut short in the game's state, which only the restore
/// finds: its files wait as recoveredPID<lock>.N, and the next start says
/// it could not be restored and keeps them as unrestoredPID<lock>.N.
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
    let pid = kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let lock_name = lock.file_name().unwrap().to_string_lossy().into_owned();
    let before = std::fs::read(&lock).unwrap();
    assert_eq!(before.len(), 4, "the lock should hold the pid alone");
    let (t, _) = next_start_keeps(
        "e2ecrl2",
        &pg,
        &rc,
        (pid, &lock_name),
        "it holds no checkpoint",
        &before,
    );

    // 2. a checkpoint cut short (killed while it was written)
    t.settle();
    let pid = kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let whole = std::fs::read(&lock).unwrap();
    assert!(whole.len() > 100, "no checkpoint in the lock");
    std::fs::write(&lock, &whole[..40]).unwrap();
    let level = std::fs::read(pg.join(lock_name.replace(".0", ".1"))).unwrap();
    let (t, kept) = next_start_keeps(
        "e2ecrl3",
        &pg,
        &rc,
        (pid, &lock_name),
        "its checkpoint is cut short",
        &whole[..40],
    );
    assert_eq!(
        std::fs::read(pg.join(kept.replace(".0", ".1"))).unwrap(),
        level,
        "the dead game's level was not kept as it was"
    );

    // 3. a checkpoint whole in its head and cut short in the game's
    //    state: the save rebuilt from it fails to restore (NetHack's
    //    "Error restoring old game.", which deletes that save), and the
    //    next start says so, the dead game's files kept
    t.settle();
    let pid = kill_game(&t, &pg, "wizard.0");
    let lock = own_files(&pg, "wizard.0")[0].clone();
    let whole = std::fs::read(&lock).unwrap();
    std::fs::write(&lock, &whole[..300]).unwrap();
    let level = std::fs::read(pg.join(lock_name.replace(".0", ".1"))).unwrap();
    let t = Tmux::start("e2ecrl4", &debug_game(&pg, &rc, false));
    let s = t.wait_joined("Error restoring old game.");
    println!("--- a state cut short, restored:\n{s}");
    t.wait_exit();
    let held = format!("recovered{pid}{lock_name}");
    assert_eq!(
        std::fs::read(pg.join(&held)).unwrap(),
        &whole[..300],
        "the pieces of the game whose restore failed are gone"
    );
    let t = Tmux::start("e2ecrl5", &debug_game(&pg, &rc, false));
    // its message, and one for the lock the failed restore left (it
    // holds only that process's number), each waiting for a key, in the
    // order the directory lists them
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
    let unrestored = format!("unrestored{pid}{lock_name}");
    assert!(
        told.contains(&format!(
            "Your game of process {pid} (wizard) was rebuilt from its checkpoint but could not be restored"
        )) && told.contains(&unrestored.replace(".0", ".*")),
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
        3,
        "the paniclog should note the two dead games and the failed restore's lock:\n{paniclog}"
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
/// (crashPIDalock.N), as before, saying so, and plays his own; alice's
/// next start finds her game there and gets it back, at the turn of its
/// checkpoint, the game's start.
#[test]
fn another_players_dead_game_is_kept_for_its_owner() {
    let scratch = Scratch::new("e2ecrp");
    let pg = scratch.path().join("playground");
    let rc = |name: &str| {
        let dir = scratch.path().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        write_config(&dir, name)
    };
    let (alice, bob) = (rc("alice"), rc("bob"));
    let play =
        |tag: &str, rc: &Path| Tmux::start(tag, &common::game_cmd(Path::new(GAME), &pg, rc, ""));

    let t = play("e2ecrp1", &alice);
    t.wait_for("Dlvl:1");
    t.settle();
    let at = t.pass_turns(3);
    assert!(at > 1);
    let pid = kill_game(&t, &pg, "alock.0");

    let t = play("e2ecrp2", &bob);
    let s = t.wait_joined("is gone");
    println!("--- bob's start:\n{s}");
    let kept = format!("crash{pid}alock");
    assert!(
        s.contains(&format!("The game of lock alock (process {pid}) is gone")) && s.contains(&kept),
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
