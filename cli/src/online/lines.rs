//! `yut online host` and `yut online join` as plain lines (`--lines`, or when standard
//! input or output is not a terminal): the lobby, who is connected, the room code, each
//! action as it happens, and the moves to choose from on your turn.

use super::{StampedListener, DEFAULT_SERVER};
use std::collections::BTreeSet;
use tokio::sync::mpsc;
use yut_core::game::Phase;
use yut_core::rules::Preset;
use yut_core::session::{Action, BotLevel, Player};
use yut_core::throw::Outcome;
use yut_net::protocol::{
    GameView, RoomOptions, RoomSnapshot, RoomTable, SeatSpec, SeatView, Stage,
};
use yut_net::{Client, ClientEvent, ConnectionState};

/// Open a room on a yut-server and play it: full screen, or lines with --lines
#[derive(Debug, clap::Args)]
pub struct HostOptions {
    /// The server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub(super) server: String,
    /// Your name in the room (default: Host)
    #[arg(long, value_name = "NAME")]
    pub(super) name: Option<String>,
    /// Plain lines on stdin/stdout instead of the full-screen game (the default when
    /// either is not a terminal)
    #[arg(long)]
    pub(super) lines: bool,
    /// Rule preset
    #[arg(long, value_name = "P", default_value = "yunnori", value_parser = crate::args::preset())]
    pub(super) preset: Preset,
    /// Pieces per seat (default: the preset's)
    #[arg(long, value_name = "K")]
    pieces: Option<u8>,
    /// The seats in order, comma-separated: me, person, easy, medium or hard
    #[arg(long, value_name = "me,person,medium,...", default_value = "me,person", value_parser = seats)]
    pub(super) seats: Seats,
    /// One rule of the preset changed: a JSON value (true, 2, ["mo"]) or a word (exact);
    /// repeatable
    #[arg(long, value_name = "KEY=VALUE", value_parser = rule)]
    rule: Vec<(String, serde_json::Value)>,
    /// Seconds a disconnected player's seat is held
    #[arg(long, value_name = "S")]
    grace_secs: Option<u64>,
    /// Seconds each turn may take
    #[arg(long, value_name = "S")]
    turn_secs: Option<u64>,
    /// No taking moves back in this room
    #[arg(long)]
    no_undo: bool,
}

/// Take a seat in an online room by its code
#[derive(Debug, clap::Args)]
pub struct JoinOptions {
    /// The room's code, as the host was given it
    #[arg(value_name = "CODE")]
    pub(super) code: String,
    /// The server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub(super) server: String,
    /// Your name in the room (full screen asks when it is not given; lines: Guest)
    #[arg(long, value_name = "NAME")]
    pub(super) name: Option<String>,
    /// Plain lines on stdin/stdout instead of the full-screen game (the default when
    /// either is not a terminal)
    #[arg(long)]
    pub(super) lines: bool,
    /// Watch the room without a seat (a spectator: the game as it is played, no keys)
    #[arg(long, conflicts_with = "name")]
    pub(super) watch: bool,
}

/// The seats `--seats` asks for, and which of them are the host's own.
#[derive(Clone, Debug)]
pub(super) struct Seats {
    pub(super) specs: Vec<SeatSpec>,
    mine: Vec<usize>,
}

fn level(id: &str) -> Option<BotLevel> {
    BotLevel::ALL.into_iter().find(|l| l.id() == id)
}

/// `--seats`: `me`, `person` or a bot level per seat, at least one `me`.
fn seats(v: &str) -> Result<Seats, String> {
    let mut specs = Vec::new();
    let mut mine = Vec::new();
    for (i, s) in v.split(',').map(str::trim).enumerate() {
        specs.push(match s {
            "me" => {
                mine.push(i);
                SeatSpec::person()
            }
            "person" => SeatSpec::person(),
            other => SeatSpec::bot(
                level(other)
                    .ok_or_else(|| format!("{other:?} is not me, person, easy, medium or hard"))?,
            ),
        });
    }
    if mine.is_empty() {
        return Err("at least one seat must be `me`".into());
    }
    Ok(Seats { specs, mine })
}

/// `--rule KEY=VALUE`: a JSON value (true, 2, ["mo"]) or else a plain word ("exact").
fn rule(v: &str) -> Result<(String, serde_json::Value), String> {
    let (k, val) = v
        .split_once('=')
        .ok_or_else(|| format!("wants KEY=VALUE, not {v:?}"))?;
    let value = serde_json::from_str(val).unwrap_or_else(|_| val.into());
    Ok((k.to_string(), value))
}

/// The table `yut online host` opens.
pub(super) fn host_table(o: &HostOptions) -> RoomTable {
    let mut rules = serde_json::json!({"preset": o.preset.id()});
    if let Some(n) = o.pieces {
        rules["pieces_per_player"] = n.into();
    }
    for (k, v) in &o.rule {
        rules[k.as_str()] = v.clone();
    }
    let mut options = RoomOptions::default();
    if let Some(s) = o.grace_secs {
        options.grace_ms = s.saturating_mul(1000);
    }
    if let Some(s) = o.turn_secs {
        options.turn_timer_ms = Some(s.saturating_mul(1000));
    }
    if o.no_undo {
        options.undo = false;
    }
    RoomTable {
        rules,
        seats: o.seats.specs.clone(),
        teams: None,
        options,
    }
}

pub fn host(o: HostOptions) -> Result<(), String> {
    let table = host_table(&o);
    let mine = o.seats.mine.clone();
    online(&o.server, |client| async move {
        let name = o.name.as_deref().unwrap_or("Host");
        let j = client.create_room(name, table, Some(mine)).await?;
        println!(
            "Room {}  ({})  — share the code; `start` when everyone is ready",
            j.code, j.link
        );
        Ok(j.seats.iter().map(|s| s.seat).collect())
    })
}

/// Connects, enters a room with `enter`, then plays it from standard input.
fn online<F, Fut>(server: &str, enter: F) -> Result<(), String>
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = Result<Vec<usize>, yut_net::NetError>>,
{
    runtime()?.block_on(async move {
        let (listener, rx) = StampedListener::new();
        let client = Client::connect(server, listener)
            .await
            .map_err(|e| e.to_string())?;
        let seats = enter(client.clone()).await.map_err(|e| e.to_string())?;
        play(client, rx, seats.into_iter().collect()).await
    })
}

pub fn join(o: JoinOptions) -> Result<(), String> {
    online(&o.server, |client| async move {
        if o.watch {
            client.spectate(&o.code).await?;
            println!("Watching room {}", o.code);
            return Ok(Vec::new());
        }
        let name = o.name.as_deref().unwrap_or("Guest");
        let j = client.join(&o.code, name, None).await?;
        let seats: Vec<String> = j.seats.iter().map(|s| s.seat.to_string()).collect();
        println!(
            "Joined room {} at seat {}; type `ready`",
            j.code,
            seats.join(", ")
        );
        Ok(j.seats.iter().map(|s| s.seat).collect())
    })
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}

fn seat_line(s: &SeatView, mine: &BTreeSet<usize>, host: usize) -> String {
    let who = match s.player {
        Player::Human => "person".to_string(),
        Player::Bot { level } => format!("{} bot", level.id()),
    };
    let mut marks = Vec::new();
    if mine.contains(&s.seat) {
        marks.push("you");
    }
    if s.seat == host {
        marks.push("host");
    }
    if s.player == Player::Human {
        marks.push(if !s.taken {
            "open"
        } else if s.connected {
            "connected"
        } else {
            "away"
        });
        if s.ready {
            marks.push("ready");
        }
    }
    if s.standin.is_some() {
        marks.push("a bot plays for them");
    }
    format!(
        "  seat {} {:<16} {:<10} {}",
        s.seat,
        s.name,
        who,
        marks.join(", ")
    )
}

fn print_room(r: &RoomSnapshot, mine: &BTreeSet<usize>) {
    let stage = match r.stage {
        Stage::Lobby => "lobby",
        Stage::Playing => "playing",
        Stage::Over => "game over",
    };
    println!(
        "Room {} ({}), {stage}, {} watching",
        r.code, r.link, r.spectators
    );
    for s in &r.seats {
        println!("{}", seat_line(s, mine, r.host));
    }
}

fn name_of(r: Option<&RoomSnapshot>, seat: usize) -> String {
    r.and_then(|r| r.seats.get(seat))
        .map_or(format!("seat {seat}"), |s| s.name.clone())
}

fn describe(r: Option<&RoomSnapshot>, a: &Action) -> String {
    match a {
        Action::Throw { seat, outcome, .. } => {
            let what = match outcome {
                Outcome::Result(t) => format!("{} ({})", t.english(), t.korean()),
                Outcome::Nak => "nak: a stick off the mat".into(),
            };
            format!("{} threw {what}", name_of(r, *seat))
        }
        Action::Move { seat, mv, .. } => format!(
            "{} moved {} with {}",
            name_of(r, *seat),
            mv.from,
            mv.uses
                .iter()
                .map(|t| t.english())
                .collect::<Vec<_>>()
                .join("+")
        ),
    }
}

/// Prints what the seat to act may do, if it is one of ours.
fn prompt(v: &GameView, mine: &BTreeSet<usize>) {
    if v.phase == Phase::Over {
        println!(
            "Game over{}. `rematch` (host) or `q`.",
            v.winner
                .map(|w| format!(": side {w} wins"))
                .unwrap_or_default()
        );
        return;
    }
    if !mine.contains(&v.to_move) {
        return;
    }
    let pieces: Vec<String> = v
        .pieces
        .iter()
        .map(|(s, p)| {
            format!(
                "{s}: {}",
                p.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        })
        .collect();
    println!("Pieces — {}", pieces.join(" | "));
    match v.phase {
        Phase::Throw => println!("Seat {}: your throw — press Enter", v.to_move),
        _ => {
            println!(
                "Seat {}: choose a move (hand: {})",
                v.to_move,
                v.hand
                    .iter()
                    .map(|t| t.english())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            for (i, l) in v.legal.iter().enumerate() {
                let cap = if l.captures > 0 { ", captures" } else { "" };
                println!(
                    "  {}) {} → {} with {}{cap}",
                    i + 1,
                    l.from,
                    l.to,
                    l.uses
                        .iter()
                        .map(|t| t.english())
                        .collect::<Vec<_>>()
                        .join("+")
                );
            }
            if v.can_undo {
                println!("  u) take back your last move");
            }
        }
    }
}

async fn play(
    client: Client,
    mut rx: mpsc::UnboundedReceiver<super::Stamped>,
    seats: Vec<usize>,
) -> Result<(), String> {
    let mut mine: BTreeSet<usize> = seats.into_iter().collect();
    let (line_tx, mut lines) = mpsc::unbounded_channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            let Ok(l) = line else { break };
            if line_tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut room: Option<RoomSnapshot> = None;
    loop {
        tokio::select! {
            e = rx.recv() => {
                let Some((_, e)) = e else { break };
                match e {
                    ClientEvent::Room(r) => {
                        print_room(&r, &mine);
                        if let Some(g) = &r.game {
                            prompt(&g.view, &mine);
                        }
                        room = Some(r);
                    }
                    ClientEvent::Seats(s) => {
                        for v in &s {
                            println!("{}", seat_line(v, &mine, room.as_ref().map_or(0, |r| r.host)));
                        }
                        if let Some(r) = room.as_mut() {
                            r.seats = s;
                        }
                    }
                    ClientEvent::Played { action, view, .. } => {
                        println!("{}", describe(room.as_ref(), &action));
                        prompt(&view, &mine);
                        if let Some(g) = room.as_mut().and_then(|r| r.game.as_mut()) {
                            g.view = view;
                        }
                    }
                    ClientEvent::Undone { seat, view, .. } => {
                        println!("{} took back a move", name_of(room.as_ref(), seat));
                        prompt(&view, &mine);
                        if let Some(g) = room.as_mut().and_then(|r| r.game.as_mut()) {
                            g.view = view;
                        }
                    }
                    ClientEvent::Connection(ConnectionState::Reconnecting { attempt }) => {
                        println!("Connection lost — reconnecting (attempt {attempt})…");
                    }
                    ClientEvent::Connection(ConnectionState::Restored) => println!("Reconnected."),
                    ClientEvent::Connection(ConnectionState::Closed) => {
                        println!("Connection closed.");
                        break;
                    }
                    ClientEvent::Connection(ConnectionState::Connected) => {}
                    ClientEvent::Error { code, message } => println!("! {}: {message}", code.id()),
                    ClientEvent::Closing { message } => println!("Server: {message}"),
                }
            }
            l = lines.recv() => {
                let Some(l) = l else { break };
                let words: Vec<&str> = l.split_whitespace().collect();
                let view = room.as_ref().and_then(|r| r.game.as_ref()).map(|g| g.view.clone());
                let to_act = view.as_ref().map(|v| v.to_move).filter(|s| mine.contains(s));
                let r = match words.as_slice() {
                    ["q"] | ["quit"] => break,
                    ["start"] => client.start().await,
                    ["rematch"] => client.rematch().await,
                    ["ready"] => {
                        let mut r = Ok(());
                        for &s in &mine {
                            r = r.and(client.ready(s, true).await);
                        }
                        r
                    }
                    ["bot", l] => match level(l) {
                        Some(level) => client.add_seat(Player::Bot { level }, None).await,
                        None => { println!("levels: easy, medium, hard"); Ok(()) }
                    },
                    ["remove", n] => match n.parse() {
                        Ok(n) => client.remove_seat(n).await,
                        Err(_) => { println!("remove N"); Ok(()) }
                    },
                    ["move", a, b] => match (a.parse(), b.parse()) {
                        (Ok(a), Ok(b)) => client.move_seat(a, b).await,
                        _ => { println!("move FROM TO"); Ok(()) }
                    },
                    ["join"] => match room.as_ref() {
                        Some(r) => match client.join(&r.code, "Guest", None).await {
                            Ok(j) => { mine.extend(j.seats.iter().map(|s| s.seat)); Ok(()) }
                            Err(e) => Err(e),
                        },
                        None => Ok(()),
                    },
                    ["u"] => match view.as_ref().and_then(|v| v.can_undo.then_some(())).and(room.as_ref()) {
                        Some(_) => {
                            let last = room.as_ref().and_then(|r| r.game.as_ref()).and_then(|g| g.history.last()).map(|a| match a { Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat });
                            client.undo(last.unwrap_or(0)).await
                        }
                        None => { println!("nothing to take back"); Ok(()) }
                    },
                    [] | ["t"] => match (to_act, view.as_ref()) {
                        (Some(s), Some(v)) if v.phase == Phase::Throw => client.throw(s).await,
                        _ => Ok(()),
                    },
                    [n] => match (n.parse::<usize>(), to_act, view.as_ref()) {
                        (Ok(i), Some(s), Some(v)) if i >= 1 && i <= v.legal.len() => {
                            let l = &v.legal[i - 1];
                            client.play(s, l.spec(), Some(l.pieces)).await
                        }
                        _ => { println!("not a choice now"); Ok(()) }
                    },
                    _ => { println!("?"); Ok(()) }
                };
                if let Err(e) = r {
                    println!("! {e}");
                }
            }
        }
    }
    if let (Some(code), _) = client.seats() {
        println!("Left room {code}.");
    }
    client.close();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `yut online host ARGS` through the program's whole command line.
    fn host_options(s: &str) -> Result<HostOptions, clap::Error> {
        use clap::Parser;
        let line = ["yut", "online", "host"]
            .into_iter()
            .chain(s.split_whitespace());
        match crate::Cli::try_parse_from(line)?.command {
            crate::Command::Online(crate::online::Command::Host(o)) => Ok(o),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn host_flags_make_the_table() {
        let o = host_options(
            "--server ws://127.0.0.1:9 --name Mina --seats me,person,hard,me --pieces 2 \
             --rule back_do=false --rule finish=exact --rule bonus_throw_on=[\"mo\"] --turn-secs 30",
        )
        .unwrap();
        let t = host_table(&o);
        assert_eq!(o.server, "ws://127.0.0.1:9");
        assert_eq!(o.name.as_deref(), Some("Mina"));
        assert_eq!(o.seats.mine, vec![0, 3]);
        assert_eq!(t.seats.len(), 4);
        assert_eq!(
            t.seats[2].player,
            Player::Bot {
                level: BotLevel::Hard
            }
        );
        assert_eq!(t.rules["back_do"], serde_json::json!(false));
        assert_eq!(t.rules["finish"], serde_json::json!("exact"));
        assert_eq!(t.rules["bonus_throw_on"], serde_json::json!(["mo"]));
        assert_eq!(t.rules["pieces_per_player"], serde_json::json!(2));
        assert_eq!(t.options.turn_timer_ms, Some(30_000));
        // The rules reach the engine as a valid rule set.
        assert!(yut_core::rules::RuleSet::from_json(&t.rules).is_ok());
        // Without flags: the default server, two people, the host in seat 0.
        let o = host_options("").unwrap();
        assert_eq!(
            (o.server.as_str(), o.name.as_deref()),
            (DEFAULT_SERVER, None)
        );
        assert!(!o.lines);
        assert_eq!((o.seats.specs.len(), o.seats.mine.clone()), (2, vec![0]));
    }

    #[test]
    fn a_host_needs_a_seat_and_known_levels() {
        for (line, names) in [
            ("--seats person,easy", "--seats"),
            ("--seats me,expert", "\"expert\""),
            ("--rule nonsense", "--rule"),
            ("--preset chess", "--preset"),
        ] {
            let e = host_options(line).expect_err(line);
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().contains(names), "{line}: {e}");
        }
    }
}
