//! yut-server: online rooms for Yunnori. Each room is a task holding a yut-core `Session`;
//! clients send intents over a WebSocket (`docs/PROTOCOL.md`), the room checks them with
//! the engine, stores each accepted action, then tells everyone.

pub mod bots;
pub mod cluster;
pub mod config;
pub mod limits;
pub mod outbox;
pub mod peer;
pub mod postgres;
pub mod proxy;
pub mod room;
pub mod rooms;
pub mod server;
pub mod shared;
pub mod shutdown;
pub mod socket;
pub mod sqlite;
pub mod store;
pub mod web;

pub use config::Config;
pub use server::{start, start_with_store, Running, ServerError};
