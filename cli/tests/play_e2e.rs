//! End to end: the real `yut play` binary in a real terminal (tmux, 80×24). A person
//! starts a game against a bot, throws, moves, quits; then resumes the save and plays
//! it to the end. Assertions read the screen as tmux shows it.
//!
//! tmux comes from `scripts/install-debian-tools.sh`; without it this test fails (a
//! skipped terminal test would hide a broken game).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A private tmux server (own socket), killed when dropped.
struct Tmux {
    socket: String,
    session: &'static str,
}

impl Tmux {
    fn new(name: &str) -> Tmux {
        let t = Tmux {
            socket: format!("yut-e2e-{}-{name}", std::process::id()),
            session: "play",
        };
        match Command::new("tmux").arg("-V").output() {
            Ok(o) if o.status.success() => {}
            _ => panic!(
                "tmux is not installed; it is needed for this terminal test: \
                 run `bash scripts/install-debian-tools.sh` (as root)"
            ),
        }
        t
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-f", "/dev/null", "-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux")
    }

    /// Starts `yut` with `args` in a fresh 80×24 window. The shell around it prints the
    /// exit status and waits, so the last screen and the status stay readable.
    fn start(&self, args: &[String]) {
        self.start_sized(args, 80, 24);
    }

    fn start_sized(&self, args: &[String], width: u16, height: u16) {
        self.start_then(args, width, height, "sleep 120");
    }

    /// Like `start_sized`, with `after` run by the shell once `yut` has exited and its
    /// status is printed (ending in something that waits, to keep the pane open).
    fn start_then(&self, args: &[String], width: u16, height: u16, after: &str) {
        let bin = env!("CARGO_BIN_EXE_yut");
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let cmd = format!("'{bin}' {}; echo \"EXIT=$?\"; {after}", quoted.join(" "));
        let _ = self.run(&["kill-session", "-t", self.session]);
        let out = self.run(&[
            "new-session",
            "-d",
            "-s",
            self.session,
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            &cmd,
        ]);
        assert!(
            out.status.success(),
            "tmux new-session: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    fn pane_value(&self, format: &str) -> String {
        let out = self.run(&["display-message", "-p", "-t", self.session, format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// The pid of the `yut` process the pane's shell started.
    fn yut_pid(&self) -> u32 {
        let shell = self.pane_value("#{pane_pid}");
        let shell: u32 = shell.parse().expect("pane pid");
        child_named(shell, "yut").unwrap_or_else(|| panic!("no yut process under {shell}"))
    }

    fn screen(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-t", self.session]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.session];
        args.extend_from_slice(keys);
        let out = self.run(&args);
        assert!(out.status.success(), "send-keys {keys:?}");
    }

    /// Waits until the screen shows `text`; fails with the last screen otherwise.
    fn wait_for(&self, text: &str, secs: u64) -> String {
        let end = Instant::now() + Duration::from_secs(secs);
        loop {
            let s = self.screen();
            if s.contains(text) {
                // The text can show while the rest of the frame is still being drawn:
                // return only a screen that stays the same for a moment.
                sleep(Duration::from_millis(60));
                let again = self.screen();
                if again == s {
                    return s;
                }
            }
            if Instant::now() > end {
                panic!("waited {secs} s for {text:?}; the screen was:\n{s}");
            }
            sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// A child of `parent` whose command name is `name`, from `/proc` (Linux, as tmux here).
fn child_named(parent: u32, name: &str) -> Option<u32> {
    std::fs::read_dir("/proc").ok()?.find_map(|e| {
        let pid: u32 = e.ok()?.file_name().to_str()?.parse().ok()?;
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let field = |k: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(k))
                .map(|v| v.trim().to_string())
        };
        (field("Name:")? == name && field("PPid:")? == parent.to_string()).then_some(pid)
    })
}

fn save_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The seat lines of the game panel (right of the board), to compare positions.
fn seat_lines(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter(|l| l.contains(" wait ") && l.contains(" off "))
        .map(|l| {
            l.chars()
                .skip(46)
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn play_quit_resume_and_finish_against_a_bot() {
    let started = Instant::now();
    let dir = std::env::temp_dir().join(format!("yut-play-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_s = dir.to_string_lossy().into_owned();
    let tmux = Tmux::new("game");

    // First run: a new game, you against a medium bot, 2 pieces each.
    tmux.start(&[
        "play".into(),
        "--save-dir".into(),
        dir_s.clone(),
        "--seed".into(),
        "7".into(),
        "--bot-delay-ms".into(),
        "150".into(),
    ]);
    tmux.wait_for("Resume a saved game", 10);
    tmux.keys(&["Enter"]);
    tmux.wait_for("Start the game", 5);
    // Down to "Pieces" (rules, seats, seat 1, seat 2, Back-Do, capture, stacking, finish).
    for _ in 0..8 {
        tmux.keys(&["Down"]);
    }
    tmux.keys(&["Left", "Left"]);
    let s = tmux.wait_for("◀ 2 ▶", 5);
    assert!(s.contains("Player 1") && s.contains("bot (medium)"), "{s}");
    tmux.keys(&["s"]);
    let s = tmux.wait_for("Player 1: press Space to throw", 5);
    // The board: four corners and the centre as boxes, 24 small stations, diagonals.
    assert_eq!(s.matches("╭───╮").count(), 5, "{s}");
    assert_eq!(s.matches('○').count(), 24, "{s}");
    assert!(
        s.contains("참먹이") && s.contains('╲') && s.contains('╱'),
        "{s}"
    );
    assert!(s.contains("wait 2 off 0"), "{s}");

    // Throw: the sticks, the result in Korean and English, the moves.
    tmux.keys(&["Space"]);
    let s = tmux.wait_for("pick a move", 5);
    assert!(s.contains("flat"), "sticks drawn\n{s}");
    let names = [
        "도 Do",
        "개 Gae",
        "걸 Geol",
        "윷 Yut",
        "모 Mo",
        "빽도 Back-Do",
    ];
    assert!(names.iter().any(|n| s.contains(n)), "result named\n{s}");
    assert!(s.contains("1 ") && s.contains("new piece →"), "{s}");
    // Move: the piece enters; Yut and Mo owe another throw, so keep going until the
    // bot plays.
    tmux.keys(&["1"]);
    tmux.wait_for("Player 1 moved in to", 5);
    let s = tmux.wait_for("Bot 2 threw", 20);
    assert!(s.contains("Bot 2"), "{s}");
    // Back to us: quit there. The game is saved after every action.
    let s = loop {
        let s = tmux.wait_for("Player 1: ", 20);
        if s.contains("press Space to throw") {
            break s;
        }
        if s.contains("pick a move") {
            tmux.keys(&["1"]);
        }
        sleep(Duration::from_millis(30));
    };
    let before = seat_lines(&s);
    assert_eq!(before.len(), 2, "{s}");
    // q asks first; y confirms.
    tmux.keys(&["q"]);
    tmux.keys(&["y"]);
    let s = tmux.wait_for("EXIT=", 5);
    assert!(s.contains("EXIT=0"), "{s}");
    assert!(
        s.contains("Game saved in") && s.contains("yut play --resume"),
        "{s}"
    );
    let files = save_files(&dir);
    assert_eq!(files.len(), 1, "one save file: {files:?}");

    // Second run: resume the save and play it to the end.
    tmux.start(&[
        "play".into(),
        "--resume".into(),
        "--save-dir".into(),
        dir_s.clone(),
        "--bot-delay-ms".into(),
        "5".into(),
    ]);
    let s = tmux.wait_for("Saved games", 10);
    assert!(s.contains("Player 1 vs Bot 2 (bot medium)"), "{s}");
    assert!(s.contains("last played"), "{s}");
    tmux.keys(&["Enter"]);
    let s = tmux.wait_for("Game resumed", 5);
    assert_eq!(
        seat_lines(&s),
        before,
        "the same position after resuming\n{s}"
    );

    let end = Instant::now() + Duration::from_secs(45);
    let last = loop {
        let s = tmux.screen();
        if s.contains("wins!") {
            break s;
        }
        assert!(
            Instant::now() < end,
            "the game did not end in time; the screen was:\n{s}"
        );
        if s.contains("press Space to throw") {
            tmux.keys(&["Space"]);
        } else if s.contains("pick a move") || s.contains("answer the question") {
            tmux.keys(&["1"]);
        }
        sleep(Duration::from_millis(15));
    };
    eprintln!("final screen:\n{last}");
    assert!(last.contains("1. "), "places listed\n{last}");
    assert!(last.contains("n new game"), "{last}");
    assert!(
        last.contains("off 2"),
        "the winner has both pieces off\n{last}"
    );
    tmux.keys(&["q"]);
    let s = tmux.wait_for("EXIT=", 5);
    assert!(s.contains("EXIT=0"), "{s}");
    let text = std::fs::read_to_string(&files[0]).expect("save file");
    assert!(
        text.contains("\"finished\":true"),
        "the save records the end"
    );
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("play e2e took {:.1} s", started.elapsed().as_secs_f64());
}

#[test]
fn a_terminal_too_small_gets_a_message_and_a_failing_exit() {
    let dir = std::env::temp_dir().join(format!("yut-play-e2e-small-{}", std::process::id()));
    let tmux = Tmux::new("small");
    tmux.start_sized(
        &[
            "play".into(),
            "--save-dir".into(),
            dir.to_string_lossy().into_owned(),
        ],
        60,
        20,
    );
    let s = tmux.wait_for("EXIT=", 10);
    assert!(s.contains("EXIT=1"), "{s}");
    assert!(s.contains("needs at least 80×24"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_terminal_it_says_so_and_fails() {
    let dir = std::env::temp_dir().join(format!("yut-play-e2e-notty-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(["play", "--save-dir"])
        .arg(&dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run yut");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs an interactive terminal"), "{err}");
    assert!(out.stdout.is_empty(), "nothing drawn on a pipe");
    let bad = Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(["play", "--seed", "x"])
        .output()
        .expect("run yut");
    assert_eq!(bad.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game stopped by `signal` (sent with `kill`): the program leaves its loop, puts the
/// terminal back (normal screen, cooked mode, cursor shown), says why, exits with
/// 128 + the signal number, and the save it made after the last action still loads.
fn stopped_by_a_signal(signal: &str, status: u8) {
    let dir = std::env::temp_dir().join(format!(
        "yut-play-e2e-{}-{}",
        signal.to_lowercase(),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let tmux = Tmux::new(&signal.to_lowercase());
    // After the exit, the shell reports whether the terminal was left in raw mode.
    tmux.start_then(
        &[
            "play".into(),
            "--save-dir".into(),
            dir.to_string_lossy().into_owned(),
            "--seed".into(),
            "7".into(),
        ],
        80,
        24,
        "if stty -a | grep -q -- -icanon; then echo TTY=raw; else echo TTY=cooked; fi; \
         sleep 120",
    );
    tmux.wait_for("Resume a saved game", 10);
    tmux.keys(&["Enter"]);
    tmux.wait_for("Start the game", 5);
    tmux.keys(&["s"]);
    tmux.wait_for("Player 1: press Space to throw", 5);
    tmux.keys(&["Space"]);
    tmux.wait_for("pick a move", 5);
    assert_eq!(tmux.pane_value("#{alternate_on}"), "1", "full screen");
    assert_eq!(tmux.pane_value("#{cursor_flag}"), "0", "cursor hidden");
    let pid = tmux.yut_pid();
    let kill = Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .output()
        .expect("run kill");
    assert!(kill.status.success(), "kill -{signal} {pid}");
    let s = tmux.wait_for("TTY=", 5);
    assert!(s.contains(&format!("EXIT={status}")), "{s}");
    assert!(s.contains("TTY=cooked"), "raw mode off\n{s}");
    assert!(s.contains(&format!("stopped by SIG{signal}")), "{s}");
    assert!(s.contains("Game saved in"), "{s}");
    assert!(!s.contains("press Space"), "the game screen is gone\n{s}");
    assert_eq!(
        tmux.pane_value("#{alternate_on}"),
        "0",
        "alternate screen left"
    );
    assert_eq!(tmux.pane_value("#{cursor_flag}"), "1", "cursor shown");
    let files = save_files(&dir);
    assert_eq!(files.len(), 1, "one save file: {files:?}");
    let lib = yut_core::save::SaveLibrary::open(&dir).expect("save dir");
    let list = lib.list().expect("list saves");
    assert_eq!(list.len(), 1);
    let loaded = lib.load(&list[0].id).expect("the save loads");
    assert_eq!(
        loaded.session.history().len(),
        1,
        "the throw made before the signal is saved"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_restores_the_terminal_and_keeps_the_save() {
    stopped_by_a_signal("TERM", 143);
}

#[test]
fn sighup_restores_the_terminal_and_keeps_the_save() {
    stopped_by_a_signal("HUP", 129);
}
