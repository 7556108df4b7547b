//! Any bytes given to the save loader: a typed error or a game that verifies, never a
//! panic. Seed it with the golden files (see Cargo.toml).
#![no_main]

use libfuzzer_sys::fuzz_target;
use yut_core::save::{self, Summary};

fuzz_target!(|data: &[u8]| {
    // The Resume list's fast path reads the head only.
    let _ = save::read_summary(data);
    if let Ok(loaded) = save::decode(data) {
        // Whatever loads is a real game: it replays, and its summary is its own.
        assert!(loaded.session.verify().is_ok());
        assert_eq!(loaded.summary, Summary::of(&loaded.session));
        // And it saves back to a file that loads again.
        let again = save::encode(&loaded.session).expect("a loaded game encodes");
        assert!(save::decode(&again).is_ok());
    }
});
