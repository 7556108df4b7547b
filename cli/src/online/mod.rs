//! `yut online`: play in an online room from the terminal (`host`, `join`), and the load
//! bench (`bench`).

mod bench;
mod lines;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use yut_net::{ClientEvent, Listener};

/// Online rooms on a yut-server: host, join, and the load bench
#[derive(Debug, clap::Subcommand)]
#[command(after_help = ONLINE_NOTES)]
pub enum Command {
    /// Open a room on a yut-server and print its code; play it with lines on stdin
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
URL is ws://HOST:PORT (or wss:// with TLS). Lines on standard input play: Enter throws, \
a number picks a move, u takes it back, start / bot LEVEL / remove N / move A B / ready \
arrange the lobby, rematch, q quits.";

/// The server when none is given.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

pub fn main(c: Command) -> ExitCode {
    let (sub, r) = match c {
        Command::Bench(o) => ("bench", bench::main(o)),
        Command::Host(o) => ("host", lines::host(o)),
        Command::Join(o) => ("join", lines::join(o)),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut online {sub}: {e}");
            ExitCode::FAILURE
        }
    }
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
