//! The room mirror: the server's snapshot, the game rebuilt from its history with the core
//! (every throw's result is in it), and what this device holds. The server decides; the
//! mirror never changes the game by itself, it only follows what the server said and asks
//! for the whole room again when it missed something.

use super::tickets::RoomTicket;
use super::view::{RoomGameState, RoomPhase, RoomSeatState, RoomState, ThrowsCheck};
use crate::catalog::describe;
use crate::convert::{events as convert_events, legal_move, result_of, to_i32};
use crate::message::MessageKind;
use crate::records::{BotLevel, GameEvent, GameSnapshot, LegalMove, PlayerKind, RulesDescription};
use crate::snapshot::{next_state, snapshot, Extras, SeatLook};
use crate::view::ThrowOutcome;
use yut_core::game::{Event, Game};
use yut_core::rules::RuleSet;
use yut_core::session::{Action, Player};
use yut_net::protocol::{self, GameView, ReplayError, RoomSnapshot, SeatView, Stage};
use yut_net::verify::ThrowCheck;

/// The room as this device knows it.
pub struct Mirror {
    pub room: RoomSnapshot,
    rules: Option<RulesDescription>,
    game: Option<Game>,
    /// The tag of the position shown (see `snapshot::next_state`).
    pub state: u64,
    last_events: Vec<Event>,
    /// The last action taken in, for the table to animate (taken once).
    pub last_play: Option<Play>,
}

/// An action the room played, as the table animates it: everything from the position
/// before it (the thrower's colour, the moved stack's path).
#[derive(Clone, Debug)]
pub enum Play {
    Throw {
        seat: i32,
        colour: String,
        sticks: Vec<bool>,
        /// Where the flick comes from: the room, its game and the action's number, so
        /// every device in the room plans the same flight.
        seed: u64,
        by_bot: bool,
        outcome: ThrowOutcome,
    },
    Move {
        mv: LegalMove,
        colour: String,
        events: Vec<GameEvent>,
        by_bot: bool,
    },
}

impl Mirror {
    /// Takes a whole room; the game is rebuilt from its history.
    pub fn of(room: RoomSnapshot) -> Result<Mirror, String> {
        let rules = RuleSet::from_json(&room.rules)
            .ok()
            .and_then(|r| describe(&r).ok());
        let game = match room.replay() {
            Ok(g) => Some(g),
            Err(ReplayError::NoGame) => None,
            Err(e) => return Err(e.to_string()),
        };
        Ok(Mirror {
            room,
            rules,
            game,
            state: next_state(),
            last_events: Vec::new(),
            last_play: None,
        })
    }

    /// Whether action `seq` of game `number` is the next one after what is held here.
    fn follows(&self, number: u32, seq: u64) -> bool {
        self.room
            .game
            .as_ref()
            .is_some_and(|g| g.number == number && seq == g.seq + 1)
    }

    /// Takes in an accepted action; `false` when it does not follow what is held here.
    pub fn played(
        &mut self,
        number: u32,
        seq: u64,
        action: &Action,
        view: &GameView,
        stand_in: bool,
        secret: Option<&str>,
    ) -> bool {
        if !self.follows(number, seq) {
            return false;
        }
        let Some(mut next) = self.game.clone() else {
            return false;
        };
        let Ok(events) = protocol::apply(&mut next, action) else {
            return false;
        };
        if !self
            .room
            .heard_played(number, action, view, stand_in, secret)
        {
            return false;
        }
        self.last_play = self.play_of(number, seq, action, &events, stand_in);
        self.game = Some(next);
        self.state = next_state();
        self.last_events = events;
        true
    }

    /// How `action` (just applied to a copy, with `events`) shows from the position held.
    fn play_of(
        &self,
        number: u32,
        seq: u64,
        action: &Action,
        events: &[Event],
        stand_in: bool,
    ) -> Option<Play> {
        let look = |seat: usize| {
            let v = self.room.seats.get(seat);
            let bot = stand_in || v.is_some_and(|v| matches!(v.player, Player::Bot { .. }));
            (v.map(|v| v.colour.clone()).unwrap_or_default(), bot)
        };
        match *action {
            Action::Throw {
                seat,
                outcome,
                sticks,
                ..
            } => {
                let (colour, by_bot) = look(seat);
                let room = self
                    .room
                    .code
                    .bytes()
                    .fold(0xCBF2_9CE4_8422_2325_u64, |h, b| {
                        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
                    });
                Some(Play::Throw {
                    seat: to_i32(seat),
                    colour,
                    sticks: sticks.to_vec(),
                    seed: room ^ (u64::from(number) << 40) ^ seq,
                    by_bot,
                    outcome: ThrowOutcome {
                        result: result_of(outcome),
                        events: convert_events(events),
                    },
                })
            }
            Action::Move { seat, ref mv, .. } => {
                let g = self.game.as_ref()?;
                let legal = g.legal_moves().into_iter().find(|l| l.mv == *mv)?;
                let (colour, by_bot) = look(seat);
                Some(Play::Move {
                    mv: legal_move(&legal, self.state, seat),
                    colour,
                    events: convert_events(events),
                    by_bot,
                })
            }
        }
    }

    /// Takes in an undo; `false` when it does not follow.
    pub fn undone(&mut self, number: u32, seq: u64, view: &GameView) -> bool {
        if !self.follows(number, seq) {
            return false;
        }
        let mut room = self.room.clone();
        if !room.heard_undone(number, view) {
            return false;
        }
        match Mirror::of(room) {
            Ok(m) => {
                *self = m;
                true
            }
            Err(_) => false,
        }
    }

    /// New seat states (connected, ready, a stand-in) during a game.
    pub fn seats(&mut self, seats: Vec<SeatView>) {
        self.room.seats = seats;
    }

    /// The seat to act, when a game goes on.
    pub fn to_act(&self) -> Option<usize> {
        self.game
            .as_ref()
            .filter(|g| !g.is_over() && self.room.stage == Stage::Playing)
            .map(Game::to_move)
    }

    fn standin(&self, seat: usize) -> Option<BotLevel> {
        self.room
            .seats
            .get(seat)
            .and_then(|s| s.standin)
            .map(Into::into)
    }

    /// A seat of this device is to act and no bot stands in for it.
    pub fn my_turn(&self, ticket: Option<&RoomTicket>) -> Option<usize> {
        let seat = self.to_act()?;
        (ticket.is_some_and(|t| t.holds(seat)) && self.standin(seat).is_none()).then_some(seat)
    }

    /// The legal moves of the position shown, as the snapshot lists them.
    pub fn legal(&self) -> Vec<crate::records::LegalMove> {
        self.game
            .as_ref()
            .map(|g| crate::snapshot::legal_moves(g, self.state))
            .unwrap_or_default()
    }

    /// The name of the seat's person (or bot), for what is said of its actions.
    pub fn name(&self, seat: usize) -> String {
        self.room
            .seats
            .get(seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// The first person's seat that keeps the game from starting (open or not ready).
    fn first_not_ready(&self) -> Option<&SeatView> {
        self.room
            .seats
            .iter()
            .find(|s| s.player == Player::Human && !(s.taken && s.ready))
    }

    /// Why the game cannot start, naming the first seat that keeps it: its person, or its
    /// number when nobody sits there yet (counted from 1, as on screen); `None` when every
    /// person's seat is taken and ready.
    pub fn not_ready(&self) -> Option<MessageKind> {
        self.first_not_ready()
            .map(|s| MessageKind::NotEveryoneReady {
                name: s.taken.then(|| s.name.clone()),
                number: Some(u32::try_from(s.seat + 1).unwrap_or(u32::MAX)),
            })
    }

    /// Only the host may do that: the host's name.
    pub fn host_only(&self) -> MessageKind {
        MessageKind::HostOnly {
            name: self.room.seats.get(self.room.host).map(|s| s.name.clone()),
        }
    }

    fn throws(&self) -> ThrowsCheck {
        let g = self.room.game.as_ref();
        match self.room.throw_check() {
            None | Some(ThrowCheck::Unverifiable) => ThrowsCheck::Unverifiable,
            Some(ThrowCheck::Committed) => ThrowsCheck::Committed {
                commitment: g.and_then(|g| g.commitment.clone()).unwrap_or_default(),
            },
            Some(ThrowCheck::Verified { throws }) => ThrowsCheck::Verified {
                throws,
                secret: g.and_then(|g| g.secret.clone()).unwrap_or_default(),
            },
            Some(ThrowCheck::Mismatch { reason }) => ThrowsCheck::Mismatch { reason },
        }
    }

    fn game_view(&self, ticket: Option<&RoomTicket>, on_its_way: bool) -> Option<RoomGameState> {
        let g = self.game.as_ref()?;
        let looks: Vec<SeatLook> = self
            .room
            .seats
            .iter()
            .map(|s| SeatLook {
                name: s.name.clone(),
                colour: s.colour.clone(),
                player: s.player.into(),
            })
            .collect();
        let net = self.room.game.as_ref();
        let mine = self.my_turn(ticket).is_some();
        let mut snap: GameSnapshot = snapshot(
            g,
            Extras {
                seats: &looks,
                state: self.state,
                can_undo: mine && net.is_some_and(|n| n.view.can_undo),
                last_events: &self.last_events,
            },
        );
        if !mine || on_its_way {
            snap.legal_moves.clear();
        }
        let acting = self.to_act();
        let standin_to_act = acting.and_then(|s| self.standin(s));
        // Online, bots play on the server: the screen only says who plays, and a stand-in
        // shows as the bot it is, never as the person.
        snap.bot_to_act = acting.and_then(|s| {
            standin_to_act.or(match self.room.seats.get(s).map(|v| v.player) {
                Some(Player::Bot { level }) => Some(level.into()),
                _ => None,
            })
        });
        let last_by_standin = net.is_some_and(|n| {
            n.history
                .len()
                .checked_sub(1)
                .is_some_and(|last| n.stood_in.contains(&last))
        });
        Some(RoomGameState {
            snapshot: snap,
            my_turn: mine,
            on_its_way,
            standin_to_act,
            last_by_standin,
            deadline_ms: net.and_then(|n| n.view.deadline_ms),
            throws: self.throws(),
        })
    }

    /// The room as the lobby and the game screen draw it; `server` is the address it was
    /// reached at, whose https page is the link to share.
    pub fn view(&self, server: &str, ticket: Option<&RoomTicket>, on_its_way: bool) -> RoomState {
        let r = &self.room;
        let hosting = ticket.is_some_and(|t| t.host);
        let phase = match r.stage {
            Stage::Lobby => RoomPhase::Lobby,
            Stage::Playing => RoomPhase::Playing,
            Stage::Over => RoomPhase::Over,
        };
        let seats = r
            .seats
            .iter()
            .map(|s| RoomSeatState {
                seat: u32::try_from(s.seat).unwrap_or(u32::MAX),
                number: u32::try_from(s.seat + 1).unwrap_or(u32::MAX),
                name: s.name.clone(),
                colour: s.colour.clone(),
                player: PlayerKind::from(s.player),
                taken: s.taken,
                connected: s.connected,
                away: s.player == Player::Human && s.taken && !s.connected,
                ready: s.ready,
                standin: s.standin.map(Into::into),
                mine: ticket.is_some_and(|t| t.holds(s.seat)),
            })
            .collect();
        RoomState {
            code: r.code.clone(),
            // The server's own `link` is the apps' scheme, which chat apps do not make
            // tappable and which needs the app; the https page works everywhere.
            link: protocol::web_room_link(server, &r.code).unwrap_or_else(|| r.link.clone()),
            phase,
            hosting,
            host_seat: u32::try_from(r.host).unwrap_or(0),
            seats,
            spectators: r.spectators,
            can_start: hosting && phase == RoomPhase::Lobby && self.first_not_ready().is_none(),
            game_number: r.game_number,
            rules: self.rules.clone(),
            game: self.game_view(ticket, on_its_way),
        }
    }
}
