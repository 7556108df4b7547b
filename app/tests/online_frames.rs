//! The online screens driven frame by frame, without a server or a socket: what the core
//! sends, what a person sees when the server answers, refuses, drops, or plays for an
//! absent seat, and the throws' check at the game's end.

use serde_json::{json, Value};
use yut_app::effect::{Effect, SocketCommand};
use yut_app::input::SocketEvent;
use yut_app::message::MessageKind;
use yut_app::online::{
    HostSettings, LinkState, Online, OnlineAction, OnlineInput, OnlineStage, ThrowsCheck,
    LONGEST_WAIT_MS,
};
use yut_app::records::{NewGame, PlayerKind, Preset, Rules, SeatSpec};
use yut_app::store::{KeyValue, MemoryKv, ROOMS_KEY};
use yut_core::game::Game;
use yut_core::rules::RuleSet;
use yut_core::session::{Action, ENGINE_REVISION};
use yut_net::protocol::{GameView, PROTOCOL_VERSION};
use yut_net::verify::Secret;

const SERVER: &str = "ws://rooms.test";
/// Where the server takes WebSockets: the server's address as the settings hold it is
/// dialled at its socket path.
const SOCKET: &str = "ws://rooms.test/ws";
const CODE: &str = "KMNPQR";

/// One phone's online screens, with the frames it sent.
struct Phone {
    online: Online,
    kv: MemoryKv,
    now: u64,
    sent: Vec<Value>,
    opened: Vec<String>,
    closed: u32,
    ticks: Vec<u64>,
}

impl Phone {
    fn new(kv: MemoryKv) -> Phone {
        Phone {
            online: Online::new(SERVER, &kv),
            kv,
            now: 1_000,
            sent: Vec::new(),
            opened: Vec::new(),
            closed: 0,
            ticks: Vec::new(),
        }
    }

    fn input(&mut self, input: OnlineInput) {
        for e in self.online.update(self.now, input, &self.kv) {
            match e {
                Effect::Socket(SocketCommand::Send { text }) => {
                    self.sent
                        .push(serde_json::from_str(&text).expect("frames are JSON"));
                }
                Effect::Socket(SocketCommand::Open { url }) => self.opened.push(url),
                Effect::Socket(SocketCommand::Close) => self.closed += 1,
                Effect::Tick { at_ms } => self.ticks.push(at_ms),
                other => panic!("unexpected effect {other:?}"),
            }
        }
        // These screens show no flight: a throw's sticks land as it is taken in.
        if self.online.take_play().is_some() {
            self.online.landed();
        }
    }

    fn act(&mut self, a: OnlineAction) {
        self.input(OnlineInput::Action(a));
    }

    fn hear(&mut self, v: Value) {
        self.input(OnlineInput::Socket(SocketEvent::Text {
            text: v.to_string(),
        }));
    }

    fn last_sent(&self) -> &Value {
        self.sent.last().expect("a frame was sent")
    }

    /// The socket opens and the server welcomes: the hello, then the request that waited.
    fn open_and_welcome(&mut self) {
        self.input(OnlineInput::Socket(SocketEvent::Opened));
        assert_eq!(self.last_sent()["type"], "hello");
        assert_eq!(self.last_sent()["protocol"], PROTOCOL_VERSION);
        self.hear(json!({"type": "welcome", "protocol": PROTOCOL_VERSION, "server": "test"}));
    }

    fn said(&mut self) -> Option<MessageKind> {
        self.online.take_said().map(|(k, _)| k)
    }
}

fn table() -> NewGame {
    let seat = |name: &str, colour: &str| SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player: PlayerKind::Human,
    };
    NewGame {
        rules: Rules {
            preset: Preset::Yunnori,
            changes: Vec::new(),
        },
        seats: vec![seat("", "#D64545"), seat("", "#2E6FD8")],
        teams: None,
        seed: None,
        undo: true,
    }
}

fn seat(i: usize, name: &str, taken: bool, connected: bool, ready: bool) -> Value {
    json!({"seat": i, "name": name, "colour": "#D64545", "player": {"kind": "human"},
           "taken": taken, "connected": connected, "ready": ready})
}

fn rules() -> RuleSet {
    RuleSet::from_json(&json!({"preset": "yunnori"})).expect("rules")
}

fn room(stage: &str, seats: Vec<Value>, game: Option<Value>) -> Value {
    let mut r = json!({"code": CODE, "link": format!("yunnori://room/{CODE}"), "stage": stage,
        "host": 0, "seats": seats, "spectators": 0, "rules": rules().to_json(),
        "options": {"undo": true, "grace_ms": 30000, "standin": "medium", "bot_delay_ms": 700},
        "game_number": u32::from(game.is_some())});
    if let Some(g) = game {
        r["game"] = g;
    }
    json!({"type": "room", "room": r})
}

/// A game of two seats begun under `secret`, with no action yet.
fn game_value(secret: &Secret) -> (Value, Game) {
    let rules = rules();
    let start = secret.start(&rules, 2);
    let game = Game::new(rules, 2, None, start.first)
        .expect("game")
        .under_engine(ENGINE_REVISION);
    let v = json!({"number": 1, "seq": 0, "start": start, "history": [],
        "view": GameView::of(&game), "engine": ENGINE_REVISION,
        "commitment": secret.commitment()});
    (v, game)
}

/// The host's phone in its lobby: room KMNPQR made, seat 0 its own.
fn host_in_lobby(kv: MemoryKv) -> Phone {
    let mut p = Phone::new(kv);
    p.act(OnlineAction::Host {
        name: "Mina".into(),
        setup: table(),
        settings: HostSettings::default(),
    });
    assert_eq!(p.opened, [SOCKET]);
    assert!(p.online.view().busy);
    p.open_and_welcome();
    let create = p.last_sent().clone();
    assert_eq!(create["type"], "create_room");
    assert_eq!(create["name"], "Mina");
    p.hear(json!({"type": "joined", "id": create["id"], "code": CODE,
        "link": format!("yunnori://room/{CODE}"), "seats": [{"seat": 0, "token": "tok-0"}], "host": true}));
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, false),
            seat(1, "Seat 2", false, false, false),
        ],
        None,
    ));
    p
}

#[test]
fn hosting_opens_the_lobby_and_keeps_the_ticket() {
    let p = host_in_lobby(MemoryKv::default());
    let v = p.online.view();
    assert_eq!(v.stage, OnlineStage::Lobby);
    assert!(!v.busy);
    assert_eq!(v.connection, LinkState::Live);
    let room = v.room.expect("the room");
    assert!(room.hosting);
    assert!(room.seats[0].mine && !room.seats[1].mine);
    assert_eq!(room.seats[1].number, 2);
    assert!(!room.can_start, "seat 2 is open");
    // The server says `yunnori://room/…`; what is shared is the room server's https page,
    // which chat apps make tappable and which opens without the app.
    assert_eq!(room.link, format!("http://rooms.test/r/{CODE}"));
    let kept = String::from_utf8(p.kv.get(ROOMS_KEY).unwrap().expect("kept")).unwrap();
    assert!(kept.contains("tok-0") && kept.contains(CODE));
    assert!(kept.contains(&format!("http://rooms.test/r/{CODE}")));
    assert_eq!(v.kept.len(), 1);
}

#[test]
fn start_before_everyone_is_ready_names_the_person() {
    let mut p = host_in_lobby(MemoryKv::default());
    // Mina (seat 1, this phone) is not ready yet: she is named.
    p.act(OnlineAction::Start);
    assert_eq!(
        p.said(),
        Some(MessageKind::NotEveryoneReady {
            name: Some("Mina".into()),
            number: Some(1)
        })
    );
    // Ready, but seat 2 is open: nobody to name, its number as on screen.
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Seat 2", false, false, false),
        ],
        None,
    ));
    p.act(OnlineAction::Start);
    assert_eq!(
        p.said(),
        Some(MessageKind::NotEveryoneReady {
            name: None,
            number: Some(2)
        })
    );
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, false),
        ],
        None,
    ));
    let before = p.sent.len();
    p.act(OnlineAction::Start);
    assert_eq!(p.sent.len(), before, "nothing sent");
    let (kind, detail) = p.online.take_said().expect("a message");
    assert_eq!(
        kind,
        MessageKind::NotEveryoneReady {
            name: Some("Jun".into()),
            number: Some(2)
        },
        "Jun, in seat 2 as the lobby counts"
    );
    assert_eq!(detail, "", "the kind says it all; no English beside it");
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, true),
        ],
        None,
    ));
    assert!(p.online.view().room.unwrap().can_start);
    p.act(OnlineAction::Start);
    assert_eq!(p.last_sent()["type"], "start");
}

/// The server's refusals that concern a person name them from the room as last heard:
/// the host to a guest who pressed Start, the seat that is not ready to the host.
#[test]
fn the_servers_refusals_name_the_person_they_concern() {
    let mut p = Phone::new(MemoryKv::default());
    p.act(OnlineAction::Join {
        code: CODE.into(),
        name: "Jun".into(),
    });
    p.open_and_welcome();
    let join = p.last_sent().clone();
    p.hear(json!({"type": "joined", "id": join["id"], "code": CODE,
        "link": format!("yunnori://room/{CODE}"), "seats": [{"seat": 1, "token": "tok-1"}], "host": false}));
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, true),
        ],
        None,
    ));
    p.act(OnlineAction::Start);
    let start = p.last_sent().clone();
    assert_eq!(start["type"], "start");
    p.hear(
        json!({"type": "error", "id": start["id"], "code": "not_host",
        "message": "only the host may do this"}),
    );
    assert_eq!(
        p.said(),
        Some(MessageKind::HostOnly {
            name: Some("Mina".into())
        })
    );

    // The host starts as Jun un-readies: the server's refusal names him once his seat is heard.
    let mut h = host_in_lobby(MemoryKv::default());
    h.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, true),
        ],
        None,
    ));
    h.act(OnlineAction::Start);
    let start = h.last_sent().clone();
    h.hear(
        json!({"type": "seats", "seats": [seat(0, "Mina", true, true, true),
        seat(1, "Jun", true, true, false)]}),
    );
    h.hear(
        json!({"type": "error", "id": start["id"], "code": "not_ready",
        "message": "Jun (seat 2) is not ready"}),
    );
    assert_eq!(
        h.said(),
        Some(MessageKind::NotEveryoneReady {
            name: Some("Jun".into()),
            number: Some(2)
        })
    );
}

#[test]
fn refusals_on_entry_show_the_entry_again_with_their_kind() {
    let mut p = Phone::new(MemoryKv::default());
    p.act(OnlineAction::Join {
        code: "BBBBBB".into(),
        name: "Jun".into(),
    });
    let (kind, detail) = p.online.take_said().unwrap();
    assert_eq!(kind, MessageKind::BadRoomCode);
    assert!(detail.contains("ACDEFGHJKMNPQRTUVWXY"), "{detail}");
    assert!(p.opened.is_empty());

    p.act(OnlineAction::Join {
        code: "kmn-pqr".into(),
        name: "Jun".into(),
    });
    p.open_and_welcome();
    let join = p.last_sent().clone();
    assert_eq!(join["code"], CODE);
    p.hear(json!({"type": "error", "id": join["id"], "code": "room_full", "message": "full"}));
    assert_eq!(p.said(), Some(MessageKind::RoomFull));
    let v = p.online.view();
    assert_eq!(v.stage, OnlineStage::Entry);
    assert!(!v.busy);
    assert_eq!(p.closed, 1);
    assert!(v.kept.is_empty());
}

#[test]
fn a_drop_reconnects_with_capped_backoff_and_takes_the_seats_back() {
    let mut p = host_in_lobby(MemoryKv::default());
    let mut waits = Vec::new();
    for _ in 0..8 {
        p.input(OnlineInput::Socket(SocketEvent::Closed {
            reason: "gone".into(),
        }));
        let LinkState::Reconnecting { next_try_at_ms, .. } = p.online.view().connection else {
            panic!("reconnecting");
        };
        assert_eq!(p.ticks.last(), Some(&next_try_at_ms));
        waits.push(next_try_at_ms - p.now);
        p.now = next_try_at_ms;
        p.input(OnlineInput::Tick);
        assert!(matches!(
            p.online.view().connection,
            LinkState::Connecting { .. }
        ));
    }
    assert_eq!(waits[0], 500);
    assert!(waits.windows(2).all(|w| w[1] >= w[0]));
    assert_eq!(*waits.last().unwrap(), LONGEST_WAIT_MS);
    assert_eq!(p.opened.len(), 9);
    assert_eq!(
        p.online.view().stage,
        OnlineStage::Lobby,
        "the room stays on screen"
    );
    p.open_and_welcome();
    let resume = p.last_sent().clone();
    assert_eq!(resume["type"], "resume");
    assert_eq!(resume["tokens"], json!(["tok-0"]));
    assert_eq!(p.online.view().connection, LinkState::Live);
}

/// A full room (or a game to follow) is watched: the link read for its code, a spectate
/// sent, the room shown with no seat this device's, and a drop watches again.
#[test]
fn a_room_is_watched_without_a_seat_and_again_after_a_drop() {
    let mut p = Phone::new(MemoryKv::default());
    p.act(OnlineAction::Watch {
        code: format!("https://rooms.test/r/{}", CODE.to_lowercase()),
    });
    assert_eq!(p.opened, [SOCKET]);
    p.open_and_welcome();
    let spectate = p.last_sent().clone();
    assert_eq!(spectate["type"], "spectate");
    assert_eq!(spectate["code"], CODE);
    p.hear(json!({"type": "ok", "id": spectate["id"]}));
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, false),
        ],
        None,
    ));
    let v = p.online.view();
    assert_eq!(v.stage, OnlineStage::Lobby);
    assert!(v.watching && !v.busy);
    let room = v.room.expect("the room");
    assert!(!room.hosting && room.seats.iter().all(|s| !s.mine));
    assert!(v.kept.is_empty(), "no seat, no ticket");
    p.act(OnlineAction::Ready {
        seat: 1,
        ready: true,
    });
    assert_eq!(
        p.last_sent()["type"],
        "spectate",
        "nothing is sent for a seat not held"
    );
    p.input(OnlineInput::Socket(SocketEvent::Closed {
        reason: "gone".into(),
    }));
    let LinkState::Reconnecting { next_try_at_ms, .. } = p.online.view().connection else {
        panic!("reconnecting");
    };
    p.now = next_try_at_ms;
    p.input(OnlineInput::Tick);
    p.open_and_welcome();
    assert_eq!(p.last_sent()["type"], "spectate", "watches again");
    p.act(OnlineAction::Leave);
    assert_eq!(p.online.view().stage, OnlineStage::Entry);
    assert!(!p.online.view().watching);
}

#[test]
fn retry_tries_at_once() {
    let mut p = host_in_lobby(MemoryKv::default());
    p.input(OnlineInput::Socket(SocketEvent::Closed {
        reason: "gone".into(),
    }));
    let opened = p.opened.len();
    p.act(OnlineAction::Retry);
    assert_eq!(p.opened.len(), opened + 1);
}

#[test]
fn a_killed_app_rejoins_from_its_kept_ticket() {
    let kv = MemoryKv::default();
    drop(host_in_lobby(kv.clone()));
    let mut p = Phone::new(kv);
    let kept = p.online.view().kept;
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].code, CODE);
    assert_eq!(kept[0].seats, [0]);
    assert_eq!(
        kept[0].server, SERVER,
        "the ticket keeps the server, not its socket"
    );
    p.act(OnlineAction::Rejoin { code: CODE.into() });
    assert_eq!(p.opened, [SOCKET]);
    p.open_and_welcome();
    let resume = p.last_sent().clone();
    assert_eq!(resume["type"], "resume");
    assert_eq!(resume["tokens"], json!(["tok-0"]));
    p.hear(json!({"type": "joined", "id": resume["id"], "code": CODE,
        "link": "yunnori://room/KMNPQR", "seats": [{"seat": 0, "token": "tok-0"}], "host": true}));
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, false),
            seat(1, "Seat 2", false, false, false),
        ],
        None,
    ));
    let room = p.online.view().room.unwrap();
    assert!(room.seats[0].mine && room.hosting);
}

#[test]
fn a_rejoin_whose_server_cannot_be_reached_says_so_and_keeps_the_ticket() {
    let kv = MemoryKv::default();
    drop(host_in_lobby(kv.clone()));
    let mut p = Phone::new(kv);
    p.act(OnlineAction::Rejoin { code: CODE.into() });
    assert!(p.online.view().busy);
    p.input(OnlineInput::Socket(SocketEvent::Closed {
        reason: "connection refused".into(),
    }));
    let v = p.online.view();
    assert!(!v.busy, "nothing waits for a room that is not coming");
    assert!(matches!(v.connection, LinkState::Closed { .. }));
    assert_eq!(v.stage, OnlineStage::Entry);
    assert_eq!(p.said(), Some(MessageKind::Offline));
    assert_eq!(v.kept.len(), 1, "the ticket stays for another try");
    let opened = p.opened.len();
    p.act(OnlineAction::Retry);
    assert_eq!(p.opened.len(), opened + 1, "Retry opens again");
}

#[test]
fn a_ticket_the_room_no_longer_takes_is_forgotten() {
    let kv = MemoryKv::default();
    drop(host_in_lobby(kv.clone()));
    let mut p = Phone::new(kv);
    p.act(OnlineAction::Rejoin { code: CODE.into() });
    p.open_and_welcome();
    let id = p.last_sent()["id"].clone();
    p.hear(json!({"type": "error", "id": id, "code": "no_such_room", "message": "gone"}));
    assert_eq!(p.said(), Some(MessageKind::RoomNotFound));
    assert!(p.online.view().kept.is_empty());
    assert_eq!(p.kv.get(ROOMS_KEY).unwrap(), None);
}

/// Host in a started game of two: Mina (seat 0, this phone) and Jun (seat 1).
fn host_in_game(secret: &Secret) -> (Phone, Game) {
    let mut p = host_in_lobby(MemoryKv::default());
    let (g, game) = game_value(secret);
    p.hear(room(
        "playing",
        vec![
            seat(0, "Mina", true, true, true),
            seat(1, "Jun", true, true, true),
        ],
        Some(g),
    ));
    (p, game)
}

/// The server's `played` for the next throw of `game` (drawn from `secret`).
fn throw_frame(secret: &Secret, game: &mut Game, seq: u64, stand_in: bool) -> Value {
    let seat = game.to_move();
    let (outcome, sticks) = secret.throw_at(seq - 1, &rules());
    let action = Action::Throw {
        seat,
        outcome,
        sticks,
        at_ms: 0,
    };
    let events = yut_net::protocol::apply(game, &action).expect("the throw plays");
    json!({"type": "played", "game": 1, "seq": seq, "action": action, "events": events,
           "view": GameView::of(game), "stand_in": stand_in})
}

/// A secret whose game Mina (seat 0) starts.
fn secret_starting(seat: usize) -> Secret {
    (0..=255u8)
        .map(|b| Secret::from_bytes([b; 32]))
        .find(|s| s.start(&rules(), 2).first == seat)
        .expect("a secret for the first seat")
}

/// The server's frame for the next action of `game` (a throw from `secret`, or the first
/// legal move), played on `game`.
fn next_frame(secret: &Secret, game: &mut Game, seq: u64) -> Value {
    if game.phase() == yut_core::game::Phase::Throw {
        return throw_frame(secret, game, seq, false);
    }
    let mv = game.legal_moves()[0].mv.clone();
    let seat = game.to_move();
    let action = Action::Move { seat, mv, at_ms: 0 };
    let events = yut_net::protocol::apply(game, &action).expect("the move plays");
    json!({"type": "played", "game": 1, "seq": seq, "action": action,
           "events": events, "view": GameView::of(game)})
}

/// Plays the game on `p` until Jun (seat 1) is to throw; the next `seq`.
fn until_juns_throw(p: &mut Phone, secret: &Secret, game: &mut Game) -> u64 {
    let mut seq = 1;
    while game.to_move() != 1 || game.phase() != yut_core::game::Phase::Throw {
        let frame = next_frame(secret, game, seq);
        p.hear(frame);
        seq += 1;
    }
    seq
}

#[test]
fn the_rooms_game_shows_whose_turn_and_an_action_on_its_way() {
    let secret = secret_starting(0);
    let (mut p, mut game) = host_in_game(&secret);
    let v = p.online.view();
    assert_eq!(v.stage, OnlineStage::Game);
    let g = v.room.unwrap().game.expect("the game");
    assert!(matches!(g.throws, ThrowsCheck::Committed { .. }));
    assert!(g.my_turn);
    p.act(OnlineAction::Throw);
    let throw = p.last_sent().clone();
    assert_eq!(throw["type"], "throw");
    assert_eq!(throw["seat"], 0);
    assert!(p.online.view().room.unwrap().game.unwrap().on_its_way);
    p.act(OnlineAction::Throw);
    assert_eq!(p.said(), Some(MessageKind::NotNow), "one action at a time");
    let frame = throw_frame(&secret, &mut game, 1, false);
    p.hear(frame);
    p.hear(json!({"type": "ok", "id": throw["id"]}));
    let g = p.online.view().room.unwrap().game.unwrap();
    assert!(!g.on_its_way);
    assert_eq!(g.snapshot.hand.len(), game.hand().len());
}

#[test]
fn another_seats_turn_refuses_this_devices_throw() {
    let secret = secret_starting(0);
    let (mut p, mut game) = host_in_game(&secret);
    until_juns_throw(&mut p, &secret, &mut game);
    let g = p.online.view().room.unwrap().game.unwrap();
    assert!(!g.my_turn);
    assert!(g.snapshot.legal_moves.is_empty());
    let before = p.sent.len();
    p.act(OnlineAction::Throw);
    assert_eq!(p.said(), Some(MessageKind::NotYourTurn));
    assert_eq!(p.sent.len(), before);
}

#[test]
fn an_away_seat_and_its_standin_are_shown_not_read_as_the_person() {
    let secret = Secret::from_bytes([9; 32]);
    let (mut p, mut game) = host_in_game(&secret);
    let mut jun = seat(1, "Jun", true, false, true);
    jun["standin"] = json!("medium");
    p.hear(json!({"type": "seats", "seats": [seat(0, "Mina", true, true, true), jun]}));
    let room = p.online.view().room.unwrap();
    assert!(room.seats[1].away);
    assert_eq!(
        room.seats[1].standin,
        Some(yut_app::records::BotLevel::Medium)
    );
    assert!(!room.seats[0].away);
    // Play until it is Jun's turn, then his stand-in throws.
    let seq = until_juns_throw(&mut p, &secret, &mut game);
    let g = p.online.view().room.unwrap().game.unwrap();
    assert_eq!(g.standin_to_act, Some(yut_app::records::BotLevel::Medium));
    assert!(
        g.snapshot.bot_to_act.is_some(),
        "the table says a bot plays"
    );
    assert!(!g.my_turn);
    let frame = throw_frame(&secret, &mut game, seq, true);
    p.hear(frame);
    let g = p.online.view().room.unwrap().game.unwrap();
    assert!(g.last_by_standin, "the throw was the stand-in's, not Jun's");
    assert!(p.sent.iter().all(|f| f["type"] != "sync"), "nothing missed");
}

#[test]
fn a_missed_frame_asks_for_the_room_again() {
    let secret = Secret::from_bytes([3; 32]);
    let (mut p, mut game) = host_in_game(&secret);
    let _first = throw_frame(&secret, &mut game, 1, false);
    let second = next_frame(&secret, &mut game, 2);
    p.hear(second);
    assert_eq!(p.last_sent()["type"], "sync");
}

/// A game's end with its secret: every throw checked, or the mismatch shown.
fn end_with(secret_shown: &Secret, tamper: bool) -> ThrowsCheck {
    let secret = Secret::from_bytes([5; 32]);
    let (mut p, mut game) = host_in_game(&secret);
    let mut seq = 1;
    let mut frames = Vec::new();
    let mut tampered = false;
    while !game.is_over() {
        let mut frame = next_frame(&secret, &mut game, seq);
        if tamper && frame["action"]["action"] == "throw" && seq >= 3 && !tampered {
            // The server says other sticks than the secret gives for this throw.
            frame["action"]["sticks"] = json!([true, true, true, true]);
            tampered = true;
        }
        frames.push(frame);
        seq += 1;
    }
    if let Some(last) = frames.last_mut() {
        last["secret"] = json!(secret_shown.to_hex());
    }
    assert_eq!(tampered, tamper);
    for f in frames {
        p.hear(f);
    }
    let room = p.online.view().room.unwrap();
    assert_eq!(room.phase, yut_app::online::RoomPhase::Over);
    room.game.unwrap().throws
}

#[test]
fn the_throws_are_verified_at_the_games_end() {
    match end_with(&Secret::from_bytes([5; 32]), false) {
        ThrowsCheck::Verified { throws, secret } => {
            assert!(throws > 0);
            assert_eq!(secret, Secret::from_bytes([5; 32]).to_hex());
        }
        other => panic!("not verified: {other:?}"),
    }
}

#[test]
fn a_revealed_secret_that_does_not_fit_is_shown_loudly() {
    assert!(matches!(
        end_with(&Secret::from_bytes([6; 32]), false),
        ThrowsCheck::Mismatch { .. }
    ));
}

#[test]
fn a_tampered_throw_is_detected() {
    assert!(matches!(
        end_with(&Secret::from_bytes([5; 32]), true),
        ThrowsCheck::Mismatch { .. }
    ));
}

/// The server's news of a join can come before its answer: the seat just taken still shows
/// as this device's once the answer comes (a lobby once showed a joined player's seat as
/// someone else's, and its Ready did nothing).
#[test]
fn a_room_heard_before_the_joins_answer_shows_the_seat_taken_as_mine() {
    let mut p = Phone::new(MemoryKv::default());
    p.act(OnlineAction::Join {
        code: CODE.into(),
        name: "Jun".into(),
    });
    p.open_and_welcome();
    let join = p.last_sent().clone();
    assert_eq!(join["type"], "join");
    p.hear(room(
        "lobby",
        vec![
            seat(0, "Mina", true, true, false),
            seat(1, "Jun", true, true, false),
        ],
        None,
    ));
    p.hear(json!({"type": "joined", "id": join["id"], "code": CODE,
        "link": format!("yunnori://room/{CODE}"), "seats": [{"seat": 1, "token": "tok-1"}], "host": false}));
    let room = p.online.view().room.expect("the room");
    assert!(room.seats[1].mine && !room.seats[0].mine);
    assert!(!room.hosting);
    p.act(OnlineAction::Ready {
        seat: 1,
        ready: true,
    });
    assert_eq!(p.last_sent()["type"], "ready");
    assert_eq!(p.last_sent()["seat"], 1);
}

/// A move listed for an earlier position (a late tap) is refused on the device: nothing
/// is sent and the game stays as it was.
#[test]
fn a_move_listed_for_an_earlier_position_is_stale_and_sends_nothing() {
    let secret = secret_starting(0);
    let (mut p, mut game) = host_in_game(&secret);
    // Until Mina (this device) has a move to make.
    let mut seq = 1;
    while p
        .online
        .view()
        .room
        .unwrap()
        .game
        .unwrap()
        .snapshot
        .legal_moves
        .is_empty()
    {
        assert!(seq < 200, "Mina never had a move");
        let frame = next_frame(&secret, &mut game, seq);
        p.hear(frame);
        seq += 1;
    }
    let g = p.online.view().room.unwrap().game.unwrap();
    let first = g.snapshot.legal_moves[0].clone();
    let before = p.sent.len();
    p.act(OnlineAction::Move {
        index: 0,
        state: first.state.wrapping_sub(1),
    });
    assert_eq!(p.said(), Some(MessageKind::Stale));
    assert_eq!(p.sent.len(), before, "nothing sent");
    assert_eq!(
        p.online.view().room.unwrap().game.unwrap().snapshot,
        g.snapshot
    );
    p.act(OnlineAction::Move {
        index: 0,
        state: first.state,
    });
    assert_eq!(p.last_sent()["type"], "move");
}
