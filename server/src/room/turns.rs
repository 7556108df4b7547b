//! Time in a room: bots' turns, stand-ins for people who dropped, and the turn timer.

use super::{refuse, Refusal, Room};
use rand::RngCore;
use std::time::{Duration, Instant};
use yut_core::bot::Bot;
use yut_core::game::Phase;
use yut_core::session::{now_ms, Player};
use yut_core::setup::MoveSpec;
use yut_net::protocol::{ErrorCode, Stage};

impl Room {
    /// The seat to act, when a bot plays it now (a bot seat, or a person's seat with a bot
    /// standing in).
    /// The seat a bot plays now. Nobody connected (every person gone, no spectator): the
    /// game waits for them rather than playing itself to the end unseen.
    pub(super) fn bot_turn(&self) -> Option<usize> {
        let s = self.session.as_ref()?;
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

    pub(super) fn next_due(&self) -> Option<Instant> {
        let mut due: Vec<Instant> = Vec::new();
        if self.bot_turn().is_some() {
            due.push(self.last_action_at + Duration::from_millis(self.options.bot_delay_ms));
        }
        due.extend(self.turn_deadline());
        if self.stage == Stage::Playing {
            let grace = Duration::from_millis(self.options.grace_ms);
            due.extend(
                self.seats
                    .iter()
                    .filter(|s| !s.standin && s.holder.is_none())
                    .filter_map(|s| s.away_since.map(|t| t + grace)),
            );
        }
        if self.members.is_empty() {
            if let Some(since) = self.empty_since_ms {
                let left = Duration::from_millis(
                    (since + self.ctx.ttl.as_millis() as u64).saturating_sub(now_ms()),
                );
                due.push(Instant::now() + left);
            }
        }
        due.into_iter().min()
    }

    /// Does what is due; `true` when the room has expired and its task should end.
    pub(super) async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        if self.members.is_empty() {
            if let Some(since) = self.empty_since_ms {
                if now_ms() >= since + self.ctx.ttl.as_millis() as u64 {
                    tracing::info!(room = %self.code, "room expired");
                    if let Err(e) = self.ctx.store.delete_room(&self.code, self.fence).await {
                        tracing::error!(room = %self.code, error = %e, "could not forget the room");
                    }
                    (self.ctx.forget)(&self.code);
                    return true;
                }
            }
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
        let bot_due = self.bot_turn().is_some()
            && self.last_action_at + Duration::from_millis(self.options.bot_delay_ms) <= now;
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
        let Some(session) = self.session.as_ref() else {
            return Ok(());
        };
        let seat = session.to_move();
        match session.game().phase() {
            Phase::Over => Ok(()),
            Phase::Throw => self.throw(true).await,
            Phase::Move => {
                let level = match self.seats[seat].rec.player {
                    Player::Bot { level } => level,
                    Player::Human => self.options.standin,
                };
                let levels = session.seat_levels();
                let game = session.game().clone();
                let mut bot = self.seats[seat]
                    .bot
                    .take()
                    .filter(|b| b.level() == level.into())
                    .unwrap_or_else(|| {
                        Bot::new(level.into(), rand::rngs::OsRng.next_u64())
                            .with_seat_levels(&levels)
                    });
                let (bot, chosen) = tokio::task::spawn_blocking(move || {
                    let m = bot.choose_legal(&game, Duration::from_millis(500), None);
                    (bot, m)
                })
                .await
                .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
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
