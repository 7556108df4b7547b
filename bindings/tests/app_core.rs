//! The app core through its FFI object: the core's own thread, its timers on the real
//! clock, its searches on worker threads, its files; the shell hears views and effects.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use yut_app::input::TableAction;
use yut_app::records::{BotLevel, NewGame, PlayerKind, Preset, SeatSpec};
use yut_app::view::AppView;
use yut_app::{AppEvent, AppScreen, ShellEffect};
use yut_ffi::{AppCore, AppShell, YutError};

#[derive(Default)]
struct Heard {
    views: Vec<AppView>,
    effects: Vec<ShellEffect>,
}

#[derive(Default)]
struct Shell {
    heard: Mutex<Heard>,
    changed: Condvar,
}

impl AppShell for Shell {
    fn on_view(&self, view: AppView) {
        self.heard.lock().unwrap().views.push(view);
        self.changed.notify_all();
    }
    fn on_effects(&self, effects: Vec<ShellEffect>) {
        self.heard.lock().unwrap().effects.extend(effects);
        self.changed.notify_all();
    }
}

impl Shell {
    /// Waits (10 s at most) until a view heard satisfies `ok`, and returns it.
    fn until(&self, ok: impl Fn(&AppView) -> bool) -> AppView {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut heard = self.heard.lock().unwrap();
        loop {
            if let Some(v) = heard.views.iter().rev().find(|v| ok(v)) {
                return v.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "no such view within 10 s");
            heard = self.changed.wait_timeout(heard, left).unwrap().0;
        }
    }
}

fn setup(second: PlayerKind) -> NewGame {
    let seat = |name: &str, colour: &str, player| SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player,
    };
    NewGame {
        rules: yut_app::catalog::preset_rules(Preset::Yunnori),
        seats: vec![
            seat("Ana", "#D55E00", PlayerKind::Human),
            seat("Bo", "#0072B2", second),
        ],
        teams: None,
        seed: Some(8),
        undo: true,
    }
}

/// A throw flies on the core's clock: the view first shows it in the air, the knocks come
/// as cues, then the view shows it landed; the game is saved in the data directory.
#[test]
fn a_throw_lands_on_the_real_clock_with_its_cues() {
    let dir = tempfile::tempdir().unwrap();
    let shell = Arc::new(Shell::default());
    let core = AppCore::new(dir.path().to_string_lossy().into(), shell.clone()).unwrap();
    core.send(AppEvent::StartGame {
        setup: setup(PlayerKind::Human),
    })
    .unwrap();
    shell.until(|v| v.screen == AppScreen::Table);
    core.send(AppEvent::Table {
        action: TableAction::ThrowTap,
    })
    .unwrap();
    let flying = shell.until(|v| v.table.as_ref().is_some_and(|t| t.in_the_air()));
    let lands = flying.table.unwrap().throw.unwrap().lands_at_ms;
    let landed = shell.until(|v| {
        v.table
            .as_ref()
            .and_then(|t| t.throw.as_ref())
            .is_some_and(|th| th.outcome.is_some())
    });
    assert!(landed.version > flying.version);
    let cues = shell
        .heard
        .lock()
        .unwrap()
        .effects
        .iter()
        .filter(|e| matches!(e, ShellEffect::Cue { at_ms, .. } if *at_ms <= lands))
        .count();
    assert!(cues > 0, "the knocks were heard");
    let saves = std::fs::read_dir(dir.path().join("saves")).unwrap().count();
    assert!(saves >= 1);
    core.shutdown();
    assert!(matches!(
        core.send(AppEvent::Back),
        Err(YutError::StaleObject { .. })
    ));
}

/// A bot's move is searched on a worker thread while the core goes on: the person plays
/// until the bot's turn, and the bot acts by itself.
#[test]
fn a_bot_plays_its_turn_by_itself() {
    let dir = tempfile::tempdir().unwrap();
    let shell = Arc::new(Shell::default());
    let core = AppCore::new(dir.path().to_string_lossy().into(), shell.clone()).unwrap();
    core.send(AppEvent::Settings {
        action: yut_app::SettingsAction::SetQuickBots { on: true },
    })
    .unwrap();
    core.send(AppEvent::StartGame {
        setup: setup(PlayerKind::Bot {
            level: BotLevel::Easy,
        }),
    })
    .unwrap();
    // The person acts whenever it is theirs to, until a bot's move shows.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(Instant::now() < deadline, "the bot never moved");
        let v = shell.until(|v| v.table.is_some());
        let t = v.table.unwrap();
        if t.last_move.as_ref().is_some_and(|m| m.by_bot) {
            break;
        }
        if t.can_throw {
            core.send(AppEvent::Table {
                action: TableAction::ThrowTap,
            })
            .unwrap();
        } else if t.can_move {
            core.send(AppEvent::Table {
                action: TableAction::ChooseMove {
                    index: 0,
                    state: t.snapshot.state,
                },
            })
            .unwrap();
        }
        let version = t_version(&shell);
        shell.until(|v| v.version > version);
    }
    core.shutdown();
}

fn t_version(shell: &Shell) -> u64 {
    shell
        .heard
        .lock()
        .unwrap()
        .views
        .last()
        .map_or(0, |v| v.version)
}

/// `flush` returns once the core has handled (and saved) everything sent before it, even
/// while the shell is slow to hear: what an app does in its last moments in the background.
#[test]
fn flush_returns_once_everything_sent_is_handled_and_saved() {
    struct SlowShell;
    impl AppShell for SlowShell {
        fn on_view(&self, _view: AppView) {
            std::thread::sleep(Duration::from_millis(20));
        }
        fn on_effects(&self, _effects: Vec<ShellEffect>) {}
    }
    let dir = tempfile::tempdir().unwrap();
    let core = AppCore::new(dir.path().to_string_lossy().into(), Arc::new(SlowShell)).unwrap();
    core.send(AppEvent::StartGame {
        setup: setup(PlayerKind::Human),
    })
    .unwrap();
    for _ in 0..10 {
        core.send(AppEvent::Open {
            screen: AppScreen::Settings,
        })
        .unwrap();
        core.send(AppEvent::Open {
            screen: AppScreen::Table,
        })
        .unwrap();
    }
    core.send(AppEvent::Table {
        action: TableAction::ThrowTap,
    })
    .unwrap();
    core.flush();
    let table = core.view().table.expect("the game is open");
    assert!(table.throw.is_some(), "the last event was handled");
    assert!(table.saved, "and saved");
    let saved = yut_core::save::SaveLibrary::open(dir.path().join("saves"))
        .unwrap()
        .list()
        .unwrap();
    assert_eq!(saved.len(), 1);
    core.shutdown();
    core.flush();
}

/// Two apps' cores in one room on a real server on loopback: the core's own thread opens
/// the room's socket (yut-net's dialling), the frames go both ways, and the room's game
/// opens on both tables; the first throw reaches the other phone; a core shut down drops
/// its socket and the other phone sees the seat away.
#[test]
fn two_cores_meet_in_a_room_over_their_own_sockets() {
    use yut_app::online::{HostSettings, OnlineAction, OnlineStage};
    use yut_app::SettingsAction;
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server_dir = tempfile::tempdir().unwrap();
    let mut config = yut_server::Config::loopback(server_dir.path().to_path_buf());
    config.max_rooms_per_ip = 100;
    let server = runtime.block_on(yut_server::start(config)).unwrap();
    let url = format!("ws://{}", server.addr);
    let phone = |dir: &std::path::Path| {
        let shell = Arc::new(Shell::default());
        let core = AppCore::new(dir.to_string_lossy().into(), shell.clone()).unwrap();
        core.send(AppEvent::Settings {
            action: SettingsAction::SetServer {
                address: url.clone(),
            },
        })
        .unwrap();
        (core, shell)
    };
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mina, mina_sees) = phone(a.path());
    let (jun, jun_sees) = phone(b.path());
    let settings = HostSettings {
        grace_ms: 0,
        ..HostSettings::default()
    };
    mina.send(AppEvent::Online {
        action: OnlineAction::Host {
            name: "Mina".into(),
            setup: setup(PlayerKind::Human),
            settings,
        },
    })
    .unwrap();
    let code = mina_sees
        .until(|v| v.online.stage == OnlineStage::Lobby)
        .online
        .room
        .unwrap()
        .code;
    jun.send(AppEvent::Online {
        action: OnlineAction::Join {
            code,
            name: "Jun".into(),
        },
    })
    .unwrap();
    jun_sees.until(|v| v.online.stage == OnlineStage::Lobby);
    for (core, seat) in [(&mina, 0), (&jun, 1)] {
        core.send(AppEvent::Online {
            action: OnlineAction::Ready { seat, ready: true },
        })
        .unwrap();
    }
    mina_sees.until(|v| v.online.room.as_ref().is_some_and(|r| r.can_start));
    mina.send(AppEvent::Online {
        action: OnlineAction::Start,
    })
    .unwrap();
    let table = mina_sees.until(|v| v.screen == AppScreen::Table && v.table.is_some());
    jun_sees.until(|v| v.screen == AppScreen::Table && v.table.is_some());
    assert!(table.table.unwrap().can_throw, "Mina's seat acts first");
    mina.send(AppEvent::Table {
        action: TableAction::ThrowTap,
    })
    .unwrap();
    jun_sees.until(|v| {
        v.table
            .as_ref()
            .is_some_and(|t| !t.snapshot.last_events.is_empty())
    });
    jun.shutdown();
    mina_sees.until(|v| v.online.room.as_ref().is_some_and(|r| r.seats[1].away));
    mina.shutdown();
    drop(server);
}
