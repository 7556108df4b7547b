//! Words the play screens use: names of presets, stations, routes and results, the
//! announcements made from game events, and the rules screen.
//!
//! The rules text is generated from the rule set in play, so the screen never describes
//! a rule the table is not using. It is our own wording (RULES.md forbids copying the
//! source documents).

use yut_core::game::{BonusReason, Event};
use yut_core::rules::{
    BackDoFromFirst, BackDoWhenEmpty, CaptureBonus, CenterPass, Finish, FirstPlayer, Stacking,
    Switch, ThrowTiming,
};
use yut_core::session::{BotLevel, Player};
use yut_core::throw::odds;
use yut_core::{Outcome, Preset, RouteId, RuleSet, Spot, Station, Throw};

/// A short human name for a preset, shown in menus and titles.
pub fn preset_name(p: Preset) -> &'static str {
    match p {
        Preset::Yunnori => "Yunnori",
        Preset::Culin1895 => "Culin 1895",
        Preset::NyoutRu => "Nyout (Russian set)",
    }
}

/// Where a preset comes from, for the new-game screen: short enough (at most 24 columns)
/// to stand whole beside the preset's name in an 80-column terminal.
pub fn preset_blurb(p: Preset) -> &'static str {
    match p {
        Preset::Yunnori => "the app's own rules",
        Preset::Culin1895 => "Culin's 1895 account",
        Preset::NyoutRu => "a Russian boxed set",
    }
}

/// A result as players say it, Korean first: `걸 Geol`.
pub fn throw_name(t: Throw) -> String {
    format!("{} {}", t.korean(), t.english())
}

/// A throw outcome, with 낙 for a stick off the mat.
pub fn outcome_name(o: Outcome) -> String {
    match o {
        Outcome::Result(t) => throw_name(t),
        Outcome::Nak => "낙 Nak".to_string(),
    }
}

/// What a result does, in steps.
pub fn throw_effect(t: Throw) -> String {
    match t.steps() {
        -1 => "1 step back".to_string(),
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    }
}

/// A set of results spent together (Culin lets several results move one piece).
pub fn uses_name(uses: &[Throw]) -> String {
    if let [t] = uses {
        return throw_name(*t);
    }
    let ko: Vec<&str> = uses.iter().map(|t| t.korean()).collect();
    let en: Vec<&str> = uses.iter().map(|t| t.english()).collect();
    format!("{} {}", ko.join("+"), en.join("+"))
}

/// A station as the move list names it: the id, and the traditional name of a corner.
pub fn station_label(s: Station) -> String {
    match s.name() {
        Some((ko, _)) => format!("{} {}", s.id(), ko),
        None => s.id(),
    }
}

/// A spot (station, waiting, finished) as the move list names it.
pub fn spot_label(s: Spot) -> String {
    match s {
        Spot::Home => "waiting".to_string(),
        Spot::Done => "off (finished)".to_string(),
        Spot::At(st) => station_label(st),
    }
}

/// How a route runs, for the "which way?" question.
pub fn route_words(r: RouteId) -> &'static str {
    match r {
        RouteId::Outer => "along the edge",
        RouteId::Mo => "down the 모 diagonal",
        RouteId::MoStraight => "straight on through the centre",
        RouteId::Dwitmo => "down the 뒷모 diagonal",
        RouteId::Jjimo => "up the 찌모 diagonal",
    }
}

/// A seat's kind as the screens show it.
pub fn player_name(p: Player) -> String {
    match p {
        Player::Human => "human".to_string(),
        Player::Bot { level } => format!("bot ({})", level.id()),
    }
}

/// Bot levels in the order the new-game screen cycles through them.
pub fn level_name(l: BotLevel) -> &'static str {
    l.id()
}

/// Names of the seats of a side (`Ann & Cho` for a team).
pub fn side_name(names: &[String], sides: &[Vec<u8>], side: usize) -> String {
    let Some(seats) = sides.get(side) else {
        return format!("side {}", side + 1);
    };
    let list: Vec<&str> = seats
        .iter()
        .filter_map(|s| names.get(*s as usize).map(String::as_str))
        .collect();
    if list.is_empty() {
        format!("side {}", side + 1)
    } else {
        list.join(" & ")
    }
}

/// Turns one engine event into a sentence for the message log; `None` for events that the
/// board already shows (a plain move).
pub fn announce(ev: &Event, names: &[String], sides: &[Vec<u8>]) -> Option<String> {
    let seat = |s: u8| {
        names
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", s + 1))
    };
    let side = |s: u8| side_name(names, sides, s as usize);
    let pieces = |n: u8| {
        if n == 1 {
            "1 piece".to_string()
        } else {
            format!("{n} pieces")
        }
    };
    Some(match ev {
        Event::Thrown {
            seat: s,
            outcome,
            prize,
        } => {
            let what = match outcome {
                Outcome::Result(t) => format!("{} ({})", throw_name(*t), throw_effect(*t)),
                Outcome::Nak => "낙 Nak: a stick fell off the mat, the throw is void".to_string(),
            };
            let prize = if *prize { " on a prize throw" } else { "" };
            format!("{} threw {what}{prize}", seat(*s))
        }
        Event::Moved {
            seat: s,
            from,
            to,
            pieces: n,
            ..
        } => {
            let who = if *n > 1 {
                format!("{} moved {}", seat(*s), pieces(*n))
            } else {
                format!("{} moved", seat(*s))
            };
            match (from, to) {
                (Spot::Home, _) => format!("{who} in to {}", spot_label(*to)),
                (_, Spot::Home) => format!("{who} back off the board"),
                _ => format!("{who} {} → {}", spot_label(*from), spot_label(*to)),
            }
        }
        Event::Turned { at, route } => {
            format!(
                "At {} the piece turns {}",
                station_label(*at),
                route_words(*route)
            )
        }
        Event::Stacked { at, pieces: n } => {
            format!(
                "Stacked on {}: {} now move as one",
                station_label(*at),
                pieces(*n)
            )
        }
        Event::Captured {
            at,
            side: s,
            pieces: n,
        } => format!(
            "Captured! {} of {} on {} sent back to wait",
            pieces(*n),
            side(*s),
            station_label(*at)
        ),
        Event::Finished { side: s, pieces: n } => {
            format!("{} finished {}", side(*s), pieces(*n))
        }
        Event::BonusOwed { reason, prize } => match (reason, prize) {
            (BonusReason::Result, _) => "Bonus throw for that result".to_string(),
            (BonusReason::Capture, true) => "Prize throw for the capture".to_string(),
            (BonusReason::Capture, false) => "Bonus throw for the capture".to_string(),
        },
        Event::ResultLost { throw } => {
            format!("{} cannot be used and is lost", throw_name(*throw))
        }
        Event::TurnPassed { to } => format!("{}'s turn", seat(*to)),
        Event::Won { side: s } => {
            let team = sides.get(*s as usize).is_some_and(|m| m.len() > 1);
            format!("{} {}!", side(*s), if team { "win" } else { "wins" })
        }
        Event::Placed { side: s, place } => {
            if *place == 1 {
                return None;
            }
            format!("{} takes place {place}", side(*s))
        }
    })
}

/// A block of the rules screen: a heading or a paragraph.
#[derive(Clone, Debug, PartialEq)]
pub enum RulesPart {
    Heading(String),
    Para(String),
    /// A row of the odds table (kept unwrapped so its columns line up).
    Row(String),
}

fn switch_text(option: Switch, places: &str) -> String {
    match option {
        Switch::Forced => format!(
            "A piece that stops exactly on {places} must take the diagonal from there \
             towards the centre."
        ),
        Switch::Optional => format!(
            "A piece that stops exactly on {places} may take the diagonal with its next \
             move or stay on the edge; you pick the way when you move it."
        ),
        Switch::OnlyIfShorter => format!(
            "A piece that stops exactly on {places} may take the diagonal where that is \
             the shorter way home; you pick the way when you move it."
        ),
        Switch::Never => format!("Stopping on {places} does not open a diagonal."),
    }
}

/// The rules screen for `rules`, in our own words, with the odds table. `undo` says
/// whether the table allows taking back moves.
pub fn rules_text(rules: &RuleSet, undo: bool, teams: bool) -> Vec<RulesPart> {
    use RulesPart::{Heading, Para, Row};
    let mut out = Vec::new();
    let n = rules.pieces_per_player;
    out.push(Heading(format!(
        "{} rules ({})",
        preset_name(rules.preset),
        preset_blurb(rules.preset)
    )));
    let goal = if n == 1 {
        "Each side races its piece once round the board and off it.".to_string()
    } else {
        format!("Each side races its {n} pieces once round the board and off it.")
    };
    let mut goal = format!("{goal} The first side to get every piece off wins.");
    if rules.play_on_for_places {
        goal.push_str(" The others play on to settle the remaining places.");
    }
    out.push(Para(goal));

    out.push(Heading("The board".into()));
    out.push(Para(
        "29 stations: 20 round the edge of the square and 9 on its two diagonals. Pieces \
         come in next to 참먹이 (bottom right) and run counterclockwise: up to 모 (top \
         right), across to 뒷모 (top left), down to 찌모 (bottom left) and back along the \
         bottom. The middle of the board is 방, the centre."
            .into(),
    ));
    out.push(Para(switch_text(rules.shortcut, "모 or 뒷모")));
    if rules.shortcut_at_15 != Switch::Never {
        out.push(Para(switch_text(rules.shortcut_at_15, "찌모")));
    }
    out.push(Para(match rules.center_pass_through {
        CenterPass::Turn => "A piece on a diagonal that reaches the centre carries on \
             towards 참먹이."
            .into(),
        CenterPass::Straight => "A piece coming down from 모 goes straight through the \
             centre towards 찌모, unless it stops exactly on the centre: then it may turn \
             towards 참먹이 instead."
            .into(),
    }));
    out.push(Para(if rules.exit_via_start_corner {
        "Every way home ends on 참먹이: a piece must reach or pass it, and one more step \
         takes it off the board."
            .into()
    } else {
        "On the edge, 참먹이 is the last station and one more step takes a piece off. \
         Coming from the centre, the station next to 참먹이 is the last, and the next \
         step takes the piece off."
            .into()
    }));
    out.push(Para(match rules.finish {
        Finish::Pass => {
            "Any throw that reaches or passes the way off finishes the piece; steps left \
             over are not needed."
                .into()
        }
        Finish::Exact => "A piece finishes only with a throw that takes it exactly one \
             step past its last station; a larger throw cannot move it."
            .into(),
    }));

    out.push(Heading("Throwing the sticks".into()));
    out.push(Para(
        "Four sticks, each flat on one side and round on the other. Count the flat sides \
         that land facing up: one is 도 Do (1 step), two 개 Gae (2), three 걸 Geol (3), \
         four 윷 Yut (4), and none at all 모 Mo (5)."
            .into(),
    ));
    if rules.back_do {
        out.push(Para(
            "One stick carries a mark. When the marked stick is the only one flat side up, \
             the throw is 빽도 Back-Do: a piece steps one station back."
                .into(),
        ));
        out.push(Para(match rules.back_do_when_empty {
            BackDoWhenEmpty::Enter => "With none of your pieces on the board, Back-Do \
                 brings a new piece in, like a Do."
                .into(),
            BackDoWhenEmpty::Lost => {
                "With none of your pieces on the board, a Back-Do is wasted.".into()
            }
        }));
        out.push(Para(match rules.back_do_from_first {
            BackDoFromFirst::Home => {
                "A piece on the first station that backs up leaves the board and waits again."
                    .into()
            }
            BackDoFromFirst::ToStartCorner => "A piece on the first station that backs up \
                 lands on 참먹이, one step from finishing."
                .into(),
        }));
    }
    if rules.nak {
        out.push(Para(
            "낙: now and then (1 throw in 20) a stick flies off the mat. That throw counts \
             as thrown but gives nothing."
                .into(),
        ));
    }
    let p = rules.stick_flat_probability;
    if (p - 0.5).abs() > 1e-9 {
        out.push(Para(format!(
            "These sticks land flat side up {:.0}% of the time, which shifts the odds.",
            p * 100.0
        )));
    }
    out.push(Para("How often each result comes up:".into()));
    let fair = (p - 0.5).abs() < 1e-9;
    for (t, prob) in odds(p, rules.back_do) {
        if t == Throw::BackDo && !rules.back_do {
            continue;
        }
        let sixteenths = if fair {
            format!("{:>2} in 16", (prob * 16.0).round() as u32)
        } else {
            String::new()
        };
        out.push(Row(format!(
            "  {} {:>13}  {:>6.2}%  {sixteenths}",
            pad_cells(&throw_name(t), 12),
            throw_effect(t),
            prob * 100.0
        )));
    }

    out.push(Heading("A turn".into()));
    let bonus: Vec<String> = rules
        .bonus_throw_on
        .iter()
        .map(|t| throw_name(*t))
        .collect();
    if !bonus.is_empty() {
        out.push(Para(format!(
            "A turn starts with one throw. Throwing {} earns one more, until {} results \
             are in hand or owed: the series ends there.",
            join_or(&bonus),
            yut_core::game::MAX_HAND
        )));
    }
    out.push(Para(match rules.capture_bonus {
        CaptureBonus::Each => "Every capture earns one more throw, on top of any extra \
             throw the result itself earned."
            .into(),
        CaptureBonus::SinglePrize => "A capture earns one prize throw. A prize throw never \
             earns further throws, and a capture made with a prize result earns nothing. \
             Holding a result twice, once from a prize throw, a capture spends the ordinary \
             one and any other move the prize one."
            .into(),
        CaptureBonus::Off => "Captures earn no extra throw.".into(),
    }));
    out.push(Para(match rules.throw_timing {
        ThrowTiming::MoveAfterEach => "Use each result before throwing again.".into(),
        ThrowTiming::CollectFirst => "Make every throw you are owed first, then use the \
             results in the order you like."
            .into(),
    }));
    out.push(Para(if rules.combine_results {
        "Several results may be added up and moved by one piece in a single move; one \
         result is never split, and Back-Do always goes alone."
            .into()
    } else {
        "Each result moves one piece or stack on its own.".into()
    }));
    out.push(Para(
        "A result that some piece can use must be used; a result that no piece can use is \
         lost."
            .into(),
    ));

    out.push(Heading("Meeting other pieces".into()));
    out.push(Para(match rules.stacking {
        Stacking::Mandatory => "Landing on your own piece stacks the two: from then on they \
             move together, and can be captured together."
            .into(),
        Stacking::Optional => "Landing on your own piece, you decide whether to stack (the \
             pieces then move together for good) or keep them apart."
            .into(),
        Stacking::Off => {
            "Your pieces may share a station, but each always moves on its own.".into()
        }
    }));
    out.push(Para(
        "Landing where an opponent stands captures them: every piece there goes back to \
         wait off the board."
            .into(),
    ));
    if rules.capture_needs_equal_or_larger_stack {
        out.push(Para(
            "A stack may not land where the opponent has more pieces than it has.".into(),
        ));
    }
    if !rules.safe_stations.is_empty() {
        let list: Vec<String> = rules
            .safe_stations
            .iter()
            .map(|s| station_label(*s))
            .collect();
        out.push(Para(format!(
            "Nobody is captured on {}: pieces of different sides simply share it.",
            join_or(&list)
        )));
    }
    if teams {
        out.push(Para(
            "Partners may move each other's pieces, stack together and never capture each \
             other."
                .into(),
        ));
    }

    out.push(Heading("Who starts".into()));
    out.push(Para(match rules.first_player {
        FirstPlayer::SeatOrder => "The first seat starts.".into(),
        FirstPlayer::Random => "The first player is drawn by lot.".into(),
        FirstPlayer::ThrowOff => "Everyone throws once and the best result starts (모 \
             beats 윷 beats 걸 and so on); those tied for best throw again."
            .into(),
    }));
    out.push(Para("After that, turns go round in seat order.".into()));
    if undo {
        out.push(Para(
            "Undo takes back your own last move while your turn goes on (a result still in \
             hand or a throw still owed), until you throw again. Once the turn has passed, \
             the move stands: the next player cannot take it back. Throws are never taken \
             back."
                .into(),
        ));
    }

    out.push(Heading("Keys".into()));
    for line in KEY_HELP {
        out.push(Row(format!("  {line}")));
    }
    out
}

/// Every key binding, for the rules screen and the report.
pub const KEY_HELP: [&str; 14] = [
    "Space / Enter   throw the sticks (when it is your throw); again: skip the landing",
    "↑ ↓  or  k j    pick a move",
    "1 … 9           play that move at once",
    "Enter           play the picked move",
    "h               hint: the hard bot's move and each move's winning chance",
    "u               undo your own move while your turn goes on (where allowed)",
    "v               review a finished game: each move against the hard bot's",
    "r  or  ?        this rules screen (any other key closes it)",
    "Esc             leave the game for the menu (it is saved); back, close a question",
    "q               quit; in a game it asks first (the game is saved after every action)",
    "PgUp / PgDn     scroll the game's log back and forth",
    "d               delete a saved game (in the resume list)",
    "Home / End      first / last saved game (in the resume list)",
    "Ctrl-C          quit at once (the game is already saved)",
];

/// Terminal cells a string takes: Hangul is two cells wide, everything we print else one.
pub fn cells(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F | 0x3130..=0x318F | 0xAC00..=0xD7A3 => 2,
            _ => 1,
        })
        .sum()
}

/// Pads `s` with spaces to `width` terminal cells, so columns with Korean line up.
pub fn pad_cells(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(cells(s))))
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "3 min ago"-style age of a save, from milliseconds since the epoch.
pub fn age(then_ms: u64, now_ms: u64) -> String {
    let s = now_ms.saturating_sub(then_ms) / 1000;
    match s {
        0..=59 => "just now".into(),
        60..=3599 => format!("{} min ago", s / 60),
        3600..=86_399 => format!("{} h ago", s / 3600),
        86_400..=172_799 => "1 day ago".into(),
        _ => format!("{} days ago", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_text_follows_the_rule_set() {
        let y = rules_text(&RuleSet::preset(Preset::Yunnori), true, false);
        let all = |parts: &[RulesPart]| {
            parts
                .iter()
                .map(|p| match p {
                    RulesPart::Heading(s) | RulesPart::Para(s) | RulesPart::Row(s) => s.clone(),
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let text = all(&y);
        assert!(text.contains("빽도 Back-Do"));
        assert!(text.contains(" 6 in 16"), "Gae is 6 in 16 with fair sticks");
        assert!(text.contains("6.25%   1 in 16"));
        // The odds rows line up in terminal cells, Korean included.
        let cols: Vec<usize> = y
            .iter()
            .filter_map(|p| match p {
                RulesPart::Row(r) if r.contains('%') => r.split('%').next().map(cells),
                _ => None,
            })
            .collect();
        assert_eq!(cols.len(), 6);
        assert!(cols.iter().all(|c| *c == cols[0]), "{cols:?}");
        assert!(text.contains("must take the diagonal"));
        let c = all(&rules_text(
            &RuleSet::preset(Preset::Culin1895),
            false,
            true,
        ));
        assert!(!c.contains("Back-Do:"));
        assert!(c.contains(" 4 in 16"), "Do is 4 in 16 without Back-Do");
        assert!(c.contains("added up"));
        assert!(c.contains("Partners"));
        assert!(!c.contains("Undo takes back"));
        let r = all(&rules_text(&RuleSet::preset(Preset::NyoutRu), true, false));
        assert!(r.contains("prize throw"));
        assert!(r.contains("Nobody is captured on 20 참먹이"));
        // Undo as the core allows it: the mover's own move, while that turn goes on.
        assert!(r.contains("your own last move while your turn goes on"));
        assert!(r.contains("the next player cannot take it back"));
    }

    #[test]
    fn a_team_win_names_both_and_reads_as_plural() {
        let names: Vec<String> = ["Ara", "Bot 2", "Dad", "Bot 4"].map(String::from).to_vec();
        let teams = vec![vec![0u8, 2], vec![1, 3]];
        let line = announce(&Event::Won { side: 1 }, &names, &teams);
        assert_eq!(line.as_deref(), Some("Bot 2 & Bot 4 win!"));
        let alone = vec![vec![0u8], vec![1]];
        let line = announce(&Event::Won { side: 0 }, &names, &alone);
        assert_eq!(line.as_deref(), Some("Ara wins!"));
    }

    #[test]
    fn ages_read_naturally() {
        assert_eq!(age(0, 30_000), "just now");
        assert_eq!(age(0, 180_000), "3 min ago");
        assert_eq!(age(0, 86_400_000 + 5_000), "1 day ago");
        assert_eq!(age(0, 2 * 86_400_000), "2 days ago");
        assert_eq!(age(10, 0), "just now");
    }
}
