//! Playing: a throw into the hand, a move onto the board, and what follows from either
//! (captures, stacking, turns at corners, bonus throws, places, passing the turn).

use super::*;
use crate::route::SwitchPoint;
use crate::rules::{CaptureBonus, Switch};
use crate::throw::{ThrowRng, NAK_PROBABILITY};

impl Game {
    // ----- throwing -----

    /// Draws the next throw from `rng` under these rules (sticks, and 낙 where on). The
    /// sticks are returned so the animation can show exactly what fell.
    pub fn draw(&self, rng: &mut ThrowRng) -> (Outcome, [bool; 4]) {
        let sticks = rng.sticks(self.rules.stick_flat_probability);
        if self.rules.nak && rng.chance(NAK_PROBABILITY) {
            return (Outcome::Nak, sticks);
        }
        (
            Outcome::Result(Throw::from_sticks(sticks, self.rules.back_do)),
            sticks,
        )
    }

    /// Throws with the given result (drawn by the caller, or forced by a test).
    pub fn throw_result(&mut self, t: Throw) -> Result<Vec<Event>, RuleError> {
        self.throw_outcome(Outcome::Result(t))
    }

    pub fn throw_outcome(&mut self, outcome: Outcome) -> Result<Vec<Event>, RuleError> {
        match self.phase() {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Move => return Err(RuleError::NoThrowOwed),
            Phase::Throw => {}
        }
        if outcome == Outcome::Result(Throw::BackDo) && !self.rules.back_do {
            return Err(RuleError::BackDoOff);
        }
        // The phase is Throw, so one of the two is above zero.
        let prize = if self.owed > 0 {
            self.owed -= 1;
            false
        } else {
            self.owed_prize = self.owed_prize.saturating_sub(1);
            true
        };
        let mut ev = vec![Event::Thrown {
            seat: self.to_move,
            outcome,
            prize,
        }];
        if let Outcome::Result(t) = outcome {
            self.hand.push(HandResult { throw: t, prize });
            let room = self.hand.len() + (self.owed() as usize) < MAX_HAND;
            if !prize && room && self.rules.bonus_throw_on.contains(&t) && self.owe_one(false) {
                ev.push(Event::BonusOwed {
                    reason: BonusReason::Result,
                    prize: false,
                });
            }
        }
        self.settle(&mut ev);
        Ok(ev)
    }

    // ----- moves -----

    /// Plays a move given by its description; the first legal move that matches it.
    pub fn play(&mut self, mv: &Move) -> Result<Vec<Event>, RuleError> {
        match self.phase() {
            Phase::Over => return Err(RuleError::GameOver),
            Phase::Throw => return Err(RuleError::MustThrow),
            Phase::Move => {}
        }
        let mut uses = mv.uses.clone();
        uses.sort();
        let legal = self
            .candidate_moves()
            .into_iter()
            .find(|l| {
                l.mv.from == mv.from
                    && l.mv.uses == uses
                    && l.mv.route == mv.route
                    && l.mv.stack == mv.stack
                    && l.mv.pieces == mv.pieces
            })
            .ok_or_else(|| RuleError::IllegalMove(describe(mv)))?;
        Ok(self.apply(&legal, true))
    }

    /// Plays one of the moves `legal_moves()` returned.
    pub fn play_legal(&mut self, legal: &LegalMove) -> Result<Vec<Event>, RuleError> {
        self.play(&legal.mv)
    }

    /// Plays a move this very position's `legal_moves()` returned, without finding it
    /// again: the bots' search plays every legal move of millions of positions. A move of
    /// another position is refused (`IllegalMove`), never misapplied.
    pub(crate) fn play_own(&mut self, legal: &LegalMove) -> Result<(), RuleError> {
        let seat = self.to_move as usize;
        let side = self.side_of.get(seat).copied();
        // Counted, not copied: this runs for every node of a search.
        let mut held = [0u8; Throw::ALL.len()];
        for h in &self.hand {
            held[h.throw as usize] = held[h.throw as usize].saturating_add(1);
        }
        let in_hand = legal.mv.uses.iter().all(|t| {
            let n = &mut held[*t as usize];
            n.checked_sub(1).map(|left| *n = left).is_some()
        });
        let fits = in_hand
            && match legal.source {
                Source::Home => self.home_piece_for(seat).is_some(),
                Source::Stack(i) => self.stacks.get(i).is_some_and(|st| {
                    Some(st.side) == side
                        && st.size() == legal.mv.pieces
                        && Spot::At(self.station_of(st)) == legal.mv.from
                }),
            };
        if self.phase() != Phase::Move || !fits {
            return Err(RuleError::IllegalMove(describe(&legal.mv)));
        }
        self.apply(legal, false);
        Ok(())
    }

    /// Plays `legal`; `record` false skips the move's own event (its path and results are
    /// copies the search has no use for).
    fn apply(&mut self, legal: &LegalMove, record: bool) -> Vec<Event> {
        let seat = self.to_move;
        let side = self.side_of[seat as usize];
        let mut ev = Vec::new();
        // Take the mover off its spot.
        let mut mover = match legal.source {
            Source::Home => {
                let owner = self.home_piece_for(seat as usize).unwrap_or(seat as usize);
                self.home[owner] = self.home[owner].saturating_sub(1);
                let mut counts = [0; MAX_SEATS];
                counts[owner] = 1;
                Stack {
                    side,
                    counts,
                    route: RouteId::Outer,
                    index: 0,
                    turn: None,
                }
            }
            Source::Stack(i) => self.stacks.remove(i),
        };
        let size = mover.size();
        let back_do = legal.mv.uses == [Throw::BackDo];
        if record {
            ev.push(Event::Moved {
                seat,
                from: legal.mv.from,
                to: legal.to,
                path: legal.path.clone(),
                pieces: size,
                uses: legal.mv.uses.clone(),
                route: legal.mv.route,
            });
        }
        let used_prize = self.spend(&legal.mv.uses, legal.captures > 0);
        let mut captured = false;
        match legal.to {
            Spot::Done => {
                add_counts(&mut self.done, &mover.counts);
                ev.push(Event::Finished { side, pieces: size });
            }
            Spot::Home => {
                add_counts(&mut self.home, &mover.counts);
            }
            Spot::At(station) => {
                // Where on which route the mover now stands.
                let (route, index) = if back_do {
                    match legal.source {
                        Source::Home => (RouteId::Outer, 0),
                        Source::Stack(_) if mover.index == 0 => (RouteId::Outer, 19),
                        Source::Stack(_) => {
                            let idx = mover.index - 1;
                            (self.map.after_back_step(mover.route, idx), idx)
                        }
                    }
                } else {
                    let start = match legal.source {
                        Source::Home => -1,
                        Source::Stack(_) => mover.index as i32,
                    };
                    let steps: i32 = legal.mv.uses.iter().map(|t| t.steps() as i32).sum();
                    (legal.mv.route, (start + steps) as u8)
                };
                mover.route = route;
                mover.index = index;
                mover.turn = None;
                // Capture.
                if !self.rules.safe_stations.contains(&station) {
                    let mut k = 0;
                    while k < self.stacks.len() {
                        let st = &self.stacks[k];
                        if st.side != side && self.station_of(st) == station {
                            let st = self.stacks.remove(k);
                            add_counts(&mut self.home, &st.counts);
                            ev.push(Event::Captured {
                                at: station,
                                side: st.side,
                                pieces: st.size(),
                            });
                            captured = true;
                        } else {
                            k += 1;
                        }
                    }
                }
                // Stacking.
                if legal.mv.stack == Some(true) {
                    let mut k = 0;
                    while k < self.stacks.len() {
                        let st = &self.stacks[k];
                        if st.side == side && self.station_of(st) == station {
                            let st = self.stacks.remove(k);
                            for (c, n) in mover.counts.iter_mut().zip(st.counts) {
                                *c += n;
                            }
                        } else {
                            k += 1;
                        }
                    }
                    ev.push(Event::Stacked {
                        at: station,
                        pieces: mover.size(),
                    });
                }
                // Turning at a corner or the centre.
                match self.landing_turn(mover.route, mover.index) {
                    Landing::Switch(r) => {
                        mover.route = r;
                        ev.push(Event::Turned {
                            at: station,
                            route: r,
                        });
                    }
                    Landing::Choice(r) => mover.turn = Some(r),
                    Landing::Stay => {}
                }
                self.stacks.push(mover);
            }
        }
        if captured {
            let bonus = self.rules.capture_bonus;
            match bonus {
                CaptureBonus::Each if self.owe_one(false) => {
                    ev.push(Event::BonusOwed {
                        reason: BonusReason::Capture,
                        prize: false,
                    });
                }
                CaptureBonus::SinglePrize if !used_prize && self.owe_one(true) => {
                    ev.push(Event::BonusOwed {
                        reason: BonusReason::Capture,
                        prize: true,
                    });
                }
                _ => {}
            }
        }
        if legal.to == Spot::Done && self.side_complete(side) {
            self.side_finished(side, &mut ev);
        }
        self.settle(&mut ev);
        ev
    }

    /// Owes one more throw (a prize throw if `prize`) unless the turn already owes
    /// `MAX_OWED`; says whether it did.
    fn owe_one(&mut self, prize: bool) -> bool {
        if self.owed() >= MAX_OWED {
            return false;
        }
        if prize {
            self.owed_prize += 1;
        } else {
            self.owed += 1;
        }
        true
    }
    /// Removes the used results from the hand and says whether a prize result was among
    /// them. Where the hand holds a result both as an ordinary and as a prize result, a
    /// capturing move spends the ordinary one (so its capture earns the prize throw) and any
    /// other move the prize one (keeping the ordinary one for a later capture): never worse
    /// for the mover (RULES.md §4).
    fn spend(&mut self, uses: &[Throw], captures: bool) -> bool {
        let mut prize = false;
        // Revision 1 spent the ordinary copy first on every move.
        let first_prize = !captures && self.engine >= 2;
        for t in uses {
            let pick = |hand: &[HandResult], as_prize: bool| {
                hand.iter()
                    .position(|h| h.throw == *t && h.prize == as_prize)
            };
            let pos = pick(&self.hand, first_prize).or_else(|| pick(&self.hand, !first_prize));
            if let Some(p) = pos {
                prize |= self.hand[p].prize;
                self.hand.remove(p);
            }
        }
        prize
    }

    /// What landing on `index` of `route` (a forward move, a Back-Do or a setup) does to the
    /// route. On a branch station either way shares the path travelled, so the choice runs
    /// both ways: from the parent route towards the centre, and from a branch route (a piece
    /// that backed onto the corner it had turned at) back along the parent (RULES.md §2).
    pub(super) fn landing_turn(&self, route: RouteId, index: u8) -> Landing {
        if let Some((to, point)) = self.map.turn_at(route, index) {
            return match self.switch_option(point) {
                Switch::Forced => Landing::Switch(to),
                Switch::Optional => Landing::Choice(to),
                Switch::OnlyIfShorter if self.shorter(to, route, index) => Landing::Choice(to),
                Switch::OnlyIfShorter | Switch::Never => Landing::Stay,
            };
        }
        let Some((parent, branch)) = self.map.parent(route) else {
            return Landing::Stay;
        };
        let Some((_, point)) = self.map.turn_at(parent, branch).filter(|_| branch == index) else {
            return Landing::Stay;
        };
        // `forced` would take this branch again and `never` would not leave it: both stay.
        match self.switch_option(point) {
            Switch::Optional => Landing::Choice(parent),
            Switch::OnlyIfShorter if self.shorter(parent, route, index) => Landing::Choice(parent),
            _ => Landing::Stay,
        }
    }

    fn switch_option(&self, point: SwitchPoint) -> Switch {
        match point {
            SwitchPoint::Corner => self.rules.shortcut,
            SwitchPoint::Fifteen => self.rules.shortcut_at_15,
        }
    }

    /// Whether `to` reaches `done` in strictly fewer steps than `from`, both from `index`.
    fn shorter(&self, to: RouteId, from: RouteId, index: u8) -> bool {
        self.map.steps_to_done(to, index) < self.map.steps_to_done(from, index)
    }

    pub(super) fn side_complete(&self, side: u8) -> bool {
        let n = self.rules.pieces_per_player;
        self.sides[side as usize]
            .iter()
            .all(|s| self.done[*s as usize] == n)
    }

    fn side_finished(&mut self, side: u8, ev: &mut Vec<Event>) {
        if self.places.contains(&side) {
            return;
        }
        self.places.push(side);
        if self.places.len() == 1 {
            ev.push(Event::Won { side });
        }
        ev.push(Event::Placed {
            side,
            place: self.places.len() as u8,
        });
        if !self.rules.play_on_for_places || self.sides.len() - self.places.len() <= 1 {
            self.end_game(ev);
        } else {
            // A side that finishes ends its turn at once.
            self.hand.clear();
            self.owed = 0;
            self.owed_prize = 0;
            self.pass_turn(ev);
        }
    }

    pub(super) fn end_game(&mut self, ev: &mut Vec<Event>) {
        if self.rules.play_on_for_places {
            for side in 0..self.sides.len() as u8 {
                if !self.places.contains(&side) {
                    self.places.push(side);
                    ev.push(Event::Placed {
                        side,
                        place: self.places.len() as u8,
                    });
                }
            }
        }
        self.over = true;
        self.hand.clear();
        self.owed = 0;
        self.owed_prize = 0;
    }

    /// Moves the turn to the next seat whose side still plays.
    pub(super) fn pass_turn(&mut self, ev: &mut Vec<Event>) {
        let n = self.seats();
        for k in 1..=n {
            let seat = (self.to_move as usize + k) % n;
            if !self.places.contains(&self.side_of[seat]) {
                self.to_move = seat as u8;
                break;
            }
        }
        self.hand.clear();
        self.owed = 1;
        self.owed_prize = 0;
        ev.push(Event::TurnPassed { to: self.to_move });
    }

    /// After every action: lose unusable results and pass the turn when nothing is left
    /// to do.
    pub(super) fn settle(&mut self, ev: &mut Vec<Event>) {
        if self.over || self.owed() > 0 {
            return;
        }
        if !self.candidate_moves().is_empty() {
            return;
        }
        for h in std::mem::take(&mut self.hand) {
            ev.push(Event::ResultLost { throw: h.throw });
        }
        self.pass_turn(ev);
    }
}

/// Adds a stack's pieces back to per-seat counters (home or done).
fn add_counts(target: &mut [u8], counts: &[u8; MAX_SEATS]) {
    for (t, n) in target.iter_mut().zip(counts) {
        *t += n;
    }
}

pub(super) enum Landing {
    Stay,
    Switch(RouteId),
    Choice(RouteId),
}

fn describe(mv: &Move) -> String {
    let uses: Vec<&str> = mv.uses.iter().map(|t| t.id()).collect();
    format!(
        "from {} using [{}] along {}{}",
        mv.from,
        uses.join(", "),
        mv.route,
        match mv.stack {
            Some(true) => ", stacking",
            Some(false) => ", not stacking",
            None => "",
        }
    )
}
