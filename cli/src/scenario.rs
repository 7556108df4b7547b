//! `yut scenario FILE_OR_DIR...`: runs rule scenario files, one line per file, then
//! `N passed, N failed`; exit status 1 on any failure.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use yut_core::scenario::Scenario;

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "json") {
                collect(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// Runs one file; the error says what went wrong.
pub fn run_file(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let sc = Scenario::parse(&text).map_err(|e| e.to_string())?;
    sc.run().map_err(|e| e.to_string())?;
    Ok(sc.name)
}

/// Run rule scenario files
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Prints ok or FAIL per file and a count; exit status 1 when any fails or \
                  none was found."
)]
pub struct Options {
    /// Scenario files; a directory stands for every .json file under it, in name order
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    paths: Vec<PathBuf>,
}

pub fn main(o: Options) -> ExitCode {
    let mut files = Vec::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    for a in &o.paths {
        if let Err(e) = collect(a, &mut files) {
            println!("FAIL {}: {e}", a.display());
            failed += 1;
        }
    }
    for f in &files {
        match run_file(f) {
            Ok(name) => {
                passed += 1;
                println!("ok   {}  {}", f.display(), name);
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {}: {}", f.display(), e);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
