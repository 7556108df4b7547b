//! Room tickets the Android app kept before the app core (one `rooms/CODE.room` file per
//! room in its files directory, the core's data directory): taken into the core's ticket
//! store once, at start, so a phone that updated still offers Rejoin for those rooms.

use std::fs;
use std::path::Path;
use std::time::UNIX_EPOCH;
use yut_app::online::tickets;
use yut_app::store::KeyValue;

/// The folder of the older tickets, in the data directory.
const DIR: &str = "rooms";

/// Takes the tickets of `data_dir/rooms` into `kv` and then removes the folder. A file
/// that does not read is dropped with it (it could take no seat back); when the store
/// cannot take them the folder stays, to be tried at the next start.
pub fn adopt(kv: &dyn KeyValue, data_dir: &Path) {
    let dir = data_dir.join(DIR);
    let Ok(entries) = fs::read_dir(&dir) else {
        return;
    };
    let mut older = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "room") {
            continue;
        }
        let at = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        if let Ok(text) = fs::read_to_string(&path) {
            older.extend(tickets::read_legacy(&text, at));
        }
    }
    if tickets::adopt(kv, older).is_ok() {
        // Gone once in: the tickets live in the core's store from now on.
        let _ = fs::remove_dir_all(&dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file_kv::FileKv;

    #[test]
    fn the_older_tickets_are_taken_in_once_and_their_folder_removed() {
        let dir = tempfile::tempdir().unwrap();
        let rooms = dir.path().join(DIR);
        fs::create_dir(&rooms).unwrap();
        let older = "wss://rooms.example\nHJKMNP\nyunnori://room/HJKMNP\nfalse\n1 tok-b\n";
        fs::write(rooms.join("HJKMNP.room"), older).unwrap();
        fs::write(rooms.join("ACDEFG.tmp"), "half written").unwrap();
        let kv = FileKv::open(dir.path().to_path_buf()).unwrap();
        adopt(&kv, dir.path());
        let (kept, problem) = tickets::load(&kv);
        assert_eq!(problem, None);
        let codes: Vec<&str> = kept.iter().map(|t| t.code.as_str()).collect();
        assert_eq!(codes, ["HJKMNP"]);
        assert!(kept[0].holds(1) && kept[0].joined_at_ms > 0);
        assert!(!rooms.exists(), "taken in once");
        adopt(&kv, dir.path());
        assert_eq!(tickets::load(&kv).0, kept, "nothing more the next time");
    }
}
