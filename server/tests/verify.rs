//! Throws anyone can check: a room commits to its game's secret before the first throw,
//! reveals it at the end, and the clients check every throw against it; a throw changed
//! in a room's log is caught.

mod common;

use common::*;
use serde_json::json;
use yut_core::session::Action;
use yut_net::protocol::{RoomSnapshot, Stage};
use yut_net::verify::ThrowCheck;
use yut_net::ClientEvent;

/// The throws' checks this player's client told, in order.
fn checks(p: &Player) -> Vec<ThrowCheck> {
    p.events
        .iter()
        .filter_map(|e| match e {
            ClientEvent::Throws(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

/// A throw of the room's log, changed: its sticks turned over, its outcome left as it was
/// (what a server that swapped a throw and forgot the sticks would send), or both changed.
fn tamper(room: &RoomSnapshot, also_outcome: bool) -> RoomSnapshot {
    let mut r = room.clone();
    let g = r.game.as_mut().expect("a game");
    let throw = g
        .history
        .iter_mut()
        .rev()
        .find_map(|a| match a {
            Action::Throw {
                outcome, sticks, ..
            } => Some((outcome, sticks)),
            _ => None,
        })
        .expect("a throw");
    throw.1[1] = !throw.1[1];
    if also_outcome {
        *throw.0 =
            yut_core::throw::Outcome::Result(yut_core::throw::Throw::from_sticks(*throw.1, true));
    }
    r
}

#[tokio::test]
async fn every_throw_is_checked_against_the_secret_committed_to_before_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(
        &url,
        table(
            json!({"preset": "yunnori", "pieces_per_player": 2, "first_player": "throw_off"}),
            people(2),
            quick(),
        ),
        None,
    )
    .await;
    let code = a.code();
    let mut b = guest(&url, &code, "Mina").await;
    // A spectator hears the game too, and checks it for itself.
    let mut watcher = Player::connect(&url).await;
    watcher.client.spectate(&code).await.unwrap();
    a.until_room("b ready", |r| r.seats[1].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    // Before the first throw: the commitment, and no secret.
    let g = a.room.as_ref().unwrap().game.clone().unwrap();
    let commitment = g
        .commitment
        .clone()
        .expect("a commitment before the first throw");
    assert_eq!(commitment.len(), 64);
    assert!(
        g.secret.is_none(),
        "the secret is not told while the game goes on"
    );
    assert!(g.history.is_empty());
    assert_eq!(a.client.throw_check(), Some(ThrowCheck::Committed));

    play_out(&mut [&mut a, &mut b]).await;
    a.until_over().await;
    b.until_over().await;
    watcher.until_over().await;
    // Each client checked every throw at the end, by itself.
    for (who, p) in [
        ("host", &mut a),
        ("guest", &mut b),
        ("spectator", &mut watcher),
    ] {
        p.drain();
        let told = checks(p);
        assert_eq!(
            told.first(),
            Some(&ThrowCheck::Committed),
            "{who}: {told:?}"
        );
        let Some(ThrowCheck::Verified { throws }) = told.last().cloned() else {
            panic!("{who} did not verify the throws: {told:?}");
        };
        assert!(throws > 4, "{who}: {throws} throws checked");
        assert_eq!(p.client.throw_check(), told.last().cloned());
    }
    // The room as it ends: the secret revealed, and it fits the commitment heard before.
    a.client.sync().await.unwrap();
    a.until("the synced room", |e| matches!(e, ClientEvent::Room(_)))
        .await;
    let room = a.room.clone().unwrap();
    let g = room.game.as_ref().unwrap();
    assert_eq!(g.commitment.as_deref(), Some(commitment.as_str()));
    assert!(g.secret.is_some());
    assert!(matches!(
        room.throw_check(),
        Some(ThrowCheck::Verified { .. })
    ));

    // One throw changed in the log: caught, whether or not its outcome was changed to fit.
    for also_outcome in [false, true] {
        match tamper(&room, also_outcome).throw_check() {
            Some(ThrowCheck::Mismatch { reason }) => {
                assert!(reason.contains("history entry"), "{reason}")
            }
            other => panic!("a changed throw passed: {other:?}"),
        }
    }
    // A secret that is not the one committed to: caught.
    let mut other = room.clone();
    other.game.as_mut().unwrap().secret = Some("00".repeat(32));
    match other.throw_check() {
        Some(ThrowCheck::Mismatch { reason }) => assert!(reason.contains("commitment"), "{reason}"),
        o => panic!("another secret passed: {o:?}"),
    }
    // A throw-off changed: caught.
    let mut other = room.clone();
    let start = &mut other.game.as_mut().unwrap().start;
    start.first = 1 - start.first;
    assert!(matches!(
        other.throw_check(),
        Some(ThrowCheck::Mismatch { .. })
    ));

    // The rematch commits to a new secret.
    a.client.rematch().await.unwrap();
    a.until_room("the rematch", |r| r.game_number == 2).await;
    let g2 = a.room.as_ref().unwrap().game.clone().unwrap();
    assert_ne!(g2.commitment, Some(commitment));
    assert!(g2.secret.is_none());
    server.shutdown().await.unwrap();
}

/// `p`'s seats taken back on `url` by a new client.
async fn rejoin(url: &str, code: &str, p: &Player) -> Player {
    let mut again = Player::connect(url).await;
    let j = again.client.resume(code, p.tokens.clone()).await.unwrap();
    again.took(&j);
    again.until_room("the room again", |_| true).await;
    again
}

/// A restarted server goes on drawing from the same committed secret: the game still
/// verifies at its end.
#[tokio::test]
async fn a_game_across_a_restart_still_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(
        &url,
        table(
            json!({"preset": "yunnori", "pieces_per_player": 1}),
            people(2),
            quick(),
        ),
        None,
    )
    .await;
    let code = a.code();
    let mut b = guest(&url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[1].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    let commitment = a
        .room
        .as_ref()
        .unwrap()
        .game
        .as_ref()
        .unwrap()
        .commitment
        .clone();
    for _ in 0..4 {
        step(&mut [&mut a, &mut b]).await;
    }
    server.shutdown().await.unwrap();
    a.client.close();
    b.client.close();
    let server = yut_server::start(config(dir.path()))
        .await
        .expect("the server starts again");
    let url = common::url(&server);
    let mut a = rejoin(&url, &code, &a).await;
    let mut b = rejoin(&url, &code, &b).await;
    assert_eq!(
        a.room.as_ref().unwrap().game.as_ref().unwrap().commitment,
        commitment,
        "the same commitment after the restart"
    );
    play_out(&mut [&mut a, &mut b]).await;
    a.until_over().await;
    a.drain();
    assert!(
        matches!(a.client.throw_check(), Some(ThrowCheck::Verified { .. })),
        "{:?}",
        a.client.throw_check()
    );
    server.shutdown().await.unwrap();
}
