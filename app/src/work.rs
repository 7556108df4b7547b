//! The searches the core hands to its executor, to run off the UI thread: a bot's move, a
//! hint, a review. [`run`] is the work itself (pure: the same job gives the same answer
//! when a node budget, not the clock, ends the search); the native executor runs it on a
//! worker thread, the web inline or in a Worker.

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use yut_core::bot::net::{NetError, NetFile};
use yut_core::bot::review::{review, Slip};
use yut_core::bot::{Advice, Bot, Level};
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

impl Job {
    /// The bots' networks this search reads that are not loaded yet: an executor without
    /// the built-in networks (the browser) fetches them and runs the job once they are
    /// there. Always empty with the networks built in.
    pub fn missing_nets(&self) -> Vec<NetFile> {
        match self {
            Job::BotMove { game, bot, .. } if bot.level() == Level::Hard => bot.missing_nets(game),
            Job::BotMove { .. } => Vec::new(),
            Job::Hint { game, bot, .. } => bot.missing_nets(game),
            Job::Review { session, .. } => review_missing(session),
        }
    }
}

/// The networks the review's hard judge reads that are not loaded yet.
fn review_missing(session: &Session) -> Vec<NetFile> {
    Bot::new(Level::Hard, 0)
        .with_seat_levels(&session.seat_levels())
        .missing_nets(session.game())
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
    /// The search needs a network that is not loaded yet (see [`Job::missing_nets`]); the
    /// bot is handed back to be asked again once it is.
    NetsMissing {
        missing: NetFile,
        bot: Option<Box<Bot>>,
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
        } => match bot.try_choose_legal(&game, ms(budget_ms), Some(stop)) {
            Ok(found) => Done::BotMove { found, bot },
            Err(e) => nets_missing(e, Some(bot)),
        },
        Job::Hint {
            game,
            mut bot,
            budget_ms,
        } => match bot.try_advise(&game, ms(budget_ms), Some(stop)) {
            Ok(found) => Done::Hint { found, bot },
            Err(e) => nets_missing(e, Some(bot)),
        },
        Job::Review {
            session,
            budget_ms_per_move,
        } => match review_missing(&session).first() {
            Some(&missing) => Done::NetsMissing { missing, bot: None },
            None => Done::Review {
                slips: review(&session, ms(budget_ms_per_move)).map_err(|e| e.to_string()),
            },
        },
    };
    if stop.load(Relaxed) {
        Done::Cancelled
    } else {
        done
    }
}

fn nets_missing(e: NetError, bot: Option<Box<Bot>>) -> Done {
    let (NetError::Missing(missing) | NetError::Damaged(missing)) = e;
    Done::NetsMissing { missing, bot }
}

fn ms(n: u32) -> Duration {
    Duration::from_millis(u64::from(n))
}
