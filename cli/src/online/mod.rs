//! `yut online`: play in an online room from the terminal (`host`, `join`, `rejoin`),
//! check a finished game's throws (`verify`), the load bench (`bench`), and the floods a
//! stranger could try (`flood`).

pub mod app;
mod bench;
mod draw;
mod flood;
mod keys;
mod lines;
mod options;
#[cfg(test)]
mod tests;
pub mod tickets;
pub mod tui;
mod verify;
mod words;

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
    Host(options::HostOptions),
    /// Take a seat in an online room by its code (or take back the seats kept for it)
    #[command(after_help = ONLINE_NOTES)]
    Join(options::JoinOptions),
    /// Take back the seats this computer holds in a room, after the terminal ended
    #[command(after_help = ONLINE_NOTES)]
    Rejoin(options::RejoinOptions),
    /// Check that every throw of a finished game came from the secret its room committed
    /// to before the game
    Verify(verify::Options),
    /// N rooms of four connected bot clients playing whole games for S seconds
    Bench(bench::Options),
    /// Flood a server as a stranger would (spectators' `sync`, bot rooms, rooms from one
    /// address), to measure what its limits hold
    Flood(flood::Options),
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
the connection is up; a lost one reconnects by itself (c: try now) and keeps your seats, \
for as long as the room lives. The seats are kept on this computer too: if the terminal \
ends, `yut online rejoin` (or join CODE again) takes them back.\n\n\
With --lines, or when standard input or output is not a terminal, lines play instead: \
Enter throws, a number picks a move, u takes it back, start / bot LEVEL / remove SEAT / \
move SEAT SEAT / ready arrange the lobby (seats numbered from 1), rematch, q quits.";

/// The server when none is given.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

/// The link a terminal shows for room `code`: the https page of the server it is connected
/// to, the link every other client shares (it opens the web game where the app is not
/// installed); the server's own `said` link when that address is not ws:// or wss://.
fn shared_link(server: &str, code: &str, said: &str) -> String {
    yut_net::protocol::web_room_link(server, code).unwrap_or_else(|| said.to_string())
}

pub fn main(c: Command) -> ExitCode {
    let (sub, r) = match c {
        Command::Bench(o) => ("bench", bench::main(o).map(|()| None)),
        Command::Flood(o) => ("flood", flood::main(o).map(|()| None)),
        Command::Verify(o) => return verify::main(o),
        Command::Host(o) if o.lines || !on_terminal() => ("host", lines::host(o).map(|()| None)),
        Command::Join(o) if o.lines || !on_terminal() => ("join", lines::join(o).map(|()| None)),
        Command::Rejoin(o) if o.lines || !on_terminal() => {
            ("rejoin", lines::rejoin(o).map(|()| None))
        }
        Command::Host(o) => ("host", ended(host_screen(o))),
        Command::Join(o) => ("join", ended(join_screen(o))),
        Command::Rejoin(o) => ("rejoin", ended(rejoin_screen(o))),
    };
    let r = match r {
        Ok(Some(status)) => return ExitCode::from(status),
        Ok(None) => Ok(()),
        Err(e) => Err(e),
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

/// A full-screen game's end as `main` takes it: `Some(status)` after a signal.
fn ended(r: Result<tui::Ended, String>) -> Result<Option<u8>, String> {
    match r? {
        tui::Ended::Left(r) => r.map(|()| None),
        tui::Ended::Signal(status) => Ok(Some(status)),
    }
}

/// The host's full-screen game: the new-game form filled in from the flags.
fn host_screen(o: options::HostOptions) -> Result<tui::Ended, String> {
    let table = options::host_table(&o);
    let rules = yut_core::RuleSet::from_json(&table.rules).map_err(|e| e.to_string())?;
    let mut form = app::host_form(o.name.as_deref().unwrap_or("Host"), rules, &table.seats);
    form.undo = table.options.undo;
    let kept = options::tickets(&o.tickets);
    Ok(tui::run(
        &o.server,
        app::OnlineApp::hosting(form, table.options),
        kept,
    ))
}

/// A guest's full-screen game: takes back the seats kept for the room, else joins at once
/// with `--name`, else asks for one.
fn join_screen(o: options::JoinOptions) -> Result<tui::Ended, String> {
    let code =
        yut_net::protocol::normalise_code(&o.code).ok_or_else(|| words::not_a_code(&o.code))?;
    let kept = options::tickets(&o.tickets);
    let app = if o.watch {
        app::OnlineApp::watching(&code)
    } else {
        let ticket = kept.as_ref().and_then(|t| t.find(&o.server, &code));
        app::OnlineApp::joining(&code, o.name.as_deref(), ticket)
    };
    Ok(tui::run(&o.server, app, kept))
}

/// The seats kept for a room taken back, full screen.
fn rejoin_screen(o: options::RejoinOptions) -> Result<tui::Ended, String> {
    let kept = options::tickets(&o.tickets);
    let ticket = lines::kept_ticket(kept.as_ref(), &o.server, o.code.as_deref())?;
    let code = ticket.code.clone();
    let app = app::OnlineApp::joining(&code, None, Some(ticket));
    Ok(tui::run(&o.server, app, kept))
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
