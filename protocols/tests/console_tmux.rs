//! `turbochess play` in a real terminal (tmux): typed keys, the screen as a
//! person sees it. Needs tmux, so it is opt-in:
//! `cargo test --release --test console_tmux -- --ignored`.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(args)
        .output()
        .expect("tmux installed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits until the pane shows `text` (or fails after 20 s).
fn wait_for(session: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-t", session, "-p", "-S", "-200"]);
        if screen.contains(text) {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "'{text}' never shown:\n{screen}"
        );
        sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs tmux; run with --ignored"]
fn a_person_plays_in_tmux() {
    let session = format!("turbo_console_{}", std::process::id());
    let bin = std::path::PathBuf::from(env!("CARGO_BIN_EXE_turbochess"));
    let command = format!("{} play --no-pgn --level ply:2 --seed 5", bin.display());
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "50",
        &command,
    ]);
    // Keep the pane after the program exits, to read its last words.
    tmux(&["set-option", "-t", &session, "remain-on-exit", "on"]);
    wait_for(&session, "Your move (White)");
    tmux(&["send-keys", "-t", &session, "e4", "Enter"]);
    wait_for(&session, "Turbo Chess plays 1...");
    tmux(&["send-keys", "-t", &session, "t", "Enter"]);
    let screen = wait_for(&session, "h g f e d c b a");
    // A terminal echoes the typed line itself: the program must not repeat it.
    assert_eq!(
        screen.matches("command (? for help): e4").count(),
        1,
        "{screen}"
    );
    assert!(!screen.contains("\ne4\n"), "input echoed twice:\n{screen}");
    tmux(&["send-keys", "-t", &session, "q", "Enter"]);
    wait_for(&session, "Goodbye.");
    tmux(&["kill-session", "-t", &session]);
}
