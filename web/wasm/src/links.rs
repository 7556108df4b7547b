//! Room links read by the browser's own URL parser (the WHATWG URL Standard, as the `url`
//! crate the phones use reads them), so the url crate and its Unicode tables stay out of
//! the download: handed to yut-net when the core starts.

use wasm_bindgen::prelude::*;
use yut_net::links::LinkParts;

#[wasm_bindgen]
extern "C" {
    /// The global `URL` class (in the page and in a worker alike).
    #[wasm_bindgen(js_name = URL)]
    type JsUrl;

    #[wasm_bindgen(constructor, js_class = "URL", catch)]
    fn new(input: &str) -> Result<JsUrl, JsValue>;

    #[wasm_bindgen(method, getter, js_class = "URL")]
    fn protocol(this: &JsUrl) -> String;

    #[wasm_bindgen(method, getter, js_class = "URL")]
    fn hostname(this: &JsUrl) -> String;

    #[wasm_bindgen(method, getter, js_class = "URL")]
    fn pathname(this: &JsUrl) -> String;
}

/// `input` as the browser reads it. A path that is not a hierarchy (`mailto:someone`)
/// does not start with `/` and has no segments, as the url crate reports it.
pub fn browser_link(input: &str) -> Result<LinkParts, String> {
    let url = JsUrl::new(input).map_err(|_| "invalid URL".to_string())?;
    let protocol = url.protocol();
    let host = url.hostname();
    let path = url.pathname();
    Ok(LinkParts {
        scheme: protocol.strip_suffix(':').unwrap_or(&protocol).to_string(),
        host: (!host.is_empty()).then_some(host),
        segments: path
            .strip_prefix('/')
            .map(|p| p.split('/').map(str::to_string).collect()),
    })
}
