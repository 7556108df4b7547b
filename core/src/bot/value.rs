//! How the hard bot values a position: the network trained for the table where there is
//! one, else the race model; and, for a rival known to be our medium bot, the pair of
//! networks trained against it. The race model (`eval`) and the networks (`net`) know
//! nothing of each other's choice; this is where they are put together.

use super::eval::Model;
use super::net::{AgainstMedium, Net};
use crate::game::Game;
use crate::rules::RuleSet;
use std::sync::Arc;

/// Everything a search values positions with at one rule set; built once per rule set.
#[derive(Clone, Debug)]
pub(crate) struct Valuation {
    /// The rule-derived tables (also the search's chance nodes and the medium bot's rules).
    pub race: Model,
    /// The learned evaluation, where one was trained for these rules.
    net: Option<Arc<Net>>,
    /// The networks for a player facing the medium bot (see `net::AgainstMedium`).
    against_medium: Option<Arc<AgainstMedium>>,
    /// Whether every network trained for these rules was there when this was built (only
    /// without the built-in networks can one be missing; see `net::provide`).
    pub complete: bool,
}

impl Valuation {
    pub(crate) fn new(rules: &RuleSet) -> Valuation {
        let net = Net::for_rules(rules);
        let against_medium = Net::against_medium_for_rules(rules);
        Valuation {
            race: Model::new(rules),
            complete: net.is_ok() && against_medium.is_ok(),
            net: net.ok().flatten(),
            against_medium: against_medium.ok().flatten(),
        }
    }

    /// Whether a valuation built now for `rules` would have every network it lacked.
    pub(crate) fn could_complete(rules: &RuleSet) -> bool {
        Net::for_rules(rules).is_ok() && Net::against_medium_for_rules(rules).is_ok()
    }

    /// `race` alone, or with `net` in place of the built-in network: for training, which
    /// judges with the network being trained or tunes the race model's weights.
    #[cfg(feature = "train")]
    pub(crate) fn with(race: Model, net: Option<Arc<Net>>) -> Valuation {
        Valuation {
            race,
            net,
            against_medium: None,
            complete: true,
        }
    }

    /// Whether a network was trained for these rules.
    #[cfg(feature = "train")]
    pub(crate) fn has_net(&self) -> bool {
        self.net.is_some()
    }

    /// The pair trained against the medium bot, where one was trained for these rules.
    pub(crate) fn against_medium(&self) -> Option<&AgainstMedium> {
        self.against_medium.as_deref()
    }

    /// Estimated probability that `me` (a side) finishes before every other side still
    /// playing. `placed0` counts the sides already placed when the search began: those no
    /// longer race. The learned network answers where it covers the table.
    pub(crate) fn win_probability(&self, game: &Game, me: usize, placed0: usize) -> f64 {
        if let Some(net) = &self.net {
            if game.places().is_empty() {
                if let Some(v) = net.mover_wins(&self.race, game) {
                    let mover = game.side_of(game.to_move());
                    return if mover == me { v } else { 1.0 - v };
                }
            }
        }
        self.race.race_probability(game, me, placed0)
    }
}
