//! A person who wants to free space can delete a saved game on a file system with no
//! free inode, where not even an empty lock file can be created.
//!
//! The test mounts a small tmpfs (16 inodes) in a mount namespace of its own: the parent
//! runs this test binary again under `unshare -rm` (user and mount namespaces, so no root
//! is needed where unprivileged namespaces are allowed), and the child (test
//! `full_disk_child`, which does nothing unless `YUT_FULL_DISK_DIR` is set) fills the
//! inodes and deletes. Without `unshare` or namespaces the test fails: it is not skipped.

mod common;

use common::*;
use std::fs;
use std::io;
use std::path::Path;
use std::process::Command;
use yut_core::save::{SaveError, SaveLibrary};
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const CHILD_DIR: &str = "YUT_FULL_DISK_DIR";

/// Creates empty files until the file system has no inode left; returns how many.
fn fill_inodes(dir: &Path, from: usize) -> usize {
    for n in from.. {
        match fs::File::create(dir.join(format!("filler-{n}"))) {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::StorageFull => return n,
            Err(e) => panic!("filling the inodes: {e}"),
        }
    }
    unreachable!()
}

fn game_files(dir: &Path) -> Vec<String> {
    let mut names = file_names(dir);
    names.retain(|n| !n.starts_with("filler-"));
    names
}

#[test]
fn full_disk_child() {
    let Ok(dir) = std::env::var(CHILD_DIR) else {
        return; // not run as a child: nothing to do
    };
    let dir = Path::new(&dir);
    let lib = SaveLibrary::open(dir).unwrap();
    let mut gone = session(Preset::Yunnori, 2, 1);
    gone.id = "gone".into();
    let mut kept = session(Preset::Yunnori, 2, 2);
    kept.id = "kept".into();
    lib.save(&gone, None).unwrap();
    let seen = lib.save(&gone, None).unwrap(); // a main file and a backup
    lib.save(&kept, None).unwrap();
    let filled = fill_inodes(dir, 0);
    // Saving needs new files, and is refused with the files as they were.
    advance(&mut gone, &mut ThrowRng::seeded(1), 2);
    assert!(matches!(
        lib.save(&gone, Some(seen)),
        Err(SaveError::Unwritable(_))
    ));
    // Deleting needs none: the game and its backup go, and no lock file is left.
    lib.delete("gone")
        .expect("delete on a disk with no free inode");
    assert_eq!(game_files(dir), ["kept.json"]);
    // A game with no backup, on a disk full again.
    fill_inodes(dir, filled);
    lib.delete("kept").expect("delete of a lone main file");
    assert!(game_files(dir).is_empty());
    assert!(lib.list().unwrap().is_empty());
}

#[test]
fn a_game_can_be_deleted_on_a_disk_with_no_free_inode() {
    let mount = TempDir::new("full-disk");
    let exe = std::env::current_exe().unwrap();
    let out = Command::new("unshare")
        .args(["-rm", "sh", "-c"])
        .arg(
            "mount -t tmpfs -o size=4m,nr_inodes=16 yut-full \"$0\" \
             && exec \"$1\" --exact full_disk_child --nocapture --test-threads=1",
        )
        .arg(mount.path())
        .arg(&exe)
        .env(CHILD_DIR, mount.path())
        .output()
        .expect("unshare (util-linux) runs the child in a mount namespace of its own");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the child failed:\n{said}");
    assert!(said.contains("1 passed"), "the child ran no test:\n{said}");
}
