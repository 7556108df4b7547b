//! The online rooms protocol, version 1: JSON text messages over one WebSocket
//! (`docs/PROTOCOL.md` is the public description). Shared by the server and the client so
//! that both read and write exactly the same shapes.
//!
//! Ids are those of the scenario and save formats: seats are indices from 0, spots are
//! `home`, `done` or station ids, throws are `do` … `back_do`, moves are written as in
//! scenario files (`from`, `use`, `route`, `stack`), history entries as in save files.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use yut_core::board::Spot;
use yut_core::game::{Event, Game, Phase};
use yut_core::route::RouteId;
use yut_core::session::{Action, BotLevel, Player, Start};
use yut_core::setup::MoveSpec;
use yut_core::throw::Throw;

mod read;

/// The protocol version this build speaks. A client whose `hello` names another version
/// is refused with `incompatible_version`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The apps' own scheme for a room (`yunnori://room/CODE`): what the server's `joined` and
/// room frames carry, and what links shared before the https ones look like. Still read.
pub const LINK_PREFIX: &str = "yunnori://room/";

/// The path of a room's web link on its server (`https://HOST/r/CODE`): the server serves
/// the join page there, and the apps claim it (App Links, Universal Links).
pub const WEB_LINK_PATH: &str = "/r/";

/// The letters room codes are made of: no `0 O`, `1 I L`, `2 Z`, `5 S`, `8 B` to confuse.
pub const CODE_ALPHABET: &[u8] = b"ACDEFGHJKMNPQRTUVWXY";

/// Letters in a room code.
pub const CODE_LENGTH: usize = 6;

/// Seat names follow the core's rule, so a room and a local game accept the same names.
pub use yut_core::seat_name::{check_name, MAX_NAME_CHARS};

/// The link for a room code.
pub fn room_link(code: &str) -> String {
    format!("{LINK_PREFIX}{code}")
}

/// The https link of room `code` on `server` (its WebSocket address, as in the settings or
/// a ticket): `wss://host` gives `https://host/r/CODE`, `ws://host:port` gives
/// `http://host:port/r/CODE`, a path before the socket path is kept (a server behind a
/// proxy's prefix). Shared because a chat app makes it tappable and it opens the web game
/// where the app is not installed. `None` for an address that is not ws:// or wss://.
pub fn web_room_link(server: &str, code: &str) -> Option<String> {
    let server = server.trim();
    let (scheme, rest) = if let Some(rest) = server.strip_prefix("wss://") {
        ("https://", rest)
    } else if let Some(rest) = server.strip_prefix("ws://") {
        ("http://", rest)
    } else {
        return None;
    };
    let rest = rest.trim_end_matches('/');
    let rest = rest.strip_suffix(SOCKET_PATH).unwrap_or(rest);
    let rest = rest.trim_end_matches('/');
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() || rest.contains(|c: char| c.is_whitespace() || c == '?' || c == '#') {
        return None;
    }
    Some(format!("{scheme}{rest}{WEB_LINK_PATH}{code}"))
}

/// The longest input read as a room code or link: a shared link is well under this, and a
/// pasted essay is refused before any parsing.
pub const MAX_ROOM_INPUT_BYTES: usize = 2048;

/// Why an input is no room code or room link.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomInputError {
    #[error("longer than any room link ({MAX_ROOM_INPUT_BYTES} bytes)")]
    TooLong,
    /// What the URL parser said.
    #[error("not a link: {0}")]
    NotALink(String),
    #[error("a {0}: link, not a room link")]
    OtherScheme(String),
    #[error("a link to no room")]
    NotARoomLink,
    #[error("not a room code")]
    NotACode,
}

/// The code part of a room link: `yunnori://room/CODE`, or `http(s)://host[:port][/prefix]/r/CODE`
/// (with or without a closing slash, query or fragment), read by a URL parser as a browser
/// would (`crate::links`: the code is that of the page the link opens, after `..` and
/// escapes). `Ok(None)` when `s` is no link at all (a typed code: it has no `:`).
fn linked_code(s: &str) -> Result<Option<String>, RoomInputError> {
    if !s.contains(':') {
        return Ok(None);
    }
    let link = crate::links::parse_link(s).map_err(RoomInputError::NotALink)?;
    let segments: Vec<&str> = link.segments.iter().flatten().map(String::as_str).collect();
    // A closing slash leaves one empty segment at the end.
    let segments = match segments.split_last() {
        Some((&"", rest)) => rest,
        _ => &segments[..],
    };
    let code = match link.scheme.as_str() {
        "yunnori" => {
            let room = link
                .host
                .as_deref()
                .is_some_and(|h| h.eq_ignore_ascii_case("room"));
            match segments {
                [code] if room => code,
                _ => return Err(RoomInputError::NotARoomLink),
            }
        }
        "https" | "http" => match segments {
            [.., "r", code] => code,
            _ => return Err(RoomInputError::NotARoomLink),
        },
        other => return Err(RoomInputError::OtherScheme(other.to_string())),
    };
    Ok(Some(code.to_string()))
}
/// The path a server takes WebSockets at.
pub const SOCKET_PATH: &str = "/ws";

/// The WebSocket address of a server as people write it (`wss://yunnori.example`): its
/// socket path added unless it is there already. Every client dials through this, so the
/// address in the settings and in a kept room's ticket stays the server's own.
pub fn socket_url(server: &str) -> String {
    let server = server.trim();
    if server.ends_with(SOCKET_PATH) {
        server.to_string()
    } else {
        format!("{}{SOCKET_PATH}", server.trim_end_matches('/'))
    }
}

/// A room code typed or pasted by a person: upper-cased, spaces and dashes dropped, a room
/// link accepted (the https one, `https://HOST/r/CODE`, and the older
/// `yunnori://room/CODE`). `None` when it cannot be a code; [`read_room_input`] says why.
pub fn normalise_code(input: &str) -> Option<String> {
    read_room_input(input).ok()
}

/// [`normalise_code`] with the reason an input is refused. Never panics, whatever the input.
pub fn read_room_input(input: &str) -> Result<String, RoomInputError> {
    if input.len() > MAX_ROOM_INPUT_BYTES {
        return Err(RoomInputError::TooLong);
    }
    let s = input.trim();
    let linked = linked_code(s)?;
    let code: String = linked
        .as_deref()
        .unwrap_or(s)
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
        Ok(code)
    } else {
        Err(RoomInputError::NotACode)
    }
}

/// One message from a client. `id`, when given, is echoed in the reply (`ok`, `joined` or
/// `error`) so a client can match replies to requests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    #[serde(flatten)]
    pub body: ClientMessage,
}

/// What a client may ask.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// First message on every connection.
    Hello {
        protocol: u32,
        client: String,
    },
    /// Opens a room; the sender becomes its host and takes the seats in `claim` (default:
    /// the first seat for a person).
    CreateRoom {
        name: String,
        table: RoomSpec,
        #[serde(default)]
        claim: Option<Vec<usize>>,
    },
    /// Takes a seat for a person (`seat`, or the first open one). Sent again on the same
    /// connection it takes another seat: one device may hold several.
    Join {
        code: String,
        name: String,
        #[serde(default)]
        seat: Option<usize>,
    },
    /// Watches a room without a seat.
    Spectate {
        code: String,
    },
    /// Takes back seats with their tokens (after a lost connection or on another device).
    Resume {
        code: String,
        tokens: Vec<String>,
    },
    /// Leaves the room; the seats stay the token holder's.
    Leave,
    /// Asks for the full room snapshot again.
    Sync,
    Ready {
        seat: usize,
        ready: bool,
    },
    /// Host: starts the game (every person's seat taken and ready).
    Start,
    /// Host, in the lobby: a new seat at the end.
    AddSeat {
        player: Player,
        #[serde(default)]
        name: Option<String>,
    },
    /// Host, in the lobby.
    RemoveSeat {
        seat: usize,
    },
    /// Host, in the lobby: the seat at `from` moves to `to`, the others shift.
    MoveSeat {
        from: usize,
        to: usize,
    },
    /// Host, in the lobby: a person's seat becomes a bot's or the other way round.
    SetSeat {
        seat: usize,
        player: Player,
    },
    /// Host, once a game is over: a new game at the same table.
    Rematch,
    Throw {
        seat: usize,
    },
    Move {
        seat: usize,
        #[serde(rename = "move")]
        mv: MoveSpec,
        /// How many pieces move, where two stacks of one side share a station.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pieces: Option<u8>,
    },
    Undo {
        seat: usize,
    },
}

/// The room a host asks for: its rules, seats, teams and options (the `table` of
/// `CreateRoom`; the struct name is not on the wire).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomSpec {
    /// A rule set as scenario files write it: `{"preset": …, option: value, …}`.
    #[serde(default = "empty_object")]
    pub rules: serde_json::Value,
    pub seats: Vec<SeatSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<usize>>>,
    #[serde(default)]
    pub options: RoomOptions,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(Default::default())
}

/// One seat the host asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    pub player: Player,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `#RRGGBB`; a colour of the palette by seat when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

impl SeatSpec {
    pub fn person() -> SeatSpec {
        SeatSpec {
            player: Player::Human,
            name: None,
            colour: None,
        }
    }
    pub fn bot(level: BotLevel) -> SeatSpec {
        SeatSpec {
            player: Player::Bot { level },
            name: None,
            colour: None,
        }
    }
}

/// The host's settings of a room, beside the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoomOptions {
    /// A player may take back their last move before the next throw.
    pub undo: bool,
    /// How long a dropped player's seat waits before a bot plays it (ms).
    pub grace_ms: u64,
    /// The bot that plays a dropped seat, or a seat whose turn timer ran out.
    pub standin: BotLevel,
    /// When set, a person who does not act within this time gets one bot action (ms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn_timer_ms: Option<u64>,
    /// Pause before each bot action, so people can follow it (ms).
    pub bot_delay_ms: u64,
}

impl Default for RoomOptions {
    fn default() -> Self {
        RoomOptions {
            undo: true,
            grace_ms: 30_000,
            standin: BotLevel::Medium,
            turn_timer_ms: None,
            bot_delay_ms: 700,
        }
    }
}

/// One message from the server.
// A room is large beside the other messages; each is written or read once, not stored.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    Welcome {
        protocol: u32,
        server: String,
    },
    /// The request with this id was accepted.
    Ok {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
    },
    Error {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        code: ErrorCode,
        message: String,
    },
    /// To the sender only: the room and the seats it now holds, with their tokens.
    Joined {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        code: String,
        link: String,
        seats: Vec<SeatToken>,
        host: bool,
    },
    /// The whole room: sent on joining, on `sync`, and after every lobby change.
    Room {
        room: RoomSnapshot,
    },
    /// Seats changed (connected, ready, a bot standing in) during a game.
    Seats {
        seats: Vec<SeatView>,
    },
    /// An accepted throw or move, its events and the position after it.
    Played {
        game: u32,
        seq: u64,
        action: Action,
        events: Vec<Event>,
        view: GameView,
        /// A bot played it for the seat's absent person (a stand-in, or the turn timer).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stand_in: bool,
        /// The game's secret, on the action that ends the game (see `verify`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
    },
    /// The last move was taken back; `view` is the position again.
    Undone {
        game: u32,
        seq: u64,
        seat: usize,
        view: GameView,
    },
    /// The server is going away (shutdown); reconnect later with the seat tokens.
    Closing {
        message: String,
    },
}

/// A seat's token, to the holder only. Whoever presents it acts for the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatToken {
    pub seat: usize,
    pub token: String,
}

/// Every way a request can be refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not a known message, or a field of the wrong type.
    BadMessage,
    /// A frame larger than the server accepts.
    TooLarge,
    /// Too many messages in too short a time.
    RateLimited,
    /// Too many connections from one address.
    TooManyConnections,
    IncompatibleVersion,
    /// `hello` must come first (and only once).
    HelloFirst,
    NoSuchRoom,
    /// No open seat for a person; or the room holds as many spectators as it takes.
    RoomFull,
    /// The server holds as many rooms as it takes.
    TooManyRooms,
    BadName,
    /// The rules, seats or teams cannot make a game.
    BadTable,
    BadSeat,
    NotHost,
    NotInRoom,
    /// The seat is not held by this connection.
    NotYourSeat,
    WrongToken,
    OutOfTurn,
    NotStarted,
    AlreadyStarted,
    NotReady,
    GameOver,
    MustThrow,
    NoThrowOwed,
    IllegalMove,
    NothingToUndo,
    UndoOff,
    /// The server could not store the action; nothing changed.
    StoreFailed,
    Internal,
}

impl ErrorCode {
    pub fn id(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

/// The whole state of a room as everyone may see it. Never the seed or the RNG.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSnapshot {
    pub code: String,
    pub link: String,
    pub stage: Stage,
    /// The seat whose holder is the host.
    pub host: usize,
    pub seats: Vec<SeatView>,
    pub spectators: u32,
    /// The full rule set in force (every option spelled out, as save files hold it).
    pub rules: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<usize>>>,
    pub options: RoomOptions,
    /// Games started in this room (rematches count up).
    pub game_number: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameSnapshot>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Lobby,
    Playing,
    Over,
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: usize,
    pub name: String,
    pub colour: String,
    pub player: Player,
    /// A person holds the seat's token.
    pub taken: bool,
    /// The holder is connected now.
    pub connected: bool,
    pub ready: bool,
    /// A bot plays the seat while its player is away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standin: Option<BotLevel>,
}

/// The game in a room: how it started and every action since, so a client can rebuild
/// the position with yut-core exactly (`replay`), plus the position spelled out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub number: u32,
    /// Accepted actions in this game, undos included.
    pub seq: u64,
    pub start: Start,
    pub history: Vec<Action>,
    pub view: GameView,
    /// The engine revision the game is played under (`replay` plays it so); a server of
    /// an earlier version sends none and played under 1.
    #[serde(default = "yut_core::session::first_engine")]
    pub engine: u32,
    /// SHA-256 of the secret the game's throws come from, published before its first
    /// throw (see `verify`); none for a game begun by a server without commitments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The secret itself, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// The places in `history` of the actions a bot played for an absent person.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stood_in: Vec<usize>,
}

/// The position after an action, for clients that draw without running the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    pub phase: Phase,
    pub to_move: usize,
    /// Results thrown and not yet moved.
    pub hand: Vec<Throw>,
    /// Throws still owed this turn.
    pub owed: u8,
    /// Where each seat's pieces are (keys are seat numbers), as scenario files write it.
    pub pieces: BTreeMap<String, Vec<Spot>>,
    /// The winning side, once there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    pub can_undo: bool,
    /// Every move the seat to act may play now.
    pub legal: Vec<LegalView>,
    /// When the turn timer will play for the seat to act (ms since the Unix epoch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<u64>,
}

/// A legal move: what to send back (`from`, `use`, `route`, `stack`, `pieces`) and where
/// it goes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LegalView {
    pub from: Spot,
    #[serde(rename = "use")]
    pub uses: Vec<Throw>,
    pub route: RouteId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<bool>,
    pub pieces: u8,
    pub to: Spot,
    pub captures: u8,
}

impl LegalView {
    /// The move to send for this choice.
    pub fn spec(&self) -> MoveSpec {
        MoveSpec {
            from: self.from,
            uses: self.uses.clone(),
            route: Some(self.route),
            stack: self.stack,
            // The group's size goes as the message's `pieces`, which every server reads.
            count: None,
        }
    }
}

impl GameView {
    /// The view of a position (`can_undo` and `deadline_ms` are the room's to fill in).
    pub fn of(game: &Game) -> GameView {
        let pieces = (0..game.seats())
            .map(|s| (s.to_string(), game.pieces_of(s)))
            .collect();
        let legal = game
            .legal_moves()
            .into_iter()
            .map(|l| LegalView {
                from: l.mv.from,
                uses: l.mv.uses.clone(),
                route: l.mv.route,
                stack: l.mv.stack,
                pieces: l.mv.pieces,
                to: l.to,
                captures: l.captures,
            })
            .collect();
        GameView {
            phase: game.phase(),
            to_move: game.to_move(),
            hand: game.hand().iter().map(|h| h.throw).collect(),
            owed: game.owed(),
            pieces,
            winner: game.winner(),
            can_undo: false,
            legal,
            deadline_ms: None,
        }
    }
}

/// Why a snapshot could not be rebuilt into a game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("the room has no game")]
    NoGame,
    #[error("the table cannot be set up: {0}")]
    Table(String),
    #[error("history entry {0} does not replay: {1}")]
    Entry(usize, String),
}

impl RoomSnapshot {
    /// Takes in an accepted action of game `number`; `false` when this snapshot holds
    /// another game (a message was missed: ask for the room again).
    pub fn heard_played(
        &mut self,
        number: u32,
        action: &Action,
        view: &GameView,
        stand_in: bool,
        secret: Option<&str>,
    ) -> bool {
        let Some(g) = self.game.as_mut().filter(|g| g.number == number) else {
            return false;
        };
        if stand_in {
            g.stood_in.push(g.history.len());
        }
        g.history.push(action.clone());
        g.seq += 1;
        g.view = view.clone();
        if secret.is_some() {
            g.secret = secret.map(str::to_string);
        }
        if view.phase == Phase::Over {
            self.stage = Stage::Over;
        }
        true
    }

    /// Takes in an undo in game `number` (`false` as for `heard_played`).
    pub fn heard_undone(&mut self, number: u32, view: &GameView) -> bool {
        let Some(g) = self.game.as_mut().filter(|g| g.number == number) else {
            return false;
        };
        g.history.pop();
        let n = g.history.len();
        g.stood_in.retain(|&i| i < n);
        g.seq += 1;
        g.view = view.clone();
        true
    }

    /// What can be said of the game's throws now (`None` without a game).
    pub fn throw_check(&self) -> Option<crate::verify::ThrowCheck> {
        use crate::verify::{check, GameLog, ThrowCheck};
        let g = self.game.as_ref()?;
        let Some(commitment) = &g.commitment else {
            return Some(ThrowCheck::Unverifiable);
        };
        let Some(secret) = &g.secret else {
            return Some(ThrowCheck::Committed);
        };
        let rules = match yut_core::rules::RuleSet::from_json(&self.rules) {
            Ok(r) => r,
            Err(e) => {
                return Some(ThrowCheck::Mismatch {
                    reason: format!("the room's rules do not read: {e}"),
                })
            }
        };
        let log = GameLog {
            rules: &rules,
            seats: self.seats.len(),
            teams: self.teams.as_deref(),
            engine: g.engine,
            start: &g.start,
            history: &g.history,
            commitment,
            secret,
        };
        Some(match check(&log) {
            Ok(n) => ThrowCheck::Verified {
                throws: u32::try_from(n).unwrap_or(u32::MAX),
            },
            Err(e) => ThrowCheck::Mismatch {
                reason: e.to_string(),
            },
        })
    }

    /// The game as the engine holds it, rebuilt from the start and the history (no RNG
    /// needed: every throw's result is in the history).
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let g = self.game.as_ref().ok_or(ReplayError::NoGame)?;
        let rules = yut_core::rules::RuleSet::from_json(&self.rules)
            .map_err(|e| ReplayError::Table(e.to_string()))?;
        let mut game = Game::new(
            rules,
            self.seats.len(),
            self.teams.as_deref(),
            g.start.first,
        )
        .map_err(|e| ReplayError::Table(e.to_string()))?
        .under_engine(g.engine);
        for (i, a) in g.history.iter().enumerate() {
            apply(&mut game, a).map_err(|m| ReplayError::Entry(i, m))?;
        }
        Ok(game)
    }
}

/// Plays one history entry on a game (a throw's recorded result, or a move).
pub fn apply(game: &mut Game, action: &Action) -> Result<Vec<Event>, String> {
    match action {
        Action::Throw { outcome, .. } => game.throw_outcome(*outcome),
        Action::Move { mv, .. } => game.play(mv),
    }
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_is_dialled_at_its_socket_path_once() {
        for server in ["ws://h:1", "ws://h:1/", " ws://h:1/ws ", "ws://h:1/ws"] {
            assert_eq!(socket_url(server), "ws://h:1/ws", "{server:?}");
        }
        assert_eq!(socket_url("wss://h/yut/"), "wss://h/yut/ws");
    }

    #[test]
    fn a_room_link_is_the_https_page_of_the_rooms_server() {
        let cases = [
            ("wss://yunnori.example", "https://yunnori.example/r/KMNPQR"),
            (
                "wss://yunnori.example/ws",
                "https://yunnori.example/r/KMNPQR",
            ),
            (
                " ws://192.168.1.5:8080/ ",
                "http://192.168.1.5:8080/r/KMNPQR",
            ),
            (
                "wss://example.org/yut/ws",
                "https://example.org/yut/r/KMNPQR",
            ),
        ];
        for (server, link) in cases {
            assert_eq!(
                web_room_link(server, "KMNPQR").as_deref(),
                Some(link),
                "{server:?}"
            );
            assert_eq!(normalise_code(link), Some("KMNPQR".into()), "read back");
        }
        for not_a_server in [
            "https://yunnori.example",
            "wss://",
            "wss:///ws",
            "yunnori.example",
        ] {
            assert_eq!(
                web_room_link(not_a_server, "KMNPQR"),
                None,
                "{not_a_server:?}"
            );
        }
    }

    #[test]
    fn codes_are_read_as_people_type_them() {
        assert_eq!(normalise_code(" acd-efg "), Some("ACDEFG".into()));
        assert_eq!(
            normalise_code("yunnori://room/KMNPQR"),
            Some("KMNPQR".into())
        );
        for link in [
            "https://yunnori.example/r/KMNPQR",
            " https://yunnori.example/r/kmnpqr/ ",
            "http://192.168.1.5:8080/r/KMNPQR?from=chat#top",
            "https://example.org/yut/r/KMNPQR",
        ] {
            assert_eq!(normalise_code(link), Some("KMNPQR".into()), "{link:?}");
        }
        for not_a_room in [
            "https://yunnori.example/KMNPQR",
            "https://yunnori.example/x/KMNPQR",
            "https://KMNPQR",
            "ftp://h/r/KMNPQR",
        ] {
            assert_eq!(normalise_code(not_a_room), None, "{not_a_room:?}");
        }
        assert_eq!(normalise_code("ABCDEF"), None, "B is not a code letter");
        assert_eq!(normalise_code("ACDEF"), None);
    }

    #[test]
    fn room_links_are_read_as_a_browser_opens_them() {
        for link in [
            "HTTPS://Yunnori.Example/r/KMNPQR",
            "YUNNORI://ROOM/kmnpqr",
            "yunnori://room/KMNPQR/",
            "yunnori://room/KMNPQR?via=chat",
            "https://yunnori.example:8443/r/KMNPQR",
            "http://[::1]:8080/yut/r/KMNPQR/?a=1&b=2#seat",
            "https://yunnori.example/x/../r/KMNPQR",
            "https://user:pw@yunnori.example/r/KMNPQR",
        ] {
            assert_eq!(read_room_input(link), Ok("KMNPQR".into()), "{link:?}");
        }
        let refused = [
            (
                "https://yunnori.example/r/KMNPQR/..",
                RoomInputError::NotARoomLink,
            ),
            (
                "https://yunnori.example/r/%2e%2e/KMNPQR",
                RoomInputError::NotARoomLink,
            ),
            (
                "https://yunnori.example/r/../../../etc/passwd",
                RoomInputError::NotARoomLink,
            ),
            (
                "https://yunnori.example/r/KMNPQR/extra",
                RoomInputError::NotARoomLink,
            ),
            (
                "https://yunnori.example/?r=KMNPQR",
                RoomInputError::NotARoomLink,
            ),
            ("yunnori://lobby/KMNPQR", RoomInputError::NotARoomLink),
            ("yunnori://room/r/KMNPQR", RoomInputError::NotARoomLink),
            (
                "https://yunnori.example/r/..%2fKMNPQR",
                RoomInputError::NotACode,
            ),
            (
                "https://yunnori.example/r/%4BMNPQR",
                RoomInputError::NotACode,
            ),
            (
                "https://yunnori.example/r/KMN%00PQR",
                RoomInputError::NotACode,
            ),
            (
                "https://yunnori.example/r/KMNPQRKMNPQR",
                RoomInputError::NotACode,
            ),
            (
                "javascript:alert(1)",
                RoomInputError::OtherScheme("javascript".into()),
            ),
            (
                "file:///r/KMNPQR",
                RoomInputError::OtherScheme("file".into()),
            ),
        ];
        for (input, why) in refused {
            assert_eq!(read_room_input(input), Err(why), "{input:?}");
        }
        assert!(matches!(
            read_room_input("https://exa mple/r/KMNPQR"),
            Err(RoomInputError::NotALink(_))
        ));
        assert!(matches!(
            read_room_input("https://[zz/r/KMNPQR"),
            Err(RoomInputError::NotALink(_))
        ));
        let long = format!("https://yunnori.example/{}r/KMNPQR", "a/".repeat(5000));
        assert_eq!(read_room_input(&long), Err(RoomInputError::TooLong));
        assert_eq!(
            read_room_input(&"KMNPQR".repeat(1000)),
            Err(RoomInputError::TooLong)
        );
        // Whatever bytes come, an answer and no panic.
        for input in [
            "://",
            ":",
            "https:",
            "https://",
            "yunnori:",
            "http://h/r/",
            "\u{0}:\u{0}",
            "é://ü",
            "https://%zz/r/KMNPQR",
        ] {
            assert!(read_room_input(input).is_err(), "{input:?}");
        }
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Mina "), Ok("Mina".into()));
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}b").is_err());
        assert!(check_name(&"가".repeat(25)).is_err());
        assert!(check_name(&"가".repeat(24)).is_ok());
    }

    #[test]
    fn requests_read_with_and_without_id() {
        let r: Request = serde_json::from_str(r#"{"type":"throw","seat":1,"id":7}"#).unwrap();
        assert_eq!(r.id, Some(7));
        assert_eq!(r.body, ClientMessage::Throw { seat: 1 });
        let r: Request = serde_json::from_str(r#"{"type":"start"}"#).unwrap();
        assert_eq!(r.body, ClientMessage::Start);
        assert!(serde_json::from_str::<Request>(r#"{"type":"fly"}"#).is_err());
    }

    #[test]
    fn error_codes_have_snake_case_ids() {
        assert_eq!(ErrorCode::NotYourSeat.id(), "not_your_seat");
        assert_eq!(ErrorCode::IncompatibleVersion.id(), "incompatible_version");
    }
}
