//! A save folder that cannot take the game is refused before the game starts: the player
//! must not play a game that will be lost on quitting.

use std::process::Command;

fn yut_play(save_dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(["play", "--save-dir"])
        .arg(save_dir)
        .output()
        .expect("run yut")
}

#[test]
fn a_file_given_as_the_save_folder_is_refused_with_exit_1() {
    let file = std::env::temp_dir().join(format!("yut-save-dir-file-{}", std::process::id()));
    std::fs::write(&file, b"not a folder").expect("write");
    let out = yut_play(&file);
    let _ = std::fs::remove_file(&file);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot use the save directory"), "{err}");
    assert!(err.contains("a file, not a folder"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_folder_that_takes_no_files_is_refused_with_exit_1() {
    // /proc exists and is a folder, but nobody, not even root, can create a file in it.
    let out = yut_play(std::path::Path::new("/proc"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("games cannot be saved there"), "{err}");
}
