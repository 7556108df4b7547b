//! The hard bot's static evaluation: a race model in "results still needed", plus the
//! capture threat of the side about to act, mapped to a win probability.
//!
//! Why a race model: Yut Nori is a race with hits. Counting how many throw results each side
//! still needs (using the exact single-piece expectation under the rule set in play, so
//! shortcuts, Back-Do and exact finish are priced right) captures progress, shortcuts and
//! the value of stacking (a stack needs its results once); the threat term prices what the
//! next throw can hit, which a shallow search would otherwise miss at its horizon.

use crate::board::{Spot, Station, STATION_COUNT};
use crate::game::{Game, Phase, Stack};
use crate::route::{RouteId, RouteMap, SwitchPoint};
use crate::rules::{
    BackDoFromFirst, BackDoWhenEmpty, CaptureBonus, Finish, RuleSet, Switch, ThrowTiming,
};
use crate::throw::{odds, Outcome, Throw, NAK_PROBABILITY};

/// Longest route (Jjimo with the exit via the start corner) has 21 stations.
const MAX_LEN: usize = 21;

/// Rule-derived tables the evaluation and the bots share; built once per rule set.
#[derive(Clone, Debug)]
pub struct Model {
    pub(crate) map: RouteMap,
    /// Expected results a lone piece standing at (route, index) still needs to finish,
    /// moving along that route (no pending turn).
    t: [[f64; MAX_LEN]; 5],
    /// The same for a piece waiting at home.
    pub(crate) home: f64,
    /// Expected results per turn (bonus throws included, captures not).
    pub(crate) rate: f64,
    /// Odds of each result, given that a throw gives a result.
    pub(crate) result_odds: Vec<(Throw, f64)>,
    /// Odds of each throw outcome (낙 included where on): the chance nodes of the search.
    pub(crate) outcomes: Vec<(Outcome, f64)>,
    safe: [bool; STATION_COUNT],
    equal_or_larger: bool,
    capture_bonus: CaptureBonus,
    back_do: bool,
    back_do_enter: bool,
    back_do_from_first: BackDoFromFirst,
    exact: bool,
    shortcut: Switch,
    shortcut_at_15: Switch,
    pub(crate) collect_first: bool,
}

fn route_slot(r: RouteId) -> usize {
    match r {
        RouteId::Outer => 0,
        RouteId::Mo => 1,
        RouteId::MoStraight => 2,
        RouteId::Dwitmo => 3,
        RouteId::Jjimo => 4,
    }
}

impl Model {
    pub fn new(rules: &RuleSet) -> Model {
        let map = rules.route_map();
        let raw = odds(rules.stick_flat_probability, rules.back_do);
        let result_odds: Vec<(Throw, f64)> = raw.iter().copied().filter(|(_, p)| *p > 0.0).collect();
        let nak = if rules.nak { NAK_PROBABILITY } else { 0.0 };
        let mut outcomes: Vec<(Outcome, f64)> = result_odds
            .iter()
            .map(|(t, p)| (Outcome::Result(*t), p * (1.0 - nak)))
            .collect();
        if nak > 0.0 {
            outcomes.push((Outcome::Nak, nak));
        }
        let p_bonus: f64 = outcomes
            .iter()
            .filter_map(|(o, p)| match o {
                Outcome::Result(t) if rules.bonus_throw_on.contains(t) => Some(*p),
                _ => None,
            })
            .sum();
        // Throws per turn are geometric; each gives a result unless 낙.
        let rate = (1.0 - nak) / (1.0 - p_bonus).max(0.05);
        let mut safe = [false; STATION_COUNT];
        for s in &rules.safe_stations {
            safe[s.index()] = true;
        }
        let mut m = Model {
            map,
            t: [[0.0; MAX_LEN]; 5],
            home: 0.0,
            rate,
            result_odds,
            outcomes,
            safe,
            equal_or_larger: rules.capture_needs_equal_or_larger_stack,
            capture_bonus: rules.capture_bonus,
            back_do: rules.back_do,
            back_do_enter: rules.back_do_when_empty == BackDoWhenEmpty::Enter,
            back_do_from_first: rules.back_do_from_first,
            exact: rules.finish == Finish::Exact,
            shortcut: rules.shortcut,
            shortcut_at_15: rules.shortcut_at_15,
            collect_first: rules.throw_timing == ThrowTiming::CollectFirst,
        };
        m.solve_race();
        m
    }

    fn len(&self, r: RouteId) -> usize {
        self.map.stations(r).len()
    }

    /// Results still needed from (route, index) for a piece that has just landed there:
    /// a forced switch is taken, an optional one is taken when it helps.
    fn landed(&self, r: RouteId, i: usize) -> f64 {
        let stay = self.t[route_slot(r)][i];
        let Some((to, point)) = self.map.turn_at(r, i as u8) else {
            return stay;
        };
        let option = match point {
            SwitchPoint::Corner => self.shortcut,
            SwitchPoint::Fifteen => self.shortcut_at_15,
        };
        let other = self.t[route_slot(to)][i];
        match option {
            Switch::Forced => other,
            Switch::Optional => stay.min(other),
            Switch::OnlyIfShorter
                if self.map.steps_to_done(to, i as u8) < self.map.steps_to_done(r, i as u8) =>
            {
                stay.min(other)
            }
            _ => stay,
        }
    }

    /// Value iteration for a lone piece: expected results to finish from every spot.
    fn solve_race(&mut self) {
        let routes: Vec<RouteId> = self.map.routes().collect();
        for _ in 0..5000 {
            let mut delta: f64 = 0.0;
            for &r in &routes {
                for i in 0..self.len(r) {
                    let v = 1.0 + self.expect_after(Some((r, i)));
                    let slot = &mut self.t[route_slot(r)][i];
                    delta = delta.max((v - *slot).abs());
                    *slot = v;
                }
            }
            let h = 1.0 + self.expect_after(None);
            delta = delta.max((h - self.home).abs());
            self.home = h;
            if delta < 1e-9 {
                break;
            }
        }
    }

    /// Expected results still needed after one more result, from a spot (None = home).
    fn expect_after(&self, from: Option<(RouteId, usize)>) -> f64 {
        let mut sum = 0.0;
        for &(t, p) in &self.result_odds {
            let next = match (from, t) {
                (None, Throw::BackDo) if self.back_do_enter => self.landed(RouteId::Outer, 0),
                (None, Throw::BackDo) => self.home,
                (None, t) => self.landed(RouteId::Outer, t.steps() as usize - 1),
                (Some((_, 0)), Throw::BackDo) => match self.back_do_from_first {
                    BackDoFromFirst::Home => self.home,
                    BackDoFromFirst::ToStartCorner => self.landed(RouteId::Outer, 19),
                },
                (Some((r, i)), Throw::BackDo) => {
                    let j = i - 1;
                    self.landed(self.map.after_back_step(r, j as u8), j)
                }
                (Some((r, i)), t) => {
                    let target = i + t.steps() as usize;
                    let len = self.len(r);
                    if target >= len {
                        if self.exact && target != len {
                            self.t[route_slot(r)][i]
                        } else {
                            0.0
                        }
                    } else {
                        self.landed(r, target)
                    }
                }
            };
            sum += p * next;
        }
        sum
    }

    /// Results a stack still needs (once for the whole stack).
    pub(crate) fn stack_need(&self, st: &Stack) -> f64 {
        let i = (st.index as usize).min(MAX_LEN - 1);
        let stay = self.t[route_slot(st.route)][i];
        match st.turn {
            Some(r) => stay.min(self.t[route_slot(r)][i]),
            None => stay,
        }
    }

    /// What a side loses when this stack is sent home: every piece needs the full way again.
    pub(crate) fn capture_loss(&self, st: &Stack) -> f64 {
        (st.size() as f64 * self.home - self.stack_need(st)).max(0.0)
    }

    /// Value (in results) of the bonus throw a capture earns.
    pub(crate) fn capture_bonus_value(&self) -> f64 {
        match self.capture_bonus {
            CaptureBonus::Each => self.rate,
            CaptureBonus::SinglePrize => 1.0,
            CaptureBonus::Off => 0.0,
        }
    }

    /// Where a mover lands with one result, if on a station: (station, route) pairs, along
    /// its route and its pending turn. `from` None means entering from home.
    pub(crate) fn landings(&self, from: Option<&Stack>, t: Throw, out: &mut Vec<Station>) {
        out.clear();
        match from {
            None => {
                let idx = if t == Throw::BackDo {
                    if !self.back_do_enter {
                        return;
                    }
                    0
                } else {
                    t.steps() as usize - 1
                };
                if let Spot::At(s) = self.map.spot(RouteId::Outer, idx as u8) {
                    out.push(s);
                }
            }
            Some(st) => {
                if t == Throw::BackDo {
                    if st.index == 0 {
                        if self.back_do_from_first == BackDoFromFirst::ToStartCorner {
                            out.push(Station::CHAMMEOGI);
                        }
                    } else if let Spot::At(s) = self.map.spot(st.route, st.index - 1) {
                        out.push(s);
                    }
                    return;
                }
                let n = t.steps() as usize;
                for r in [Some(st.route), st.turn].into_iter().flatten() {
                    let target = st.index as usize + n;
                    if target < self.len(r) {
                        if let Spot::At(s) = self.map.spot(r, target as u8) {
                            if !out.contains(&s) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Best capture value for `side` with result `t`: (loss inflicted, 1 if it captures).
    fn best_capture(&self, game: &Game, side: usize, t: Throw, enemy: &Occupancy) -> (f64, f64) {
        if t == Throw::BackDo && !self.back_do {
            return (0.0, 0.0);
        }
        let mut best: f64 = 0.0;
        let mut buf = Vec::with_capacity(2);
        let any_on_board = game.stacks().iter().any(|s| s.side as usize == side);
        let has_home = game.sides()[side]
            .iter()
            .any(|s| game.home(*s as usize) > 0);
        let mut try_land = |size: u8, stations: &[Station]| {
            for s in stations {
                let k = s.index();
                if self.safe[k] || enemy.size[k] == 0 {
                    continue;
                }
                if self.equal_or_larger && enemy.size[k] > size {
                    continue;
                }
                best = best.max(enemy.loss[k]);
            }
        };
        if has_home && (t != Throw::BackDo || !any_on_board) {
            self.landings(None, t, &mut buf);
            try_land(1, &buf);
        }
        for st in game.stacks().iter().filter(|s| s.side as usize == side) {
            self.landings(Some(st), t, &mut buf);
            try_land(st.size(), &buf);
        }
        if best > 0.0 {
            (best, 1.0)
        } else {
            (0.0, 0.0)
        }
    }

    /// Results each active side still needs, and the number of its seats (for teams).
    fn needs(&self, game: &Game) -> Vec<f64> {
        let mut need = vec![0.0; game.sides().len()];
        for st in game.stacks() {
            if let Some(n) = need.get_mut(st.side as usize) {
                *n += self.stack_need(st);
            }
        }
        for seat in 0..game.seats() {
            if let Some(n) = need.get_mut(game.side_of(seat)) {
                *n += game.home(seat) as f64 * self.home;
            }
        }
        need
    }

    /// Estimated probability that `me` (a side) finishes before every other side still
    /// playing. `placed0` counts the sides already placed when the search began: those no
    /// longer race.
    pub fn win_probability(&self, game: &Game, me: usize, placed0: usize) -> f64 {
        let places = game.places();
        if places.len() > placed0 {
            return if places[placed0] as usize == me { 1.0 } else { 0.0 };
        }
        let nsides = game.sides().len();
        let mut need = self.needs(game);
        let mover = game.side_of(game.to_move());
        let over = game.phase() == Phase::Over;
        if !over {
            // The mover's results in hand and throws owed count as progress already made.
            let hand: f64 = game
                .hand()
                .iter()
                .map(|h| if h.throw == Throw::BackDo { 0.3 } else { 1.0 })
                .sum();
            let owed = game.owed() as f64 * self.rate;
            // What the mover can hit: with results in hand, or with the next throw.
            let enemy = Occupancy::of(game, mover, self);
            let mut loss = 0.0;
            let mut hits = 0.0;
            if game.phase() == Phase::Move {
                for h in game.hand() {
                    let (l, c) = self.best_capture(game, mover, h.throw, &enemy);
                    if l > loss {
                        loss = l;
                        hits = c;
                    }
                }
            }
            if game.owed() > 0 && (loss == 0.0 || self.collect_first) {
                let mut el = 0.0;
                let mut eh = 0.0;
                for &(t, p) in &self.result_odds {
                    let (l, c) = self.best_capture(game, mover, t, &enemy);
                    el += p * l;
                    eh += p * c;
                }
                loss += el;
                hits += eh;
            }
            // Spread the loss over the enemy sides by what they have exposed.
            if loss > 0.0 && enemy.total_loss > 0.0 {
                for (side, n) in need.iter_mut().enumerate() {
                    if side != mover {
                        *n += loss * enemy.side_loss[side.min(5)] / enemy.total_loss;
                    }
                }
            }
            need[mover] -= hand + owed + hits * self.capture_bonus_value();
        }
        let seats_of = |s: usize| game.sides()[s].len().max(1) as f64;
        let mut p = 1.0;
        for other in 0..nsides {
            if other == me || places.contains(&(other as u8)) {
                continue;
            }
            let dm = (need[me] / seats_of(me)).max(0.0);
            let d_o = (need[other] / seats_of(other)).max(0.0);
            let mut adv = d_o - dm;
            if !over {
                if mover == me {
                    adv -= 0.5 * self.rate;
                } else if mover == other {
                    adv += 0.5 * self.rate;
                }
            }
            let sd = (VARIANCE_PER_RESULT * (dm + d_o) + 1.0).sqrt();
            p *= logistic(1.7 * adv / sd);
        }
        p
    }
}

/// Variance of the race per result still needed; captures make Yut Nori swingier than a
/// pure race, so this is above the throw variance alone.
const VARIANCE_PER_RESULT: f64 = 0.9;

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Opposing pieces by station, seen from one side.
pub(crate) struct Occupancy {
    pub(crate) size: [u8; STATION_COUNT],
    pub(crate) loss: [f64; STATION_COUNT],
    side_loss: [f64; 6],
    total_loss: f64,
}

impl Occupancy {
    pub(crate) fn of(game: &Game, side: usize, model: &Model) -> Occupancy {
        let mut o = Occupancy {
            size: [0; STATION_COUNT],
            loss: [0.0; STATION_COUNT],
            side_loss: [0.0; 6],
            total_loss: 0.0,
        };
        for st in game.stacks() {
            if st.side as usize == side {
                continue;
            }
            let k = game.station_of(st).index();
            let l = model.capture_loss(st);
            o.size[k] += st.size();
            o.loss[k] += l;
            o.side_loss[(st.side as usize).min(5)] += l;
            o.total_loss += l;
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn race_table_prices_shortcuts() {
        let m = Model::new(&RuleSet::default());
        // From 5 on the diagonal (6 steps) is far shorter than the outer way (16).
        let mo = m.t[route_slot(RouteId::Mo)][4];
        let outer6 = m.t[route_slot(RouteId::Outer)][5];
        assert!(mo < outer6, "{mo} {outer6}");
        assert!(m.home > mo);
        assert!(m.home > 3.0 && m.home < 12.0, "{}", m.home);
        for p in Preset::ALL {
            let m = Model::new(&RuleSet::preset(p));
            assert!(m.home.is_finite() && m.home > 0.0);
            assert!(m.rate >= 1.0);
        }
    }
}
