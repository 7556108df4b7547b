//! `yut-server`: reads the operator's settings, starts logging, serves until Ctrl-C or
//! SIGTERM, then shuts down gracefully.

use clap::Parser;
use std::io::IsTerminal;
use std::process::ExitCode;
use tracing_subscriber::EnvFilter;
use yut_server::Config;

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    let filter = EnvFilter::try_from_env("YUT_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    if config.log_json {
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .json()
            .init();
    } else {
        // Colours only for a person at a terminal: a file or a journal would keep the
        // escape codes as text.
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(std::io::stdout().is_terminal())
            .init();
    }
    let running = match yut_server::start(config).await {
        Ok(r) => r,
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("yut-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Tests and scripts read the address from this line (the port may have been 0).
    println!("listening on {}", running.addr);
    match running.until_signal().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut-server: {e}");
            ExitCode::FAILURE
        }
    }
}
