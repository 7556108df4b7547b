//! Two yut-server nodes on one PostgreSQL and one Redis (`scripts/test-cluster.sh` starts
//! them, sets `YUT_TEST_POSTGRES` and `YUT_TEST_REDIS` and runs these ignored tests; without
//! the servers they fail).
//!
//! Clients of one room on different nodes play a whole game (the node without the room
//! relays to its owner); a node killed with SIGKILL in the middle of running games, over
//! and over: its rooms go on on the other node, with every accepted action and no throw
//! drawn again, and the store refuses any write under a lease that was taken over.

mod common;

use common::*;
use serde_json::json;
use std::process::{Child, Command};
use std::sync::Arc;
use std::time::{Duration, Instant};
use yut_core::session::Action;
use yut_net::protocol::Stage;
use yut_server::postgres::PgStore;
use yut_server::store::{Entry, RoomRecord, Store, StoreError, ANY_FENCE};

/// The servers' URLs. These tests are `#[ignore]`d in `cargo test --workspace` (no servers
/// there) and run by `scripts/test-cluster.sh --ignored`; run without the servers, they fail.
fn servers() -> (String, String) {
    match (
        std::env::var("YUT_TEST_POSTGRES"),
        std::env::var("YUT_TEST_REDIS"),
    ) {
        (Ok(pg), Ok(redis)) => (pg, redis),
        _ => panic!("no YUT_TEST_POSTGRES and YUT_TEST_REDIS: run scripts/test-cluster.sh"),
    }
}

/// A lease short enough for a quick test, long enough for a loaded 2-core machine.
const LEASE_MS: u64 = 2_000;

struct Node {
    child: Child,
    url: String,
    _data: tempfile::TempDir,
}

impl Node {
    fn start(name: &str, pg: &str, redis: &str) -> Node {
        let data = tempfile::tempdir().expect("a temporary directory");
        let dir = data.path().to_string_lossy().into_owned();
        let lease = LEASE_MS.to_string();
        let (child, url) = spawn_server(&[
            "--data",
            &dir,
            "--store",
            pg,
            "--redis",
            redis,
            "--node-id",
            name,
            "--lease-ms",
            &lease,
            "--max-connections-per-ip",
            "100000",
            // Every test player dials from loopback: one address opening hundreds of rooms.
            "--max-rooms-per-ip",
            "100000",
            "--rate-per-sec",
            "1000",
            "--rate-burst",
            "1000",
        ]);
        Node {
            child,
            url,
            _data: data,
        }
    }
}

/// A failing test kills its nodes too; `drop` is SIGKILL (no shutdown, nothing flushed).
impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and Redis: scripts/test-cluster.sh runs it"]
async fn clients_of_one_room_on_two_nodes_play_a_whole_game() {
    let (pg, redis) = servers();
    let a = Node::start("a", &pg, &redis);
    let b = Node::start("b", &pg, &redis);
    let mut host_player = host(&a.url, table(json!({}), people(2), quick()), None).await;
    let code = host_player.code();
    // The guest is on the other node: it relays to the room's owner.
    let mut guest_player = guest(&b.url, &code, "Mina").await;
    host_player
        .until_room("b ready", |r| r.seats[1].ready)
        .await;
    host_player.client.start().await.expect("started");
    host_player
        .until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    let steps = play_out(&mut [&mut host_player, &mut guest_player]).await;
    host_player.until_over().await;
    guest_player.until_over().await;
    assert_eq!(
        host_player.played, guest_player.played,
        "both nodes' clients heard the same game"
    );
    println!("figure: a whole game, clients on two nodes: {steps} actions");
}

#[tokio::test]
#[ignore = "needs PostgreSQL and Redis: scripts/test-cluster.sh runs it"]
async fn the_store_refuses_a_write_under_a_lease_taken_over() {
    let (pg, _) = servers();
    let store = PgStore::open(&pg).await.expect("the store opens");
    let code = format!("F{}", std::process::id());
    let record = RoomRecord {
        code: code.clone(),
        created_ms: 0,
        updated_ms: 0,
        empty_since_ms: None,
        joined: true,
        stage: Stage::Lobby,
        host: 0,
        rules: json!({}),
        teams: None,
        options: Default::default(),
        seats: Vec::new(),
        game_number: 1,
        game: None,
    };
    let _ = store.delete_room(&code, ANY_FENCE).await;
    let entry = |seat| Entry::Undo { seat, at_ms: 1 };
    store.save_room(&record, 1).await.expect("saved");
    store
        .append(&code, 1, 1, &entry(0), 1)
        .await
        .expect("first owner's append");
    // Another node takes the room over under fence 2.
    assert!(store.claim(&code, 2).await.expect("claimed"));
    assert!(
        !store.claim(&code, 2).await.expect("claimed"),
        "a fence is taken once"
    );
    assert!(matches!(
        store.append(&code, 1, 2, &entry(1), 1).await,
        Err(StoreError::Fenced(_))
    ));
    assert!(matches!(
        store.save_room(&record, 1).await,
        Err(StoreError::Fenced(_))
    ));
    store
        .append(&code, 1, 2, &entry(2), 2)
        .await
        .expect("the new owner's append");
    let loaded = store
        .load_room(&code)
        .await
        .expect("loads")
        .expect("a room");
    assert_eq!(loaded.entries, vec![entry(0), entry(2)]);
    store.delete_room(&code, 1).await.expect("answered");
    assert!(
        store.load_room(&code).await.expect("loads").is_some(),
        "a former owner does not delete the room"
    );
    store.delete_room(&code, ANY_FENCE).await.expect("deleted");
}

/// The kill test's size: rooms, kills, actions per room between two kills (each with
/// `YUT_CLUSTER_…` to override).
fn size(name: &str, default: usize) -> usize {
    std::env::var(format!("YUT_CLUSTER_{name}"))
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One room's client (holding both seats) and the node its room is on.
struct Table {
    player: Player,
    node: usize,
}

fn throws(history: &[Action]) -> usize {
    history
        .iter()
        .filter(|a| matches!(a, Action::Throw { .. }))
        .count()
}

async fn open_table(url: String, node: usize) -> Table {
    let p = Player::connect(&url).await;
    open_table_with(p, node).await
}

/// A room opened by `p`, which takes both seats and starts the game.
async fn open_table_with(mut p: Player, node: usize) -> Table {
    let j = p
        .client
        .create_room(
            "Host",
            table(json!({}), people(2), quick()),
            Some(vec![0, 1]),
        )
        .await
        .expect("room created");
    p.took(&j);
    p.until_room("the new room", |_| true).await;
    for s in [0, 1] {
        p.client.ready(s, true).await.expect("ready");
    }
    p.client.start().await.expect("started");
    p.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    Table { player: p, node }
}

/// A client on `url` back in the room `code` with `tokens`, asking again while the room's
/// dead (or paused) owner's lease runs out.
async fn resumed(url: &str, code: &str, tokens: Vec<String>) -> Player {
    let mut p = Player::connect(url).await;
    let deadline = Instant::now() + WAIT;
    let j = loop {
        match p.client.resume(code, tokens.clone()).await {
            Ok(j) => break j,
            Err(e) => {
                assert!(Instant::now() < deadline, "room {code} not taken over: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    p.took(&j);
    p.until_room("the room taken over", |_| true).await;
    p
}

/// Resumes the room on `url` (asking again while the dead owner's lease runs out),
/// checks its history against what the client heard, and plays one action: returns the
/// table and how long after `killed` that action was accepted (`None`: the game was over).
async fn take_over(
    old: Table,
    url: String,
    node: usize,
    killed: Instant,
) -> (Table, Option<Duration>) {
    let code = old.player.code();
    let tokens = old.player.tokens.clone();
    let heard = old.player.played.clone();
    old.player.client.close();
    let mut p = resumed(&url, &code, tokens).await;
    assert!(
        p.played.len() >= heard.len() && p.played[..heard.len()] == heard[..],
        "room {code}: 0 accepted actions lost, no throw drawn again"
    );
    assert_eq!(
        throws(&p.played[..heard.len()]),
        throws(&heard),
        "room {code}: no throw drawn again"
    );
    let before = p.played.len();
    let going = step(&mut [&mut p]).await;
    let first = (going && p.played.len() > before).then(|| killed.elapsed());
    (Table { player: p, node }, first)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and Redis: scripts/test-cluster.sh runs it"]
async fn a_node_killed_in_the_middle_of_running_games_loses_no_action() {
    let (pg, redis) = servers();
    let rooms = size("ROOMS", 200);
    let kills = size("KILLS", 10);
    let steps = size("STEPS", 3);
    let names = ["a", "b"];
    let mut nodes = [
        Node::start(names[0], &pg, &redis),
        Node::start(names[1], &pg, &redis),
    ];
    let gate = Arc::new(tokio::sync::Semaphore::new(32));
    let mut opening = Vec::new();
    for r in 0..rooms {
        let url = nodes[r % 2].url.clone();
        let gate = gate.clone();
        opening.push(tokio::spawn(async move {
            let _p = gate.acquire_owned().await.expect("a permit");
            open_table(url, r % 2).await
        }));
    }
    let mut tables = Vec::new();
    for o in opening {
        tables.push(o.await.expect("a room opens"));
    }
    let mut waits: Vec<Duration> = Vec::new();
    let mut moved = 0;
    let mut victim = 0;
    let started = Instant::now();
    for kill in 1..=kills {
        // Every room plays on (the games are running when the node dies).
        let mut playing = Vec::new();
        for mut t in tables {
            playing.push(tokio::spawn(async move {
                for _ in 0..steps {
                    if !step(&mut [&mut t.player]).await {
                        break;
                    }
                }
                t.player.drain();
                t
            }));
        }
        tables = Vec::new();
        for p in playing {
            tables.push(p.await.expect("a room plays"));
        }
        // SIGKILL the victim; its rooms go to the survivor.
        let survivor = 1 - victim;
        let killed = Instant::now();
        nodes[victim].child.kill().expect("SIGKILL");
        let url = nodes[survivor].url.clone();
        let mut back = Vec::new();
        for t in tables {
            if t.node == victim {
                let url = url.clone();
                back.push(tokio::spawn(take_over(t, url, survivor, killed)));
            } else {
                back.push(tokio::spawn(async move { (t, None) }));
            }
        }
        tables = Vec::new();
        let mut first: Option<Duration> = None;
        for b in back {
            let (t, w) = b.await.expect("a room comes back");
            if let Some(w) = w {
                waits.push(w);
                first = Some(first.map_or(w, |f| f.min(w)));
                moved += 1;
            }
            tables.push(t);
        }
        println!(
            "kill {kill}: node {} killed, first action accepted again after {:?}",
            names[victim], first
        );
        // The killed node comes back (a new run: it holds no room) for the next kill.
        nodes[victim] = Node::start(names[victim], &pg, &redis);
        victim = survivor;
    }
    waits.sort();
    assert!(!waits.is_empty(), "rooms were taken over");
    let median = waits[waits.len() / 2];
    let worst = waits[waits.len() - 1];
    println!(
        "figure: {rooms} rooms, {kills} kills (SIGKILL), {moved} rooms taken over, 0 actions lost, \
         no throw drawn again; kill to the room's first accepted action: median {} ms, worst {} ms; \
         {:.1} s in all",
        median.as_millis(),
        worst.as_millis(),
        started.elapsed().as_secs_f64()
    );
}

/// Sends `signal` (`STOP`, `CONT`) to a node.
fn signal(node: &Node, signal: &str) {
    let ok = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(node.child.id().to_string())
        .status()
        .expect("kill runs")
        .success();
    assert!(ok, "kill -{signal}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and Redis: scripts/test-cluster.sh runs it"]
async fn a_node_paused_past_its_lease_has_no_action_accepted_after_its_room_moved() {
    let (pg, redis) = servers();
    let a = Node::start("a", &pg, &redis);
    let b = Node::start("b", &pg, &redis);
    // The paused node's client does not reconnect: it would take the seats back.
    let mut old = open_table_with(Player::connect_once(&a.url).await, 0).await;
    for _ in 0..4 {
        step(&mut [&mut old.player]).await;
    }
    old.player.drain();
    let code = old.player.code();
    // Node a stops (a long pause, a network split): its lease runs out, b takes the room.
    signal(&a, "STOP");
    let mut new = resumed(&b.url, &code, old.player.tokens.clone()).await;
    for _ in 0..3 {
        step(&mut [&mut new]).await;
    }
    new.drain();
    // The old client, still connected to the paused node, acts for the seat to move; then
    // the node wakes up, still holding the room in memory.
    let view = old.player.view().cloned().expect("a game");
    let seat = view.to_move;
    let client = old.player.client.clone();
    let late = tokio::spawn(async move { client.throw(seat).await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    signal(&a, "CONT");
    let answer = tokio::time::timeout(WAIT, late).await;
    old.player.client.close();
    // Whatever node a answered, the store holds exactly what b's clients heard.
    for _ in 0..3 {
        step(&mut [&mut new]).await;
    }
    new.drain();
    let store = PgStore::open(&pg).await.expect("the store opens");
    let stored: Vec<Action> = store
        .load_room(&code)
        .await
        .expect("loads")
        .expect("the room")
        .entries
        .into_iter()
        .filter_map(|e| match e {
            Entry::Action { action, .. } => Some(action),
            Entry::Undo { .. } => None,
        })
        .collect();
    assert_eq!(
        stored, new.played,
        "no action of the paused node was accepted after the room moved"
    );
    println!(
        "figure: a node paused past its lease and woken: its late action {}; the store holds \
         only the new owner's {} actions",
        match answer {
            Ok(Ok(Ok(()))) => "was answered ok (but not stored?)".to_string(),
            Ok(Ok(Err(e))) => format!("was refused ({e})"),
            Ok(Err(e)) => format!("failed ({e})"),
            Err(_) => "was never answered".to_string(),
        },
        stored.len()
    );
}
