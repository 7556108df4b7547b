//! A game at this device's table: the core's `Session`, its bots and their pacing, the
//! throw withheld until its flight lands, undo for the mover, hints and the review, and
//! autosave after every action (a conflict with another copy of the game is said, never
//! written over).

use crate::convert::{self, events, legal_move};
use crate::ctx::Ctx;
use crate::effect::{Effect, HapticKind, SpeechPart};
use crate::flight::{self, Mat, Swipe};
use crate::message::MessageKind;
use crate::picking::{self, Pick};
use crate::records::{GameSnapshot, Phase, Route, Slip, Spot, Throw};
use crate::shown;
use crate::snapshot::{next_state, snapshot, Extras, SeatLook};
use crate::timers::Timer;
use crate::view::{BotState, HintView, MoveShown, ThrowOutcome, ThrowShown};
use crate::work::{Done, Job};
use yut_core::bot::Bot;
use yut_core::game::Event;
use yut_core::save::Revision;
use yut_core::session::Session;

/// How long a bot waits before asking again for a network that was not loaded yet (only
/// the browser loads them after start, over the network).
const NETS_RETRY_MS: u64 = 500;

/// How long a bot may wait for its network before the table says so (offline on a first
/// visit, a server error): it keeps asking, and the game waits, unchanged.
pub const NETS_PATIENCE_MS: u64 = 10_000;

mod view;

/// A throw in the air: what shows once it lands.
struct Landing {
    seq: u64,
    snapshot: GameSnapshot,
    outcome: ThrowOutcome,
    before: i32,
}

pub struct LocalTable {
    session: Session,
    /// The state tag of the session's position (legal moves carry it).
    state: u64,
    last_events: Vec<Event>,
    /// The save this copy last loaded or wrote.
    revision: Option<Revision>,
    bots: Vec<Option<Bot>>,
    /// The position on screen (the one before a throw while its sticks fly).
    shown: GameSnapshot,
    landing: Option<Landing>,
    picked: Option<Spot>,
    asked: Option<Vec<u32>>,
    throw: Option<ThrowShown>,
    last_move: Option<MoveShown>,
    bot: BotState,
    /// Grows whenever the bots' plans are dropped (undo, leaving): an older step is stale.
    gen: u64,
    bot_work: Option<u64>,
    /// Since when the bot to act has waited for a network not loaded yet, and whether the
    /// wait was said (once per wait).
    nets_missing_since: Option<u64>,
    nets_late_said: bool,
    hint: Option<(u64, HintView)>,
    hint_work: Option<u64>,
    review: Option<(u64, Vec<Slip>)>,
    review_work: Option<u64>,
    saved: bool,
    result_aside: bool,
    recovered: Option<String>,
    pub mat: Mat,
}

impl LocalTable {
    /// A table for `session`, opened from `revision` (a loaded game) or new (`None`).
    pub fn open(
        cx: &mut Ctx<'_>,
        session: Session,
        revision: Option<Revision>,
        recovered: Option<String>,
        mat: Mat,
    ) -> LocalTable {
        let seats = session.seats().len();
        let state = next_state();
        let first = snapshot(
            session.game(),
            Extras {
                seats: &SeatLook::of_session(&session),
                state,
                can_undo: session.can_undo(),
                last_events: &[],
            },
        );
        let mut t = LocalTable {
            session,
            state,
            last_events: Vec::new(),
            revision,
            bots: vec![None; seats],
            shown: first,
            landing: None,
            picked: None,
            asked: None,
            throw: None,
            last_move: None,
            bot: BotState::Idle,
            gen: 0,
            bot_work: None,
            nets_missing_since: None,
            nets_late_said: false,
            hint: None,
            hint_work: None,
            review: None,
            review_work: None,
            saved: revision.is_some(),
            result_aside: false,
            recovered,
            mat,
        };
        let snap = t.current();
        t.show(cx, snap);
        cx.announce(vec![shown::turn(&t.shown)]);
        if t.revision.is_none() {
            t.autosave(cx);
        }
        t.schedule_bot(cx, 0);
        t
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    fn looks(&self) -> Vec<SeatLook> {
        SeatLook::of_session(&self.session)
    }

    /// The session's position now, as a snapshot.
    fn current(&self) -> GameSnapshot {
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

    fn in_the_air(&self) -> bool {
        self.landing.is_some()
    }

    fn person_to_act(&self) -> bool {
        !self.shown.over && self.shown.bot_to_act.is_none() && !self.in_the_air()
    }

    fn can_throw(&self) -> bool {
        self.person_to_act() && self.shown.phase == Phase::ToThrow
    }

    fn can_move(&self) -> bool {
        self.person_to_act() && self.shown.phase == Phase::ToMove
    }

    /// Shows a new position: the pick and the question go, searches for the old position
    /// stop, and the only movable piece is picked.
    fn show(&mut self, cx: &mut Ctx<'_>, snap: GameSnapshot) {
        if snap.state != self.shown.state {
            self.stop_searches(cx);
        }
        self.shown = snap;
        self.asked = None;
        let movable = if self.can_move() {
            picking::movable(&self.shown)
        } else {
            Vec::new()
        };
        self.picked = match movable.as_slice() {
            [only] => Some(only.clone()),
            _ => None,
        };
    }

    fn changed(&mut self, events: &[Event]) {
        self.state = next_state();
        self.last_events = events.to_vec();
    }

    fn why_not(&self) -> MessageKind {
        if self.in_the_air() {
            MessageKind::NotNow
        } else if self.shown.bot_to_act.is_some() {
            MessageKind::NotYourTurn
        } else {
            MessageKind::NotNow
        }
    }

    // ----- throwing -----

    /// A person throws with `swipe` (a tap's when `None`).
    pub fn throw(&mut self, cx: &mut Ctx<'_>, swipe: Option<Swipe>) {
        if !self.can_throw() {
            let kind = self.why_not();
            return cx.refuse(kind, "no throw is due from this table now");
        }
        let swipe = swipe.unwrap_or_else(|| flight::tap_swipe(self.mat));
        self.throw_with(cx, swipe, false);
    }

    fn throw_with(&mut self, cx: &mut Ctx<'_>, swipe: Swipe, by_bot: bool) {
        let before = self.shown.turn.seat;
        let report = match self.session.throw_at(cx.now) {
            Ok(r) => r,
            Err(e) => return self.failed(cx, e.into()),
        };
        self.changed(&report.events);
        let salt = self.session.history().len() as u64;
        let sticks = report.sticks.to_vec();
        let planned = flight::plan_with(
            cx.planner,
            swipe,
            sticks.clone(),
            convert::result_of(report.outcome).is_none(),
            salt,
        );
        let flight = planned.unwrap_or_else(|_| flight::Flight::empty());
        // The throw has happened: it is saved at once (leaving mid-flight keeps it).
        self.autosave(cx);
        let seat = convert::to_i32(report.seat);
        let colour = self.shown.turn.colour.clone();
        let thrown = shown::fly(cx, seat, colour, sticks, flight, by_bot);
        self.landing = Some(Landing {
            seq: thrown.seq,
            snapshot: self.current(),
            outcome: ThrowOutcome {
                result: convert::result_of(report.outcome),
                events: events(&report.events),
            },
            before,
        });
        self.throw = Some(thrown);
        self.picked = None;
        self.asked = None;
        cx.haptic(HapticKind::Thrown);
    }

    /// The throw `seq`'s sticks have settled: its result and the position after it show.
    pub fn land(&mut self, cx: &mut Ctx<'_>, seq: u64) {
        let Some(landing) = self.landing.take_if(|l| l.seq == seq) else {
            return;
        };
        let saved = self.saved;
        if let Some(t) = self.throw.as_mut().filter(|t| t.seq == seq) {
            t.outcome = Some(landing.outcome.clone());
        }
        self.show(cx, landing.snapshot);
        self.saved = saved;
        let mut speech = shown::speech(&landing.outcome.events, &self.shown, Some(landing.before));
        if !speech.iter().any(|s| matches!(s, SpeechPart::Threw { .. })) {
            let seat = self.throw.as_ref().map_or(landing.before, |t| t.seat);
            speech.insert(
                0,
                SpeechPart::Threw {
                    seat,
                    name: self.name(seat),
                    result: landing.outcome.result,
                },
            );
        }
        cx.announce(speech);
        if self.shown.over {
            cx.haptic(HapticKind::Won);
        }
        if self.bot != BotState::Idle {
            self.bot = BotState::Idle;
        }
        self.schedule_bot(cx, 0);
    }

    fn name(&self, seat: i32) -> String {
        self.shown
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    // ----- moving -----

    pub fn tap(&mut self, cx: &mut Ctx<'_>, spot: &Spot) {
        if !self.can_move() {
            if self.in_the_air() {
                cx.refuse(MessageKind::NotNow, "the sticks are still in the air");
            }
            return;
        }
        let pick = picking::tap(&self.shown, self.picked.as_ref(), spot);
        self.pick(cx, pick);
    }

    fn pick(&mut self, cx: &mut Ctx<'_>, pick: Pick) {
        match pick {
            Pick::Play(i) => self.play(cx, i, false),
            Pick::Ask(moves) => self.asked = Some(moves),
            Pick::Select(from) => {
                if from.is_some() && from != self.picked {
                    cx.haptic(HapticKind::Picked);
                }
                self.picked = from;
                self.asked = None;
            }
        }
    }

    pub fn choose_move(&mut self, cx: &mut Ctx<'_>, index: u32, state: u64) {
        if state != self.shown.state {
            return cx.refuse(
                MessageKind::Stale,
                "the move was chosen on an earlier screen",
            );
        }
        if !self.can_move() {
            let kind = self.why_not();
            return cx.refuse(kind, "no move is due from this table now");
        }
        if self.shown.legal_moves.get(index as usize).is_none() {
            return cx.refuse(MessageKind::NoSuchMove, format!("move {index}"));
        }
        self.play(cx, index, false);
    }

    /// Narrows the open question by route, stacking or results spent.
    pub fn answer(
        &mut self,
        cx: &mut Ctx<'_>,
        route: Option<Route>,
        join: Option<bool>,
        uses: Option<&[Throw]>,
    ) {
        let Some(open) = self.asked.clone() else {
            return cx.refuse(MessageKind::NoSuchMove, "no question is open");
        };
        let narrowed = picking::narrow(&self.shown, &open, |m| {
            route.is_none_or(|r| m.route == r)
                && join.is_none_or(|j| m.stack == Some(j))
                && uses.is_none_or(|u| m.uses == u)
        });
        match narrowed {
            Some(p) => self.pick(cx, p),
            None => cx.refuse(MessageKind::NoSuchMove, "no such option"),
        }
    }

    pub fn cancel_choice(&mut self) {
        self.asked = None;
    }

    fn play(&mut self, cx: &mut Ctx<'_>, index: u32, by_bot: bool) {
        let Some(mv) = self.shown.legal_moves.get(index as usize).cloned() else {
            return cx.refuse(MessageKind::NoSuchMove, format!("move {index}"));
        };
        let core = match convert::core_move(&mv) {
            Ok(m) => m,
            Err(e) => return self.failed(cx, e),
        };
        let before = self.shown.turn.seat;
        let evs = match self.session.play_at(&core, cx.now) {
            Ok(ev) => ev,
            Err(e) => return self.failed(cx, e.into()),
        };
        self.changed(&evs);
        let evs = events(&evs);
        let colour = self.shown.turn.colour.clone();
        let m = shown::moved(cx, &mv, colour, evs.clone(), by_bot);
        let lands = m.lands_at_ms;
        let captured = m.captured;
        self.last_move = Some(m);
        let snap = self.current();
        self.show(cx, snap);
        let mut speech = shown::speech(&evs, &self.shown, Some(before));
        if !speech.iter().any(|s| matches!(s, SpeechPart::Moved { .. })) {
            speech.insert(
                0,
                SpeechPart::Moved {
                    seat: mv.seat,
                    name: self.name(mv.seat),
                    pieces: mv.pieces,
                    to: mv.to.clone(),
                },
            );
        }
        cx.announce(speech);
        cx.haptic(if self.shown.over {
            HapticKind::Won
        } else if captured > 0 {
            HapticKind::Captured
        } else {
            HapticKind::Moved
        });
        self.autosave(cx);
        self.schedule_bot(cx, lands.saturating_sub(cx.now));
    }

    pub fn undo(&mut self, cx: &mut Ctx<'_>) {
        if self.in_the_air() {
            return cx.refuse(MessageKind::NotNow, "the sticks are still in the air");
        }
        if let Err(e) = self.session.undo_at(cx.now) {
            return self.failed(cx, e.into());
        }
        self.stop_bot(cx);
        self.changed(&[]);
        let snap = self.current();
        self.show(cx, snap);
        self.last_move = None;
        cx.announce(vec![SpeechPart::Undone, shown::turn(&self.shown)]);
        self.autosave(cx);
        self.schedule_bot(cx, 0);
    }

    // ----- bots -----

    /// Starts the bot's next step (after its pause, and `after_ms` for what is still
    /// moving on screen) when a bot is to act and nothing is under way.
    fn schedule_bot(&mut self, cx: &mut Ctx<'_>, after_ms: u64) {
        if self.shown.over || self.shown.bot_to_act.is_none() || self.in_the_air() {
            return;
        }
        if self.bot_work.is_some() || matches!(self.bot, BotState::Waiting { .. }) {
            return;
        }
        let pause = if cx.switches.quick_bots {
            cx.pacing.bot_pause_ms / crate::pacing::QUICK_FACTOR
        } else {
            cx.pacing.bot_pause_ms
        };
        self.bot = BotState::Waiting {
            seat: self.shown.turn.seat,
        };
        cx.after(
            after_ms + u64::from(pause),
            Timer::BotStep { gen: self.gen },
        );
    }

    /// The bot's pause is over: it throws, or its search starts.
    pub fn bot_step(&mut self, cx: &mut Ctx<'_>, gen: u64) {
        if gen != self.gen || self.shown.bot_to_act.is_none() || self.in_the_air() {
            return;
        }
        let seat = self.shown.turn.seat;
        match self.shown.phase {
            Phase::ToThrow => {
                self.bot = BotState::Throwing { seat };
                let swipe = shown::bot_swipe(self.mat, self.state ^ cx.now);
                self.throw_with(cx, swipe, true);
            }
            Phase::ToMove => {
                self.bot = BotState::Thinking { seat };
                let Some(bot) = self.bot_for(cx, None) else {
                    self.bot = BotState::Idle;
                    return;
                };
                let id = cx.next_id();
                self.bot_work = Some(id);
                cx.effects.push(Effect::Work {
                    id,
                    job: Job::BotMove {
                        game: Box::new(self.session.game().clone()),
                        bot: Box::new(bot),
                        budget_ms: cx.pacing.bot_budget_ms,
                    },
                });
            }
            Phase::Over => self.bot = BotState::Idle,
        }
    }

    /// The bot of the seat to act (`level`: another level, for a hint), its cached one when
    /// it fits.
    fn bot_for(&mut self, cx: &Ctx<'_>, level: Option<yut_core::bot::Level>) -> Option<Bot> {
        let seat = self.session.to_move();
        let level = level.or_else(|| self.session.bot_to_act().map(Into::into))?;
        let cached = self.bots.get_mut(seat).and_then(Option::take);
        let seed = self.session.setup.seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bot = match cached {
            Some(b) if b.level() == level => b,
            _ => Bot::new(level, seed).with_seat_levels(&self.session.seat_levels()),
        };
        Some(match cx.pacing.bot_nodes {
            Some(n) => bot.with_node_budget(n),
            None => bot,
        })
    }

    fn keep_bot(&mut self, bot: Bot, seat: usize) {
        if let Some(slot) = self.bots.get_mut(seat) {
            *slot = Some(bot);
        }
    }

    /// A search's answer; one for another position or a dropped search is let go.
    pub fn work_done(&mut self, cx: &mut Ctx<'_>, id: u64, done: Done) {
        if self.bot_work == Some(id) {
            self.bot_work = None;
            match done {
                Done::BotMove {
                    found: Some(found),
                    bot,
                } => {
                    self.nets_arrived();
                    self.keep_bot(*bot, self.session.to_move());
                    let mv = legal_move(&found, self.state, self.session.to_move());
                    let index = self.shown.legal_moves.iter().position(|m| *m == mv);
                    match index {
                        Some(i) => {
                            self.bot = BotState::Moving { seat: mv.seat };
                            self.play(cx, crate::convert::to_i32(i) as u32, true);
                            self.bot = BotState::Idle;
                            self.schedule_bot_after_move(cx);
                        }
                        None => {
                            self.bot = BotState::Idle;
                            self.schedule_bot(cx, 0);
                        }
                    }
                }
                Done::Cancelled => self.bot = BotState::Idle,
                Done::NetsMissing { missing, bot } => {
                    // Its network is on its way (the executor fetches it): ask again soon,
                    // and say so once the wait is long (it may never come: offline).
                    if let Some(bot) = bot {
                        self.keep_bot(*bot, self.session.to_move());
                    }
                    let since = *self.nets_missing_since.get_or_insert(cx.now);
                    let waited = cx.now.saturating_sub(since);
                    if waited >= NETS_PATIENCE_MS && !self.nets_late_said {
                        self.nets_late_said = true;
                        cx.say(
                            MessageKind::BotNetsLate,
                            format!(
                                "{} has not arrived in {} s; still asking",
                                missing.file_name(),
                                waited / 1000
                            ),
                        );
                    }
                    self.bot = BotState::Idle;
                    self.schedule_bot(cx, NETS_RETRY_MS);
                }
                _ => {
                    self.bot = BotState::Idle;
                    cx.refuse(MessageKind::BotFailed, "the bot found no move");
                }
            }
        } else if self.hint_work == Some(id) {
            self.hint_work = None;
            match done {
                Done::Hint { found, bot } => {
                    self.keep_bot(*bot, self.session.to_move());
                    match found {
                        Some(a) => self.show_hint(cx, &a),
                        None => cx.refuse(MessageKind::NotNow, "there is no move to advise"),
                    }
                }
                Done::NetsMissing { .. } => {
                    cx.refuse(MessageKind::NotNow, "the hint's network is still loading")
                }
                _ => {}
            }
        } else if self.review_work == Some(id) {
            self.review_work = None;
            match done {
                Done::Review { slips: Ok(slips) } => {
                    self.review =
                        Some((self.state, slips.iter().map(convert::review_slip).collect()));
                }
                Done::Review { slips: Err(e) } => cx.refuse(MessageKind::Internal, e),
                Done::NetsMissing { .. } => {
                    cx.refuse(MessageKind::NotNow, "the review's network is still loading")
                }
                _ => {}
            }
        }
    }

    /// After a bot's move: its stack travels, then the next step (if a bot is still to act).
    fn schedule_bot_after_move(&mut self, cx: &mut Ctx<'_>) {
        let lands = self.last_move.as_ref().map_or(cx.now, |m| m.lands_at_ms);
        self.schedule_bot(cx, lands.saturating_sub(cx.now));
    }

    /// The bot is no longer waiting for a network (it arrived, or the wait was dropped).
    fn nets_arrived(&mut self) {
        self.nets_missing_since = None;
        self.nets_late_said = false;
    }

    /// The bot to act waits for a network that has not arrived (what `BotNetsLate` says).
    pub fn waiting_for_nets(&self) -> bool {
        self.nets_missing_since.is_some()
    }

    pub fn retry_bot(&mut self, cx: &mut Ctx<'_>) {
        self.schedule_bot(cx, 0);
    }

    fn stop_bot(&mut self, cx: &mut Ctx<'_>) {
        self.gen += 1;
        self.nets_arrived();
        if let Some(id) = self.bot_work.take() {
            cx.effects.push(Effect::CancelWork { id });
        }
        self.bot = BotState::Idle;
    }

    /// Stops everything under way (leaving, another game).
    pub fn close(&mut self, cx: &mut Ctx<'_>) {
        self.stop_bot(cx);
        self.stop_searches(cx);
        if let Some(l) = self.landing.take() {
            let seq = l.seq;
            cx.timers.cancel(|t| {
                matches!(t, Timer::Land { seq: s } if *s == seq) || matches!(t, Timer::Cue { .. })
            });
        }
    }

    // ----- hints and the review -----

    pub fn ask_hint(&mut self, cx: &mut Ctx<'_>) {
        if !self.can_move() {
            let kind = self.why_not();
            return cx.refuse(kind, "there is no move to choose now");
        }
        if let Some((_, h)) = &self.hint {
            self.picked = Some(h.mv.from.clone());
            self.asked = None;
            return;
        }
        if self.hint_work.is_some() {
            return;
        }
        let Some(bot) = self.bot_for(cx, Some(yut_core::bot::Level::Hard)) else {
            return;
        };
        let id = cx.next_id();
        self.hint_work = Some(id);
        cx.effects.push(Effect::Work {
            id,
            job: Job::Hint {
                game: Box::new(self.session.game().clone()),
                bot: Box::new(bot),
                budget_ms: cx.pacing.hint_budget_ms,
            },
        });
    }

    fn show_hint(&mut self, cx: &mut Ctx<'_>, advice: &yut_core::bot::Advice) {
        let a = convert::advice(advice, self.state, self.session.to_move());
        let Some(index) = self.shown.legal_moves.iter().position(|m| *m == a.chosen) else {
            return cx.say(MessageKind::Internal, "the hint is not a legal move");
        };
        let chances = self
            .shown
            .legal_moves
            .iter()
            .map(|m| {
                a.appraisal
                    .iter()
                    .find(|c| c.mv == *m)
                    .map(|c| c.win_chance)
            })
            .collect();
        self.picked = Some(a.chosen.from.clone());
        self.asked = None;
        cx.announce(vec![SpeechPart::Hint {
            mv: a.chosen.clone(),
            win_chance: a.win_chance,
        }]);
        self.hint = Some((
            self.state,
            HintView {
                index: index as u32,
                mv: a.chosen,
                win_chance: a.win_chance,
                chances,
            },
        ));
    }

    pub fn ask_review(&mut self, cx: &mut Ctx<'_>) {
        if self.review_work.is_some() || self.review.as_ref().is_some_and(|(s, _)| *s == self.state)
        {
            return;
        }
        let id = cx.next_id();
        self.review_work = Some(id);
        cx.effects.push(Effect::Work {
            id,
            job: Job::Review {
                session: Box::new(self.session.clone()),
                budget_ms_per_move: cx.pacing.review_budget_ms,
            },
        });
    }

    pub fn close_review(&mut self) {
        self.review = None;
    }

    fn stop_searches(&mut self, cx: &mut Ctx<'_>) {
        for id in [self.hint_work.take(), self.review_work.take()]
            .into_iter()
            .flatten()
        {
            cx.effects.push(Effect::CancelWork { id });
        }
        if self.hint.as_ref().is_some_and(|(s, _)| *s != self.state) {
            self.hint = None;
        }
        if self.review.as_ref().is_some_and(|(s, _)| *s != self.state) {
            self.review = None;
        }
    }

    pub fn set_result_aside(&mut self, aside: bool) {
        self.result_aside = aside && self.shown.over;
    }

    // ----- saving -----

    fn autosave(&mut self, cx: &mut Ctx<'_>) {
        match cx.saves.save(&self.session, self.revision) {
            Ok(rev) => {
                self.revision = Some(rev);
                self.saved = true;
            }
            Err(e) => {
                self.saved = false;
                let (kind, detail) = MessageKind::of_save(e, &self.session.id);
                // A conflict and a newer version's file say why this copy is not saved
                // (the file on disk is another's, kept); anything else is a file problem.
                let kind = match kind {
                    k @ (MessageKind::SaveConflict | MessageKind::SaveFromNewerVersion { .. }) => k,
                    _ => MessageKind::NotSaved,
                };
                cx.say(kind, detail);
            }
        }
    }

    /// A call the core refused: said, and the screen shows the session as it is.
    fn failed(&mut self, cx: &mut Ctx<'_>, e: crate::error::YutError) {
        if let Some((kind, detail)) = MessageKind::of_error(&e) {
            cx.refuse(kind, detail);
        }
        let snap = self.current();
        if self.landing.is_none() {
            self.show(cx, snap);
        }
    }
}
