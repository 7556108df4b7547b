//! The full-screen online game's state: which screen is up, the room as last heard, this
//! terminal's seats, the connection, and the requests the keys queued. Keys are read in
//! `keys.rs`, the screens drawn in `draw.rs`.
//!
//! Nothing here touches the network: keys queue requests in `outbox` and what the room
//! says comes in through `on_net`, so the tests drive it against a real server and read
//! the screen back from a `TestBackend`.

use super::tickets::Ticket;
use super::words;
use crate::play::layout;
use crate::play::overlay::Overlay;
use crate::play::setup::SetupForm;
use crate::play::table::{RoomStatus, Table};
use std::time::Instant;
use yut_core::session::{Action, BotLevel, NewSession, Player, Seat, Session, SessionOptions};
use yut_core::setup::MoveSpec;
use yut_core::RuleSet;
use yut_net::protocol::{ErrorCode, RoomOptions, RoomSnapshot, RoomSpec, SeatSpec, Stage};
use yut_net::verify::ThrowCheck;
use yut_net::{ClientEvent, ConnectionState, Joined, NetError};

/// One request to the room, queued by a key and sent in order by the terminal's link.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    Create {
        name: String,
        table: RoomSpec,
        claim: Vec<usize>,
    },
    /// Joins the room by its code; `seat` takes that open seat (again on a connection that
    /// holds seats already: one device, several seats).
    Join {
        code: String,
        name: String,
        seat: Option<usize>,
    },
    /// Takes back the seats of a kept ticket (`name`: the name they were taken under).
    Resume {
        code: String,
        tokens: Vec<String>,
        name: String,
    },
    Ready {
        seat: usize,
        ready: bool,
    },
    Start,
    Rematch,
    /// Watches the room without a seat.
    Spectate {
        code: String,
    },
    AddBot(BotLevel),
    /// The seat becomes a person's (open) or a bot's of that level.
    SetSeat {
        seat: usize,
        player: Player,
    },
    Remove(usize),
    MoveSeat {
        from: usize,
        to: usize,
    },
    Throw(usize),
    Play {
        seat: usize,
        mv: MoveSpec,
        pieces: u8,
    },
    Undo(usize),
    Sync,
    /// Tries to reconnect now instead of waiting out the pause (the retry key).
    Reconnect,
    /// The room is gone from the server: its kept ticket goes too.
    Forget(String),
}

/// What a resume is called in messages (and how its answer is known).
const RESUMING: &str = "Taking your seats back";

impl Cmd {
    /// What the request was, for a refusal's message.
    pub fn what(&self) -> &'static str {
        match self {
            Cmd::Create { .. } => "Opening the room",
            Cmd::Join { .. } => "Joining",
            Cmd::Resume { .. } => RESUMING,
            Cmd::Ready { .. } => "Ready",
            Cmd::Start => "Start",
            Cmd::Rematch => "Rematch",
            Cmd::Spectate { .. } => "Watching",
            Cmd::AddBot(_) => "Adding a bot",
            Cmd::SetSeat { .. } => "Changing the seat",
            Cmd::Remove(_) => "Removing the seat",
            Cmd::MoveSeat { .. } => "Moving the seat",
            Cmd::Throw(_) => "Throw",
            Cmd::Play { .. } => "Move",
            Cmd::Undo(_) => "Undo",
            Cmd::Sync => "Sync",
            Cmd::Reconnect => "Reconnecting",
            Cmd::Forget(_) => "Forgetting the room",
        }
    }

    /// Whether it is a turn's action (one at a time: a second Space before the first
    /// throw's answer must not throw again).
    fn is_turn(&self) -> bool {
        matches!(self, Cmd::Throw(_) | Cmd::Play { .. } | Cmd::Undo(_))
    }
}

/// What reaches the screen from the network.
#[derive(Clone, Debug, PartialEq)]
pub enum Net {
    /// Something the room or the connection said (boxed: a room snapshot is large).
    Event(Box<ClientEvent>),
    /// The answer to a queued request (`what` is [`Cmd::what`]; a join or create answers
    /// with the seats taken).
    Done {
        what: &'static str,
        turn: bool,
        result: Result<Option<Joined>, NetError>,
    },
    /// Something the link itself has to say.
    Note(String),
}

/// The connection as the screens show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conn {
    Connected,
    Reconnecting(u32),
    Back,
    Closed,
}

impl Conn {
    pub fn words(self) -> String {
        match self {
            Conn::Connected => "connected".into(),
            Conn::Reconnecting(n) => {
                format!("connection lost · reconnecting, attempt {n}… c: now")
            }
            Conn::Back => "back online".into(),
            Conn::Closed => "connection closed".into(),
        }
    }

    pub fn is_up(self) -> bool {
        matches!(self, Conn::Connected | Conn::Back)
    }
}

/// Which screen is up.
#[derive(Debug)]
pub enum Screen {
    /// The host's new-game form, before the room is opened.
    Setup(SetupForm),
    /// A guest types the name to join with.
    Name {
        code: String,
        name: String,
    },
    /// Waiting for the room to answer (opening, joining).
    Waiting(String),
    Lobby,
    Game,
}

/// The whole state of `yut online host/join` on a terminal.
pub struct OnlineApp {
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    pub room: Option<RoomSnapshot>,
    /// The seats this terminal holds.
    pub mine: Vec<usize>,
    pub host: bool,
    pub table: Option<Table>,
    pub conn: Conn,
    /// The last message for the lobby (a refusal, the server going away).
    pub note: Option<String>,
    /// The seat picked in the lobby (the host moves and removes it).
    pub sel: usize,
    /// q was pressed: the next key answers "leave?".
    pub confirm_quit: bool,
    pub quit: bool,
    /// The terminal size at the last draw (columns, rows).
    pub size: (u16, u16),
    /// Throws settle on screen (off in tests).
    pub animate: bool,
    /// Requests the keys asked for, not yet handed to the link.
    pub outbox: Vec<Cmd>,
    /// A turn's action sent and not yet answered.
    pub(super) awaiting: bool,
    /// The host's room settings beside the rules, until the room is opened.
    pub(super) pending_options: Option<RoomOptions>,
    /// The game number the table shows (a rematch starts a new table).
    shown_game: Option<u32>,
    /// What to print once the terminal is restored.
    pub farewell: Option<String>,
    /// The name to join with when a kept ticket's seats cannot be taken back.
    join_as: Option<String>,
    /// What is known of the game's throws (see `yut_net::verify`).
    pub throws: Option<ThrowCheck>,
    /// The seat whose stand-in was last told in the log (once per turn, not per action).
    told_standin: Option<usize>,
}

/// A new-game form for an online room: the host in seat 1 under `name`, an open seat for a
/// friend in seat 2.
pub fn host_form(name: &str, rules: RuleSet, seats: &[SeatSpec]) -> SetupForm {
    let mut form = SetupForm {
        rules,
        ..SetupForm::default()
    };
    let (min, max) = form.seat_range();
    form.count = seats.len().clamp(min, max);
    for (i, s) in form.seats.iter_mut().enumerate() {
        s.player = seats.get(i).map_or(Player::Human, |x| x.player);
        s.name = match (i, s.player) {
            (0, _) => name.to_string(),
            (_, Player::Human) => format!("Player {}", i + 1),
            (_, Player::Bot { .. }) => format!("Bot {}", i + 1),
        };
        s.default_name = i > 0;
    }
    form
}

/// The room a host's form asks for: its name, the table and the seats to claim (the first
/// person's seat is the host's; the other people's seats are left open for friends).
pub fn room_of(
    form: &SetupForm,
    options: RoomOptions,
) -> Result<(String, RoomSpec, Vec<usize>), String> {
    let me = form
        .seats
        .iter()
        .take(form.count)
        .position(|s| s.player == Player::Human)
        .ok_or("one seat must be a person: yours")?;
    let name = form.seats[me].name.trim().to_string();
    yut_net::protocol::check_name(&name).map_err(|e| format!("seat {}: {e}", me + 1))?;
    let seats = form
        .seats
        .iter()
        .take(form.count)
        .map(|s| match s.player {
            Player::Human => SeatSpec::person(),
            Player::Bot { level } => SeatSpec {
                name: Some(s.name.trim().to_string()).filter(|n| !n.is_empty()),
                ..SeatSpec::bot(level)
            },
        })
        .collect();
    let teams = (form.teams && form.teams_allowed()).then(|| vec![vec![0, 2], vec![1, 3]]);
    let table = RoomSpec {
        rules: form.rules.to_json(),
        seats,
        teams,
        options: RoomOptions {
            undo: form.undo,
            ..options
        },
    };
    Ok((name, table, vec![me]))
}

/// The session a room's snapshot holds, rebuilt with the engine (for drawing and for the
/// legal moves).
pub fn session_of(r: &RoomSnapshot) -> Result<Session, String> {
    let g = r.game.as_ref().ok_or("the room has no game")?;
    let rules = RuleSet::from_json(&r.rules).map_err(|e| e.to_string())?;
    let seats = r
        .seats
        .iter()
        .map(|s| Seat {
            name: s.name.clone(),
            colour: s.colour.clone(),
            player: s.player,
        })
        .collect();
    let setup = NewSession {
        rules,
        seats,
        teams: r.teams.clone(),
        seed: 0,
        options: SessionOptions {
            undo: r.options.undo,
        },
    };
    Session::observed(setup, g.start.clone(), g.history.clone(), g.engine)
        .map_err(|e| e.to_string())
}

pub(super) fn seat_of(a: &Action) -> usize {
    match a {
        Action::Throw { seat, .. } | Action::Move { seat, .. } => *seat,
    }
}

impl OnlineApp {
    fn with_screen(screen: Screen) -> OnlineApp {
        OnlineApp {
            screen,
            overlay: None,
            room: None,
            mine: Vec::new(),
            host: false,
            table: None,
            conn: Conn::Connected,
            note: None,
            sel: 0,
            confirm_quit: false,
            quit: false,
            size: (80, 24),
            animate: true,
            outbox: Vec::new(),
            awaiting: false,
            pending_options: None,
            shown_game: None,
            farewell: None,
            join_as: None,
            throws: None,
            told_standin: None,
        }
    }

    /// The host: the new-game form first. `options` are the room's settings beside the
    /// rules (grace, turn timer); the form decides undo.
    pub fn hosting(form: SetupForm, options: RoomOptions) -> OnlineApp {
        let mut app = OnlineApp::with_screen(Screen::Setup(form));
        app.pending_options = Some(options);
        app
    }

    /// A spectator: watches `code` without a seat.
    pub fn watching(code: &str) -> OnlineApp {
        let mut app = OnlineApp::with_screen(Screen::Waiting(format!("Watching room {code}…")));
        app.outbox.push(Cmd::Spectate {
            code: code.to_string(),
        });
        app
    }

    /// A guest: takes back the seats of a kept ticket, else joins `code` at once with
    /// `name`, or asks for a name first.
    pub fn joining(code: &str, name: Option<&str>, kept: Option<Ticket>) -> OnlineApp {
        if let Some(t) = kept {
            let mut app = OnlineApp::with_screen(Screen::Waiting(format!(
                "Taking back your seats in room {code}…"
            )));
            app.join_as = name.map(str::to_string);
            app.outbox.push(Cmd::Resume {
                code: code.to_string(),
                tokens: t.seats.iter().map(|s| s.token.clone()).collect(),
                name: t.name,
            });
            return app;
        }
        match name {
            Some(n) => {
                let mut app =
                    OnlineApp::with_screen(Screen::Waiting(format!("Joining room {code}…")));
                app.outbox.push(Cmd::Join {
                    code: code.to_string(),
                    name: n.to_string(),
                    seat: None,
                });
                app
            }
            None => OnlineApp::with_screen(Screen::Name {
                code: code.to_string(),
                name: String::new(),
            }),
        }
    }

    /// Whether a turn's action is on its way and not yet answered.
    #[cfg(test)]
    pub fn busy(&self) -> bool {
        self.awaiting
    }

    /// Whether the terminal is below the screens' smallest size.
    pub fn too_small(&self) -> bool {
        self.size.0 < layout::MIN_WIDTH || self.size.1 < layout::MIN_HEIGHT
    }

    /// Whether sticks are moving on screen (the loop then draws more often).
    pub fn is_animating(&self) -> bool {
        matches!(self.screen, Screen::Game) && self.table.as_ref().is_some_and(Table::is_settling)
    }

    /// Passes time: a throw's sticks come to rest.
    pub fn tick(&mut self, now: Instant) {
        if let Some(t) = self.table.as_mut() {
            if t.settling.as_ref().is_some_and(|s| now >= s.end()) {
                t.finish_settling();
            }
        }
    }

    pub(super) fn say(&mut self, line: String) {
        match (&self.screen, self.table.as_mut()) {
            (Screen::Game, Some(t)) => t.note(line),
            _ => self.note = Some(line),
        }
    }

    pub(super) fn send(&mut self, cmd: Cmd) {
        if cmd.is_turn() {
            if self.awaiting {
                return;
            }
            self.awaiting = true;
        }
        self.outbox.push(cmd);
    }

    /// This terminal's part of the table, for the game screens.
    pub(super) fn room_status(&self) -> RoomStatus {
        let view = self.room.as_ref().and_then(|r| r.game.as_ref());
        let last_mine = view
            .and_then(|g| g.history.last())
            .is_some_and(|a| self.mine.contains(&seat_of(a)));
        RoomStatus {
            mine: self.mine.clone(),
            can_undo: last_mine && view.is_some_and(|g| g.view.can_undo),
            code: self
                .room
                .as_ref()
                .map(|r| r.code.clone())
                .unwrap_or_default(),
            connection: self.connection_words(),
            online: self.conn.is_up(),
            host: self.host,
            marks: self
                .room
                .as_ref()
                .map(|r| r.seats.iter().map(words::away_or_standin).collect())
                .unwrap_or_default(),
        }
    }

    /// The connection, and once the game is over whether its throws check out.
    pub fn connection_words(&self) -> String {
        let conn = self.conn.words();
        match &self.throws {
            Some(ThrowCheck::Verified { .. }) => format!("{conn} · throws verified"),
            Some(ThrowCheck::Mismatch { .. }) => format!("{conn} · THROWS NOT VERIFIED"),
            _ => conn,
        }
    }

    /// Rebuilds the table from the room as it now stands; `action` and `events` are what
    /// led there (announced in the log).
    fn retable(&mut self, action: Option<&Action>, events: Vec<yut_core::game::Event>) {
        let Some(r) = self.room.as_ref() else { return };
        if r.game.is_none() || r.stage == Stage::Lobby {
            self.table = None;
            self.screen = Screen::Lobby;
            return;
        }
        let session = match session_of(r) {
            Ok(s) => s,
            Err(e) => {
                // The room's word could not be rebuilt: ask for the whole room again.
                self.say(format!(
                    "The game could not be rebuilt ({e}); asking the server again"
                ));
                self.outbox.push(Cmd::Sync);
                return;
            }
        };
        let number = r.game_number;
        let status = self.room_status();
        let fresh = !matches!(self.screen, Screen::Game)
            || self.table.is_none()
            || self.shown_game != Some(number);
        if fresh {
            let mut t = Table::new(session);
            t.animate = self.animate;
            t.room_status = Some(status);
            let first = t.session.start.first;
            let name = t.names().get(first).cloned().unwrap_or_default();
            t.note(format!("Game {number}: {name} starts"));
            self.table = Some(t);
            self.shown_game = Some(number);
        } else if let Some(t) = self.table.as_mut() {
            t.room_status = Some(status);
            t.observe(session, action, events);
        }
        self.screen = Screen::Game;
    }

    /// What the network brought.
    pub fn on_net(&mut self, n: Net) {
        match n {
            Net::Done { what, turn, result } => {
                if turn {
                    self.awaiting = false;
                }
                match result {
                    Ok(Some(j)) => {
                        self.join_as = None;
                        for s in &j.seats {
                            if !self.mine.contains(&s.seat) {
                                self.mine.push(s.seat);
                            }
                        }
                        self.mine.sort_unstable();
                        self.host = self.host || j.host;
                        if matches!(self.screen, Screen::Waiting(_)) {
                            self.screen = Screen::Lobby;
                        }
                    }
                    Ok(None) => {}
                    Err(e) if what == RESUMING && e.code() == Some(ErrorCode::WrongToken) => {
                        self.seats_not_taken_back();
                    }
                    Err(e) => {
                        let code = self.waiting_code();
                        let line = words::refused(what, &e, code.as_deref(), true);
                        if matches!(self.screen, Screen::Waiting(_)) && self.room.is_none() {
                            // Nothing to play in: say so on leaving.
                            self.farewell = Some(line.clone());
                            self.quit = true;
                        }
                        self.say(line);
                    }
                }
            }
            Net::Event(e) => self.on_event(*e),
            Net::Note(line) => self.say(line),
        }
    }

    /// A kept ticket's seats are no longer its tokens' (the host gave them to someone
    /// else): join afresh under the name given, or ask for one.
    fn seats_not_taken_back(&mut self) {
        let Some(code) = self.waiting_code() else {
            return;
        };
        self.outbox.push(Cmd::Forget(code.clone()));
        match self.join_as.take() {
            Some(name) => {
                self.screen = Screen::Waiting(format!("Joining room {code}…"));
                self.outbox.push(Cmd::Join {
                    code,
                    name,
                    seat: None,
                });
            }
            None => {
                self.note = Some("Your seats there are no longer yours: join again".into());
                self.screen = Screen::Name {
                    code,
                    name: String::new(),
                };
            }
        }
    }

    /// The room being entered, from the waiting screen's words.
    fn waiting_code(&self) -> Option<String> {
        match &self.screen {
            Screen::Waiting(w) => w
                .split_whitespace()
                .find_map(|word| yut_net::protocol::normalise_code(word.trim_end_matches('…'))),
            _ => self.room.as_ref().map(|r| r.code.clone()),
        }
    }

    fn on_event(&mut self, e: ClientEvent) {
        match e {
            ClientEvent::Room(r) => {
                self.host = self.mine.contains(&r.host);
                if r.stage == Stage::Lobby {
                    // What the last refusal said is settled by whatever changed since.
                    self.note = None;
                }
                self.room = Some(r);
                if !matches!(self.screen, Screen::Setup(_) | Screen::Name { .. }) {
                    self.sel = self.sel.min(self.seat_count().saturating_sub(1));
                    self.retable(None, Vec::new());
                }
            }
            ClientEvent::Seats(s) => {
                let before = self.room.as_ref().map(|r| r.seats.clone());
                if let Some(r) = self.room.as_mut() {
                    r.seats = s.clone();
                }
                for line in words::seat_changes(before.as_deref().unwrap_or(&[]), &s, &self.mine) {
                    self.say(line);
                }
                let status = self.room_status();
                if let Some(t) = self.table.as_mut() {
                    t.room_status = Some(status);
                }
            }
            ClientEvent::Played {
                game,
                action,
                events,
                view,
                stand_in,
                secret,
                ..
            } => {
                let heard = self.room.as_mut().is_some_and(|r| {
                    r.heard_played(game, &action, &view, stand_in, secret.as_deref())
                });
                if !heard {
                    self.outbox.push(Cmd::Sync);
                    return;
                }
                let seat = seat_of(&action);
                if stand_in && self.told_standin != Some(seat) {
                    let line = self
                        .room
                        .as_ref()
                        .and_then(|r| r.seats.get(seat))
                        .map(words::plays_for);
                    self.told_standin = Some(seat);
                    self.retable(Some(&action), events);
                    if let Some(line) = line {
                        self.say(line);
                    }
                    return;
                }
                if !stand_in && self.told_standin == Some(seat) {
                    self.told_standin = None;
                }
                self.retable(Some(&action), events);
            }
            ClientEvent::Undone {
                game, seat, view, ..
            } => {
                if !self
                    .room
                    .as_mut()
                    .is_some_and(|r| r.heard_undone(game, &view))
                {
                    self.outbox.push(Cmd::Sync);
                    return;
                }
                self.retable(None, Vec::new());
                let name = self.seat_name(seat);
                self.say(format!("{name} took back a move"));
            }
            ClientEvent::Throws(check) => {
                if let Some(line) = words::throws(&check) {
                    self.say(line);
                }
                self.throws = Some(check);
                let status = self.room_status();
                if let Some(t) = self.table.as_mut() {
                    t.room_status = Some(status);
                }
            }
            ClientEvent::Connection(c) => {
                self.conn = match c {
                    ConnectionState::Connected => Conn::Connected,
                    ConnectionState::Reconnecting { attempt } => Conn::Reconnecting(attempt),
                    ConnectionState::Restored => Conn::Back,
                    ConnectionState::Closed => Conn::Closed,
                };
                if c == ConnectionState::Closed {
                    self.say("The connection is closed for good; q leaves".to_string());
                }
                // A request in flight when the line dropped was failed by the client.
                let status = self.room_status();
                if let Some(t) = self.table.as_mut() {
                    t.room_status = Some(status);
                }
            }
            // Trying to come back found the room gone: nothing to come back to.
            ClientEvent::Error {
                code: ErrorCode::NoSuchRoom | ErrorCode::WrongToken,
                ..
            } if !self.conn.is_up() => {
                if let Some(code) = self.room.as_ref().map(|r| r.code.clone()) {
                    self.outbox.push(Cmd::Forget(code.clone()));
                    self.say(format!("Room {code} has ended on the server"));
                }
            }
            ClientEvent::Error { code, message } => {
                self.say(format!("Server: {message} ({})", code.id()));
            }
            ClientEvent::Closing { message } => {
                self.say(format!("Server: {message}"));
            }
        }
    }

    pub(super) fn seat_count(&self) -> usize {
        self.room.as_ref().map_or(0, |r| r.seats.len())
    }

    pub(super) fn seat_name(&self, seat: usize) -> String {
        self.room
            .as_ref()
            .and_then(|r| r.seats.get(seat))
            .map_or(format!("seat {}", seat + 1), |s| s.name.clone())
    }

    pub(super) fn open_rules(&mut self) {
        let (rules, undo, teams) = match (&self.screen, &self.room) {
            (Screen::Setup(f), _) => (f.rules.clone(), f.undo, f.teams && f.teams_allowed()),
            (_, Some(r)) => (
                RuleSet::from_json(&r.rules).unwrap_or_default(),
                r.options.undo,
                r.teams.is_some(),
            ),
            _ => return,
        };
        self.overlay = Some(Overlay::Rules {
            rules,
            undo,
            teams,
            scroll: 0,
        });
    }
}
