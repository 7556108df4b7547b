//! The shells' previews and screenshots draw `samples`: each must be the moment it is named
//! for, reached through the core's own events.

use yut_app::input::AppScreen;
use yut_app::records::GameEvent;
use yut_app::samples::{sample, Sample};
use yut_app::store::MemoryKv;
use yut_app::view::{AppView, BotState, SaveHealth, TableState, ThrowMotion};
use yut_core::save::SaveLibrary;

fn at(s: Sample, now_ms: u64) -> AppView {
    let dir = tempfile::tempdir().unwrap();
    let saves = SaveLibrary::open(dir.path()).unwrap();
    sample(s, Box::new(saves), Box::new(MemoryKv::default()), now_ms)
        .unwrap_or_else(|| panic!("{s:?} was not reached"))
}

fn table(v: &AppView) -> &TableState {
    v.table.as_ref().expect("a game on the table")
}

fn last_did(t: &TableState, what: fn(&GameEvent) -> bool) -> bool {
    t.snapshot.last_events.iter().any(what)
}

#[test]
fn every_sample_is_the_moment_it_is_named_for() {
    let now = 1_765_000_000_000;
    for s in Sample::ALL {
        let v = at(s, now);
        match s {
            Sample::Menu => {
                assert_eq!(v.screen, AppScreen::Menu);
                assert!(v.menu.continue_id.is_some());
            }
            Sample::NewGame => {
                assert_eq!(v.screen, AppScreen::NewGame);
                assert!(v.form.as_ref().is_some_and(|f| f.seats.len() == 2));
            }
            Sample::SavedGames => {
                assert_eq!(v.screen, AppScreen::SavedGames);
                let finished =
                    |r: &&yut_app::view::SaveRow| r.summary.as_ref().is_some_and(|s| s.finished);
                assert!(v.saved.rows.iter().any(|r| finished(&r)));
                assert!(v.saved.rows.iter().any(|r| r.can_open && !finished(&r)));
            }
            Sample::Settings => assert_eq!(v.screen, AppScreen::Settings),
            Sample::Rules => {
                assert_eq!(v.screen, AppScreen::Rules);
                assert!(v.rules.is_some());
            }
            Sample::FirstThrow => {
                let t = table(&v);
                assert!(t.can_throw && t.snapshot.last_events.is_empty());
            }
            Sample::InTheAir | Sample::Dropping => {
                let th = table(&v).throw.as_ref().expect("a throw");
                assert!(th.outcome.is_none(), "in the air");
                assert_eq!(th.started_at_ms, now, "thrown at the caller's now");
                let motion = if s == Sample::Dropping {
                    ThrowMotion::Drop
                } else {
                    ThrowMotion::Flight
                };
                assert_eq!(th.motion, motion);
            }
            Sample::MoveDue | Sample::MidGame => {
                let t = table(&v);
                assert!(t.can_move);
                assert!(t
                    .selection
                    .as_ref()
                    .is_some_and(|s| !s.destinations.is_empty()));
                if s == Sample::MidGame {
                    let on_board = |side: i32| t.snapshot.stacks.iter().any(|st| st.side == side);
                    assert!(on_board(0) && on_board(1));
                }
            }
            Sample::Question => {
                let c = table(&v).choice.as_ref().expect("a question");
                assert!(c.moves.len() > 1);
            }
            Sample::Hint => {
                let t = table(&v);
                let h = t.hint.as_ref().expect("a hint");
                assert_eq!(t.snapshot.legal_moves[h.index as usize], h.mv);
            }
            Sample::SharedStation => {
                let stacks = &table(&v).snapshot.stacks;
                let shared = stacks.iter().enumerate().any(|(i, a)| {
                    stacks[i + 1..]
                        .iter()
                        .any(|b| a.station == b.station && a.side == b.side)
                });
                assert!(shared, "one side has two stacks on one station");
            }
            Sample::Stacked => {
                let t = table(&v);
                assert!(last_did(t, |e| matches!(e, GameEvent::Stacked { .. })));
                assert!(t.snapshot.stacks.iter().any(|s| s.size > 1));
                let m = t.last_move.as_ref().expect("the last move");
                assert_eq!(m.started_at_ms, now, "its move starts at the caller's now");
            }
            Sample::Shortcut => {
                assert!(last_did(table(&v), |e| matches!(
                    e,
                    GameEvent::Turned { .. }
                )));
            }
            Sample::Captured => {
                let t = table(&v);
                assert!(last_did(t, |e| matches!(e, GameEvent::Captured { .. })));
                assert!(t.can_throw, "the capture's bonus throw is due");
                assert!(t.last_move.as_ref().is_some_and(|m| m.captured > 0));
            }
            Sample::BotsTurn => {
                assert!(matches!(table(&v).bot, BotState::Waiting { .. }));
            }
            Sample::Over => assert!(table(&v).snapshot.over),
            Sample::Review => assert!(table(&v).review.is_some()),
        }
    }
}

/// At `now_ms` 0 everything the table animates lies in the past: drawn at rest.
#[test]
fn at_time_zero_nothing_is_moving() {
    let v = at(Sample::Stacked, 0);
    let t = table(&v);
    assert!(t.last_move.as_ref().is_some_and(|m| m.lands_at_ms < 10_000));
    assert!(t.throw.as_ref().is_some_and(|th| th.lands_at_ms < 10_000));
}

/// A file the store cannot read is listed as damaged in the saved-games sample.
#[test]
fn the_saved_games_sample_lists_a_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("damaged.json"),
        b"{\"schema_version\": 1, \"summ",
    )
    .unwrap();
    let saves = SaveLibrary::open(dir.path()).unwrap();
    let v = sample(
        Sample::SavedGames,
        Box::new(saves),
        Box::new(MemoryKv::default()),
        0,
    )
    .unwrap();
    assert!(v
        .saved
        .rows
        .iter()
        .any(|r| r.health == SaveHealth::Damaged && !r.can_open));
    assert!(v
        .saved
        .rows
        .iter()
        .all(|r| r.id != "damaged" || r.damage.is_some()));
}
