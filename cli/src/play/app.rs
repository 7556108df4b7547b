//! The state of `yut play` and everything that changes it: key presses (`on_key`) and the
//! passing of time (`tick`, which lets bots act after a visible delay). It routes each key
//! to the screen that is up: the menu, the new-game form (`setup`), the saved games
//! (`resume`), the table (`table`).
//!
//! Nothing here draws; `ui::render` reads an `App` and draws it. That split lets the unit
//! tests drive whole games through `on_key`/`tick` and check the screen in a `TestBackend`.

use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::overlay::{first_keys, Overlay};
use super::resume::{ResumeKey, ResumeList};
use super::setup::{FormKey, SetupForm};
use super::table::{undo_refused_why, Intent, Table};
use crossterm::event::{KeyCode, KeyEvent};
use std::time::{Duration, Instant};
use yut_core::rules::FirstPlayer;
use yut_core::save::{Loaded, Revision, SaveLibrary};
use yut_core::session::Session;
use yut_core::RuleSet;

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

    pub fn open_resume(&mut self) {
        self.screen = Screen::Resume(ResumeList::of(&self.lib));
    }

    fn resume_key(&mut self, key: KeyEvent) {
        let Screen::Resume(list) = &mut self.screen else {
            return;
        };
        match list.on_key(key, &self.lib) {
            ResumeKey::Stay => {}
            ResumeKey::Back => self.screen = Screen::Menu { sel: 1 },
            ResumeKey::Quit => self.quit = true,
            ResumeKey::Rules => self.open_rules(),
            ResumeKey::Open(loaded) => {
                let Loaded {
                    session,
                    revision,
                    recovered_from_backup,
                    ..
                } = *loaded;
                self.begin(session, Some(revision));
                if let Some(t) = self.table.as_mut() {
                    t.note("Game resumed".to_string());
                    if let Some(why) = recovered_from_backup {
                        t.note(format!(
                            "Opened from the backup (the last action may be missing): {why}"
                        ));
                    }
                }
            }
        }
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
        self.size.0 < MIN_WIDTH || self.size.1 < MIN_HEIGHT
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
