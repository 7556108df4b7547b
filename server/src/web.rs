//! The web app, from the same origin as the room socket: the built app (web/dist) at `/`,
//! room links `/r/CODE` opening it (the page reads the code from its address), and the two
//! files that let a link open the installed app instead: Android's Digital Asset Links
//! (`/.well-known/assetlinks.json`) and Apple's `apple-app-site-association`, both made
//! from the operator's settings. Nothing here is served unless it is configured.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// The operator's settings for the web app and the apps' links.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct WebSettings {
    /// The built web app (web/dist) to serve at `/`; room links `/r/CODE` open it.
    #[arg(long, env = "YUT_WEB_DIR")]
    pub web_dir: Option<PathBuf>,

    /// The Android app's package name, for `/.well-known/assetlinks.json`.
    #[arg(long, env = "YUT_ANDROID_PACKAGE", requires = "android_cert_sha256")]
    pub android_package: Option<String>,

    /// SHA-256 fingerprints of the Android app's signing certificates (`AA:BB:…`),
    /// comma-separated.
    #[arg(
        long,
        env = "YUT_ANDROID_CERT_SHA256",
        value_delimiter = ',',
        requires = "android_package"
    )]
    pub android_cert_sha256: Vec<String>,

    /// The iPhone app's id (`TEAMID.bundle.id`), for `/.well-known/apple-app-site-association`.
    #[arg(long, env = "YUT_APPLE_APP_ID")]
    pub apple_app_id: Option<String>,
}

/// The paths a room link takes; the apps claim the same (AndroidManifest.xml, the iPhone's
/// associated domains).
pub const ROOM_LINK_PREFIX: &str = yut_net::protocol::WEB_LINK_PATH;

/// Digital Asset Links: the Android app may open this site's links.
pub fn assetlinks(s: &WebSettings) -> Option<serde_json::Value> {
    let package = s.android_package.as_ref()?;
    if s.android_cert_sha256.is_empty() {
        return None;
    }
    Some(serde_json::json!([{
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {
            "namespace": "android_app",
            "package_name": package,
            "sha256_cert_fingerprints": s.android_cert_sha256,
        }
    }]))
}

/// Apple's association file: the iPhone app opens room links.
pub fn apple_association(s: &WebSettings) -> Option<serde_json::Value> {
    let app = s.apple_app_id.as_ref()?;
    Some(serde_json::json!({
        "applinks": {
            "details": [{
                "appIDs": [app],
                "components": [{ "/": format!("{ROOM_LINK_PREFIX}*"), "comment": "room links" }]
            }]
        }
    }))
}

fn json(value: Option<serde_json::Value>) -> Response {
    match value {
        Some(v) => ([(header::CONTENT_TYPE, "application/json")], v.to_string()).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The web app's routes (merged into the server's router; `/ws` and `/health` stay the
/// server's). Files under `assets/` carry their content's hash in their names and are
/// kept by browsers for a year; everything else is checked again on every visit (the
/// service worker among them). Precompressed `.br` and `.gz` files are served where the
/// browser takes them.
pub fn routes<S: Clone + Send + Sync + 'static>(settings: &WebSettings) -> Router<S> {
    let links = Arc::new(settings.clone());
    let mut router = Router::new()
        .route(
            "/.well-known/assetlinks.json",
            get(|State(s): State<Arc<WebSettings>>| async move { json(assetlinks(&s)) }),
        )
        .route(
            "/.well-known/apple-app-site-association",
            get(|State(s): State<Arc<WebSettings>>| async move { json(apple_association(&s)) }),
        )
        .with_state(links);
    if let Some(dir) = &settings.web_dir {
        let index = || {
            ServeFile::new(dir.join("index.html"))
                .precompressed_br()
                .precompressed_gzip()
        };
        let no_cache = SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        );
        let assets = ServeDir::new(dir.join("assets"))
            .precompressed_br()
            .precompressed_gzip();
        router = router
            .route_service("/", index())
            .route_service("/r/{code}", index())
            .nest_service(
                "/assets",
                tower::ServiceBuilder::new()
                    .layer(SetResponseHeaderLayer::overriding(
                        header::CACHE_CONTROL,
                        HeaderValue::from_static("public, max-age=31536000, immutable"),
                    ))
                    .service(assets),
            )
            .fallback_service(
                tower::ServiceBuilder::new()
                    .layer(no_cache)
                    .service(ServeDir::new(dir).precompressed_br().precompressed_gzip()),
            );
    }
    router
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::{to_bytes, Body};
    use axum::http::Request;
    use tower::ServiceExt;

    fn site() -> (tempfile::TempDir, WebSettings) {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
        std::fs::write(dir.path().join("index.html"), "<!doctype html>yunnori").ok();
        std::fs::create_dir(dir.path().join("assets")).ok();
        std::fs::write(dir.path().join("assets/app-1234.js"), "console.log(1)").ok();
        std::fs::write(dir.path().join("sw.js"), "self").ok();
        let settings = WebSettings {
            web_dir: Some(dir.path().to_path_buf()),
            android_package: Some("app.yunnori.android".into()),
            android_cert_sha256: vec!["AB:CD".into()],
            apple_app_id: Some("TEAM123.app.yunnori".into()),
        };
        (dir, settings)
    }

    async fn get(router: &Router, path: &str) -> (StatusCode, Option<String>, String) {
        let res = router
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap_or_default())
            .await
            .unwrap_or_else(|e| match e {});
        let status = res.status();
        let cache = res
            .headers()
            .get(header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = to_bytes(res.into_body(), 1 << 20).await.unwrap_or_default();
        (status, cache, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn the_app_and_room_links_open_the_page() {
        let (_dir, settings) = site();
        let router = routes::<()>(&settings);
        let (status, _, body) = get(&router, "/").await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("yunnori"));
        let (status, _, body) = get(&router, "/r/K7QX2M").await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("yunnori"), "a room link opens the page");
        let (status, cache, body) = get(&router, "/assets/app-1234.js").await;
        assert_eq!((status, body.as_str()), (StatusCode::OK, "console.log(1)"));
        assert_eq!(
            cache.as_deref(),
            Some("public, max-age=31536000, immutable")
        );
        let (status, cache, _) = get(&router, "/sw.js").await;
        assert_eq!(
            (status, cache.as_deref()),
            (StatusCode::OK, Some("no-cache"))
        );
        let (status, _, _) = get(&router, "/nothing-here").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _, _) = get(&router, "/r/K7QX2M/more").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn the_link_files_come_from_the_settings() {
        let (_dir, settings) = site();
        let router = routes::<()>(&settings);
        let (status, _, body) = get(&router, "/.well-known/assetlinks.json").await;
        assert_eq!(status, StatusCode::OK);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(v[0]["target"]["package_name"], "app.yunnori.android");
        assert_eq!(v[0]["target"]["sha256_cert_fingerprints"][0], "AB:CD");
        let (status, _, body) = get(&router, "/.well-known/apple-app-site-association").await;
        assert_eq!(status, StatusCode::OK);
        let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
        assert_eq!(
            v["applinks"]["details"][0]["appIDs"][0],
            "TEAM123.app.yunnori"
        );
        assert_eq!(v["applinks"]["details"][0]["components"][0]["/"], "/r/*");
    }

    #[tokio::test]
    async fn the_webassembly_is_served_as_such_for_streaming_compilation() {
        let (dir, settings) = site();
        std::fs::write(dir.path().join("assets/core-1234.wasm"), b"\0asm").ok();
        std::fs::write(dir.path().join("assets/core-1234.wasm.br"), b"br").ok();
        let router = routes::<()>(&settings);
        for (encoding, body) in [("identity", "\0asm"), ("br", "br")] {
            let req = Request::get("/assets/core-1234.wasm")
                .header(header::ACCEPT_ENCODING, encoding)
                .body(Body::empty())
                .unwrap_or_default();
            let res = router
                .clone()
                .oneshot(req)
                .await
                .unwrap_or_else(|e| match e {});
            assert_eq!(res.status(), StatusCode::OK, "{encoding}");
            let kind = res.headers().get(header::CONTENT_TYPE).cloned();
            assert_eq!(
                kind,
                Some(HeaderValue::from_static("application/wasm")),
                "{encoding}"
            );
            let got = to_bytes(res.into_body(), 1 << 20).await.unwrap_or_default();
            assert_eq!(String::from_utf8_lossy(&got), body, "{encoding}");
        }
    }

    #[tokio::test]
    async fn nothing_is_served_that_is_not_configured() {
        let router = routes::<()>(&WebSettings::default());
        for path in [
            "/",
            "/r/K7QX2M",
            "/.well-known/assetlinks.json",
            "/.well-known/apple-app-site-association",
        ] {
            let (status, _, _) = get(&router, path).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        }
    }
}
