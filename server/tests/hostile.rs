//! What a stranger tries, each bounded: rooms opened from one address, sockets held
//! without a request or silent after one, connections counted from the moment they are
//! accepted, spectators flooding `sync` and never reading, rooms of bots played by a
//! script. (The outgoing queue's rules are tested one by one in `server/src/outbox.rs`;
//! 100,000 malformed messages in `fuzz.rs`.)

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::json;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use yut_core::session::{Action, BotLevel};
use yut_net::protocol::{ErrorCode, SeatSpec, Stage, PROTOCOL_VERSION};
use yut_net::{ChannelListener, Client, ClientEvent, Dial, NetError};

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

/// A spectator of room `code` that asks for the room 18 times a second (just within the
/// rate limit) for `flood` and never reads a byte (its receive buffer kept small so the
/// server's writes stall at once). Returns how many `sync`s it got out.
async fn flood_sync_without_reading(addr: SocketAddr, code: String, flood: Duration) -> usize {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let tcp = socket.connect(addr).await.unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), tcp)
        .await
        .expect("upgraded");
    let hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "client": "flood"});
    let watch = json!({"type": "spectate", "code": code, "id": 1});
    for m in [hello, watch] {
        ws.send(Message::text(m.to_string())).await.unwrap();
    }
    let until = Instant::now() + flood;
    let mut sent = 0;
    while Instant::now() < until {
        let sync = json!({"type": "sync", "id": sent + 2}).to_string();
        // The server closing the connection (its queue past the bound) ends the flood,
        // and so does a socket whose buffers are full for a second.
        match tokio::time::timeout(Duration::from_secs(1), ws.send(Message::text(sync))).await {
            Ok(Ok(())) => sent += 1,
            Ok(Err(_)) | Err(_) => break,
        }
        tokio::time::sleep(Duration::from_millis(55)).await;
    }
    sent
}

/// Thirty spectators send `sync` as often as the server's default rate limit lets them
/// (18 a second) and never read, while the game they watch goes on: what the server holds
/// for them stays within each connection's bound in bytes (`sync` is answered with the
/// room at most once a second, a new snapshot replaces the old ones, and a connection past
/// its bound is closed), and it all comes back once they are gone.
#[tokio::test]
async fn a_sync_flood_from_spectators_that_never_read_stays_within_the_queue_bound() {
    const SPECTATORS: usize = 30;
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.max_queued_bytes = 32 * 1024;
    let limit = c.max_queued_bytes;
    let server = yut_server::start(c).await.expect("server starts");
    let url = url(&server);
    let seats = vec![SeatSpec::person(), bot(BotLevel::Easy)];
    let mut p = host(
        &url,
        table(json!({"preset": "yunnori"}), seats, quick()),
        None,
    )
    .await;
    p.client.start().await.expect("the game starts");
    p.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    // A game well under way: the room, the largest message, is kilobytes long.
    for _ in 0..40 {
        step(&mut [&mut p]).await;
    }

    let flooders: Vec<_> = (0..SPECTATORS)
        .map(|_| {
            tokio::spawn(flood_sync_without_reading(
                server.addr,
                p.code(),
                Duration::from_secs(3),
            ))
        })
        .collect();
    // The game goes on meanwhile, at a person's pace, so every spectator has changes
    // waiting too; the queues are looked at every few milliseconds.
    let player = tokio::spawn(async move {
        while step(&mut [&mut p]).await {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        p
    });
    let mut most = 0;
    while flooders.iter().any(|f| !f.is_finished()) {
        most = most.max(server.queued_bytes());
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut sent = 0;
    for f in flooders {
        sent += f.await.expect("the flood ran");
    }
    most = most.max(server.queued_bytes());
    let mut p = player.await.expect("the game played out");
    p.drain();
    // One message may take a queue past its bound before the connection is closed: the
    // room with a little more than the game the player saw.
    let room = serde_json::to_string(p.room.as_ref().expect("the room")).unwrap();
    let largest_message = room.len() + 1024;

    assert!(
        most <= SPECTATORS * (limit + largest_message),
        "{most} bytes queued for {SPECTATORS} spectators ({sent} syncs sent)"
    );
    // Each kept to its pace for the three seconds (about 54 syncs each).
    assert!(sent >= SPECTATORS * 40, "the flood ran: {sent} syncs sent");
    // The flooders' sockets are closed now: every byte queued for them is given back.
    let deadline = Instant::now() + WAIT;
    while server.queued_bytes() > 0 {
        assert!(
            Instant::now() < deadline,
            "{} bytes still queued after the spectators left",
            server.queued_bytes()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The person was served all along.
    p.client.sync().await.expect("the player is still served");
}

/// Asking for the room ten times in a row gets it at once and once more a second later
/// (the room as it is then), not ten snapshots: a client cannot make the server
/// serialise the room faster than once a second for it.
#[tokio::test]
async fn sync_is_answered_with_the_room_at_most_once_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let mut p = host(&url(&server), a_table(), None).await;
    p.drain();
    p.events.clear();
    for _ in 0..10 {
        p.client.sync().await.expect("sync answered");
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    p.drain();
    let rooms = p
        .events
        .iter()
        .filter(|e| matches!(e, ClientEvent::Room(_)))
        .count();
    assert_eq!(
        rooms, 2,
        "ten syncs within a second: the room at once and once owed"
    );
}

/// A room of one person and three hard bots that ask for no pause (`bot_delay_ms` 0),
/// played by a script as fast as the server takes it with a rematch after every game:
/// the bots act no faster than the server's `--min-bot-delay-ms`, so such rooms cannot
/// take a core between them, and the rematches are bounded with them.
#[tokio::test]
async fn bots_in_a_room_a_script_plays_act_no_faster_than_the_servers_bound() {
    const DELAY_MS: u64 = 25;
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.min_bot_delay_ms = DELAY_MS;
    let server = yut_server::start(c).await.expect("server starts");
    let url = url(&server);
    let seats = vec![
        SeatSpec::person(),
        bot(BotLevel::Hard),
        bot(BotLevel::Hard),
        bot(BotLevel::Hard),
    ];
    // One piece each: short games, so the window holds rematches too.
    let rules = json!({"preset": "yunnori", "pieces_per_player": 1});
    let mut p = host(&url, table(rules, seats, quick()), None).await;
    p.client.start().await.expect("the game starts");
    p.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    p.events.clear();
    let began = Instant::now();
    let mut games = 1;
    while began.elapsed() < Duration::from_secs(4) {
        if !step(&mut [&mut p]).await {
            p.client
                .rematch()
                .await
                .expect("a rematch after a game played");
            games += 1;
            p.until_room("the rematch", |r| r.game_number == games)
                .await;
        }
    }
    p.drain();
    let took = began.elapsed();
    let by_bots = p
        .events
        .iter()
        .filter(|e| {
            matches!(e, ClientEvent::Played { action: Action::Throw { seat, .. }
                | Action::Move { seat, .. }, .. } if *seat != 0)
        })
        .count();
    // One action per pause, plus the one a pause already running when the window began.
    let bound = (took.as_millis() as u64 / DELAY_MS) as usize + 1;
    assert!(
        by_bots <= bound,
        "{by_bots} bot actions in {took:?}: more than one each {DELAY_MS} ms"
    );
    assert!(by_bots > 0, "the bots played");
    assert!(
        (games - 1) as usize <= by_bots / 3,
        "{} rematches with {by_bots} bot actions: a game has a turn of every bot",
        games - 1
    );
}

/// A client that asks faster than the rate limit allows (a script, or taps faster than
/// 20 a second past the burst) is told `rate_limited` for each request refused, at once:
/// the refusal carries the request's id, so no request waits out its timeout.
#[tokio::test]
async fn a_request_refused_for_its_pace_is_answered_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.rate_per_sec = 20;
    c.rate_burst = 40;
    let server = yut_server::start(c).await.expect("server starts");
    let p = host(&url(&server), a_table(), None).await;
    // The hello and the room's creation took two of the burst.
    let asked = (0..60).map(|_| p.client.sync());
    let answers = tokio::time::timeout(
        Duration::from_secs(5),
        futures_util::future::join_all(asked),
    )
    .await
    .expect("every request answered within 5 s, none left to time out");
    let limited = answers
        .iter()
        .filter(|a| {
            matches!(
                a,
                Err(NetError::Refused {
                    code: ErrorCode::RateLimited,
                    ..
                })
            )
        })
        .count();
    let served = answers.iter().filter(|a| a.is_ok()).count();
    assert_eq!(served + limited, 60, "{answers:?}");
    assert!(limited >= 15, "past the burst: {limited} refused");
}
