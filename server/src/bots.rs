//! Where the rooms' bots think: a few threads of their own, below the priority of the
//! threads that serve the rooms, so that however many rooms of bots play at once they
//! take at most these threads' share of the machine and give way to every person's
//! action (a hard bot thinks for up to half a second a move).

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// The bots' threads.
#[derive(Clone)]
pub struct BotPool {
    jobs: mpsc::Sender<Job>,
}

/// How much lower than the rooms' threads the bots' threads run (Linux `nice`): a room's
/// action runs first whenever both are ready.
const NICENESS: i32 = 10;

impl BotPool {
    /// Starts `threads` threads (at least one). They end when the last handle is dropped.
    pub fn new(threads: usize) -> BotPool {
        let (jobs, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("yut-bot-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(p) => p.into_inner().recv(),
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => break,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "could not start a bot thread");
            }
        }
        BotPool { jobs }
    }

    /// Runs `f` on a bot thread and returns its result (`None` if the pool is gone).
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        self.jobs.send(job).ok()?;
        rx.await.ok()
    }
}

/// Lowers this thread's scheduling priority (Linux: `nice` is per thread).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions; setpriority only reads its arguments, and on
    // Linux PRIO_PROCESS with a thread id changes that thread alone.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        if libc::setpriority(libc::PRIO_PROCESS, tid, NICENESS) != 0 {
            tracing::debug!("could not lower a bot thread's priority");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_on_the_pool_and_answer() {
        let pool = BotPool::new(2);
        let name = pool
            .run(|| std::thread::current().name().map(str::to_string))
            .await
            .flatten();
        assert!(name.is_some_and(|n| n.starts_with("yut-bot-")));
        let sums = futures_util::future::join_all((0..8u64).map(|i| pool.run(move || i * 2))).await;
        assert_eq!(sums.into_iter().flatten().sum::<u64>(), 56);
    }
}
