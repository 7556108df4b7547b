//! `yut play`: a full game of Yut Nori in the terminal, pass-and-play or against bots.
//!
//! The screens live in `app` (state and keys, routed to `setup`, `resume`, `table` and its
//! `moves`, and the `overlay`), `ui` (drawing) and `layout` (the geometry both need); this file reads the
//! command line, finds the save directory, checks the terminal, and runs the event loop
//! with the terminal restored on every way out (normal exit, error, panic, and SIGTERM or
//! SIGHUP, see [`StopSignals`]).

pub mod app;
pub mod board;
pub mod layout;
pub mod moves;
pub mod overlay;
pub mod resume;
pub mod setup;
pub mod table;
pub mod text;
pub mod ui;

#[cfg(test)]
mod tests;

use app::{App, Settings};
use crossterm::event::{self, Event, KeyEventKind};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_core::save::SaveLibrary;

/// Pause before each bot action unless told otherwise: long enough to see what it did.
const DEFAULT_BOT_DELAY_MS: u64 = 700;

/// Play a game in the terminal (80×24 or larger), pass-and-play or against bots
#[derive(Debug, PartialEq, clap::Args)]
pub struct Options {
    /// Open the list of saved games to continue one
    #[arg(long)]
    pub resume: bool,
    /// Where games are saved (default: $YUNNORI_SAVE_DIR, else
    /// $XDG_DATA_HOME/yunnori/saves, else ~/.local/share/yunnori/saves)
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Seed of the first new game (repeatable throws, for tests)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Pause before each bot action, in milliseconds (default 700)
    #[arg(long, value_name = "MS", env = "YUT_BOT_DELAY_MS", value_parser = milliseconds)]
    pub bot_delay_ms: Option<u64>,
}

/// A whole number of milliseconds; spaces around it (as a shell variable may carry) are
/// no mistake.
fn milliseconds(v: &str) -> Result<u64, String> {
    v.trim()
        .parse()
        .map_err(|_| format!("{v:?} is not a whole number of milliseconds"))
}

/// The save directory when none is given on the command line: `$YUNNORI_SAVE_DIR`, else
/// `$XDG_DATA_HOME/yunnori/saves`, else `$HOME/.local/share/yunnori/saves`. Empty
/// variables count as unset, as the XDG spec asks.
pub fn default_save_dir(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let get = |k: &str| var(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(d) = get("YUNNORI_SAVE_DIR") {
        return Some(d);
    }
    if let Some(d) = get("XDG_DATA_HOME") {
        return Some(d.join("yunnori").join("saves"));
    }
    get("HOME").map(|h| h.join(".local").join("share").join("yunnori").join("saves"))
}

/// Puts the terminal back as we found it. Safe to call more than once.
pub(crate) fn restore_terminal() {
    let _ = terminal::disable_raw_mode();
    let _ = crossterm::execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
}

/// Restores the terminal when dropped, so early returns and `?` cannot leave it raw.
pub(crate) struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// SIGTERM and SIGHUP, caught so that `yut play` stops cleanly instead of dying with the
/// terminal still raw and in the alternate screen.
///
/// The handlers only record the signal; the event loop (which wakes at least every 250 ms)
/// sees it, leaves, and `main` restores the terminal (leaves the alternate screen, turns raw
/// mode off, shows the cursor). Nothing needs saving: the game is saved after every action.
/// The exit status then follows the shell's convention for a death by signal, 128 + the
/// signal number: **143 for SIGTERM, 129 for SIGHUP**; a line on stderr says which signal it
/// was and where the game is saved.
///
/// A second signal of either kind, while the first is being handled, ends the process at
/// once with 128 + the second one's number (a way out should the loop ever hang; the
/// terminal is then left as it is).
pub(crate) struct StopSignals {
    /// The signal number caught, 0 while none came.
    caught: Arc<AtomicUsize>,
}

impl StopSignals {
    #[cfg(unix)]
    const SIGNALS: &'static [std::os::raw::c_int] =
        &[signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP];
    #[cfg(not(unix))]
    const SIGNALS: &'static [std::os::raw::c_int] = &[signal_hook::consts::SIGTERM];

    /// Installs the handlers.
    pub(crate) fn register() -> io::Result<StopSignals> {
        let caught = Arc::new(AtomicUsize::new(0));
        let again = Arc::new(AtomicBool::new(false));
        for &sig in Self::SIGNALS {
            // Handlers run in the order registered: the shutdown checks the flag that the
            // first signal sets after it, so only a second signal exits at once.
            signal_hook::flag::register_conditional_shutdown(
                sig,
                Self::status_of(sig).into(),
                Arc::clone(&again),
            )?;
            signal_hook::flag::register(sig, Arc::clone(&again))?;
            signal_hook::flag::register_usize(sig, Arc::clone(&caught), sig as usize)?;
        }
        Ok(StopSignals { caught })
    }

    /// A handle that never reports a signal (when the handlers could not be installed).
    pub(crate) fn none() -> StopSignals {
        StopSignals {
            caught: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// The signal caught so far, if any.
    pub(crate) fn caught(&self) -> Option<std::os::raw::c_int> {
        match self.caught.load(Ordering::SeqCst) {
            0 => None,
            n => std::os::raw::c_int::try_from(n).ok(),
        }
    }

    /// The exit status after `sig`: 128 + its number, as a shell reports a death by signal.
    pub(crate) fn status_of(sig: std::os::raw::c_int) -> u8 {
        u8::try_from(128 + sig).unwrap_or(1)
    }

    pub(crate) fn name_of(sig: std::os::raw::c_int) -> &'static str {
        match sig {
            signal_hook::consts::SIGTERM => "SIGTERM",
            #[cfg(unix)]
            signal_hook::consts::SIGHUP => "SIGHUP",
            _ => "a signal",
        }
    }
}

pub fn main(opts: Options) -> ExitCode {
    let Some(save_dir) = opts
        .save_dir
        .clone()
        .or_else(|| default_save_dir(|k| std::env::var_os(k)))
    else {
        eprintln!(
            "yut play: no save directory: set YUNNORI_SAVE_DIR or HOME, or pass --save-dir DIR"
        );
        return ExitCode::from(2);
    };
    let lib = match open_save_dir(&save_dir) {
        Ok(l) => l,
        Err(why) => {
            eprintln!(
                "yut play: cannot use the save directory {}: {why}",
                save_dir.display()
            );
            return ExitCode::FAILURE;
        }
    };
    let delay = opts.bot_delay_ms.unwrap_or(DEFAULT_BOT_DELAY_MS);
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        eprintln!(
            "yut play: this is a full-screen game and needs an interactive terminal \
             (stdin and stdout must both be a terminal)"
        );
        return ExitCode::FAILURE;
    }
    match terminal::size() {
        Ok((w, h)) if w >= layout::MIN_WIDTH && h >= layout::MIN_HEIGHT => {}
        Ok((w, h)) => {
            eprintln!(
                "yut play: the terminal is {w}×{h}; it needs at least {}×{}. \
                 Enlarge the window and try again.",
                layout::MIN_WIDTH,
                layout::MIN_HEIGHT
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("yut play: cannot read the terminal size: {e}");
            return ExitCode::FAILURE;
        }
    }
    let resume_command = match &opts.save_dir {
        Some(d) => format!("yut play --resume --save-dir {}", d.display()),
        None => "yut play --resume".to_string(),
    };
    let settings = Settings {
        resume_command,
        seed: opts.seed,
        bot_delay: Duration::from_millis(delay),
        settle: true,
    };
    let mut app = App::new(settings, lib, opts.resume);
    let stop = StopSignals::register().unwrap_or_else(|e| {
        let _ = writeln!(
            io::stderr(),
            "yut play: cannot catch SIGTERM/SIGHUP ({e}); they will leave the terminal as it is"
        );
        StopSignals::none()
    });

    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous_hook(info);
    }));
    let result = run(&mut app, &stop);
    restore_terminal();
    // A hang-up of the terminal ends the game as SIGHUP does; the game was saved after its
    // last action either way.
    let stopped = if matches!(result, Ok(Ended::HangUp)) {
        Some((
            HANGUP_SIGNAL,
            "the terminal hung up (end of input)".to_string(),
        ))
    } else {
        stop.caught()
            .map(|sig| (sig, format!("stopped by {}", StopSignals::name_of(sig))))
    };
    if let Some((sig, why)) = stopped {
        // Written with `writeln!`, not `eprintln!`: after a hang-up the terminal may be
        // gone, and a failed write must not turn into a panic.
        let mut err = io::stderr();
        let _ = writeln!(err, "yut play: {why}");
        if let Some(msg) = &app.farewell {
            let _ = writeln!(err, "{msg}");
        }
        return ExitCode::from(StopSignals::status_of(sig));
    }
    match result {
        Ok(_) if app.unsaved().is_some() => {
            // The last save failed: the player must not think the game is kept.
            if let Some(msg) = &app.farewell {
                eprintln!("yut play: {msg}");
            }
            ExitCode::FAILURE
        }
        Ok(_) => {
            if let Some(msg) = &app.farewell {
                println!("{msg}");
            }
            let _ = io::stdout().flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("yut play: terminal error: {e}");
            if let Some(msg) = &app.farewell {
                eprintln!("{msg}");
            }
            ExitCode::FAILURE
        }
    }
}

/// Opens the save folder and proves it takes files: a game must not start where it cannot
/// be saved (a read-only folder, `/proc`, a file given as the folder).
fn open_save_dir(dir: &Path) -> Result<SaveLibrary, String> {
    if dir.exists() && !dir.is_dir() {
        return Err("it is a file, not a folder".to_string());
    }
    let lib = SaveLibrary::open(dir).map_err(|e| e.to_string())?;
    let probe = dir.join(format!(".yut-write-check-{}", std::process::id()));
    std::fs::write(&probe, b"yut")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| format!("games cannot be saved there ({e})"))?;
    Ok(lib)
}

/// The signal number a hang-up of the terminal is reported as (129 = 128 + SIGHUP).
#[cfg(unix)]
const HANGUP_SIGNAL: std::os::raw::c_int = signal_hook::consts::SIGHUP;
#[cfg(not(unix))]
const HANGUP_SIGNAL: std::os::raw::c_int = 1;

/// Why the event loop ended.
#[derive(Debug, PartialEq)]
enum Ended {
    /// The player quit, or a signal was caught (see [`StopSignals::caught`]).
    Stopped,
    /// The terminal is gone: end of file or an error reading it.
    HangUp,
}

/// What the terminal has for us after a wait.
#[derive(Debug, PartialEq)]
pub(crate) enum Input {
    Ready,
    Idle,
    HungUp,
}

/// Waits up to `wait` for input on stdin, telling a closed terminal from a quiet one.
///
/// Why not only `crossterm::event::poll`: on a terminal whose other side has closed, read
/// returns end of file or EIO at once, and crossterm retries it forever inside `poll`, so
/// the game would spin at full CPU and never see the hang-up. `poll(2)` reports it as
/// POLLHUP/POLLERR before crossterm gets to read.
#[cfg(unix)]
pub(crate) fn wait_for_input(wait: Duration) -> Input {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = libc::c_int::try_from(wait.as_millis()).unwrap_or(libc::c_int::MAX);
    // SAFETY: one valid pollfd, and its count is 1.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n < 0 {
        return match io::Error::last_os_error().kind() {
            // A signal woke us: the loop checks for it next.
            io::ErrorKind::Interrupted => Input::Idle,
            _ => Input::HungUp,
        };
    }
    if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
        Input::HungUp
    } else if fd.revents & libc::POLLIN != 0 {
        Input::Ready
    } else {
        Input::Idle
    }
}

#[cfg(not(unix))]
pub(crate) fn wait_for_input(wait: Duration) -> Input {
    match event::poll(wait) {
        Ok(true) => Input::Ready,
        Ok(false) => Input::Idle,
        Err(_) => Input::HungUp,
    }
}

/// The event loop: draw, wait for a key or the next bot action, repeat; leave on quit or
/// when `stop` has caught a signal.
fn run(app: &mut App, stop: &StopSignals) -> io::Result<Ended> {
    terminal::enable_raw_mode()?;
    let _guard = TerminalGuard;
    crossterm::execute!(io::stdout(), EnterAlternateScreen, crossterm::cursor::Hide)?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    let ended = run_loop(app, stop, &mut term);
    if !matches!(ended, Ok(Ended::Stopped)) {
        // Dropping the terminal shows the cursor and, should that fail (the terminal is
        // gone), reports it with `eprintln!`, which panics on a closed stderr. The guard
        // above does the restoring, with its errors ignored.
        std::mem::forget(term);
    }
    ended
}

/// The body of [`run`]: its loop, on a terminal already set up.
fn run_loop(
    app: &mut App,
    stop: &StopSignals,
    term: &mut Terminal<CrosstermBackend<io::Stdout>>,
) -> io::Result<Ended> {
    term.clear()?;
    loop {
        let frame = term.draw(|f| ui::render(app, f))?;
        app.size = (frame.area.width, frame.area.height);
        if app.quit || stop.caught().is_some() {
            return Ok(Ended::Stopped);
        }
        let now = Instant::now();
        let wait = app
            .next_due()
            .map_or(Duration::from_millis(250), |due| {
                due.saturating_duration_since(now)
            })
            .min(Duration::from_millis(if app.is_animating() {
                50
            } else {
                250
            }));
        match wait_for_input(wait) {
            Input::HungUp => return Ok(Ended::HangUp),
            Input::Idle => {}
            Input::Ready => loop {
                // Every event crossterm has read, each time checking the terminal is
                // still there before crossterm reads it again.
                match event::poll(Duration::ZERO) {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(_) => return Ok(Ended::HangUp),
                }
                match event::read() {
                    Ok(Event::Key(k)) if k.kind != KeyEventKind::Release => app.on_key(k),
                    Ok(Event::Resize(w, h)) => {
                        // Known before the next key: keys act only on a screen that shows.
                        app.size = (w, h);
                        term.autoresize()?
                    }
                    Ok(_) => {}
                    Err(_) => return Ok(Ended::HangUp),
                }
                if app.quit {
                    break;
                }
                if wait_for_input(Duration::ZERO) == Input::HungUp {
                    return Ok(Ended::HangUp);
                }
            },
        }
        // A signal that came while waiting: leave before a bot acts or a frame is drawn.
        if stop.caught().is_some() {
            return Ok(Ended::Stopped);
        }
        app.tick(Instant::now());
    }
}
