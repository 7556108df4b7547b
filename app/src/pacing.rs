//! How fast the table plays, so the people at it can follow: the bots' pause, a move's
//! time per station, Reduce Motion's drop, the searches' budgets. One set for every shell
//! (the Kotlin and Swift copies had drifted: 700 ms against 650 ms of pause, 160 against
//! 170 ms a station); the station time is design/tokens.json's `hop_ms`.

/// The table's pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pacing {
    /// The pause before each bot action.
    pub bot_pause_ms: u32,
    /// A move's time per station (`hop_ms`).
    pub hop_ms: u32,
    /// Reduce Motion's (and a quick bot's) short drop of the sticks.
    pub drop_ms: u32,
    /// How fast a flight plays, in percent of its simulated time: 100 as simulated, 300
    /// three times slower, 0 lands at once (the shells' screen tests, which play whole
    /// games and look at a throw in the air).
    pub flight_percent: u32,
    /// How long a bot may think about one move.
    pub bot_budget_ms: u32,
    /// How long the hard bot may think about a hint.
    pub hint_budget_ms: u32,
    /// How long the hard bot may think about each move of a review.
    pub review_budget_ms: u32,
    /// When set, the hard bot searches this many nodes, whatever the time: its answers
    /// then depend only on the position (the journeys use it).
    pub bot_nodes: Option<u64>,
}

/// How many times quicker a quick bot's turn is (its pause, its moves).
pub const QUICK_FACTOR: u32 = 4;

impl Default for Pacing {
    fn default() -> Pacing {
        Pacing {
            bot_pause_ms: 700,
            hop_ms: 160,
            drop_ms: 350,
            flight_percent: 100,
            bot_budget_ms: 1_500,
            hint_budget_ms: 1_500,
            review_budget_ms: 1_000,
            bot_nodes: None,
        }
    }
}
