//! Journeys of two phones' online screens against a real `yut-server` on loopback: the
//! test performs each phone's socket effects with a WebSocket, as an executor would, and
//! feeds back what the server says. Host and join, ready and start, a whole game, a drop
//! with the stand-in shown, a rejoin from a kept ticket after a kill, refusals, verified
//! throws.
#![cfg(not(target_arch = "wasm32"))]

use futures_util::{SinkExt, StreamExt};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::{connect_async, MaybeTlsStream, WebSocketStream};
use yut_app::effect::{Effect, ShellEffect, SocketCommand, SpeechPart};
use yut_app::input::Input;
use yut_app::input::SocketEvent;
use yut_app::kv_saves::KvSaves;
use yut_app::message::MessageKind;
use yut_app::online::{
    HostSettings, LinkState, Online, OnlineAction, OnlineInput, OnlineStage, OnlineState,
    RoomPhase, ThrowsCheck,
};
use yut_app::records::{BotLevel, NewGame, PlayerKind, Preset, Rules, SeatSpec};
use yut_app::store::MemoryKv;
use yut_app::view::{AppView, TurnLine};
use yut_app::{App, AppEvent, AppScreen, HapticKind, Pacing, SettingsAction, TableAction};
use yut_net::protocol::ServerMessage;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long one wait may take before the journey fails.
const WAIT: Duration = Duration::from_secs(20);

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// The socket an executor holds: it performs the socket effects and hands back what the
/// socket did, as the native executor does.
#[derive(Default)]
struct Wire {
    socket: Option<Socket>,
}

impl Wire {
    /// Performs the socket effects of `effects`; the socket's answers to feed back.
    async fn perform(&mut self, effects: Vec<Effect>) -> Vec<SocketEvent> {
        let mut back = Vec::new();
        for e in effects {
            match e {
                Effect::Socket(SocketCommand::Open { url }) => {
                    self.socket = None;
                    match connect_async(url.as_str()).await {
                        Ok((ws, _)) => {
                            self.socket = Some(ws);
                            back.push(SocketEvent::Opened);
                        }
                        Err(e) => back.push(SocketEvent::Closed {
                            reason: e.to_string(),
                        }),
                    }
                }
                Effect::Socket(SocketCommand::Send { text }) => {
                    if let Some(ws) = self.socket.as_mut() {
                        ws.send(Frame::text(text)).await.expect("the frame goes");
                    }
                }
                Effect::Socket(SocketCommand::Close) => {
                    if let Some(mut ws) = self.socket.take() {
                        let _ = ws.close(None).await;
                    }
                }
                _ => {}
            }
        }
        back
    }

    /// The next text the server says (a closed socket fails the journey).
    async fn heard(&mut self, what: &str, deadline: tokio::time::Instant) -> SocketEvent {
        loop {
            let ws = self
                .socket
                .as_mut()
                .unwrap_or_else(|| panic!("no socket: {what}"));
            let frame = tokio::time::timeout_at(deadline, ws.next())
                .await
                .unwrap_or_else(|_| panic!("timed out: {what}"));
            match frame {
                Some(Ok(Frame::Text(text))) => {
                    return SocketEvent::Text {
                        text: text.to_string(),
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => panic!("the server closed: {what}"),
            }
        }
    }
}

/// A phone: its online screens, its store, and the socket its executor holds.
struct Phone {
    online: Online,
    kv: MemoryKv,
    wire: Wire,
    said: Vec<MessageKind>,
}

impl Phone {
    fn new(server: &str, kv: MemoryKv) -> Phone {
        Phone {
            online: Online::new(server, &kv),
            kv,
            wire: Wire::default(),
            said: Vec::new(),
        }
    }

    /// Handles one input and performs its effects (a socket opened feeds `Opened` back).
    async fn input(&mut self, input: OnlineInput) {
        let mut queue = vec![input];
        while let Some(input) = queue.pop() {
            let effects = self.online.update(now(), input, &self.kv);
            if let Some((kind, _)) = self.online.take_said() {
                self.said.push(kind);
            }
            // These screens show no flight: a throw's sticks land as it is taken in.
            if self.online.take_play().is_some() {
                self.online.landed();
            }
            for e in &effects {
                if let Effect::Shell(_) | Effect::Work { .. } = e {
                    panic!("unexpected effect {e:?}");
                }
            }
            let back = self.wire.perform(effects).await;
            queue.extend(back.into_iter().map(OnlineInput::Socket));
        }
    }

    async fn act(&mut self, a: OnlineAction) {
        self.input(OnlineInput::Action(a)).await;
    }

    /// Reads the server's frames until `done` holds of the view.
    async fn until(&mut self, what: &str, done: impl Fn(&OnlineState) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done(&self.online.view()) {
            let heard = self.wire.heard(what, deadline).await;
            self.input(OnlineInput::Socket(heard)).await;
        }
    }

    /// The app is killed (or the network goes): the socket is gone without a word.
    fn kill_socket(&mut self) {
        self.wire.socket = None;
    }

    fn room(&self) -> yut_app::online::RoomState {
        self.online.view().room.expect("a room")
    }
}

/// A whole app (every screen) with the socket its executor holds, the tick it asked for
/// and the shell effects it gave (cues, announcements). Its clock can be moved on past the
/// real one (`settle`), so flights land without waiting.
struct AppPhone {
    app: App,
    wire: Wire,
    skew: u64,
    tick: Option<u64>,
    shell: Vec<ShellEffect>,
    /// Every frame the app sent the server.
    sent: Vec<String>,
}

impl AppPhone {
    fn new(server: &str) -> AppPhone {
        let kv = MemoryKv::default();
        let mut app = App::new(
            Box::new(KvSaves::new(kv.clone())),
            Box::new(kv),
            Pacing::default(),
        );
        app.update(
            now(),
            Input::Event(AppEvent::Settings {
                action: SettingsAction::SetServer {
                    address: server.into(),
                },
            }),
        );
        AppPhone {
            app,
            wire: Wire::default(),
            skew: 0,
            tick: None,
            shell: Vec::new(),
            sent: Vec::new(),
        }
    }

    fn clock(&self) -> u64 {
        now() + self.skew
    }

    /// Runs the table's timers out, the clock jumping to each asked tick: what the shell
    /// was given meanwhile.
    async fn settle(&mut self) -> Vec<ShellEffect> {
        let from = self.shell.len();
        let mut ticks = 0;
        while !self.app.idle() {
            ticks += 1;
            assert!(ticks < 100, "the timers run out");
            let at = self.tick.expect("a pending timer asks for a tick");
            self.skew += at.saturating_sub(self.clock());
            self.input(Input::Tick).await;
        }
        self.shell.split_off(from)
    }

    async fn input(&mut self, input: Input) {
        let mut queue = vec![input];
        while let Some(input) = queue.pop() {
            let effects = self.app.update(self.clock(), input);
            for e in &effects {
                match e {
                    Effect::Tick { at_ms } => self.tick = Some(*at_ms),
                    Effect::Shell(s) => self.shell.push(s.clone()),
                    Effect::Socket(SocketCommand::Send { text }) => self.sent.push(text.clone()),
                    _ => {}
                }
            }
            let back = self.wire.perform(effects).await;
            queue.extend(back.into_iter().map(Input::Socket));
        }
    }

    async fn send(&mut self, e: AppEvent) {
        self.input(Input::Event(e)).await;
    }

    async fn online(&mut self, action: OnlineAction) {
        self.send(AppEvent::Online { action }).await;
    }

    async fn table(&mut self, action: TableAction) {
        self.send(AppEvent::Table { action }).await;
    }

    async fn until(&mut self, what: &str, done: impl Fn(&AppView) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        while !done(&self.app.view()) {
            let heard = self.wire.heard(what, deadline).await;
            self.input(Input::Socket(heard)).await;
        }
    }

    /// Takes in the server's frames up to the first of which `done` holds.
    async fn until_frame(&mut self, what: &str, done: impl Fn(&ServerMessage) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let heard = self.wire.heard(what, deadline).await;
            let SocketEvent::Text { text } = &heard else {
                continue;
            };
            let last = serde_json::from_str(text).is_ok_and(|m| done(&m));
            self.input(Input::Socket(heard)).await;
            if last {
                return;
            }
        }
    }

    /// The seq of the throw the table shows last (0: none yet).
    fn throw_seq(&self) -> u64 {
        self.app
            .view()
            .table
            .and_then(|t| t.throw)
            .map_or(0, |t| t.seq)
    }
}

async fn server() -> (tempfile::TempDir, yut_server::Running, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = yut_server::Config::loopback(dir.path().to_path_buf());
    c.rate_per_sec = 1000;
    c.rate_burst = 1000;
    c.max_rooms_per_ip = 1000;
    c.max_rooms_per_connection = 1000;
    let running = yut_server::start(c).await.expect("server starts");
    let url = format!("ws://{}", running.addr);
    (dir, running, url)
}

/// Two people, two pieces each, seat order.
fn table() -> NewGame {
    let person = |colour: &str| SeatSpec {
        name: String::new(),
        colour: colour.into(),
        player: PlayerKind::Human,
    };
    NewGame {
        rules: Rules {
            preset: Preset::Yunnori,
            changes: vec![yut_app::records::RuleSetting {
                key: "pieces_per_player".into(),
                value: yut_app::records::RuleValue::Count { value: 2 },
            }],
        },
        seats: vec![person("#D64545"), person("#2E6FD8")],
        teams: None,
        seed: None,
        undo: true,
    }
}

fn quick() -> HostSettings {
    HostSettings {
        grace_ms: 0,
        standin: BotLevel::Easy,
        turn_timer_ms: None,
        bot_delay_ms: 0,
    }
}

/// Mina hosts, Jun joins by the code; both in the lobby, both seats taken.
async fn two_in_lobby(url: &str) -> (Phone, Phone) {
    let mut mina = Phone::new(url, MemoryKv::default());
    mina.act(OnlineAction::Host {
        name: "Mina".into(),
        setup: table(),
        settings: quick(),
    })
    .await;
    mina.until("Mina's lobby", |v| v.stage == OnlineStage::Lobby && !v.busy)
        .await;
    let code = mina.room().code;
    let mut jun = Phone::new(url, MemoryKv::default());
    jun.act(OnlineAction::Join {
        code: code.to_lowercase(),
        name: "Jun".into(),
    })
    .await;
    jun.until("Jun's lobby", |v| {
        v.stage == OnlineStage::Lobby && !v.busy && v.room.as_ref().is_some_and(|r| r.seats[1].mine)
    })
    .await;
    mina.until("Jun seen", |v| {
        v.room
            .as_ref()
            .is_some_and(|r| r.seats[1].taken && r.seats[1].name == "Jun")
    })
    .await;
    (mina, jun)
}

async fn ready_and_start(mina: &mut Phone, jun: &mut Phone) {
    mina.act(OnlineAction::Ready {
        seat: 0,
        ready: true,
    })
    .await;
    jun.act(OnlineAction::Ready {
        seat: 1,
        ready: true,
    })
    .await;
    mina.until("can start", |v| {
        v.room.as_ref().is_some_and(|r| r.can_start)
    })
    .await;
    mina.act(OnlineAction::Start).await;
    for p in [&mut *mina, &mut *jun] {
        p.until("the game", |v| v.stage == OnlineStage::Game).await;
    }
}

/// The position a phone shows, without what differs between phones (the state tag, the
/// legal moves and undo, which only the phone to act lists).
fn position(v: &OnlineState) -> String {
    let Some(g) = v.room.as_ref().and_then(|r| r.game.as_ref()) else {
        return String::new();
    };
    let mut s = g.snapshot.clone();
    s.state = 0;
    s.legal_moves.clear();
    s.can_undo = false;
    serde_json::to_string(&s).unwrap_or_default()
}

/// Whoever is to act plays (a throw, or the first legal move) until the game ends; after
/// each action the other phone shows the same position.
async fn play_to_the_end(mina: &mut Phone, jun: &mut Phone) -> u32 {
    let mut actions = 0;
    while !mina.room().game.expect("a game").snapshot.over {
        assert!(actions < 2_000, "the game ends");
        let (p, q) = if mina.room().game.unwrap().my_turn {
            (&mut *mina, &mut *jun)
        } else {
            (&mut *jun, &mut *mina)
        };
        let g = p.room().game.expect("a game");
        assert!(g.my_turn, "one of the phones is to act");
        let before = g.snapshot.state;
        if g.snapshot.legal_moves.is_empty() {
            p.act(OnlineAction::Throw).await;
        } else {
            p.act(OnlineAction::Move {
                index: 0,
                state: g.snapshot.state,
            })
            .await;
        }
        p.until("played", |v| {
            v.room
                .as_ref()
                .and_then(|r| r.game.as_ref())
                .is_some_and(|g| g.snapshot.state != before && !g.on_its_way)
        })
        .await;
        let shown = position(&p.online.view());
        q.until("the same position", |v| position(v) == shown).await;
        actions += 1;
    }
    actions
}

#[tokio::test]
async fn two_phones_host_join_play_a_whole_game_with_verified_throws() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = two_in_lobby(&url).await;
    assert!(mina.room().hosting && !jun.room().hosting);
    assert!(!mina.room().can_start, "nobody is ready yet");
    ready_and_start(&mut mina, &mut jun).await;
    assert!(matches!(
        mina.room().game.unwrap().throws,
        ThrowsCheck::Committed { .. }
    ));
    let actions = play_to_the_end(&mut mina, &mut jun).await;
    assert!(actions > 4);
    for p in [&mut mina, &mut jun] {
        p.until("the end", |v| {
            v.room.as_ref().is_some_and(|r| r.phase == RoomPhase::Over)
        })
        .await;
        match p.room().game.unwrap().throws {
            ThrowsCheck::Verified { throws, .. } => assert!(throws > 0),
            other => panic!("not verified: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_drop_shows_the_stand_in_and_a_killed_app_rejoins_from_its_ticket() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = two_in_lobby(&url).await;
    ready_and_start(&mut mina, &mut jun).await;
    let kept = jun.kv.clone();
    jun.kill_socket();
    drop(jun);
    mina.until("Jun away, a bot for him", |v| {
        v.room
            .as_ref()
            .is_some_and(|r| r.seats[1].away && r.seats[1].standin.is_some())
    })
    .await;
    // Jun's phone starts again over the same store: the room is on the kept list.
    let mut jun = Phone::new(&url, kept);
    let code = mina.room().code;
    assert_eq!(jun.online.view().kept[0].code, code);
    jun.act(OnlineAction::Rejoin { code }).await;
    jun.until("back in the game", |v| {
        v.stage == OnlineStage::Game && v.room.as_ref().is_some_and(|r| r.seats[1].mine)
    })
    .await;
    mina.until("Jun back", |v| {
        v.room
            .as_ref()
            .is_some_and(|r| !r.seats[1].away && r.seats[1].standin.is_none())
    })
    .await;
    assert_eq!(jun.online.view().connection, LinkState::Live);
}

#[tokio::test]
async fn refusals_no_such_room_and_room_full() {
    let (_dir, _server, url) = server().await;
    let (_mina, _jun) = two_in_lobby(&url).await;
    let mut third = Phone::new(&url, MemoryKv::default());
    third
        .act(OnlineAction::Join {
            code: _mina.room().code,
            name: "Sora".into(),
        })
        .await;
    third.until("refused", |v| !v.busy).await;
    assert_eq!(third.said.last(), Some(&MessageKind::RoomFull));
    assert_eq!(third.online.view().stage, OnlineStage::Entry);
    let mut fourth = Phone::new(&url, MemoryKv::default());
    fourth
        .act(OnlineAction::Join {
            code: "ACDEFG".into(),
            name: "Sora".into(),
        })
        .await;
    fourth.until("refused", |v| !v.busy).await;
    assert_eq!(fourth.said.last(), Some(&MessageKind::RoomNotFound));
}

/// The whole app: Mina hosts from the online screen and Jun joins by the link; the room's
/// game opens on the game table of both (the same table view model as a local game), they
/// play it through the table's own actions (the Throw button, taps on a piece and its
/// destination), and the kept rooms show on both phones.
/// Mina hosts from the online screen and Jun joins by the link; both ready, Mina starts:
/// the room's game on both phones' game tables.
async fn at_the_table(url: &str) -> (AppPhone, AppPhone) {
    let mut mina = AppPhone::new(url);
    assert_eq!(mina.app.view().online.server, url);
    mina.send(AppEvent::Open {
        screen: AppScreen::Online,
    })
    .await;
    mina.online(OnlineAction::Host {
        name: "Mina".into(),
        setup: table(),
        settings: quick(),
    })
    .await;
    mina.until("Mina's lobby", |v| v.online.stage == OnlineStage::Lobby)
        .await;
    let link = mina.app.view().online.room.expect("a room").link;
    // The link is the server's join page (http here: the test server is plain ws://).
    let page = url.replacen("ws://", "http://", 1);
    assert!(
        link.starts_with(&format!("{page}/r/")),
        "{link} is on {page}"
    );
    let mut jun = AppPhone::new(url);
    jun.send(AppEvent::Open {
        screen: AppScreen::Online,
    })
    .await;
    jun.online(OnlineAction::Join {
        code: link,
        name: "Jun".into(),
    })
    .await;
    jun.until("Jun's lobby", |v| v.online.stage == OnlineStage::Lobby)
        .await;
    mina.until("Jun seen", |v| {
        v.online.room.as_ref().is_some_and(|r| r.seats[1].taken)
    })
    .await;
    mina.online(OnlineAction::Ready {
        seat: 0,
        ready: true,
    })
    .await;
    jun.online(OnlineAction::Ready {
        seat: 1,
        ready: true,
    })
    .await;
    mina.until("can start", |v| {
        v.online.room.as_ref().is_some_and(|r| r.can_start)
    })
    .await;
    mina.online(OnlineAction::Start).await;
    for p in [&mut mina, &mut jun] {
        p.until("the table", |v| {
            v.screen == AppScreen::Table && v.table.is_some()
        })
        .await;
        let t = p.app.view().table.expect("the room's table");
        assert!(!t.advice, "a room has no hint or review");
        assert!(t.saved);
    }
    (mina, jun)
}

/// The phone whose seat is to act, then the other.
fn to_act<'a>(
    mina: &'a mut AppPhone,
    jun: &'a mut AppPhone,
) -> (&'a mut AppPhone, &'a mut AppPhone) {
    if mina.app.view().table.expect("a table").status == TurnLine::Remote {
        (jun, mina)
    } else {
        (mina, jun)
    }
}

/// `p` throws from its table: the sticks fly on both phones and the server has answered
/// `p`; the positions each showed before.
async fn throw_from_the_table(p: &mut AppPhone, q: &mut AppPhone) -> [u64; 2] {
    let before = [&*p, &*q].map(|phone| phone.app.view().table.expect("a table").snapshot.state);
    let (p_seq, q_seq) = (p.throw_seq(), q.throw_seq());
    p.table(TableAction::ThrowTap).await;
    p.until("thrown", |v| seq_of(v) != p_seq).await;
    p.until_frame("the throw's answer", |m| {
        matches!(m, ServerMessage::Ok { .. })
    })
    .await;
    q.until("thrown", |v| seq_of(v) != q_seq).await;
    before
}

/// A room's throw: while its sticks fly, the online view (not only the table) keeps the
/// position from before it on both phones; the result shows once they land.
#[tokio::test]
async fn the_online_view_holds_a_rooms_throw_until_it_lands() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = at_the_table(&url).await;
    let (p, q) = to_act(&mut mina, &mut jun);
    let before = throw_from_the_table(p, q).await;
    for (phone, before) in [p, q].into_iter().zip(before) {
        let held = room_game(phone);
        assert_eq!(
            held.snapshot.state, before,
            "the result shows before the landing"
        );
        assert!(
            held.snapshot.legal_moves.is_empty(),
            "moves listed mid-flight"
        );
        phone.settle().await;
        assert_ne!(
            room_game(phone).snapshot.state,
            before,
            "the result once landed"
        );
    }
}

/// A room's throw and move give a local table's haptics on both phones: the sticks leaving
/// a hand, then a move ending (or a capture).
#[tokio::test]
async fn a_rooms_throw_and_move_buzz_as_a_local_tables_do() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = at_the_table(&url).await;
    let (p, q) = to_act(&mut mina, &mut jun);
    throw_from_the_table(p, q).await;
    for phone in [&mut *p, &mut *q] {
        let thrown = phone
            .shell
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    ShellEffect::Haptic {
                        kind: HapticKind::Thrown
                    }
                )
            })
            .count();
        assert_eq!(thrown, 1, "the sticks leaving a hand buzz once");
        phone.settle().await;
    }
    // Throws until a move is due; then the move.
    loop {
        let (p, q) = to_act(&mut mina, &mut jun);
        let t = p.app.view().table.expect("a table");
        if t.can_move {
            let before = t.snapshot.state;
            p.table(TableAction::ChooseMove {
                index: 0,
                state: before,
            })
            .await;
            p.until("moved", |v| position_of(v) != before).await;
            let shown = position(&p.app.view().online);
            q.until("the same position", |v| position(&v.online) == shown)
                .await;
            for phone in [p, q] {
                let m = phone
                    .app
                    .view()
                    .table
                    .and_then(|t| t.last_move)
                    .expect("the move");
                let buzz = phone.shell.iter().rev().find_map(|e| match e {
                    ShellEffect::Haptic { kind } => Some(*kind),
                    _ => None,
                });
                let kind = if m.captured > 0 {
                    HapticKind::Captured
                } else {
                    HapticKind::Moved
                };
                assert_eq!(buzz, Some(kind), "a move ends with a local move's haptic");
            }
            return;
        }
        throw_from_the_table(p, q).await;
        for phone in [p, q] {
            phone.settle().await;
        }
    }
}

/// `p` threw and its sticks fly (the server has answered the throw): another throw or a
/// move, from the table or straight from the online screens, is refused as at a local
/// table (the message, the refusal's haptic) and nothing goes to the server.
#[tokio::test]
async fn nothing_is_played_while_a_rooms_sticks_fly() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = at_the_table(&url).await;
    let (p, q) = to_act(&mut mina, &mut jun);
    throw_from_the_table(p, q).await;
    assert!(p
        .app
        .view()
        .table
        .and_then(|t| t.throw)
        .is_some_and(|t| t.outcome.is_none()));
    let sent = p.sent.len();
    let state = room_game(p).snapshot.state;
    for action in [
        AppEvent::Online {
            action: OnlineAction::Throw,
        },
        AppEvent::Online {
            action: OnlineAction::Move { index: 0, state },
        },
        AppEvent::Table {
            action: TableAction::ThrowTap,
        },
    ] {
        let buzzed = p.shell.len();
        p.send(action.clone()).await;
        assert_eq!(
            p.sent.len(),
            sent,
            "{action:?} went to the server mid-flight"
        );
        let said = p.app.view().message.map(|m| m.kind);
        assert_eq!(said, Some(MessageKind::NotNow), "{action:?}");
        assert!(
            p.shell[buzzed..].iter().any(|e| matches!(
                e,
                ShellEffect::Haptic {
                    kind: HapticKind::Refused
                }
            )),
            "{action:?} refused without the refusal's haptic"
        );
        p.send(AppEvent::Dismiss).await;
    }
    // Once the sticks are down, the move goes.
    p.settle().await;
    let t = p.app.view().table.expect("a table");
    if t.can_move {
        p.table(TableAction::ChooseMove {
            index: 0,
            state: t.snapshot.state,
        })
        .await;
        assert_eq!(p.sent.len(), sent + 1, "the move goes once landed");
    }
}

/// The room's game as the online view shows it.
fn room_game(phone: &AppPhone) -> yut_app::online::RoomGameState {
    phone
        .app
        .view()
        .online
        .room
        .and_then(|r| r.game)
        .expect("a game")
}

/// The state tag of the room's position the online view shows (0: none).
fn position_of(v: &AppView) -> u64 {
    v.online
        .room
        .as_ref()
        .and_then(|r| r.game.as_ref())
        .map_or(0, |g| g.snapshot.state)
}

#[tokio::test]
async fn two_apps_play_a_room_on_the_game_table() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun) = at_the_table(&url).await;
    // The table says whose room it is (the shells need not read the game id's shape).
    let room = mina.app.view().online.room.expect("the room");
    let marked = mina
        .app
        .view()
        .table
        .and_then(|t| t.room)
        .expect("a room's table");
    assert_eq!((marked.code, marked.link), (room.code, room.link));
    let (mut checked_throw, mut checked_move) = (false, false);
    let mut actions = 0;
    loop {
        let over = mina.app.view().table.expect("a table").snapshot.over;
        if over {
            break;
        }
        assert!(actions < 2_000, "the game ends");
        let (p, q) = to_act(&mut mina, &mut jun);
        let t = p.app.view().table.expect("a table");
        assert_ne!(t.status, TurnLine::Remote, "one of the phones is to act");
        if t.can_throw {
            // A throw flies on both phones (its result shows nowhere before it lands).
            let before = throw_from_the_table(p, q).await;
            if !checked_throw {
                checked_throw = true;
                the_flight_holds_the_result(p, q, before).await;
            }
        } else {
            assert!(t.can_move, "{:?}", t.status);
            let before = t.snapshot.state;
            // A tap on a movable piece, then on its first destination.
            let from = t.movable[0].clone();
            p.table(TableAction::Tap { spot: from }).await;
            let picked = p.app.view().table.expect("a table");
            assert_eq!(picked.status, TurnLine::PickDestination);
            let to = picked.selection.expect("a selection").destinations[0]
                .to
                .clone();
            p.table(TableAction::Tap { spot: to }).await;
            if let Some(q) = p.app.view().table.and_then(|t| t.choice) {
                p.table(TableAction::ChooseMove {
                    index: q.moves[0],
                    state: before,
                })
                .await;
            }
            p.until("played", |v| {
                v.online
                    .room
                    .as_ref()
                    .and_then(|r| r.game.as_ref())
                    .is_some_and(|g| g.snapshot.state != before && !g.on_its_way)
            })
            .await;
            let shown = position(&p.app.view().online);
            q.until("the same position", |v| position(&v.online) == shown)
                .await;
            if !checked_move {
                checked_move = true;
                the_move_shows_its_path(p, q).await;
            }
        }
        for p in [&mut *p, &mut *q] {
            p.settle().await;
        }
        let shown = position(&p.app.view().online);
        q.until("the same position", |v| position(&v.online) == shown)
            .await;
        actions += 1;
    }
    assert!(checked_throw && checked_move);
    assert!(actions > 4);
    for p in [&mut mina, &mut jun] {
        assert_eq!(p.app.view().online.kept.len(), 1, "the room is kept");
    }
    // Leaving the room's table goes back to the menu; the room stays on the kept list.
    jun.table(TableAction::Leave).await;
    let v = jun.app.view();
    assert_eq!(v.screen, AppScreen::Menu);
    assert!(v.table.is_none() && v.online.room.is_none());
    assert_eq!(v.online.kept.len(), 1);
}

/// A room's throw on both tables (`p` threw from the positions `before` of each): the sticks fly as
/// the same flick on both phones, the table keeps the position from before the throw and no
/// result until they land, each knock is cued at its time, and the landing shows the result
/// and says it.
async fn the_flight_holds_the_result(p: &mut AppPhone, q: &mut AppPhone, before: [u64; 2]) {
    let mut flights = Vec::new();
    for (phone, before) in [&mut *p, &mut *q].into_iter().zip(before) {
        let t = phone.app.view().table.expect("a table");
        let thrown = t.throw.clone().expect("the throw flies");
        assert!(thrown.outcome.is_none(), "no result while the sticks fly");
        assert!(!thrown.flight.contacts.is_empty(), "the sticks knock");
        assert_eq!(
            t.snapshot.state, before,
            "the position from before the throw"
        );
        assert!(!t.can_throw && !t.can_move && !t.can_undo);
        let shell = phone.settle().await;
        let live = room_game(phone);
        let cues: Vec<u64> = shell
            .iter()
            .filter_map(|e| match e {
                ShellEffect::Cue { at_ms, .. } => Some(*at_ms),
                _ => None,
            })
            .collect();
        let planned: Vec<u64> = thrown
            .flight
            .contacts
            .iter()
            .map(|c| thrown.started_at_ms + u64::from(c.at_ms))
            .collect();
        assert_eq!(cues, planned, "one cue per knock, at its time");
        let landed = shell
            .iter()
            .position(|e| matches!(e, ShellEffect::Announce { speech } if matches!(speech.first(), Some(SpeechPart::Threw { .. }))))
            .expect("the result is said");
        assert!(
            shell[..landed]
                .iter()
                .filter(|e| matches!(e, ShellEffect::Cue { .. }))
                .count()
                == cues.len(),
            "said once the sticks are down"
        );
        let t = phone.app.view().table.expect("a table");
        assert_eq!(t.snapshot.state, live.snapshot.state, "the result shows");
        let outcome = t.throw.as_ref().and_then(|s| s.outcome.clone());
        assert_eq!(
            outcome.map(|o| o.events),
            Some(live.snapshot.last_events),
            "the room's result"
        );
        flights.push(thrown.flight);
    }
    assert_eq!(flights[0], flights[1], "both phones show the same flick");
}

/// A room's move on both tables: the moved stack goes along its path, station by station,
/// and the move is said.
async fn the_move_shows_its_path(p: &mut AppPhone, q: &mut AppPhone) {
    for phone in [&mut *p, &mut *q] {
        let t = phone.app.view().table.expect("a table");
        let m = t.last_move.clone().expect("the move is shown");
        assert!(!m.path.is_empty());
        assert_eq!(
            m.points.len(),
            m.path.len() + 1,
            "from, then every station passed"
        );
        assert_eq!(
            m.lands_at_ms,
            m.started_at_ms + u64::from(m.step_ms) * m.path.len() as u64
        );
        assert!(m.step_ms > 0);
        let said = phone.shell.iter().rev().find_map(|e| match e {
            ShellEffect::Announce { speech } => speech.first().cloned(),
            _ => None,
        });
        assert!(
            matches!(said, Some(SpeechPart::Moved { seat, .. }) if seat == m.seat),
            "{said:?}"
        );
    }
}

/// The table's last throw's seq (0: none yet).
fn seq_of(v: &AppView) -> u64 {
    v.table
        .as_ref()
        .and_then(|t| t.throw.as_ref())
        .map_or(0, |t| t.seq)
}
