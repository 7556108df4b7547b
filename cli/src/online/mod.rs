//! `yut online`: play in an online room from the terminal (`host`, `join`), and the load
//! bench (`bench`).

pub mod app;
mod bench;
mod draw;
mod keys;
mod lines;
#[cfg(test)]
mod tests;
pub mod tui;

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use yut_net::{ClientEvent, Listener};

/// Online rooms on a yut-server: host, join, and the load bench
#[derive(Debug, clap::Subcommand)]
#[command(after_help = ONLINE_NOTES)]
pub enum Command {
    /// Open a room on a yut-server and play it (full screen, or lines with --lines)
    #[command(after_help = ONLINE_NOTES)]
    Host(lines::HostOptions),
    /// Take a seat in an online room by its code
    #[command(after_help = ONLINE_NOTES)]
    Join(lines::JoinOptions),
    /// N rooms of four connected bot clients playing whole games for S seconds
    Bench(bench::Options),
}

/// What `host` and `join` have in common, below their options.
const ONLINE_NOTES: &str = "\
URL is ws://HOST:PORT (or wss:// with TLS). On a terminal the game is full screen, as \
yut play: the host chooses the rules and seats in the new-game form (the flags fill it in), \
then the lobby shows the room code, its link, and who is connected and ready (host: b adds \
a bot, p turns the picked seat into a person's or a bot of another level, x removes it, \
< > move it, s starts; everyone: t takes the picked open seat on this terminal too, for \
two players at one device, y ready, q leaves); join --watch watches without a seat. The game \
draws the room's throws and moves; only your seats take keys. The top line says whether \
the connection is up; a lost one reconnects by itself and keeps your seats.\n\n\
With --lines, or when standard input or output is not a terminal, lines play instead: \
Enter throws, a number picks a move, u takes it back, start / bot LEVEL / remove N / \
move A B / ready arrange the lobby, rematch, q quits.";

/// The server when none is given.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

pub fn main(c: Command) -> ExitCode {
    let (sub, r) = match c {
        Command::Bench(o) => ("bench", bench::main(o)),
        Command::Host(o) if o.lines || !on_terminal() => ("host", lines::host(o)),
        Command::Join(o) if o.lines || !on_terminal() => ("join", lines::join(o)),
        Command::Host(o) => ("host", host_screen(o)),
        Command::Join(o) => ("join", join_screen(o)),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut online {sub}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Whether both standard input and output are a terminal (the full-screen game needs
/// both; scripts and tests pipe lines instead).
fn on_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The host's full-screen game: the new-game form filled in from the flags.
fn host_screen(o: lines::HostOptions) -> Result<(), String> {
    let table = lines::host_table(&o);
    let rules = yut_core::RuleSet::from_json(&table.rules).map_err(|e| e.to_string())?;
    let mut form = app::host_form(o.name.as_deref().unwrap_or("Host"), rules, &table.seats);
    form.undo = table.options.undo;
    tui::run(&o.server, app::OnlineApp::hosting(form, table.options))
}

/// A guest's full-screen game: joins at once with `--name`, else asks for one.
fn join_screen(o: lines::JoinOptions) -> Result<(), String> {
    let code = yut_net::protocol::normalise_code(&o.code)
        .ok_or_else(|| format!("{:?} is not a room code (six letters)", o.code))?;
    let app = if o.watch {
        app::OnlineApp::watching(&code)
    } else {
        app::OnlineApp::joining(&code, o.name.as_deref())
    };
    tui::run(&o.server, app)
}

/// An event with the moment the client handed it over (for latency figures).
pub type Stamped = (Instant, ClientEvent);

/// A listener that stamps each event as it arrives and queues it.
pub struct StampedListener(mpsc::UnboundedSender<Stamped>);

impl StampedListener {
    pub fn new() -> (Arc<StampedListener>, mpsc::UnboundedReceiver<Stamped>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Arc::new(StampedListener(tx)), rx)
    }
}

impl Listener for StampedListener {
    fn on_event(&self, event: ClientEvent) {
        let _ = self.0.send((Instant::now(), event));
    }
}
