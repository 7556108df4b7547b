//! The rule set: every option of RULES.md, the three presets, and validation.
//!
//! A rule set is written as a JSON object: `preset` plus any options overriding it. Unknown
//! keys and values are errors, so a typo in a save or scenario never silently changes play.

use crate::board::Station;
use crate::route::RouteMap;
use crate::throw::Throw;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The named traditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// The app's own rules (the default).
    #[default]
    Yunnori,
    /// Stewart Culin's 1895 account.
    #[serde(rename = "culin1895")]
    Culin1895,
    /// The rulebook of a Russian boxed set.
    NyoutRu,
}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::Yunnori, Preset::Culin1895, Preset::NyoutRu];

    pub fn id(self) -> &'static str {
        match self {
            Preset::Yunnori => "yunnori",
            Preset::Culin1895 => "culin1895",
            Preset::NyoutRu => "nyout_ru",
        }
    }

    /// Pieces each seat plays with at a table of `seats` (`teams`: two sides of partners),
    /// as the tradition deals them: 4, except in Culin's account, where three players take
    /// 3 each and four players in two teams 2 each (RULES.md §6). New-game forms start
    /// from it; a host may still change `pieces_per_player`.
    pub fn pieces_for_table(self, seats: usize, teams: bool) -> u8 {
        match (self, seats) {
            (Preset::Culin1895, 3) => 3,
            (Preset::Culin1895, 4) if teams => 2,
            _ => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrowTiming {
    CollectFirst,
    MoveAfterEach,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureBonus {
    Each,
    SinglePrize,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stacking {
    Mandatory,
    Optional,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Switch {
    Forced,
    Optional,
    OnlyIfShorter,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CenterPass {
    Turn,
    Straight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    Pass,
    Exact,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    SeatOrder,
    Random,
    ThrowOff,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackDoWhenEmpty {
    Enter,
    Lost,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackDoFromFirst {
    Home,
    ToStartCorner,
}

/// Every option of RULES.md §10, fully resolved (no "inherit from preset" left).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSet {
    pub preset: Preset,
    pub back_do: bool,
    pub bonus_throw_on: BTreeSet<Throw>,
    pub throw_timing: ThrowTiming,
    pub combine_results: bool,
    pub capture_bonus: CaptureBonus,
    pub stacking: Stacking,
    pub shortcut: Switch,
    pub shortcut_at_15: Switch,
    pub center_pass_through: CenterPass,
    pub exit_via_start_corner: bool,
    pub capture_needs_equal_or_larger_stack: bool,
    pub safe_stations: BTreeSet<Station>,
    pub finish: Finish,
    pub first_player: FirstPlayer,
    pub back_do_when_empty: BackDoWhenEmpty,
    pub back_do_from_first: BackDoFromFirst,
    pub pieces_per_player: u8,
    pub play_on_for_places: bool,
    pub stick_flat_probability: f64,
    pub nak: bool,
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::preset(Preset::Yunnori)
    }
}

/// The stick bias allowed. Sticks that nearly always land one way make nearly every throw
/// a Yut or a Mo, and a turn that throws again and again; between these bounds a turn ends
/// after a few throws, and the series cap (`game::MAX_HAND`) ends it in any case.
pub const STICK_FLAT_MIN: f64 = 0.1;
/// See [`STICK_FLAT_MIN`].
pub const STICK_FLAT_MAX: f64 = 0.9;

/// Why a rule set (or a table set up with it) cannot be played.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RuleSetError {
    #[error("rule options are not valid: {0}")]
    Malformed(String),
    #[error("pieces_per_player must be 1 to 4, not {0}")]
    PiecesPerPlayer(u8),
    #[error(
        "stick_flat_probability must lie between {min} and {max}, not {0:?}",
        min = STICK_FLAT_MIN,
        max = STICK_FLAT_MAX
    )]
    StickProbability(f64),
    #[error("every possible throw owes another throw, so a turn could never end")]
    EndlessTurn,
    #[error("{seats} seats: this rule set allows {min} to {max}")]
    SeatCount {
        seats: usize,
        min: usize,
        max: usize,
    },
    #[error("teams: {0}")]
    Teams(String),
}

impl RuleSet {
    /// The options of a named tradition (RULES.md §9). Options a preset does not name keep
    /// the Yunnori value.
    pub fn preset(preset: Preset) -> RuleSet {
        let yunnori = RuleSet {
            preset: Preset::Yunnori,
            back_do: true,
            bonus_throw_on: [Throw::Yut, Throw::Mo].into_iter().collect(),
            throw_timing: ThrowTiming::MoveAfterEach,
            combine_results: false,
            capture_bonus: CaptureBonus::Each,
            stacking: Stacking::Mandatory,
            shortcut: Switch::Forced,
            shortcut_at_15: Switch::Forced,
            center_pass_through: CenterPass::Turn,
            exit_via_start_corner: false,
            capture_needs_equal_or_larger_stack: false,
            safe_stations: BTreeSet::new(),
            finish: Finish::Pass,
            first_player: FirstPlayer::SeatOrder,
            back_do_when_empty: BackDoWhenEmpty::Enter,
            back_do_from_first: BackDoFromFirst::Home,
            pieces_per_player: 4,
            play_on_for_places: false,
            stick_flat_probability: 0.5,
            nak: false,
        };
        match preset {
            Preset::Yunnori => yunnori,
            Preset::Culin1895 => RuleSet {
                preset,
                back_do: false,
                throw_timing: ThrowTiming::CollectFirst,
                combine_results: true,
                stacking: Stacking::Optional,
                shortcut: Switch::Optional,
                shortcut_at_15: Switch::Never,
                exit_via_start_corner: true,
                capture_needs_equal_or_larger_stack: true,
                first_player: FirstPlayer::ThrowOff,
                ..yunnori
            },
            Preset::NyoutRu => RuleSet {
                preset,
                back_do: false,
                bonus_throw_on: [Throw::Do, Throw::Yut, Throw::Mo].into_iter().collect(),
                throw_timing: ThrowTiming::CollectFirst,
                capture_bonus: CaptureBonus::SinglePrize,
                stacking: Stacking::Optional,
                shortcut: Switch::OnlyIfShorter,
                shortcut_at_15: Switch::OnlyIfShorter,
                center_pass_through: CenterPass::Straight,
                exit_via_start_corner: true,
                safe_stations: [Station::CHAMMEOGI].into_iter().collect(),
                first_player: FirstPlayer::Random,
                ..yunnori
            },
        }
    }

    /// Reads the JSON form (`preset` plus overrides) and validates it.
    pub fn from_json(value: &serde_json::Value) -> Result<RuleSet, RuleSetError> {
        // `null` is not a value of any option; without this serde would read it as absent.
        if let Some((k, _)) = value
            .as_object()
            .and_then(|m| m.iter().find(|(_, v)| v.is_null()))
        {
            return Err(RuleSetError::Malformed(format!("{k}: null is not a value")));
        }
        let spec: RuleSpec = serde_json::from_value(value.clone())
            .map_err(|e| RuleSetError::Malformed(e.to_string()))?;
        spec.resolve()
    }

    /// The JSON form: the preset and every option spelled out, so a save file keeps the exact
    /// rules even if a preset's defaults change one day.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(RuleSpec::from(self)).unwrap_or(serde_json::Value::Null)
    }

    /// Checks the options make a playable game.
    pub fn validate(&self) -> Result<(), RuleSetError> {
        if !(1..=4).contains(&self.pieces_per_player) {
            return Err(RuleSetError::PiecesPerPlayer(self.pieces_per_player));
        }
        let p = self.stick_flat_probability;
        if !(STICK_FLAT_MIN..=STICK_FLAT_MAX).contains(&p) {
            return Err(RuleSetError::StickProbability(p));
        }
        let every_forward_is_bonus = Throw::FORWARD
            .iter()
            .all(|t| self.bonus_throw_on.contains(t));
        if every_forward_is_bonus && !self.back_do && !self.nak {
            return Err(RuleSetError::EndlessTurn);
        }
        Ok(())
    }

    /// Seats allowed: 2–4, or 2–6 for the Russian set ("add more colours").
    pub fn seat_range(&self) -> (usize, usize) {
        match self.preset {
            Preset::NyoutRu => (2, 6),
            _ => (2, 4),
        }
    }

    pub fn route_map(&self) -> RouteMap {
        RouteMap {
            exit_via_start_corner: self.exit_via_start_corner,
            center_straight: self.center_pass_through == CenterPass::Straight,
        }
    }
}

/// The loose JSON form of a rule set: every key optional, validated into a `RuleSet`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    #[serde(default)]
    pub preset: Preset,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_do: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_throw_on: Option<Vec<BonusThrow>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throw_timing: Option<ThrowTiming>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub combine_results: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture_bonus: Option<CaptureBonus>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stacking: Option<Stacking>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortcut: Option<Switch>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortcut_at_15: Option<Switch>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub center_pass_through: Option<CenterPass>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_via_start_corner: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capture_needs_equal_or_larger_stack: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe_stations: Option<Vec<Station>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish: Option<Finish>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_player: Option<FirstPlayer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_do_when_empty: Option<BackDoWhenEmpty>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub back_do_from_first: Option<BackDoFromFirst>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces_per_player: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play_on_for_places: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stick_flat_probability: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nak: Option<bool>,
}

/// A result that may owe a bonus throw: Back-Do never does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusThrow {
    Do,
    Gae,
    Geol,
    Yut,
    Mo,
}

impl From<BonusThrow> for Throw {
    fn from(b: BonusThrow) -> Throw {
        match b {
            BonusThrow::Do => Throw::Do,
            BonusThrow::Gae => Throw::Gae,
            BonusThrow::Geol => Throw::Geol,
            BonusThrow::Yut => Throw::Yut,
            BonusThrow::Mo => Throw::Mo,
        }
    }
}

fn bonus_of(t: Throw) -> Option<BonusThrow> {
    match t {
        Throw::BackDo => None,
        Throw::Do => Some(BonusThrow::Do),
        Throw::Gae => Some(BonusThrow::Gae),
        Throw::Geol => Some(BonusThrow::Geol),
        Throw::Yut => Some(BonusThrow::Yut),
        Throw::Mo => Some(BonusThrow::Mo),
    }
}

impl RuleSpec {
    pub fn resolve(self) -> Result<RuleSet, RuleSetError> {
        let mut r = RuleSet::preset(self.preset);
        macro_rules! take {
            ($($f:ident),*) => { $( if let Some(v) = self.$f { r.$f = v; } )* };
        }
        take!(
            back_do,
            throw_timing,
            combine_results,
            capture_bonus,
            stacking,
            shortcut,
            shortcut_at_15,
            center_pass_through,
            exit_via_start_corner,
            capture_needs_equal_or_larger_stack,
            finish,
            first_player,
            back_do_when_empty,
            back_do_from_first,
            pieces_per_player,
            play_on_for_places,
            stick_flat_probability,
            nak
        );
        if let Some(b) = self.bonus_throw_on {
            r.bonus_throw_on = b.into_iter().map(Throw::from).collect();
        }
        if let Some(s) = self.safe_stations {
            r.safe_stations = s.into_iter().collect();
        }
        r.validate()?;
        Ok(r)
    }
}

impl From<&RuleSet> for RuleSpec {
    fn from(r: &RuleSet) -> RuleSpec {
        RuleSpec {
            preset: r.preset,
            back_do: Some(r.back_do),
            bonus_throw_on: Some(
                r.bonus_throw_on
                    .iter()
                    .filter_map(|t| bonus_of(*t))
                    .collect(),
            ),
            throw_timing: Some(r.throw_timing),
            combine_results: Some(r.combine_results),
            capture_bonus: Some(r.capture_bonus),
            stacking: Some(r.stacking),
            shortcut: Some(r.shortcut),
            shortcut_at_15: Some(r.shortcut_at_15),
            center_pass_through: Some(r.center_pass_through),
            exit_via_start_corner: Some(r.exit_via_start_corner),
            capture_needs_equal_or_larger_stack: Some(r.capture_needs_equal_or_larger_stack),
            safe_stations: Some(r.safe_stations.iter().copied().collect()),
            finish: Some(r.finish),
            first_player: Some(r.first_player),
            back_do_when_empty: Some(r.back_do_when_empty),
            back_do_from_first: Some(r.back_do_from_first),
            pieces_per_player: Some(r.pieces_per_player),
            play_on_for_places: Some(r.play_on_for_places),
            stick_flat_probability: Some(r.stick_flat_probability),
            nak: Some(r.nak),
        }
    }
}

impl Serialize for RuleSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RuleSpec::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RuleSpec::deserialize(d)?
            .resolve()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn empty_object_is_yunnori() {
        assert_eq!(RuleSet::from_json(&json!({})).unwrap(), RuleSet::default());
    }

    #[test]
    fn overrides_apply_on_top_of_the_preset() {
        let r = RuleSet::from_json(&json!({"preset": "nyout_ru", "finish": "exact"})).unwrap();
        assert_eq!(r.finish, Finish::Exact);
        assert_eq!(r.capture_bonus, CaptureBonus::SinglePrize);
        assert_eq!(r.seat_range(), (2, 6));
    }

    #[test]
    fn culin_deals_fewer_pieces_at_bigger_tables_and_a_game_takes_them() {
        let culin = Preset::Culin1895;
        assert_eq!(culin.pieces_for_table(2, false), 4);
        assert_eq!(culin.pieces_for_table(3, false), 3);
        assert_eq!(culin.pieces_for_table(4, true), 2);
        // Four players each for themselves are not Culin's table: the usual 4.
        assert_eq!(culin.pieces_for_table(4, false), 4);
        for p in [Preset::Yunnori, Preset::NyoutRu] {
            for seats in 2..=6 {
                assert_eq!(p.pieces_for_table(seats, seats == 4), 4, "{p:?} {seats}");
            }
        }
        let rules = RuleSet {
            pieces_per_player: culin.pieces_for_table(3, false),
            ..RuleSet::preset(culin)
        };
        let g = crate::game::Game::new(rules, 3, None, 0).unwrap();
        assert!((0..3).all(|seat| g.home(seat) == 3));
    }

    #[test]
    fn unknown_keys_and_values_are_refused() {
        assert!(RuleSet::from_json(&json!({"bakc_do": true})).is_err());
        assert!(RuleSet::from_json(&json!({"stacking": "sometimes"})).is_err());
        assert!(RuleSet::from_json(&json!({"preset": "chess"})).is_err());
        assert!(RuleSet::from_json(&json!({"safe_stations": ["21"]})).is_err());
        assert!(RuleSet::from_json(&json!({"bonus_throw_on": ["back_do"]})).is_err());
        assert!(RuleSet::from_json(&json!({"finish": null})).is_err());
    }

    #[test]
    fn endless_turns_and_bad_numbers_are_refused() {
        let all = json!({"back_do": false, "bonus_throw_on": ["do","gae","geol","yut","mo"]});
        assert_eq!(RuleSet::from_json(&all), Err(RuleSetError::EndlessTurn));
        assert!(RuleSet::from_json(&json!({"stick_flat_probability": 1.0})).is_err());
        assert!(RuleSet::from_json(&json!({"stick_flat_probability": 0.0})).is_err());
        assert!(RuleSet::from_json(&json!({"pieces_per_player": 5})).is_err());
        assert!(RuleSet::from_json(&json!({"pieces_per_player": 0})).is_err());
    }

    /// A refused stick bias is named as written, shortest: 5e-324 written out in full was
    /// a 380-character message.
    #[test]
    fn a_refused_stick_bias_is_named_in_a_few_characters() {
        for (p, shown) in [(5e-324, "5e-324"), (1e300, "1e300"), (0.95, "0.95")] {
            let e = RuleSet::from_json(&json!({ "stick_flat_probability": p })).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("stick_flat_probability must lie between 0.1 and 0.9, not {shown}")
            );
        }
        let nan = RuleSetError::StickProbability(f64::NAN).to_string();
        assert!(nan.ends_with("not NaN") && nan.len() < 70, "{nan}");
    }

    #[test]
    fn json_round_trip_keeps_every_option() {
        for p in Preset::ALL {
            let r = RuleSet::preset(p);
            let back = RuleSet::from_json(&r.to_json()).unwrap();
            assert_eq!(back, r);
        }
    }
}
