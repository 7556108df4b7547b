//! `yut online bench`: N rooms of four connected bot clients (4 seats, 4 pieces, Yunnori
//! rules) playing whole games over and over for S seconds against a server.

use super::{Stamped, StampedListener};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedReceiver;
use yut_core::bot::{Bot, Level};
use yut_core::game::{Game, Phase};
use yut_core::session::Action;
use yut_net::protocol::{apply, GameView, RoomOptions, RoomSpec, SeatSpec};
use yut_net::{Client, ClientEvent};

/// N rooms of four connected bot clients playing whole games for S seconds
#[derive(Debug, clap::Args)]
#[command(
    after_help = "The server must take 4 x N connections and N rooms from this address \
                  (--max-connections-per-ip, --max-rooms-per-ip) and the clients' pace \
                  (--rate-per-sec): its defaults (32 connections, 16 rooms) are for \
                  households, not for a bench."
)]
pub struct Options {
    /// ws://HOST:PORT or wss://HOST:PORT of a running yut-server; given more than once
    /// (the nodes of a cluster), each room's four clients are spread over them
    #[arg(long, value_name = "URL", required = true)]
    server: Vec<String>,
    /// Rooms to open, four connected bot clients each
    #[arg(long, value_name = "N", value_parser = crate::args::at_least_one::<usize>)]
    rooms: usize,
    /// How long the rooms play (whole games, one after another)
    #[arg(long, value_name = "S", value_parser = crate::args::at_least_one::<u64>)]
    seconds: u64,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
    /// The clients' bots
    #[arg(long, value_name = "L", default_value = "medium", value_parser = crate::args::level())]
    level: Level,
    /// How long a client waits, once its turn comes, before it throws or moves: drawn
    /// evenly between half and one and a half times MS for each action. The default is a
    /// brisk table (a swipe and 1.2 s of sticks settling, or a glance and a tap); 0 acts
    /// at once, so the rooms play as fast as the machine allows and measure throughput
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_THINK_MS)]
    think_ms: u64,
}

/// A person's pace at a family table: a throw is a swipe and about 1.2 s of sticks
/// settling on the phone before the result shows (`yut throws`), a move a glance and a tap.
pub const DEFAULT_THINK_MS: u64 = 1500;

/// What all clients count together.
#[derive(Default)]
struct Tally {
    actions: AtomicU64,
    errors: AtomicU64,
    games: AtomicU64,
    /// Room snapshots after a reconnect checked against the history heard before it, and
    /// those that had lost or changed an action (a throw drawn again would be one).
    resumes: AtomicU64,
    lost: AtomicU64,
    /// Microseconds from an intent sent to its broadcast received by the sender.
    latencies: Mutex<Vec<u64>>,
    first_errors: Mutex<Vec<String>>,
}

impl Tally {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut f = self.first_errors.lock().unwrap_or_else(|p| p.into_inner());
        if f.len() < 5 {
            f.push(what);
        }
    }
}

pub fn main(o: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(run(o))
}

async fn run(o: Options) -> Result<(), String> {
    let tally = Arc::new(Tally::default());
    let opened = Instant::now();
    // Open the rooms, 32 at a time, so a large bench does not storm the server's accept.
    let gate = Arc::new(tokio::sync::Semaphore::new(32));
    let mut openings = Vec::with_capacity(o.rooms);
    for r in 0..o.rooms {
        let gate = gate.clone();
        // Room r's client i on node r + i: with two nodes, each room has clients on both.
        let urls: Vec<String> = (0..4)
            .map(|i| o.server[(r + i) % o.server.len()].clone())
            .collect();
        openings.push(tokio::spawn(async move {
            let _p = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            open_room(&urls).await
        }));
    }
    let mut tables = Vec::with_capacity(o.rooms);
    for h in openings {
        tables.push(h.await.map_err(|e| e.to_string())??);
    }
    let open_secs = opened.elapsed().as_secs_f64();
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.seconds);
    let mut players = Vec::new();
    for (host_client, clients) in tables {
        host_client
            .start()
            .await
            .map_err(|e| format!("start: {e}"))?;
        for (i, (client, rx)) in clients.into_iter().enumerate() {
            let tally = tally.clone();
            let pace = Pace {
                level: o.level,
                think_ms: o.think_ms,
                deadline,
            };
            players.push(tokio::spawn(seat_loop(client, rx, i, i == 0, pace, tally)));
        }
    }
    for p in players {
        let _ = p.await;
    }
    let secs = start.elapsed().as_secs_f64();
    let mut lat = tally
        .latencies
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone();
    lat.sort_unstable();
    let pct = |q: f64| -> f64 {
        if lat.is_empty() {
            return 0.0;
        }
        let i = ((lat.len() as f64 - 1.0) * q).round() as usize;
        lat[i.min(lat.len() - 1)] as f64 / 1000.0
    };
    let actions = tally.actions.load(Ordering::Relaxed);
    let errors = tally.errors.load(Ordering::Relaxed);
    let rss = match o.server.as_slice() {
        [one] => server_rss_mb(one),
        _ => None,
    };
    let report = serde_json::json!({
        "rooms": o.rooms,
        "clients": o.rooms * 4,
        "think_ms": o.think_ms,
        "seconds": (secs * 10.0).round() / 10.0,
        "actions": actions,
        "actions_per_sec": (actions as f64 / secs).round(),
        "games": tally.games.load(Ordering::Relaxed),
        "resumes_checked": tally.resumes.load(Ordering::Relaxed),
        "resumes_with_actions_lost": tally.lost.load(Ordering::Relaxed),
        "errors": errors,
        "latency_ms_p50": (pct(0.50) * 100.0).round() / 100.0,
        "latency_ms_p99": (pct(0.99) * 100.0).round() / 100.0,
        "server_rss_mb": rss.map(|r| (r * 10.0).round() / 10.0),
        "open_seconds": (open_secs * 10.0).round() / 10.0,
    });
    if o.json {
        println!("{report}");
    } else if let Some(m) = report.as_object() {
        for (k, v) in m {
            println!("{k:<16} {v}");
        }
    }
    for e in tally
        .first_errors
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
    {
        eprintln!("error: {e}");
    }
    Ok(())
}

type Seat = (Client, UnboundedReceiver<Stamped>);

/// A room with four clients seated and ready, client i connected to `urls[i]`; the first
/// is the host.
async fn open_room(urls: &[String]) -> Result<(Client, Vec<Seat>), String> {
    let table = RoomSpec {
        rules: serde_json::json!({"preset": "yunnori", "pieces_per_player": 4}),
        seats: (0..4).map(|_| SeatSpec::person()).collect(),
        teams: None,
        options: RoomOptions {
            bot_delay_ms: 0,
            grace_ms: 60_000,
            ..RoomOptions::default()
        },
    };
    let mut seats = Vec::with_capacity(4);
    let (l, rx) = StampedListener::new();
    let host = Client::connect(&urls[0], l)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let j = host
        .create_room("Bench host", table, None)
        .await
        .map_err(|e| format!("create: {e}"))?;
    seats.push((host.clone(), rx));
    for i in 1..4 {
        let (l, rx) = StampedListener::new();
        let c = Client::connect(&urls[i % urls.len()], l)
            .await
            .map_err(|e| format!("connect: {e}"))?;
        c.join(&j.code, &format!("Bench {i}"), Some(i))
            .await
            .map_err(|e| format!("join: {e}"))?;
        c.ready(i, true).await.map_err(|e| format!("ready: {e}"))?;
        seats.push((c, rx));
    }
    Ok((host, seats))
}

/// How every client plays: its bot, how long it waits before acting, when it stops.
#[derive(Clone, Copy)]
struct Pace {
    level: Level,
    think_ms: u64,
    deadline: Instant,
}

impl Pace {
    /// The wait before one action: uniform in [think/2, 3·think/2], so the rooms drift
    /// apart instead of acting in step.
    fn think(&self, rng: &mut impl Rng) -> Duration {
        if self.think_ms == 0 {
            return Duration::ZERO;
        }
        Duration::from_millis(rng.gen_range(self.think_ms / 2..=self.think_ms * 3 / 2))
    }
}

/// One client: follows the room, plays its seat with a bot, rematches as host.
async fn seat_loop(
    client: Client,
    mut rx: UnboundedReceiver<Stamped>,
    seat: usize,
    host: bool,
    pace: Pace,
    tally: Arc<Tally>,
) {
    let deadline = pace.deadline;
    let mut bot = Bot::new(pace.level, seat as u64 + 1);
    let mut rng = StdRng::from_entropy();
    // When this seat will act on the position it is waiting on (its turn came, the
    // person is "thinking"); cleared when anything new arrives that changes whose turn.
    let mut act_at: Option<Instant> = None;
    let mut game: Option<Game> = None;
    let mut view: Option<GameView> = None;
    let mut game_number = 0;
    let mut sent_at: Option<Instant> = None;
    let mut rematched = 0;
    // The host's copy of the game's history, to check every resume against.
    let mut heard: Vec<Action> = Vec::new();
    loop {
        let wake = act_at.map_or(deadline, |a| a.min(deadline));
        let mut batch = Vec::new();
        match tokio::time::timeout_at(wake.into(), rx.recv()).await {
            Ok(Some(e)) => batch.push(e),
            Ok(None) => break,
            Err(_) if Instant::now() >= deadline => break,
            Err(_) => {}
        }
        while let Ok(e) = rx.try_recv() {
            batch.push(e);
        }
        if !batch.is_empty() {
            act_at = None;
        }
        for (at, e) in batch {
            match e {
                ClientEvent::Room(r) => {
                    let history = r
                        .game
                        .as_ref()
                        .map(|g| g.history.clone())
                        .unwrap_or_default();
                    if host && r.game_number == game_number && !heard.is_empty() {
                        tally.resumes.fetch_add(1, Ordering::Relaxed);
                        if !history.starts_with(&heard) {
                            tally.lost.fetch_add(1, Ordering::Relaxed);
                            tally.error(format!(
                                "room {}: the history lost or changed an action",
                                r.code
                            ));
                        }
                    }
                    if host {
                        heard = history;
                    }
                    game_number = r.game_number;
                    game = r.replay().ok();
                    view = r.game.map(|g| g.view);
                }
                ClientEvent::Played {
                    action,
                    view: v,
                    game: number,
                    ..
                } => {
                    if number != game_number {
                        continue;
                    }
                    let by = match &action {
                        Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat,
                    };
                    if by == seat {
                        if let Some(t) = sent_at.take() {
                            let us = at.saturating_duration_since(t).as_micros() as u64;
                            tally
                                .latencies
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .push(us);
                        }
                        tally.actions.fetch_add(1, Ordering::Relaxed);
                    }
                    if host {
                        heard.push(action.clone());
                    }
                    if let Some(g) = game.as_mut() {
                        if let Err(m) = apply(g, &action) {
                            tally.error(format!("replica: {m}"));
                            game = None;
                        }
                    }
                    if v.phase == Phase::Over && host {
                        tally.games.fetch_add(1, Ordering::Relaxed);
                    }
                    view = Some(v);
                }
                ClientEvent::Error { code, message } => tally.error(format!("{code:?}: {message}")),
                _ => {}
            }
        }
        if Instant::now() >= deadline {
            break;
        }
        let Some(v) = view.as_ref() else { continue };
        if v.phase == Phase::Over {
            if host && rematched < game_number {
                rematched = game_number;
                if let Err(e) = client.rematch().await {
                    tally.error(format!("rematch: {e}"));
                }
            }
            continue;
        }
        if v.to_move != seat || sent_at.is_some() {
            continue;
        }
        let now = Instant::now();
        let due = *act_at.get_or_insert_with(|| now + pace.think(&mut rng));
        if due > now {
            continue;
        }
        act_at = None;
        sent_at = Some(now);
        let r = match v.phase {
            Phase::Throw => client.throw(seat).await,
            _ => {
                let Some(g) = game.as_ref() else {
                    continue;
                };
                match bot.choose_legal(g, Duration::from_millis(200), None) {
                    Some(l) => {
                        client
                            .play(seat, yut_core::setup::MoveSpec::of(&l), Some(l.mv.pieces))
                            .await
                    }
                    None => {
                        tally.error("the bot found no move".into());
                        continue;
                    }
                }
            }
        };
        if let Err(e) = r {
            sent_at = None;
            tally.error(format!("seat {seat}: {e}"));
        }
    }
    client.close();
}

/// The resident memory of the `yut-server` process on this machine serving `url`: the
/// only one, or the one whose command line names the URL's port (Linux `/proc`).
pub(super) fn server_rss_mb(url: &str) -> Option<f64> {
    let port = url
        .rsplit(':')
        .next()
        .map(|p| p.trim_end_matches("/ws").to_string());
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let path = entry.path();
        let comm = std::fs::read_to_string(path.join("comm")).unwrap_or_default();
        if comm.trim() == "yut-server" {
            let cmdline = std::fs::read(path.join("cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            let names_port = port
                .as_ref()
                .is_some_and(|p| cmdline.contains(&format!(":{p} ")));
            found.push((path, names_port));
        }
    }
    if found.len() > 1 {
        found.retain(|(_, names_port)| *names_port);
    }
    let found: Vec<_> = found.into_iter().map(|(p, _)| p).collect();
    let [one] = found.as_slice() else {
        return None;
    };
    let status = std::fs::read_to_string(one.join("status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}
