//! The app at telling moments, for the shells' previews and screenshot tests: each
//! [`Sample`] is the whole view model as a screen would draw it then, made by playing
//! seeded tables through the core itself (people throw with a tap and take a listed move,
//! searches run inline on a node budget). So a preview never shows a position the rules
//! cannot reach, and never drifts from what the core draws.

use crate::catalog::preset_rules;
use crate::input::{AppEvent, AppScreen, Input, SettingsAction, TableAction};
use crate::pacing::Pacing;
use crate::records::{
    GameEvent, GameSnapshot, NewGame, PlayerKind, Preset, RuleSetting, RuleValue, Rules, SeatSpec,
};
use crate::store::{KeyValue, SaveStore};
use crate::view::{AppView, BotState, TableState};
use crate::{App, Effect};
use std::sync::atomic::AtomicBool;

/// A moment of the app worth drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// The menu, with a game to continue.
    Menu,
    /// The new-game form as it opens.
    NewGame,
    /// The saved games: one under way, one finished, and whatever else the store holds
    /// (a shell may put a damaged file there first).
    SavedGames,
    Settings,
    /// The open game's rules.
    Rules,
    /// A fresh table: the first seat is to throw.
    FirstThrow,
    /// A throw's sticks in the air, thrown at the sample's `now_ms`.
    InTheAir,
    /// The same under Reduce Motion: a short drop.
    Dropping,
    /// A result in hand and a piece picked: its destinations are lit.
    MoveDue,
    /// Several moves reach the tapped destination: the table asks which.
    Question,
    /// A move due with the hard bot's hint on screen.
    Hint,
    /// Pieces of both seats on the board, a move due.
    MidGame,
    /// One seat with two stacks on one station (optional stacking, kept apart).
    SharedStation,
    /// The last move stacked the mover's pieces.
    Stacked,
    /// The last move took a shortcut at a corner or the centre.
    Shortcut,
    /// The last move captured: the mover has a bonus throw due.
    Captured,
    /// A bot is about to throw (its pause).
    BotsTurn,
    /// The game is over.
    Over,
    /// The review of a finished game.
    Review,
}

impl Sample {
    pub const ALL: [Sample; 19] = [
        Sample::Menu,
        Sample::NewGame,
        Sample::SavedGames,
        Sample::Settings,
        Sample::Rules,
        Sample::FirstThrow,
        Sample::InTheAir,
        Sample::Dropping,
        Sample::MoveDue,
        Sample::Question,
        Sample::Hint,
        Sample::MidGame,
        Sample::SharedStation,
        Sample::Stacked,
        Sample::Shortcut,
        Sample::Captured,
        Sample::BotsTurn,
        Sample::Over,
        Sample::Review,
    ];
}

/// The app at `sample` over these stores. Times in the view are on a clock whose last
/// action happened at `now_ms` (a shell passes its own clock, so the last throw or move
/// plays when drawn; 0 draws everything at rest). `None` when the seeded tables never
/// reach the moment (a change of the rules or the physics could do that; the shells' tests
/// say so).
pub fn sample(
    sample: Sample,
    saves: Box<dyn SaveStore>,
    kv: Box<dyn KeyValue>,
    now_ms: u64,
) -> Option<AppView> {
    let mut d = Driver {
        app: App::new(saves, kv, pacing()),
        now: 1_000_000,
        tick: None,
        work: Vec::new(),
    };
    let reached = d.play(sample, now_ms);
    let mut view = d.app.view();
    if let Some(t) = view.table.as_mut() {
        rebase(t, now_ms, d.now);
    }
    reached.then_some(view)
}

/// The pace of a sample: searches end on a node budget, so the same sample every time.
fn pacing() -> Pacing {
    Pacing {
        bot_nodes: Some(400),
        ..Pacing::default()
    }
}

fn two_people(seed: u64, rules: Rules) -> NewGame {
    let seat = |name: &str, colour: &str| SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player: PlayerKind::Human,
    };
    NewGame {
        rules,
        seats: vec![seat("Haneul", "#D55E00"), seat("Bada", "#0072B2")],
        teams: None,
        seed: Some(seed),
        undo: true,
    }
}

fn with(preset: Preset, key: &str, value: RuleValue) -> Rules {
    let mut rules = preset_rules(preset);
    rules.changes.push(RuleSetting {
        key: key.into(),
        value,
    });
    rules
}

fn yunnori() -> Rules {
    preset_rules(Preset::Yunnori)
}

/// A short game: two pieces each.
fn short() -> Rules {
    with(
        Preset::Yunnori,
        "pieces_per_player",
        RuleValue::Count { value: 2 },
    )
}

fn optional_stacking() -> Rules {
    with(
        Preset::Yunnori,
        "stacking",
        RuleValue::Choice {
            id: "optional".into(),
        },
    )
}

fn last_did(s: &GameSnapshot, what: fn(&GameEvent) -> bool) -> bool {
    s.last_events.iter().any(what)
}

fn shares_a_station(s: &GameSnapshot) -> bool {
    s.stacks.iter().enumerate().any(|(i, a)| {
        s.stacks[i + 1..].iter().any(|b| {
            a.station == b.station
                && a.counts
                    .iter()
                    .map(|c| c.seat)
                    .eq(b.counts.iter().map(|c| c.seat))
        })
    })
}

/// Moves the times of what the table animates so that the driver's `then` is `now_ms`.
fn rebase(t: &mut TableState, now_ms: u64, then: u64) {
    let shift = |at: &mut u64| *at = (*at + now_ms).saturating_sub(then);
    if let Some(th) = t.throw.as_mut() {
        shift(&mut th.started_at_ms);
        shift(&mut th.lands_at_ms);
    }
    if let Some(m) = t.last_move.as_mut() {
        shift(&mut m.started_at_ms);
        shift(&mut m.lands_at_ms);
    }
}

/// The app on a clock of its own, every search answered inline.
struct Driver {
    app: App,
    now: u64,
    tick: Option<u64>,
    work: Vec<(u64, crate::work::Job)>,
}

impl Driver {
    fn input(&mut self, input: Input) {
        for e in self.app.update(self.now, input) {
            match e {
                Effect::Tick { at_ms } => self.tick = Some(at_ms),
                Effect::Work { id, job } => self.work.push((id, job)),
                Effect::CancelWork { id } => self.work.retain(|(w, _)| *w != id),
                Effect::Shell(_) | Effect::Socket(_) => {}
            }
        }
        while !self.work.is_empty() {
            let (id, job) = self.work.remove(0);
            let done = crate::work::run(job, &AtomicBool::new(false));
            self.input(Input::WorkDone { id, done });
        }
    }

    fn send(&mut self, event: AppEvent) {
        self.input(Input::Event(event));
    }

    fn act(&mut self, action: TableAction) {
        self.send(AppEvent::Table { action });
    }

    fn table(&self) -> Option<TableState> {
        self.app.view().table
    }

    /// Runs the next timer the app asked for; false when none is pending.
    fn next_tick(&mut self) -> bool {
        let Some(at) = self.tick.take() else {
            return false;
        };
        self.now = self.now.max(at);
        self.input(Input::Tick);
        true
    }

    /// Runs timers until a person may act, the game is over, or `until` holds of the
    /// table (at most a few thousand ticks).
    fn settle(&mut self, until: impl Fn(&TableState) -> bool) {
        for _ in 0..5_000 {
            match self.table() {
                Some(t) if until(&t) || t.snapshot.over || t.can_throw || t.can_move => return,
                None => return,
                _ => {}
            }
            if !self.next_tick() {
                return;
            }
        }
    }

    fn start(&mut self, setup: NewGame) {
        self.send(AppEvent::StartGame { setup });
    }

    /// One action of the person to act (a tap throw, landed; or the first move, or with
    /// `apart` one that stays off their own pieces where there is one).
    fn step(&mut self, apart: bool) -> bool {
        let Some(t) = self.table() else {
            return false;
        };
        if t.can_throw {
            self.act(TableAction::ThrowTap);
            self.settle(|_| false);
        } else if t.can_move {
            let moves = &t.snapshot.legal_moves;
            let index = moves
                .iter()
                .position(|m| apart && m.stack == Some(false))
                .unwrap_or(0);
            self.act(TableAction::ChooseMove {
                index: index as u32,
                state: t.snapshot.state,
            });
            self.settle(|_| false);
        } else {
            return self.next_tick();
        }
        true
    }

    /// Plays up to `actions` actions until `done` holds of the table.
    fn play_until(
        &mut self,
        actions: usize,
        apart: bool,
        done: impl Fn(&TableState) -> bool,
    ) -> bool {
        for _ in 0..actions {
            match self.table() {
                Some(t) if done(&t) => return true,
                Some(t) if t.snapshot.over => return false,
                None => return false,
                _ => {}
            }
            if !self.step(apart) {
                return false;
            }
        }
        self.table().is_some_and(|t| done(&t))
    }

    /// Tries seeds in turn until one of `rules`' games reaches `done`.
    fn seek(
        &mut self,
        rules: &Rules,
        apart: bool,
        done: impl Fn(&TableState) -> bool + Copy,
    ) -> bool {
        (1..=40).any(|seed| {
            self.start(two_people(seed, rules.clone()));
            self.play_until(800, apart, done)
        })
    }

    fn play(&mut self, sample: Sample, now_ms: u64) -> bool {
        let to_move = |t: &TableState| t.can_move;
        match sample {
            Sample::Menu => {
                self.start(two_people(7, yunnori()));
                self.play_until(6, false, |_| false);
                self.act(TableAction::Leave);
                self.app.view().menu.continue_id.is_some()
            }
            Sample::NewGame => {
                self.send(AppEvent::Open {
                    screen: AppScreen::NewGame,
                });
                self.app.view().form.is_some()
            }
            Sample::SavedGames => {
                self.start(two_people(5, short()));
                let over = self.play_until(4_000, false, |t| t.snapshot.over);
                self.start(two_people(7, yunnori()));
                self.play_until(9, false, |_| false);
                self.act(TableAction::Leave);
                self.send(AppEvent::Open {
                    screen: AppScreen::SavedGames,
                });
                over && self.app.view().saved.rows.len() >= 2
            }
            Sample::Settings => {
                self.send(AppEvent::Open {
                    screen: AppScreen::Settings,
                });
                true
            }
            Sample::Rules => {
                self.start(two_people(7, yunnori()));
                self.send(AppEvent::Open {
                    screen: AppScreen::Rules,
                });
                self.app.view().rules.is_some()
            }
            Sample::FirstThrow => {
                self.start(two_people(7, yunnori()));
                self.table().is_some_and(|t| t.can_throw)
            }
            Sample::InTheAir | Sample::Dropping => {
                if sample == Sample::Dropping {
                    self.send(AppEvent::Settings {
                        action: SettingsAction::SetReduceMotion { on: true },
                    });
                }
                self.start(two_people(7, yunnori()));
                self.now = self.now.max(now_ms);
                self.act(TableAction::ThrowTap);
                self.table().is_some_and(|t| t.in_the_air())
            }
            Sample::MoveDue => {
                self.start(two_people(7, yunnori()));
                self.play_until(60, false, to_move) && self.pick_first()
            }
            Sample::Hint => {
                self.start(two_people(7, yunnori()));
                if !self.play_until(60, false, to_move) {
                    return false;
                }
                self.act(TableAction::Hint);
                self.table().is_some_and(|t| t.hint.is_some())
            }
            Sample::Question => (1..=40).any(|seed| {
                // Optional stacking: joining the piece there or not is the question.
                self.start(two_people(seed, optional_stacking()));
                (0..400).any(|_| self.ask_where_several_reach() || !self.step(false))
                    && self.table().is_some_and(|t| t.choice.is_some())
            }),
            Sample::MidGame => {
                self.start(two_people(11, yunnori()));
                self.play_until(400, false, |t| {
                    let mut sides: Vec<i32> = t.snapshot.stacks.iter().map(|s| s.side).collect();
                    sides.sort_unstable();
                    sides.dedup();
                    t.can_move && sides.len() >= 2
                }) && self.pick_first()
            }
            Sample::SharedStation => self.seek(&optional_stacking(), true, |t| {
                shares_a_station(&t.snapshot)
            }),
            Sample::Stacked => self.seek(&yunnori(), false, |t| {
                last_did(&t.snapshot, |e| matches!(e, GameEvent::Stacked { .. }))
            }),
            Sample::Shortcut => self.seek(&yunnori(), false, |t| {
                last_did(&t.snapshot, |e| matches!(e, GameEvent::Turned { .. }))
            }),
            Sample::Captured => self.seek(&yunnori(), false, |t| {
                last_did(&t.snapshot, |e| matches!(e, GameEvent::Captured { .. }))
            }),
            Sample::BotsTurn => {
                let mut setup = two_people(3, short());
                setup.seats[1].name = "Dal".into();
                setup.seats[1].player = PlayerKind::Bot {
                    level: crate::records::BotLevel::Medium,
                };
                self.start(setup);
                // Step by step (no settling): the bot's pause is the moment.
                for _ in 0..500 {
                    let Some(t) = self.table() else {
                        return false;
                    };
                    if matches!(t.bot, BotState::Waiting { .. }) {
                        return true;
                    }
                    if t.can_throw {
                        self.act(TableAction::ThrowTap);
                    } else if t.can_move {
                        self.act(TableAction::ChooseMove {
                            index: 0,
                            state: t.snapshot.state,
                        });
                    } else if !self.next_tick() {
                        return false;
                    }
                }
                false
            }
            Sample::Over | Sample::Review => {
                self.start(two_people(5, short()));
                if !self.play_until(4_000, false, |t| t.snapshot.over) {
                    return false;
                }
                if sample == Sample::Review {
                    self.act(TableAction::Review);
                    return self.table().is_some_and(|t| t.review.is_some());
                }
                true
            }
        }
    }

    /// Picks the first piece that may move (unless one is picked already).
    fn pick_first(&mut self) -> bool {
        let Some(t) = self.table() else {
            return false;
        };
        if t.selection.is_none() {
            if let Some(spot) = t.movable.first() {
                self.act(TableAction::Tap { spot: spot.clone() });
            }
        }
        self.table().is_some_and(|t| t.selection.is_some())
    }

    /// With a move due: picks each movable piece in turn, and taps a destination that
    /// several moves reach, if there is one. True when the table asks.
    fn ask_where_several_reach(&mut self) -> bool {
        let Some(t) = self.table() else {
            return false;
        };
        if !t.can_move {
            return false;
        }
        for from in t.movable.clone() {
            self.act(TableAction::Tap { spot: from });
            let Some(sel) = self.table().and_then(|t| t.selection) else {
                continue;
            };
            if let Some(to) = sel.destinations.iter().find(|d| d.moves.len() > 1) {
                self.act(TableAction::Tap {
                    spot: to.to.clone(),
                });
                if self.table().is_some_and(|t| t.choice.is_some()) {
                    return true;
                }
                self.act(TableAction::CancelChoice);
            }
        }
        false
    }
}
