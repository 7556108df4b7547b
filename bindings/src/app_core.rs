//! `AppCore`: the app core (yut-app) for Kotlin and Swift, with the executors that belong
//! in Rust. The core runs on a thread of its own, so a shell's `send` never waits: the
//! flight's simulation, the save files and the bots' searches never touch the UI thread.
//! Timers, searches (a worker thread each), storage (the save directory and small files) and
//! the room's socket (a thread of its own, dialled by yut-net: TLS as every client has it)
//! are performed here; the shell hears the view model and the effects that are its own
//! (cues, haptics, announcements, sharing) through an [`AppShell`].

use crate::error::{guarded, YutError};
use crate::file_kv::FileKv;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use yut_app::effect::SocketCommand;
use yut_app::input::{Input, SocketEvent};
use yut_app::view::AppView;
use yut_app::{App, AppEvent, Effect, Pacing, ShellEffect};
use yut_core::save::SaveLibrary;

/// The table's pace, for a shell's screen tests: no bot pause, a flight landing at once
/// or slowed down to look at (`flight_percent`). The app itself uses [`default_pacing`].
#[uniffi::remote(Record)]
pub struct Pacing {
    pub bot_pause_ms: u32,
    pub hop_ms: u32,
    pub drop_ms: u32,
    pub flight_percent: u32,
    pub bot_budget_ms: u32,
    pub hint_budget_ms: u32,
    pub review_budget_ms: u32,
    pub bot_nodes: Option<u64>,
}

/// The pace the app plays at.
#[uniffi::export]
pub fn default_pacing() -> Pacing {
    Pacing::default()
}

/// What the app's shell hears. Called on the core's thread, in order: hand the values to
/// the UI thread and return.
#[uniffi::export(with_foreign)]
pub trait AppShell: Send + Sync {
    /// Everything the screens draw, after every change.
    fn on_view(&self, view: AppView);
    /// The effects the platform performs (cues, haptics, announcements, sharing), in order.
    fn on_effects(&self, effects: Vec<ShellEffect>);
}

enum Msg {
    Event(AppEvent),
    Done {
        id: u64,
        done: yut_app::work::Done,
    },
    /// What the room's socket `gen` did (a socket replaced or closed since is not heard).
    Socket {
        gen: u64,
        event: SocketEvent,
    },
    /// Answered once everything sent before it has been handled (`AppCore::flush`).
    Flush(Sender<()>),
    Stop,
}

/// The app core. Make one per app (the shells' adapter holds it), send it what the person
/// does, draw what it says.
#[derive(uniffi::Object)]
pub struct AppCore {
    tx: Mutex<Option<Sender<Msg>>>,
    view: Arc<Mutex<AppView>>,
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The core's thread: inputs in, effects performed, the view told.
struct Runner {
    app: App,
    shell: Arc<dyn AppShell>,
    tx: Sender<Msg>,
    view: Arc<Mutex<AppView>>,
    tick: Option<u64>,
    searches: HashMap<u64, Arc<AtomicBool>>,
    /// The room's socket: its frames to send (dropping it closes the socket).
    socket: Option<tokio::sync::mpsc::UnboundedSender<String>>,
    /// Which socket is the room's (each open counts one).
    socket_gen: u64,
}

impl Runner {
    fn input(&mut self, input: Input) {
        let app = &mut self.app;
        let effects =
            catch_unwind(AssertUnwindSafe(|| app.update(now_ms(), input))).unwrap_or_default();
        let mut shell = Vec::new();
        for e in effects {
            match e {
                Effect::Shell(s) => shell.push(s),
                Effect::Tick { at_ms } => self.tick = Some(at_ms),
                Effect::Work { id, job } => self.search(id, job),
                Effect::CancelWork { id } => {
                    if let Some(stop) = self.searches.remove(&id) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Effect::Socket(c) => self.socket(c),
            }
        }
        let view = self.app.view();
        *lock(&self.view) = view.clone();
        let listener = self.shell.clone();
        let _ = catch_unwind(AssertUnwindSafe(|| {
            if !shell.is_empty() {
                listener.on_effects(shell);
            }
            listener.on_view(view);
        }));
    }

    /// Performs a socket command: a socket opens on a thread of its own and reports back
    /// as inputs; frames go to it in order; closing drops it.
    fn socket(&mut self, command: SocketCommand) {
        match command {
            SocketCommand::Open { url } => {
                self.socket_gen += 1;
                let gen = self.socket_gen;
                let (out, frames) = tokio::sync::mpsc::unbounded_channel();
                // The previous socket's sender goes: it closes.
                self.socket = Some(out);
                let tx = self.tx.clone();
                let report = move |event| {
                    let _ = tx.send(Msg::Socket { gen, event });
                };
                let spawned = std::thread::Builder::new()
                    .name("yunnori-room".into())
                    .spawn({
                        let report = report.clone();
                        move || room_socket(&url, frames, report)
                    });
                if let Err(e) = spawned {
                    report(SocketEvent::Closed {
                        reason: format!("the room's thread did not start: {e}"),
                    });
                }
            }
            SocketCommand::Send { text } => {
                if let Some(out) = self.socket.as_ref() {
                    let _ = out.send(text);
                }
            }
            SocketCommand::Close => {
                self.socket = None;
                self.socket_gen += 1;
            }
        }
    }

    /// Runs a search on a worker thread; its answer comes back as an input.
    fn search(&mut self, id: u64, job: yut_app::work::Job) {
        let stop = Arc::new(AtomicBool::new(false));
        self.searches.insert(id, stop.clone());
        let tx = self.tx.clone();
        let spawned = std::thread::Builder::new()
            .name("yunnori-search".into())
            .spawn(move || {
                let done = catch_unwind(AssertUnwindSafe(|| yut_app::work::run(job, &stop)))
                    .unwrap_or(yut_app::work::Done::Cancelled);
                let _ = tx.send(Msg::Done { id, done });
            });
        if spawned.is_err() {
            self.searches.remove(&id);
        }
    }

    fn run(mut self, rx: mpsc::Receiver<Msg>) {
        loop {
            let msg = match self.tick {
                Some(at) => {
                    let wait = at.saturating_sub(now_ms());
                    match rx.recv_timeout(Duration::from_millis(wait)) {
                        Ok(m) => Some(m),
                        Err(RecvTimeoutError::Timeout) => None,
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
                None => match rx.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return,
                },
            };
            match msg {
                Some(Msg::Event(e)) => self.input(Input::Event(e)),
                Some(Msg::Done { id, done }) => {
                    self.searches.remove(&id);
                    self.input(Input::WorkDone { id, done });
                }
                Some(Msg::Socket { gen, event }) => {
                    if gen == self.socket_gen {
                        self.input(Input::Socket(event));
                    }
                }
                Some(Msg::Flush(done)) => {
                    let _ = done.send(());
                }
                Some(Msg::Stop) => {
                    for stop in self.searches.values() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    return;
                }
                None => {
                    self.tick = None;
                    self.input(Input::Tick);
                }
            }
        }
    }
}

/// The room's socket, on its own thread: dialled by yut-net (its socket address, TLS with
/// the web's certificate authorities), then its frames carried both ways until either side
/// ends it; everything it does is reported as a `SocketEvent`.
fn room_socket(
    url: &str,
    frames: tokio::sync::mpsc::UnboundedReceiver<String>,
    report: impl Fn(SocketEvent),
) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            return report(SocketEvent::Closed {
                reason: e.to_string(),
            })
        }
    };
    runtime.block_on(async {
        let dial = yut_net::Dial::default();
        match yut_net::client::open_socket(url, &dial).await {
            Err(e) => report(SocketEvent::Closed {
                reason: e.to_string(),
            }),
            Ok(socket) => {
                report(SocketEvent::Opened);
                let ended = yut_net::client::carry(socket, frames, |text| {
                    report(SocketEvent::Text { text })
                })
                .await;
                if let Some(reason) = ended {
                    report(SocketEvent::Closed { reason });
                }
            }
        }
    });
}

#[uniffi::export]
impl AppCore {
    /// The app over the app's private directory `data_dir` (saved games in `saves/`, the
    /// settings and the room tickets beside them); `shell` hears it.
    #[uniffi::constructor]
    pub fn new(data_dir: String, shell: Arc<dyn AppShell>) -> Result<Arc<AppCore>, YutError> {
        AppCore::with_pacing(data_dir, shell, Pacing::default())
    }

    /// The app at another pace than the app's own (a shell's screen tests).
    #[uniffi::constructor]
    pub fn with_pacing(
        data_dir: String,
        shell: Arc<dyn AppShell>,
        pacing: Pacing,
    ) -> Result<Arc<AppCore>, YutError> {
        guarded(|| {
            let dir = PathBuf::from(data_dir);
            let saves = SaveLibrary::open(dir.join("saves"))
                .map_err(|e| yut_app::error::from_save(e, ""))?;
            let kv = FileKv::open(dir.clone()).map_err(|e| YutError::Io { reason: e.0 })?;
            crate::legacy_rooms::adopt(&kv, &dir);
            let app = App::new(Box::new(saves), Box::new(kv), pacing);
            let view = Arc::new(Mutex::new(app.view()));
            let (tx, rx) = mpsc::channel();
            let runner = Runner {
                app,
                shell,
                tx: tx.clone(),
                view: view.clone(),
                tick: None,
                searches: HashMap::new(),
                socket: None,
                socket_gen: 0,
            };
            std::thread::Builder::new()
                .name("yunnori-app".into())
                .spawn(move || runner.run(rx))
                .map_err(|e| YutError::Internal {
                    reason: format!("the app's thread did not start: {e}"),
                })?;
            Ok(Arc::new(AppCore {
                tx: Mutex::new(Some(tx)),
                view,
            }))
        })
    }

    /// What the person did. Returns at once; the shell hears the new view.
    pub fn send(&self, event: AppEvent) -> Result<(), YutError> {
        let sent = lock(&self.tx)
            .as_ref()
            .map(|tx| tx.send(Msg::Event(event)).is_ok());
        match sent {
            Some(true) => Ok(()),
            _ => Err(YutError::StaleObject {
                reason: "the app core was shut down".into(),
            }),
        }
    }

    /// Waits until the core has handled every event sent before this call, and so saved
    /// what they changed: the app's last moments before the system suspends it (a
    /// background task). Blocks the caller: never call it on the UI thread. Returns at once
    /// after `shutdown`.
    pub fn flush(&self) {
        let (done, handled) = mpsc::channel();
        let sent = lock(&self.tx)
            .as_ref()
            .is_some_and(|tx| tx.send(Msg::Flush(done)).is_ok());
        if sent {
            // The core's thread answers, or drops the sender when it stops: either ends this.
            let _ = handled.recv();
        }
    }

    /// The view as it stands now.
    pub fn view(&self) -> AppView {
        lock(&self.view).clone()
    }

    /// Stops the core's thread and its searches (everything is saved already). Not
    /// `close`: Kotlin's `AutoCloseable.close` frees the object.
    pub fn shutdown(&self) {
        if let Some(tx) = lock(&self.tx).take() {
            let _ = tx.send(Msg::Stop);
        }
    }
}

impl Drop for AppCore {
    fn drop(&mut self) {
        self.shutdown();
    }
}
