//! What a stranger tries, each bounded: rooms opened from one address, sockets held
//! without a request or silent after one, connections counted from the moment they are
//! accepted. (The byte-bounded outgoing queue under a `sync` flood is tested in
//! `server/src/outbox.rs`; 100,000 malformed messages in `fuzz.rs`.)

mod common;

use common::*;
use serde_json::json;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use yut_net::protocol::ErrorCode;
use yut_net::{ChannelListener, Client, Dial, NetError};

fn a_table() -> yut_net::protocol::RoomSpec {
    table(json!({"preset": "yunnori"}), people(2), quick())
}

async fn client_from(url: &str, from: &str) -> Client {
    let (listener, _rx) = ChannelListener::new();
    let dial = Dial {
        from: Some(from.parse().expect("an address")),
        ..Dial::default()
    };
    Client::dial(url, listener, dial).await.expect("connects")
}

fn refused_as(r: Result<yut_net::Joined, NetError>) -> Option<ErrorCode> {
    r.err().and_then(|e| e.code())
}

#[tokio::test]
async fn one_address_holds_no_more_rooms_than_its_limit_and_others_still_open_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.max_rooms_per_ip = 3;
    c.max_rooms_per_connection = 2;
    let server = yut_server::start(c).await.expect("server starts");
    let url = url(&server);

    let first = client_from(&url, "127.0.0.1").await;
    for _ in 0..2 {
        first
            .create_room("A", a_table(), None)
            .await
            .expect("a room");
    }
    assert_eq!(
        refused_as(first.create_room("A", a_table(), None).await),
        Some(ErrorCode::TooManyRooms),
        "a connection's limit"
    );
    let second = client_from(&url, "127.0.0.1").await;
    second
        .create_room("A", a_table(), None)
        .await
        .expect("a room");
    assert_eq!(
        refused_as(second.create_room("A", a_table(), None).await),
        Some(ErrorCode::TooManyRooms),
        "the address's limit, over two connections"
    );
    // Another household is not locked out.
    let other = client_from(&url, "127.0.0.2").await;
    other
        .create_room("B", a_table(), None)
        .await
        .expect("another address opens its room");
}

/// Reads until the server closes the socket; how long that took.
async fn closed_within(mut s: TcpStream, limit: Duration) -> Duration {
    let started = Instant::now();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(limit, s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => {}
            Err(_) => panic!("still open after {limit:?}"),
        }
    }
}

#[tokio::test]
async fn silent_and_half_sent_sockets_are_closed_within_the_idle_time() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.idle_secs = 1;
    let server = yut_server::start(c).await.expect("server starts");
    let silent = TcpStream::connect(server.addr).await.unwrap();
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET /ws HTTP/1.1\r\nHost: yut\r\nUpgrade: websocket\r\n")
        .await
        .unwrap();
    let (a, b) = tokio::join!(
        closed_within(silent, Duration::from_secs(10)),
        closed_within(half, Duration::from_secs(10))
    );
    assert!(
        a < Duration::from_secs(4),
        "silent socket closed after {a:?}"
    );
    assert!(
        b < Duration::from_secs(4),
        "half-sent upgrade closed after {b:?}"
    );
}

#[tokio::test]
async fn connections_count_against_their_address_from_the_moment_they_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.max_connections_per_ip = 2;
    let server = yut_server::start(c).await.expect("server starts");
    // Two sockets that never send a request hold the address's places...
    let _held = [
        TcpStream::connect(server.addr).await.unwrap(),
        TcpStream::connect(server.addr).await.unwrap(),
    ];
    // ...so a third is refused with the protocol's typed error, not left hanging.
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    let mut answer = String::new();
    tokio::time::timeout(WAIT, third.read_to_string(&mut answer))
        .await
        .expect("an answer in time")
        .ok();
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer:?}");
    assert!(answer.contains("too_many_connections"), "{answer:?}");
}
