//! A game being played at this terminal: the session and what the screen shows about it
//! (the last throw and its sticks settling, the move list and its questions, the log, the
//! hint), the bots' turns, and the keys of a turn. An online room's game is a table too,
//! its session the room's word (`RoomStatus`).

use super::moves::{group_moves, move_words, question_for, Choice, Prompt};
use super::text;
use crossterm::event::{KeyCode, KeyEvent};
use std::time::{Duration, Instant};
use yut_core::bot::review::review;
use yut_core::bot::{Bot, Level};
use yut_core::game::{Event, LegalMove, Phase};
use yut_core::save::Revision;
use yut_core::session::{Action, Session};
use yut_core::Outcome;
use yut_physics as physics;

/// How many log lines a table keeps (the screen shows the last few).
const LOG_KEEP: usize = 200;
/// Slips a review writes into the log (the largest; the rest are counted).
const REVIEW_SHOWN: usize = 5;

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

/// This terminal's part in a table that an online room runs: the server throws and checks
/// every move, so the table only shows the room's game and acts for the seats held here.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomStatus {
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
    /// By seat: its person is away, or a bot plays for them ("" when neither).
    pub marks: Vec<String>,
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
pub(super) fn undo_refused_why(s: &Session) -> String {
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
    pub room_status: Option<RoomStatus>,
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
            room_status: None,
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
                .room_status
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
    pub(super) fn refresh(&mut self) {
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
    pub(super) fn throw(&mut self) -> Result<(), String> {
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
    pub(super) fn play(&mut self, lm: &LegalMove) -> Result<(), String> {
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
    pub(super) fn bot_act(&mut self) -> Result<(), String> {
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
