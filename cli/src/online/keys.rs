//! The keys of the online screens: the host's form, a guest's name, the lobby, the game.

use super::app::{room_of, seat_of, Cmd, Conn, OnlineApp, Screen};
use crate::play::overlay::first_keys;
use crate::play::setup::FormKey;
use crate::play::table::Intent;
use crossterm::event::{KeyCode, KeyEvent};
use yut_core::session::{BotLevel, Player};
use yut_core::setup::MoveSpec;
use yut_net::protocol::SeatView;

impl OnlineApp {
    /// Handles one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        let too_small = self.too_small();
        if first_keys(key, too_small, &mut self.overlay, self.size, &mut self.quit) {
            return;
        }
        if self.confirm_quit {
            // "Leave the room?": q or y leaves, any other key stays.
            self.confirm_quit = false;
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Char('y')) {
                self.quit = true;
            }
            return;
        }
        if matches!(self.conn, Conn::Reconnecting(_)) && key.code == KeyCode::Char('c') {
            self.outbox.push(Cmd::Reconnect);
            return;
        }
        match &mut self.screen {
            Screen::Setup(form) => match form.on_key(key) {
                FormKey::Start => self.open_room(),
                FormKey::Rules => self.open_rules(),
                FormKey::Back | FormKey::Quit => self.quit = true,
                FormKey::Stay => {}
            },
            Screen::Name { code, name } => match key.code {
                KeyCode::Esc => self.quit = true,
                KeyCode::Backspace => {
                    name.pop();
                }
                KeyCode::Enter => match yut_net::protocol::check_name(name) {
                    Ok(n) => {
                        let code = code.clone();
                        self.screen = Screen::Waiting(format!("Joining room {code}…"));
                        self.outbox.push(Cmd::Join {
                            code,
                            name: n,
                            seat: None,
                        });
                    }
                    Err(e) => self.note = Some(e),
                },
                KeyCode::Char(c)
                    if !c.is_control()
                        && name.chars().count() < yut_net::protocol::MAX_NAME_CHARS =>
                {
                    name.push(c);
                }
                _ => {}
            },
            Screen::Waiting(_) => {
                if key.code == KeyCode::Char('q') {
                    self.quit = true;
                }
            }
            Screen::Lobby => self.lobby_key(key),
            Screen::Game => self.game_key(key),
        }
    }

    fn open_room(&mut self) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        let options = self.pending_options.clone().unwrap_or_default();
        match room_of(form, options) {
            Ok((name, table, claim)) => {
                self.screen = Screen::Waiting("Opening the room…".to_string());
                self.outbox.push(Cmd::Create { name, table, claim });
            }
            Err(e) => form.error = Some(e),
        }
    }

    fn lobby_key(&mut self, key: KeyEvent) {
        let n = self.seat_count();
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => self.confirm_quit = true,
            KeyCode::Char('r') | KeyCode::Char('?') => self.open_rules(),
            KeyCode::Up | KeyCode::Char('k') if n > 0 => self.sel = (self.sel + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') if n > 0 => self.sel = (self.sel + 1) % n,
            KeyCode::Char('y') | KeyCode::Char(' ') => {
                let ready = self.room.as_ref().map_or(Vec::new(), |r| {
                    r.seats
                        .iter()
                        .filter(|s| self.mine.contains(&s.seat))
                        .map(|s| (s.seat, !s.ready))
                        .collect()
                });
                for (seat, ready) in ready {
                    self.send(Cmd::Ready { seat, ready });
                }
            }
            KeyCode::Char('s') if self.host => self.send(Cmd::Start),
            KeyCode::Char('b') if self.host => self.send(Cmd::AddBot(BotLevel::Medium)),
            KeyCode::Char('p') if self.host && n > 0 => {
                if let Some(s) = self.lobby_seat(self.sel) {
                    let player = next_player(s.player);
                    self.send(Cmd::SetSeat {
                        seat: self.sel,
                        player,
                    });
                }
            }
            KeyCode::Char('t') if n > 0 => self.take_seat(self.sel),
            KeyCode::Char('x') | KeyCode::Delete if self.host && n > 0 => {
                self.send(Cmd::Remove(self.sel))
            }
            KeyCode::Char('<') if self.host && self.sel > 0 => {
                self.send(Cmd::MoveSeat {
                    from: self.sel,
                    to: self.sel - 1,
                });
                self.sel -= 1;
            }
            KeyCode::Char('>') if self.host && self.sel + 1 < n => {
                self.send(Cmd::MoveSeat {
                    from: self.sel,
                    to: self.sel + 1,
                });
                self.sel += 1;
            }
            _ => {}
        }
    }

    /// What leaving means for this terminal: the host's part passes on (or waits), and the
    /// seats stay this terminal's to take back.
    pub fn leave_words(&self) -> String {
        let code = self.room.as_ref().map_or("CODE", |r| r.code.as_str());
        let back = format!("yut online rejoin {code} takes your seats back");
        if !self.host {
            return format!("Leaving: {back}");
        }
        let heir = self.room.as_ref().and_then(|r| {
            r.seats
                .iter()
                .find(|s| s.connected && !self.mine.contains(&s.seat) && s.player == Player::Human)
        });
        match heir {
            Some(s) => format!(
                "You are the host: leaving makes {} the host; {back}",
                s.name
            ),
            None => format!("You are the host and nobody else is here: the room waits; {back}"),
        }
    }

    fn lobby_seat(&self, seat: usize) -> Option<&SeatView> {
        self.room.as_ref()?.seats.iter().find(|s| s.seat == seat)
    }

    /// Takes an open person's seat on this terminal too (pass-and-play at one end of an
    /// online table), under the name the host gave it.
    fn take_seat(&mut self, seat: usize) {
        let Some(s) = self.lobby_seat(seat) else {
            return;
        };
        // A seat this terminal holds is taken too.
        if s.player != Player::Human || s.taken {
            self.note = Some(format!("Seat {} is not open for a person", seat + 1));
            return;
        }
        let name = yut_net::protocol::check_name(&s.name)
            .unwrap_or_else(|_| format!("Player {}", seat + 1));
        let Some(code) = self.room.as_ref().map(|r| r.code.clone()) else {
            return;
        };
        self.send(Cmd::Join {
            code,
            name,
            seat: Some(seat),
        });
    }

    fn game_key(&mut self, key: KeyEvent) {
        let host = self.host;
        let Some(t) = self.table.as_mut() else {
            return;
        };
        match key.code {
            KeyCode::Char('q') => {
                let leaving = self.leave_words();
                if let Some(t) = self.table.as_mut() {
                    t.note(leaving);
                }
                self.confirm_quit = true;
                return;
            }
            KeyCode::Char('r') | KeyCode::Char('?') => {
                self.open_rules();
                return;
            }
            _ => {}
        }
        if t.log_or_settling_key(key).is_some() {
            return;
        }
        if t.session.game().is_over() {
            if key.code == KeyCode::Char('n') {
                if host {
                    self.send(Cmd::Rematch);
                } else {
                    t.note("Only the host starts a rematch".to_string());
                }
            }
            return;
        }
        let seat = t.session.to_move();
        let can_undo = t.room_status.as_ref().is_some_and(|r| r.can_undo);
        let last = t.session.history().last().map(seat_of);
        let cmd = match t.turn_key(key) {
            None => return,
            Some(Intent::Throw) => Cmd::Throw(seat),
            Some(Intent::Play(lm)) => Cmd::Play {
                seat,
                mv: MoveSpec {
                    from: lm.mv.from,
                    uses: lm.mv.uses.clone(),
                    route: Some(lm.mv.route),
                    stack: lm.mv.stack,
                    count: None,
                },
                pieces: lm.mv.pieces,
            },
            Some(Intent::Undo) => match last {
                Some(s) if can_undo => Cmd::Undo(s),
                _ => {
                    t.note("Nothing to undo now".to_string());
                    return;
                }
            },
        };
        self.send(cmd);
    }
}

/// The next choice for a seat under the host's `p`: a person, then the bots from easy to hard.
fn next_player(p: Player) -> Player {
    let next = match p {
        Player::Human => BotLevel::ALL.first(),
        Player::Bot { level } => BotLevel::ALL.iter().skip_while(|l| **l != level).nth(1),
    };
    next.map_or(Player::Human, |&level| Player::Bot { level })
}
