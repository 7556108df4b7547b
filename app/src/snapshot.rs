//! The one record a game screen renders from, read off a core `Game`.

use crate::convert::{events, legal_move, spots, to_i32};
use crate::records::*;
use std::sync::atomic::{AtomicU64, Ordering};
use yut_core::game::{Event, Game, Phase as CorePhase};

/// A fresh state tag, unique across every game object of the process: a legal move
/// carries the tag of the state it was listed in, so it cannot be played in another
/// state, nor in another game.
pub fn next_state() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// How a seat looks: its name, colour and who plays it.
#[derive(Clone, Debug)]
pub struct SeatLook {
    pub name: String,
    pub colour: String,
    pub player: PlayerKind,
}

/// Colours for tables that come without any (scenario games).
const PALETTE: [&str; 6] = [
    "#D64545", "#2E6FD8", "#2F9E44", "#E0A100", "#8E44AD", "#1ABC9C",
];

impl SeatLook {
    /// How the seats of `session` look.
    pub fn of_session(session: &yut_core::session::Session) -> Vec<SeatLook> {
        session
            .seats()
            .iter()
            .map(|s| SeatLook {
                name: s.name.clone(),
                colour: s.colour.clone(),
                player: s.player.into(),
            })
            .collect()
    }

    /// "Seat 1", "Seat 2", … in the palette's colours, all human.
    pub fn defaults(seats: usize) -> Vec<SeatLook> {
        (0..seats)
            .map(|i| SeatLook {
                name: format!("Seat {}", i + 1),
                colour: PALETTE[i % PALETTE.len()].to_string(),
                player: PlayerKind::Human,
            })
            .collect()
    }
}

/// Everything besides the game that the snapshot shows.
pub struct Extras<'a> {
    pub seats: &'a [SeatLook],
    pub state: u64,
    pub can_undo: bool,
    pub last_events: &'a [Event],
}

pub fn phase(g: &Game) -> Phase {
    match g.phase() {
        CorePhase::Throw => Phase::ToThrow,
        CorePhase::Move => Phase::ToMove,
        CorePhase::Over => Phase::Over,
    }
}

pub fn legal_moves(g: &Game, state: u64) -> Vec<LegalMove> {
    let seat = g.to_move();
    g.legal_moves()
        .iter()
        .map(|l| legal_move(l, state, seat))
        .collect()
}

fn look(seats: &[SeatLook], seat: usize) -> SeatLook {
    seats.get(seat).cloned().unwrap_or_else(|| SeatLook {
        name: format!("Seat {}", seat + 1),
        colour: PALETTE[seat % PALETTE.len()].to_string(),
        player: PlayerKind::Human,
    })
}

pub fn snapshot(g: &Game, x: Extras<'_>) -> GameSnapshot {
    let place_of = |side: usize| {
        g.places()
            .iter()
            .position(|p| usize::from(*p) == side)
            .map(|i| to_i32(i + 1))
    };
    let seats: Vec<SeatView> = (0..g.seats())
        .map(|seat| {
            let l = look(x.seats, seat);
            let side = g.side_of(seat);
            SeatView {
                seat: to_i32(seat),
                name: l.name,
                colour: l.colour,
                player: l.player,
                side: to_i32(side),
                pieces: spots(&g.pieces_of(seat)),
                home: to_i32(g.home(seat)),
                done: to_i32(g.done(seat)),
                place: place_of(side),
            }
        })
        .collect();
    let sides = g
        .sides()
        .iter()
        .enumerate()
        .map(|(side, members)| SideView {
            side: to_i32(side),
            seats: members.iter().map(|s| to_i32(*s)).collect(),
            place: place_of(side),
        })
        .collect();
    let stacks = g
        .stacks()
        .iter()
        .map(|st| {
            let at = g.station_of(st);
            let (sx, sy) = at.coordinates();
            StackView {
                side: to_i32(st.side),
                station: at.id(),
                x: sx,
                y: sy,
                route: st.route.into(),
                turn: st.turn.map(Route::from),
                size: to_i32(st.size()),
                counts: st
                    .counts
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| **n > 0)
                    .map(|(seat, n)| SeatCount {
                        seat: to_i32(seat),
                        colour: look(x.seats, seat).colour,
                        count: to_i32(*n),
                    })
                    .collect(),
            }
        })
        .collect();
    let to_move = g.to_move();
    let l = look(x.seats, to_move);
    let bot_to_act = match l.player {
        PlayerKind::Bot { level } if !g.is_over() => Some(level),
        _ => None,
    };
    GameSnapshot {
        state: x.state,
        phase: phase(g),
        turn: TurnView {
            seat: to_i32(to_move),
            side: to_i32(g.side_of(to_move)),
            name: l.name,
            colour: l.colour,
            player: l.player,
        },
        owed: to_i32(g.owed()),
        owed_prize: to_i32(g.owed_prize()),
        hand: g
            .hand()
            .iter()
            .map(|h| HandResult {
                result: h.throw.into(),
                prize: h.prize,
            })
            .collect(),
        seats,
        sides,
        stacks,
        legal_moves: legal_moves(g, x.state),
        can_undo: x.can_undo,
        bot_to_act,
        over: g.is_over(),
        winner: g.winner().map(to_i32),
        places: g.places().iter().map(|p| to_i32(*p)).collect(),
        last_events: events(x.last_events),
    }
}
