//! `yut online`: play in an online room from the terminal (`host`, `join`), and the load
//! bench (`bench`).

mod bench;
mod lines;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use yut_net::{ClientEvent, Listener};

pub const USAGE: &str = "usage:
  yut online host [--server URL] [--name NAME] [--preset P] [--pieces K]
                  [--seats me,person,easy,medium,hard,...] [--rule KEY=VALUE]...
                  [--grace-secs S] [--turn-secs S] [--no-undo]
  yut online join CODE [--server URL] [--name NAME]
  yut online bench --server URL --rooms N --seconds S [--json] [--level L]

  URL is ws://HOST:PORT (or wss:// with TLS); default ws://127.0.0.1:7878.
  host opens a room and prints its code; join takes a seat in it by the code.
  Lines on standard input play: Enter throws, a number picks a move, u takes it back,
  start / bot LEVEL / remove N / move A B / ready arrange the lobby, rematch, q quits.";

/// The server when none is given.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

pub fn main(args: &[String]) -> ExitCode {
    let (sub, rest) = match args.split_first() {
        Some((s, rest)) => (s.as_str(), rest),
        None => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let r = match sub {
        "bench" => bench::main(rest),
        "host" => lines::host(rest),
        "join" => lines::join(rest),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut online {sub}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The value after a flag.
pub fn flag_value<'a>(
    it: &mut impl Iterator<Item = &'a String>,
    flag: &str,
) -> Result<String, String> {
    it.next()
        .cloned()
        .ok_or_else(|| format!("{flag} needs a value"))
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
