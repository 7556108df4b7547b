//! A server that stops (gracefully, or killed with SIGKILL) and starts again resumes every
//! room exactly: the same seats, the same history, and no throw drawn again.

mod common;

use common::*;
use serde_json::json;
use std::process::Child;
use yut_core::session::Action;
use yut_net::protocol::Stage;
use yut_net::ClientEvent;

fn throws(history: &[Action]) -> usize {
    history
        .iter()
        .filter(|a| matches!(a, Action::Throw { .. }))
        .count()
}

/// Resumes both players' seats on `url`, checks the history came back as it was.
async fn come_back(url: &str, code: &str, a: &Player, b: &Player) -> (Player, Player) {
    let mut a2 = Player::connect(url).await;
    let j = a2.client.resume(code, a.tokens.clone()).await.unwrap();
    a2.took(&j);
    assert!(j.host, "the host is the host again");
    a2.until_room("the room", |_| true).await;
    let mut b2 = Player::connect(url).await;
    let j = b2.client.resume(code, b.tokens.clone()).await.unwrap();
    b2.took(&j);
    b2.until_room("the room", |_| true).await;
    let seen = std::cmp::max_by_key(&a.played, &b.played, |p| p.len());
    assert_eq!(&a2.played, seen, "the history is exactly as it was");
    assert_eq!(&b2.played, seen);
    let r = a2.room.as_ref().unwrap();
    assert_ne!(r.stage, Stage::Lobby, "the game goes on");
    assert_eq!(
        r.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        vec!["Host".to_string(), "Mina".to_string()]
    );
    (a2, b2)
}

async fn table_of_two(url: &str) -> (Player, Player) {
    let mut a = host(
        url,
        table(json!({"pieces_per_player": 3}), people(2), quick()),
        None,
    )
    .await;
    let code = a.code();
    let b = guest(url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[1].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    (a, b)
}

#[tokio::test]
async fn a_graceful_restart_resumes_the_room() {
    let dir = tempfile::tempdir().unwrap();
    let first = server(dir.path()).await;
    let (mut a, mut b) = table_of_two(&url(&first)).await;
    let code = a.code();
    for _ in 0..15 {
        step(&mut [&mut a, &mut b]).await;
    }
    a.drain();
    let before = a.played.clone();
    first.shutdown().await.unwrap();
    a.until("closing", |e| matches!(e, ClientEvent::Closing { .. }))
        .await;
    a.client.close();
    b.client.close();
    let second = server(dir.path()).await;
    assert_eq!(second.restored, 1);
    let (mut a2, mut b2) = come_back(&url(&second), &code, &a, &b).await;
    assert_eq!(a2.played, before);
    play_out(&mut [&mut a2, &mut b2]).await;
    assert_eq!(
        &a2.played[..before.len()],
        &before[..],
        "no throw drawn again"
    );
    second.shutdown().await.unwrap();
}

struct Killable {
    child: Child,
    url: String,
}

impl Killable {
    fn start(dir: &std::path::Path) -> Killable {
        let dir = dir.to_string_lossy();
        let (child, url) = spawn_server(&[
            "--data",
            &dir,
            "--max-connections-per-ip",
            "1000",
            "--rate-per-sec",
            "1000",
            "--rate-burst",
            "1000",
        ]);
        Killable { child, url }
    }

    /// SIGKILL: no shutdown, nothing flushed that was not already stored.
    fn kill(self) {
        drop(self);
    }
}

/// A failing test kills its server too, rather than leave it running.
impl Drop for Killable {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills in the test below: the figure.
const KILLS: usize = 20;
const ROOMS: usize = 3;

#[tokio::test]
async fn a_server_killed_with_sigkill_loses_no_action_and_draws_no_throw_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Killable::start(dir.path());
    let mut rooms = Vec::new();
    for _ in 0..ROOMS {
        rooms.push(table_of_two(&server.url).await);
    }
    let mut checked = 0;
    for kill in 1..=KILLS {
        for (a, b) in rooms.iter_mut() {
            for _ in 0..5 {
                if !step(&mut [a, b]).await {
                    break;
                }
            }
            a.drain();
        }
        // The history as the client that acted last saw it (the other's copy may lag).
        let before: Vec<Vec<Action>> = rooms
            .iter()
            .map(|(a, b)| std::cmp::max_by_key(a.played.clone(), b.played.clone(), Vec::len))
            .collect();
        for (a, b) in &rooms {
            a.client.close();
            b.client.close();
        }
        server.kill();
        server = Killable::start(dir.path());
        let mut back = Vec::new();
        for (i, (a, b)) in rooms.iter().enumerate() {
            let code = a.code();
            let (a2, b2) = come_back(&server.url, &code, a, b).await;
            // Every action a client saw accepted was stored before it was broadcast.
            assert_eq!(
                a2.played, before[i],
                "kill {kill}, room {i}: 0 accepted actions lost"
            );
            assert_eq!(
                throws(&a2.played),
                throws(&before[i]),
                "kill {kill}, room {i}: no throw drawn again"
            );
            checked += 1;
            back.push((a2, b2));
        }
        rooms = back;
    }
    assert_eq!(checked, KILLS * ROOMS);
    for (a, b) in rooms.iter_mut() {
        play_out(&mut [a, b]).await;
    }
    server.kill();
}
