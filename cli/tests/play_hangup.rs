//! A dead terminal: `yut play` in a pseudo-terminal that is not its controlling terminal
//! (so no SIGHUP comes, as behind a wrapper that does not pass it on), its master side
//! closed mid-game. The game must be saved and the process gone within seconds, not left
//! reading the dead terminal in a loop.
#![cfg(unix)]

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A pty of 100×30: (master, slave).
fn open_pty() -> (File, OwnedFd) {
    let mut master = -1;
    let mut slave = -1;
    let size = libc::winsize {
        ws_row: 30,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: out-pointers to two ints and a valid winsize; no name buffer or termios.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: a valid fd. The child must not inherit the master, or it never closes.
    unsafe { libc::fcntl(master, libc::F_SETFD, libc::FD_CLOEXEC) };
    // SAFETY: both fds were just opened by openpty and are owned by nobody else.
    unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

#[test]
fn a_closed_terminal_saves_the_game_and_exits() {
    let dir = std::env::temp_dir().join(format!("yut-play-hangup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (master, slave) = open_pty();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_yut"));
    cmd.args(["play", "--seed", "7", "--save-dir"])
        .arg(&dir)
        .stdin(Stdio::from(slave.try_clone().expect("dup slave")))
        .stdout(Stdio::from(slave.try_clone().expect("dup slave")))
        .stderr(Stdio::from(slave));
    // SAFETY: setsid is async-signal-safe. A new session without a controlling terminal:
    // closing the master then sends no SIGHUP, only end of input.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("start yut play");
    drop(cmd); // closes our copies of the slave

    // What the game writes, read here (no reader thread: it would keep the master open).
    let mut master = master;
    let mut screen = String::new();
    let mut wait_for = |master: &mut File, text: &str| {
        let end = Instant::now() + Duration::from_secs(10);
        let mut buf = [0u8; 4096];
        while !screen.contains(text) {
            assert!(
                Instant::now() < end,
                "{text:?} never shown; the screen so far:\n{screen}"
            );
            let mut fd = libc::pollfd {
                fd: master.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            if unsafe { libc::poll(&mut fd, 1, 100) } > 0 {
                let n = master.read(&mut buf).expect("read the terminal");
                screen.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
        screen.clear();
    };
    wait_for(&mut master, "Resume");
    master.write_all(b"\r").expect("Enter");
    wait_for(&mut master, "Start");
    master.write_all(b"s").expect("s");
    wait_for(&mut master, "throw");
    master.write_all(b" ").expect("Space");
    wait_for(&mut master, "h hint");

    drop(master); // the terminal window closes
    let closed = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if closed.elapsed() > Duration::from_secs(3) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("yut play still running 3 s after its terminal closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        status.code(),
        Some(129),
        "exits as after SIGHUP: {status:?}"
    );

    let lib = yut_core::save::SaveLibrary::open(&dir).expect("save dir");
    let list = lib.list().expect("list saves");
    assert_eq!(list.len(), 1, "one saved game: {list:?}");
    let loaded = lib.load(&list[0].id).expect("the save loads");
    assert_eq!(
        loaded.session.history().len(),
        1,
        "the throw made before the hang-up is saved"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
