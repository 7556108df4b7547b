//! Time in a room: bots' turns, stand-ins for people who dropped, and the turn timer.

use super::{refuse, Refusal, Room};
use rand::RngCore;
use std::time::{Duration, Instant};
use yut_core::bot::Bot;
use yut_core::game::Phase;
use yut_core::session::{now_ms, Player};
use yut_core::setup::MoveSpec;
use yut_net::protocol::{ErrorCode, Stage};

/// How long a bot thinks over a move at most.
const BOT_THINKS: Duration = Duration::from_millis(500);

/// How often one connection hears the whole room again when it asks (`sync`): asked
/// more often, it gets the newest room once this has passed.
pub(super) const SYNC_EVERY: Duration = Duration::from_secs(1);

impl Room {
    /// The pause before a bot's action: the room's, but never below the server's floor.
    fn bot_delay(&self) -> Duration {
        Duration::from_millis(self.options.bot_delay_ms).max(self.ctx.min_bot_delay)
    }

    /// How long the room is kept once empty: a room nobody but its host ever joined goes
    /// soon (see `Config::unjoined_room_ttl_secs`).
    fn kept_for(&self) -> Duration {
        if self.joined {
            self.ctx.ttl
        } else {
            self.ctx.unjoined_ttl.min(self.ctx.ttl)
        }
    }

    /// When the room expires, if it is empty.
    fn expires_at_ms(&self) -> Option<u64> {
        if !self.members.is_empty() {
            return None;
        }
        let since = self.empty_since_ms?;
        Some(since.saturating_add(self.kept_for().as_millis() as u64))
    }

    /// When a host who dropped outside a game has been away the grace period, while
    /// another person is here to take over the host's part.
    fn host_away_until(&self) -> Option<Instant> {
        if self.stage == Stage::Playing {
            return None;
        }
        let host = self.seats.get(self.host)?;
        let away = host.away_since.filter(|_| host.holder.is_none())?;
        let someone = self
            .seats
            .iter()
            .any(|s| s.holder.is_some() && s.rec.player == Player::Human);
        someone.then(|| away + Duration::from_millis(self.options.grace_ms))
    }

    /// The seat a bot plays now (a bot seat, or a person's seat with a bot standing in).
    /// Nobody connected (every person gone, no spectator): the game waits for them rather
    /// than playing itself to the end unseen.
    pub(super) fn bot_turn(&self) -> Option<usize> {
        let s = self.game.as_ref()?;
        if self.stage != Stage::Playing || s.game().is_over() || self.members.is_empty() {
            return None;
        }
        let seat = s.to_move();
        let st = self.seats.get(seat)?;
        (matches!(st.rec.player, Player::Bot { .. }) || st.standin).then_some(seat)
    }

    pub(super) fn turn_deadline(&self) -> Option<Instant> {
        let timer = self.options.turn_timer_ms?;
        if self.stage != Stage::Playing || self.members.is_empty() || self.bot_turn().is_some() {
            return None;
        }
        Some(self.last_action_at + Duration::from_millis(timer))
    }

    /// When the members who asked for the room again too soon get it.
    fn syncs_due(&self) -> impl Iterator<Item = Instant> + '_ {
        self.members
            .values()
            .filter(|m| m.sync_owed)
            .filter_map(|m| m.last_sync.map(|t| t + SYNC_EVERY))
    }

    pub(super) fn next_due(&self) -> Option<Instant> {
        let mut due: Vec<Instant> = Vec::new();
        if self.bot_turn().is_some() {
            due.push(self.last_action_at + self.bot_delay());
        }
        due.extend(self.turn_deadline());
        due.extend(self.syncs_due());
        if let Some(at) = self.host_away_until() {
            due.push(at);
        }
        if self.stage == Stage::Playing {
            let grace = Duration::from_millis(self.options.grace_ms);
            due.extend(
                self.seats
                    .iter()
                    .filter(|s| !s.standin && s.holder.is_none())
                    .filter_map(|s| s.away_since.map(|t| t + grace)),
            );
        }
        if let Some(at) = self.expires_at_ms() {
            let left = Duration::from_millis(at.saturating_sub(now_ms()));
            due.push(Instant::now() + left);
        }
        due.into_iter().min()
    }

    /// Does what is due; `true` when the room has expired and its task should end.
    pub(super) async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        if self.expires_at_ms().is_some_and(|at| now_ms() >= at) {
            tracing::info!(room = %self.code, joined = self.joined, "room expired");
            if let Err(e) = self.ctx.store.delete_room(&self.code, self.fence).await {
                tracing::error!(room = %self.code, error = %e, "could not forget the room");
            }
            (self.ctx.forget)(&self.code);
            return true;
        }
        let owed: Vec<_> = self
            .members
            .iter()
            .filter(|(_, m)| m.sync_owed && m.last_sync.is_none_or(|t| t + SYNC_EVERY <= now))
            .map(|(c, _)| *c)
            .collect();
        for conn in owed {
            self.on_sync(conn);
        }
        if self.host_away_until().is_some_and(|at| at <= now) {
            self.pass_host().await;
        }
        if self.stage == Stage::Playing {
            let grace = Duration::from_millis(self.options.grace_ms);
            let mut changed = false;
            for s in &mut self.seats {
                if !s.standin
                    && s.holder.is_none()
                    && s.away_since.is_some_and(|t| t + grace <= now)
                {
                    s.standin = true;
                    changed = true;
                }
            }
            if changed {
                self.broadcast_seats();
            }
        }
        let bot_due = self.bot_turn().is_some() && self.last_action_at + self.bot_delay() <= now;
        let timer_due = self.turn_deadline().is_some_and(|d| d <= now);
        if bot_due || timer_due {
            if let Err(e) = self.bot_act().await {
                tracing::warn!(room = %self.code, code = ?e.code, "bot action refused: {}", e.message);
                // Do not spin on a refused bot action.
                self.last_action_at = Instant::now();
            }
        }
        false
    }

    /// One action by a bot for the seat to act.
    pub(super) async fn bot_act(&mut self) -> Result<(), Refusal> {
        let Some(g) = self.game.as_ref() else {
            return Ok(());
        };
        let seat = g.to_move();
        match g.game().phase() {
            Phase::Over => Ok(()),
            Phase::Throw => self.throw(true).await,
            Phase::Move => {
                let level = match self.seats[seat].rec.player {
                    Player::Bot { level } => level,
                    Player::Human => self.options.standin,
                };
                let levels = g.seat_levels();
                let game = g.game().clone();
                let mut bot = self.seats[seat]
                    .bot
                    .take()
                    .filter(|b| b.level() == level.into())
                    .unwrap_or_else(|| {
                        Bot::new(level.into(), rand::rngs::OsRng.next_u64())
                            .with_seat_levels(&levels)
                    });
                let (bot, chosen) = self
                    .ctx
                    .bots
                    .run(move || {
                        let m = bot.choose_legal(&game, BOT_THINKS, None);
                        (bot, m)
                    })
                    .await
                    .ok_or_else(|| refuse(ErrorCode::Internal, "the bots' threads have stopped"))?;
                self.seats[seat].bot = Some(bot);
                let Some(chosen) = chosen else {
                    return Err(refuse(ErrorCode::Internal, "the bot found no move"));
                };
                let spec = MoveSpec::of(&chosen);
                self.play(&spec, Some(chosen.mv.pieces), true).await
            }
        }
    }
}
