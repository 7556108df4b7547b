//! `yut online flood`: what a stranger tries against a server, run on purpose so anyone
//! can measure what the server's limits hold: spectators asking for the room and never
//! reading (`sync`), rooms of hard bots played by a script (`bots`), rooms opened from one
//! address until it is refused (`rooms`). Each prints what it did and what the server
//! answered; `sync` also the server's memory before, during and after, when the server
//! runs on this machine.

use super::bench::server_rss_mb;
use futures_util::SinkExt;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpSocket;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_tungstenite::tungstenite::Message;
use yut_core::game::Phase;
use yut_core::session::BotLevel;
use yut_net::protocol::{ErrorCode, GameView, RoomOptions, RoomSpec, SeatSpec, PROTOCOL_VERSION};
use yut_net::{ChannelListener, Client, ClientEvent, Dial, NetError};

/// Floods a server as a stranger would, to measure its limits
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Run it against a server you run yourself. --from gives the loopback \
                  address the flood leaves from (127.0.0.2, ...), so a bench from another \
                  address measures whether the flood slows anyone else."
)]
pub struct Options {
    #[command(subcommand)]
    what: Flood,
}

#[derive(Debug, clap::Subcommand)]
enum Flood {
    /// Spectators of one room asking for the room (`sync`) as often as the server's rate
    /// limit lets them and never reading a byte, while its game goes on
    Sync(SyncOptions),
    /// Rooms of one person and three hard bots asking for no pause, the person played
    /// by a script as fast as the server takes it, a rematch after every game
    Bots(BotsOptions),
    /// Connections from one address each opening rooms until the server refuses
    Rooms(RoomsOptions),
}

/// Where a flood goes and how it reports.
#[derive(Debug, clap::Args)]
struct Target {
    /// ws://HOST:PORT of a running yut-server
    #[arg(long, value_name = "URL")]
    server: String,
    /// The local address the flood's connections leave from (the system's choice if not given)
    #[arg(long, value_name = "IP")]
    from: Option<IpAddr>,
    /// One JSON object instead of lines
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct SyncOptions {
    #[command(flatten)]
    target: Target,
    /// Spectators flooding
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = crate::args::at_least_one::<usize>)]
    spectators: usize,
    /// `sync`s each sends a second (the server's default rate limit is 20)
    #[arg(long, value_name = "N", default_value_t = 18, value_parser = crate::args::at_least_one::<u32>)]
    per_sec: u32,
    /// How long they flood
    #[arg(long, value_name = "S", default_value_t = 30, value_parser = crate::args::at_least_one::<u64>)]
    seconds: u64,
    /// How long after the flood the server's memory is looked at again
    #[arg(long, value_name = "S", default_value_t = 10)]
    settle: u64,
}

#[derive(Debug, clap::Args)]
struct BotsOptions {
    #[command(flatten)]
    target: Target,
    /// Rooms to open (one connection each)
    #[arg(long, value_name = "N", default_value_t = 28, value_parser = crate::args::at_least_one::<usize>)]
    rooms: usize,
    /// How long they play
    #[arg(long, value_name = "S", default_value_t = 30, value_parser = crate::args::at_least_one::<u64>)]
    seconds: u64,
}

#[derive(Debug, clap::Args)]
struct RoomsOptions {
    #[command(flatten)]
    target: Target,
    /// Connections opening rooms at once
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = crate::args::at_least_one::<usize>)]
    connections: usize,
    /// Rooms each connection tries to open
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = crate::args::at_least_one::<usize>)]
    each: usize,
}

pub fn main(o: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (target, report) = match o.what {
        Flood::Sync(s) => (s.target.json, rt.block_on(sync(s))?),
        Flood::Bots(b) => (b.target.json, rt.block_on(bots(b))?),
        Flood::Rooms(r) => (r.target.json, rt.block_on(rooms(r))?),
    };
    if target {
        println!("{report}");
    } else if let Some(m) = report.as_object() {
        for (k, v) in m {
            println!("{k:<28} {v}");
        }
    }
    Ok(())
}

/// What the server answered that was not what the flood asked for, by code.
#[derive(Default)]
struct Refusals(Mutex<std::collections::BTreeMap<String, u64>>);

impl Refusals {
    fn add(&self, what: String) {
        *self
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(what)
            .or_default() += 1;
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!(*self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

fn why(e: &NetError) -> String {
    match e {
        NetError::Refused { code, .. } => serde_json::to_value(code)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_else(|| format!("{code:?}")),
        other => other.to_string(),
    }
}

async fn connect(t: &Target) -> Result<(Client, UnboundedReceiver<ClientEvent>), NetError> {
    let (l, rx) = ChannelListener::new();
    let dial = Dial {
        from: t.from,
        ..Dial::default()
    };
    Ok((Client::dial(&t.server, l, dial).await?, rx))
}

fn table(seats: Vec<SeatSpec>, bot_delay_ms: u64) -> RoomSpec {
    RoomSpec {
        rules: serde_json::json!({"preset": "yunnori"}),
        seats,
        teams: None,
        options: RoomOptions {
            bot_delay_ms,
            ..RoomOptions::default()
        },
    }
}

/// What the rooms a flood plays count together.
#[derive(Default)]
struct Played {
    /// Rematches asked for (each after a game ended).
    games: AtomicU64,
    /// Actions heard, the bots' and the script's.
    actions: AtomicU64,
    refusals: Refusals,
}

/// Plays seat 0 of the room `rx` follows: each turn of it after `pause`, the first legal
/// move; a rematch after each game. Ends at `until` or when the connection ends.
async fn play_seat_zero(
    client: Client,
    mut rx: UnboundedReceiver<ClientEvent>,
    pause: Duration,
    until: Instant,
    tally: Arc<Played>,
) {
    let (games, refusals) = (&tally.games, &tally.refusals);
    let mut view: Option<GameView> = None;
    let mut asked = 0;
    while Instant::now() < until {
        let Ok(Some(e)) = tokio::time::timeout_at(until.into(), rx.recv()).await else {
            break;
        };
        match e {
            ClientEvent::Room(r) => view = r.game.map(|g| g.view),
            ClientEvent::Played { view: v, .. } => {
                tally.actions.fetch_add(1, Ordering::Relaxed);
                view = Some(v)
            }
            ClientEvent::Undone { view: v, .. } => view = Some(v),
            _ => {}
        }
        // Only the newest position counts: act on it once nothing else waits.
        if !rx.is_empty() {
            continue;
        }
        let Some(v) = view.clone() else { continue };
        let r = match v.phase {
            Phase::Over if asked < games.load(Ordering::Relaxed) + 1 => {
                asked = games.fetch_add(1, Ordering::Relaxed) + 1;
                client.rematch().await
            }
            Phase::Over => continue,
            _ if v.to_move != 0 => continue,
            Phase::Throw => {
                tokio::time::sleep(pause).await;
                client.throw(0).await
            }
            Phase::Move => {
                let Some(l) = v.legal.first() else { continue };
                tokio::time::sleep(pause).await;
                client.play(0, l.spec(), Some(l.pieces)).await
            }
        };
        if let Err(e) = r {
            refusals.add(why(&e));
        }
    }
    client.close();
}

async fn sync(o: SyncOptions) -> Result<serde_json::Value, String> {
    let rss = || server_rss_mb(&o.target.server).map(|r| (r * 10.0).round() / 10.0);
    let before = rss();
    let (host, rx) = connect(&o.target)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let seats = vec![SeatSpec::person(), SeatSpec::bot(BotLevel::Medium)];
    let j = host
        .create_room("Flood host", table(seats, 300), None)
        .await
        .map_err(|e| format!("create: {e}"))?;
    host.start().await.map_err(|e| format!("start: {e}"))?;
    let until = Instant::now() + Duration::from_secs(o.seconds);
    let tally = Arc::new(Played::default());
    let game = tokio::spawn(play_seat_zero(
        host,
        rx,
        Duration::from_millis(300),
        until,
        tally.clone(),
    ));
    let addr = socket_addr(&o.target.server)?;
    let every = Duration::from_secs(1) / o.per_sec;
    let spectators: Vec<_> = (0..o.spectators)
        .map(|_| {
            tokio::spawn(spectate_never_reading(
                addr,
                o.target.from,
                j.code.clone(),
                every,
                until,
            ))
        })
        .collect();
    let mut peak = before;
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(500)).await;
        peak = match (peak, rss()) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
    }
    let (mut sent, mut closed, mut failed) = (0, 0, 0);
    for s in spectators {
        match s.await {
            Ok(Ok((n, was_closed))) => {
                sent += n;
                closed += u64::from(was_closed);
            }
            _ => failed += 1,
        }
    }
    let _ = game.await;
    tokio::time::sleep(Duration::from_secs(o.settle)).await;
    Ok(serde_json::json!({
        "spectators": o.spectators,
        "syncs_per_sec_each": o.per_sec,
        "seconds": o.seconds,
        "syncs_sent": sent,
        "spectators_closed_by_server": closed,
        "spectators_not_connected": failed,
        "game_actions": tally.actions.load(Ordering::Relaxed),
        "player_refusals": tally.refusals.json(),
        "server_rss_mb_before": before,
        "server_rss_mb_peak": peak,
        "server_rss_mb_after": rss(),
        "settle_seconds": o.settle,
    }))
}

fn socket_addr(url: &str) -> Result<SocketAddr, String> {
    let hostport = url
        .strip_prefix("ws://")
        .ok_or("the sync flood speaks ws:// only")?
        .trim_end_matches('/')
        .trim_end_matches("/ws");
    use std::net::ToSocketAddrs;
    hostport
        .to_socket_addrs()
        .map_err(|e| format!("{hostport}: {e}"))?
        .next()
        .ok_or_else(|| format!("{hostport}: no address"))
}

/// One spectator that sends `sync` each `every` and never reads (its receive buffer kept
/// small, so the server's writes to it stall at once). Returns the `sync`s sent and
/// whether the server closed it before `until`.
async fn spectate_never_reading(
    addr: SocketAddr,
    from: Option<IpAddr>,
    code: String,
    every: Duration,
    until: Instant,
) -> Result<(u64, bool), String> {
    let socket = if addr.is_ipv4() {
        TcpSocket::new_v4()
    } else {
        TcpSocket::new_v6()
    }
    .map_err(|e| e.to_string())?;
    socket
        .set_recv_buffer_size(4096)
        .map_err(|e| e.to_string())?;
    if let Some(ip) = from {
        socket
            .bind(SocketAddr::new(ip, 0))
            .map_err(|e| e.to_string())?;
    }
    let tcp = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .map_err(|e| e.to_string())?;
    let hello =
        serde_json::json!({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "flood"});
    let watch = serde_json::json!({"type": "spectate", "code": code, "id": 1});
    for m in [hello, watch] {
        ws.send(Message::text(m.to_string()))
            .await
            .map_err(|e| e.to_string())?;
    }
    let mut sent = 0;
    while Instant::now() < until {
        let sync = serde_json::json!({"type": "sync", "id": sent + 2}).to_string();
        match tokio::time::timeout(Duration::from_secs(1), ws.send(Message::text(sync))).await {
            Ok(Ok(())) => sent += 1,
            // Closed by the server, or its socket full for a second: the server stopped
            // taking what it sends.
            Ok(Err(_)) | Err(_) => return Ok((sent, true)),
        }
        tokio::time::sleep(every).await;
    }
    Ok((sent, false))
}

async fn bots(o: BotsOptions) -> Result<serde_json::Value, String> {
    let until = Instant::now() + Duration::from_secs(o.seconds);
    let tally = Arc::new(Played::default());
    let refusals = &tally.refusals;
    let mut players = Vec::new();
    let mut opened = 0;
    for _ in 0..o.rooms {
        let seats = vec![
            SeatSpec::person(),
            SeatSpec::bot(BotLevel::Hard),
            SeatSpec::bot(BotLevel::Hard),
            SeatSpec::bot(BotLevel::Hard),
        ];
        let (client, rx) = match connect(&o.target).await {
            Ok(c) => c,
            Err(e) => {
                refusals.add(format!("connect: {}", why(&e)));
                continue;
            }
        };
        let made = async {
            client.create_room("Flood", table(seats, 0), None).await?;
            client.start().await
        };
        if let Err(e) = made.await {
            refusals.add(why(&e));
            client.close();
            continue;
        }
        opened += 1;
        players.push(tokio::spawn(play_seat_zero(
            client,
            rx,
            Duration::ZERO,
            until,
            tally.clone(),
        )));
    }
    for p in players {
        let _ = p.await;
    }
    Ok(serde_json::json!({
        "rooms_asked": o.rooms,
        "rooms_playing": opened,
        "seconds": o.seconds,
        "games": tally.games.load(Ordering::Relaxed),
        "actions": tally.actions.load(Ordering::Relaxed),
        "refusals": tally.refusals.json(),
    }))
}

async fn rooms(o: RoomsOptions) -> Result<serde_json::Value, String> {
    let began = Instant::now();
    let made = Arc::new(AtomicU64::new(0));
    let refusals = Arc::new(Refusals::default());
    let target = Arc::new(o.target);
    let mut conns = Vec::new();
    for _ in 0..o.connections {
        let (made, refusals, target) = (made.clone(), refusals.clone(), target.clone());
        conns.push(tokio::spawn(async move {
            let (client, _rx) = match connect(&target).await {
                Ok(c) => c,
                Err(e) => {
                    refusals.add(format!("connect: {}", why(&e)));
                    return;
                }
            };
            for _ in 0..o.each {
                let t = table(vec![SeatSpec::person(), SeatSpec::bot(BotLevel::Easy)], 0);
                match client.create_room("Flood", t, None).await {
                    Ok(_) => {
                        made.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => {
                        // A limit's refusal: a stranger tries again. Anything else (the
                        // connection closed): this connection is done.
                        let limit = matches!(
                            &e,
                            NetError::Refused {
                                code: ErrorCode::TooManyRooms | ErrorCode::RateLimited,
                                ..
                            }
                        );
                        refusals.add(why(&e));
                        if !limit {
                            break;
                        }
                    }
                }
            }
            // Held open: the rooms stay this connection's until it goes.
            tokio::time::sleep(Duration::from_millis(100)).await;
            client.close();
        }));
    }
    for c in conns {
        let _ = c.await;
    }
    Ok(serde_json::json!({
        "connections": o.connections,
        "rooms_tried": o.connections * o.each,
        "rooms_made": made.load(Ordering::Relaxed),
        "refusals": refusals.json(),
        "seconds": (began.elapsed().as_secs_f64() * 10.0).round() / 10.0,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The figure `flood rooms` reports is what the server allows: one address gets its
    /// limit and is refused past it, and an address next to it still opens a room.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rooms_flood_stops_at_its_address_limit_and_others_still_open_rooms() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut c = yut_server::Config::loopback(dir.path().to_path_buf());
        c.max_rooms_per_ip = 6;
        let server = yut_server::start(c).await.expect("server starts");
        let target = |ip: [u8; 4]| Target {
            server: format!("ws://{}", server.addr),
            from: Some(IpAddr::from(ip)),
            json: true,
        };
        let flood = RoomsOptions {
            target: target([127, 0, 0, 2]),
            connections: 4,
            each: 5,
        };
        let flood = rooms(flood).await.expect("the flood ran");
        assert_eq!(flood["rooms_made"], 6, "{flood}");
        assert!(
            flood["refusals"]["too_many_rooms"].as_u64() > Some(0),
            "{flood}"
        );
        let other = RoomsOptions {
            target: target([127, 0, 0, 3]),
            connections: 1,
            each: 1,
        };
        let other = rooms(other).await.expect("the other address ran");
        assert_eq!(other["rooms_made"], 1, "{other}");
    }
}
