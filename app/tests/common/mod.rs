//! The journeys' harness: an app core over a real save directory, a clock that moves only
//! when a journey moves it, searches run inline (with a node budget, so bots answer the
//! same way every run), and every effect kept for the journey to read.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use yut_app::input::Input;
use yut_app::kv_saves::KvSaves;
use yut_app::records::{BotLevel, NewGame, PlayerKind, Preset, SeatSpec};
use yut_app::store::{KeyValue, MemoryKv, SaveStore};
use yut_app::view::TableState;
use yut_app::{App, AppEvent, AppView, Effect, Pacing, ShellEffect, TableAction};
use yut_core::save::SaveLibrary;

/// Where a journey's device keeps its saved games: a directory of files (the phones'
/// `SaveLibrary`) or a key/value store (the web's `KvSaves`, here over memory). Two
/// journeys on one device see the same games.
#[derive(Clone, Debug)]
pub enum Device {
    Files(PathBuf),
    Kv(MemoryKv),
}

impl Device {
    /// Each kind of device, the files in `dir`: the save journeys run on both.
    pub fn each(dir: &Path) -> [Device; 2] {
        [
            Device::Files(dir.to_path_buf()),
            Device::Kv(MemoryKv::default()),
        ]
    }

    pub fn saves(&self) -> Box<dyn SaveStore> {
        match self {
            Device::Files(dir) => Box::new(SaveLibrary::open(dir).expect("a save directory")),
            Device::Kv(kv) => Box::new(KvSaves::new(kv.clone())),
        }
    }

    /// The bytes of game `id`'s save as the store keeps them.
    pub fn raw(&self, id: &str) -> Vec<u8> {
        match self {
            Device::Files(dir) => std::fs::read(dir.join(format!("{id}.json"))).expect("the file"),
            Device::Kv(kv) => kv.get(&format!("game.{id}")).unwrap().expect("the value"),
        }
    }

    /// Writes game `id`'s save as another app would.
    pub fn write_raw(&self, id: &str, bytes: &[u8]) {
        match self {
            Device::Files(dir) => std::fs::write(dir.join(format!("{id}.json")), bytes).unwrap(),
            Device::Kv(kv) => kv.put(&format!("game.{id}"), bytes).unwrap(),
        }
    }
}

pub struct Journey {
    pub app: App,
    pub now: u64,
    /// The tick the app asked for last.
    pub tick: Option<u64>,
    /// Every shell effect so far, with the time it came.
    pub shell: Vec<(u64, ShellEffect)>,
    /// Searches started and not yet answered (a journey may hold them back).
    pub held: Vec<(u64, yut_app::work::Job)>,
    /// Answer searches at once (else they wait in `held`).
    pub inline: bool,
    pub cancelled: Vec<u64>,
}

pub fn pacing() -> Pacing {
    Pacing {
        bot_nodes: Some(400),
        ..Pacing::default()
    }
}

pub fn seat(name: &str, colour: &str, player: PlayerKind) -> SeatSpec {
    SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player,
    }
}

pub fn human(name: &str, colour: &str) -> SeatSpec {
    seat(name, colour, PlayerKind::Human)
}

pub fn bot(name: &str, colour: &str, level: BotLevel) -> SeatSpec {
    seat(name, colour, PlayerKind::Bot { level })
}

/// A table of `seats` playing Yunnori's rules with `pieces` pieces each.
pub fn table(seats: Vec<SeatSpec>, seed: u64, pieces: i32) -> NewGame {
    let mut rules = yut_app::catalog::preset_rules(Preset::Yunnori);
    rules.changes.push(yut_app::records::RuleSetting {
        key: "pieces_per_player".into(),
        value: yut_app::records::RuleValue::Count { value: pieces },
    });
    NewGame {
        rules,
        seats,
        teams: None,
        seed: Some(seed),
        undo: true,
    }
}

/// Ana and Bo, two people at a two-piece table: the journeys' usual game.
pub fn two_people(seed: u64) -> NewGame {
    table(
        vec![human("Ana", "#D55E00"), human("Bo", "#0072B2")],
        seed,
        2,
    )
}

/// Starts `setup` from wherever the journey is; the table is then on screen.
pub fn start(j: &mut Journey, setup: NewGame) {
    j.send(AppEvent::StartGame { setup });
    assert_eq!(j.view().screen, yut_app::AppScreen::Table);
}

impl Journey {
    /// An app over the save directory `dir` (a journey's "device"), at time 1,000,000.
    pub fn on(dir: &Path, kv: MemoryKv) -> Journey {
        Journey::on_device(&Device::Files(dir.to_path_buf()), kv)
    }

    /// An app whose saved games are on `device`, at time 1,000,000.
    pub fn on_device(device: &Device, kv: MemoryKv) -> Journey {
        Journey {
            app: App::new(device.saves(), Box::new(kv), pacing()),
            now: 1_000_000,
            tick: None,
            shell: Vec::new(),
            held: Vec::new(),
            inline: true,
            cancelled: Vec::new(),
        }
    }

    pub fn view(&self) -> AppView {
        self.app.view()
    }

    pub fn table(&self) -> TableState {
        self.app.view().table.expect("a game on the table")
    }

    pub fn input(&mut self, input: Input) {
        let effects = self.app.update(self.now, input);
        self.take(effects);
    }

    pub fn send(&mut self, event: AppEvent) {
        self.input(Input::Event(event));
    }

    pub fn act(&mut self, action: TableAction) {
        self.send(AppEvent::Table { action });
    }

    fn take(&mut self, effects: Vec<Effect>) {
        let mut answers = Vec::new();
        for e in effects {
            match e {
                Effect::Shell(s) => self.shell.push((self.now, s)),
                Effect::Tick { at_ms } => self.tick = Some(at_ms),
                Effect::Work { id, job } => {
                    if self.inline {
                        answers.push((id, job));
                    } else {
                        self.held.push((id, job));
                    }
                }
                Effect::CancelWork { id } => {
                    self.cancelled.push(id);
                    self.held.retain(|(h, _)| *h != id);
                }
                Effect::Socket(_) => {}
            }
        }
        for (id, job) in answers {
            let done = yut_app::work::run(job, &AtomicBool::new(false));
            self.input(Input::WorkDone { id, done });
        }
    }

    /// Answers the searches held back.
    pub fn release_work(&mut self) {
        for (id, job) in std::mem::take(&mut self.held) {
            let done = yut_app::work::run(job, &AtomicBool::new(false));
            self.input(Input::WorkDone { id, done });
        }
    }

    /// Moves the clock to `at`, running each tick the app asked for on the way, at its time.
    pub fn advance_to(&mut self, at: u64) {
        while let Some(t) = self.tick.filter(|t| *t <= at) {
            self.now = self.now.max(t);
            self.tick = None;
            self.input(Input::Tick);
        }
        self.now = self.now.max(at);
    }

    pub fn advance(&mut self, ms: u64) {
        self.advance_to(self.now + ms);
    }

    /// Runs every timer (flights, bots' pauses and moves) until none is pending; at most
    /// `steps` ticks.
    pub fn settle(&mut self, steps: usize) {
        for _ in 0..steps {
            match self.tick {
                Some(t) => self.advance_to(t),
                None => return,
            }
        }
        panic!("the table never settled in {steps} ticks");
    }

    /// Throws with a tap and lets the sticks land.
    pub fn throw_and_land(&mut self) {
        self.act(TableAction::ThrowTap);
        let lands = self.table().throw.expect("a throw shown").lands_at_ms;
        self.advance_to(lands);
    }

    /// One step for the person to act: a throw (landed), or the first listed move.
    pub fn person_step(&mut self) {
        let t = self.table();
        if t.can_throw {
            self.throw_and_land();
        } else if t.can_move {
            self.act(TableAction::ChooseMove {
                index: 0,
                state: t.snapshot.state,
            });
        }
    }

    /// Plays until the game is over: people take the first move, bots play themselves.
    pub fn play_out(&mut self, limit: usize) {
        for _ in 0..limit {
            let t = self.table();
            if t.snapshot.over {
                return;
            }
            if t.can_throw || t.can_move {
                self.person_step();
            } else {
                match self.tick {
                    Some(at) => self.advance_to(at),
                    None => panic!("nobody can act and nothing is pending: {:?}", t.status),
                }
            }
        }
        panic!("the game did not end in {limit} steps");
    }

    /// The message on screen, as its kind.
    pub fn said(&self) -> Option<yut_app::message::MessageKind> {
        self.view().message.map(|m| m.kind)
    }

    pub fn cues(&self) -> Vec<(u64, u64, f32)> {
        self.shell
            .iter()
            .filter_map(|(now, s)| match s {
                ShellEffect::Cue {
                    at_ms, strength, ..
                } => Some((*now, *at_ms, *strength)),
                _ => None,
            })
            .collect()
    }
}
