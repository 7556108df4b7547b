//! The move list: legal moves grouped into one entry per different effect, the question
//! (route, stacking) picking an entry may still need, and a move in words.

use super::text;
use yut_core::game::LegalMove;
use yut_core::{RouteId, Spot};

/// Legal moves that differ only in route or stacking: one entry of the move list. Picking
/// it asks the remaining question (which way, stack or not) when there is one.
#[derive(Clone, Debug)]
pub struct Choice {
    pub options: Vec<LegalMove>,
}

impl Choice {
    pub fn first(&self) -> &LegalMove {
        &self.options[0]
    }
}

/// One answer to a question about a move: the legal moves it still allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub label: String,
    pub options: Vec<usize>,
}

/// A question asked before a move is played (route or stacking).
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub choice: usize,
    pub question: String,
    pub answers: Vec<Answer>,
    pub sel: usize,
}

/// Groups legal moves that move the same pieces with the same results: they differ only
/// in the route taken or whether to stack, which the player is asked separately.
pub fn group_moves(moves: Vec<LegalMove>) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for lm in moves {
        let same = out.iter_mut().find(|c| {
            let f = &c.first().mv;
            f.from == lm.mv.from && f.uses == lm.mv.uses && f.pieces == lm.mv.pieces
        });
        match same {
            Some(c) => c.options.push(lm),
            None => out.push(Choice { options: vec![lm] }),
        }
    }
    out
}

/// The question to ask for `choice`, limited to `allowed` of its options: first the way
/// (when several routes are open), then stacking. `None` when nothing is left to ask.
pub fn question_for(choice: &Choice, allowed: &[usize], index: usize) -> Option<Prompt> {
    let mut routes: Vec<RouteId> = Vec::new();
    for &i in allowed {
        let r = choice.options[i].mv.route;
        if !routes.contains(&r) {
            routes.push(r);
        }
    }
    let from = text::spot_label(choice.first().mv.from);
    if routes.len() > 1 {
        let answers = routes
            .iter()
            .map(|r| {
                let opts: Vec<usize> = allowed
                    .iter()
                    .copied()
                    .filter(|i| choice.options[*i].mv.route == *r)
                    .collect();
                let to = text::spot_label(choice.options[opts[0]].to);
                Answer {
                    label: format!("{} → {to}", text::route_words(*r)),
                    options: opts,
                }
            })
            .collect();
        return Some(Prompt {
            choice: index,
            question: format!("Which way from {from}?"),
            answers,
            sel: 0,
        });
    }
    if allowed.len() > 1 {
        let to = text::spot_label(choice.options[allowed[0]].to);
        let answers = allowed
            .iter()
            .map(|&i| Answer {
                label: match choice.options[i].mv.stack {
                    Some(true) => "stack them (they move as one)".to_string(),
                    Some(false) => "keep them apart".to_string(),
                    None => "move".to_string(),
                },
                options: vec![i],
            })
            .collect();
        return Some(Prompt {
            choice: index,
            question: format!("Join your pieces on {to}?"),
            answers,
            sel: 0,
        });
    }
    None
}

pub(super) fn move_words(lm: &LegalMove) -> String {
    format!(
        "{}: {} → {}",
        text::uses_name(&lm.mv.uses),
        from_words(lm),
        destination(lm)
    )
}

/// Where a move starts, in words: "new piece" for one entering.
pub fn from_words(lm: &LegalMove) -> String {
    match lm.mv.from {
        Spot::Home => "new piece".to_string(),
        s => text::spot_label(s),
    }
}

/// Describes a legal move's destination for the move list.
pub fn destination(lm: &LegalMove) -> String {
    let mut s = match lm.to {
        Spot::Done => "off (finishes)".to_string(),
        Spot::Home => "back to wait".to_string(),
        Spot::At(st) => text::station_label(st),
    };
    if lm.captures > 0 {
        s.push_str(&format!(" captures {}", lm.captures));
    }
    s
}
