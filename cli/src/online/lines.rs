//! `yut online host`, `join` and `rejoin` as plain lines (`--lines`, or when standard input
//! or output is not a terminal): the lobby, who is connected, the room code, each action
//! as it happens in words, and the moves to choose from on your turn. Seats are numbered
//! from 1, as on every screen.

use super::options::{level, tickets, HostOptions, JoinOptions, RejoinOptions};
use super::tickets::{Ticket, Tickets};
use super::{words, StampedListener};
use crate::play::text;
use std::collections::BTreeSet;
use tokio::sync::mpsc;
use yut_core::game::Phase;
use yut_core::session::{Action, Player};
use yut_net::protocol::{normalise_code, GameView, RoomSnapshot, SeatView, Stage};
use yut_net::{Client, ClientEvent, ConnectionState, NetError};

/// How a room is entered.
enum Enter {
    Create(Box<HostOptions>),
    /// Join by code (a kept ticket's seats taken back first); `name` to join under.
    Join {
        code: String,
        name: String,
        kept: Option<Ticket>,
    },
    Watch(String),
}

pub fn host(o: HostOptions) -> Result<(), String> {
    let server = o.server.clone();
    let kept = tickets(&o.tickets);
    online(&server, kept, Enter::Create(Box::new(o)))
}

pub fn join(o: JoinOptions) -> Result<(), String> {
    let code = normalise_code(&o.code).ok_or_else(|| words::not_a_code(&o.code))?;
    let kept = tickets(&o.tickets);
    let enter = if o.watch {
        Enter::Watch(code)
    } else {
        let ticket = kept.as_ref().and_then(|t| t.find(&o.server, &code));
        Enter::Join {
            code,
            name: o.name.clone().unwrap_or_else(|| "Guest".into()),
            kept: ticket,
        }
    };
    online(&o.server, kept, enter)
}

/// The ticket `rejoin` asks for: the room's, or the last one joined on that server.
pub fn kept_ticket(
    kept: Option<&Tickets>,
    server: &str,
    code: Option<&str>,
) -> Result<Ticket, String> {
    let kept = kept.ok_or("no place to keep seats: set HOME or YUNNORI_TICKETS")?;
    let ticket = match code {
        Some(c) => {
            let code = normalise_code(c).ok_or_else(|| words::not_a_code(c))?;
            kept.find(server, &code)
                .ok_or_else(|| format!("this computer holds no seats in room {code} on {server}"))?
        }
        None => kept
            .latest(server)
            .ok_or_else(|| format!("this computer holds no seats in any room on {server}"))?,
    };
    Ok(ticket)
}

pub fn rejoin(o: RejoinOptions) -> Result<(), String> {
    let kept = tickets(&o.tickets);
    let ticket = kept_ticket(kept.as_ref(), &o.server, o.code.as_deref())?;
    let enter = Enter::Join {
        code: ticket.code.clone(),
        name: ticket.name.clone(),
        kept: Some(ticket),
    };
    online(&o.server, kept, enter)
}

/// Keeps the seats the client holds now.
fn keep(kept: Option<&Tickets>, server: &str, client: &Client, name: &str) {
    let (Some(tickets), (Some(code), seats)) = (kept, client.seats()) else {
        return;
    };
    let ticket = Ticket {
        server: server.to_string(),
        code,
        seats,
        name: name.to_string(),
        at_ms: yut_core::session::now_ms(),
    };
    if let Err(e) = tickets.keep(ticket) {
        println!("Your seats could not be kept on this computer ({e}).");
    }
}

/// Enters the room: opens it, takes the kept seats back (or joins), or watches. Returns
/// this terminal's seats.
async fn enter(
    client: &Client,
    server: &str,
    kept: Option<&Tickets>,
    how: Enter,
) -> Result<Vec<usize>, String> {
    match how {
        Enter::Create(o) => {
            let table = super::options::host_table(&o);
            let name = o.name.as_deref().unwrap_or("Host");
            let j = client
                .create_room(name, table, Some(o.seats.mine.clone()))
                .await
                .map_err(|e| words::refused("Opening the room", &e, None, false))?;
            keep(kept, server, client, name);
            println!(
                "Room {}  ({})  — share the code; `start` when everyone is ready",
                j.code,
                super::shared_link(server, &j.code, &j.link)
            );
            Ok(j.seats.iter().map(|s| s.seat).collect())
        }
        Enter::Watch(code) => {
            client
                .spectate(&code)
                .await
                .map_err(|e| words::refused("Watching", &e, Some(&code), false))?;
            println!("Watching room {code}: you see the game as it is played; q leaves.");
            Ok(Vec::new())
        }
        Enter::Join {
            code,
            name,
            kept: ticket,
        } => {
            if let Some(t) = ticket {
                let tokens = t.seats.iter().map(|s| s.token.clone()).collect();
                match client.resume(&code, tokens).await {
                    Ok(j) => {
                        keep(kept, server, client, &t.name);
                        let seats: Vec<String> =
                            j.seats.iter().map(|s| (s.seat + 1).to_string()).collect();
                        println!("Back in room {} at seat {}.", j.code, seats.join(", "));
                        return Ok(j.seats.iter().map(|s| s.seat).collect());
                    }
                    Err(e) => {
                        if let Some(tickets) = kept {
                            let _ = tickets.forget(server, &code);
                        }
                        let gone =
                            matches!(e.code(), Some(yut_net::protocol::ErrorCode::NoSuchRoom));
                        if gone {
                            return Err(words::refused(
                                "Taking your seats back",
                                &e,
                                Some(&code),
                                false,
                            ));
                        }
                        println!(
                            "Your kept seats in room {code} are no longer yours: joining anew."
                        );
                    }
                }
            }
            let j = client
                .join(&code, &name, None)
                .await
                .map_err(|e| words::refused("Joining", &e, Some(&code), false))?;
            keep(kept, server, client, &name);
            let seats: Vec<String> = j.seats.iter().map(|s| (s.seat + 1).to_string()).collect();
            println!(
                "Joined room {} at seat {}; type `ready`",
                j.code,
                seats.join(", ")
            );
            Ok(j.seats.iter().map(|s| s.seat).collect())
        }
    }
}

/// Connects, enters a room, then plays it from standard input.
fn online(server: &str, kept: Option<Tickets>, how: Enter) -> Result<(), String> {
    runtime()?.block_on(async move {
        let (listener, rx) = StampedListener::new();
        let client = Client::connect(server, listener)
            .await
            .map_err(|e| format!("cannot reach {server}: {e}"))?;
        let seats = enter(&client, server, kept.as_ref(), how).await?;
        play(client, rx, seats.into_iter().collect(), server, kept).await
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
        marks.push("you".to_string());
    }
    if s.seat == host {
        marks.push("host".into());
    }
    if s.player == Player::Human {
        let away = words::away_or_standin(s);
        marks.push(if !s.taken {
            "open".into()
        } else if away.is_empty() {
            "connected".into()
        } else {
            away
        });
        if s.ready {
            marks.push("ready".into());
        }
    }
    format!(
        "  seat {} {:<16} {:<10} {}",
        s.seat + 1,
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
    if mine.is_empty() {
        println!("You are watching.");
    }
}

fn names_of(r: Option<&RoomSnapshot>) -> Vec<String> {
    r.map(|r| r.seats.iter().map(|s| s.name.clone()).collect())
        .unwrap_or_default()
}

fn name_of(r: Option<&RoomSnapshot>, seat: usize) -> String {
    r.and_then(|r| r.seats.get(seat))
        .map_or(format!("seat {}", seat + 1), |s| s.name.clone())
}

/// The sides of the room's game (each seat alone, or the teams), for who won.
fn sides_of(r: Option<&RoomSnapshot>) -> Vec<Vec<u8>> {
    r.and_then(|r| r.replay().ok())
        .map(|g| g.sides().to_vec())
        .unwrap_or_default()
}

/// An action in words: what the engine's events say happened (the throw, where the piece
/// went, what it captured), and whether a bot played it for someone away.
fn describe(
    r: Option<&RoomSnapshot>,
    a: &Action,
    events: &[yut_core::game::Event],
    stand_in: bool,
) -> Vec<String> {
    let names = names_of(r);
    let sides = sides_of(r);
    let mut lines: Vec<String> = events
        .iter()
        .filter_map(|e| text::announce(e, &names, &sides))
        .collect();
    if lines.is_empty() {
        // A move the events leave unsaid (a plain step): where it went.
        if let Action::Move { seat, mv, .. } = a {
            lines.push(format!(
                "{} moved from {}",
                name_of(r, *seat),
                text::spot_label(mv.from)
            ));
        }
    }
    if stand_in {
        let seat = match a {
            Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat,
        };
        lines.insert(
            0,
            format!("(a bot plays for {}, who is away)", name_of(r, seat)),
        );
    }
    lines
}

/// Prints what the seat to act may do, if it is one of ours.
fn prompt(r: Option<&RoomSnapshot>, v: &GameView, mine: &BTreeSet<usize>) {
    if v.phase == Phase::Over {
        let names = names_of(r);
        let won = v
            .winner
            .map(|w| format!(": {} wins", text::side_name(&names, &sides_of(r), w)))
            .unwrap_or_default();
        let again = if mine.is_empty() {
            "`q` leaves"
        } else {
            "`rematch` (host) or `q`"
        };
        println!("Game over{won}. {again}.");
        return;
    }
    if !mine.contains(&v.to_move) {
        return;
    }
    let who = format!("{} (seat {})", name_of(r, v.to_move), v.to_move + 1);
    match v.phase {
        Phase::Throw => println!("{who}: your throw — press Enter"),
        _ => {
            println!(
                "{who}: choose a move (in hand: {})",
                v.hand
                    .iter()
                    .map(|t| text::throw_name(*t))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for (i, l) in v.legal.iter().enumerate() {
                let cap = match l.captures {
                    0 => String::new(),
                    1 => ", capturing 1 piece".into(),
                    n => format!(", capturing {n} pieces"),
                };
                println!(
                    "  {}) {} → {} with {}{cap}",
                    i + 1,
                    text::spot_label(l.from),
                    text::spot_label(l.to),
                    l.uses
                        .iter()
                        .map(|t| text::throw_name(*t))
                        .collect::<Vec<_>>()
                        .join(" + ")
                );
            }
            if v.can_undo {
                println!("  u) take back your last move");
            }
        }
    }
}

/// What the game's own keys do for a spectator: nothing, and it says so.
const WATCHING: &str = "You are watching: the players' keys are theirs; q leaves.";

async fn play(
    client: Client,
    mut rx: mpsc::UnboundedReceiver<super::Stamped>,
    seats: Vec<usize>,
    server: &str,
    kept: Option<Tickets>,
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
    let refused = |what: &str, e: &NetError, room: &Option<RoomSnapshot>| {
        println!(
            "! {}",
            words::refused(what, e, room.as_ref().map(|r| r.code.as_str()), false)
        );
    };
    loop {
        tokio::select! {
            e = rx.recv() => {
                let Some((_, e)) = e else { break };
                match e {
                    ClientEvent::Room(mut r) => {
                        r.link = super::shared_link(server, &r.code, &r.link);
                        print_room(&r, &mine);
                        if let Some(g) = &r.game {
                            prompt(Some(&r), &g.view, &mine);
                        }
                        room = Some(r);
                    }
                    ClientEvent::Seats(s) => {
                        let before = room.as_ref().map(|r| r.seats.clone()).unwrap_or_default();
                        for line in words::seat_changes(&before, &s, &mine.iter().copied().collect::<Vec<_>>()) {
                            println!("{line}");
                        }
                        if let Some(r) = room.as_mut() {
                            r.seats = s;
                        }
                    }
                    ClientEvent::Played { game, action, events, view, stand_in, secret, .. } => {
                        let heard = room.as_mut().is_some_and(|r| {
                            r.heard_played(game, &action, &view, stand_in, secret.as_deref())
                        });
                        for line in describe(room.as_ref(), &action, &events, stand_in) {
                            println!("{line}");
                        }
                        prompt(room.as_ref(), &view, &mine);
                        if !heard {
                            let _ = client.sync().await;
                        }
                    }
                    ClientEvent::Undone { game, seat, view, .. } => {
                        let heard = room.as_mut().is_some_and(|r| r.heard_undone(game, &view));
                        println!("{} took back a move", name_of(room.as_ref(), seat));
                        prompt(room.as_ref(), &view, &mine);
                        if !heard {
                            let _ = client.sync().await;
                        }
                    }
                    ClientEvent::Throws(check) => {
                        if let Some(line) = words::throws(&check) {
                            println!("{line}");
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
                    ClientEvent::Error { code, message } => {
                        let e = NetError::Refused { code, message };
                        println!("! {}", words::refused("The server", &e, room.as_ref().map(|r| r.code.as_str()), false));
                        if code == yut_net::protocol::ErrorCode::NoSuchRoom {
                            if let (Some(t), Some(r)) = (&kept, &room) {
                                let _ = t.forget(server, &r.code);
                            }
                        }
                    }
                    ClientEvent::Closing { message } => println!("Server: {message}"),
                }
            }
            l = lines.recv() => {
                let Some(l) = l else { break };
                let words_typed: Vec<&str> = l.split_whitespace().collect();
                let view = room.as_ref().and_then(|r| r.game.as_ref()).map(|g| g.view.clone());
                let to_act = view.as_ref().map(|v| v.to_move).filter(|s| mine.contains(s));
                let seat_number = |n: &str| n.parse::<usize>().ok().filter(|n| *n >= 1).map(|n| n - 1);
                let (what, r) = match words_typed.as_slice() {
                    ["q"] | ["quit"] => break,
                    _ if mine.is_empty() => {
                        println!("{WATCHING}");
                        continue;
                    }
                    ["start"] => ("Start", client.start().await),
                    ["rematch"] => ("Rematch", client.rematch().await),
                    ["ready"] => {
                        let mut r = Ok(());
                        for &s in &mine {
                            r = r.and(client.ready(s, true).await);
                        }
                        ("Ready", r)
                    }
                    ["bot", l] => match level(l) {
                        Some(level) => ("Adding a bot", client.add_seat(Player::Bot { level }, None).await),
                        None => { println!("levels: easy, medium, hard"); continue }
                    },
                    ["remove", n] => match seat_number(n) {
                        Some(n) => ("Removing the seat", client.remove_seat(n).await),
                        None => { println!("remove SEAT (a seat number from 1)"); continue }
                    },
                    ["move", a, b] => match (seat_number(a), seat_number(b)) {
                        (Some(a), Some(b)) => ("Moving the seat", client.move_seat(a, b).await),
                        _ => { println!("move FROM TO (seat numbers from 1)"); continue }
                    },
                    ["join"] => match room.as_ref() {
                        Some(r) => {
                            let name = name_of(Some(r), *mine.iter().next().unwrap_or(&0));
                            match client.join(&r.code, &name, None).await {
                                Ok(j) => {
                                    mine.extend(j.seats.iter().map(|s| s.seat));
                                    keep(kept.as_ref(), server, &client, &name);
                                    ("Joining", Ok(()))
                                }
                                Err(e) => ("Joining", Err(e)),
                            }
                        }
                        None => continue,
                    },
                    ["u"] => match view.as_ref().filter(|v| v.can_undo) {
                        Some(_) => {
                            let last = room.as_ref().and_then(|r| r.game.as_ref()).and_then(|g| g.history.last()).map(|a| match a { Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat });
                            ("Undo", client.undo(last.unwrap_or(0)).await)
                        }
                        None => { println!("nothing to take back"); continue }
                    },
                    [] | ["t"] => match (to_act, view.as_ref()) {
                        (Some(s), Some(v)) if v.phase == Phase::Throw => ("Throw", client.throw(s).await),
                        _ => continue,
                    },
                    [n] => match (n.parse::<usize>(), to_act, view.as_ref()) {
                        (Ok(i), Some(s), Some(v)) if i >= 1 && i <= v.legal.len() => {
                            let l = &v.legal[i - 1];
                            ("Move", client.play(s, l.spec(), Some(l.pieces)).await)
                        }
                        _ => { println!("not a choice now"); continue }
                    },
                    _ => { println!("?"); continue }
                };
                if let Err(e) = r {
                    refused(what, &e, &room);
                }
            }
        }
    }
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), client.leave()).await;
    if let Some(code) = room.as_ref().map(|r| r.code.clone()) {
        if mine.is_empty() {
            println!("Left room {code}.");
        } else {
            println!("Left room {code}. yut online rejoin {code} takes your seats back.");
        }
    }
    client.close();
    Ok(())
}
