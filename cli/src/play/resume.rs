//! The saved games to continue: the list, newest first, damaged ones marked, and its keys
//! (move, open, delete).

use crossterm::event::{KeyCode, KeyEvent};
use yut_core::save::{Loaded, SaveEntry, SaveLibrary};

/// The resume screen: saved games, newest first, damaged ones marked.
#[derive(Debug)]
pub struct ResumeList {
    pub entries: Vec<SaveEntry>,
    pub sel: usize,
    pub confirm_delete: bool,
    pub note: Option<String>,
}

/// What a key on the resume screen asks of the screens around it.
#[derive(Debug)]
pub enum ResumeKey {
    Stay,
    /// This game was opened: play it.
    Open(Box<Loaded>),
    Rules,
    Back,
    Quit,
}

impl ResumeList {
    /// The games of `lib`, newest first (an empty list with a note when it cannot be read).
    pub fn of(lib: &SaveLibrary) -> ResumeList {
        let (entries, note) = match lib.list() {
            Ok(e) => (e, None),
            Err(e) => (Vec::new(), Some(format!("cannot list saved games: {e}"))),
        };
        ResumeList {
            entries,
            sel: 0,
            confirm_delete: false,
            note,
        }
    }

    pub fn on_key(&mut self, key: KeyEvent, lib: &SaveLibrary) -> ResumeKey {
        let n = self.entries.len();
        if self.confirm_delete {
            self.confirm_delete = false;
            if key.code == KeyCode::Char('y') {
                self.delete(lib);
            }
            return ResumeKey::Stay;
        }
        match key.code {
            KeyCode::Up | KeyCode::Char('k') if n > 0 => self.sel = (self.sel + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') if n > 0 => self.sel = (self.sel + 1) % n,
            KeyCode::Home => self.sel = 0,
            KeyCode::End => self.sel = n.saturating_sub(1),
            KeyCode::Char('d') if n > 0 => self.confirm_delete = true,
            KeyCode::Esc => return ResumeKey::Back,
            KeyCode::Char('q') => return ResumeKey::Quit,
            KeyCode::Char('r') | KeyCode::Char('?') => return ResumeKey::Rules,
            KeyCode::Enter => {
                let Some(entry) = self.entries.get(self.sel) else {
                    return ResumeKey::Stay;
                };
                match lib.load(&entry.id) {
                    Ok(loaded) => return ResumeKey::Open(Box::new(loaded)),
                    Err(e) => self.note = Some(format!("Cannot open this game: {e}")),
                }
            }
            _ => {}
        }
        ResumeKey::Stay
    }

    /// Deletes the selected game and reads the list again, the cursor where it was: on the
    /// game after the deleted one.
    fn delete(&mut self, lib: &SaveLibrary) {
        let Some(e) = self.entries.get(self.sel) else {
            return;
        };
        let id = e.id.clone();
        let note = match lib.delete(&id) {
            Ok(()) => format!("Deleted game {id}"),
            Err(e) => format!("Could not delete: {e}"),
        };
        let sel = self.sel;
        *self = ResumeList::of(lib);
        self.note = Some(note);
        self.sel = sel.min(self.entries.len().saturating_sub(1));
    }
}
