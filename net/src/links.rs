//! How a pasted room link is taken apart: by a URL parser that follows the WHATWG URL
//! Standard, as a browser does (scheme and host case, ports, dot segments, escapes), never by
//! hand. Natively that is the `url` crate (feature `links`). The browser's build leaves the
//! feature off and hands over the browser's own `URL` (`set_link_parser`): the same
//! standard, and about 58 KB of Brotli (url, idna and their Unicode tables) less to
//! download before the menu.

use std::sync::OnceLock;

/// What [`crate::protocol::read_room_input`] reads of a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkParts {
    /// Lower case, without its colon: `https`, `yunnori`.
    pub scheme: String,
    /// The host as written (a non-special scheme's host keeps its case).
    pub host: Option<String>,
    /// The path's segments, still escaped, after dot segments are resolved; `None` for a
    /// path that is not a hierarchy (`mailto:someone`).
    pub segments: Option<Vec<String>>,
}

/// A URL parser: the parts of `input`, or why it is no URL.
pub type LinkParser = fn(&str) -> Result<LinkParts, String>;

static PARSER: OnceLock<LinkParser> = OnceLock::new();

/// Sets the parser every later read uses, once per process; false if one was set already.
/// For a build without the `links` feature, which otherwise reads no link (a typed code
/// still reads).
pub fn set_link_parser(parser: LinkParser) -> bool {
    PARSER.set(parser).is_ok()
}

/// `input` taken apart by the parser set, else by this build's own.
pub(crate) fn parse_link(input: &str) -> Result<LinkParts, String> {
    match PARSER.get() {
        Some(parse) => parse(input),
        None => built_in(input),
    }
}

#[cfg(feature = "links")]
fn built_in(input: &str) -> Result<LinkParts, String> {
    let url = url::Url::parse(input).map_err(|e| e.to_string())?;
    Ok(LinkParts {
        scheme: url.scheme().to_string(),
        host: url.host_str().map(str::to_string),
        segments: url.path_segments().map(|s| s.map(str::to_string).collect()),
    })
}

#[cfg(not(feature = "links"))]
fn built_in(_input: &str) -> Result<LinkParts, String> {
    Err("this build has no URL parser".to_string())
}
