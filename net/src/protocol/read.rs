//! Reading a server message: its `type` first, then the variant's own fields from the same
//! text, into the same [`ServerMessage`] serde's derived reader gives.
//!
//! Why not the derived reader: an internally tagged enum is read by buffering the whole
//! message into serde's untyped `Content` and reading the variant back out of it, so every
//! type a message holds (rooms, seats, views, moves, events) is compiled twice, once per
//! way of reading. In the browser that was about 6 KB of the core's compressed
//! WebAssembly, and the core waits for all of it before the menu shows. Read this way,
//! the types are read only straight from text, as saves are. Each message is parsed twice
//! (the tag, then the fields); they are small, and nothing is buffered.

use super::{ErrorCode, GameView, RoomSnapshot, SeatToken, SeatView, ServerMessage};
use serde::de::Error as _;
use serde::Deserialize;
use serde_json::from_str as fields;
use std::borrow::Cow;
use yut_core::game::Event;
use yut_core::session::Action;

/// The message's `type`, every other field skipped.
#[derive(Deserialize)]
struct Tag<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
}

/// The variants' names, as `ServerMessage` writes them (`rename_all = "snake_case"`).
const TYPES: &[&str] = &[
    "welcome", "ok", "error", "joined", "room", "seats", "played", "undone", "closing",
];

// The variants' fields, with the serde attributes `ServerMessage` reads them with (`type`
// itself is skipped as an unknown field, as the derived reader skips any).

#[derive(Deserialize)]
struct Welcome {
    protocol: u32,
    server: String,
}

#[derive(Deserialize)]
struct Accepted {
    #[serde(default)]
    id: Option<u64>,
}

#[derive(Deserialize)]
struct Refused {
    #[serde(default)]
    id: Option<u64>,
    code: ErrorCode,
    message: String,
}

#[derive(Deserialize)]
struct Joined {
    #[serde(default)]
    id: Option<u64>,
    code: String,
    link: String,
    seats: Vec<SeatToken>,
    host: bool,
}

#[derive(Deserialize)]
struct Room {
    room: RoomSnapshot,
}

#[derive(Deserialize)]
struct Seats {
    seats: Vec<SeatView>,
}

#[derive(Deserialize)]
struct Played {
    game: u32,
    seq: u64,
    action: Action,
    events: Vec<Event>,
    view: GameView,
    #[serde(default)]
    stand_in: bool,
    #[serde(default)]
    secret: Option<String>,
}

#[derive(Deserialize)]
struct Undone {
    game: u32,
    seq: u64,
    seat: usize,
    view: GameView,
}

#[derive(Deserialize)]
struct Closing {
    message: String,
}

impl ServerMessage {
    /// Reads one message of the server (a WebSocket text frame). Accepts and refuses
    /// exactly what `serde_json::from_str::<ServerMessage>` does, with the same result.
    pub fn from_json(text: &str) -> serde_json::Result<ServerMessage> {
        let tag: Tag = serde_json::from_str(text)?;
        Ok(match &*tag.kind {
            "welcome" => {
                let f: Welcome = fields(text)?;
                ServerMessage::Welcome {
                    protocol: f.protocol,
                    server: f.server,
                }
            }
            "ok" => ServerMessage::Ok {
                id: fields::<Accepted>(text)?.id,
            },
            "error" => {
                let f: Refused = fields(text)?;
                ServerMessage::Error {
                    id: f.id,
                    code: f.code,
                    message: f.message,
                }
            }
            "joined" => {
                let f: Joined = fields(text)?;
                ServerMessage::Joined {
                    id: f.id,
                    code: f.code,
                    link: f.link,
                    seats: f.seats,
                    host: f.host,
                }
            }
            "room" => ServerMessage::Room {
                room: fields::<Room>(text)?.room,
            },
            "seats" => ServerMessage::Seats {
                seats: fields::<Seats>(text)?.seats,
            },
            "played" => {
                let f: Played = fields(text)?;
                ServerMessage::Played {
                    game: f.game,
                    seq: f.seq,
                    action: f.action,
                    events: f.events,
                    view: f.view,
                    stand_in: f.stand_in,
                    secret: f.secret,
                }
            }
            "undone" => {
                let f: Undone = fields(text)?;
                ServerMessage::Undone {
                    game: f.game,
                    seq: f.seq,
                    seat: f.seat,
                    view: f.view,
                }
            }
            "closing" => ServerMessage::Closing {
                message: fields::<Closing>(text)?.message,
            },
            other => return Err(serde_json::Error::unknown_variant(other, TYPES)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use yut_core::rules::RuleSet;
    use yut_core::session::{NewSession, Seat, Session, SessionOptions};

    /// A real game some actions in: throws, moves, captures maybe, with their events.
    fn played(actions: usize) -> (Session, Vec<(Action, Vec<Event>)>) {
        let seat = |name: &str, player| Seat {
            name: name.into(),
            colour: "#0072B2".into(),
            player,
        };
        let mut s = Session::new_at(
            NewSession {
                rules: RuleSet::default(),
                seats: vec![
                    seat("Ana", Player::Human),
                    seat(
                        "Bot",
                        Player::Bot {
                            level: BotLevel::Medium,
                        },
                    ),
                ],
                teams: None,
                seed: 7,
                options: SessionOptions { undo: true },
            },
            1_000,
        )
        .unwrap();
        let mut out = Vec::new();
        for i in 0..actions {
            let events = match s
                .game()
                .legal_moves()
                .get(i % 3)
                .or(s.game().legal_moves().first())
            {
                Some(m) => s.play_at(&m.mv.clone(), 2_000).unwrap(),
                None => s.throw_at(2_000).unwrap().events,
            };
            out.push((s.history().last().unwrap().clone(), events));
        }
        (s, out)
    }

    fn every_kind() -> Vec<ServerMessage> {
        let (session, actions) = played(40);
        let view = GameView::of(session.game());
        let seats = vec![SeatView {
            seat: 1,
            name: "Bot".into(),
            colour: "#009E73".into(),
            player: Player::Human,
            taken: true,
            connected: false,
            ready: true,
            standin: Some(BotLevel::Hard),
        }];
        let room = RoomSnapshot {
            code: "KMNPQR".into(),
            link: room_link("KMNPQR"),
            stage: Stage::Playing,
            host: 0,
            seats: seats.clone(),
            spectators: 2,
            rules: session.rules().to_json(),
            teams: Some(vec![vec![0], vec![1]]),
            options: RoomOptions::default(),
            game_number: 1,
            game: Some(GameSnapshot {
                number: 1,
                seq: session.history().len() as u64,
                start: session.start.clone(),
                history: session.history().to_vec(),
                view: view.clone(),
                engine: session.engine(),
                commitment: Some("ab".repeat(32)),
                secret: None,
                stood_in: vec![1, 3],
            }),
        };
        let mut out = vec![
            ServerMessage::Welcome {
                protocol: PROTOCOL_VERSION,
                server: "yut-server 0.1.0".into(),
            },
            ServerMessage::Ok { id: Some(3) },
            ServerMessage::Ok { id: None },
            ServerMessage::Error {
                id: Some(4),
                code: ErrorCode::OutOfTurn,
                message: "not your turn".into(),
            },
            ServerMessage::Joined {
                id: None,
                code: "KMNPQR".into(),
                link: room_link("KMNPQR"),
                seats: vec![SeatToken {
                    seat: 0,
                    token: "t0".into(),
                }],
                host: true,
            },
            ServerMessage::Room { room: room.clone() },
            ServerMessage::Room {
                room: RoomSnapshot {
                    game: None,
                    teams: None,
                    stage: Stage::Lobby,
                    ..room
                },
            },
            ServerMessage::Seats { seats },
            ServerMessage::Undone {
                game: 1,
                seq: 9,
                seat: 0,
                view: view.clone(),
            },
            ServerMessage::Closing {
                message: "going away".into(),
            },
        ];
        for (i, (action, events)) in actions.into_iter().enumerate() {
            out.push(ServerMessage::Played {
                game: 1,
                seq: i as u64 + 1,
                action,
                events,
                view: view.clone(),
                stand_in: i % 2 == 0,
                secret: (i == 5).then(|| "cd".repeat(32)),
            });
        }
        out
    }

    #[test]
    fn every_message_reads_back_as_the_derived_reader_reads_it() {
        for m in every_kind() {
            let text = serde_json::to_string(&m).unwrap();
            assert_eq!(ServerMessage::from_json(&text).unwrap(), m, "{text}");
            // The tag elsewhere than first, and a field of a later version: the same.
            let mut object: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&text).unwrap();
            let tag = object.remove("type").unwrap();
            object.insert(
                "from_a_later_server".into(),
                serde_json::json!([1, {"a": 2}]),
            );
            object.insert("type".into(), tag);
            let moved = serde_json::to_string(&object).unwrap();
            assert_eq!(
                ServerMessage::from_json(&moved).unwrap(),
                serde_json::from_str::<ServerMessage>(&moved).unwrap(),
                "{moved}"
            );
        }
    }

    #[test]
    fn what_the_derived_reader_refuses_is_refused() {
        let refused = [
            "",
            "[]",
            "{}",
            r#"{"type":"hello"}"#,
            r#"{"type":7}"#,
            r#"{"type":"welcome","protocol":1}"#,
            r#"{"type":"welcome","protocol":-1,"server":"s"}"#,
            r#"{"type":"ok","id":"7"}"#,
            r#"{"type":"error","code":"no_such_code","message":""}"#,
            r#"{"type":"room","room":{}}"#,
            r#"{"type":"seats","seats":[{"seat":0}]}"#,
            r#"{"type":"closing","message":"bye"} trailing"#,
            r#"{"type":"closing","message":"bye","type":"ok"}"#,
        ];
        for text in refused {
            assert!(
                serde_json::from_str::<ServerMessage>(text).is_err(),
                "the derived reader takes {text}"
            );
            assert!(ServerMessage::from_json(text).is_err(), "{text}");
        }
        // And what it takes with fields left out, the same way.
        for text in [
            r#"{"type":"ok"}"#,
            r#"{"id":null,"type":"ok"}"#,
            r#"{"type":"closing","message":"bye"}"#,
        ] {
            assert_eq!(
                ServerMessage::from_json(text).unwrap(),
                serde_json::from_str::<ServerMessage>(text).unwrap(),
                "{text}"
            );
        }
    }
}
