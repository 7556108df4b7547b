//! Bad input: 100,000 malformed, oversized, out-of-turn, other-seat and wrong-token
//! messages from several connections while another room plays a game. None is accepted,
//! the server does not fall over, and the other room plays to its end. A flood past the
//! rate limit is refused and then disconnected.

mod common;

use common::*;
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use serde_json::json;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;
use yut_core::session::BotLevel;
use yut_net::protocol::{RoomOptions, SeatSpec, Stage};

/// Messages the fuzzers send in all.
const MESSAGES: usize = 100_000;
const FUZZERS: usize = 4;

#[derive(Default)]
struct Counts {
    sent: AtomicU64,
    accepted: AtomicU64,
    refused: AtomicU64,
    closed: AtomicU64,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn hello(url: &str) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("{url}/ws"))
        .await
        .expect("fuzzer connects");
    ws.send(Message::Text(
        r#"{"type":"hello","protocol":1,"client":"fuzz"}"#.into(),
    ))
    .await
    .unwrap();
    let w = ws.next().await.unwrap().unwrap();
    assert!(w.to_text().unwrap().contains("welcome"));
    ws
}

/// Reads answers until the connection ends, counting what was accepted (but for one
/// `joined`, the answer to the legitimate resume, when `resumed`).
fn count_answers(
    mut read: futures_util::stream::SplitStream<Ws>,
    counts: Arc<Counts>,
    mut resumed: bool,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(Ok(m)) = read.next().await {
            let Ok(t) = m.to_text() else { continue };
            let kind = serde_json::from_str::<serde_json::Value>(t)
                .ok()
                .and_then(|v| v["type"].as_str().map(str::to_string))
                .unwrap_or_default();
            match kind.as_str() {
                "joined" if resumed => resumed = false,
                "ok" | "joined" | "played" | "undone" => {
                    counts.accepted.fetch_add(1, Ordering::Relaxed);
                }
                "error" => {
                    counts.refused.fetch_add(1, Ordering::Relaxed);
                }
                _ => {}
            }
        }
        counts.closed.fetch_add(1, Ordering::Relaxed);
    })
}

/// One bad message of many kinds, for a fuzzer that holds seat 1 of `own` (where a bot
/// holds the turn) and knows the code of the `victim` room it is no member of.
fn bad_message(rng: &mut rand::rngs::StdRng, own: &str, victim: &str) -> String {
    let id = rng.gen::<u32>();
    match rng.gen_range(0..12) {
        0 => "{\"type\":\"throw\",\"seat\":".into(),
        1 => (0..rng.gen_range(1..200))
            .map(|_| char::from(rng.gen_range(0x20u8..0x7f)))
            .collect(),
        2 => json!({"type": "fly", "id": id}).to_string(),
        3 => json!({"type": "throw", "seat": "zero", "id": id}).to_string(),
        4 => json!({"type": "throw", "seat": 1, "id": id}).to_string(),
        5 => json!({"type": "throw", "seat": 0, "id": id}).to_string(),
        6 => json!({"type": "move", "seat": 1, "id": id,
                    "move": {"from": "home", "use": ["mo"]}})
        .to_string(),
        7 => json!({"type": "move", "seat": 1, "id": id,
                    "move": {"from": "nowhere", "use": ["seven"]}})
        .to_string(),
        8 => json!({"type": "undo", "seat": 1, "id": id}).to_string(),
        9 => json!({"type": "start", "id": id}).to_string(),
        10 => json!({"type": "hello", "protocol": 1, "client": "again", "id": id}).to_string(),
        _ => json!({"type": "ready", "seat": rng.gen_range(0..9), "ready": true, "id": id,
                    "code": own, "victim": victim})
        .to_string(),
    }
}

#[tokio::test]
async fn a_hundred_thousand_bad_messages_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.rate_per_sec = 1_000_000;
    config.rate_burst = 1_000_000;
    let server = yut_server::start(config).await.unwrap();
    let url = url(&server);

    // The room that must keep playing.
    let t = table(
        json!({"pieces_per_player": 2}),
        vec![SeatSpec::person(), bot(BotLevel::Easy)],
        quick(),
    );
    let mut victim = host(&url, t, None).await;
    let victim_code = victim.code();
    victim.client.start().await.unwrap();
    victim
        .until_room("the game", |r| r.stage == Stage::Playing)
        .await;

    let counts = Arc::new(Counts::default());
    let mut fuzzers = Vec::new();
    for f in 0..FUZZERS {
        let url = url.clone();
        let victim_code = victim_code.clone();
        let counts = counts.clone();
        fuzzers.push(tokio::spawn(async move {
            // Its own room: a bot at seat 0 holds the turn for an hour; it holds seat 1.
            let slow = RoomOptions {
                bot_delay_ms: 3_600_000,
                ..RoomOptions::default()
            };
            let mut own = host(
                &url,
                table(
                    json!({}),
                    vec![bot(BotLevel::Easy), SeatSpec::person()],
                    slow,
                ),
                Some(vec![1]),
            )
            .await;
            own.client.start().await.unwrap();
            own.until_room("its game", |r| r.stage == Stage::Playing)
                .await;
            let own_code = own.code();
            let tokens = own.tokens.clone();
            own.client.close();
            let mut ws = hello(&url).await;
            ws.send(Message::Text(
                json!({"type": "resume", "code": own_code, "tokens": tokens})
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
            let (mut write, read) = ws.split();
            let reader = count_answers(read, counts.clone(), true);
            let mut rng = rand::rngs::StdRng::seed_from_u64(f as u64);
            for _ in 0..MESSAGES / FUZZERS {
                let m = bad_message(&mut rng, &own_code, &victim_code);
                write.send(Message::Text(m.into())).await.unwrap();
                counts.sent.fetch_add(1, Ordering::Relaxed);
            }
            // Wrong tokens and bad names at the victim room, from a stranger.
            let stranger = hello(&url).await;
            let (mut sw, sr) = stranger.split();
            let sreader = count_answers(sr, counts.clone(), false);
            for i in 0..200 {
                let m = if i % 2 == 0 {
                    json!({"type": "resume", "code": victim_code, "tokens": [format!("{i:064x}")]})
                } else {
                    json!({"type": "join", "code": victim_code, "name": "\u{1b}[31mred"})
                };
                sw.send(Message::Text(m.to_string().into())).await.unwrap();
                counts.sent.fetch_add(1, Ordering::Relaxed);
            }
            // Oversized frames: each is refused and closes its connection.
            for _ in 0..5 {
                let big = hello(&url).await;
                let (mut bw, br) = big.split();
                let breader = count_answers(br, counts.clone(), false);
                let _ = bw.send(Message::Text("x".repeat(64 * 1024).into())).await;
                counts.sent.fetch_add(1, Ordering::Relaxed);
                tokio::time::timeout(WAIT, breader)
                    .await
                    .expect("an oversized frame closes the connection")
                    .unwrap();
            }
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            let _ = write.close().await;
            let _ = sw.close().await;
            let _ = tokio::time::timeout(WAIT, reader).await;
            let _ = tokio::time::timeout(WAIT, sreader).await;
        }));
    }
    // Meanwhile the victim room plays on.
    let steps = play_out(&mut [&mut victim]).await;
    for f in fuzzers {
        f.await.unwrap();
    }
    let sent = counts.sent.load(Ordering::Relaxed);
    let accepted = counts.accepted.load(Ordering::Relaxed);
    let refused = counts.refused.load(Ordering::Relaxed);
    eprintln!("fuzz: {sent} sent, {accepted} accepted, {refused} refused, victim room played {steps} steps");
    assert!(sent >= MESSAGES as u64);
    assert_eq!(accepted, 0, "no bad message is accepted");
    // Answers beyond what a slow reader takes in are dropped, so not every message gets one.
    assert!(
        refused > sent / 5,
        "bad messages get typed errors ({refused} of {sent})"
    );
    // The victim room finished a real game, and the server still answers.
    let room = victim.room.clone().unwrap();
    assert!(
        room.replay().unwrap().is_over()
            || victim
                .view()
                .is_some_and(|v| v.phase == yut_core::game::Phase::Over)
    );
    let again = Player::connect(&url).await;
    again.client.spectate(&victim_code).await.unwrap();
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_flood_is_refused_then_disconnected() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.rate_per_sec = 20;
    config.rate_burst = 40;
    let server = yut_server::start(config).await.unwrap();
    let ws = hello(&url(&server)).await;
    let (mut w, mut r) = ws.split();
    let mut sent = 0;
    for _ in 0..2000 {
        if w.send(Message::Text(r#"{"type":"sync"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
    }
    let mut limited = 0;
    let mut not_in_room = 0;
    while let Ok(Some(Ok(m))) = tokio::time::timeout(WAIT, r.next()).await {
        let t = m.to_text().unwrap_or_default().to_string();
        if t.contains("rate_limited") {
            limited += 1;
        } else if t.contains("not_in_room") {
            not_in_room += 1;
        }
    }
    assert!(sent > 0);
    assert!(
        not_in_room <= 41,
        "at most the burst is read ({not_in_room})"
    );
    assert!(
        limited >= 100,
        "the rest is refused as rate_limited ({limited})"
    );
    server.shutdown().await.unwrap();
}
