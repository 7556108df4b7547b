//! Online rooms, sans-IO: the online screens' state machine (entry, lobby, the room's
//! game), the protocol as values (frames in through `SocketEvent`, out through
//! `SocketCommand`, encoded and decoded with `yut_net::protocol`), reconnecting with a
//! capped backoff as ticks for as long as the room lives, the seats' tokens kept in
//! `KeyValue`, and refusals as message kinds that name the person. docs/APP_CORE.md
//! sections 3 and 4.

mod connection;
mod room;
mod table;
pub mod tickets;
pub mod view;

pub use connection::{backoff_ms, FIRST_WAIT_MS, LONGEST_WAIT_MS};
pub use room::Play;
pub use view::*;

use crate::catalog::rule_set;
use crate::convert::{core_spot, core_throws};
use crate::effect::{Effect, SocketCommand, SpeechPart};
use crate::flight::Mat;
use crate::input::{SocketEvent, TableAction};
use crate::message::MessageKind;
use crate::records::{NewGame, PlayerKind};
use crate::shown;
use crate::store::KeyValue;
use crate::view::TableState;
use connection::Link;
use room::Mirror;
use table::RoomTable;
use tickets::{RoomTicket, SeatTicket};
use yut_core::session::Player;
use yut_net::protocol::{
    self, ClientMessage, Request, RoomOptions, RoomSpec, SeatSpec as NetSeat, ServerMessage, Stage,
    PROTOCOL_VERSION,
};

/// The client name this core says in its `hello`.
pub const CLIENT_NAME: &str = "yunnori-app";

/// An input of the online screens.
#[derive(Clone, Debug)]
pub enum OnlineInput {
    Action(OnlineAction),
    Socket(SocketEvent),
    /// Time passed: a planned reconnect runs when due.
    Tick,
    /// The game table's action on the room's game (a throw, a tap, a move, undo, leave).
    Table(TableAction),
}

/// What a request that awaits its answer was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// Host, join or rejoin: the entry waits for it.
    Enter,
    /// A throw, move or undo: the game shows it on its way.
    Play,
    /// Anything else in the room.
    Room,
}

/// The online screens.
pub struct Online {
    /// The server of the settings (host and join go there).
    server: String,
    /// The server of the room being entered or held.
    url: String,
    link: Link,
    /// What to send once welcomed when no seat is held yet: a create or a join.
    intent: Option<ClientMessage>,
    ticket: Option<RoomTicket>,
    mirror: Option<Mirror>,
    busy: bool,
    asked: Vec<(u64, Asked)>,
    next_id: u64,
    kept: Vec<RoomTicket>,
    said: Option<(MessageKind, String)>,
    asked_tick: Option<u64>,
    /// The table's pick and question on the room's game.
    table: RoomTable,
    /// The room as it was before a throw whose sticks are still in the air: the table
    /// shows it until the App says the flight landed (`landed`).
    held: Option<RoomState>,
    /// The last action played, for the App to animate, with what is said of it.
    play: Option<(Play, Vec<SpeechPart>)>,
}

impl Online {
    /// The online screens over the kept rooms of `kv`, hosting on `server`.
    pub fn new(server: &str, kv: &dyn KeyValue) -> Online {
        let (kept, problem) = tickets::load(kv);
        Online {
            server: server.to_string(),
            url: server.to_string(),
            link: Link::Idle,
            intent: None,
            ticket: None,
            mirror: None,
            busy: false,
            asked: Vec::new(),
            next_id: 0,
            kept,
            said: problem.map(|p| (MessageKind::FileProblem, p)),
            asked_tick: None,
            table: RoomTable::default(),
            held: None,
            play: None,
        }
    }

    /// The action the room last played, to animate, and what to announce (for a throw,
    /// once it lands); taken once.
    pub fn take_play(&mut self) -> Option<(Play, Vec<SpeechPart>)> {
        self.play.take()
    }

    /// The thrown sticks have landed: the table and the online view show the room as it
    /// is. (Until then they show the room from before the throw; a user of `Online` that
    /// shows no flight calls this as it takes the play.)
    pub fn landed(&mut self) {
        self.held = None;
    }

    /// The server host and join go to (from the settings).
    pub fn set_server(&mut self, server: &str) {
        self.server = server.to_string();
    }

    /// The message to show, once (the latest said wins).
    pub fn take_said(&mut self) -> Option<(MessageKind, String)> {
        self.said.take()
    }

    /// When the next tick is wanted (a reconnect), if any.
    pub fn next_tick(&self) -> Option<u64> {
        self.link.next_try()
    }

    /// Handles one input at `now_ms`; the effects to perform, in order (an `Effect::Tick`
    /// when the time of the next try changed).
    pub fn update(&mut self, now: u64, input: OnlineInput, kv: &dyn KeyValue) -> Vec<Effect> {
        let mut out = Vec::new();
        match input {
            OnlineInput::Action(a) => self.action(a, kv, &mut out),
            OnlineInput::Socket(e) => self.socket(now, e, kv, &mut out),
            OnlineInput::Table(a) => self.table_action(a, kv, &mut out),
            OnlineInput::Tick => {
                if self.link.next_try().is_some_and(|at| at <= now) {
                    let attempt = self.link.attempt();
                    out.push(Effect::Socket(self.link.open(&self.url, attempt)));
                }
            }
        }
        let next = self.link.next_try();
        if next != self.asked_tick {
            self.asked_tick = next;
            if let Some(at_ms) = next {
                out.push(Effect::Tick { at_ms });
            }
        }
        out
    }

    /// The room as this device holds it, if one is open.
    fn room(&self) -> Option<RoomState> {
        let on_its_way = self.on_its_way();
        self.mirror
            .as_ref()
            .map(|m| m.view(&self.url, self.ticket.as_ref(), on_its_way))
    }

    /// The open room (or the one being entered) is watched, without a seat.
    fn watching(&self) -> bool {
        self.ticket.is_none() && matches!(self.intent, Some(ClientMessage::Spectate { .. }))
    }

    /// A room is open (its lobby or its game).
    pub fn in_room(&self) -> bool {
        self.mirror.is_some()
    }

    /// The open room has a game (playing or over): it shows on the game table.
    pub fn in_game(&self) -> bool {
        self.mirror
            .as_ref()
            .is_some_and(|m| m.room.stage != Stage::Lobby)
    }

    /// The room as the screens show it: while a throw's sticks are in the air, its game
    /// (and phase) as they were before the throw, so its result shows nowhere before the
    /// landing; the seats and the connection as they are.
    fn shown(&self) -> Option<RoomState> {
        let mut room = self.room()?;
        if let Some(before) = &self.held {
            room.game.clone_from(&before.game);
            room.phase = before.phase;
        }
        Some(room)
    }

    /// The game table of the room's game, as a local game's (`mat`: the stick mat laid out).
    pub fn table(&self, mat: Mat) -> Option<TableState> {
        self.table.view(&self.shown()?, mat)
    }

    /// The rules of the open room.
    pub fn rules(&self) -> Option<crate::records::RulesDescription> {
        self.room()?.rules
    }

    fn table_action(&mut self, a: TableAction, kv: &dyn KeyValue, out: &mut Vec<Effect>) {
        let Some(game) = self.room().and_then(|r| r.game) else {
            return self.say(MessageKind::NoGame, "the room has no game");
        };
        if self.held.is_some() {
            return self.say(MessageKind::NotNow, "the sticks are still in the air");
        }
        match self.table.action(&game, a) {
            table::Asked::Room(action) => self.action(action, kv, out),
            table::Asked::Refuse(kind, detail) => self.say(kind, detail),
            table::Asked::Nothing => {}
        }
    }

    fn say(&mut self, kind: MessageKind, detail: impl Into<String>) {
        self.said = Some((kind, detail.into()));
    }

    fn send(&mut self, body: ClientMessage, asked: Asked, out: &mut Vec<Effect>) -> Option<u64> {
        if !self.link.live() {
            self.say(MessageKind::Offline, "the connection is being restored");
            return None;
        }
        self.next_id += 1;
        let id = self.next_id;
        let request = Request { id: Some(id), body };
        match serde_json::to_string(&request) {
            Ok(text) => {
                self.asked.push((id, asked));
                out.push(Effect::Socket(SocketCommand::Send { text }));
                Some(id)
            }
            Err(e) => {
                self.say(MessageKind::Internal, e.to_string());
                None
            }
        }
    }

    fn connect(&mut self, url: String, out: &mut Vec<Effect>) {
        self.url = url;
        self.busy = true;
        out.push(Effect::Socket(self.link.open(&self.url, 1)));
    }

    fn action(&mut self, a: OnlineAction, kv: &dyn KeyValue, out: &mut Vec<Effect>) {
        let entering = matches!(
            a,
            OnlineAction::Host { .. }
                | OnlineAction::Join { .. }
                | OnlineAction::Watch { .. }
                | OnlineAction::Rejoin { .. }
        );
        if entering && (self.busy || self.mirror.is_some()) {
            return self.say(MessageKind::NotNow, "a room is open or being entered");
        }
        match a {
            OnlineAction::Host {
                name,
                setup,
                settings,
            } => {
                let name = match protocol::check_name(&name) {
                    Ok(n) => n,
                    Err(e) => return self.say(MessageKind::BadName, e.to_string()),
                };
                let table = match room_spec(&setup, &settings) {
                    Ok(t) => t,
                    Err(e) => return self.say(MessageKind::InvalidSetup, e),
                };
                self.intent = Some(ClientMessage::CreateRoom {
                    name,
                    table,
                    claim: None,
                });
                self.ticket = None;
                self.connect(self.server.clone(), out);
            }
            OnlineAction::Join { code, name } => {
                let Some(code) = protocol::normalise_code(&code) else {
                    return self.say(MessageKind::BadRoomCode, code_help(&code));
                };
                let name = match protocol::check_name(&name) {
                    Ok(n) => n,
                    Err(e) => return self.say(MessageKind::BadName, e.to_string()),
                };
                self.intent = Some(ClientMessage::Join {
                    code,
                    name,
                    seat: None,
                });
                self.ticket = None;
                self.connect(self.server.clone(), out);
            }
            OnlineAction::Watch { code } => {
                let Some(code) = protocol::normalise_code(&code) else {
                    return self.say(MessageKind::BadRoomCode, code_help(&code));
                };
                // Kept while watching: a reconnect watches again (there is no seat to resume).
                self.intent = Some(ClientMessage::Spectate { code });
                self.ticket = None;
                self.connect(self.server.clone(), out);
            }
            OnlineAction::Rejoin { code } => {
                let Some(t) = self.kept.iter().find(|t| t.code == code).cloned() else {
                    return self.say(MessageKind::RoomNotFound, format!("no kept room {code}"));
                };
                self.intent = None;
                let url = t.server.clone();
                self.ticket = Some(t);
                self.connect(url, out);
            }
            OnlineAction::Forget { code } => {
                if let Err(e) = tickets::forget(kv, &code) {
                    self.say(MessageKind::FileProblem, e.0);
                }
                if self.ticket.as_ref().is_some_and(|t| t.code == code) {
                    self.close(out);
                }
                self.kept = tickets::load(kv).0;
            }
            OnlineAction::Retry => match self.link {
                Link::Waiting { attempt, .. } => {
                    out.push(Effect::Socket(self.link.open(&self.url, attempt)));
                }
                Link::Closed { .. } if self.ticket.is_some() || self.intent.is_some() => {
                    let url = self.url.clone();
                    self.connect(url, out);
                }
                _ => {}
            },
            OnlineAction::Leave => {
                if self.link.live() && self.mirror.is_some() {
                    self.send(ClientMessage::Leave, Asked::Room, out);
                }
                self.close(out);
            }
            other => self.room_action(other, out),
        }
    }

    /// Closes the connection and the room; the kept ticket stays.
    fn close(&mut self, out: &mut Vec<Effect>) {
        if self.link != Link::Idle {
            out.push(Effect::Socket(SocketCommand::Close));
        }
        self.link = Link::Idle;
        self.mirror = None;
        self.held = None;
        self.ticket = None;
        self.intent = None;
        self.busy = false;
        self.asked.clear();
    }

    fn room_action(&mut self, a: OnlineAction, out: &mut Vec<Effect>) {
        let Some(m) = self.mirror.as_ref() else {
            return self.say(MessageKind::NoGame, "no room is open");
        };
        let mine = |seat: u32| self.ticket.as_ref().is_some_and(|t| t.holds(seat as usize));
        let body = match a {
            OnlineAction::Ready { seat, ready } => {
                if !mine(seat) {
                    return self.say(
                        MessageKind::Stale,
                        format!("seat {} is not this device's", seat + 1),
                    );
                }
                ClientMessage::Ready {
                    seat: seat as usize,
                    ready,
                }
            }
            OnlineAction::Start => {
                if let Some(why) = m.not_ready() {
                    return self.say(why, "");
                }
                ClientMessage::Start
            }
            OnlineAction::AddSeat { player } => ClientMessage::AddSeat {
                player: player.into(),
                name: None,
            },
            OnlineAction::RemoveSeat { seat } => ClientMessage::RemoveSeat {
                seat: seat as usize,
            },
            OnlineAction::SetSeat { seat, player } => ClientMessage::SetSeat {
                seat: seat as usize,
                player: Player::from(player),
            },
            OnlineAction::Rematch => ClientMessage::Rematch,
            OnlineAction::Throw | OnlineAction::Undo | OnlineAction::Move { .. } => {
                return self.play(a, out)
            }
            _ => return,
        };
        self.send(body, Asked::Room, out);
    }

    fn on_its_way(&self) -> bool {
        self.asked.iter().any(|(_, a)| *a == Asked::Play)
    }

    fn play(&mut self, a: OnlineAction, out: &mut Vec<Effect>) {
        let Some(m) = self.mirror.as_ref() else {
            return;
        };
        if self.on_its_way() {
            return self.say(MessageKind::NotNow, "the last action is on its way");
        }
        // As at a local table: nothing is played while the sticks are in the air (the
        // position the person sees is the one from before the throw).
        if self.held.is_some() {
            return self.say(MessageKind::NotNow, "the sticks are still in the air");
        }
        let Some(seat) = m.my_turn(self.ticket.as_ref()) else {
            return self.say(MessageKind::NotYourTurn, "another seat is to act");
        };
        let body = match a {
            OnlineAction::Throw => ClientMessage::Throw { seat },
            OnlineAction::Undo => ClientMessage::Undo { seat },
            OnlineAction::Move { index, state } => {
                if state != m.state {
                    return self.say(MessageKind::Stale, "listed for an earlier position");
                }
                let legal = m.legal();
                let Some(mv) = legal.get(index as usize) else {
                    return self.say(MessageKind::NoSuchMove, format!("move {index}"));
                };
                let from = match core_spot(&mv.from) {
                    Ok(f) => f,
                    Err(e) => return self.say(MessageKind::InvalidInput, e.to_string()),
                };
                ClientMessage::Move {
                    seat,
                    mv: yut_core::setup::MoveSpec {
                        from,
                        uses: core_throws(&mv.uses),
                        route: Some(mv.route.into()),
                        stack: mv.stack,
                        count: None,
                    },
                    pieces: u8::try_from(mv.pieces).ok(),
                }
            }
            _ => return,
        };
        self.send(body, Asked::Play, out);
    }

    fn socket(&mut self, now: u64, e: SocketEvent, kv: &dyn KeyValue, out: &mut Vec<Effect>) {
        match e {
            SocketEvent::Opened => {
                if self.link.opened() {
                    let hello = Request {
                        id: None,
                        body: ClientMessage::Hello {
                            protocol: PROTOCOL_VERSION,
                            client: CLIENT_NAME.into(),
                        },
                    };
                    if let Ok(text) = serde_json::to_string(&hello) {
                        out.push(Effect::Socket(SocketCommand::Send { text }));
                    }
                }
            }
            SocketEvent::Text { text } => match ServerMessage::from_json(&text) {
                Ok(msg) => self.heard(now, msg, kv, out),
                // A message this version cannot read (a newer server's): whatever it
                // changed, the whole room asked for again brings it.
                Err(_) => {
                    if self.mirror.is_some() {
                        self.send(ClientMessage::Sync, Asked::Room, out);
                    }
                }
            },
            SocketEvent::Closed { reason } => {
                if matches!(self.link, Link::Idle | Link::Closed { .. }) {
                    return;
                }
                self.asked.clear();
                // Tried again and again only for a room that is open: a rejoin whose server
                // cannot be reached closes (and says so), the ticket kept for a Retry.
                let keep = (self.ticket.is_some() || self.watching()) && self.mirror.is_some();
                self.link.lost(now, keep, &reason);
                if !keep {
                    self.busy = false;
                    self.say(MessageKind::Offline, reason);
                }
            }
        }
    }

    fn heard(&mut self, now: u64, msg: ServerMessage, kv: &dyn KeyValue, out: &mut Vec<Effect>) {
        match msg {
            ServerMessage::Welcome { protocol, .. } => {
                if protocol != PROTOCOL_VERSION {
                    self.say(MessageKind::ServerProtocol, format!("protocol {protocol}"));
                    return self.close(out);
                }
                self.link = Link::Live;
                if let Some(t) = self.ticket.clone() {
                    let tokens = t.seats.iter().map(|s| s.token.clone()).collect();
                    let body = ClientMessage::Resume {
                        code: t.code,
                        tokens,
                    };
                    self.send(body, Asked::Enter, out);
                } else if let Some(body) = self.intent.clone() {
                    self.send(body, Asked::Enter, out);
                }
            }
            ServerMessage::Ok { id } => {
                // A spectate's answer: in (the room itself comes next).
                if self.answered(id) == Some(Asked::Enter) {
                    self.busy = false;
                }
            }
            ServerMessage::Error { id, code, message } => {
                let asked = self.answered(id);
                self.refused(asked, &code.id(), message, kv, out);
            }
            ServerMessage::Joined {
                id,
                code,
                link,
                seats,
                host,
            } => {
                self.answered(id);
                let seats = seats.into_iter().map(|s| SeatTicket {
                    seat: u32::try_from(s.seat).unwrap_or(u32::MAX),
                    token: s.token,
                });
                let mut t = match self.ticket.take() {
                    Some(t) if t.code == code => t,
                    _ => RoomTicket {
                        server: self.url.clone(),
                        link: protocol::web_room_link(&self.url, &code).unwrap_or(link),
                        code,
                        seats: Vec::new(),
                        host: false,
                        joined_at_ms: now,
                    },
                };
                t.add_seats(seats);
                t.host |= host;
                t.joined_at_ms = now;
                if let Err(e) = tickets::keep(kv, &t) {
                    self.say(MessageKind::FileProblem, e.0);
                }
                self.kept = tickets::load(kv).0;
                self.ticket = Some(t);
                self.intent = None;
                self.busy = false;
            }
            ServerMessage::Room { room } => match Mirror::of(room) {
                Ok(m) => {
                    self.mirror = Some(m);
                    self.held = None;
                }
                Err(e) => self.say(MessageKind::Internal, e),
            },
            ServerMessage::Seats { seats } => {
                if let Some(m) = self.mirror.as_mut() {
                    m.seats(seats);
                }
            }
            ServerMessage::Played {
                game,
                seq,
                action,
                view,
                stand_in,
                secret,
                ..
            } => {
                let before = self.room();
                let Some(m) = self.mirror.as_mut() else {
                    return;
                };
                if !m.played(game, seq, &action, &view, stand_in, secret.as_deref()) {
                    return self.send_sync(out);
                }
                let play = m.last_play.take();
                self.showing(before, play);
            }
            ServerMessage::Undone {
                game, seq, view, ..
            } => {
                let Some(m) = self.mirror.as_mut() else {
                    return;
                };
                self.held = None;
                if !m.undone(game, seq, &view) {
                    self.send_sync(out);
                }
            }
            ServerMessage::Closing { message } => self.say(
                MessageKind::ServerNotice {
                    code: "closing".into(),
                },
                message,
            ),
        }
    }

    fn send_sync(&mut self, out: &mut Vec<Effect>) {
        self.send(ClientMessage::Sync, Asked::Room, out);
    }

    /// An action was taken in (the room was `before` it): what the App animates and
    /// announces; a throw holds the position from before it until its sticks land.
    fn showing(&mut self, before: Option<RoomState>, play: Option<Play>) {
        let (Some(play), Some(after)) = (play, self.room().and_then(|r| r.game)) else {
            return;
        };
        let Some(mut before) = before else { return };
        let snap = &after.snapshot;
        let turn = before.game.as_ref().map(|g| g.snapshot.turn.seat);
        let name = |seat: i32| {
            let seat = usize::try_from(seat).unwrap_or(usize::MAX);
            self.mirror
                .as_ref()
                .map(|m| m.name(seat))
                .unwrap_or_default()
        };
        let speech = match &play {
            Play::Throw { seat, outcome, .. } => {
                let mut speech = shown::speech(&outcome.events, snap, turn);
                if !speech.iter().any(|s| matches!(s, SpeechPart::Threw { .. })) {
                    let part = SpeechPart::Threw {
                        seat: *seat,
                        name: name(*seat),
                        result: outcome.result,
                    };
                    speech.insert(0, part);
                }
                if let Some(g) = before.game.as_mut() {
                    g.on_its_way = true;
                    g.snapshot.legal_moves.clear();
                }
                self.held = Some(before);
                speech
            }
            Play::Move { mv, events, .. } => {
                let mut speech = shown::speech(events, snap, turn);
                if !speech.iter().any(|s| matches!(s, SpeechPart::Moved { .. })) {
                    let part = SpeechPart::Moved {
                        seat: mv.seat,
                        name: name(mv.seat),
                        pieces: mv.pieces,
                        to: mv.to.clone(),
                    };
                    speech.insert(0, part);
                }
                self.held = None;
                speech
            }
        };
        self.play = Some((play, speech));
    }

    /// The request `id` was answered: what it was.
    fn answered(&mut self, id: Option<u64>) -> Option<Asked> {
        let id = id?;
        let i = self.asked.iter().position(|(n, _)| *n == id)?;
        Some(self.asked.remove(i).1)
    }

    fn refused(
        &mut self,
        asked: Option<Asked>,
        code: &str,
        message: String,
        kv: &dyn KeyValue,
        out: &mut Vec<Effect>,
    ) {
        // A refusal that concerns someone names them from the room as last heard (the
        // shells word it); the server's English then says nothing more.
        let (kind, detail) = match (MessageKind::refusal(code), self.mirror.as_ref()) {
            (kind @ MessageKind::NotEveryoneReady { .. }, Some(m)) => match m.not_ready() {
                Some(named) => (named, String::new()),
                None => (kind, message),
            },
            (MessageKind::HostOnly { .. }, Some(m)) => (m.host_only(), String::new()),
            (kind, _) => (kind, message),
        };
        if asked == Some(Asked::Enter) {
            // The room cannot be entered: with a kept ticket that no longer holds a seat (or
            // a room that is gone), the ticket goes; the entry shows again.
            if let Some(t) = self.ticket.as_ref() {
                if matches!(code, "wrong_token" | "no_such_room") {
                    if let Err(e) = tickets::forget(kv, &t.code) {
                        self.say(MessageKind::FileProblem, e.0);
                    }
                    self.kept = tickets::load(kv).0;
                }
            }
            self.close(out);
        }
        self.say(kind, detail);
    }

    /// What the online screens draw.
    pub fn view(&self) -> OnlineState {
        let room = self.shown();
        let stage = match self.mirror.as_ref().map(|m| m.room.stage) {
            None => OnlineStage::Entry,
            Some(Stage::Lobby) => OnlineStage::Lobby,
            Some(_) => OnlineStage::Game,
        };
        let connection = match &self.link {
            Link::Idle => LinkState::Idle,
            Link::Opening { attempt } | Link::Greeting { attempt } => {
                LinkState::Connecting { attempt: *attempt }
            }
            Link::Live => LinkState::Live,
            Link::Waiting { attempt, at_ms } => LinkState::Reconnecting {
                attempt: *attempt,
                next_try_at_ms: *at_ms,
            },
            Link::Closed { reason } => LinkState::Closed {
                reason: reason.clone(),
            },
        };
        OnlineState {
            stage,
            server: self.server.clone(),
            busy: self.busy,
            watching: self.mirror.is_some() && self.watching(),
            connection,
            room,
            kept: self
                .kept
                .iter()
                .map(|t| KeptRoom {
                    code: t.code.clone(),
                    server: t.server.clone(),
                    seats: t.seats.iter().map(|s| s.seat).collect(),
                    host: t.host,
                    joined_at_ms: t.joined_at_ms,
                })
                .collect(),
        }
    }
}

/// Why a typed code is not a room code, in terms of the letters codes use.
fn code_help(input: &str) -> String {
    format!(
        "{input:?} is not a room code: codes are {} letters from {}",
        protocol::CODE_LENGTH,
        String::from_utf8_lossy(protocol::CODE_ALPHABET)
    )
}

/// The room a host asks for, from the new-game form's table (the seed is the server's).
fn room_spec(game: &NewGame, settings: &HostSettings) -> Result<RoomSpec, String> {
    let rules = rule_set(&game.rules).map_err(|e| e.to_string())?.to_json();
    let seats = game
        .seats
        .iter()
        .map(|s| NetSeat {
            player: s.player.into(),
            name: match s.player {
                PlayerKind::Bot { .. } => Some(s.name.clone()),
                PlayerKind::Human => None,
            },
            colour: Some(s.colour.clone()),
        })
        .collect();
    let teams = game
        .teams
        .as_ref()
        .map(|sides| {
            sides
                .iter()
                .map(|side| {
                    side.iter()
                        .map(|s| usize::try_from(*s).map_err(|_| format!("seat {s} in a team")))
                        .collect()
                })
                .collect::<Result<Vec<Vec<usize>>, String>>()
        })
        .transpose()?;
    Ok(RoomSpec {
        rules,
        seats,
        teams,
        options: RoomOptions {
            undo: game.undo,
            grace_ms: settings.grace_ms,
            standin: settings.standin.into(),
            turn_timer_ms: settings.turn_timer_ms,
            bot_delay_ms: settings.bot_delay_ms,
        },
    })
}
