//! [`App`]: the screens and the way between them. Every input goes through
//! [`App::update`], stamped with the time; the answer is the effects to perform, and
//! [`App::view`] is what every screen draws.

use crate::ctx::{Ctx, Switches};
use crate::effect::{Effect, HapticKind, ShellEffect, SpeechPart};
use crate::error::YutError;
use crate::flight::{self, Mat, Planner};
use crate::form::{Form, Said, SeatNames};
use crate::input::{
    AppEvent, AppScreen, FormEvent, Input, SavedAction, SettingsAction, TableAction,
};
use crate::local::LocalTable;
use crate::message::{Message, MessageKind};
use crate::online::{Online, OnlineAction, OnlineInput, Play};
use crate::pacing::Pacing;
use crate::records::{NewGame, Preset};
use crate::settings::{Settings, DEFAULT_SERVER};
use crate::shown;
use crate::store::{KeyValue, SaveStore};
use crate::swipe::Drag;
use crate::timers::{Timer, Timers};
use crate::view::{
    AppView, MenuState, MoveShown, SaveHealth, SaveRow, SavedState, SettingsState, ThrowOutcome,
    ThrowShown,
};
use yut_core::save::EntryStatus;

/// The app core. One per app (or per window); not shared between threads (the native
/// executor owns it on its own thread).
pub struct App {
    pacing: Pacing,
    saves: Box<dyn SaveStore>,
    kv: Box<dyn KeyValue>,
    settings: Settings,
    /// The server rooms go to when the settings name none.
    default_server: String,
    reduce_motion: bool,
    screen: AppScreen,
    form: Option<Form>,
    /// The shell's words for seats nobody has named.
    seat_names: SeatNames,
    table: Option<LocalTable>,
    saved: SavedState,
    message: Option<Message>,
    mat: Mat,
    drag: Option<Drag>,
    timers: Timers,
    /// The online screens (their reconnect ticks merge with the timers).
    online: Online,
    /// The room's last throw and move as the table animates them.
    room_throw: Option<ThrowShown>,
    room_move: Option<MoveShown>,
    /// The room's throw in the air: its result and what is said of it, once it lands.
    room_landing: Option<(u64, ThrowOutcome, Vec<SpeechPart>)>,
    /// The room had a game at the last input: the screen follows it onto the table once.
    room_game: bool,
    /// The tick last asked of the executor.
    asked_tick: Option<u64>,
    planner: Box<dyn Planner>,
    /// Inputs that may plan a flight, held in order while the planner is not ready.
    held: Vec<Input>,
    /// Bots' steps (due time, table generation) fallen due while the planner was not
    /// ready: a step may throw.
    held_bot_steps: Vec<(u64, u64)>,
    ids: u64,
    version: u64,
    now: u64,
}

impl App {
    /// The app over its stores, planning flights with yut-physics' simulation; the
    /// settings are read from `kv`.
    #[cfg(feature = "physics")]
    pub fn new(saves: Box<dyn SaveStore>, kv: Box<dyn KeyValue>, pacing: Pacing) -> App {
        App::with_planner(saves, kv, pacing, Box::new(flight::Simulation))
    }

    /// The app over its stores, planning flights with `planner` (the browser's calls a
    /// simulation that arrives after the menu).
    pub fn with_planner(
        saves: Box<dyn SaveStore>,
        kv: Box<dyn KeyValue>,
        pacing: Pacing,
        planner: Box<dyn Planner>,
    ) -> App {
        let settings = Settings::load(kv.as_ref());
        let online = Online::new(&settings.server_or(DEFAULT_SERVER), kv.as_ref());
        let mut app = App {
            pacing,
            saves,
            kv,
            settings,
            default_server: DEFAULT_SERVER.into(),
            reduce_motion: false,
            screen: AppScreen::Menu,
            form: None,
            seat_names: SeatNames::default(),
            table: None,
            saved: SavedState {
                loaded: false,
                rows: Vec::new(),
                pending_delete: None,
            },
            message: None,
            mat: Mat::default(),
            drag: None,
            timers: Timers::default(),
            online,
            room_game: false,
            room_throw: None,
            room_move: None,
            room_landing: None,
            asked_tick: None,
            planner,
            held: Vec::new(),
            held_bot_steps: Vec::new(),
            ids: 0,
            version: 0,
            now: 0,
        };
        app.refresh_saved();
        app
    }

    /// Makes `server` (`ws://` or `wss://`, a host, maybe a port) where rooms go while the
    /// settings name no server: the web's default is the page's own origin, so its room
    /// socket is same-origin. An address `Settings::check_server` refuses is ignored.
    pub fn set_default_server(&mut self, server: &str) {
        if let Ok(Some(server)) = Settings::check_server(server) {
            self.default_server = server;
            self.online.set_server(&self.server());
        }
    }

    /// The server rooms go to: the settings', else the default.
    fn server(&self) -> String {
        self.settings.server_or(&self.default_server)
    }

    /// Handles one input at `now_ms` (milliseconds since the Unix epoch, from one clock
    /// that only goes forward) and returns the effects to perform, in order. While the
    /// planner is not ready, an input that may plan a flight is held instead (nothing
    /// happens yet) and handled at [`App::planner_ready`].
    pub fn update(&mut self, now_ms: u64, input: Input) -> Vec<Effect> {
        self.now = self.now.max(now_ms);
        if !self.planner.ready() && self.may_plan_flight(&input) {
            self.held.push(input);
            return Vec::new();
        }
        let mut effects = Vec::new();
        let mut said = None;
        match input {
            Input::Event(e) => self.event(e, &mut effects, &mut said),
            Input::Tick => self.tick(&mut effects, &mut said),
            Input::WorkDone { id, done } => {
                self.with_table(&mut effects, &mut said, |t, cx| t.work_done(cx, id, done));
            }
            Input::Socket(e) => self.online_input(OnlineInput::Socket(e), &mut effects, &mut said),
        }
        // Timers that fell due while handling (a zero pause) run now, not a tick later.
        self.tick(&mut effects, &mut said);
        if let Some((kind, detail)) = said {
            self.ids += 1;
            self.message = Some(Message::new(self.ids, kind, detail));
        }
        // The wait for a bot's network is over (it arrived, or the game moved on): its
        // message would be stale.
        if self
            .message
            .as_ref()
            .is_some_and(|m| m.kind == MessageKind::BotNetsLate)
            && !self
                .table
                .as_ref()
                .is_some_and(LocalTable::waiting_for_nets)
        {
            self.message = None;
        }
        self.follow_room();
        let next = [self.timers.next(), self.online.next_tick()]
            .into_iter()
            .flatten()
            .min();
        match next {
            Some(at) if self.asked_tick != Some(at) => {
                self.asked_tick = Some(at);
                effects.push(Effect::Tick { at_ms: at });
            }
            None => self.asked_tick = None,
            _ => {}
        }
        self.version += 1;
        effects
    }

    /// Whether `input` may plan a flight: a person's throw (and, once one is held, the
    /// table's actions after it, kept in order), and, while the open room has a game,
    /// what its socket says (a room's throw flies on every device; kept in order too). The
    /// socket of a room without a game passes: a lobby never waits for the simulation. A
    /// bot's throw comes from a timer: see [`App::tick`].
    fn may_plan_flight(&self, input: &Input) -> bool {
        match input {
            Input::Socket(_) => !self.held.is_empty() || self.online.in_game(),
            Input::Event(AppEvent::Table { action }) => {
                !self.held.is_empty()
                    || matches!(
                        action,
                        TableAction::ThrowTap
                            | TableAction::ThrowSwipe { .. }
                            | TableAction::SwipeEnd { .. }
                    )
            }
            _ => false,
        }
    }

    /// Something waits for the planner (see [`App::update`]): the embedder should get it
    /// ready, then call [`App::planner_ready`].
    pub fn waits_for_planner(&self) -> bool {
        !self.planner.ready() && (!self.held.is_empty() || !self.held_bot_steps.is_empty())
    }

    /// The planner has become ready: what waited for it is handled now, in the order it
    /// came (each input as at `now_ms`), and the bots' steps run.
    pub fn planner_ready(&mut self, now_ms: u64) -> Vec<Effect> {
        for (at, gen) in std::mem::take(&mut self.held_bot_steps) {
            self.timers.add(at, Timer::BotStep { gen });
        }
        let mut effects = Vec::new();
        for input in std::mem::take(&mut self.held) {
            effects.extend(self.update(now_ms, input));
        }
        effects.extend(self.update(now_ms, Input::Tick));
        effects
    }

    fn switches(&self) -> Switches {
        Switches {
            muted: self.settings.muted,
            quick_bots: self.settings.quick_bots,
            reduce_motion: self.reduce_motion,
        }
    }

    /// Runs `f` on the table slot with a context for its effects, timers and message.
    fn with_cx<R>(
        &mut self,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
        f: impl FnOnce(&mut Option<LocalTable>, &mut Ctx<'_>) -> R,
    ) -> R {
        let mut cx = Ctx {
            now: self.now,
            pacing: self.pacing,
            switches: self.switches(),
            saves: self.saves.as_ref(),
            planner: self.planner.as_ref(),
            timers: &mut self.timers,
            effects,
            said,
            ids: &mut self.ids,
        };
        f(&mut self.table, &mut cx)
    }

    /// Runs `f` on the open table; nothing when no game is open.
    fn with_table(
        &mut self,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
        f: impl FnOnce(&mut LocalTable, &mut Ctx<'_>),
    ) {
        self.with_cx(effects, said, |table, cx| {
            if let Some(t) = table.as_mut() {
                f(t, cx);
            }
        });
    }

    /// Hands one input to the online screens: their effects join the update's (their tick
    /// merges with the timers'), what they say becomes the message.
    fn online_input(
        &mut self,
        input: OnlineInput,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        // A person's action on the room's game: refused, it buzzes as at a local table.
        let plays = matches!(
            input,
            OnlineInput::Table(_)
                | OnlineInput::Action(
                    OnlineAction::Throw | OnlineAction::Move { .. } | OnlineAction::Undo
                )
        );
        let out = self.online.update(self.now, input, self.kv.as_ref());
        effects.extend(
            out.into_iter()
                .filter(|e| !matches!(e, Effect::Tick { .. })),
        );
        if let Some(s) = self.online.take_said() {
            if plays {
                effects.push(Effect::Shell(ShellEffect::Haptic {
                    kind: HapticKind::Refused,
                }));
            }
            *said = Some(s);
        }
        if let Some((play, speech)) = self.online.take_play() {
            self.room_play(play, speech, effects, said);
        }
    }

    /// Animates what the room played: a throw flies as a bot's flick (the same on every
    /// device of the room) and its result waits for the landing; a move goes along its path.
    /// The haptics are a local table's: the sticks leaving a hand, a move ending, a capture,
    /// the game won.
    fn room_play(
        &mut self,
        play: Play,
        speech: Vec<SpeechPart>,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        // Whatever is still in the air lands first: the room has moved on (and already
        // holds what this play shows, so only the earlier landing's words and result).
        self.show_landing(effects, said);
        match play {
            Play::Throw {
                seat,
                colour,
                sticks,
                seed,
                by_bot,
                outcome,
            } => {
                let swipe = shown::bot_swipe(self.mat, seed);
                let nak = outcome.result.is_none();
                let flight =
                    flight::plan_with(self.planner.as_ref(), swipe, sticks.clone(), nak, seed)
                        .unwrap_or_else(|_| flight::Flight::empty());
                let thrown = self.with_cx(effects, said, |_, cx| {
                    shown::fly(cx, seat, colour, sticks, flight, by_bot)
                });
                self.room_landing = Some((thrown.seq, outcome, speech));
                self.room_throw = Some(thrown);
                effects.push(Effect::Shell(ShellEffect::Haptic {
                    kind: HapticKind::Thrown,
                }));
            }
            Play::Move {
                mv,
                colour,
                events,
                by_bot,
            } => {
                let over = self.room_over();
                let m = self.with_cx(effects, said, |_, cx| {
                    cx.announce(speech);
                    shown::moved(cx, &mv, colour, events, by_bot)
                });
                let kind = if over {
                    HapticKind::Won
                } else if m.captured > 0 {
                    HapticKind::Captured
                } else {
                    HapticKind::Moved
                };
                effects.push(Effect::Shell(ShellEffect::Haptic { kind }));
                self.room_move = Some(m);
            }
        }
    }

    /// The room's game (as shown) is over.
    fn room_over(&self) -> bool {
        self.online
            .view()
            .room
            .and_then(|r| r.game)
            .is_some_and(|g| g.snapshot.over)
    }

    /// The room's throw in the air lands: the room shows as it is, the result shows and is
    /// announced.
    fn land_room(&mut self, effects: &mut Vec<Effect>, said: &mut Option<(MessageKind, String)>) {
        if self.room_landing.is_some() {
            self.online.landed();
            self.show_landing(effects, said);
            // The room can end while the sticks fly (a move heard only through a sync).
            if self.room_over() {
                effects.push(Effect::Shell(ShellEffect::Haptic {
                    kind: HapticKind::Won,
                }));
            }
        }
    }

    /// The landing of the room's throw in the air, on the table: its result and its words.
    fn show_landing(
        &mut self,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        let Some((seq, outcome, speech)) = self.room_landing.take() else {
            return;
        };
        if let Some(t) = self.room_throw.as_mut().filter(|t| t.seq == seq) {
            t.outcome = Some(outcome);
        }
        self.with_cx(effects, said, |_, cx| cx.announce(speech));
    }

    /// The screen follows the room: onto the table when its game starts, off it when the
    /// room's game is gone (left, or back to the lobby for a rematch).
    fn follow_room(&mut self) {
        let in_game = self.online.in_game();
        if in_game && !self.room_game && self.screen == AppScreen::Online {
            self.screen = AppScreen::Table;
        }
        if !in_game && self.table.is_none() && self.screen == AppScreen::Table {
            self.screen = if self.online.in_room() {
                AppScreen::Online
            } else {
                AppScreen::Menu
            };
        }
        if !in_game {
            self.room_throw = None;
            self.room_move = None;
            self.room_landing = None;
            self.online.landed();
        }
        self.room_game = in_game;
    }

    fn tick(&mut self, effects: &mut Vec<Effect>, said: &mut Option<(MessageKind, String)>) {
        if self.online.next_tick().is_some_and(|at| at <= self.now) {
            self.online_input(OnlineInput::Tick, effects, said);
        }
        loop {
            let due = self.timers.take_due(self.now);
            if due.is_empty() {
                return;
            }
            for (at, timer) in due {
                match timer {
                    Timer::Cue { strength, against } => {
                        effects.push(Effect::Shell(ShellEffect::Cue {
                            at_ms: at,
                            strength,
                            against,
                        }));
                    }
                    Timer::Land { seq }
                        if self.room_landing.as_ref().is_some_and(|l| l.0 == seq) =>
                    {
                        self.land_room(effects, said);
                    }
                    Timer::Land { seq } => self.with_table(effects, said, |t, cx| t.land(cx, seq)),
                    // A bot's step may throw: it waits for the planner.
                    Timer::BotStep { gen } if !self.planner.ready() => {
                        self.held_bot_steps.push((at, gen));
                    }
                    Timer::BotStep { gen } => {
                        self.with_table(effects, said, |t, cx| t.bot_step(cx, gen));
                    }
                }
            }
        }
    }

    fn event(
        &mut self,
        e: AppEvent,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        match e {
            AppEvent::Open { screen } => self.open(screen),
            AppEvent::Back => match self.screen {
                // The room's game: back to the room's screen (the room stays held).
                AppScreen::Table if self.table.is_none() && self.online.in_room() => {
                    self.screen = AppScreen::Online;
                }
                AppScreen::Table => self.leave(effects, said),
                // A screen opened over the open game (its rules, a room link) goes back to it.
                _ if self.table.is_some() => self.screen = AppScreen::Table,
                _ => self.screen = AppScreen::Menu,
            },
            AppEvent::Dismiss => {
                self.message = None;
                self.saved.pending_delete = None;
            }
            AppEvent::Continue => {
                let latest = self.continue_id();
                match latest {
                    Some(id) => self.resume(&id, effects, said),
                    None => *said = Some((MessageKind::NoGame, String::new())),
                }
            }
            AppEvent::Form { event } => {
                let names = &self.seat_names;
                let form = self.form.get_or_insert_with(|| Form::new(names.clone()));
                if let FormEvent::Host { name } = &event {
                    let action = form.view().host_action(name);
                    return self.event(AppEvent::Online { action }, effects, said);
                }
                match form.update(event) {
                    Ok(Some(setup)) => self.start(setup, effects, said),
                    Ok(None) => {}
                    Err(Said(kind, detail)) => *said = Some((kind, detail)),
                }
            }
            AppEvent::StartGame { setup } => self.start(setup, effects, said),
            AppEvent::Table { action } => self.table_action(action, effects, said),
            AppEvent::Saved { action } => self.saved_action(action, said),
            AppEvent::Settings { action } => self.settings_action(action, said),
            AppEvent::Online { action } => {
                // Entering a room (from the saved-games screen's Rejoin too) shows its screen.
                if let OnlineAction::Host { .. }
                | OnlineAction::Join { .. }
                | OnlineAction::Watch { .. }
                | OnlineAction::Rejoin { .. } = action
                {
                    self.screen = AppScreen::Online;
                }
                self.online_input(OnlineInput::Action(action), effects, said);
            }
            AppEvent::Backgrounded => self.drag = None,
            AppEvent::SeatNames { person, bot } => {
                let names = SeatNames { person, bot };
                if let Some(f) = self.form.as_mut() {
                    f.rename(names.clone());
                }
                self.seat_names = names;
            }
        }
    }

    fn open(&mut self, screen: AppScreen) {
        match screen {
            AppScreen::NewGame => {
                let names = &self.seat_names;
                self.form.get_or_insert_with(|| Form::new(names.clone()));
            }
            AppScreen::SavedGames => self.refresh_saved(),
            AppScreen::Table if self.table.is_none() && !self.online.in_game() => return,
            _ => {}
        }
        self.screen = screen;
    }

    /// Starts a game at the table `setup` describes (its seed, when none is given, from the
    /// clock and the app's counter).
    fn start(
        &mut self,
        mut setup: NewGame,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        self.ids += 1;
        let seed = setup.seed.unwrap_or_else(|| {
            self.now.rotate_left(21) ^ self.ids.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        setup.seed = Some(seed);
        let session = match crate::catalog::new_session_at(&setup, self.now) {
            Ok(s) => s,
            Err(e) => return say_error(said, &e),
        };
        self.close_table(effects, said);
        let mat = self.mat;
        self.with_cx(effects, said, |table, cx| {
            *table = Some(LocalTable::open(cx, session, None, None, mat));
        });
        self.form = None;
        self.screen = AppScreen::Table;
    }

    fn resume(
        &mut self,
        id: &str,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        let loaded = match self.saves.load(id) {
            Ok(l) => l,
            Err(e) => {
                let (kind, detail) = MessageKind::of_save(e, id);
                *said = Some((kind, detail));
                return;
            }
        };
        self.close_table(effects, said);
        let mat = self.mat;
        let recovered = loaded.recovered_from_backup.clone();
        self.with_cx(effects, said, |table, cx| {
            *table = Some(LocalTable::open(
                cx,
                loaded.session,
                Some(loaded.revision),
                recovered.clone(),
                mat,
            ));
        });
        if let Some(why) = recovered {
            *said = Some((MessageKind::RecoveredFromBackup, why));
        }
        self.screen = AppScreen::Table;
    }

    fn close_table(&mut self, effects: &mut Vec<Effect>, said: &mut Option<(MessageKind, String)>) {
        self.with_table(effects, said, |t, cx| t.close(cx));
        self.timers.cancel(|_| true);
        self.table = None;
        // The room's flight lost its timer with the table's: its result shows now.
        self.land_room(effects, said);
    }

    fn leave(&mut self, effects: &mut Vec<Effect>, said: &mut Option<(MessageKind, String)>) {
        self.close_table(effects, said);
        self.screen = AppScreen::Menu;
        self.refresh_saved();
    }

    fn table_action(
        &mut self,
        a: TableAction,
        effects: &mut Vec<Effect>,
        said: &mut Option<(MessageKind, String)>,
    ) {
        match a {
            TableAction::MatLaidOut { mat } => {
                self.mat = mat;
                if let Some(t) = self.table.as_mut() {
                    t.mat = mat;
                }
                return;
            }
            TableAction::Resume { id } => return self.resume(&id, effects, said),
            TableAction::SwipeStart { x, y, t_ms } => {
                self.drag = Some(Drag::start(x, y, t_ms));
                return;
            }
            TableAction::SwipeMove { x, y, t_ms } => {
                if let Some(d) = self.drag.as_mut() {
                    d.add(x, y, t_ms);
                }
                return;
            }
            _ if self.table.is_none() && self.online.in_game() => {
                // The room's game: a swipe that throws is a throw (the server draws it).
                if let TableAction::SwipeEnd { x, y, t_ms } = a {
                    let mat = self.mat;
                    if self
                        .drag
                        .take()
                        .and_then(|d| d.release(x, y, t_ms, mat))
                        .is_none()
                    {
                        return;
                    }
                }
                return self.online_input(OnlineInput::Table(a), effects, said);
            }
            TableAction::Leave => return self.leave(effects, said),
            TableAction::PlayAgain => {
                let Some(t) = self.table.as_ref() else {
                    return *said = Some((MessageKind::NoGame, String::new()));
                };
                let mut setup = match crate::catalog::setup_of(&t.session().setup) {
                    Ok(s) => s,
                    Err(e) => return say_error(said, &e),
                };
                setup.seed = None;
                return self.start(setup, effects, said);
            }
            _ => {}
        }
        if self.table.is_none() {
            return *said = Some((MessageKind::NoGame, String::new()));
        }
        let mat = self.mat;
        let drag = if let TableAction::SwipeEnd { .. } = a {
            self.drag.take()
        } else {
            None
        };
        self.with_table(effects, said, |t, cx| match a {
            TableAction::ThrowTap => t.throw(cx, None),
            TableAction::ThrowSwipe { swipe } => t.throw(cx, Some(swipe)),
            TableAction::SwipeEnd { x, y, t_ms } => {
                if let Some(swipe) = drag.and_then(|d| d.release(x, y, t_ms, mat)) {
                    t.throw(cx, Some(swipe));
                }
            }
            TableAction::Tap { spot } => t.tap(cx, &spot),
            TableAction::ChooseMove { index, state } => t.choose_move(cx, index, state),
            TableAction::ChooseRoute { route } => t.answer(cx, Some(route), None, None),
            TableAction::ChooseStack { join } => t.answer(cx, None, Some(join), None),
            TableAction::ChooseUses { uses } => t.answer(cx, None, None, Some(&uses)),
            TableAction::CancelChoice => t.cancel_choice(),
            TableAction::Hint => t.ask_hint(cx),
            TableAction::Review => t.ask_review(cx),
            TableAction::CloseReview => t.close_review(),
            TableAction::Undo => t.undo(cx),
            TableAction::SetResultAside { aside } => t.set_result_aside(aside),
            TableAction::RetryBot => t.retry_bot(cx),
            _ => {}
        });
    }

    fn saved_action(&mut self, a: SavedAction, said: &mut Option<(MessageKind, String)>) {
        match a {
            SavedAction::Refresh => self.refresh_saved(),
            SavedAction::RequestDelete { id } => self.saved.pending_delete = Some(id),
            SavedAction::Delete { id } => {
                self.saved.pending_delete = None;
                if let Err(e) = self.saves.delete(&id) {
                    // A file that would not go is a failed delete, not a failed save.
                    *said = Some(match MessageKind::of_save(e, &id) {
                        (MessageKind::FileProblem, detail) => (MessageKind::NotDeleted, detail),
                        other => other,
                    });
                }
                self.refresh_saved();
            }
        }
    }

    fn settings_action(&mut self, a: SettingsAction, said: &mut Option<(MessageKind, String)>) {
        match a {
            SettingsAction::SetMuted { on } => self.settings.muted = on,
            SettingsAction::SetQuickBots { on } => self.settings.quick_bots = on,
            SettingsAction::SetReduceMotion { on } => {
                self.reduce_motion = on;
                return;
            }
            SettingsAction::SetServer { address } => match Settings::check_server(&address) {
                Ok(server) => {
                    self.settings.server = server;
                    self.online.set_server(&self.server());
                }
                Err(reason) => return *said = Some((MessageKind::BadServerAddress, reason)),
            },
        }
        if let Err(e) = self.settings.store(self.kv.as_ref()) {
            *said = Some((MessageKind::FileProblem, e.to_string()));
        }
    }

    fn refresh_saved(&mut self) {
        match self.saves.list() {
            Ok(entries) => {
                self.saved.rows = entries.iter().map(row).collect();
                self.saved.loaded = true;
            }
            Err(e) => {
                self.saved.loaded = true;
                let (kind, detail) = MessageKind::of_save(e, "");
                self.ids += 1;
                self.message = Some(Message::new(self.ids, kind, detail));
            }
        }
    }

    fn continue_id(&self) -> Option<String> {
        self.saved
            .rows
            .iter()
            .find(|r| r.can_open && r.summary.as_ref().is_some_and(|s| !s.finished))
            .map(|r| r.id.clone())
    }

    /// What every screen draws now.
    pub fn view(&self) -> AppView {
        AppView {
            version: self.version,
            screen: self.screen,
            menu: MenuState {
                continue_id: self.continue_id(),
                table_open: self.table.is_some() || self.online.in_game(),
            },
            form: self.form.as_ref().map(Form::view),
            table: match &self.table {
                Some(t) => Some(t.view()),
                None => self.online.table(self.mat).map(|mut t| {
                    t.throw = self.room_throw.clone();
                    t.last_move = self.room_move.clone();
                    t
                }),
            },
            saved: self.saved.clone(),
            settings: SettingsState {
                muted: self.settings.muted,
                quick_bots: self.settings.quick_bots,
                reduce_motion: self.reduce_motion,
                server: self.server(),
            },
            rules: match &self.table {
                Some(t) => crate::catalog::describe(t.session().rules()).ok(),
                // How to play from the menu: the app's own rules.
                None if self.online.in_room() => self.online.rules(),
                None if self.screen == AppScreen::Rules => {
                    crate::catalog::describe_rules(crate::catalog::preset_rules(Preset::Yunnori))
                        .ok()
                }
                None => None,
            },
            message: self.message.clone(),
            online: self.online.view(),
        }
    }

    /// Whether a timer is pending (a journey runs until none is).
    pub fn idle(&self) -> bool {
        self.timers.is_empty()
    }
}

fn say_error(said: &mut Option<(MessageKind, String)>, e: &YutError) {
    if let Some(m) = MessageKind::of_error(e) {
        *said = Some(m);
    }
}

fn row(e: &yut_core::save::SaveEntry) -> SaveRow {
    let (health, problem) = match &e.status {
        EntryStatus::Good(_) => (SaveHealth::Good, None),
        EntryStatus::Backup { damage, .. } => (SaveHealth::Backup, Some(damage.to_string())),
        EntryStatus::Damaged(yut_core::save::SaveError::NewerVersion { found, .. }) => (
            SaveHealth::FromNewerVersion { version: *found },
            Some(format!("format {found}")),
        ),
        EntryStatus::Damaged(err) => (SaveHealth::Damaged, Some(err.to_string())),
    };
    let damage = match &e.status {
        EntryStatus::Good(_) => None,
        EntryStatus::Backup { damage, .. } | EntryStatus::Damaged(damage) => {
            Some(crate::convert::save_damage(damage))
        }
    };
    let summary = e
        .summary()
        .map(|s| crate::convert::save_summary(s, e.turn_number.unwrap_or(0)));
    SaveRow {
        id: e.id.clone(),
        can_open: matches!(health, SaveHealth::Good | SaveHealth::Backup),
        health,
        damage,
        problem,
        summary,
    }
}
