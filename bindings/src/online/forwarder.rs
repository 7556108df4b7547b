//! The client's events handed to the foreign listener, the room copy kept in step.

use super::lock;
use super::records::{OnlinePlay, OnlineThrow, RoomListener, RoomNotice, RoomView};
use super::room_copy::RoomCopy;
use crate::flight::plan_flight;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, OnceLock};
use yut_app::convert::{events, result_of, to_i32};
use yut_app::flight::Flight;
use yut_core::session::Action;
use yut_core::throw::Outcome;
use yut_net::protocol;
use yut_net::ClientEvent;

/// Hands the client's events to the foreign listener, keeping the room copy in step.
pub(super) struct EventForwarder {
    pub(super) room_copy: Arc<Mutex<RoomCopy>>,
    pub(super) listener: Arc<dyn RoomListener>,
    /// Set once connected: to ask for the whole room when a message was missed.
    pub(super) client: OnceLock<yut_net::Client>,
    /// Keeps what the listener hears in order: the room as a join's answer left it is told
    /// from the app's call, and must not overtake (or be overtaken by) the reader's news.
    pub(super) order: Mutex<()>,
    /// Bumped whenever a room is taken into the room copy: a join waits on it.
    pub(super) rooms_heard: tokio::sync::watch::Sender<u64>,
}

impl EventForwarder {
    /// A listener that throws (Kotlin, Swift) must not take the client's task down.
    pub(super) fn tell(&self, f: impl FnOnce(&dyn RoomListener)) {
        let _ = catch_unwind(AssertUnwindSafe(|| f(self.listener.as_ref())));
    }

    pub(super) fn notice(&self, code: &str, message: String) {
        self.tell(|l| {
            l.on_notice(RoomNotice {
                code: code.into(),
                message,
            })
        });
    }

    pub(super) fn resync(&self) {
        self.notice(
            "out_of_step",
            "a message was missed; asking for the whole room again".into(),
        );
        if let Some(client) = self.client.get().cloned() {
            tokio::spawn(async move {
                let _ = client.sync().await;
            });
        }
    }

    pub(super) fn room_changed(&self, view: Option<RoomView>) {
        if let Some(v) = view {
            self.tell(|l| l.on_room(v));
        }
    }

    /// Takes an accepted action into the room copy, then plans a throw's flight with the
    /// room copy let go: the simulation takes milliseconds, and the app's calls wait on the
    /// room copy. `None` when the action does not follow what is held here.
    pub(super) fn play(
        &self,
        number: u32,
        seq: u64,
        action: &Action,
        view: protocol::GameView,
    ) -> Option<OnlinePlay> {
        let (room, events, swipe) = {
            let mut m = lock(&self.room_copy);
            if !m.played(number, seq, action, view) {
                return None;
            }
            let swipe = match action {
                Action::Throw { seat, .. } => Some(m.swipe_for(*seat)),
                Action::Move { .. } => None,
            };
            (m.view()?, events(&m.last_events), swipe)
        };
        let (seat, throw) = match (action, swipe) {
            (
                Action::Throw {
                    seat,
                    outcome,
                    sticks,
                    ..
                },
                Some((swipe, mine)),
            ) => {
                let nak = matches!(outcome, Outcome::Nak);
                let flight = plan_flight(swipe, sticks.to_vec(), nak, seq)
                    .unwrap_or_else(|_| Flight::empty());
                let throw = OnlineThrow {
                    result: result_of(*outcome),
                    sticks: sticks.to_vec(),
                    flight,
                    mine,
                };
                (*seat, Some(throw))
            }
            (Action::Throw { seat, .. } | Action::Move { seat, .. }, _) => (*seat, None),
        };
        Some(OnlinePlay {
            seat: to_i32(seat),
            throw,
            events,
            room,
        })
    }

    pub(super) fn handle(&self, event: ClientEvent) {
        let _order = lock(&self.order);
        match event {
            ClientEvent::Connection(c) => self.tell(|l| l.on_connection(c.into())),
            ClientEvent::Room(room) => {
                let changed = {
                    let mut m = lock(&self.room_copy);
                    m.set_room(room).map(|()| m.view())
                };
                self.rooms_heard.send_modify(|n| *n += 1);
                match changed {
                    Ok(view) => self.room_changed(view),
                    Err(reason) => self.notice("bad_room", reason),
                }
            }
            ClientEvent::Seats(seats) => {
                let view = {
                    let mut m = lock(&self.room_copy);
                    if let Some(r) = m.room.as_mut() {
                        r.seats = seats;
                    }
                    m.view()
                };
                self.room_changed(view);
            }
            ClientEvent::Played {
                game,
                seq,
                action,
                view,
                ..
            } => match self.play(game, seq, &action, view) {
                Some(p) => self.tell(|l| l.on_played(p)),
                None => self.resync(),
            },
            ClientEvent::Undone {
                game,
                seq,
                seat,
                view,
            } => {
                let room = {
                    let mut m = lock(&self.room_copy);
                    m.undone(game, seq, view).then(|| m.view()).flatten()
                };
                match room {
                    Some(r) => self.tell(|l| l.on_undone(to_i32(seat), r)),
                    None => self.resync(),
                }
            }
            ClientEvent::Error { code, message } => self.notice(&code.id(), message),
            ClientEvent::Closing { message } => self.notice("closing", message),
            // The throws' check reaches the apps through the app core's room (its
            // snapshot holds the commitment and, once over, the secret).
            ClientEvent::Throws(_) => {}
        }
    }
}

impl yut_net::Listener for EventForwarder {
    fn on_event(&self, event: ClientEvent) {
        self.handle(event);
    }
}
