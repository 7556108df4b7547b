//! The new-game form: preset, house rules, seats and teams; it makes the session.

use crossterm::event::{KeyCode, KeyEvent};
use yut_core::game::MAX_SEATS;
use yut_core::rules::{CaptureBonus, Finish, FirstPlayer, Stacking};
use yut_core::session::{BotLevel, NewSession, Player, Seat, Session, SessionOptions};
use yut_core::{Preset, RuleSet};

/// Seat colours as saved (`#RRGGBB`, shared with the phone apps): red, blue, green, yellow,
/// and for the Russian set's fifth and sixth seats purple and teal. Each maps to a different
/// basic terminal colour (`ui::term_colour`), so no two seats look alike.
pub const COLOURS: [&str; MAX_SEATS] = [
    "#D32F2F", "#1976D2", "#388E3C", "#FBC02D", "#7B1FA2", "#0097A7",
];

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
