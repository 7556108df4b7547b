//! User journeys through the app core's events: whole games, bots, undo, hints, the review,
//! resume after a kill, a save conflict, the refusals a person meets, Reduce Motion, and the
//! throw withheld until its flight lands. Time is the harness's clock: nothing waits.

mod common;

use common::{bot, human, start, table, two_people, Device, Journey};
use yut_app::message::MessageKind;
use yut_app::records::{BotLevel, Phase, Spot};
use yut_app::store::MemoryKv;
use yut_app::view::{BotState, ThrowMotion, TurnLine};
use yut_app::{AppEvent, AppScreen, FormEvent, SettingsAction, ShellEffect, TableAction};

/// The throw's result is withheld while the sticks fly: the position, the hand and the
/// moves are the ones before it until the last stick settles; each knock comes as a cue at
/// its time, and only then the result.
#[test]
fn the_throw_is_withheld_until_its_flight_lands_with_its_cues() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(7));
    assert_eq!(j.table().room, None, "a local game's table is no room's");
    let before = j.table().snapshot.clone();
    j.act(TableAction::ThrowTap);
    let t = j.table();
    let thrown = t.throw.clone().expect("a throw in the air");
    assert!(t.in_the_air() && thrown.outcome.is_none());
    assert_eq!(thrown.motion, ThrowMotion::Flight);
    assert_eq!(
        t.snapshot, before,
        "the position stays until the sticks land"
    );
    assert_eq!(t.status, TurnLine::InTheAir);
    assert!(!t.can_throw && !t.can_move);
    assert_eq!(
        thrown.lands_at_ms - thrown.started_at_ms,
        u64::from(thrown.flight.end_ms)
    );
    // A second tap while they fly is refused, and throws nothing.
    j.act(TableAction::ThrowTap);
    assert_eq!(j.said(), Some(MessageKind::NotNow));
    assert_eq!(j.table().throw.unwrap().seq, thrown.seq);
    // Just before the landing: still withheld, and the knocks so far came at their times.
    j.advance_to(thrown.lands_at_ms - 1);
    assert!(j.table().in_the_air());
    let cues = j.cues();
    assert!(!cues.is_empty());
    for (heard, due, _) in &cues {
        assert_eq!(heard, due, "a cue comes when it is due");
    }
    let contacts: Vec<u64> = thrown
        .flight
        .contacts
        .iter()
        .map(|c| thrown.started_at_ms + u64::from(c.at_ms))
        .filter(|at| *at < thrown.lands_at_ms)
        .collect();
    assert_eq!(cues.iter().map(|c| c.1).collect::<Vec<_>>(), contacts);
    j.advance_to(thrown.lands_at_ms);
    let t = j.table();
    assert!(t.throw.as_ref().unwrap().outcome.is_some());
    assert_ne!(t.snapshot, before);
    assert!(j
        .shell
        .iter()
        .any(|(_, s)| matches!(s, ShellEffect::Announce { .. })));
}

/// Two people play a whole game by taps on the board: a piece is picked (the only one is
/// picked for them), its destinations light up, a tap there moves it; the game ends with a
/// winner, saved.
#[test]
fn two_people_play_a_whole_game_by_taps() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(11));
    let mut moves = 0;
    for _ in 0..2000 {
        let t = j.table();
        if t.snapshot.over {
            break;
        }
        if t.can_throw {
            j.throw_and_land();
        } else if t.can_move {
            let from = t.movable[0].clone();
            j.act(TableAction::Tap { spot: from.clone() });
            let sel = j.table().selection.expect("the tapped piece is picked");
            assert_eq!(sel.from, from);
            let to = sel.destinations[0].to.clone();
            j.act(TableAction::Tap { spot: to });
            if let Some(c) = j.table().choice {
                // Several moves reach it: answer by route, then by stacking.
                if c.routes.len() > 1 {
                    j.act(TableAction::ChooseRoute { route: c.routes[0] });
                }
                if let Some(c) = j.table().choice {
                    if c.stack_choices.len() > 1 {
                        j.act(TableAction::ChooseStack { join: true });
                    } else {
                        j.act(TableAction::ChooseUses {
                            uses: c.uses_choices[0].clone(),
                        });
                    }
                }
            }
            moves += 1;
        } else {
            panic!("nobody can act: {:?}", t.status);
        }
    }
    let t = j.table();
    assert!(t.snapshot.over, "the game ended");
    assert!(t.snapshot.winner.is_some());
    assert_eq!(t.status, TurnLine::Over);
    assert!(t.saved);
    assert!(moves > 8);
}

/// A person against a medium and a hard bot: the bots wait their pause, throw (their
/// sticks fly too), think off the UI thread and move; the game ends.
#[test]
fn a_person_plays_a_game_against_two_bots() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    let setup = table(
        vec![
            human("Ana", "#D55E00"),
            bot("Medium", "#0072B2", BotLevel::Medium),
            bot("Hard", "#009E73", BotLevel::Hard),
        ],
        5,
        2,
    );
    start(&mut j, setup);
    // Play until a bot is to act, and watch its turn.
    while j.table().snapshot.bot_to_act.is_none() {
        j.person_step();
    }
    let t = j.table();
    assert!(matches!(t.bot, BotState::Waiting { .. }), "{:?}", t.bot);
    assert_eq!(t.status, TurnLine::BotThrows);
    assert!(!t.can_throw);
    // The pause (after what still moves on screen), then its throw flies.
    let moving_until = t
        .last_move
        .as_ref()
        .map_or(j.now, |m| m.lands_at_ms.max(j.now));
    let step = j.tick.expect("the bot's step is timed");
    assert_eq!(step, moving_until + 700);
    j.advance_to(step - 1);
    assert!(matches!(j.table().bot, BotState::Waiting { .. }));
    j.advance_to(step);
    let th = j.table().throw.expect("the bot threw");
    assert!(th.by_bot && th.outcome.is_none());
    assert_eq!(th.started_at_ms, step);
    j.play_out(3000);
    let t = j.table();
    assert!(t.snapshot.over);
    assert!(j
        .view()
        .table
        .unwrap()
        .last_move
        .is_some_and(|m| m.lands_at_ms >= m.started_at_ms));
}

/// Quick bots: a quarter of the pause, their sticks drop, their moves hop four times as fast.
#[test]
fn quick_bots_pause_a_quarter_and_drop_their_sticks() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Settings {
        action: SettingsAction::SetQuickBots { on: true },
    });
    let setup = table(
        vec![
            bot("A", "#D55E00", BotLevel::Easy),
            bot("B", "#0072B2", BotLevel::Easy),
        ],
        3,
        1,
    );
    start(&mut j, setup);
    let started = j.now;
    j.advance(175);
    let th = j.table().throw.expect("a quick bot threw after 175 ms");
    assert_eq!(th.started_at_ms, started + 175);
    assert_eq!(th.motion, ThrowMotion::Drop);
    assert_eq!(th.lands_at_ms - th.started_at_ms, 350);
    j.play_out(2000);
    assert!(j.table().snapshot.over);
    let hop = j.table().last_move.unwrap().step_ms;
    assert_eq!(hop, 40);
}

/// Undo takes back the mover's own last move while the turn goes on (the result goes back
/// in hand); once the turn has passed it is refused, and nothing changes.
#[test]
fn undo_is_the_movers_only_while_the_turn_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(21));
    assert!(!j.table().can_undo);
    j.act(TableAction::Undo);
    assert_eq!(j.said(), Some(MessageKind::CannotUndo));
    // Find a move after which the same seat goes on (a Yut or Mo earns another throw).
    for _ in 0..400 {
        let t = j.table();
        if t.can_move {
            let seat = t.snapshot.turn.seat;
            let hand = t.snapshot.hand.len();
            j.person_step();
            let after = j.table();
            if after.snapshot.turn.seat == seat && !after.snapshot.over {
                assert!(after.can_undo);
                j.act(TableAction::Undo);
                let undone = j.table();
                assert_eq!(undone.snapshot.turn.seat, seat);
                assert_eq!(
                    undone.snapshot.hand.len(),
                    hand,
                    "the result is back in hand"
                );
                assert!(undone.last_move.is_none());
                return;
            } else if !after.snapshot.over {
                assert!(!after.can_undo, "the turn passed: no undo");
                j.act(TableAction::Undo);
                assert_eq!(j.said(), Some(MessageKind::CannotUndo));
                assert_eq!(j.table().snapshot, after.snapshot);
            }
        } else {
            j.person_step();
        }
    }
    panic!("no move left the turn with its mover");
}

/// A won game stays won: at the game-over card the winning move cannot be taken back, and
/// the Resume list keeps the game finished, with its winner (docs/SAVES.md, "Finished
/// games").
#[test]
fn a_won_game_stays_won_at_the_table_and_in_the_resume_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(43));
    j.play_out(4000);
    let over = j.table();
    assert!(over.snapshot.over && over.snapshot.winner.is_some());
    assert!(!over.can_undo, "the game-over card offers no undo");
    j.act(TableAction::Undo);
    assert_eq!(j.said(), Some(MessageKind::CannotUndo));
    assert_eq!(j.table().snapshot, over.snapshot);
    let id = over.game_id.clone();
    j.act(TableAction::Leave);
    j.send(AppEvent::Open {
        screen: AppScreen::SavedGames,
    });
    let row = j.view().saved.rows.into_iter().find(|r| r.id == id);
    let summary = row.and_then(|r| r.summary).expect("the game is listed");
    assert!(summary.finished, "listed as finished");
    assert_eq!(summary.winner, over.snapshot.winner);
    assert_eq!(summary.to_move, None);
}

/// A hint: the hard bot's move, found off the UI thread; its piece is picked and its
/// destination carries the chance. A move before it arrives drops it.
#[test]
fn a_hint_lights_its_move_and_a_late_one_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(4));
    while !j.table().can_move {
        j.person_step();
    }
    j.act(TableAction::Hint);
    let t = j.table();
    let hint = t.hint.expect("the hint came");
    assert!((0.0..=1.0).contains(&hint.win_chance));
    assert_eq!(t.snapshot.legal_moves[hint.index as usize], hint.mv);
    let sel = t.selection.expect("its piece is picked");
    assert_eq!(sel.from, hint.mv.from);
    assert!(sel.destinations.iter().any(|d| d.chance.is_some()));
    assert!(!t.can_hint, "one hint per position");
    // Next position: ask, move before the answer comes: the late answer is dropped.
    j.person_step();
    while !j.table().can_move {
        j.person_step();
    }
    j.inline = false;
    j.act(TableAction::Hint);
    assert!(j.table().hint_pending);
    j.person_step();
    assert!(!j.cancelled.is_empty(), "the search was stopped");
    j.release_work();
    assert!(j.table().hint.is_none());
}

/// The review at the end of a game lists the people's slips, each with the bot's better
/// move; a bots-only game has none to list.
#[test]
fn a_review_of_a_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    let setup = table(
        vec![human("Ana", "#D55E00"), bot("B", "#0072B2", BotLevel::Easy)],
        9,
        1,
    );
    start(&mut j, setup);
    j.play_out(2000);
    j.act(TableAction::Review);
    let review = j.table().review.expect("the review came");
    for slip in &review {
        assert_eq!(slip.seat, 0, "only the person's moves are reviewed");
        assert!(slip.best_chance >= slip.played_chance);
    }
    j.act(TableAction::CloseReview);
    assert!(j.table().review.is_none());
}

/// The app is killed mid-game: a new app on the same device offers Continue, which opens
/// the game where it was (the throw in the air counts, it was saved at once). On the
/// phones' files and on the web's key/value store alike.
#[test]
fn resume_after_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        resume_after_a_kill_on(&device);
    }
}

fn resume_after_a_kill_on(device: &Device) {
    let kv = MemoryKv::default();
    let mut j = Journey::on_device(device, kv.clone());
    start(&mut j, two_people(31));
    for _ in 0..7 {
        j.person_step();
    }
    j.act(TableAction::ThrowTap);
    let id = j.table().game_id.clone();
    let landed = j.table().throw.map(|t| t.lands_at_ms);
    let mut expected = None;
    if let Some(at) = landed {
        j.advance_to(at);
        expected = Some(j.table().snapshot.clone());
    }
    drop(j);
    let mut again = Journey::on_device(device, kv);
    assert_eq!(again.view().menu.continue_id, Some(id.clone()));
    again.send(AppEvent::Continue);
    let t = again.table();
    assert_eq!(t.game_id, id);
    if let Some(snap) = expected {
        assert_eq!(t.snapshot.hand, snap.hand);
        assert_eq!(t.snapshot.stacks, snap.stacks);
        assert_eq!(t.snapshot.turn, snap.turn);
    }
    assert!(t.saved);
}

/// Two windows (or tabs) open the same game; one plays on, then the other tries to: its
/// move is not written over the first's, and it says so.
#[test]
fn a_save_conflict_is_said_and_nothing_is_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        a_save_conflict_on(&device);
    }
}

fn a_save_conflict_on(device: &Device) {
    let mut a = Journey::on_device(device, MemoryKv::default());
    start(&mut a, two_people(41));
    let id = a.table().game_id.clone();
    let mut b = Journey::on_device(device, MemoryKv::default());
    b.act(TableAction::Resume { id: id.clone() });
    b.person_step();
    let b_saved = b.table().snapshot.clone();
    assert!(b.table().saved);
    a.person_step();
    assert_eq!(a.said(), Some(MessageKind::SaveConflict));
    assert!(!a.table().saved);
    let mut c = Journey::on_device(device, MemoryKv::default());
    c.act(TableAction::Resume { id });
    assert_eq!(c.table().snapshot.hand, b_saved.hand);
    assert_eq!(c.table().snapshot.stacks, b_saved.stacks);
}

/// A newer version of the app saves the game while it is open here: the next action is
/// not saved over the newer file, and the message says why (not a plain "not saved").
#[test]
fn a_save_over_a_newer_apps_file_says_so_and_keeps_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        let mut a = Journey::on_device(&device, MemoryKv::default());
        start(&mut a, two_people(43));
        let id = a.table().game_id.clone();
        let newer = b"{\"schema_version\":99,\"summary\":{},\"session\":{}}";
        device.write_raw(&id, newer);
        a.person_step();
        assert_eq!(
            a.said(),
            Some(MessageKind::SaveFromNewerVersion { version: 99 }),
            "{device:?}"
        );
        assert!(!a.table().saved);
        assert_eq!(device.raw(&id), newer);
    }
}

/// Reduce Motion: the sticks drop for 350 ms with one soft knock, moves jump.
#[test]
fn reduce_motion_drops_the_sticks_and_jumps_the_pieces() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Settings {
        action: SettingsAction::SetReduceMotion { on: true },
    });
    start(&mut j, two_people(13));
    j.act(TableAction::ThrowTap);
    let th = j.table().throw.unwrap();
    assert_eq!(th.motion, ThrowMotion::Drop);
    assert_eq!(th.lands_at_ms - th.started_at_ms, 350);
    j.advance_to(th.lands_at_ms);
    let cues = j.cues();
    assert!(cues.len() <= 1);
    assert!(cues.iter().all(|c| c.2 <= 0.5 && c.1 == th.lands_at_ms));
    while !j.table().can_move {
        j.person_step();
    }
    j.person_step();
    assert_eq!(j.table().last_move.unwrap().step_ms, 0);
}

/// Muted: the flight plays, with no cue.
#[test]
fn muted_sticks_make_no_cue() {
    let dir = tempfile::tempdir().unwrap();
    let kv = MemoryKv::default();
    let mut j = Journey::on(dir.path(), kv.clone());
    j.send(AppEvent::Settings {
        action: SettingsAction::SetMuted { on: true },
    });
    start(&mut j, two_people(17));
    j.throw_and_land();
    assert!(j.cues().is_empty());
    // The setting is kept for the next start.
    let again = Journey::on(dir.path(), kv);
    assert!(again.view().settings.muted);
}

/// A swipe's samples throw; a touch that never leaves the slop does not.
#[test]
fn a_swipe_throws_and_a_touch_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(19));
    j.act(TableAction::SwipeStart {
        x: 100.0,
        y: 100.0,
        t_ms: 0.0,
    });
    j.act(TableAction::SwipeEnd {
        x: 103.0,
        y: 101.0,
        t_ms: 50.0,
    });
    assert!(j.table().throw.is_none());
    j.act(TableAction::SwipeStart {
        x: 160.0,
        y: 180.0,
        t_ms: 100.0,
    });
    for i in 1..8 {
        j.act(TableAction::SwipeMove {
            x: 160.0,
            y: 180.0 - 12.0 * f64::from(i),
            t_ms: 100.0 + 16.0 * f64::from(i),
        });
    }
    j.act(TableAction::SwipeEnd {
        x: 160.0,
        y: 84.0,
        t_ms: 228.0,
    });
    let th = j.table().throw.expect("the swipe threw");
    assert!(th.outcome.is_none());
}

/// The refusals a person meets at the table and on the form, each as its kind.
#[test]
fn every_refusal_at_the_table_and_form_has_its_kind() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    // No game yet.
    j.act(TableAction::ThrowTap);
    assert_eq!(j.said(), Some(MessageKind::NoGame));
    j.send(AppEvent::Continue);
    assert_eq!(j.said(), Some(MessageKind::NoGame));
    // The form: a seat without a name, two seats of one colour.
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    j.send(AppEvent::Form {
        event: FormEvent::SetSeatName {
            seat: 1,
            name: "  ".into(),
        },
    });
    j.send(AppEvent::Form {
        event: FormEvent::Start,
    });
    assert_eq!(j.said(), Some(MessageKind::SeatNameMissing { seat: 1 }));
    j.send(AppEvent::Form {
        event: FormEvent::SetSeatName {
            seat: 1,
            name: "Bo".into(),
        },
    });
    j.send(AppEvent::Form {
        event: FormEvent::SetSeatColour {
            seat: 1,
            colour: "#d55e00".into(),
        },
    });
    j.send(AppEvent::Form {
        event: FormEvent::Start,
    });
    assert_eq!(j.said(), Some(MessageKind::SameColour));
    // A bot's turn: the person's throw waits.
    let setup = table(
        vec![bot("B", "#0072B2", BotLevel::Easy), human("Ana", "#D55E00")],
        2,
        1,
    );
    start(&mut j, setup);
    if j.table().snapshot.bot_to_act.is_some() {
        j.act(TableAction::ThrowTap);
        assert_eq!(j.said(), Some(MessageKind::NotYourTurn));
    }
    // A move chosen on an earlier screen.
    let mut k = Journey::on(dir.path(), MemoryKv::default());
    start(&mut k, two_people(23));
    while !k.table().can_move {
        k.person_step();
    }
    let old = k.table().snapshot.state;
    k.person_step();
    k.act(TableAction::ChooseMove {
        index: 0,
        state: old,
    });
    assert_eq!(k.said(), Some(MessageKind::Stale));
    // The server address.
    k.send(AppEvent::Settings {
        action: SettingsAction::SetServer {
            address: "http://x".into(),
        },
    });
    assert_eq!(k.said(), Some(MessageKind::BadServerAddress));
}

/// A game saved by a newer version is listed as such, and opening it is refused with its
/// kind (it is never written over).
#[test]
fn a_newer_versions_save_is_listed_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        a_newer_versions_save_on(&device);
    }
}

fn a_newer_versions_save_on(device: &Device) {
    let mut j = Journey::on_device(device, MemoryKv::default());
    start(&mut j, two_people(29));
    let id = j.table().game_id.clone();
    j.act(TableAction::Leave);
    let text = String::from_utf8(device.raw(&id)).unwrap();
    let newer = text.replacen("\"schema_version\":", "\"schema_version\":999,\"was\":", 1);
    device.write_raw(&id, newer.as_bytes());
    j.send(AppEvent::Open {
        screen: AppScreen::SavedGames,
    });
    let row = j
        .view()
        .saved
        .rows
        .into_iter()
        .find(|r| r.id == id)
        .unwrap();
    assert!(matches!(
        row.health,
        yut_app::view::SaveHealth::FromNewerVersion { version: 999 }
    ));
    assert!(!row.can_open);
    j.act(TableAction::Resume { id: id.clone() });
    assert_eq!(
        j.said(),
        Some(MessageKind::SaveFromNewerVersion { version: 999 })
    );
    assert_eq!(device.raw(&id), newer.as_bytes());
}

/// Saved games: delete asks first, then the game is gone from the list.
#[test]
fn deleting_a_saved_game() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        deleting_a_saved_game_on(&device);
    }
}

fn deleting_a_saved_game_on(device: &Device) {
    let mut j = Journey::on_device(device, MemoryKv::default());
    start(&mut j, two_people(37));
    let id = j.table().game_id.clone();
    j.act(TableAction::Leave);
    assert_eq!(j.view().screen, AppScreen::Menu);
    j.send(AppEvent::Saved {
        action: yut_app::SavedAction::RequestDelete { id: id.clone() },
    });
    assert_eq!(j.view().saved.pending_delete, Some(id.clone()));
    j.send(AppEvent::Saved {
        action: yut_app::SavedAction::Delete { id: id.clone() },
    });
    assert!(j.view().saved.rows.iter().all(|r| r.id != id));
    assert_eq!(j.view().menu.continue_id, None);
}

/// A delete that fails (a folder where the backup file should be) says the saved game
/// could not be deleted, with the reason, and the game stays listed.
#[test]
fn a_delete_that_fails_says_the_game_could_not_be_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(38));
    let id = j.table().game_id.clone();
    j.act(TableAction::Leave);
    // A folder where the backup file should be: it cannot be removed as a file.
    let bak = dir.path().join(format!("{id}.json.bak"));
    let _ = std::fs::remove_file(&bak);
    std::fs::create_dir(&bak).unwrap();
    std::fs::write(bak.join("inside"), b"x").unwrap();
    j.send(AppEvent::Saved {
        action: yut_app::SavedAction::Delete { id: id.clone() },
    });
    let v = j.view();
    let said = v.message.expect("a message");
    assert_eq!(said.kind, MessageKind::NotDeleted, "{said:?}");
    assert!(
        said.detail
            .starts_with("the saved game could not be deleted"),
        "{said:?}"
    );
    assert!(v.saved.rows.iter().any(|r| r.id == id));
}

/// The form starts the game it shows: Culin's preset deals three pieces each to three
/// players; Start opens the table.
#[test]
fn the_form_starts_the_table_it_shows() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    j.send(AppEvent::Form {
        event: FormEvent::SelectPreset {
            preset: yut_app::records::Preset::Culin1895,
        },
    });
    j.send(AppEvent::Form {
        event: FormEvent::AddSeat,
    });
    let f = j.view().form.unwrap();
    assert_eq!(f.seats.len(), 3);
    assert!(f.teams_allowed);
    j.send(AppEvent::Form {
        event: FormEvent::Start,
    });
    let t = j.table();
    assert_eq!(t.snapshot.seats.len(), 3);
    assert_eq!(t.snapshot.phase, Phase::ToThrow);
    assert!(t
        .snapshot
        .seats
        .iter()
        .all(|s| s.pieces.iter().all(|p| *p == Spot::Home)));
}

/// The web's default server is the page's own origin: rooms go there (its `/ws`) while the
/// settings name no server, and a server the person set wins over it.
#[test]
fn rooms_go_to_the_default_server_until_the_settings_name_one() {
    use yut_app::effect::{Effect, SocketCommand};
    use yut_app::input::Input;
    use yut_app::online::OnlineAction;
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.app.set_default_server("ws://127.0.0.1:8080/");
    // An address that is no socket's is ignored.
    j.app.set_default_server("http://127.0.0.1:9");
    assert_eq!(j.view().settings.server, "ws://127.0.0.1:8080");
    assert_eq!(j.view().online.server, "ws://127.0.0.1:8080");
    let join = |j: &mut Journey| {
        let action = OnlineAction::Join {
            code: "KQXMNP".into(),
            name: "Ana".into(),
        };
        let effects = j
            .app
            .update(j.now, Input::Event(AppEvent::Online { action }));
        let opened = effects.into_iter().find_map(|e| match e {
            Effect::Socket(SocketCommand::Open { url }) => Some(url),
            _ => None,
        });
        j.send(AppEvent::Online {
            action: OnlineAction::Leave,
        });
        opened
    };
    assert_eq!(join(&mut j).as_deref(), Some("ws://127.0.0.1:8080/ws"));
    j.send(AppEvent::Settings {
        action: SettingsAction::SetServer {
            address: "wss://rooms.example".into(),
        },
    });
    j.app.set_default_server("wss://127.0.0.1:8443");
    assert_eq!(j.view().online.server, "wss://rooms.example");
    assert_eq!(join(&mut j).as_deref(), Some("wss://rooms.example/ws"));
    // Emptied, the setting goes back to the default.
    j.send(AppEvent::Settings {
        action: SettingsAction::SetServer {
            address: String::new(),
        },
    });
    assert_eq!(join(&mut j).as_deref(), Some("wss://127.0.0.1:8443/ws"));
}

/// Hosting from the new-game form: the core turns the form on screen into the room's table
/// (its seats, bots and teams in order), the typed name on the first person's seat, so no
/// shell rebuilds the table itself.
#[test]
fn hosting_from_the_form_sends_the_forms_table() {
    use serde_json::Value;
    use yut_app::effect::{Effect, SocketCommand};
    use yut_app::input::{Input, SocketEvent};
    use yut_app::records::PlayerKind;
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.app.set_default_server("ws://127.0.0.1:8080");
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    let bot = PlayerKind::Bot {
        level: BotLevel::Easy,
    };
    for e in [
        FormEvent::AddSeat,
        FormEvent::AddSeat,
        FormEvent::SetSeatPlayer {
            seat: 0,
            player: bot,
        },
        FormEvent::SetSeatName {
            seat: 1,
            name: " Haneul ".into(),
        },
        FormEvent::SetSeatPlayer {
            seat: 1,
            player: PlayerKind::Human,
        },
        FormEvent::SetTeams { on: true },
        FormEvent::SetSeatSide { seat: 0, side: 1 },
        FormEvent::SetSeatSide { seat: 1, side: 0 },
        FormEvent::SetSeatSide { seat: 2, side: 1 },
        FormEvent::SetSeatSide { seat: 3, side: 0 },
    ] {
        j.send(AppEvent::Form { event: e });
    }
    let form = j.view().form.expect("the form");
    assert!(form.teams, "teams are on: {:?}", form.seats);
    /// Hosts from the form with `name`; whether the room's socket opened.
    fn host(j: &mut Journey, name: &str) -> bool {
        let event = FormEvent::Host { name: name.into() };
        j.app
            .update(j.now, Input::Event(AppEvent::Form { event }))
            .iter()
            .any(|e| matches!(e, Effect::Socket(SocketCommand::Open { .. })))
    }
    /// The socket opens and the server welcomes: the room the core asks for.
    fn created(j: &mut Journey) -> Value {
        let welcome = r#"{"type":"welcome","protocol":1,"server":"test"}"#;
        let events = [
            SocketEvent::Opened,
            SocketEvent::Text {
                text: welcome.into(),
            },
        ];
        events
            .into_iter()
            .flat_map(|e| j.app.update(j.now, Input::Socket(e)))
            .filter_map(|e| match e {
                Effect::Socket(SocketCommand::Send { text }) => serde_json::from_str(&text).ok(),
                _ => None,
            })
            .find(|f: &Value| f["type"] == "create_room")
            .expect("the room is asked for")
    }
    assert!(host(&mut j, ""), "the room's socket opens");
    assert_eq!(j.view().screen, AppScreen::Online);
    assert!(j.view().online.busy);
    let create = created(&mut j);
    assert_eq!(create["name"], "Haneul", "the first person's seat, trimmed");
    let seats = create["table"]["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 4);
    assert_eq!(seats[0]["player"]["kind"], "bot");
    assert_eq!(seats[1]["player"]["kind"], "human");
    assert_eq!(
        create["table"]["teams"],
        serde_json::json!([[1, 3], [0, 2]])
    );
    // A name typed beside the form wins over the seat's.
    j.send(AppEvent::Online {
        action: yut_app::online::OnlineAction::Leave,
    });
    assert!(host(&mut j, " Bada "));
    assert_eq!(created(&mut j)["name"], "Bada");
}

/// A hard bot's network that never arrives (the browser offline on a first visit, a server
/// error): the bot keeps asking, the table says so once it has waited `NETS_PATIENCE_MS`
/// and not before, the game waits unchanged; once the network is there the bot moves and
/// the message goes.
#[test]
fn a_bots_network_that_never_arrives_is_said_and_the_game_waits_for_it() {
    use yut_app::input::Input;
    use yut_app::work::{Done, Job};
    use yut_app::NETS_PATIENCE_MS;
    use yut_core::bot::net::NetFile;
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.inline = false;
    let setup = table(
        vec![
            human("Ana", "#D55E00"),
            bot("Hard", "#0072B2", BotLevel::Hard),
        ],
        5,
        2,
    );
    start(&mut j, setup);
    // Play until the bot's search is asked for (its throw has landed).
    for step in 0.. {
        if j.held
            .iter()
            .any(|(_, job)| matches!(job, Job::BotMove { .. }))
        {
            break;
        }
        assert!(step < 500, "the bot never searched");
        let t = j.table();
        if t.can_throw || t.can_move {
            j.person_step();
        } else {
            j.advance_to(j.tick.expect("something pending"));
        }
    }
    let before = j.table().snapshot;
    let began = j.now;
    let mut asked = 0;
    let mut first_said = None;
    // The executor has no network to give: every search answers "missing".
    while j.now < began + NETS_PATIENCE_MS + 5_000 {
        for (id, job) in std::mem::take(&mut j.held) {
            let Job::BotMove { bot, .. } = job else {
                panic!("only the bot searches")
            };
            asked += 1;
            let done = Done::NetsMissing {
                missing: NetFile::Yunnori2p,
                bot: Some(bot),
            };
            j.input(Input::WorkDone { id, done });
        }
        if first_said.is_none() && j.said() == Some(MessageKind::BotNetsLate) {
            first_said = Some(j.now - began);
        }
        let t = j.table();
        assert_eq!(t.snapshot, before, "the game waits, unchanged");
        assert!(!t.can_throw && !t.can_move, "nobody else may act");
        j.advance_to(j.tick.expect("the bot asks again"));
    }
    let said_at = first_said.expect("the long wait is said");
    assert!(
        (NETS_PATIENCE_MS..NETS_PATIENCE_MS + 2_000).contains(&said_at),
        "said after {said_at} ms"
    );
    assert!(asked >= 8, "the bot kept asking: {asked} times");
    assert_eq!(
        j.said(),
        Some(MessageKind::BotNetsLate),
        "said once, and kept"
    );
    // The network arrives (here, built in): the bot's next search finds its move.
    assert!(!j.held.is_empty(), "the bot asked again");
    j.release_work();
    j.settle(50);
    let t = j.table();
    assert_ne!(t.snapshot.state, before.state, "the bot moved");
    assert_eq!(j.said(), None, "the wait is over: its message goes");
}
