//! A program the game runs inherits none of the game's descriptors, only
//! standard input, output and error: on a setgid install the game holds
//! files open that the player may not touch (its lock, the level files,
//! the record's lock, nhdat), and a shell escape, a mail reader or a pager
//! of his choosing would otherwise get them (patch 0048). The shell of
//! `!` is started by `child()`, as the mail reader and the pager are; here
//! `SHELL` is a script that lists the descriptors it was given and goes.

mod common;

use common::{game_cmd, playground_with, sh_quote, write_config, Scratch, Tmux};
use std::path::Path;
use std::time::{Duration, Instant};

const GAME: &str = env!("CARGO_BIN_EXE_nethack-flanking");

#[test]
fn the_shell_escape_inherits_no_descriptor_of_the_game() {
    let scratch = Scratch::new("e2e-children");
    let pg = scratch.path().join("playground");
    playground_with(Path::new(GAME), &pg, "SHELLERS", "*");
    let rc = write_config(scratch.path(), "child");
    let listing = scratch.path().join("fds");
    let script = scratch.path().join("shell.py");
    // every descriptor the program was started with, "N -> what": a
    // Python script (a shell would open descriptors of its own to
    // redirect its output), which lists them before it opens anything
    std::fs::write(
        &script,
        format!(
            "#!/usr/bin/python3\nimport os\nfds = []\n\
             for n in os.listdir('/proc/self/fd'):\n    \
             try:\n        fds.append(n + ' -> ' + os.readlink('/proc/self/fd/' + n))\n    \
             except OSError:\n        pass\n\
             out = {:?}\nwith open(out + '.tmp', 'w') as f:\n    \
             f.write('\\n'.join(sorted(fds)) + '\\n')\nos.rename(out + '.tmp', out)\n",
            listing.display().to_string()
        ),
    )
    .unwrap();
    std::process::Command::new("chmod")
        .args(["+x", &script.display().to_string()])
        .status()
        .unwrap();

    let cmd = format!(
        "SHELL={} {}",
        sh_quote(&script.display().to_string()),
        game_cmd(Path::new(GAME), &pg, &rc, "")
    );
    let t = Tmux::start("e2echild", &cmd);
    t.wait_for("Dlvl:1");
    t.settle();
    t.keys(&["!"]);
    let start = Instant::now();
    while !listing.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the shell never ran:\n{}",
            t.screen().unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let fds = std::fs::read_to_string(&listing).unwrap();
    let open: Vec<(u32, String)> = fds
        .lines()
        .filter_map(|l| {
            let (n, what) = l.split_once(" -> ")?;
            Some((n.parse().ok()?, what.to_string()))
        })
        .collect();
    for n in [0, 1, 2] {
        assert!(
            open.iter().any(|(m, _)| *m == n),
            "the shell should have descriptor {n}:\n{fds}"
        );
    }
    // nothing beyond 0-2 (the directory listed is closed by then)
    let inherited: Vec<&(u32, String)> = open.iter().filter(|(n, _)| *n > 2).collect();
    assert!(
        inherited.is_empty(),
        "the shell inherited descriptors of the game: {inherited:?}\n{fds}"
    );
    // and the game goes on after it
    t.settle();
    t.save_and_exit();
}
