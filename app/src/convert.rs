//! Conversions between the core's types and the records of `records.rs`. Pure mapping:
//! nothing here decides anything about the rules.

use crate::error::YutError;
use crate::records::*;
use yut_core::board::{Spot as CoreSpot, Station};
use yut_core::bot::review::Slip as CoreSlip;
use yut_core::bot::Advice as CoreAdvice;
use yut_core::game::{BonusReason as CoreBonus, Event, LegalMove as CoreLegal, Move};
use yut_core::route::RouteId;
use yut_core::rules::Preset as CorePreset;
use yut_core::save;
use yut_core::session::{BotLevel as CoreBotLevel, Player};
use yut_core::throw::{Outcome, Throw as CoreThrow};

/// A count or an index as the apps take it (`i32`); the core's are tiny, so this never
/// saturates.
pub fn to_i32(n: impl TryInto<i32>) -> i32 {
    n.try_into().unwrap_or(i32::MAX)
}

/// An index from the apps; negative ones name nothing.
pub fn index(n: i32, what: &str) -> Result<usize, YutError> {
    usize::try_from(n).map_err(|_| YutError::InvalidInput {
        reason: format!("{what} {n} is negative"),
    })
}

pub fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl From<CoreThrow> for Throw {
    fn from(t: CoreThrow) -> Throw {
        match t {
            CoreThrow::BackDo => Throw::BackDo,
            CoreThrow::Do => Throw::Do,
            CoreThrow::Gae => Throw::Gae,
            CoreThrow::Geol => Throw::Geol,
            CoreThrow::Yut => Throw::Yut,
            CoreThrow::Mo => Throw::Mo,
        }
    }
}

impl From<Throw> for CoreThrow {
    fn from(t: Throw) -> CoreThrow {
        match t {
            Throw::BackDo => CoreThrow::BackDo,
            Throw::Do => CoreThrow::Do,
            Throw::Gae => CoreThrow::Gae,
            Throw::Geol => CoreThrow::Geol,
            Throw::Yut => CoreThrow::Yut,
            Throw::Mo => CoreThrow::Mo,
        }
    }
}

pub fn throws(v: &[CoreThrow]) -> Vec<Throw> {
    v.iter().map(|t| Throw::from(*t)).collect()
}

pub fn core_throws(v: &[Throw]) -> Vec<CoreThrow> {
    v.iter().map(|t| CoreThrow::from(*t)).collect()
}

/// The result of an outcome; `None` for 낙.
pub fn result_of(o: Outcome) -> Option<Throw> {
    match o {
        Outcome::Result(t) => Some(t.into()),
        Outcome::Nak => None,
    }
}

impl From<RouteId> for Route {
    fn from(r: RouteId) -> Route {
        match r {
            RouteId::Outer => Route::Outer,
            RouteId::Mo => Route::Mo,
            RouteId::MoStraight => Route::MoStraight,
            RouteId::Dwitmo => Route::Dwitmo,
            RouteId::Jjimo => Route::Jjimo,
        }
    }
}

impl From<Route> for RouteId {
    fn from(r: Route) -> RouteId {
        match r {
            Route::Outer => RouteId::Outer,
            Route::Mo => RouteId::Mo,
            Route::MoStraight => RouteId::MoStraight,
            Route::Dwitmo => RouteId::Dwitmo,
            Route::Jjimo => RouteId::Jjimo,
        }
    }
}

impl From<CoreSpot> for Spot {
    fn from(s: CoreSpot) -> Spot {
        match s {
            CoreSpot::Home => Spot::Home,
            CoreSpot::Done => Spot::Done,
            CoreSpot::At(st) => Spot::Station { id: st.id() },
        }
    }
}

pub fn spots(v: &[CoreSpot]) -> Vec<Spot> {
    v.iter().map(|s| Spot::from(*s)).collect()
}

pub fn station(id: &str) -> Result<Station, YutError> {
    id.parse().map_err(
        |e: yut_core::board::UnknownStation| YutError::InvalidInput {
            reason: e.to_string(),
        },
    )
}

pub fn core_spot(s: &Spot) -> Result<CoreSpot, YutError> {
    Ok(match s {
        Spot::Home => CoreSpot::Home,
        Spot::Done => CoreSpot::Done,
        Spot::Station { id } => CoreSpot::At(station(id)?),
    })
}

impl From<CorePreset> for Preset {
    fn from(p: CorePreset) -> Preset {
        match p {
            CorePreset::Yunnori => Preset::Yunnori,
            CorePreset::Culin1895 => Preset::Culin1895,
            CorePreset::NyoutRu => Preset::NyoutRu,
        }
    }
}

impl From<Preset> for CorePreset {
    fn from(p: Preset) -> CorePreset {
        match p {
            Preset::Yunnori => CorePreset::Yunnori,
            Preset::Culin1895 => CorePreset::Culin1895,
            Preset::NyoutRu => CorePreset::NyoutRu,
        }
    }
}

impl From<CoreBotLevel> for BotLevel {
    fn from(l: CoreBotLevel) -> BotLevel {
        match l {
            CoreBotLevel::Easy => BotLevel::Easy,
            CoreBotLevel::Medium => BotLevel::Medium,
            CoreBotLevel::Hard => BotLevel::Hard,
        }
    }
}

impl From<BotLevel> for CoreBotLevel {
    fn from(l: BotLevel) -> CoreBotLevel {
        match l {
            BotLevel::Easy => CoreBotLevel::Easy,
            BotLevel::Medium => CoreBotLevel::Medium,
            BotLevel::Hard => CoreBotLevel::Hard,
        }
    }
}

impl From<BotLevel> for yut_core::bot::Level {
    fn from(l: BotLevel) -> yut_core::bot::Level {
        CoreBotLevel::from(l).into()
    }
}

impl From<Player> for PlayerKind {
    fn from(p: Player) -> PlayerKind {
        match p {
            Player::Human => PlayerKind::Human,
            Player::Bot { level } => PlayerKind::Bot {
                level: level.into(),
            },
        }
    }
}

impl From<PlayerKind> for Player {
    fn from(p: PlayerKind) -> Player {
        match p {
            PlayerKind::Human => Player::Human,
            PlayerKind::Bot { level } => Player::Bot {
                level: level.into(),
            },
        }
    }
}

impl From<CoreBonus> for BonusReason {
    fn from(b: CoreBonus) -> BonusReason {
        match b {
            CoreBonus::Result => BonusReason::Result,
            CoreBonus::Capture => BonusReason::Capture,
        }
    }
}

impl From<&Event> for GameEvent {
    fn from(e: &Event) -> GameEvent {
        match e {
            Event::Thrown {
                seat,
                outcome,
                prize,
            } => GameEvent::Thrown {
                seat: to_i32(*seat),
                result: result_of(*outcome),
                prize: *prize,
            },
            Event::Moved {
                seat,
                from,
                to,
                path,
                pieces,
                uses,
                route,
            } => GameEvent::Moved {
                seat: to_i32(*seat),
                from: (*from).into(),
                to: (*to).into(),
                path: spots(path),
                pieces: to_i32(*pieces),
                uses: throws(uses),
                route: (*route).into(),
            },
            Event::Turned { at, route } => GameEvent::Turned {
                at: at.id(),
                route: (*route).into(),
            },
            Event::Stacked { at, pieces } => GameEvent::Stacked {
                at: at.id(),
                pieces: to_i32(*pieces),
            },
            Event::Captured { at, side, pieces } => GameEvent::Captured {
                at: at.id(),
                side: to_i32(*side),
                pieces: to_i32(*pieces),
            },
            Event::Finished { side, pieces } => GameEvent::Finished {
                side: to_i32(*side),
                pieces: to_i32(*pieces),
            },
            Event::BonusOwed { reason, prize } => GameEvent::BonusOwed {
                reason: (*reason).into(),
                prize: *prize,
            },
            Event::ResultLost { throw } => GameEvent::ResultLost {
                result: (*throw).into(),
            },
            Event::TurnPassed { to } => GameEvent::TurnPassed { to: to_i32(*to) },
            Event::Won { side } => GameEvent::Won {
                side: to_i32(*side),
            },
            Event::Placed { side, place } => GameEvent::Placed {
                side: to_i32(*side),
                place: to_i32(*place),
            },
        }
    }
}

pub fn events(v: &[Event]) -> Vec<GameEvent> {
    v.iter().map(GameEvent::from).collect()
}

/// A hint as the apps see it, its moves tagged with the state they belong to.
pub fn advice(a: &CoreAdvice, state: u64, seat: usize) -> Advice {
    Advice {
        chosen: legal_move(&a.chosen, state, seat),
        win_chance: a.win_chance,
        appraisal: a
            .appraisal
            .iter()
            .map(|(m, p)| MoveChance {
                mv: legal_move(m, state, seat),
                win_chance: *p,
            })
            .collect(),
    }
}

/// A slip of a review; its moves belong to an earlier position (state tag 0).
pub fn review_slip(x: &CoreSlip) -> Slip {
    Slip {
        turn: u32::try_from(x.turn).unwrap_or(u32::MAX),
        seat: to_i32(x.seat),
        played: legal_move(&x.played, 0, x.seat),
        best: legal_move(&x.best, 0, x.seat),
        played_chance: x.played_chance,
        best_chance: x.best_chance,
    }
}

/// A core legal move as the apps see it, tagged with the state it belongs to.
pub fn legal_move(l: &CoreLegal, state: u64, seat: usize) -> LegalMove {
    LegalMove {
        state,
        seat: to_i32(seat),
        from: l.mv.from.into(),
        to: l.to.into(),
        path: spots(&l.path),
        uses: throws(&l.mv.uses),
        route: l.mv.route.into(),
        stack: l.mv.stack,
        pieces: to_i32(l.mv.pieces),
        captures: to_i32(l.captures),
    }
}

/// The core's description of a move the apps hand back.
pub fn core_move(m: &LegalMove) -> Result<Move, YutError> {
    Ok(Move {
        from: core_spot(&m.from)?,
        uses: core_throws(&m.uses),
        route: m.route.into(),
        stack: m.stack,
        pieces: u8::try_from(m.pieces).map_err(|_| YutError::InvalidInput {
            reason: format!("a move of {} pieces", m.pieces),
        })?,
    })
}

pub fn core_move_spec(m: &MoveSpec) -> Result<yut_core::setup::MoveSpec, YutError> {
    Ok(yut_core::setup::MoveSpec {
        from: core_spot(&m.from)?,
        uses: core_throws(&m.uses),
        route: m.route.map(RouteId::from),
        stack: m.stack,
        count: m
            .count
            .map(|c| {
                u8::try_from(c).map_err(|_| YutError::InvalidInput {
                    reason: format!("a group of {c} pieces"),
                })
            })
            .transpose()?,
    })
}

/// `turn_number`: the game's turn in progress (`Session::turn_number`), which the file's
/// summary does not hold.
pub fn save_summary(s: &save::Summary, turn_number: usize) -> SaveSummary {
    SaveSummary {
        id: s.id.clone(),
        preset: s.preset.into(),
        pieces_per_player: to_i32(s.pieces_per_player),
        seats: s
            .seats
            .iter()
            .map(|seat| SavedSeat {
                name: seat.name.clone(),
                colour: seat.colour.clone(),
                player: seat.player.into(),
                side: to_i32(seat.side),
                finished: to_i32(seat.finished),
                place: seat.place.map(to_i32),
            })
            .collect(),
        to_move: s.to_move.map(to_i32),
        finished: s.finished,
        winner: s.winner.map(to_i32),
        created_ms: millis(s.created_ms),
        updated_ms: millis(s.updated_ms),
        actions: to_i32(s.actions),
        turns: to_i32(s.turns),
        turn_number: to_i32(turn_number),
    }
}

/// The stable id of a save file's trouble, for the apps to word.
pub fn save_damage(e: &save::SaveError) -> SaveDamage {
    match e {
        save::SaveError::Corrupt { .. } => SaveDamage::Corrupt,
        save::SaveError::NewerVersion { .. } => SaveDamage::NewerVersion,
        save::SaveError::NotFound => SaveDamage::Missing,
        save::SaveError::BadId(_) => SaveDamage::BadId,
        // The last three come from saving, not listing: nothing in them is the file's.
        save::SaveError::Unreadable(_)
        | save::SaveError::Unwritable(_)
        | save::SaveError::Undeletable(_)
        | save::SaveError::ChangedElsewhere
        | save::SaveError::DeletedElsewhere
        | save::SaveError::NoDirectory => SaveDamage::Unreadable,
    }
}
