//! The server given a certificate speaks wss:// only: a client that trusts the
//! certificate completes the handshake, one that does not (the Rust client trusts the web's
//! certificate authorities) is refused, and a plain ws:// client gets no game.

mod common;

use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::Connector;
use yut_net::{ChannelListener, Client, NetError};

struct Tls {
    _dir: tempfile::TempDir,
    running: yut_server::Running,
    cert_der: Vec<u8>,
    cert_pem: String,
}

/// A server on loopback with a certificate for `localhost` made for the test.
async fn tls_server() -> Tls {
    let dir = tempfile::tempdir().expect("temp dir");
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()])
        .expect("a certificate for localhost");
    let cert = dir.path().join("cert.pem");
    let key = dir.path().join("key.pem");
    std::fs::write(&cert, made.cert.pem()).expect("write cert");
    std::fs::write(&key, made.signing_key.serialize_pem()).expect("write key");
    let mut config = common::config(&dir.path().join("data"));
    config.tls_cert = Some(cert);
    config.tls_key = Some(key);
    let running = yut_server::start(config)
        .await
        .expect("server starts with TLS");
    Tls {
        cert_der: made.cert.der().to_vec(),
        cert_pem: made.cert.pem(),
        _dir: dir,
        running,
    }
}

fn trusting(cert_der: &[u8]) -> Connector {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(rustls::pki_types::CertificateDer::from(cert_der.to_vec()))
        .expect("the test certificate is a valid root");
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::aws_lc_rs::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("TLS versions")
    .with_root_certificates(roots)
    .with_no_client_auth();
    Connector::Rustls(Arc::new(config))
}

#[tokio::test]
async fn a_client_that_trusts_the_certificate_says_hello_over_wss() {
    let t = tls_server().await;
    let url = format!("wss://localhost:{}/ws", t.running.addr.port());
    let (mut socket, _) = tokio_tungstenite::connect_async_tls_with_config(
        url,
        None,
        true,
        Some(trusting(&t.cert_der)),
    )
    .await
    .expect("the TLS handshake and the WebSocket upgrade succeed");
    socket
        .send(Message::text(
            r#"{"type":"hello","protocol":1,"client":"tls-test"}"#,
        ))
        .await
        .expect("send hello");
    let answer = tokio::time::timeout(common::WAIT, socket.next())
        .await
        .expect("an answer in time")
        .expect("the connection stays open")
        .expect("a frame");
    let text = answer.into_text().expect("a text frame");
    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(value["type"], "welcome", "{text}");
    assert_eq!(value["protocol"], 1, "{text}");
}

#[tokio::test]
async fn the_rust_client_refuses_a_certificate_no_authority_signed() {
    let t = tls_server().await;
    let url = format!("wss://localhost:{}", t.running.addr.port());
    let (listener, _events) = ChannelListener::new();
    match Client::connect(&url, listener).await {
        Err(NetError::Connect(why)) => {
            assert!(why.to_lowercase().contains("certificate"), "{why}");
        }
        Err(other) => panic!("expected a connection error naming the certificate, got {other}"),
        Ok(_) => panic!("a self-signed certificate was trusted"),
    }
}

#[tokio::test]
async fn plain_ws_gets_no_game_from_a_tls_server() {
    let t = tls_server().await;
    let url = format!("ws://127.0.0.1:{}/ws", t.running.addr.port());
    let outcome = tokio::time::timeout(common::WAIT, tokio_tungstenite::connect_async(url))
        .await
        .expect("the server answers in time");
    assert!(
        outcome.is_err(),
        "a plain WebSocket upgrade succeeded on the TLS port"
    );
}

#[tokio::test]
async fn the_rust_client_given_the_self_hosted_certificate_joins_over_wss() {
    let t = tls_server().await;
    let url = format!("wss://localhost:{}", t.running.addr.port());
    let trust = yut_net::Trust::also_pem(t.cert_pem.as_bytes()).expect("a PEM certificate");
    let (listener, _events) = ChannelListener::new();
    let client = Client::connect_trusting(&url, listener, yut_net::Backoff::default(), trust)
        .await
        .expect("the client trusting the server's certificate connects");
    client.close();
}

#[test]
fn a_certificate_file_without_a_certificate_is_a_typed_error() {
    match yut_net::Trust::also_pem(b"not a certificate") {
        Err(NetError::Connect(why)) => assert!(why.contains("certificate"), "{why}"),
        other => panic!("expected a typed error, got {other:?}"),
    }
}
