//! Whole games between clients over loopback, the lobby, seats, bots, spectators,
//! reconnects, refusals and every house rule reaching the room's engine.

mod common;

use common::*;
use serde_json::json;
use yut_core::game::Phase;
use yut_core::session::{Action, BotLevel, Player as Who};
use yut_net::protocol::{ErrorCode, RoomOptions, Stage, LINK_PREFIX};
use yut_net::{ClientEvent, ConnectionState, NetError};

fn code_of(e: Result<(), NetError>) -> Option<ErrorCode> {
    e.err().and_then(|e| e.code())
}

#[tokio::test]
async fn a_whole_game_between_two_clients() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(
        &url,
        table(json!({"preset": "yunnori"}), people(2), quick()),
        None,
    )
    .await;
    let code = a.code();
    assert_eq!(code.len(), 6);
    assert_eq!(
        a.room.as_ref().unwrap().link,
        format!("{LINK_PREFIX}{code}")
    );
    let mut b = guest(&url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[1].ready && r.seats[1].name == "Mina")
        .await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    b.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    let steps = play_out(&mut [&mut a, &mut b]).await;
    assert!(
        steps > 10,
        "a game of four pieces takes more than {steps} actions"
    );
    b.until_over().await;
    a.until_over().await;
    // Both clients heard the same history, and it replays to a finished game.
    assert_eq!(a.played, b.played);
    a.client.sync().await.unwrap();
    a.until("the synced room", |e| matches!(e, ClientEvent::Room(_)))
        .await;
    let room = a.room.clone().unwrap();
    assert_eq!(room.stage, Stage::Over);
    let game = room.replay().unwrap();
    assert!(game.is_over());
    assert_eq!(room.game.as_ref().unwrap().history, a.played);
    // Rematch with the same table.
    b.client
        .rematch()
        .await
        .map_err(|e| e.code())
        .expect_err("only the host rematches");
    a.client.rematch().await.unwrap();
    b.until_room("the rematch", |r| {
        r.game_number == 2 && r.stage == Stage::Playing
    })
    .await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn one_device_holds_two_seats_beside_a_bot_and_a_guest() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let seats = vec![
        yut_net::protocol::SeatSpec::person(),
        yut_net::protocol::SeatSpec::person(),
        bot(BotLevel::Medium),
        yut_net::protocol::SeatSpec::person(),
    ];
    let mut a = host(
        &url,
        table(
            json!({"preset": "yunnori", "pieces_per_player": 2}),
            seats,
            quick(),
        ),
        Some(vec![0, 1]),
    )
    .await;
    assert_eq!(a.seats, vec![0, 1]);
    let code = a.code();
    let mut b = guest(&url, &code, "Joon").await;
    assert_eq!(b.seats, vec![3]);
    a.until_room("seat 3 ready", |r| r.seats[3].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    play_out(&mut [&mut a, &mut b]).await;
    let bot_moves = a
        .played
        .iter()
        .filter(|x| matches!(x, Action::Move { seat: 2, .. }))
        .count();
    assert!(bot_moves > 0, "the bot at seat 2 played");
    let seat1 = a
        .played
        .iter()
        .filter(|x| matches!(x, Action::Throw { seat: 1, .. }))
        .count();
    assert!(seat1 > 0, "the second seat of the host's device played");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_host_arranges_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(&url, table(json!({}), people(2), quick()), None).await;
    let code = a.code();
    let b = guest(&url, &code, "Mina").await;
    a.client
        .add_seat(
            Who::Bot {
                level: BotLevel::Easy,
            },
            None,
        )
        .await
        .unwrap();
    a.until_room("three seats", |r| r.seats.len() == 3).await;
    // Move the bot to the front: the host's seat follows its holder.
    a.client.move_seat(2, 0).await.unwrap();
    a.until_room("the bot first", |r| {
        r.seats[0].player != Who::Human && r.host == 1
    })
    .await;
    assert_eq!(
        code_of(b.client.move_seat(0, 2).await),
        Some(ErrorCode::NotHost)
    );
    assert_eq!(
        code_of(a.client.remove_seat(1).await),
        Some(ErrorCode::BadSeat),
        "the host keeps a seat"
    );
    a.client.remove_seat(0).await.unwrap();
    a.until_room("two seats", |r| r.seats.len() == 2 && r.host == 0)
        .await;
    assert_eq!(
        code_of(a.client.remove_seat(1).await),
        Some(ErrorCode::BadTable),
        "Yunnori takes two seats or more"
    );
    a.client
        .set_seat(
            1,
            Who::Bot {
                level: BotLevel::Hard,
            },
        )
        .await
        .unwrap();
    a.until_room("a bot for the guest's seat", |r| !r.seats[1].taken)
        .await;
    // The guest lost the seat with it.
    assert_eq!(
        code_of(b.client.ready(1, true).await),
        Some(ErrorCode::NotYourSeat)
    );
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    assert_eq!(
        code_of(a.client.add_seat(Who::Human, None).await),
        Some(ErrorCode::AlreadyStarted)
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn refusals_are_typed() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(&url, table(json!({}), people(2), quick()), None).await;
    let code = a.code();
    let mut b = Player::connect(&url).await;
    let bad = b.client.join(&code, "bell\u{7}", None).await.unwrap_err();
    assert_eq!(bad.code(), Some(ErrorCode::BadName));
    let long = b
        .client
        .join(&code, &"x".repeat(40), None)
        .await
        .unwrap_err();
    assert_eq!(long.code(), Some(ErrorCode::BadName));
    let none = b.client.join("KKKKKK", "Mina", None).await.unwrap_err();
    assert_eq!(none.code(), Some(ErrorCode::NoSuchRoom));
    let j = b.client.join(&code, "Mina", None).await.unwrap();
    b.took(&j);
    let c = Player::connect(&url).await;
    assert_eq!(
        c.client
            .join(&code, "Third", None)
            .await
            .unwrap_err()
            .code(),
        Some(ErrorCode::RoomFull)
    );
    assert_eq!(code_of(b.client.start().await), Some(ErrorCode::NotHost));
    assert_eq!(code_of(a.client.start().await), Some(ErrorCode::NotReady));
    assert_eq!(
        code_of(b.client.throw(1).await),
        Some(ErrorCode::NotStarted)
    );
    b.client.ready(1, true).await.unwrap();
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    // Seat 0 is to throw first (seat order).
    assert_eq!(code_of(b.client.throw(1).await), Some(ErrorCode::OutOfTurn));
    assert_eq!(
        code_of(b.client.throw(0).await),
        Some(ErrorCode::NotYourSeat)
    );
    assert_eq!(code_of(b.client.throw(7).await), Some(ErrorCode::BadSeat));
    let mv = yut_core::setup::MoveSpec {
        from: yut_core::board::Spot::Home,
        uses: vec![yut_core::throw::Throw::Do],
        route: None,
        stack: None,
        count: None,
    };
    assert_eq!(
        code_of(a.client.play(0, mv, None).await),
        Some(ErrorCode::MustThrow)
    );
    assert_eq!(
        code_of(a.client.undo(0).await),
        Some(ErrorCode::NothingToUndo)
    );
    // A spectator can watch but not act.
    let spectator = Player::connect(&url).await;
    spectator.client.spectate(&code).await.unwrap();
    assert_eq!(
        code_of(spectator.client.throw(0).await),
        Some(ErrorCode::NotYourSeat)
    );
    // A wrong token takes nothing.
    let thief = Player::connect(&url).await;
    let e = thief
        .client
        .resume(&code, vec!["00".repeat(32)])
        .await
        .unwrap_err();
    assert_eq!(e.code(), Some(ErrorCode::WrongToken));
    assert_eq!(
        code_of(thief.client.throw(0).await),
        Some(ErrorCode::NotInRoom)
    );
    // Nothing of it reached the game.
    a.client.sync().await.unwrap();
    a.until("the synced room", |e| matches!(e, ClientEvent::Room(_)))
        .await;
    assert!(a
        .room
        .as_ref()
        .unwrap()
        .game
        .as_ref()
        .unwrap()
        .history
        .is_empty());
    // Then a real throw is taken.
    a.client.throw(0).await.unwrap();
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_old_client_is_refused_clearly() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap();
    ws.send(Message::Text(r#"{"type":"throw","seat":0}"#.into()))
        .await
        .unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(
        first.to_text().unwrap().contains("hello_first"),
        "{first:?}"
    );
    ws.send(Message::Text("not json".into())).await.unwrap();
    let second = ws.next().await.unwrap().unwrap();
    assert!(
        second.to_text().unwrap().contains("bad_message"),
        "{second:?}"
    );
    ws.send(Message::Text(
        r#"{"type":"hello","protocol":99,"client":"old"}"#.into(),
    ))
    .await
    .unwrap();
    let third = ws.next().await.unwrap().unwrap();
    let text = third.to_text().unwrap();
    assert!(text.contains("incompatible_version"), "{text}");
    // ... and the server closes the connection.
    let end = ws.next().await;
    assert!(
        matches!(end, None | Some(Ok(Message::Close(_))) | Some(Err(_))),
        "{end:?}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn spectators_watch_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let t = table(
        json!({"pieces_per_player": 2}),
        vec![yut_net::protocol::SeatSpec::person(), bot(BotLevel::Easy)],
        quick(),
    );
    let mut a = host(&url, t, None).await;
    let code = a.code();
    let mut s = Player::connect(&url).await;
    s.client.spectate(&code).await.unwrap();
    s.until_room("the room", |_| true).await;
    a.until_room("one spectator", |r| r.spectators == 1).await;
    a.client.start().await.unwrap();
    play_out(&mut [&mut a]).await;
    s.until(
        "the end",
        |e| matches!(e, ClientEvent::Played { view, .. } if view.phase == Phase::Over),
    )
    .await;
    assert_eq!(s.played, a.played, "the spectator saw every action");
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_lost_connection_comes_back_with_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let mut a = host(
        &url,
        table(json!({"pieces_per_player": 2}), people(2), quick()),
        None,
    )
    .await;
    let code = a.code();
    let mut b = guest(&url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[1].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    for _ in 0..6 {
        step(&mut [&mut a, &mut b]).await;
    }
    // The history as the client that acted last saw it (the other's copy may lag).
    let seen = std::cmp::max_by_key(a.played.clone(), b.played.clone(), Vec::len);
    b.client.drop_connection();
    b.until("reconnecting", |e| {
        matches!(
            e,
            ClientEvent::Connection(ConnectionState::Reconnecting { .. })
        )
    })
    .await;
    b.until("the room again", |e| matches!(e, ClientEvent::Room(_)))
        .await;
    assert_eq!(b.played, seen, "the state exactly as it was");
    a.until_seats("b connected again", |s| s[1].connected).await;
    // A second device with the token takes the seat over; the first loses it.
    let mut c = Player::connect(&url).await;
    let j = c.client.resume(&code, b.tokens.clone()).await.unwrap();
    c.took(&j);
    c.until_room("the room", |_| true).await;
    assert_eq!(c.played, b.played);
    play_out(&mut [&mut a, &mut c]).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_dropped_seat_gets_a_bot_and_is_handed_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let options = RoomOptions {
        grace_ms: 300,
        ..quick()
    };
    let mut a = host(&url, table(json!({}), people(2), options), None).await;
    let code = a.code();
    let b = guest(&url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[1].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    let tokens = b.tokens.clone();
    b.client.close();
    a.until_seats("a bot standing in for seat 1", |s| s[1].standin.is_some())
        .await;
    // The bot plays seat 1's turns while its player is away.
    let before = a
        .played
        .iter()
        .filter(|x| matches!(x, Action::Move { seat: 1, .. }))
        .count();
    while a
        .played
        .iter()
        .filter(|x| matches!(x, Action::Move { seat: 1, .. }))
        .count()
        == before
    {
        assert!(
            step(&mut [&mut a]).await,
            "the game lasts until seat 1 has moved"
        );
    }
    // Back with the token: the seat is the player's again.
    let mut b2 = Player::connect(&url).await;
    let j = b2.client.resume(&code, tokens).await.unwrap();
    b2.took(&j);
    b2.until_room("the room", |_| true).await;
    a.until_seats("seat 1 handed back", |s| {
        s[1].standin.is_none() && s[1].connected
    })
    .await;
    b2.drain();
    assert!(b2.room.as_ref().unwrap().seats[1].standin.is_none());
    play_out(&mut [&mut a, &mut b2]).await;
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_turn_timer_plays_for_a_seat_that_does_not_act() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let options = RoomOptions {
        turn_timer_ms: Some(1_000),
        ..quick()
    };
    let mut a = host(
        &url,
        table(
            json!({}),
            vec![yut_net::protocol::SeatSpec::person(), bot(BotLevel::Easy)],
            options,
        ),
        None,
    )
    .await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    assert!(a.view().unwrap().deadline_ms.is_some());
    // Seat 0 does nothing; the timer throws for it.
    a.until("a throw for seat 0", |e| {
        matches!(
            e,
            ClientEvent::Played {
                action: Action::Throw { seat: 0, .. },
                ..
            }
        )
    })
    .await;
    server.shutdown().await.unwrap();
}

/// Every option of the rules with a value other than Yunnori's, and a whole game with it.
#[tokio::test]
async fn every_house_rule_reaches_the_rooms_engine() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let changes = [
        json!({"back_do": false}),
        json!({"bonus_throw_on": ["mo"]}),
        json!({"throw_timing": "collect_first"}),
        json!({"throw_timing": "collect_first", "combine_results": true}),
        json!({"capture_bonus": "off"}),
        json!({"capture_bonus": "single_prize"}),
        json!({"stacking": "optional"}),
        json!({"stacking": "off"}),
        json!({"shortcut": "optional"}),
        json!({"shortcut": "only_if_shorter"}),
        json!({"shortcut": "never"}),
        json!({"shortcut_at_15": "never"}),
        json!({"center_pass_through": "straight"}),
        json!({"exit_via_start_corner": true}),
        json!({"capture_needs_equal_or_larger_stack": true}),
        json!({"safe_stations": ["20"]}),
        json!({"finish": "exact"}),
        json!({"first_player": "random"}),
        json!({"first_player": "throw_off"}),
        json!({"back_do_when_empty": "lost"}),
        json!({"back_do_from_first": "to_start_corner"}),
        json!({"pieces_per_player": 1}),
        json!({"play_on_for_places": true}),
        json!({"stick_flat_probability": 0.6}),
        json!({"nak": true}),
        json!({"preset": "culin1895"}),
        json!({"preset": "nyout_ru"}),
    ];
    for change in changes {
        let mut rules = json!({"preset": "yunnori", "pieces_per_player": 2});
        for (k, v) in change.as_object().unwrap() {
            rules[k] = v.clone();
        }
        let seats = if change.get("play_on_for_places").is_some() {
            vec![
                yut_net::protocol::SeatSpec::person(),
                bot(BotLevel::Easy),
                bot(BotLevel::Easy),
            ]
        } else {
            vec![yut_net::protocol::SeatSpec::person(), bot(BotLevel::Easy)]
        };
        let mut a = host(&url, table(rules.clone(), seats, quick()), None).await;
        let room = a.room.clone().unwrap();
        for (k, v) in rules.as_object().unwrap() {
            assert_eq!(&room.rules[k], v, "{k} in the room's rules for {change}");
        }
        a.client.start().await.unwrap();
        a.until_room("the game", |r| r.stage == Stage::Playing)
            .await;
        play_out(&mut [&mut a]).await;
        // The position the room's engine reached is the one these rules give.
        a.client.sync().await.unwrap();
        a.until("the synced room", |e| matches!(e, ClientEvent::Room(_)))
            .await;
        let room = a.room.clone().unwrap();
        let game = room.replay().unwrap_or_else(|e| panic!("{change}: {e}"));
        assert!(game.is_over(), "{change}");
        assert_eq!(game.rules().to_json(), room.rules, "{change}");
        a.client.leave().await.unwrap();
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_room_everyone_left_expires() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path());
    c.room_ttl_secs = 1;
    let server = yut_server::start(c).await.unwrap();
    let url = url(&server);
    let a = host(&url, table(json!({}), people(2), quick()), None).await;
    let code = a.code();
    let stays = host(&url, table(json!({}), people(2), quick()), None).await;
    assert_eq!(server.rooms(), 2);
    a.client.leave().await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert_eq!(server.rooms(), 1, "the room everyone left is gone");
    let late = Player::connect(&url).await;
    let e = late.client.join(&code, "Late", None).await.unwrap_err();
    assert_eq!(e.code(), Some(ErrorCode::NoSuchRoom));
    drop(stays);
    server.shutdown().await.unwrap();
    // ... and the store forgot it: a restart brings back only the other room.
    let again = yut_server::start(config(dir.path())).await.unwrap();
    assert_eq!(again.restored, 1);
    again.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_room_nobody_is_in_waits_for_its_people() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(dir.path()).await;
    let url = url(&server);
    let options = RoomOptions {
        grace_ms: 100,
        ..quick()
    };
    // Seat 1 is a bot, so the game has a seat that would play on its own.
    let seats = vec![
        people(1).remove(0),
        bot(BotLevel::Easy),
        people(1).remove(0),
    ];
    let mut a = host(&url, table(json!({}), seats, options), None).await;
    let code = a.code();
    let b = guest(&url, &code, "Mina").await;
    a.until_room("b ready", |r| r.seats[2].ready).await;
    a.client.start().await.unwrap();
    a.until_room("the game", |r| r.stage == Stage::Playing)
        .await;
    let (a_tokens, b_tokens) = (a.tokens.clone(), b.tokens.clone());
    a.client.close();
    b.client.close();
    // Long past the grace: both seats would have stand-ins, and with no delay the bots
    // would play hundreds of actions if the room played on unseen.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let mut back = Player::connect(&url).await;
    let j = back.client.resume(&code, a_tokens).await.unwrap();
    back.took(&j);
    back.until_room("the room", |_| true).await;
    assert!(
        back.played.is_empty(),
        "nothing was played while nobody was there: {:?}",
        back.played
    );
    // Someone is back: the bot and the stand-in for Mina's seat play on.
    while !back
        .played
        .iter()
        .any(|x| matches!(x, Action::Move { seat: 1 | 2, .. }))
    {
        assert!(
            step(&mut [&mut back]).await,
            "the game lasts until a bot has moved"
        );
    }
    let mut mina = Player::connect(&url).await;
    let j = mina.client.resume(&code, b_tokens).await.unwrap();
    mina.took(&j);
    mina.until_room("the room", |_| true).await;
    play_out(&mut [&mut back, &mut mina]).await;
    server.shutdown().await.unwrap();
}
