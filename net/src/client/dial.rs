//! How the client reaches its server: the reconnecting's pauses, the certificates trusted
//! for `wss://`, the local address to leave from, and opening a socket with the version
//! handshake.

use super::*;
use crate::protocol::{ServerMessage, PROTOCOL_VERSION};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

/// How patiently the client reconnects: pauses doubling from `first` up to `max`.
#[derive(Clone, Debug)]
pub struct Backoff {
    pub first: Duration,
    pub max: Duration,
    /// Attempts before giving up; `None` (the default): for as long as the room lives (a
    /// room the server no longer has ends the trying).
    pub attempts: Option<u32>,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            first: Duration::from_millis(100),
            max: Duration::from_secs(5),
            attempts: None,
        }
    }
}

/// How the client reaches its server: the reconnecting, the certificates trusted for
/// `wss://`, and the local address to connect from.
#[derive(Clone, Debug, Default)]
pub struct Dial {
    pub backoff: Backoff,
    pub trust: Trust,
    /// The local address the connection leaves from (`None`: the system's choice). A
    /// bench uses many loopback addresses, as that many households would.
    pub from: Option<std::net::IpAddr>,
}

/// How `wss://` servers are trusted: the web's certificate authorities, plus any
/// certificates a self-hosted server handed out (a family server with its own certificate).
#[derive(Clone)]
pub struct Trust {
    connector: tokio_tungstenite::Connector,
}

impl Trust {
    /// The web's certificate authorities only.
    pub fn web() -> Trust {
        Trust::with_roots(Vec::new())
    }

    /// Also trusts the certificates in `pem` (one or more `BEGIN CERTIFICATE` blocks).
    pub fn also_pem(pem: &[u8]) -> Result<Trust, NetError> {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::CertificateDer;
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(pem)
            .collect::<Result<_, _>>()
            .map_err(|e| NetError::Connect(format!("the certificate file is unreadable: {e:?}")))?;
        if certs.is_empty() {
            return Err(NetError::Connect(
                "the certificate file holds no certificate".into(),
            ));
        }
        Ok(Trust::with_roots(certs))
    }

    fn with_roots(extra: Vec<rustls::pki_types::CertificateDer<'static>>) -> Trust {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        // A certificate rustls cannot use as a root is left out; the handshake then names it.
        let _ = roots.add_parsable_certificates(extra);
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map(|b| b.with_root_certificates(roots).with_no_client_auth());
        let connector = match config {
            Ok(c) => tokio_tungstenite::Connector::Rustls(Arc::new(c)),
            // ring supports the default versions; should it not, plain ws:// still works.
            Err(_) => tokio_tungstenite::Connector::Plain,
        };
        Trust { connector }
    }
}

impl Default for Trust {
    fn default() -> Trust {
        Trust::web()
    }
}

impl std::fmt::Debug for Trust {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Trust")
    }
}

/// A TCP connection to the server of `request`, leaving from `from`.
async fn tcp_from(
    request: &tokio_tungstenite::tungstenite::handshake::client::Request,
    from: std::net::IpAddr,
) -> Result<tokio::net::TcpStream, NetError> {
    let uri = request.uri();
    let host = uri
        .host()
        .ok_or_else(|| NetError::Connect(format!("{uri} names no host")))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let port = uri.port_u16().unwrap_or(match uri.scheme_str() {
        Some("wss") => 443,
        _ => 80,
    });
    let to = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?
        .find(|a| a.is_ipv4() == from.is_ipv4())
        .ok_or_else(|| NetError::Connect(format!("{host} has no address to reach from {from}")))?;
    let socket = match from {
        std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
        std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
    }
    .map_err(|e| NetError::Connect(e.to_string()))?;
    socket
        .bind(std::net::SocketAddr::new(from, 0))
        .map_err(|e| NetError::Connect(format!("cannot leave from {from}: {e}")))?;
    let stream = socket
        .connect(to)
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?;
    stream
        .set_nodelay(true)
        .map_err(|e| NetError::Connect(e.to_string()))?;
    Ok(stream)
}

/// Opens a socket and does the version handshake.
pub(super) async fn open(url: &str, dial: &Dial) -> Result<Socket, NetError> {
    let mut socket = open_socket(url, dial).await?;
    let hello = serde_json::to_string(&Request {
        id: None,
        body: ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            client: format!("yut-net {}", env!("CARGO_PKG_VERSION")),
        },
    })
    .map_err(|e| NetError::Protocol(e.to_string()))?;
    socket
        .send(Message::Text(hello.into()))
        .await
        .map_err(|e| NetError::Connect(e.to_string()))?;
    let answer = tokio::time::timeout(REQUEST_TIMEOUT, socket.next())
        .await
        .map_err(|_| NetError::Timeout)?;
    match answer {
        Some(Ok(Message::Text(t))) => match ServerMessage::from_json(t.as_str()) {
            Ok(ServerMessage::Welcome { .. }) => Ok(socket),
            Ok(ServerMessage::Error { code, message, .. }) => {
                Err(NetError::Refused { code, message })
            }
            Ok(other) => Err(NetError::Protocol(format!(
                "expected welcome, got {other:?}"
            ))),
            Err(e) => Err(NetError::Protocol(e.to_string())),
        },
        Some(Ok(other)) => Err(NetError::Protocol(format!(
            "expected welcome, got {other:?}"
        ))),
        Some(Err(e)) => Err(NetError::Connect(e.to_string())),
        None => Err(NetError::Connect("closed during the handshake".into())),
    }
}

/// Opens a WebSocket to the server `url` at its socket address, as `dial` says (TLS with
/// its trusted certificates, the local address), with no handshake: for a client that
/// speaks the protocol itself (the app core, through [`carry`]).
pub async fn open_socket(url: &str, dial: &Dial) -> Result<Socket, NetError> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let ws_url = crate::protocol::socket_url(url);
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024);
    let connector = Some(dial.trust.connector.clone());
    let connected = match dial.from {
        Some(from) => {
            let request = ws_url
                .as_str()
                .into_client_request()
                .map_err(|e| NetError::Connect(e.to_string()))?;
            let tcp = tcp_from(&request, from).await?;
            tokio_tungstenite::client_async_tls_with_config(request, tcp, Some(config), connector)
                .await
        }
        // Nagle off: intents are small frames that should leave at once.
        None => {
            tokio_tungstenite::connect_async_tls_with_config(
                ws_url.as_str(),
                Some(config),
                true,
                connector,
            )
            .await
        }
    };
    let (socket, _) = connected.map_err(|e| NetError::Connect(e.to_string()))?;
    Ok(socket)
}

/// Carries text frames over `socket` both ways until either side ends it: each text the
/// server says goes to `heard`, each text from `out` is sent, and `out` closing (its
/// senders gone) closes the socket. Returns why the socket ended, or `None` when this side
/// closed it.
pub async fn carry(
    mut socket: Socket,
    mut out: mpsc::UnboundedReceiver<String>,
    mut heard: impl FnMut(String),
) -> Option<String> {
    loop {
        tokio::select! {
            next = out.recv() => match next {
                Some(text) => {
                    if let Err(e) = socket.send(Message::Text(text.into())).await {
                        return Some(e.to_string());
                    }
                }
                None => {
                    let _ = socket.close(None).await;
                    return None;
                }
            },
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(t))) => heard(t.to_string()),
                Some(Ok(Message::Close(_))) | None => return Some("the server closed".into()),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Some(e.to_string()),
            },
        }
    }
}
