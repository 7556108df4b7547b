//! After a game (or during it): the moves people played where the hard search rates its
//! own choice clearly higher, so a player can see where the game slipped away.

use super::{Bot, Level};
use crate::game::LegalMove;
use crate::session::{Action, Session, SessionError};
use std::time::Duration;

/// Smallest loss of winning chance a review reports. Below it the search's estimates are
/// too close to call: in the solved 2-piece game they miss the exact value by 1.1 points
/// on average and 4.5 points at the 99th percentile (docs/BOTS.md, Hints and reviews).
pub const SLIP_THRESHOLD: f64 = 0.05;

/// A person's move that the hard search rates well below another.
#[derive(Clone, Debug, PartialEq)]
pub struct Slip {
    /// The move's index in the session's history.
    pub action: usize,
    /// The turn it was played in (1 for the game's first).
    pub turn: usize,
    pub seat: usize,
    pub played: LegalMove,
    /// The search's choice in that position.
    pub best: LegalMove,
    /// The search's estimate of the mover's winning chance after each move.
    pub played_chance: f64,
    pub best_chance: f64,
}

impl Slip {
    /// Winning chance given away.
    pub fn loss(&self) -> f64 {
        self.best_chance - self.played_chance
    }
}

/// Every move of the people at the table (seats without a bot level) where the hard
/// search's choice is worth at least `SLIP_THRESHOLD` more winning chance than the move
/// played, largest loss first. One search per move, each within `budget`. Fails only
/// when the session's history does not replay (a damaged session).
pub fn review(session: &Session, budget: Duration) -> Result<Vec<Slip>, SessionError> {
    let levels = session.seat_levels();
    let positions = session.positions()?;
    let mut judge = Bot::new(Level::Hard, session.setup.seed).with_seat_levels(&levels);
    let turns = session.turn_numbers();
    let mut slips = Vec::new();
    for (action, ((a, game), &turn)) in session
        .history()
        .iter()
        .zip(&positions)
        .zip(&turns)
        .enumerate()
    {
        let Action::Move { seat, mv, .. } = a else {
            continue;
        };
        let seat = *seat;
        if levels.get(seat).copied().flatten().is_some() {
            continue;
        }
        // The hint that position would have had, and where the move played stands in it.
        let Some(advice) = judge.advise(game, budget, None) else {
            continue;
        };
        let Some((played, played_chance)) = advice.appraisal.into_iter().find(|(m, _)| m.mv == *mv)
        else {
            continue;
        };
        let (best, best_chance) = (advice.chosen, advice.win_chance);
        if best_chance - played_chance >= SLIP_THRESHOLD {
            slips.push(Slip {
                action,
                turn,
                seat,
                played,
                best,
                played_chance,
                best_chance,
            });
        }
    }
    slips.sort_by(|a, b| b.loss().total_cmp(&a.loss()).then(a.action.cmp(&b.action)));
    Ok(slips)
}
