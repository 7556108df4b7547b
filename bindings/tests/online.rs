//! `OnlineRoom` against the real server on loopback: two phones play a whole game through
//! a dropped connection and a seat played by a stand-in bot while its player is away, and
//! every refusal is a typed error that changes nothing.

use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use yut_ffi::*;

const WAIT: Duration = Duration::from_secs(20);

#[derive(Debug)]
enum Heard {
    Room(RoomView),
    Played(OnlinePlay),
    Undone,
    Connection(Connection),
    Notice,
}

struct Ears(mpsc::UnboundedSender<Heard>);

impl RoomListener for Ears {
    fn on_room(&self, room: RoomView) {
        let _ = self.0.send(Heard::Room(room));
    }
    fn on_played(&self, play: OnlinePlay) {
        let _ = self.0.send(Heard::Played(play));
    }
    fn on_undone(&self, _seat: i32, _room: RoomView) {
        let _ = self.0.send(Heard::Undone);
    }
    fn on_connection(&self, connection: Connection) {
        let _ = self.0.send(Heard::Connection(connection));
    }
    fn on_notice(&self, _notice: RoomNotice) {
        let _ = self.0.send(Heard::Notice);
    }
}

struct Phone {
    room: Arc<OnlineRoom>,
    heard: mpsc::UnboundedReceiver<Heard>,
}

impl Phone {
    async fn connect(url: &str) -> Phone {
        let (tx, heard) = mpsc::unbounded_channel();
        let room = OnlineRoom::connect(url.to_string(), Arc::new(Ears(tx)))
            .await
            .expect("connects");
        Phone { room, heard }
    }

    /// Reads what the room says until `want` picks something out of it.
    async fn until<T>(&mut self, what: &str, mut want: impl FnMut(&Heard) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.heard.recv()).await {
                Ok(Some(h)) => {
                    if let Some(t) = want(&h) {
                        return t;
                    }
                }
                Ok(None) => panic!("the listener went away waiting for {what}"),
                Err(_) => panic!("no {what} within {WAIT:?}"),
            }
        }
    }

    async fn until_room(&mut self, what: &str, want: impl Fn(&RoomView) -> bool) -> RoomView {
        if let Some(r) = self.room.room().filter(|r| want(r)) {
            return r;
        }
        self.until(what, |h| match h {
            Heard::Room(r) | Heard::Played(OnlinePlay { room: r, .. }) if want(r) => {
                Some(r.clone())
            }
            _ => None,
        })
        .await
    }

    async fn played_within(&mut self, wait: Duration) -> Option<OnlinePlay> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.heard.recv()).await {
                Ok(Some(Heard::Played(p))) => return Some(p),
                Ok(Some(_)) => continue,
                _ => return None,
            }
        }
    }

    async fn played(&mut self) -> OnlinePlay {
        self.until("a play", |h| match h {
            Heard::Played(p) => Some(p.clone()),
            _ => None,
        })
        .await
    }
}

async fn server() -> (tempfile::TempDir, yut_server::Running, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = yut_server::Config::loopback(dir.path().to_path_buf());
    c.rate_per_sec = 1000;
    c.rate_burst = 1000;
    let running = yut_server::start(c).await.expect("server starts");
    let url = format!("ws://{}", running.addr);
    (dir, running, url)
}

/// Two people, seat order, four pieces each: a game long enough for every part of the
/// test (a two-piece game once ended before the stand-in had played).
fn table() -> NewGame {
    let person = |name: &str, colour: &str| SeatSpec {
        name: name.into(),
        colour: colour.into(),
        player: PlayerKind::Human,
    };
    NewGame {
        rules: Rules {
            preset: Preset::Yunnori,
            changes: vec![
                RuleSetting {
                    key: "pieces_per_player".into(),
                    value: RuleValue::Count { value: 4 },
                },
                RuleSetting {
                    key: "first_player".into(),
                    value: RuleValue::Choice {
                        id: "seat_order".into(),
                    },
                },
            ],
        },
        seats: vec![person("Mina", "#D64545"), person("Jun", "#2E6FD8")],
        teams: None,
        seed: None,
        undo: true,
    }
}

fn settings() -> RoomSettings {
    RoomSettings {
        bot_delay_ms: 0,
        grace_ms: 200,
        ..default_room_settings()
    }
}

fn swipe() -> Swipe {
    tap_swipe(Mat {
        width: 300.0,
        height: 200.0,
    })
}

/// One action by whichever phone holds the seat to act (none: a stand-in bot's turn).
async fn act(phones: &[&Phone]) -> bool {
    for p in phones {
        let Some(room) = p.room.room().filter(|r| r.my_turn) else {
            continue;
        };
        let Some(game) = room.game else { continue };
        let seat = game.turn.seat;
        let r = match game.phase {
            Phase::ToThrow => p.room.throw_sticks(seat, swipe()).await,
            Phase::ToMove => match game.legal_moves.first() {
                Some(mv) => p.room.play(mv.clone()).await,
                None => continue,
            },
            Phase::Over => continue,
        };
        match r {
            Ok(()) => return true,
            // The listener had not yet told this phone of an action it raced with.
            Err(OnlineError::Stale { .. }) | Err(OnlineError::Refused { .. }) => return false,
            Err(e) => panic!("{e}"),
        }
    }
    false
}

/// The position both phones draw, without what differs by device.
fn position(room: &RoomView) -> (Vec<Vec<Spot>>, Option<i32>, i32) {
    let g = room.game.as_ref().expect("a game");
    (
        g.seats.iter().map(|s| s.pieces.clone()).collect(),
        g.winner,
        g.turn.seat,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_a_whole_game_through_a_lost_connection_and_a_stand_in() {
    let (_dir, _server, url) = server().await;
    let mut mina = Phone::connect(&url).await;
    mina.until("connected", |h| {
        matches!(h, Heard::Connection(Connection::Connected)).then_some(())
    })
    .await;
    let ticket = mina
        .room
        .host("Mina".into(), table(), settings(), None)
        .await
        .expect("hosts");
    assert!(ticket.host);
    assert_eq!(ticket.link, room_link(ticket.code.clone()));
    assert_eq!(ticket.seats.len(), 1);
    assert_eq!(ticket.seats[0].seat, 0);

    // Jun opens the shared link.
    let mut jun = Phone::connect(&url).await;
    let jun_ticket = jun
        .room
        .join(ticket.link.clone(), "Jun".into(), None)
        .await
        .expect("joins by the link");
    assert_eq!(jun_ticket.seats[0].seat, 1);
    assert!(!jun_ticket.host);
    let lobby = mina
        .until_room("Jun in the lobby", |r| r.seats[1].taken)
        .await;
    assert_eq!(lobby.stage, RoomStage::Lobby);
    assert!(lobby.hosting);
    assert!(lobby.seats[0].mine && !lobby.seats[1].mine);
    assert_eq!(lobby.seats[1].name, "Jun");
    assert!(lobby.seats[1].connected);

    jun.room.ready(1, true).await.expect("ready");
    mina.room.ready(0, true).await.expect("ready");
    mina.room.start().await.expect("starts");
    let started = jun
        .until_room("the game", |r| r.stage == RoomStage::Playing)
        .await;
    let g = started.game.as_ref().expect("a game");
    assert_eq!(g.seats.len(), 2);
    assert!(!started.hosting);

    // Someone else's seat cannot be thrown for.
    let refused = jun.room.throw_sticks(0, swipe()).await;
    assert!(
        matches!(refused, Err(OnlineError::Stale { .. })),
        "{refused:?}"
    );

    let mut actions = 0;
    let mut my_throws = 0;
    let mut dropped = false;
    let mut away = false;
    let mut back = false;
    let mut stand_in_plays = 0;
    while actions < 2000 {
        let done = mina.room.room().is_some_and(|r| r.stage == RoomStage::Over);
        if done {
            break;
        }
        if actions == 6 && !dropped {
            // A lost network on Mina's phone: it comes back by itself, seats and all.
            dropped = true;
            mina.room.drop_connection();
            mina.until("restored", |h| {
                matches!(h, Heard::Connection(Connection::Restored)).then_some(())
            })
            .await;
            mina.until_room("the room again", |r| r.stage != RoomStage::Lobby)
                .await;
        }
        if actions == 12 && !away {
            // Jun's phone goes away: a bot plays his seat until he is back.
            away = true;
            jun.room.disconnect();
            mina.until_room("a stand-in for Jun", |r| r.seats[1].standin.is_some())
                .await;
        }
        if away && !back && stand_in_plays >= 4 {
            back = true;
            let again = Phone::connect(&url).await;
            let t = again
                .room
                .resume(jun_ticket.clone())
                .await
                .expect("resumes");
            assert_eq!(t.seats, jun_ticket.seats, "the same seat, by its token");
            let r = mina
                .until_room("Jun back", |r| {
                    r.seats[1].standin.is_none() && r.seats[1].connected
                })
                .await;
            assert!(r.seats[1].taken);
            jun = again;
        }
        let players: Vec<&Phone> = if away && !back {
            vec![&mina]
        } else {
            vec![&mina, &jun]
        };
        let play = if act(&players).await {
            Some(mina.played().await)
        } else {
            // A stand-in bot's turn, or Jun's phone not yet told of Mina's last action.
            mina.played_within(Duration::from_millis(300)).await
        };
        let Some(p) = play else { continue };
        actions += 1;
        if let Some(t) = &p.throw {
            assert!(!t.flight.sticks.is_empty(), "the sticks fly");
            if t.mine {
                my_throws += 1;
                assert_eq!(p.seat, 0, "only Mina's seat's throws fly from her swipe");
            }
        }
        if away && !back && p.seat == 1 {
            stand_in_plays += 1;
            assert!(p.throw.as_ref().is_none_or(|t| !t.mine));
        }
    }
    assert!(
        dropped && away && back,
        "the game ended before every part was played"
    );
    assert!(my_throws > 0);
    let end_mina = mina
        .until_room("the end", |r| r.stage == RoomStage::Over)
        .await;
    let end_jun = jun
        .until_room("the end", |r| r.stage == RoomStage::Over)
        .await;
    assert_eq!(
        position(&end_mina),
        position(&end_jun),
        "both phones show one game"
    );
    let winner = end_mina.game.as_ref().and_then(|g| g.winner);
    assert!(winner.is_some());
    assert!(end_mina
        .game
        .as_ref()
        .is_some_and(|g| g.over && g.legal_moves.is_empty()));

    // Leaving keeps the seat: the ticket takes it back.
    jun.room.leave().await.expect("leaves");
    assert!(jun.room.room().is_none());
    let t = jun.room.resume(jun_ticket.clone()).await.expect("rejoins");
    assert_eq!(t.code, jun_ticket.code);
    let again = jun
        .until_room("the room", |r| r.stage == RoomStage::Over)
        .await;
    assert_eq!(position(&again), position(&end_mina));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_typed_and_change_nothing() {
    let (_dir, _server, url) = server().await;
    let mut mina = Phone::connect(&url).await;
    let ticket = mina
        .room
        .host("Mina".into(), table(), settings(), None)
        .await
        .expect("hosts");
    let bad = mina.room.join("0000".into(), "Jun".into(), None).await;
    assert!(
        matches!(bad, Err(OnlineError::InvalidInput { .. })),
        "{bad:?}"
    );

    let jun = Phone::connect(&url).await;
    let missing = jun.room.join("ACDEFG".into(), "Jun".into(), None).await;
    match missing {
        Err(OnlineError::Refused { code, .. }) => assert_eq!(code, "no_such_room"),
        other => panic!("{other:?}"),
    }
    let early = mina.room.start().await;
    assert!(
        matches!(early, Err(OnlineError::Refused { .. })),
        "{early:?}"
    );
    let not_host = jun.room.join(ticket.code.clone(), "Jun".into(), None).await;
    assert!(not_host.is_ok());
    let start = jun.room.start().await;
    match start {
        Err(OnlineError::Refused { code, .. }) => assert_eq!(code, "not_host"),
        other => panic!("{other:?}"),
    }
    jun.room.ready(1, true).await.expect("ready");
    mina.room.ready(0, true).await.expect("ready");
    mina.room.start().await.expect("starts");
    let r = mina
        .until_room("the game", |r| r.my_turn && r.stage == RoomStage::Playing)
        .await;
    let seat = r.game.as_ref().map(|g| g.turn.seat).unwrap_or(0);
    mina.room.throw_sticks(seat, swipe()).await.expect("throws");
    let p = mina.played().await;
    let t = p.throw.expect("a throw");
    assert!(t.mine);
    // A move listed before a later state is stale, and the game stays as it was.
    if let Some(first) = p
        .room
        .game
        .as_ref()
        .and_then(|g| g.legal_moves.first().cloned())
    {
        let mut old = first.clone();
        old.state = old.state.wrapping_sub(1);
        let stale = mina.room.play(old).await;
        assert!(matches!(stale, Err(OnlineError::Stale { .. })), "{stale:?}");
        assert_eq!(
            mina.room.room().map(|r| position(&r)),
            Some(position(&p.room))
        );
        mina.room.play(first).await.expect("the listed move plays");
    }
    assert!(read_room_code(" acd-efg ".into()).is_some());
    assert!(check_server_address("http://example.org".into()).is_err());
    assert_eq!(
        check_server_address(" wss://rooms.example.org/ ".into()),
        Ok("wss://rooms.example.org".to_string())
    );
    assert!(matches!(
        OnlineRoom::connect(
            "ws://127.0.0.1:9".into(),
            Arc::new(Ears(mpsc::unbounded_channel().0))
        )
        .await,
        Err(OnlineError::Offline { .. })
    ));
}

/// The server's news of a join can come before its answer; the app draws the last room it
/// heard, so that one must show the seats just taken as this phone's (a lobby once showed
/// a joined player's seat as someone else's, and its Ready did nothing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_room_heard_after_a_join_holds_the_seats_taken() {
    let (_dir, _server, url) = server().await;
    let mina = Phone::connect(&url).await;
    let ticket = mina
        .room
        .host("Mina".into(), table(), settings(), None)
        .await
        .expect("hosts");
    let mut kept: Option<RoomTicket> = None;
    for round in 0..25 {
        let mut jun = Phone::connect(&url).await;
        let joined = match kept.take() {
            None => jun.room.join(ticket.code.clone(), "Jun".into(), None).await,
            Some(t) => jun.room.resume(t).await,
        }
        .expect("joins");
        let seats: Vec<i32> = joined.seats.iter().map(|s| s.seat).collect();
        assert_eq!(seats, vec![1], "round {round}");
        // Everything heard until the room goes quiet; the last room must be right.
        let mut last = None;
        while let Ok(Some(h)) =
            tokio::time::timeout(Duration::from_millis(150), jun.heard.recv()).await
        {
            if let Heard::Room(r) = h {
                last = Some(r);
            }
        }
        let last = last.expect("the room was heard");
        assert!(
            last.seats.iter().any(|s| s.seat == 1 && s.mine),
            "round {round}: the last room heard shows seat 1 as another's: {:?}",
            last.seats
        );
        jun.room.disconnect();
        kept = Some(joined);
    }
}
