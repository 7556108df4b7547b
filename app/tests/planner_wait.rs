//! The browser's app core plans flights through a simulation that arrives after the menu
//! (the `physics` feature off, a planner supplied): a throw made before it is there waits,
//! then flies with the result and the flight it would have had; a room's lobby never waits
//! for it. A fake planner stands in for the simulation here, so this runs with or without
//! the feature.

use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use yut_app::effect::SocketCommand;
use yut_app::flight::Planner;
use yut_app::input::{Input, SocketEvent};
use yut_app::kv_saves::KvSaves;
use yut_app::online::{HostSettings, OnlineAction, OnlineStage};
use yut_app::records::{BotLevel, NewGame, PlayerKind, Preset, SeatSpec};
use yut_app::store::MemoryKv;
use yut_app::view::{TableState, ThrowShown};
use yut_app::{App, AppEvent, AppScreen, Effect, Pacing, TableAction};
use yut_core::game::Game;
use yut_core::rules::RuleSet;
use yut_core::session::{Action, ENGINE_REVISION};
use yut_net::protocol::GameView;
use yut_net::verify::Secret;
use yut_physics::{mat_layout, Flight, Pose, StickTrack, Swipe, Target};

/// A planner whose simulation is there once `ready` is set; counts the flights it plans.
#[derive(Clone, Default)]
struct Fake {
    ready: Arc<AtomicBool>,
    planned: Arc<AtomicUsize>,
}

impl Planner for Fake {
    fn ready(&self) -> bool {
        self.ready.load(Ordering::SeqCst)
    }

    /// A flight made only of its inputs: the sticks rest where they left the hand, on the
    /// drawn faces, after 400 ms.
    fn plan(&self, swipe: &Swipe, target: Target, salt: u64) -> Option<Flight> {
        if !self.ready() {
            return None;
        }
        self.planned.fetch_add(1, Ordering::SeqCst);
        let layout = mat_layout(swipe.mat);
        let sticks = (0..4)
            .map(|i| StickTrack {
                marked: i == 0,
                flat_up: target.flat[i],
                off_mat: target.nak && i == 3,
                settle_ms: 400,
                frames: vec![Pose {
                    x: swipe.release_x + 10.0 * i as f32,
                    y: swipe.release_y,
                    z: 0.0,
                    axis: [1.0, 0.0, 0.0],
                    normal: [0.0, 0.0, if target.flat[i] { 1.0 } else { -1.0 }],
                }],
            })
            .collect();
        Some(Flight {
            fps: 60,
            mat: layout.mat,
            size: layout.size,
            sticks,
            contacts: Vec::new(),
            end_ms: 400,
            tries: u32::try_from(salt % 1000).unwrap_or(0),
            fallback: false,
        })
    }
}

const START: u64 = 1_000_000;

struct Device {
    app: App,
    planner: Fake,
    now: u64,
    tick: Option<u64>,
    /// The frames the app sent on its room's socket.
    sent: Vec<Value>,
}

impl Device {
    fn new(ready: bool) -> Device {
        let planner = Fake::default();
        planner.ready.store(ready, Ordering::SeqCst);
        let kv = MemoryKv::default();
        let app = App::with_planner(
            Box::new(KvSaves::new(kv.clone())),
            Box::new(kv),
            Pacing::default(),
            Box::new(planner.clone()),
        );
        Device {
            app,
            planner,
            now: START,
            tick: None,
            sent: Vec::new(),
        }
    }

    fn take(&mut self, effects: Vec<Effect>) {
        for e in effects {
            match e {
                Effect::Tick { at_ms } => self.tick = Some(at_ms),
                Effect::Socket(SocketCommand::Send { text }) => {
                    self.sent
                        .push(serde_json::from_str(&text).expect("frames are JSON"));
                }
                _ => {}
            }
        }
    }

    fn send(&mut self, event: AppEvent) {
        let effects = self.app.update(self.now, Input::Event(event));
        self.take(effects);
    }

    /// The room's socket says `event`.
    fn socket(&mut self, event: SocketEvent) {
        let effects = self.app.update(self.now, Input::Socket(event));
        self.take(effects);
    }

    fn hear(&mut self, frame: Value) {
        self.socket(SocketEvent::Text {
            text: frame.to_string(),
        });
    }

    /// Lets `ms` pass, every timer due meanwhile running at its time.
    fn wait(&mut self, ms: u64) {
        let until = self.now + ms;
        while let Some(at) = self.tick.take_if(|at| *at <= until) {
            self.now = self.now.max(at);
            let effects = self.app.update(self.now, Input::Tick);
            self.take(effects);
        }
        self.now = until;
    }

    /// The simulation arrives now.
    fn arrive(&mut self) {
        self.planner.ready.store(true, Ordering::SeqCst);
        let effects = self.app.planner_ready(self.now);
        self.take(effects);
    }

    fn table(&self) -> TableState {
        self.app.view().table.expect("a game on the table")
    }

    fn throw(&self) -> Option<ThrowShown> {
        self.table().throw
    }
}

fn seat(name: &str, colour: &str, player: PlayerKind) -> SeatSpec {
    SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player,
    }
}

fn game(seats: Vec<SeatSpec>) -> NewGame {
    NewGame {
        rules: yut_app::catalog::preset_rules(Preset::Yunnori),
        seats,
        teams: None,
        seed: Some(41),
        undo: true,
    }
}

fn two_people() -> NewGame {
    game(vec![
        seat("Ana", "#D55E00", PlayerKind::Human),
        seat("Bo", "#0072B2", PlayerKind::Human),
    ])
}

#[test]
fn an_early_throw_waits_for_the_simulation_then_flies_as_it_would_have() {
    let mut early = Device::new(false);
    early.send(AppEvent::StartGame {
        setup: two_people(),
    });
    early.send(AppEvent::Table {
        action: TableAction::ThrowTap,
    });
    // Nothing flies yet, nothing was drawn: the throw is held, and the core says it waits.
    assert_eq!(early.throw(), None);
    assert!(early.app.waits_for_planner());
    assert_eq!(early.planner.planned.load(Ordering::SeqCst), 0);
    let before = early.table().snapshot;

    early.wait(1500);
    assert_eq!(early.throw(), None, "a held throw does not fly on a tick");
    early.arrive();
    assert!(!early.app.waits_for_planner());
    let flown = early
        .throw()
        .expect("the held throw flies once the simulation is there");
    assert_eq!(flown.started_at_ms, START + 1500);
    assert_eq!(
        early.table().snapshot,
        before,
        "the result waits for the landing"
    );

    // The same table with the simulation there from the start throws the same.
    let mut ready = Device::new(true);
    ready.send(AppEvent::StartGame {
        setup: two_people(),
    });
    ready.send(AppEvent::Table {
        action: TableAction::ThrowTap,
    });
    let direct = ready.throw().expect("a throw flies at once");
    assert!(!ready.app.waits_for_planner());
    assert_eq!(flown.sticks, direct.sticks);
    assert_eq!(flown.flight, direct.flight);

    early.wait(5000);
    ready.wait(5000);
    let landed = early.throw().and_then(|t| t.outcome);
    assert!(landed.is_some(), "the held throw lands");
    assert_eq!(landed, ready.throw().and_then(|t| t.outcome));
    // The same position (its `state` tag counts the app's updates, not the game's).
    let (a, b) = (early.table().snapshot, ready.table().snapshot);
    assert_eq!(
        (a.hand, a.seats, a.last_events),
        (b.hand, b.seats, b.last_events)
    );
}

#[test]
fn a_bot_waits_to_throw_until_the_simulation_is_there() {
    let bot_first = || {
        game(vec![
            seat(
                "Bot",
                "#0072B2",
                PlayerKind::Bot {
                    level: BotLevel::Easy,
                },
            ),
            seat("Ana", "#D55E00", PlayerKind::Human),
        ])
    };
    let mut early = Device::new(false);
    early.send(AppEvent::StartGame { setup: bot_first() });
    early.wait(10_000);
    assert_eq!(early.throw(), None, "the bot's throw waits");
    assert!(early.app.waits_for_planner());

    early.arrive();
    let thrown = early
        .throw()
        .expect("the bot throws once the simulation is there");
    assert!(thrown.by_bot);

    let mut ready = Device::new(true);
    ready.send(AppEvent::StartGame { setup: bot_first() });
    for _ in 0..100 {
        if ready.throw().is_some() {
            break;
        }
        ready.wait(100);
    }
    let direct = ready.throw().expect("the bot throws after its pause");
    assert_eq!(thrown.sticks, direct.sticks, "the same throw is drawn");
}

const CODE: &str = "KMNPQR";

fn room_rules() -> RuleSet {
    RuleSet::from_json(&json!({"preset": "yunnori"})).expect("rules")
}

/// The server's `room` frame: Mina (seat 0, this device) and Jun, both seats taken.
fn room(stage: &str, game: Option<Value>) -> Value {
    let seat = |i: usize, name: &str| {
        json!({"seat": i, "name": name, "colour": "#D64545", "player": {"kind": "human"},
               "taken": true, "connected": true, "ready": game.is_some()})
    };
    let mut r = json!({"code": CODE, "link": format!("yunnori://room/{CODE}"), "stage": stage,
        "host": 0, "seats": [seat(0, "Mina"), seat(1, "Jun")], "spectators": 0,
        "rules": room_rules().to_json(),
        "options": {"undo": true, "grace_ms": 30000, "standin": "medium", "bot_delay_ms": 700},
        "game_number": u32::from(game.is_some())});
    if let Some(g) = game {
        r["game"] = g;
    }
    json!({"type": "room", "room": r})
}

/// The room's socket passes while the room has no game: a family's lobby never waits for
/// the simulation's download. Once the game is on, what the socket says waits in order (a
/// throw flies on every device), and flies once the simulation is there.
#[test]
fn a_lobby_does_not_wait_for_the_simulation_a_rooms_throw_does() {
    let mut d = Device::new(false);
    d.send(AppEvent::Online {
        action: OnlineAction::Host {
            name: "Mina".into(),
            setup: two_people(),
            settings: HostSettings::default(),
        },
    });
    d.socket(SocketEvent::Opened);
    assert_eq!(
        d.sent.last().map(|f| f["type"].clone()),
        Some(json!("hello"))
    );
    d.hear(json!({"type": "welcome", "protocol": yut_net::protocol::PROTOCOL_VERSION, "server": "test"}));
    let create = d.sent.last().expect("the room is asked for").clone();
    assert_eq!(create["type"], "create_room");
    d.hear(json!({"type": "joined", "id": create["id"], "code": CODE,
        "link": format!("yunnori://room/{CODE}"), "seats": [{"seat": 0, "token": "tok-0"}], "host": true}));
    d.hear(room("lobby", None));
    let online = d.app.view().online;
    assert_eq!(online.stage, OnlineStage::Lobby, "the lobby shows at once");
    assert_eq!(online.room.map(|r| r.code), Some(CODE.to_string()));
    assert!(!d.app.waits_for_planner());

    // The game starts: Mina's to throw first, under this secret.
    let secret = (0..=255u8)
        .map(|b| Secret::from_bytes([b; 32]))
        .find(|s| s.start(&room_rules(), 2).first == 0)
        .expect("a secret Mina starts");
    let start = secret.start(&room_rules(), 2);
    let mut game = Game::new(room_rules(), 2, None, start.first)
        .expect("game")
        .under_engine(ENGINE_REVISION);
    d.hear(room(
        "playing",
        Some(json!({"number": 1, "seq": 0, "start": start, "history": [],
            "view": GameView::of(&game), "engine": ENGINE_REVISION,
            "commitment": secret.commitment()})),
    ));
    assert_eq!(
        d.app.view().screen,
        AppScreen::Table,
        "the game's table shows"
    );
    assert!(!d.app.waits_for_planner());

    let (outcome, sticks) = secret.throw_at(0, &room_rules());
    let action = Action::Throw {
        seat: 0,
        outcome,
        sticks,
        at_ms: 0,
    };
    let events = yut_net::protocol::apply(&mut game, &action).expect("the throw plays");
    d.hear(
        json!({"type": "played", "game": 1, "seq": 1, "action": action, "events": events,
           "view": GameView::of(&game), "stand_in": false}),
    );
    assert_eq!(d.throw(), None, "the room's throw waits for the simulation");
    assert!(d.app.waits_for_planner());
    assert_eq!(d.planner.planned.load(Ordering::SeqCst), 0);

    d.arrive();
    let thrown = d.throw().expect("the room's throw flies once it is there");
    assert_eq!(thrown.sticks, sticks.to_vec());
    assert_eq!(
        d.planner.planned.load(Ordering::SeqCst),
        1,
        "with a planned flight"
    );
    assert!(!d.app.waits_for_planner());
}
