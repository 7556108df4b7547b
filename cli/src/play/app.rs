//! The state of `yut play` and everything that changes it: key presses (`on_key`) and the
//! passing of time (`tick`, which lets bots act after a visible delay).
//!
//! Nothing here draws; `ui::render` reads an `App` and draws it. That split lets the unit
//! tests drive whole games through `on_key`/`tick` and check the screen in a `TestBackend`.

use super::text;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::{Duration, Instant};
use yut_core::bot::review::review;
use yut_core::bot::{Bot, Level};
use yut_core::game::{Event, LegalMove, Phase, MAX_SEATS};
use yut_core::rules::{CaptureBonus, Finish, FirstPlayer, Stacking};
use yut_core::save::{Revision, SaveEntry, SaveLibrary};
use yut_core::session::{Action, BotLevel, NewSession, Player, Seat, Session, SessionOptions};
use yut_core::{Outcome, Preset, RouteId, RuleSet, Spot};
use yut_physics as physics;

/// Seat colours as saved (`#RRGGBB`, shared with the phone apps): red, blue, green, yellow,
/// and for the Russian set's fifth and sixth seats purple and teal. Each maps to a different
/// basic terminal colour (`ui::term_colour`), so no two seats look alike.
pub const COLOURS: [&str; MAX_SEATS] = [
    "#D32F2F", "#1976D2", "#388E3C", "#FBC02D", "#7B1FA2", "#0097A7",
];

/// How many log lines a table keeps (the screen shows the last few).
const LOG_KEEP: usize = 200;
/// Slips a review writes into the log (the largest; the rest are counted).
const REVIEW_SHOWN: usize = 5;

/// Options of one `yut play` run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Seed of the first new game (then +1 per game), for reproducible runs and tests.
    pub seed: Option<u64>,
    /// Pause before each bot action, so people can follow what the bot does.
    pub bot_delay: Duration,
    /// The command that continues a saved game here, for the goodbye message.
    pub resume_command: String,
    /// Show each throw's sticks coming to rest one by one, as the simulated throw settles,
    /// before its result (off in the unit tests that do not test it).
    pub settle: bool,
}

/// Which screen is up.
#[derive(Debug)]
pub enum Screen {
    Menu {
        sel: usize,
    },
    Setup(SetupForm),
    Resume(ResumeList),
    /// Who starts: the throw-off (or the lot) of the table just seated.
    Start,
    Game,
}

/// A full-screen page drawn over the current screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    Rules {
        rules: RuleSet,
        undo: bool,
        teams: bool,
        scroll: u16,
    },
}

impl Overlay {
    /// Scrolls the page; `false` when the key closes it (any key but scrolling, q
    /// included: q here is not "quit"). `size` is the terminal's (columns, rows).
    pub fn on_key(&mut self, key: KeyEvent, size: (u16, u16)) -> bool {
        let max = super::ui::rules_max_scroll(self, size);
        let Overlay::Rules { scroll, .. } = self;
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => *scroll = scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => *scroll = (*scroll + 1).min(max),
            KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
            KeyCode::PageDown | KeyCode::Char(' ') => *scroll = (*scroll + 10).min(max),
            KeyCode::End => *scroll = max,
            KeyCode::Home => *scroll = 0,
            _ => return false,
        }
        true
    }
}

/// The keys every full-screen program here answers before its screen does: Ctrl+C quits,
/// a terminal too small takes only q (nothing happens unseen), an open rules page scrolls
/// or closes. `true` when the key was used up.
pub fn first_keys(
    key: KeyEvent,
    too_small: bool,
    overlay: &mut Option<Overlay>,
    size: (u16, u16),
    quit: &mut bool,
) -> bool {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        *quit = true;
        return true;
    }
    if too_small {
        if matches!(key.code, KeyCode::Char('q') | KeyCode::Char('Q')) {
            *quit = true;
        }
        return true;
    }
    if let Some(ov) = overlay.as_mut() {
        if !ov.on_key(key, size) {
            *overlay = None;
        }
        return true;
    }
    false
}

/// The whole state of the program.
pub struct App {
    pub settings: Settings,
    pub lib: SaveLibrary,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub table: Option<Table>,
    pub quit: bool,
    /// The terminal size at the last draw (columns, rows), for scrolling limits.
    pub size: (u16, u16),
    /// Printed after the terminal is restored (e.g. where the game was saved).
    pub farewell: Option<String>,
    /// `q` was pressed in a game: the next key answers "quit?".
    pub confirm_quit: bool,
    games_started: u64,
}

/// A throw as the screen shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShownThrow {
    pub seat: usize,
    pub outcome: Outcome,
    pub sticks: [bool; 4],
}

/// A throw still in the air: the simulated sticks come to rest one by one; the result, the
/// hand and the moves are shown only when the last one has settled.
#[derive(Clone, Debug, PartialEq)]
pub struct Settling {
    pub started: Instant,
    /// When each stick of [`ShownThrow::sticks`] comes to rest, milliseconds from the throw.
    pub settle_ms: [u32; 4],
    pub end_ms: u32,
    /// The throw's announcements, held back until the sticks are still.
    events: Vec<Event>,
}

impl Settling {
    /// Which sticks are at rest at `now`.
    pub fn settled(&self, now: Instant) -> [bool; 4] {
        let t = self.elapsed_ms(now);
        self.settle_ms.map(|ms| ms <= t)
    }

    pub fn end(&self) -> Instant {
        self.started + Duration::from_millis(u64::from(self.end_ms))
    }

    fn elapsed_ms(&self, now: Instant) -> u32 {
        let ms = now.saturating_duration_since(self.started).as_millis();
        u32::try_from(ms).unwrap_or(u32::MAX)
    }
}

/// Simulates the throw (a gentle drop from the middle of the mat: a keyboard has no swipe)
/// and reads when each drawn stick settles: stick 0 of the report is the marked one, and a
/// 낙 shows its off-mat stick last.
fn settling_of(sticks: [bool; 4], nak: bool, salt: u64, events: Vec<Event>) -> Settling {
    let mat = physics::Mat {
        width: 360.0,
        height: 420.0,
    };
    let flight = physics::throw(
        &physics::Swipe::tap(mat),
        physics::Target { flat: sticks, nak },
        salt,
    );
    let mut tracks: Vec<&physics::StickTrack> = flight.sticks.iter().collect();
    // Marked first, off-mat last, the rest in the simulation's order.
    tracks.sort_by_key(|t| (!t.marked, t.off_mat));
    let mut settle_ms = [flight.end_ms; 4];
    for (slot, track) in settle_ms.iter_mut().zip(tracks) {
        *slot = track.settle_ms.min(flight.end_ms);
    }
    Settling {
        // From when the flight is ready: the sticks leave the hand when it can be shown.
        started: Instant::now(),
        settle_ms,
        end_ms: flight.end_ms,
        events,
    }
}

/// Legal moves that differ only in route or stacking: one entry of the move list. Picking
/// it asks the remaining question (which way, stack or not) when there is one.
#[derive(Clone, Debug)]
pub struct Choice {
    pub options: Vec<LegalMove>,
}

impl Choice {
    pub fn first(&self) -> &LegalMove {
        &self.options[0]
    }
}

/// One answer to a question about a move: the legal moves it still allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub label: String,
    pub options: Vec<usize>,
}

/// A question asked before a move is played (route or stacking).
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub choice: usize,
    pub question: String,
    pub answers: Vec<Answer>,
    pub sel: usize,
}

/// This terminal's part in a table that an online room runs: the server throws and checks
/// every move, so the table only shows the room's game and acts for the seats held here.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remote {
    /// The seats this terminal plays; the others' turns are waited for.
    pub mine: Vec<usize>,
    /// The room allows taking back the last move now (the server's word, not the
    /// session's: a bot's move or a throw since closes it).
    pub can_undo: bool,
    /// The room code, for the title.
    pub code: String,
    /// The connection in words ("connected", "connection lost — reconnecting …").
    pub connection: String,
    /// Whether the connection is up (the title shows it in green, else red).
    pub online: bool,
    /// Whether this terminal is the host (only the host starts a rematch).
    pub host: bool,
}

/// What a key asks of the game once the move list and its questions are through: the
/// local game does it on its session, an online table sends it to the room.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Throw,
    Play(LegalMove),
    Undo,
}

/// Why `u` took nothing back, for the log. The core decides (`Session::can_undo`); this
/// only names the case, so the player at the keys learns the rule: a move is taken back
/// by its mover while that turn goes on, never by the next player.
fn undo_refused_why(s: &Session) -> String {
    match s.history().last() {
        _ if s.game().is_over() => "the game is over".to_string(),
        Some(Action::Move { seat, .. }) if *seat != s.to_move() => {
            let name = s.seats().get(*seat).map_or("?", |x| x.name.as_str());
            format!("{name}'s turn is over and the move stands")
        }
        Some(Action::Throw { .. }) => "a throw came after the last move".to_string(),
        _ => "no move of yours to take back".to_string(),
    }
}

/// A game being played: the session plus what the screen shows about it.
pub struct Table {
    pub session: Session,
    pub last_throw: Option<ShownThrow>,
    pub log: Vec<String>,
    pub choices: Vec<Choice>,
    pub sel: usize,
    pub prompt: Option<Prompt>,
    /// When the bot to act may act next.
    pub bot_due: Option<Instant>,
    /// The last autosave failure, shown until a save succeeds.
    pub save_error: Option<String>,
    /// The revision of the save file this table last wrote or opened.
    pub saved: Option<Revision>,
    /// The hard bot's move for this position (`h`): its move-list entry and option there.
    pub hint: Option<(usize, usize)>,
    /// With a hint: the estimated winning chance after each move-list entry (its best option).
    pub chances: Vec<Option<f64>>,
    /// The last throw while its sticks are still coming to rest.
    pub settling: Option<Settling>,
    /// How many of the newest log entries are scrolled past (PgUp/PgDn); 0 shows the
    /// latest, and a new entry brings the log back to it.
    pub log_back: usize,
    /// Whether throws settle on screen ([`Settings::settle`]).
    pub animate: bool,
    /// Set when an online room runs this game.
    pub remote: Option<Remote>,
    bots: Vec<Option<Bot>>,
}

impl Table {
    pub fn new(session: Session) -> Table {
        let seed = session.setup.seed;
        let levels = session.seat_levels();
        let bots = levels
            .iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| Bot::new(l, seed ^ (i as u64 + 1)).with_seat_levels(&levels)))
            .collect();
        // A resumed game shows the throw it was left at, not "no throw yet" beside a hand
        // that holds its result.
        let last_throw = session.history().iter().rev().find_map(|a| match a {
            Action::Throw {
                seat,
                outcome,
                sticks,
                ..
            } => Some(ShownThrow {
                seat: *seat,
                outcome: *outcome,
                sticks: *sticks,
            }),
            Action::Move { .. } => None,
        });
        let mut t = Table {
            session,
            last_throw,
            log: Vec::new(),
            choices: Vec::new(),
            sel: 0,
            prompt: None,
            bot_due: None,
            save_error: None,
            saved: None,
            hint: None,
            chances: Vec::new(),
            settling: None,
            log_back: 0,
            animate: false,
            remote: None,
            bots,
        };
        t.refresh();
        t
    }

    pub fn names(&self) -> Vec<String> {
        self.session
            .seats()
            .iter()
            .map(|s| s.name.clone())
            .collect()
    }

    /// Whether the seat to act is a person at this keyboard (online: one of this
    /// terminal's seats).
    pub fn human_to_act(&self) -> bool {
        !self.session.game().is_over()
            && self.session.bot_to_act().is_none()
            && self
                .remote
                .as_ref()
                .is_none_or(|r| r.mine.contains(&self.session.to_move()))
    }

    /// Takes the room's word for the game: `session` rebuilt from the room's history, and
    /// the action that led there announced with the server's own events (a throw's sticks
    /// settle on screen as a local throw's do).
    pub fn observe(&mut self, session: Session, action: Option<&Action>, events: Vec<Event>) {
        self.finish_settling();
        self.session = session;
        match action {
            Some(Action::Throw {
                seat,
                outcome,
                sticks,
                ..
            }) => {
                self.last_throw = Some(ShownThrow {
                    seat: *seat,
                    outcome: *outcome,
                    sticks: *sticks,
                });
                if self.animate {
                    let salt = self.session.history().len() as u64;
                    self.settling =
                        Some(settling_of(*sticks, *outcome == Outcome::Nak, salt, events));
                } else {
                    self.announce(&events);
                }
            }
            Some(Action::Move { .. }) => self.announce(&events),
            None => {}
        }
        self.refresh();
    }

    pub fn has_teams(&self) -> bool {
        self.session.game().sides().iter().any(|s| s.len() > 1)
    }

    /// Rebuilds the move list after the position changed.
    fn refresh(&mut self) {
        self.choices = group_moves(self.session.game().legal_moves());
        self.sel = 0;
        self.prompt = None;
        self.hint = None;
        self.chances.clear();
    }

    pub fn note(&mut self, line: String) {
        self.log.push(line);
        self.log_back = 0;
        if self.log.len() > LOG_KEEP {
            let cut = self.log.len() - LOG_KEEP;
            self.log.drain(..cut);
        }
    }

    fn announce(&mut self, events: &[Event]) {
        let names = self.names();
        let sides = self.session.game().sides().to_vec();
        for ev in events {
            if let Some(line) = text::announce(ev, &names, &sides) {
                self.note(line);
            }
        }
    }

    /// Throws for the seat to act.
    fn throw(&mut self) -> Result<(), String> {
        let report = self.session.throw().map_err(|e| e.to_string())?;
        self.last_throw = Some(ShownThrow {
            seat: report.seat,
            outcome: report.outcome,
            sticks: report.sticks,
        });
        if self.animate {
            let salt = self.session.history().len() as u64;
            self.settling = Some(settling_of(
                report.sticks,
                report.outcome == Outcome::Nak,
                salt,
                report.events,
            ));
        } else {
            self.announce(&report.events);
        }
        self.refresh();
        Ok(())
    }

    /// Whether the last throw's sticks are still moving.
    pub fn is_settling(&self) -> bool {
        self.settling.is_some()
    }

    /// The sticks are still: the throw's result is announced and its moves can be played.
    pub fn finish_settling(&mut self) {
        if let Some(s) = self.settling.take() {
            self.announce(&s.events);
        }
    }

    /// Plays one legal move for the seat to act.
    fn play(&mut self, lm: &LegalMove) -> Result<(), String> {
        let events = self.session.play(&lm.mv).map_err(|e| e.to_string())?;
        self.announce(&events);
        self.refresh();
        Ok(())
    }

    /// Asks the hard bot for the person to move: selects its move-list entry and returns
    /// the line to show (which way and whether to stack, when the entry asks that, and the
    /// bot's estimate of the winning chance after it).
    pub fn ask_hint(&mut self) -> Result<String, String> {
        let game = self.session.game().clone();
        let seat = self.session.to_move();
        let levels = self.session.seat_levels();
        let mut bot = Bot::new(Level::Hard, self.session.setup.seed ^ (seat as u64 + 1))
            .with_seat_levels(&levels);
        let advice = bot
            .advise(&game, Duration::from_millis(1500), None)
            .ok_or_else(|| "the hard bot found no move".to_string())?;
        let mv = advice.chosen.mv;
        let (index, option) = self
            .choices
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.options.iter().position(|o| o.mv == mv).map(|k| (i, k)))
            .ok_or_else(|| "the hard bot's move is not in the list".to_string())?;
        self.sel = index;
        self.hint = Some((index, option));
        let chance_of = |o: &LegalMove| {
            let (_, p) = advice.appraisal.iter().find(|(m, _)| m.mv == o.mv)?;
            Some(*p)
        };
        self.chances = self
            .choices
            .iter()
            .map(|c| c.options.iter().filter_map(chance_of).reduce(f64::max))
            .collect();
        let choice = &self.choices[index];
        let lm = &choice.options[option];
        let mut line = format!("Hint: {} — {}", index + 1, move_words(lm));
        if choice.options.iter().any(|o| o.mv.route != lm.mv.route) {
            line.push_str(&format!(", {}", text::route_words(lm.mv.route)));
        }
        match lm.mv.stack {
            Some(true) => line.push_str(", stacking"),
            Some(false) => line.push_str(", keeping apart"),
            None => {}
        }
        line.push_str(&format!(
            " (about {:.0}% to win after it)",
            advice.win_chance * 100.0
        ));
        Ok(line)
    }

    /// Reviews the game so far into the log: the people's moves where the hard bot's own
    /// choice was clearly better (the largest few), each with the better move.
    pub fn review(&mut self) -> Result<(), String> {
        let slips =
            review(&self.session, Duration::from_millis(1000)).map_err(|e| e.to_string())?;
        if slips.is_empty() {
            self.note("Review: no clear slips, every move was close to the hard bot's".into());
            return Ok(());
        }
        let names = self.names();
        self.note(format!(
            "Review: {} slip{}, largest first",
            slips.len(),
            if slips.len() == 1 { "" } else { "s" }
        ));
        for x in slips.iter().take(REVIEW_SHOWN) {
            let name = names.get(x.seat).map_or("?", String::as_str);
            self.note(format!(
                "Turn {} · {name}: played {} ({:.0}% to win); better {} ({:.0}%)",
                x.turn,
                move_words(&x.played),
                x.played_chance * 100.0,
                move_words(&x.best),
                x.best_chance * 100.0
            ));
        }
        if slips.len() > REVIEW_SHOWN {
            self.note(format!("…and {} smaller", slips.len() - REVIEW_SHOWN));
        }
        Ok(())
    }

    /// The question for a move-list entry, with the hint's answer preselected.
    fn ask(&self, index: usize, allowed: &[usize]) -> Option<Prompt> {
        let choice = self.choices.get(index)?;
        let mut prompt = question_for(choice, allowed, index)?;
        if let Some((_, option)) = self.hint.filter(|(i, _)| *i == index) {
            if let Some(k) = prompt
                .answers
                .iter()
                .position(|a| a.options.contains(&option))
            {
                prompt.sel = k;
            }
        }
        Some(prompt)
    }

    /// PgUp/PgDn scroll the log; while the sticks settle, Space, Enter or t skips to them
    /// at rest and other keys wait. `None` when the key is not one of these, else whether
    /// it skipped the settling.
    pub fn log_or_settling_key(&mut self, key: KeyEvent) -> Option<bool> {
        match key.code {
            KeyCode::PageUp => {
                self.log_back = (self.log_back + 3).min(self.log.len().saturating_sub(1));
                return Some(false);
            }
            KeyCode::PageDown => {
                self.log_back = self.log_back.saturating_sub(3);
                return Some(false);
            }
            _ => {}
        }
        if !self.is_settling() {
            return None;
        }
        let skip = matches!(
            key.code,
            KeyCode::Char(' ') | KeyCode::Enter | KeyCode::Char('t')
        );
        if skip {
            self.finish_settling();
        }
        Some(skip)
    }

    /// The keys of a turn: the open question (which way, stack or not), `u`, and for the
    /// person to act the throw or the move list. Returns what the key asks once it is
    /// decided; moving the selection or asking a question returns nothing.
    pub fn turn_key(&mut self, key: KeyEvent) -> Option<Intent> {
        if let Some(p) = self.prompt.as_mut() {
            let n = p.answers.len();
            let pick = match key.code {
                KeyCode::Up | KeyCode::Char('k') => {
                    p.sel = (p.sel + n - 1) % n;
                    None
                }
                KeyCode::Down | KeyCode::Char('j') => {
                    p.sel = (p.sel + 1) % n;
                    None
                }
                KeyCode::Enter => Some(p.sel),
                KeyCode::Char('y') => p.answers.iter().position(|a| a.label.starts_with("stack")),
                KeyCode::Char('n') => p.answers.iter().position(|a| a.label.starts_with("keep")),
                KeyCode::Esc | KeyCode::Backspace => {
                    self.prompt = None;
                    None
                }
                KeyCode::Char(c) => c
                    .to_digit(10)
                    .map(|d| d as usize)
                    .filter(|d| (1..=n).contains(d))
                    .map(|d| d - 1),
                _ => None,
            };
            return pick.and_then(|a| self.answer(a));
        }
        if key.code == KeyCode::Char('u') {
            return Some(Intent::Undo);
        }
        if !self.human_to_act() {
            return None;
        }
        match self.session.game().phase() {
            Phase::Throw => matches!(
                key.code,
                KeyCode::Char(' ') | KeyCode::Enter | KeyCode::Char('t')
            )
            .then_some(Intent::Throw),
            Phase::Move => {
                let n = self.choices.len();
                if n == 0 {
                    return None;
                }
                match key.code {
                    KeyCode::Char('h') => {
                        match self.ask_hint() {
                            Ok(line) => self.note(line),
                            Err(e) => self.note(format!("No hint: {e}")),
                        }
                        None
                    }
                    KeyCode::Up | KeyCode::Char('k') => {
                        self.sel = (self.sel + n - 1) % n;
                        None
                    }
                    KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                        self.sel = (self.sel + 1) % n;
                        None
                    }
                    KeyCode::Enter => self.pick(self.sel),
                    KeyCode::Char(c) => {
                        let d = c.to_digit(10).map(|d| d as usize)?;
                        if !(1..=n).contains(&d) {
                            return None;
                        }
                        self.sel = d - 1;
                        self.pick(d - 1)
                    }
                    _ => None,
                }
            }
            Phase::Over => None,
        }
    }

    /// Picks a move-list entry: its move, or `None` after asking which way / whether to
    /// stack.
    fn pick(&mut self, index: usize) -> Option<Intent> {
        let choice = self.choices.get(index)?;
        let all: Vec<usize> = (0..choice.options.len()).collect();
        match self.ask(index, &all) {
            Some(p) => {
                self.prompt = Some(p);
                None
            }
            None => Some(Intent::Play(choice.first().clone())),
        }
    }

    /// Takes an answer to the open question: the move once it is fully decided, else the
    /// next question is asked.
    fn answer(&mut self, a: usize) -> Option<Intent> {
        let p = self.prompt.take()?;
        let Some(ans) = p.answers.get(a) else {
            self.prompt = Some(p);
            return None;
        };
        if let Some(next) = self.ask(p.choice, &ans.options) {
            self.prompt = Some(next);
            return None;
        }
        let choice = self.choices.get(p.choice)?;
        let lm = ans.options.first().map(|i| choice.options[*i].clone())?;
        Some(Intent::Play(lm))
    }

    /// One bot action: a throw when one is owed, else the bot's chosen move.
    fn bot_act(&mut self) -> Result<(), String> {
        let seat = self.session.to_move();
        match self.session.game().phase() {
            Phase::Over => Ok(()),
            Phase::Throw => self.throw(),
            Phase::Move => {
                let game = self.session.game().clone();
                let fallback = || {
                    Bot::new(Level::Random, 0)
                        .choose(&game, Duration::from_millis(50))
                        .ok_or_else(|| "the bot found no move".to_string())
                };
                let mv = match self.bots.get_mut(seat).and_then(Option::as_mut) {
                    Some(bot) => match bot.choose(&game, Duration::from_millis(500)) {
                        Some(mv) => mv,
                        None => fallback()?,
                    },
                    None => fallback()?,
                };
                let events = self.session.play(&mv).map_err(|e| e.to_string())?;
                self.announce(&events);
                self.refresh();
                Ok(())
            }
        }
    }
}

/// Groups legal moves that move the same pieces with the same results: they differ only
/// in the route taken or whether to stack, which the player is asked separately.
pub fn group_moves(moves: Vec<LegalMove>) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for lm in moves {
        let same = out.iter_mut().find(|c| {
            let f = &c.first().mv;
            f.from == lm.mv.from && f.uses == lm.mv.uses && f.pieces == lm.mv.pieces
        });
        match same {
            Some(c) => c.options.push(lm),
            None => out.push(Choice { options: vec![lm] }),
        }
    }
    out
}

/// The question to ask for `choice`, limited to `allowed` of its options: first the way
/// (when several routes are open), then stacking. `None` when nothing is left to ask.
pub fn question_for(choice: &Choice, allowed: &[usize], index: usize) -> Option<Prompt> {
    let mut routes: Vec<RouteId> = Vec::new();
    for &i in allowed {
        let r = choice.options[i].mv.route;
        if !routes.contains(&r) {
            routes.push(r);
        }
    }
    let from = text::spot_label(choice.first().mv.from);
    if routes.len() > 1 {
        let answers = routes
            .iter()
            .map(|r| {
                let opts: Vec<usize> = allowed
                    .iter()
                    .copied()
                    .filter(|i| choice.options[*i].mv.route == *r)
                    .collect();
                let to = text::spot_label(choice.options[opts[0]].to);
                Answer {
                    label: format!("{} → {to}", text::route_words(*r)),
                    options: opts,
                }
            })
            .collect();
        return Some(Prompt {
            choice: index,
            question: format!("Which way from {from}?"),
            answers,
            sel: 0,
        });
    }
    if allowed.len() > 1 {
        let to = text::spot_label(choice.options[allowed[0]].to);
        let answers = allowed
            .iter()
            .map(|&i| Answer {
                label: match choice.options[i].mv.stack {
                    Some(true) => "stack them (they move as one)".to_string(),
                    Some(false) => "keep them apart".to_string(),
                    None => "move".to_string(),
                },
                options: vec![i],
            })
            .collect();
        return Some(Prompt {
            choice: index,
            question: format!("Join your pieces on {to}?"),
            answers,
            sel: 0,
        });
    }
    None
}

/// A seat on the new-game screen.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatForm {
    pub name: String,
    pub player: Player,
    /// Still the default name: follows changes of the seat's kind.
    pub default_name: bool,
}

/// One line of the new-game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Preset,
    Seats,
    Seat(usize),
    Teams,
    BackDo,
    CaptureBonus,
    Stacking,
    Finish,
    Pieces,
    FirstPlayer,
    Undo,
    Start,
}

/// What a key on the new-game form asks of the screen around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKey {
    Stay,
    Start,
    Rules,
    Back,
    Quit,
}

/// The new-game screen: table, preset and house rules.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupForm {
    pub rules: RuleSet,
    pub seats: Vec<SeatForm>,
    pub count: usize,
    pub teams: bool,
    pub undo: bool,
    pub row: usize,
    /// Typing a seat's name.
    pub editing: bool,
    pub error: Option<String>,
}

fn default_seat_name(i: usize, p: Player) -> String {
    match p {
        Player::Human => format!("Player {}", i + 1),
        Player::Bot { .. } => format!("Bot {}", i + 1),
    }
}

const PLAYER_CYCLE: [Player; 4] = [
    Player::Human,
    Player::Bot {
        level: BotLevel::Easy,
    },
    Player::Bot {
        level: BotLevel::Medium,
    },
    Player::Bot {
        level: BotLevel::Hard,
    },
];

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, dir: i32) -> T {
    let i = all.iter().position(|x| *x == now).unwrap_or(0) as i32;
    let n = all.len() as i32;
    all[((i + dir).rem_euclid(n)) as usize]
}

impl SetupForm {
    /// The form for "play again": the table just played (rules, seats, names, teams,
    /// undo), so a family plays another round with one key.
    pub fn from_session(session: &Session) -> SetupForm {
        let mut form = SetupForm {
            rules: session.rules().clone(),
            count: session.seats().len(),
            teams: session.setup.teams.is_some(),
            undo: session.setup.options.undo,
            ..SetupForm::default()
        };
        for (i, (slot, seat)) in form.seats.iter_mut().zip(session.seats()).enumerate() {
            *slot = SeatForm {
                name: seat.name.clone(),
                player: seat.player,
                // "Bot 2" stays a default name, so it follows the seat if its kind changes.
                default_name: seat.name == default_seat_name(i, seat.player),
            };
        }
        form
    }
}

impl Default for SetupForm {
    fn default() -> Self {
        let seats = (0..MAX_SEATS)
            .map(|i| {
                let player = if i == 0 {
                    Player::Human
                } else {
                    Player::Bot {
                        level: BotLevel::Medium,
                    }
                };
                SeatForm {
                    name: default_seat_name(i, player),
                    player,
                    default_name: true,
                }
            })
            .collect();
        SetupForm {
            rules: RuleSet::default(),
            seats,
            count: 2,
            teams: false,
            undo: true,
            row: 0,
            editing: false,
            error: None,
        }
    }
}

impl SetupForm {
    /// Teams exist only where the preset has them: Culin's four players in two pairs.
    pub fn teams_allowed(&self) -> bool {
        self.rules.preset == Preset::Culin1895 && self.count == 4
    }

    pub fn fields(&self) -> Vec<Field> {
        let mut f = vec![Field::Preset, Field::Seats];
        f.extend((0..self.count).map(Field::Seat));
        if self.teams_allowed() {
            f.push(Field::Teams);
        }
        f.extend([
            Field::BackDo,
            Field::CaptureBonus,
            Field::Stacking,
            Field::Finish,
            Field::Pieces,
            Field::FirstPlayer,
            Field::Undo,
            Field::Start,
        ]);
        f
    }

    pub fn field(&self) -> Field {
        let f = self.fields();
        f[self.row.min(f.len() - 1)]
    }

    /// Pieces the preset deals for this table (Culin: fewer in bigger games).
    fn default_pieces(&self) -> u8 {
        self.rules
            .preset
            .pieces_for_table(self.count, self.teams && self.teams_allowed())
    }

    /// The seat counts the chosen rules allow (2–4; 2–6 for the Russian set), capped by
    /// the seats this form has lines for.
    pub fn seat_range(&self) -> (usize, usize) {
        let (min, max) = self.rules.seat_range();
        let max = max.min(self.seats.len());
        (min.min(max), max)
    }

    /// Switches the rules; the seat count shrinks to what the new preset allows.
    fn set_preset(&mut self, p: Preset) {
        self.rules = RuleSet::preset(p);
        self.set_count(self.count);
        self.rules.pieces_per_player = self.default_pieces();
    }

    fn set_count(&mut self, n: usize) {
        self.retable(|f| {
            let (min, max) = f.seat_range();
            f.count = n.clamp(min, max);
            f.teams = f.teams_allowed();
        });
    }

    /// Changes the table. Where that changes the pieces the preset deals, the rules take
    /// the new count; otherwise a host's own choice of pieces stays.
    fn retable(&mut self, change: impl FnOnce(&mut Self)) {
        let dealt = self.default_pieces();
        change(self);
        let now = self.default_pieces();
        if now != dealt {
            self.rules.pieces_per_player = now;
        }
    }

    /// Changes the value on the current line (←/→).
    fn change(&mut self, dir: i32) {
        self.error = None;
        let field = self.field();
        let r = &mut self.rules;
        match field {
            Field::Preset => {
                let p = cycle(&Preset::ALL, r.preset, dir);
                self.set_preset(p);
            }
            Field::Seats => self.set_count(self.count.saturating_add_signed(dir as isize)),
            Field::Seat(i) => {
                if let Some(s) = self.seats.get_mut(i) {
                    s.player = cycle(&PLAYER_CYCLE, s.player, dir);
                    if s.default_name {
                        s.name = default_seat_name(i, s.player);
                    }
                }
            }
            Field::Teams => self.retable(|f| f.teams = !f.teams),
            Field::BackDo => r.back_do = !r.back_do,
            Field::CaptureBonus => {
                let all = [
                    CaptureBonus::Each,
                    CaptureBonus::SinglePrize,
                    CaptureBonus::Off,
                ];
                r.capture_bonus = cycle(&all, r.capture_bonus, dir);
            }
            Field::Stacking => {
                let all = [Stacking::Mandatory, Stacking::Optional, Stacking::Off];
                r.stacking = cycle(&all, r.stacking, dir);
            }
            Field::Finish => {
                r.finish = match r.finish {
                    Finish::Pass => Finish::Exact,
                    Finish::Exact => Finish::Pass,
                }
            }
            Field::Pieces => {
                r.pieces_per_player = (r.pieces_per_player as i32 + dir).clamp(1, 4) as u8
            }
            Field::FirstPlayer => {
                let all = [
                    FirstPlayer::SeatOrder,
                    FirstPlayer::Random,
                    FirstPlayer::ThrowOff,
                ];
                r.first_player = cycle(&all, r.first_player, dir);
            }
            Field::Undo => self.undo = !self.undo,
            Field::Start => {}
        }
    }

    /// A key on the form: moving between lines, changing a value, typing a seat's name.
    /// Shared by a local new game and an online room's host; what leaves the form is the
    /// caller's to do.
    pub fn on_key(&mut self, key: KeyEvent) -> FormKey {
        if self.editing {
            if let Field::Seat(i) = self.field() {
                let s = &mut self.seats[i];
                match key.code {
                    KeyCode::Enter | KeyCode::Esc | KeyCode::Up | KeyCode::Down => {
                        self.editing = false
                    }
                    KeyCode::Backspace => {
                        s.name.pop();
                        s.default_name = false;
                    }
                    KeyCode::Char(c) if !c.is_control() && s.name.chars().count() < 16 => {
                        s.name.push(c);
                        s.default_name = false;
                    }
                    _ => {}
                }
                return FormKey::Stay;
            }
            self.editing = false;
        }
        let n = self.fields().len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.row = (self.row + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.row = (self.row + 1) % n,
            KeyCode::Left | KeyCode::Char('h') => self.change(-1),
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => self.change(1),
            KeyCode::Char('s') => return FormKey::Start,
            KeyCode::Char('r') | KeyCode::Char('?') => return FormKey::Rules,
            KeyCode::Esc => return FormKey::Back,
            KeyCode::Char('q') => return FormKey::Quit,
            KeyCode::Enter => match self.field() {
                Field::Seat(i) => {
                    self.editing = true;
                    if self.seats[i].default_name {
                        self.seats[i].name.clear();
                    }
                }
                Field::Start => return FormKey::Start,
                _ => self.change(1),
            },
            _ => {}
        }
        FormKey::Stay
    }

    /// The session this form describes.
    pub fn new_session(&self, seed: u64) -> Result<NewSession, String> {
        let mut seats = Vec::new();
        for (i, s) in self.seats.iter().take(self.count).enumerate() {
            let name = s.name.trim();
            if name.is_empty() {
                return Err(format!("seat {} needs a name", i + 1));
            }
            seats.push(Seat {
                name: name.to_string(),
                colour: COLOURS[i % COLOURS.len()].to_string(),
                player: s.player,
            });
        }
        let teams = (self.teams && self.teams_allowed()).then(|| vec![vec![0, 2], vec![1, 3]]);
        Ok(NewSession {
            rules: self.rules.clone(),
            seats,
            teams,
            seed,
            options: SessionOptions { undo: self.undo },
        })
    }
}

/// The resume screen: saved games, newest first, damaged ones marked.
#[derive(Debug)]
pub struct ResumeList {
    pub entries: Vec<SaveEntry>,
    pub sel: usize,
    pub confirm_delete: bool,
    pub note: Option<String>,
}

/// Menu entries on the first screen.
pub const MENU: [&str; 4] = ["New game", "Resume a saved game", "Rules", "Quit"];

impl App {
    pub fn new(settings: Settings, lib: SaveLibrary, resume: bool) -> App {
        let mut app = App {
            settings,
            lib,
            screen: Screen::Menu { sel: 0 },
            overlay: None,
            table: None,
            quit: false,
            size: (80, 24),
            farewell: None,
            confirm_quit: false,
            games_started: 0,
        };
        if resume {
            app.open_resume();
        }
        app
    }

    fn next_seed(&mut self) -> u64 {
        let n = self.games_started;
        self.games_started += 1;
        match self.settings.seed {
            Some(s) => s.wrapping_add(n),
            None => random_seed(),
        }
    }

    pub fn open_resume(&mut self) {
        let (entries, note) = match self.lib.list() {
            Ok(e) => (e, None),
            Err(e) => (Vec::new(), Some(format!("cannot list saved games: {e}"))),
        };
        self.screen = Screen::Resume(ResumeList {
            entries,
            sel: 0,
            confirm_delete: false,
            note,
        });
    }

    fn open_rules(&mut self) {
        let (rules, undo, teams) = match (&self.screen, &self.table) {
            (Screen::Setup(f), _) => (f.rules.clone(), f.undo, f.teams && f.teams_allowed()),
            (Screen::Game | Screen::Start, Some(t)) => (
                t.session.rules().clone(),
                t.session.setup.options.undo,
                t.has_teams(),
            ),
            _ => (RuleSet::default(), true, false),
        };
        self.overlay = Some(Overlay::Rules {
            rules,
            undo,
            teams,
            scroll: 0,
        });
    }

    /// Starts playing a session: saves it at once (so even an untouched game can be
    /// resumed) and shows who starts when that was decided by throws or by lot.
    /// `saved` is the revision of the file a resumed game was opened from (`None`: a new
    /// game).
    fn begin(&mut self, session: Session, saved: Option<Revision>) {
        let fresh = saved.is_none();
        let show_start = fresh && session.rules().first_player != FirstPlayer::SeatOrder;
        let mut t = Table::new(session);
        t.animate = self.settings.settle;
        t.saved = saved;
        if fresh {
            let first = t.session.start.first;
            let name = t.names().get(first).cloned().unwrap_or_default();
            t.note(format!("New game: {name} starts"));
        }
        self.table = Some(t);
        self.autosave();
        self.screen = if show_start {
            Screen::Start
        } else {
            Screen::Game
        };
        self.schedule_bot(Instant::now());
    }

    fn autosave(&mut self) {
        if let Some(t) = self.table.as_mut() {
            // Another terminal that saved this game since is not written over: the error
            // stays on screen and in the farewell.
            t.save_error = match self.lib.save(&t.session, t.saved) {
                Ok(revision) => {
                    t.saved = Some(revision);
                    None
                }
                Err(e) => Some(e.to_string()),
            };
            let over = t.session.game().is_over();
            self.farewell = Some(match &t.save_error {
                None if over => format!("Finished game saved in {}.", self.lib.dir().display()),
                None => format!(
                    "Game saved in {}. Continue it with: {}",
                    self.lib.dir().display(),
                    self.settings.resume_command
                ),
                Some(e) => format!("The game could not be saved: {e}"),
            });
        }
    }

    fn schedule_bot(&mut self, now: Instant) {
        let delay = self.settings.bot_delay;
        if let Some(t) = self.table.as_mut() {
            t.bot_due = t.session.bot_to_act().map(|_| now + delay);
        }
    }

    /// The next moment `tick` has work to do, so the event loop can sleep until then.
    pub fn next_due(&self) -> Option<Instant> {
        match self.screen {
            Screen::Game if self.overlay.is_none() => {
                let t = self.table.as_ref()?;
                match &t.settling {
                    Some(s) => Some(s.end()),
                    None => t.bot_due,
                }
            }
            _ => None,
        }
    }

    /// Why the open game's last save failed, if it did (the game on disk is behind).
    pub fn unsaved(&self) -> Option<&str> {
        self.table.as_ref()?.save_error.as_deref()
    }

    /// Whether the terminal is too small for the screens: then only the notice asking for
    /// a bigger window shows, and nothing but quitting may act (nothing happens unseen).
    pub fn too_small(&self) -> bool {
        self.size.0 < super::ui::MIN_WIDTH || self.size.1 < super::ui::MIN_HEIGHT
    }

    /// Whether sticks are moving on screen (the event loop then draws more often).
    pub fn is_animating(&self) -> bool {
        matches!(self.screen, Screen::Game) && self.table.as_ref().is_some_and(Table::is_settling)
    }

    /// Passes time: a bot whose delay is over makes one action (a throw or a move).
    pub fn tick(&mut self, now: Instant) {
        if !matches!(self.screen, Screen::Game) || self.overlay.is_some() || self.too_small() {
            return;
        }
        let Some(t) = self.table.as_mut() else { return };
        if let Some(s) = &t.settling {
            // The next bot action waits for the sticks, and then for its usual delay.
            if now >= s.end() {
                t.finish_settling();
                self.schedule_bot(now);
            }
            return;
        }
        let Some(due) = t.bot_due else { return };
        if now < due || t.session.bot_to_act().is_none() {
            return;
        }
        if let Err(e) = t.bot_act() {
            t.note(format!("The bot could not act: {e}"));
            t.bot_due = None;
            return;
        }
        self.autosave();
        self.schedule_bot(now);
    }

    /// Handles one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let too_small = self.too_small();
        if first_keys(key, too_small, &mut self.overlay, self.size, &mut self.quit) {
            return;
        }
        match &mut self.screen {
            Screen::Menu { .. } => self.menu_key(key),
            Screen::Setup(_) => self.setup_key(key),
            Screen::Resume(_) => self.resume_key(key),
            Screen::Start => match key.code {
                KeyCode::Char('q') => self.quit = true,
                KeyCode::Char('r') | KeyCode::Char('?') => self.open_rules(),
                _ => {
                    self.screen = Screen::Game;
                    self.schedule_bot(Instant::now());
                }
            },
            Screen::Game => self.game_key(key),
        }
    }

    fn menu_key(&mut self, key: KeyEvent) {
        let Screen::Menu { sel } = &mut self.screen else {
            return;
        };
        let pick = match key.code {
            KeyCode::Up | KeyCode::Char('k') => {
                *sel = (*sel + MENU.len() - 1) % MENU.len();
                None
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                *sel = (*sel + 1) % MENU.len();
                None
            }
            KeyCode::Enter => Some(*sel),
            KeyCode::Char('n') => Some(0),
            KeyCode::Char('c') => Some(1),
            KeyCode::Char('r') | KeyCode::Char('?') => Some(2),
            KeyCode::Char('q') | KeyCode::Esc => Some(3),
            KeyCode::Char(c) => c
                .to_digit(10)
                .map(|d| d as usize)
                .filter(|d| (1..=MENU.len()).contains(d))
                .map(|d| d - 1),
            _ => None,
        };
        match pick {
            Some(0) => self.screen = Screen::Setup(SetupForm::default()),
            Some(1) => self.open_resume(),
            Some(2) => self.open_rules(),
            Some(3) => self.quit = true,
            _ => {}
        }
    }

    fn setup_key(&mut self, key: KeyEvent) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        match form.on_key(key) {
            FormKey::Start => self.start_game(),
            FormKey::Rules => self.open_rules(),
            FormKey::Back => self.screen = Screen::Menu { sel: 0 },
            FormKey::Quit => self.quit = true,
            FormKey::Stay => {}
        }
    }

    fn start_game(&mut self) {
        let seed = self.next_seed();
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let made = form
            .new_session(seed)
            .and_then(|spec| Session::new(spec).map_err(|e| e.to_string()));
        match made {
            Ok(session) => self.begin(session, None),
            Err(e) => form.error = Some(e),
        }
    }

    fn resume_key(&mut self, key: KeyEvent) {
        let Screen::Resume(list) = &mut self.screen else {
            return;
        };
        let n = list.entries.len();
        if list.confirm_delete {
            list.confirm_delete = false;
            if key.code == KeyCode::Char('y') {
                if let Some(e) = list.entries.get(list.sel) {
                    let id = e.id.clone();
                    list.note = Some(match self.lib.delete(&id) {
                        Ok(()) => format!("Deleted game {id}"),
                        Err(e) => format!("Could not delete: {e}"),
                    });
                    let note = list.note.take();
                    let sel = list.sel;
                    self.open_resume();
                    if let Screen::Resume(l) = &mut self.screen {
                        l.note = note;
                        // The cursor stays where it was: on the game after the deleted one.
                        l.sel = sel.min(l.entries.len().saturating_sub(1));
                    }
                }
            }
            return;
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') if n > 0 => list.sel = (list.sel + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') if n > 0 => list.sel = (list.sel + 1) % n,
            KeyCode::Home => list.sel = 0,
            KeyCode::End => list.sel = n.saturating_sub(1),
            KeyCode::Char('d') if n > 0 => list.confirm_delete = true,
            KeyCode::Esc => self.screen = Screen::Menu { sel: 1 },
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('r') | KeyCode::Char('?') => self.open_rules(),
            KeyCode::Enter => {
                let Some(entry) = list.entries.get(list.sel) else {
                    return;
                };
                match self.lib.load(&entry.id) {
                    Ok(loaded) => {
                        let recovered = loaded.recovered_from_backup.clone();
                        self.begin(loaded.session, Some(loaded.revision));
                        if let Some(t) = self.table.as_mut() {
                            t.note("Game resumed".to_string());
                            if let Some(why) = recovered {
                                t.note(format!(
                                    "Opened from the backup (the last action may be missing): {why}"
                                ));
                            }
                        }
                    }
                    Err(e) => list.note = Some(format!("Cannot open this game: {e}")),
                }
            }
            _ => {}
        }
    }

    fn game_key(&mut self, key: KeyEvent) {
        let Some(t) = self.table.as_mut() else {
            self.screen = Screen::Menu { sel: 0 };
            return;
        };
        if self.confirm_quit {
            // The question asked by q: q or y again quits, Esc goes to the menu, any
            // other key keeps playing. The game is saved either way.
            self.confirm_quit = false;
            match key.code {
                KeyCode::Char('q') | KeyCode::Char('y') => self.quit = true,
                KeyCode::Esc => self.leave_to_menu(),
                _ => {}
            }
            return;
        }
        match key.code {
            KeyCode::Char('q') if t.session.game().is_over() => {
                self.quit = true;
                return;
            }
            KeyCode::Char('q') => {
                self.confirm_quit = true;
                return;
            }
            KeyCode::Char('r') | KeyCode::Char('?') => {
                self.open_rules();
                return;
            }
            KeyCode::Esc if t.prompt.is_none() => {
                self.leave_to_menu();
                return;
            }
            _ => {}
        }
        if let Some(skipped) = t.log_or_settling_key(key) {
            if skipped {
                self.schedule_bot(Instant::now());
            }
            return;
        }
        if t.session.game().is_over() {
            match key.code {
                KeyCode::Char('v') => {
                    if let Err(e) = t.review() {
                        t.note(format!("No review: {e}"));
                    }
                }
                KeyCode::Char('n') => {
                    self.screen = Screen::Setup(SetupForm::from_session(&t.session))
                }
                KeyCode::Esc | KeyCode::Char('m') | KeyCode::Enter => {
                    self.table = None;
                    self.screen = Screen::Menu { sel: 0 };
                }
                _ => {}
            }
            return;
        }
        let Some(intent) = t.turn_key(key) else {
            return;
        };
        match intent {
            Intent::Undo => {
                if t.session.can_undo() {
                    match t.session.undo() {
                        Ok(()) => {
                            t.note("Move taken back".to_string());
                            t.refresh();
                            self.autosave();
                        }
                        Err(e) => t.note(format!("Cannot undo: {e}")),
                    }
                } else if !t.session.setup.options.undo {
                    t.note("Undo is off at this table".to_string());
                } else {
                    let why = undo_refused_why(&t.session);
                    t.note(format!("Nothing to undo: {why}"));
                }
                return;
            }
            Intent::Throw => {
                if let Err(e) = t.throw() {
                    t.note(format!("Cannot throw: {e}"));
                }
            }
            Intent::Play(lm) => {
                if let Err(e) = t.play(&lm) {
                    t.note(format!("Cannot move: {e}"));
                }
            }
        }
        self.after_action();
    }

    /// Leaves the game for the menu; it was saved after its last action, so it waits in
    /// the Resume list.
    fn leave_to_menu(&mut self) {
        if let Some(t) = self.table.as_mut() {
            t.finish_settling();
        }
        self.autosave();
        self.table = None;
        self.screen = Screen::Menu { sel: 0 };
    }

    fn after_action(&mut self) {
        self.autosave();
        self.schedule_bot(Instant::now());
    }
}

/// A seed nobody chose: the standard library's per-process random hasher keys mixed with
/// the clock (the CLI has no RNG crate of its own; the session's RNG takes it from here).
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(yut_core::session::now_ms());
    h.write_u32(std::process::id());
    h.finish()
}

/// A move in words: results, from, to (and captures).
fn move_words(lm: &LegalMove) -> String {
    format!(
        "{}: {} → {}",
        text::uses_name(&lm.mv.uses),
        from_words(lm),
        destination(lm)
    )
}

/// Where a move starts, in words: "new piece" for one entering.
pub fn from_words(lm: &LegalMove) -> String {
    match lm.mv.from {
        Spot::Home => "new piece".to_string(),
        s => text::spot_label(s),
    }
}

/// Describes a legal move's destination for the move list.
pub fn destination(lm: &LegalMove) -> String {
    let mut s = match lm.to {
        Spot::Done => "off (finishes)".to_string(),
        Spot::Home => "back to wait".to_string(),
        Spot::At(st) => text::station_label(st),
    };
    if lm.captures > 0 {
        s.push_str(&format!(" captures {}", lm.captures));
    }
    s
}
