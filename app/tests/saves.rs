//! The saved games on both kinds of device: the phones' files (`SaveLibrary`) and the web's
//! key/value store (`KvSaves`, IndexedDB in the browser). The same journeys, the same
//! behaviour: a damaged save opens from its backup and says so, a game deleted in another
//! window stays deleted, a store that fails loses nothing, and a save moves between the two
//! as the same bytes.

mod common;

use common::{two_people, Device, Journey};
use yut_app::kv_saves::KvSaves;
use yut_app::message::MessageKind;
use yut_app::store::{KeyValue, MemoryKv, StoreError};
use yut_app::view::SaveHealth;
use yut_app::{App, AppEvent, SavedAction, TableAction};
use yut_core::save::{decode, SaveLibrary};

fn play(j: &mut Journey, steps: usize) {
    for _ in 0..steps {
        j.person_step();
    }
}

/// The last save is damaged (a kill mid-write on a store that is not atomic, a bad disk):
/// the list shows the game as opening from its backup, Continue opens it there and says so,
/// and playing on writes a good save again.
#[test]
fn a_damaged_save_opens_from_its_backup_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        let mut j = Journey::on_device(&device, MemoryKv::default());
        j.send(AppEvent::StartGame {
            setup: two_people(3),
        });
        play(&mut j, 6);
        let id = j.table().game_id.clone();
        j.act(TableAction::Leave);
        device.write_raw(&id, b"{\"schema_version\":2,\"summary\":");
        let mut again = Journey::on_device(&device, MemoryKv::default());
        let row = again.view().saved.rows.into_iter().find(|r| r.id == id);
        let row = row.expect("the game is listed");
        assert_eq!(row.health, SaveHealth::Backup, "{device:?}");
        assert!(row.can_open);
        again.send(AppEvent::Continue);
        assert_eq!(again.said(), Some(MessageKind::RecoveredFromBackup));
        assert!(again.table().recovered_from_backup.is_some());
        again.person_step();
        assert!(again.table().saved, "{device:?}: the game saves again");
        assert!(decode(&device.raw(&id)).is_ok());
    }
}

/// One window deletes the game another still has open: the other's next action is not
/// written back (the game stays deleted), and it says why.
#[test]
fn a_game_deleted_in_another_window_stays_deleted() {
    let dir = tempfile::tempdir().unwrap();
    for device in Device::each(dir.path()) {
        let mut a = Journey::on_device(&device, MemoryKv::default());
        a.send(AppEvent::StartGame {
            setup: two_people(5),
        });
        let id = a.table().game_id.clone();
        let mut b = Journey::on_device(&device, MemoryKv::default());
        b.send(AppEvent::Saved {
            action: SavedAction::Delete { id: id.clone() },
        });
        assert!(b.view().saved.rows.is_empty());
        a.person_step();
        assert_eq!(a.said(), Some(MessageKind::SaveConflict), "{device:?}");
        assert!(!a.table().saved);
        assert!(device.saves().list().unwrap().is_empty(), "{device:?}");
    }
}

/// A key/value store that refuses writes (the browser's storage full or blocked).
#[derive(Clone, Default)]
struct Full(MemoryKv);

impl KeyValue for Full {
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.get(key)
    }
    fn put(&self, _: &str, _: &[u8]) -> Result<(), StoreError> {
        Err(StoreError("QuotaExceededError".into()))
    }
    fn delete(&self, key: &str) -> Result<(), StoreError> {
        self.0.delete(key)
    }
    fn keys(&self, prefix: &str) -> Result<Vec<String>, StoreError> {
        self.0.keys(prefix)
    }
}

/// The browser's storage is full: the game goes on unsaved and says so, and nothing of the
/// game on screen is lost.
#[test]
fn a_full_store_loses_nothing_of_the_game() {
    let kv = Full::default();
    let mut app = App::new(
        Box::new(KvSaves::new(kv.clone())),
        Box::new(MemoryKv::default()),
        common::pacing(),
    );
    app.update(
        1_000,
        AppEvent::StartGame {
            setup: two_people(9),
        }
        .into(),
    );
    let v = app.view();
    assert_eq!(v.message.map(|m| m.kind), Some(MessageKind::NotSaved));
    let t = v.table.expect("the game is on the table");
    assert!(!t.saved && t.can_throw);
    app.update(
        1_001,
        AppEvent::Table {
            action: TableAction::ThrowTap,
        }
        .into(),
    );
    assert!(app.view().table.is_some_and(|t| t.in_the_air()));
    assert!(kv.keys("").unwrap().is_empty());
}

/// A save is the same bytes on both devices: a phone's file opens on the web and the
/// web's value opens as a file (export and import of a save file).
#[test]
fn a_save_moves_between_files_and_the_web_as_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let files = Device::Files(dir.path().to_path_buf());
    let web = Device::Kv(MemoryKv::default());
    let mut phone = Journey::on_device(&files, MemoryKv::default());
    phone.send(AppEvent::StartGame {
        setup: two_people(11),
    });
    play(&mut phone, 5);
    let id = phone.table().game_id.clone();
    let on_phone = phone.table().snapshot;
    web.write_raw(&id, &files.raw(&id));
    let mut browser = Journey::on_device(&web, MemoryKv::default());
    browser.act(TableAction::Resume { id: id.clone() });
    assert_eq!(browser.table().snapshot.stacks, on_phone.stacks);
    play(&mut browser, 3);
    let back = tempfile::tempdir().unwrap();
    std::fs::write(back.path().join(format!("{id}.json")), web.raw(&id)).unwrap();
    let loaded = SaveLibrary::open(back.path()).unwrap().load(&id).unwrap();
    assert_eq!(loaded.session.history().len(), 8);
}
