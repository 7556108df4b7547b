//! Seat names and colours as people type them. One rule for every front end, the server
//! and save files: a name must show what it says, so no player can pass for another.

/// Longest seat name, in characters: it must fit beside the seat's token on a phone.
pub const MAX_NAME_CHARS: usize = 24;

/// Checks a seat name and gives it trimmed: 1 to [`MAX_NAME_CHARS`] characters, no control
/// characters (NUL, newlines) and no bidirectional controls (a right-to-left override
/// would turn the text after it around on every screen that shows it), and nothing that
/// shows nothing (see [`invisible_in`]: a blank name, or "Mina" with a zero-width space,
/// could pass for another player's). The one rule for every front end and the server.
pub fn check_name(name: &str) -> Result<String, String> {
    let n = check_stored_name(name)?;
    if let Some(c) = invisible_in(&n) {
        return Err(format!(
            "a name may not hold characters that show nothing (U+{:04X})",
            u32::from(c)
        ));
    }
    Ok(n)
}

/// The rule as it was before invisible characters were refused: names read back from a
/// save file or a stored room are held to it, so that no file written then stops loading.
pub(crate) fn check_stored_name(name: &str) -> Result<String, String> {
    let n = name.trim();
    if n.is_empty() {
        return Err("a name is needed".into());
    }
    if n.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
    }
    if n.chars()
        .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Err("a name may not hold control characters or line breaks".into());
    }
    if n.chars().any(is_bidi_control) {
        return Err("a name may not hold text-direction controls".into());
    }
    Ok(n.to_string())
}

/// The first character of a trimmed name that shows nothing where it stands: one that
/// never shows (zero-width space, word joiner, byte order mark, the Hangul fillers, …),
/// a joiner or variation selector that follows no visible character (they belong inside
/// emoji and some scripts), a tag character outside a flag's tag sequence (🏴 then tags
/// then U+E007F), or a joiner at the very end.
fn invisible_in(name: &str) -> Option<char> {
    let never = |c: char| {
        matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180E}' | '\u{200B}' | '\u{2060}'..='\u{2064}' | '\u{206A}'..='\u{206F}'
            | '\u{2800}' | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}')
    };
    let attaching = |c: char| matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}');
    let tag = |c: char| matches!(c, '\u{E0020}'..='\u{E007F}');
    const CANCEL_TAG: char = '\u{E007F}';
    let mut prev: Option<char> = None;
    // Inside a flag's tag sequence, which U+E007F must close.
    let mut in_flag = false;
    for c in name.chars() {
        let fits = if never(c) {
            false
        } else if c == CANCEL_TAG {
            std::mem::take(&mut in_flag) && prev.is_some_and(tag)
        } else if tag(c) {
            in_flag = in_flag || prev == Some('\u{1F3F4}');
            in_flag
        } else if in_flag {
            // The flag's tags were left open.
            return prev;
        } else {
            !attaching(c) || prev.is_some_and(|p| !p.is_whitespace())
        };
        if !fits {
            return Some(c);
        }
        prev = Some(c);
    }
    match prev {
        Some(c @ ('\u{200C}' | '\u{200D}')) => Some(c),
        Some(c) if in_flag => Some(c),
        _ => None,
    }
}

/// The invisible characters that change the direction of the text around them.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A colour as the apps store it: `#RRGGBB`.
pub fn is_colour(c: &str) -> bool {
    c.strip_prefix('#')
        .is_some_and(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}
