//! `yut saves` through the binary: `check` judges exactly one file (exit 0 good, 1 bad,
//! never a panic), `list` shows the Resume list with damaged games marked.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn yut(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yut"))
        .args(args)
        .output()
        .expect("run yut")
}

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/saves/v1")
        .join(name)
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

struct Dir(PathBuf);
impl Dir {
    fn new(tag: &str) -> Dir {
        let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("saves-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }
}
impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn check_prints_the_summary_of_a_good_file() {
    let f = golden("yunnori_4_seats_finished.json");
    let o = yut(&["saves", "check", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let t = text(&o);
    assert!(t.starts_with("OK "), "{t}");
    assert!(t.contains("FINISHED, won by"), "{t}");
    for name in ["Mina", "Joon", "Halmeoni", "Seo-yeon"] {
        assert!(t.contains(name), "{t}");
    }
}

#[test]
fn check_names_the_error_of_a_bad_file_with_exit_status_1() {
    let d = Dir::new("check");
    let good = std::fs::read(golden("yunnori_2_seats_mid.json")).unwrap();
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "truncated.json",
            good[..good.len() / 3].to_vec(),
            "(corrupt)",
        ),
        (
            "newer.json",
            b"{\"schema_version\":99}".to_vec(),
            "(newer_version)",
        ),
        (
            "noise.json",
            (0..=255u8).cycle().take(3000).collect(),
            "(corrupt)",
        ),
        (
            "doctored.json",
            String::from_utf8(good.clone())
                .unwrap()
                .replacen("\"result\":\"gae\"", "\"result\":\"mo\"", 1)
                .into_bytes(),
            "(corrupt)",
        ),
    ];
    for (name, bytes, want) in cases {
        let p = d.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        let o = yut(&["saves", "check", p.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", text(&o));
        let t = text(&o);
        assert!(t.starts_with("BAD ") && t.contains(want), "{name}: {t}");
    }
    let missing = d.0.join("missing.json");
    let o = yut(&["saves", "check", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("(not_found)"));
}

#[test]
fn list_shows_games_and_marks_damaged_ones() {
    let d = Dir::new("list");
    // A library file is named after its game id.
    let bytes = std::fs::read(golden("nyout_ru_5_seats_mid.json")).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let id = v["summary"]["id"].as_str().unwrap().to_string();
    std::fs::write(d.0.join(format!("{id}.json")), &bytes).unwrap();
    std::fs::write(d.0.join("broken.json"), b"{\"schema_version\":1,\"sum").unwrap();
    let o = yut(&["saves", "list", d.0.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let t = text(&o);
    assert!(
        t.contains("2 saved game(s)") && t.contains("1 damaged"),
        "{t}"
    );
    assert!(t.contains(&format!("{id}  nyout_ru")), "{t}");
    assert!(t.contains("broken  DAMAGED (corrupt)"), "{t}");
    let o = yut(&["saves", "list", d.0.join("nope").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
}
