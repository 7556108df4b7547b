//! The saved form of a game, and the checks a saved game passes on the way in.

use super::*;

/// The saved form of a game; checked on the way in so a hand-edited or damaged file can
/// never produce an impossible position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameRepr {
    rules: RuleSet,
    sides: Vec<Vec<u8>>,
    stacks: Vec<Stack>,
    home: Vec<u8>,
    done: Vec<u8>,
    to_move: u8,
    owed: u8,
    owed_prize: u8,
    hand: Vec<HandResult>,
    places: Vec<u8>,
    over: bool,
    #[serde(default = "current_engine", skip_serializing_if = "is_current_engine")]
    engine: u32,
}

fn current_engine() -> u32 {
    ENGINE_REVISION
}

fn is_current_engine(engine: &u32) -> bool {
    *engine == ENGINE_REVISION
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        GameRepr {
            rules: std::sync::Arc::unwrap_or_clone(g.rules),
            sides: g.sides.to_vec(),
            stacks: g.stacks,
            home: g.home,
            done: g.done,
            to_move: g.to_move,
            owed: g.owed,
            owed_prize: g.owed_prize,
            hand: g.hand,
            places: g.places,
            over: g.over,
            engine: g.engine,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = String;
    fn try_from(r: GameRepr) -> Result<Game, String> {
        let seats = r.home.len();
        let teams: Vec<Vec<usize>> = r
            .sides
            .iter()
            .map(|s| s.iter().map(|x| *x as usize).collect())
            .collect();
        let (side_of, sides) =
            validate_table(&r.rules, seats, Some(&teams)).map_err(|e| e.to_string())?;
        if r.done.len() != seats || r.to_move as usize >= seats {
            return Err("seat counts disagree".into());
        }
        let map = r.rules.route_map();
        let n = r.rules.pieces_per_player as usize;
        let mut on_board = vec![0usize; seats];
        for st in &r.stacks {
            if st.size() == 0 || st.index as usize >= map.stations(st.route).len() {
                return Err("a stack is empty or off its route".into());
            }
            if st.route == RouteId::MoStraight && !map.center_straight {
                return Err("route mo_straight under a turning centre".into());
            }
            for (seat, c) in st.counts.iter().enumerate() {
                if *c > 0 {
                    if seat >= seats || side_of[seat] != st.side {
                        return Err("a stack holds a piece of another side".into());
                    }
                    on_board[seat] += *c as usize;
                }
            }
        }
        for (seat, board) in on_board.iter().enumerate() {
            if r.home[seat] as usize + r.done[seat] as usize + board != n {
                return Err(format!("seat {seat} does not have {n} pieces"));
            }
        }
        if r.places.iter().any(|p| *p as usize >= sides.len()) {
            return Err("places name a side that does not exist".into());
        }
        if r.owed as u16 + r.owed_prize as u16 > MAX_OWED as u16 {
            return Err(format!("more than {MAX_OWED} throws owed"));
        }
        if r.hand.iter().any(|h| h.throw == Throw::BackDo) && !r.rules.back_do {
            return Err("hand holds back_do but Back-Do is off".into());
        }
        // Play keeps the hand at `MAX_HAND` or below unless a setup owed many throws (up to
        // `MAX_OWED`) whose results could not be used; more than that is a damaged file.
        if r.hand.len() > MAX_HAND + MAX_OWED as usize {
            return Err(format!("{} results in hand", r.hand.len()));
        }
        if !(1..=ENGINE_REVISION).contains(&r.engine) {
            return Err(format!("engine revision {} is unknown", r.engine));
        }
        Ok(Game {
            map,
            rules: std::sync::Arc::new(r.rules),
            side_of: side_of.into(),
            sides: sides.into(),
            stacks: r.stacks,
            home: r.home,
            done: r.done,
            to_move: r.to_move,
            owed: r.owed,
            owed_prize: r.owed_prize,
            hand: r.hand,
            places: r.places,
            over: r.over,
            engine: r.engine,
        })
    }
}
