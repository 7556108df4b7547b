//! One signal that every task of the server listens for: when it fires, rooms store what
//! they hold and connections say `closing` and end.

use tokio::sync::watch;

/// The sending half: the server fires it once.
#[derive(Clone)]
pub struct ShutdownTrigger(watch::Sender<bool>);

/// The listening half, one per task.
#[derive(Clone)]
pub struct Shutdown(watch::Receiver<bool>);

pub fn channel() -> (ShutdownTrigger, Shutdown) {
    let (tx, rx) = watch::channel(false);
    (ShutdownTrigger(tx), Shutdown(rx))
}

impl ShutdownTrigger {
    pub fn fire(&self) {
        self.0.send_replace(true);
    }
    pub fn listen(&self) -> Shutdown {
        Shutdown(self.0.subscribe())
    }
}

impl Shutdown {
    pub fn is_fired(&self) -> bool {
        *self.0.borrow()
    }

    /// Waits until the trigger fires (or is dropped).
    pub async fn fired(&mut self) {
        let _ = self.0.wait_for(|f| *f).await;
    }
}
