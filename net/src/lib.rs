//! yut-net: Yunnori's online rooms protocol (`protocol`, shared with the server) and the
//! client (`client`) that the terminal game and, through yut-ffi, the apps use.

pub mod links;
pub mod protocol;
pub mod verify;

#[cfg(feature = "client")]
pub mod client;

#[cfg(feature = "client")]
pub use client::{
    Backoff, ChannelListener, Client, ClientEvent, ConnectionState, Dial, Joined, Listener,
    NetError, Trust,
};
