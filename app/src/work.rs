//! The searches the core hands to its executor, to run off the UI thread: a bot's move, a
//! hint, a review. [`run`] is the work itself (pure: the same job gives the same answer
//! when a node budget, not the clock, ends the search); the native executor runs it on a
//! worker thread, the web inline or in a Worker.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use yut_core::bot::review::{review, Slip};
use yut_core::bot::{Advice, Bot};
use yut_core::game::{Game, LegalMove};
use yut_core::session::Session;

/// A search to run.
#[derive(Clone, Debug)]
pub enum Job {
    /// The move the bot of the seat to act plays.
    BotMove {
        game: Box<Game>,
        bot: Box<Bot>,
        budget_ms: u32,
    },
    /// The hard bot's advice for the seat to act.
    Hint {
        game: Box<Game>,
        bot: Box<Bot>,
        budget_ms: u32,
    },
    /// The review of the game so far.
    Review {
        session: Box<Session>,
        budget_ms_per_move: u32,
    },
}

/// A search's answer.
#[derive(Clone, Debug)]
pub enum Done {
    /// The bot's move, and the bot (it keeps its model of the rules for the next turn).
    BotMove {
        found: Option<LegalMove>,
        bot: Box<Bot>,
    },
    Hint {
        found: Option<Advice>,
        bot: Box<Bot>,
    },
    Review {
        slips: Result<Vec<Slip>, String>,
    },
    /// Stopped before it finished (the executor's stop flag).
    Cancelled,
}

/// Runs `job`; `stop`, once set, ends a bot's search early (the answer is then
/// [`Done::Cancelled`]).
pub fn run(job: Job, stop: &AtomicBool) -> Done {
    use std::sync::atomic::Ordering::Relaxed;
    let done = match job {
        Job::BotMove {
            game,
            mut bot,
            budget_ms,
        } => {
            let found = bot.choose_legal(&game, ms(budget_ms), Some(stop));
            Done::BotMove { found, bot }
        }
        Job::Hint {
            game,
            mut bot,
            budget_ms,
        } => {
            let found = bot.advise(&game, ms(budget_ms), Some(stop));
            Done::Hint { found, bot }
        }
        Job::Review {
            session,
            budget_ms_per_move,
        } => Done::Review {
            slips: review(&session, ms(budget_ms_per_move)).map_err(|e| e.to_string()),
        },
    };
    if stop.load(Relaxed) {
        Done::Cancelled
    } else {
        done
    }
}

fn ms(n: u32) -> Duration {
    Duration::from_millis(u64::from(n))
}
