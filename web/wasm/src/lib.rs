//! yut-web: Yunnori's app core (yut-app) for the browser, behind wasm-bindgen.
//!
//! The TypeScript shell runs [`Core`] in a Web Worker: a bot's search, a hint or a review
//! can take a second and a throw's simulation some milliseconds, and none of that may
//! hold up the page while the sticks fly. The worker is the executor: it calls
//! [`Core::tick`] when the core's timer is due (setTimeout), [`Core::run_work`] for a
//! search (inline, after the view of the update that asked for it is out), makes the
//! store's writes lasting in IndexedDB ([`Core::take_writes`]) and owns the room's
//! WebSocket. The page draws the view and plays the shell's effects.
//!
//! The bots' networks are not in this WebAssembly (yut-core without `embedded-nets`: they
//! were 60 % of it): a search that needs one waits while the worker fetches the file the
//! core names and hands it over ([`Core::provide_net`]).
//!
//! Nor is the throw's simulation (yut-app without its `physics` feature: rapier was two
//! thirds of the rest): it is a module of its own (web/physics-wasm) that the page fetches
//! once the menu shows. The core plans flights through `WebPlanner`, which calls that
//! module's `plan` once the worker has handed it over ([`Core::provide_physics`]); until
//! then the app core holds whatever may throw (`App::waits_for_planner`) and the worker
//! hears `FetchPhysics`.
//!
//! Values cross as JSON in serde's shapes; `types.rs` declares them to TypeScript. A
//! malformed event is refused with an error, never a panic.

mod kv;
mod links;
mod types;

use kv::WebKv;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use types::{StoreWrite, WebSocketEvent};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yut_app::effect::SocketCommand;
use yut_app::flight::Planner;
use yut_app::input::{Input, SocketEvent};
use yut_app::kv_saves::KvSaves;
use yut_app::store::SaveStore;
use yut_app::work::Job;
use yut_app::{App, AppEvent, Effect, Pacing};
use yut_core::bot::net::{self, NetFile};
use yut_physics::{wire, Flight, Swipe, Target};

thread_local! {
    /// The simulation module's `plan(swipe: Float32Array, flat: number, nak: boolean,
    /// salt: bigint): Uint8Array`, once the worker has it (the worker's one thread).
    static SIMULATION: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// Plans flights with the simulation module (see the crate's doc).
struct WebPlanner;

impl Planner for WebPlanner {
    fn ready(&self) -> bool {
        SIMULATION.with(|s| s.borrow().is_some())
    }

    fn plan(&self, swipe: &Swipe, target: Target, salt: u64) -> Option<Flight> {
        let plan = SIMULATION.with(|s| s.borrow().clone())?;
        let words = js_sys::Float32Array::from(&wire::swipe_words(swipe)[..]);
        let flat = (0..4).fold(0u8, |bits, i| bits | (u8::from(target.flat[i]) << i));
        let args = js_sys::Array::of4(
            &words,
            &JsValue::from(flat),
            &JsValue::from(target.nak),
            &js_sys::BigInt::from(salt).into(),
        );
        let bytes: js_sys::Uint8Array = plan.apply(&JsValue::NULL, &args).ok()?.dyn_into().ok()?;
        wire::decode(&bytes.to_vec())
    }
}

/// An effect for the worker, as `types::WebEffect` declares it to TypeScript.
#[derive(serde::Serialize)]
enum Out {
    Shell(yut_app::ShellEffect),
    Tick {
        at_ms: u64,
    },
    Work {
        id: u64,
    },
    CancelWork {
        id: u64,
    },
    SocketOpen {
        url: String,
    },
    SocketSend {
        text: String,
    },
    SocketClose,
    /// Bots' networks a search waits for (file names of `core/src/bot/`): fetch each and
    /// hand it to [`Core::provide_net`].
    FetchNets {
        files: Vec<String>,
    },
    /// Something waits for the throw's simulation: get its module to
    /// [`Core::provide_physics`].
    FetchPhysics,
}

/// `types::MatDrawn`'s twin over yut-app's own records.
#[derive(serde::Serialize)]
struct MatDrawn {
    layout: yut_app::flight::MatLayout,
    waiting: Vec<yut_app::flight::StickDrawing>,
}

/// `types::ThrowFrames`'s twin over yut-app's own records.
#[derive(serde::Serialize)]
struct ThrowFrames {
    seq: u64,
    started_at_ms: u64,
    fps: u32,
    frames: Vec<Vec<yut_app::flight::StickDrawing>>,
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))
}

/// Milliseconds from JavaScript (`Date.now()`), as the core's clock.
fn millis(now_ms: f64) -> u64 {
    if now_ms.is_finite() && now_ms > 0.0 {
        now_ms as u64
    } else {
        0
    }
}

/// The app core with its searches waiting to run.
#[wasm_bindgen]
pub struct Core {
    app: App,
    kv: WebKv,
    jobs: HashMap<u64, Job>,
    /// Searches asked for whose networks are still on their way (ids into `jobs`).
    parked: Vec<u64>,
    /// The throw whose frames [`Core::throw_frames`] last gave.
    frames_seq: Option<u64>,
}

#[wasm_bindgen]
impl Core {
    /// The core over the values read from IndexedDB (`keys[i]` holds `values[i]`); rooms
    /// go to `server` (the page's own origin as `ws://` or `wss://`) unless the settings
    /// name another, so the room socket is same-origin with the page.
    #[wasm_bindgen(constructor)]
    pub fn new(keys: Vec<String>, values: Vec<js_sys::Uint8Array>, server: &str) -> Core {
        yut_net::links::set_link_parser(links::browser_link);
        let kv = WebKv::default();
        for (k, v) in keys.into_iter().zip(values) {
            kv.preload(k, v.to_vec());
        }
        let mut app = App::with_planner(
            Box::new(KvSaves::new(kv.clone())),
            Box::new(kv.clone()),
            Pacing::default(),
            Box::new(WebPlanner),
        );
        app.set_default_server(server);
        Core {
            app,
            kv,
            jobs: HashMap::new(),
            parked: Vec::new(),
            frames_seq: None,
        }
    }

    /// Sends what the person did (an `AppEvent` as JSON); returns the effects (JSON
    /// `WebEffect[]`).
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn send(&mut self, now_ms: f64, event: &str) -> Result<String, JsError> {
        let event: AppEvent =
            serde_json::from_str(event).map_err(|e| JsError::new(&format!("event: {e}")))?;
        self.input(now_ms, Input::Event(event))
    }

    /// Time passed: every timer due by `now_ms` runs.
    pub fn tick(&mut self, now_ms: f64) -> Result<String, JsError> {
        self.input(now_ms, Input::Tick)
    }

    /// Runs the search `id` asked for by a `Work` effect, here and now, and hands its answer
    /// to the core; nothing when it was cancelled meanwhile. A search that needs a bot's
    /// network not loaded yet asks for its file (`FetchNets`): a hint or a review waits for
    /// it ([`Core::provide_net`] runs it once there), a bot's move is answered as missing
    /// and the core asks again (and says so when the wait is long).
    pub fn run_work(&mut self, now_ms: f64, id: f64) -> Result<String, JsError> {
        let out = self.run_job(now_ms, millis(id));
        json(&out)
    }

    /// A bot's network, fetched as a `FetchNets` effect asked (`name`: its file name, the
    /// bytes as shipped); runs the searches that waited for it. Refused when the name is not
    /// one of the networks or the bytes do not read as one.
    pub fn provide_net(
        &mut self,
        now_ms: f64,
        name: &str,
        bytes: &[u8],
    ) -> Result<String, JsError> {
        let file = NetFile::from_file_name(name)
            .ok_or_else(|| JsError::new(&format!("no network is called {name:?}")))?;
        net::provide(file, bytes).map_err(|e| JsError::new(&e.to_string()))?;
        let mut out = Vec::new();
        for id in std::mem::take(&mut self.parked) {
            out.extend(self.run_job(now_ms, id));
        }
        json(&out)
    }

    /// The simulation module has arrived: `plan` is its export of that name. Whatever
    /// waited for it (a throw, a bot's turn, the room's news) goes on now.
    pub fn provide_physics(
        &mut self,
        now_ms: f64,
        plan: js_sys::Function,
    ) -> Result<String, JsError> {
        SIMULATION.with(|s| *s.borrow_mut() = Some(plan));
        let effects = self.app.planner_ready(millis(now_ms));
        let out = self.outs(effects);
        json(&out)
    }

    /// What the room's socket did (a `WebSocketEvent` as JSON).
    pub fn socket(&mut self, now_ms: f64, event: &str) -> Result<String, JsError> {
        let event: WebSocketEvent =
            serde_json::from_str(event).map_err(|e| JsError::new(&format!("socket: {e}")))?;
        let event = match event {
            WebSocketEvent::Opened => SocketEvent::Opened,
            WebSocketEvent::Text { text } => SocketEvent::Text { text },
            WebSocketEvent::Closed { reason } => SocketEvent::Closed { reason },
        };
        self.input(now_ms, Input::Socket(event))
    }

    /// Everything the screens draw (JSON `AppView`).
    pub fn view(&self) -> Result<String, JsError> {
        json(&self.app.view())
    }

    /// The sticks of the throw on the table drawn for every frame from the release to the
    /// landing (JSON `ThrowFrames`), once per throw: an empty string when there is none or
    /// its frames were given already. The page plays them back by the clock, so it never
    /// waits on this worker while the sticks fly.
    pub fn throw_frames(&mut self) -> Result<String, JsError> {
        let view = self.app.view();
        let Some(shown) = view.table.and_then(|t| t.throw) else {
            return Ok(String::new());
        };
        if self.frames_seq == Some(shown.seq) {
            return Ok(String::new());
        }
        self.frames_seq = Some(shown.seq);
        let (seq, started_at_ms) = (shown.seq, shown.started_at_ms);
        let fps = shown.flight.fps.max(1);
        let frames = yut_app::poses::Playback::new(shown, None).frames();
        json(&ThrowFrames {
            seq,
            started_at_ms,
            fps,
            frames,
        })
    }

    /// The store's writes since the last call, for IndexedDB (JSON `StoreWrite[]`).
    pub fn take_writes(&self) -> Result<String, JsError> {
        let writes: Vec<StoreWrite> = self
            .kv
            .take_writes()
            .into_iter()
            .map(|(key, bytes)| StoreWrite { key, bytes })
            .collect();
        json(&writes)
    }

    /// The save file of game `id` (docs/SAVES.md), to download.
    pub fn export_save(&self, id: &str) -> Result<Vec<u8>, JsError> {
        let saves = KvSaves::new(self.kv.clone());
        let loaded = saves.load(id).map_err(|e| JsError::new(&e.to_string()))?;
        yut_core::save::encode(&loaded.session).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Adds a save file a person chose: checked whole (a damaged or newer file is refused
    /// and nothing is stored), kept under its own id. Returns the id; send `Refresh` for
    /// the saved games list to show it.
    pub fn import_save(&mut self, bytes: &[u8]) -> Result<String, JsError> {
        let loaded = yut_core::save::decode(bytes).map_err(|e| JsError::new(&e.to_string()))?;
        let saves = KvSaves::new(self.kv.clone());
        saves
            .save(&loaded.session, None)
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(loaded.session.id)
    }

    /// Runs job `id` now, or parks it while its networks are missing.
    fn run_job(&mut self, now_ms: f64, id: u64) -> Vec<Out> {
        let Some(job) = self.jobs.remove(&id) else {
            return Vec::new();
        };
        let missing = job.missing_nets();
        if !missing.is_empty() {
            let files = missing.iter().map(|f| f.file_name().to_string()).collect();
            let mut out = vec![Out::FetchNets { files }];
            if matches!(job, Job::BotMove { .. }) {
                // A bot's move is not parked: the core hears the network is missing (the
                // search refuses at once), asks again shortly and says so when the wait is
                // long (the network may never come, offline).
                let done = yut_app::work::run(job, &AtomicBool::new(false));
                out.extend(self.update(now_ms, Input::WorkDone { id, done }));
            } else {
                self.jobs.insert(id, job);
                self.parked.push(id);
            }
            return out;
        }
        let done = yut_app::work::run(job, &AtomicBool::new(false));
        // The search took a while: its answer comes at the time it is done.
        let now = now_ms.max(js_sys::Date::now());
        self.update(now, Input::WorkDone { id, done })
    }

    fn input(&mut self, now_ms: f64, input: Input) -> Result<String, JsError> {
        let out = self.update(now_ms, input);
        json(&out)
    }

    fn update(&mut self, now_ms: f64, input: Input) -> Vec<Out> {
        let effects = self.app.update(millis(now_ms), input);
        self.outs(effects)
    }

    fn outs(&mut self, effects: Vec<Effect>) -> Vec<Out> {
        let mut out: Vec<Out> = effects
            .into_iter()
            .map(|e| match e {
                Effect::Shell(s) => Out::Shell(s),
                Effect::Tick { at_ms } => Out::Tick { at_ms },
                Effect::Work { id, job } => {
                    self.jobs.insert(id, job);
                    Out::Work { id }
                }
                Effect::CancelWork { id } => {
                    self.jobs.remove(&id);
                    self.parked.retain(|p| *p != id);
                    Out::CancelWork { id }
                }
                Effect::Socket(SocketCommand::Open { url }) => Out::SocketOpen { url },
                Effect::Socket(SocketCommand::Send { text }) => Out::SocketSend { text },
                Effect::Socket(SocketCommand::Close) => Out::SocketClose,
            })
            .collect();
        if self.app.waits_for_planner() {
            out.push(Out::FetchPhysics);
        }
        out
    }
}

/// The board: stations with their drawing positions and names, and the lines (JSON
/// `BoardLayout`).
#[wasm_bindgen]
pub fn board_layout() -> Result<String, JsError> {
    json(&yut_app::catalog::board_layout())
}

/// The six results with their names (JSON `ThrowInfo[]`).
#[wasm_bindgen]
pub fn throw_kinds() -> Result<String, JsError> {
    json(&yut_app::catalog::throw_kinds())
}

/// Where the sticks lie on a mat of this size, with the four waiting to be picked up drawn
/// (JSON `MatDrawn`).
#[wasm_bindgen]
pub fn mat_layout(width: f32, height: f32) -> Result<String, JsError> {
    let layout = yut_app::flight::mat_layout(yut_app::flight::Mat { width, height });
    json(&MatDrawn {
        layout,
        waiting: yut_app::poses::waiting_drawings(layout),
    })
}
