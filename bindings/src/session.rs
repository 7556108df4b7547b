//! `GameSession`: a game at a table of named seats, over `yut_core::session::Session`
//! (seats, history, the throw RNG, undo), with its bots and its save library.

use crate::error::{guarded, with_state, YutError};
use crate::flight::plan_flight;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;
use yut_app::catalog::{describe, new_session, setup_of};
use yut_app::convert::{core_move, events, result_of, to_i32};
use yut_app::error::from_save;
use yut_app::flight::{Flight, Swipe};
use yut_app::records::*;
use yut_app::snapshot::{legal_moves, next_state, snapshot, Extras, SeatLook};
use yut_core::bot::review::review;
use yut_core::bot::Bot;
use yut_core::game::{Event, Game};
use yut_core::save::{Revision, SaveLibrary};
use yut_core::session::Session;

pub(crate) struct SessionState {
    pub session: Session,
    /// Tag of the current state (see `snapshot::next_state`).
    pub state: u64,
    pub last_events: Vec<Event>,
    /// The directory of games this one was loaded from or last saved to: weak, so that a
    /// game object outliving the app's `SaveLibrary` object cannot keep it open.
    pub library: Option<Weak<SaveLibrary>>,
    /// The directory and revision of the save file this object last loaded or wrote: its
    /// next save there is refused if another copy of the game saved or deleted it since.
    pub saved: Option<(PathBuf, Revision)>,
    /// One bot per seat, made on first use (a bot keeps its model of the rules).
    bots: Vec<Option<Bot>>,
}

impl SessionState {
    pub(crate) fn new(session: Session) -> SessionState {
        let seats = session.seats().len();
        SessionState {
            session,
            state: next_state(),
            last_events: Vec::new(),
            library: None,
            saved: None,
            bots: vec![None; seats],
        }
    }

    /// Writes the session into `library`. If this object last loaded or saved the game in
    /// that directory, the file must still be that revision (else `SaveConflict`: another
    /// copy saved it, or it was deleted); a game new to the directory is written over
    /// whatever is there.
    pub(crate) fn store_into(&mut self, library: &SaveLibrary) -> Result<(), YutError> {
        let dir = library.dir();
        let seen = match &self.saved {
            Some((saved_in, revision)) if saved_in == dir => Some(*revision),
            _ => None,
        };
        let id = self.session.id.as_str();
        let revision = guarded(|| {
            library
                .save(&self.session, seen)
                .map_err(|e| from_save(e, id))
        })?;
        self.saved = Some((dir.to_path_buf(), revision));
        Ok(())
    }

    fn looks(&self) -> Vec<SeatLook> {
        SeatLook::of_session(&self.session)
    }

    pub(crate) fn snapshot(&self) -> GameSnapshot {
        snapshot(
            self.session.game(),
            Extras {
                seats: &self.looks(),
                state: self.state,
                can_undo: self.session.can_undo(),
                last_events: &self.last_events,
            },
        )
    }

    fn changed(&mut self, events: &[Event]) {
        self.state = next_state();
        self.last_events = events.to_vec();
    }

    /// Refuses a move listed in another state (or another game).
    fn check_fresh(&self, mv: &LegalMove) -> Result<(), YutError> {
        if mv.state != self.state {
            return Err(YutError::StaleObject {
                reason: "the move was listed for an earlier state of the game".into(),
            });
        }
        Ok(())
    }
}

/// A game being played: throws drawn from the game's own seeded RNG, moves, undo, bots,
/// and saving. Every method is safe to call from any thread.
#[derive(uniffi::Object)]
pub struct GameSession {
    pub(crate) inner: Mutex<SessionState>,
    /// The stop flag of the bot search running now, if any.
    thinking: Mutex<Option<Arc<AtomicBool>>>,
}

impl GameSession {
    pub(crate) fn from_state(state: SessionState) -> Arc<GameSession> {
        Arc::new(GameSession {
            inner: Mutex::new(state),
            thinking: Mutex::new(None),
        })
    }
}

/// A seed for a game that was not given one: the clock and a process counter.
fn fresh_seed() -> u64 {
    let t = yut_core::session::now_ms();
    t.rotate_left(21) ^ next_state().wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Sets the stop flag when the bot's future is dropped (the caller was cancelled).
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[uniffi::export]
impl GameSession {
    /// Seats the table, decides who starts, and deals the first turn.
    #[uniffi::constructor]
    pub fn new(game: NewGame) -> Result<Arc<GameSession>, YutError> {
        guarded(|| {
            let game = NewGame {
                seed: Some(game.seed.unwrap_or_else(fresh_seed)),
                ..game
            };
            Ok(GameSession::from_state(SessionState::new(new_session(
                &game,
            )?)))
        })
    }

    /// The game's id (also its save file's name).
    pub fn id(&self) -> Result<String, YutError> {
        with_state(&self.inner, |s| Ok(s.session.id.clone()))
    }

    /// The settings this game was started with (for "play again").
    pub fn setup(&self) -> Result<NewGame, YutError> {
        with_state(&self.inner, |s| setup_of(&s.session.setup))
    }

    /// The rules in play, option by option.
    pub fn rules(&self) -> Result<RulesDescription, YutError> {
        with_state(&self.inner, |s| describe(s.session.rules()))
    }

    /// Everything the game screen draws.
    pub fn snapshot(&self) -> Result<GameSnapshot, YutError> {
        with_state(&self.inner, |s| Ok(s.snapshot()))
    }

    /// Throws the sticks for the seat to act. The result comes from the game's RNG alone;
    /// the swipe (`tap_swipe` for the Throw button, a screen reader or a bot) shapes only
    /// the flight, which is planned after the game's lock is let go, so the screen's other
    /// calls never wait on the simulation. Some milliseconds: call it off the main thread.
    pub fn throw_sticks(&self, swipe: Swipe) -> Result<ThrowReport, YutError> {
        let (mut report, salt) = with_state(&self.inner, |s| {
            let r = s.session.throw()?;
            s.changed(&r.events);
            let report = ThrowReport {
                seat: to_i32(r.seat),
                result: result_of(r.outcome),
                sticks: r.sticks.to_vec(),
                flight: Flight::empty(),
                events: events(&r.events),
                snapshot: s.snapshot(),
            };
            Ok((report, s.session.history().len() as u64))
        })?;
        report.flight = plan_flight(swipe, report.sticks.clone(), report.result.is_none(), salt)?;
        Ok(report)
    }

    /// The legal moves now (empty unless the game waits for a move).
    pub fn legal_moves(&self) -> Result<Vec<LegalMove>, YutError> {
        with_state(&self.inner, |s| Ok(legal_moves(s.session.game(), s.state)))
    }

    /// Plays one of the moves listed for the current state.
    pub fn play(&self, mv: LegalMove) -> Result<MoveReport, YutError> {
        with_state(&self.inner, |s| {
            s.check_fresh(&mv)?;
            let ev = s.session.play(&core_move(&mv)?)?;
            s.changed(&ev);
            Ok(MoveReport {
                events: events(&ev),
                snapshot: s.snapshot(),
            })
        })
    }

    /// Whether `undo` would succeed now.
    pub fn can_undo(&self) -> Result<bool, YutError> {
        with_state(&self.inner, |s| Ok(s.session.can_undo()))
    }

    /// Takes back the mover's own last move (never a throw) while their turn goes on: the
    /// result goes back in hand. Refused (`CannotUndo`) once the turn has passed, and
    /// once the game is over: a won game stays won (`can_undo` is false on the game-over
    /// card, and the Resume list keeps the game finished).
    pub fn undo(&self) -> Result<GameSnapshot, YutError> {
        with_state(&self.inner, |s| {
            s.session.undo()?;
            s.changed(&[]);
            Ok(s.snapshot())
        })
    }

    /// Saves the game into the library it was loaded from or last saved to. Refused with
    /// `SaveConflict` if another copy of the game (another window, or another library
    /// object on the same directory) saved or deleted it since this one loaded or saved
    /// it; with `SaveFromNewerVersion` if a newer version of the app saved it meanwhile
    /// (its file is kept); with `StaleObject` if the game has no library yet or its
    /// library object was released.
    pub fn save(&self) -> Result<(), YutError> {
        with_state(&self.inner, |s| {
            let library = s
                .library
                .as_ref()
                .ok_or_else(|| YutError::StaleObject {
                    reason: "this game has no save library yet: save it with SaveLibrary.save"
                        .into(),
                })?
                .upgrade()
                .ok_or_else(|| YutError::StaleObject {
                    reason: "the save library of this game was closed".into(),
                })?;
            s.store_into(&library)
        })
    }

    /// Stops the bot search running now, if any: its `bot_move` fails with `Cancelled`.
    pub fn cancel_bot(&self) {
        if let Ok(Some(flag)) = self.thinking.lock().as_deref() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl GameSession {
    /// The move a bot picks for the seat to act, found on a background thread within
    /// `budget_ms`. `level` defaults to the seat's own bot level (a human seat must name
    /// one: a hint). The game stays usable meanwhile; the move is stale if the game moved
    /// on. Cancel the caller (coroutine, Task) or call `cancel_bot` to stop the search.
    pub async fn bot_move(
        &self,
        level: Option<BotLevel>,
        budget_ms: u32,
    ) -> Result<LegalMove, YutError> {
        let budget = Duration::from_millis(u64::from(budget_ms));
        let (found, state, seat) = self
            .think(level, budget, None, |bot, game, budget, stop| {
                bot.choose_legal(game, budget, Some(stop))
            })
            .await?;
        Ok(yut_app::convert::legal_move(&found, state, seat))
    }

    /// A hint for the seat to act, person or bot: the hard bot's move and its estimated
    /// winning chance, found like `bot_move` (cancel the same ways). A forced move is
    /// valued too.
    pub async fn hint(&self, budget_ms: u32) -> Result<Advice, YutError> {
        let budget = Duration::from_millis(u64::from(budget_ms));
        let (found, state, seat) = self
            .think(
                Some(BotLevel::Hard),
                budget,
                None,
                |bot, game, budget, stop| bot.advise(game, budget, Some(stop)),
            )
            .await?;
        Ok(yut_app::convert::advice(&found, state, seat))
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl GameSession {
    /// The review of the game so far: the moves of people where the hard bot's own choice
    /// was worth at least 5 points more winning chance, largest loss first (each position
    /// searched within `budget_ms_per_move`). Runs on a background thread; the game stays
    /// usable meanwhile.
    pub async fn review(&self, budget_ms_per_move: u32) -> Result<Vec<Slip>, YutError> {
        let session = with_state(&self.inner, |s| Ok(s.session.clone()))?;
        let budget = Duration::from_millis(u64::from(budget_ms_per_move));
        let slips = tokio::task::spawn_blocking(move || review(&session, budget))
            .await
            .map_err(|e| YutError::Internal {
                reason: format!("the review failed: {e}"),
            })??;
        Ok(slips.iter().map(yut_app::convert::review_slip).collect())
    }
}

impl GameSession {
    /// `bot_move` and `hint`: the bot of `level` (`None`: the seat's own) for the seat to
    /// act does `work` on a background thread, with the state tag and seat it belongs to.
    /// The hard bot's node budget is settable (tests make searches long).
    pub(crate) async fn think<T: Send + 'static>(
        &self,
        level: Option<BotLevel>,
        budget: Duration,
        nodes: Option<u64>,
        work: fn(&mut Bot, &Game, Duration, &AtomicBool) -> Option<T>,
    ) -> Result<(T, u64, usize), YutError> {
        let (game, state, seat, mut bot) = with_state(&self.inner, |s| {
            let g = s.session.game();
            let seat = g.to_move();
            let level = match (level, s.session.bot_to_act()) {
                (Some(l), _) => l,
                (None, Some(l)) => l.into(),
                (None, None) if g.is_over() => {
                    return Err(YutError::WrongPhase {
                        reason: "the game is over".into(),
                    })
                }
                (None, None) => {
                    return Err(YutError::WrongPhase {
                        reason: format!("seat {seat} is not a bot: name a level for a hint"),
                    })
                }
            };
            if g.legal_moves().is_empty() {
                let reason = if g.is_over() {
                    "the game is over"
                } else {
                    "the game waits for a throw, not a move"
                };
                return Err(YutError::WrongPhase {
                    reason: reason.into(),
                });
            }
            let seed = s.session.setup.seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let cached = s.bots.get_mut(seat).and_then(Option::take);
            let bot = match cached {
                Some(b) if b.level() == level.into() && nodes.is_none() => b,
                _ => Bot::new(level.into(), seed).with_seat_levels(&s.session.seat_levels()),
            };
            let bot = match nodes {
                Some(n) => bot.with_node_budget(n),
                None => bot,
            };
            Ok((g.clone(), s.state, seat, bot))
        })?;
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut t) = self.thinking.lock() {
            *t = Some(stop.clone());
        }
        let _cancel_on_drop = StopOnDrop(stop.clone());
        let flag = stop.clone();
        let search = tokio::task::spawn_blocking(move || {
            let found = work(&mut bot, &game, budget, &flag);
            (found, bot)
        });
        let (found, bot) = search.await.map_err(|e| YutError::Internal {
            reason: format!("the bot failed: {e}"),
        })?;
        if let Ok(mut t) = self.thinking.lock() {
            if t.as_ref().is_some_and(|f| Arc::ptr_eq(f, &stop)) {
                *t = None;
            }
        }
        // Give the bot back for the next turn (it keeps its model of the rules).
        if nodes.is_none() {
            let _ = with_state(&self.inner, |s| {
                if let Some(slot) = s.bots.get_mut(seat) {
                    *slot = Some(bot);
                }
                Ok(())
            });
        }
        if stop.load(Ordering::Relaxed) {
            return Err(YutError::Cancelled);
        }
        let found = found.ok_or_else(|| YutError::Internal {
            reason: "the bot found no move".into(),
        })?;
        Ok((found, state, seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flight::tap_swipe;
    use std::time::Instant;
    use yut_app::flight::Mat;

    fn bots(seed: u64) -> NewGame {
        let seat = |name: &str, colour: &str| SeatSpec {
            name: name.into(),
            colour: colour.into(),
            player: PlayerKind::Bot {
                level: BotLevel::Hard,
            },
        };
        NewGame {
            rules: yut_app::catalog::preset_rules(Preset::Yunnori),
            seats: vec![seat("A", "#112233"), seat("B", "#445566")],
            teams: None,
            seed: Some(seed),
            undo: true,
        }
    }

    /// Plays on until the bot to act has a real choice (two or more moves).
    fn to_a_choice(g: &GameSession) {
        let tap = tap_swipe(Mat {
            width: 360.0,
            height: 420.0,
        });
        loop {
            let snap = g.snapshot().unwrap();
            match snap.phase {
                Phase::ToThrow => {
                    g.throw_sticks(tap).unwrap();
                }
                Phase::ToMove if snap.legal_moves.len() >= 2 => return,
                Phase::ToMove => {
                    g.play(snap.legal_moves[0].clone()).unwrap();
                }
                Phase::Over => panic!("the game ended before a choice came up"),
            }
        }
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    /// Two tables from one seed, one thrown with taps and one with hard flicks from
    /// everywhere: the same results and sticks, throw for throw; only the flights differ,
    /// and each flight comes to rest on its report's sticks.
    #[test]
    fn the_swipe_shapes_the_flight_never_the_result() {
        let mat = Mat {
            width: 360.0,
            height: 420.0,
        };
        let play = |flick: bool| {
            let g = GameSession::new(bots(11)).unwrap();
            let mut seen = Vec::new();
            for n in 0..24 {
                let snap = g.snapshot().unwrap();
                match snap.phase {
                    Phase::ToThrow => {
                        let swipe = if flick {
                            Swipe {
                                release_x: 40.0 + 11.0 * n as f32,
                                release_y: 380.0,
                                velocity_x: 300.0 - 25.0 * n as f32,
                                velocity_y: -3000.0,
                                spin: 4.0,
                                ..tap_swipe(mat)
                            }
                        } else {
                            tap_swipe(mat)
                        };
                        let r = g.throw_sticks(swipe).unwrap();
                        let landed: Vec<bool> = r.flight.sticks.iter().map(|t| t.flat_up).collect();
                        assert_eq!(landed, r.sticks, "the flight rests on the drawn sticks");
                        assert!(r.flight.end_ms > 0);
                        seen.push((r.result, r.sticks, r.flight));
                    }
                    Phase::ToMove => {
                        g.play(snap.legal_moves[0].clone()).unwrap();
                    }
                    Phase::Over => break,
                }
            }
            seen
        };
        let (taps, flicks) = (play(false), play(true));
        assert!(taps.len() >= 8);
        assert_eq!(taps.len(), flicks.len());
        for (a, b) in taps.iter().zip(&flicks) {
            assert_eq!((a.0, &a.1), (b.0, &b.1), "a swipe changed a result");
            assert_ne!(a.2, b.2, "a swipe shapes the flight");
        }
    }

    /// A search far too long to finish (a node budget of billions) stops within moments
    /// of `cancel_bot`, with `Cancelled`.
    #[test]
    fn cancel_bot_stops_a_long_search() {
        let g = GameSession::new(bots(3)).unwrap();
        to_a_choice(&g);
        let rt = runtime();
        let started = Instant::now();
        let canceller = {
            let g = g.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                g.cancel_bot();
            })
        };
        let result = rt.block_on(g.think(
            None,
            Duration::from_secs(600),
            Some(u64::MAX / 2),
            |bot, game, budget, stop| bot.choose_legal(game, budget, Some(stop)),
        ));
        canceller.join().unwrap();
        assert_eq!(result, Err(YutError::Cancelled));
        assert!(started.elapsed() < Duration::from_secs(5));
        // The game is untouched and its bot still plays.
        let mv = rt.block_on(g.bot_move(None, 1000)).unwrap();
        g.play(mv).unwrap();
    }

    /// Dropping the future (what a cancelled coroutine or Task does) stops the search
    /// thread: it lets go of its stop flag soon after.
    #[test]
    fn dropping_the_future_stops_the_search_thread() {
        let g = GameSession::new(bots(4)).unwrap();
        to_a_choice(&g);
        let rt = runtime();
        rt.block_on(async {
            let search = g.think(
                None,
                Duration::from_secs(600),
                Some(u64::MAX / 2),
                |bot, game, budget, stop| bot.choose_legal(game, budget, Some(stop)),
            );
            let timed = tokio::time::timeout(Duration::from_millis(100), search).await;
            assert!(timed.is_err(), "the search cannot have finished");
        });
        let flag = g.thinking.lock().unwrap().clone().unwrap();
        assert!(flag.load(Ordering::Relaxed), "dropping set the stop flag");
        let t = Instant::now();
        while Arc::strong_count(&flag) > 2 {
            assert!(
                t.elapsed() < Duration::from_secs(5),
                "the search thread still runs"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// A stale move, a poisoned object: errors, not crashes.
    #[test]
    fn stale_moves_and_poisoned_objects_are_errors() {
        let g = GameSession::new(bots(5)).unwrap();
        to_a_choice(&g);
        let mv = g.legal_moves().unwrap().remove(0);
        g.play(mv.clone()).unwrap();
        assert!(matches!(g.play(mv), Err(YutError::StaleObject { .. })));

        // A panic while the state is locked (a core bug) poisons the mutex.
        let r = with_state(&g.inner, |_| -> Result<(), YutError> {
            panic!("simulated core bug")
        });
        assert!(matches!(r, Err(YutError::Internal { .. })));
        assert!(matches!(g.snapshot(), Err(YutError::Internal { .. })));
        assert!(matches!(
            g.throw_sticks(tap_swipe(Mat {
                width: 360.0,
                height: 420.0,
            })),
            Err(YutError::Internal { .. })
        ));
        g.cancel_bot();
    }
}
