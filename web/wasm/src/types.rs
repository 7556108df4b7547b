//! TypeScript declarations of everything the shell sends and draws. The record lists
//! yut-app writes once (`records!`, `view_records!`, …) are handed to `declare_ts`, which
//! declares each item again here with `Tsify`: only for the `.d.ts` wasm-bindgen writes
//! (the values themselves cross as JSON, in serde's shapes, which these declarations
//! describe). Nothing in Rust uses these copies.
#![allow(dead_code)]

/// One `Tsify` declaration per item, with yut-app's attributes (derives, docs, serde).
macro_rules! declare_ts {
    ($($(#[$attr:meta])* pub $kind:ident $name:ident $body:tt)*) => {
        $( $(#[$attr])* #[derive(serde::Serialize, serde::Deserialize, tsify::Tsify)] pub $kind $name $body )*
    };
}

yut_app::flight_records!(declare_ts);
yut_app::records!(declare_ts);
yut_app::message_records!(declare_ts);
yut_app::effect_records!(declare_ts);
yut_app::online_records!(declare_ts);
yut_app::input_records!(declare_ts);
yut_app::view_records!(declare_ts);

/// The mat the page draws before a throw: the core's layout of it and the four sticks
/// waiting on it, drawn (`yut_app::poses::waiting_drawings`).
#[derive(serde::Serialize, tsify::Tsify)]
pub struct MatDrawn {
    pub layout: MatLayout,
    pub waiting: Vec<StickDrawing>,
}

/// The throw `seq` drawn at `fps` from the release to the landing, one list of sticks per
/// frame in the order to draw them (`yut_app::poses::Playback::frames`).
#[derive(serde::Serialize, tsify::Tsify)]
pub struct ThrowFrames {
    pub seq: u64,
    pub started_at_ms: u64,
    pub fps: u32,
    pub frames: Vec<Vec<StickDrawing>>,
}

/// What the glue asks of its executor (the worker): the core's effects, with a search by
/// its id only (the job itself stays in the glue, which runs it on `run_work`). The glue
/// writes `crate::Out`, this enum's twin over yut-app's own `ShellEffect`.
#[derive(serde::Serialize, tsify::Tsify)]
pub enum WebEffect {
    Shell(ShellEffect),
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
    FetchNets {
        files: Vec<String>,
    },
    /// Something waits for the throw's simulation module (`Core::provide_physics`).
    FetchPhysics,
}

/// What the room's socket did (`Core::socket`).
#[derive(serde::Deserialize, tsify::Tsify)]
pub enum WebSocketEvent {
    Opened,
    Text { text: String },
    Closed { reason: String },
}

/// One write of the key/value store, for the executor to make lasting (IndexedDB).
#[derive(serde::Serialize, tsify::Tsify)]
pub struct StoreWrite {
    pub key: String,
    /// `None`: the key was deleted.
    pub bytes: Option<Vec<u8>>,
}
