//! What the table animates, for a local game and a room alike: a throw's flight (its cues
//! and its landing as timers, the result withheld until then) and a move along its path.

use crate::catalog::board_layout;
use crate::ctx::Ctx;
use crate::effect::SpeechPart;
use crate::flight::{Against, Flight, Mat, Swipe};
use crate::pacing::QUICK_FACTOR;
use crate::records::{GameEvent, GameSnapshot, LegalMove, PlayerKind, Spot};
use crate::timers::Timer;
use crate::view::{MoveShown, Point, ThrowMotion, ThrowShown};

/// Plans how a throw shows and sets its timers: one cue per contact at its time (none
/// while muted), or for a drop one soft knock as the sticks land; the landing.
pub fn fly(
    cx: &mut Ctx<'_>,
    seat: i32,
    colour: String,
    sticks: Vec<bool>,
    flight: Flight,
    by_bot: bool,
) -> ThrowShown {
    let drop = cx.switches.reduce_motion || (by_bot && cx.switches.quick_bots);
    let percent = u64::from(cx.pacing.flight_percent);
    let paced = move |ms: u32| u64::from(ms) * percent / 100;
    let play_ms = if drop {
        u64::from(cx.pacing.drop_ms)
    } else {
        paced(flight.end_ms)
    };
    let seq = cx.next_id();
    let start = cx.now;
    if !cx.switches.muted {
        if drop {
            let loudest = flight
                .contacts
                .iter()
                .map(|c| c.strength)
                .fold(0.0_f32, f32::max);
            if loudest > 0.0 {
                cx.at(
                    start + play_ms,
                    Timer::Cue {
                        strength: loudest.min(0.5),
                        against: Against::Mat,
                    },
                );
            }
        } else {
            for c in &flight.contacts {
                cx.at(
                    start + paced(c.at_ms),
                    Timer::Cue {
                        strength: c.strength,
                        against: c.against,
                    },
                );
            }
        }
    }
    cx.at(start + play_ms, Timer::Land { seq });
    ThrowShown {
        seq,
        seat,
        colour,
        sticks,
        flight,
        motion: if drop {
            ThrowMotion::Drop
        } else {
            ThrowMotion::Flight
        },
        started_at_ms: start,
        lands_at_ms: start + play_ms,
        by_bot,
        outcome: None,
    }
}

/// Where a spot is drawn in the board's unit square: a station where the core lays it
/// out; pieces waiting to enter beside the start corner, finished ones just outside it.
pub fn point_of(spot: &Spot) -> Point {
    let layout = board_layout();
    let start = layout
        .stations
        .iter()
        .find(|s| s.id == layout.start_station)
        .map_or(Point { x: 1.0, y: 1.0 }, |s| Point { x: s.x, y: s.y });
    match spot {
        Spot::Home => Point {
            x: start.x + 0.09,
            y: start.y - 0.02,
        },
        Spot::Done => Point {
            x: start.x + 0.09,
            y: start.y + 0.09,
        },
        Spot::Station { id } => layout
            .stations
            .iter()
            .find(|s| &s.id == id)
            .map_or(start, |s| Point { x: s.x, y: s.y }),
    }
}

/// A move to animate (`mv`, played by `seat` in `colour`): its path as spots and points, at
/// the table's pace.
pub fn moved(
    cx: &mut Ctx<'_>,
    mv: &LegalMove,
    colour: String,
    events: Vec<GameEvent>,
    by_bot: bool,
) -> MoveShown {
    let (seat, from, path, pieces) = (mv.seat, mv.from.clone(), mv.path.clone(), mv.pieces);
    let step_ms = step_ms(cx, by_bot);
    let captured = events
        .iter()
        .map(|e| match e {
            GameEvent::Captured { pieces, .. } => *pieces,
            _ => 0,
        })
        .sum();
    let points = std::iter::once(&from)
        .chain(path.iter())
        .map(point_of)
        .collect();
    let lands = cx.now + u64::from(step_ms) * path.len() as u64;
    MoveShown {
        seq: cx.next_id(),
        seat,
        colour,
        from,
        points,
        pieces,
        captured,
        events,
        by_bot,
        started_at_ms: cx.now,
        step_ms,
        lands_at_ms: lands,
        path,
    }
}

/// The time per station of a move: none under Reduce Motion (the piece jumps), a quarter
/// for a quick bot's.
pub fn step_ms(cx: &Ctx<'_>, by_bot: bool) -> u32 {
    if cx.switches.reduce_motion {
        0
    } else if by_bot && cx.switches.quick_bots {
        cx.pacing.hop_ms / QUICK_FACTOR
    } else {
        cx.pacing.hop_ms
    }
}

/// A bot's flick, different from throw to throw (`seed`) but always plausible: let go in
/// the near half of the mat, brisk, up the mat with a little drift and curl.
pub fn bot_swipe(mat: Mat, seed: u64) -> Swipe {
    let mut state = seed;
    let mut unit = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f32 / (1u64 << 53) as f32
    };
    let speed = 700.0 + 800.0 * unit();
    let angle = -std::f32::consts::FRAC_PI_2 + (unit() - 0.5) * 0.7;
    Swipe {
        mat,
        release_x: mat.width * (0.35 + 0.3 * unit()),
        release_y: mat.height * (0.6 + 0.2 * unit()),
        velocity_x: speed * angle.cos(),
        velocity_y: speed * angle.sin(),
        spin: (unit() - 0.5) * 6.0,
    }
}

/// What the screen reader says for an action's `events`, named from `snap` (the position
/// after it), with whose turn it is when the turn passed from `before`.
pub fn speech(events: &[GameEvent], snap: &GameSnapshot, before: Option<i32>) -> Vec<SpeechPart> {
    let name = |seat: i32| {
        snap.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    };
    let mut out = Vec::new();
    for e in events {
        match e {
            GameEvent::Thrown { seat, result, .. } => out.push(SpeechPart::Threw {
                seat: *seat,
                name: name(*seat),
                result: *result,
            }),
            GameEvent::Moved {
                seat, to, pieces, ..
            } => out.push(SpeechPart::Moved {
                seat: *seat,
                name: name(*seat),
                pieces: *pieces,
                to: to.clone(),
            }),
            GameEvent::Stacked { pieces, .. } => out.push(SpeechPart::Stacked { pieces: *pieces }),
            GameEvent::Captured { pieces, .. } => {
                out.push(SpeechPart::Captured { pieces: *pieces })
            }
            GameEvent::Finished { pieces, .. } => {
                out.push(SpeechPart::Finished { pieces: *pieces })
            }
            GameEvent::Won { side } => {
                let seats = snap
                    .sides
                    .iter()
                    .find(|s| s.side == *side)
                    .map(|s| s.seats.clone())
                    .unwrap_or_default();
                out.push(SpeechPart::Won {
                    names: seats.into_iter().map(name).collect(),
                });
            }
            _ => {}
        }
    }
    if !snap.over && Some(snap.turn.seat) != before {
        out.push(turn(snap));
    }
    out
}

/// Whose turn it is in `snap`.
pub fn turn(snap: &GameSnapshot) -> SpeechPart {
    SpeechPart::Turn {
        seat: snap.turn.seat,
        name: snap.turn.name.clone(),
        bot: matches!(snap.turn.player, PlayerKind::Bot { .. }),
    }
}
