//! HTTP: `/ws` (the rooms protocol), `/health`; starting, and stopping gracefully.

use crate::cluster::Cluster;
use crate::config::Config;
use crate::limits::ConnectionLimit;
use crate::postgres::PgStore;
use crate::rooms::Rooms;
use crate::shared::Shared;
use crate::shutdown;
use crate::socket::Admit;
use crate::sqlite::SqliteStore;
use crate::store::Store;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use hyper_util::rt::TokioTimer;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use yut_net::protocol::{ErrorCode, PROTOCOL_VERSION};

/// Why the server could not start or stop cleanly.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("store: {0}")]
    Store(#[from] crate::store::StoreError),
    #[error("{0}")]
    Cluster(#[from] crate::cluster::ClusterError),
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        addr: SocketAddr,
        error: std::io::Error,
    },
    #[error("TLS: {0}")]
    Tls(std::io::Error),
    #[error("server: {0}")]
    Serve(std::io::Error),
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    /// Rooms brought back from the store at start.
    pub restored: usize,
    shared: Arc<Shared>,
    handle: axum_server::Handle,
    serving: tokio::task::JoinHandle<Result<(), std::io::Error>>,
    rooms_done: mpsc::Receiver<()>,
}

impl Running {
    pub fn rooms(&self) -> usize {
        self.shared.rooms.count()
    }

    /// Bytes waiting in every connection's outgoing queue together: what clients that do
    /// not read can make the server hold.
    pub fn queued_bytes(&self) -> usize {
        self.shared
            .queued
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Waits for Ctrl-C or SIGTERM, then shuts down gracefully.
    pub async fn until_signal(self) -> Result<(), ServerError> {
        wait_for_signal().await;
        tracing::info!("shutting down");
        self.shutdown().await
    }

    /// Stops taking connections, tells every client `closing`, lets every room store its
    /// record, and returns once all of it is done.
    pub async fn shutdown(mut self) -> Result<(), ServerError> {
        self.shared.shutdown.fire();
        self.shared.rooms.close();
        self.handle
            .graceful_shutdown(Some(Duration::from_secs(self.shared.config.shutdown_secs)));
        // Every room task holds a sender; recv() returns None once the last has ended.
        while self.rooms_done.recv().await.is_some() {}
        // Every room is stored: another node may take them at once.
        if let Some(c) = self.shared.rooms.cluster() {
            if let Err(e) = c.leave().await {
                tracing::warn!("could not give up the lease: {e}");
            }
        }
        match self.serving.await {
            Ok(r) => r.map_err(ServerError::Serve),
            Err(e) => Err(ServerError::Serve(std::io::Error::other(e.to_string()))),
        }
    }
}

async fn wait_for_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

/// Opens the store, restores every room, and starts listening.
pub async fn start(config: Config) -> Result<Running, ServerError> {
    let store: Arc<dyn Store> = match &config.store {
        Some(url) => Arc::new(PgStore::open(url).await?),
        None => Arc::new(SqliteStore::open(&config.data).await?),
    };
    start_with_store(config, store).await
}

/// Renews this node's lease every third of it until shutdown; when it had lapsed, lets
/// every room go (another node may have taken them) and takes a lease anew.
async fn keep_lease(shared: Arc<Shared>, cluster: Arc<Cluster>) {
    let mut shutdown = shared.shutdown.listen();
    let mut tick = tokio::time::interval(cluster.lease() / 3);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.fired() => break,
        }
        match cluster.renew().await {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!("the node's lease lapsed: letting every room go");
                shared.rooms.lose_all().await;
                if let Err(e) = cluster.lease_again().await {
                    tracing::warn!("could not take a lease: {e}");
                }
            }
            // Redis out of reach: the rooms stay until another node takes them, and the
            // store's fence refuses this node's writes from then on.
            Err(e) => tracing::warn!("could not renew the lease: {e}"),
        }
    }
}

/// As `start`, on a given store.
pub async fn start_with_store(
    config: Config,
    store: Arc<dyn Store>,
) -> Result<Running, ServerError> {
    let (trigger, _) = shutdown::channel();
    let (done_tx, rooms_done) = mpsc::channel(1);
    let mut rooms = Rooms::new(store, &config, trigger.clone(), done_tx);
    let listener =
        std::net::TcpListener::bind(config.listen).map_err(|error| ServerError::Listen {
            addr: config.listen,
            error,
        })?;
    listener.set_nonblocking(true).map_err(ServerError::Serve)?;
    let addr = listener.local_addr().map_err(ServerError::Serve)?;
    let cluster = match &config.redis {
        Some(redis) => {
            let url = config
                .advertise
                .clone()
                .unwrap_or_else(|| format!("ws://{addr}"));
            let lease = Duration::from_millis(config.lease_ms.max(300));
            let c = Arc::new(Cluster::join(redis, &config.node_id, url, lease).await?);
            tracing::info!(node = c.incarnation(), "joined the cluster");
            rooms = rooms.with_cluster(c.clone());
            Some(c)
        }
        None => None,
    };
    let (restored, failed) = rooms.restore().await?;
    for f in &failed {
        tracing::error!("room not restored: {f}");
    }
    tracing::info!(restored, failed = failed.len(), "rooms restored");
    let tls = match (&config.tls_cert, &config.tls_key) {
        (Some(cert), Some(key)) => Some(tls_config(cert, key)?),
        _ => None,
    };
    let admit = Admit {
        per_address: ConnectionLimit::new(config.max_connections_per_ip),
        all: ConnectionLimit::new(room_for_connections(config.max_connections)),
        idle: config.idle(),
        tls: tls.is_some(),
    };
    let shared = Arc::new(Shared {
        queued: Arc::default(),
        config,
        rooms,
        shutdown: trigger,
    });
    if let Some(c) = cluster {
        tokio::spawn(keep_lease(shared.clone(), c));
    }
    let app = Router::new()
        .route(yut_net::protocol::SOCKET_PATH, get(ws))
        .route("/health", get(health))
        .merge(crate::web::routes(&shared.config.web))
        .with_state(shared.clone())
        .into_make_service_with_connect_info::<SocketAddr>();
    let handle = axum_server::Handle::new();
    // A request must arrive whole within the hello's time; its headers' timer needs one.
    let hello = Duration::from_secs(shared.config.hello_secs.max(1));
    let serving = match tls {
        Some(tls) => {
            let acceptor = axum_server::tls_rustls::RustlsAcceptor::new(tls)
                .handshake_timeout(hello)
                .acceptor(admit);
            let mut server = axum_server::from_tcp(listener)
                .acceptor(acceptor)
                .handle(handle.clone());
            server
                .http_builder()
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(hello);
            tokio::spawn(async move { server.serve(app).await })
        }
        None => {
            let mut server = axum_server::from_tcp(listener)
                .acceptor(admit)
                .handle(handle.clone());
            server
                .http_builder()
                .http1()
                .timer(TokioTimer::new())
                .header_read_timeout(hello);
            tokio::spawn(async move { server.serve(app).await })
        }
    };
    tracing::info!(%addr, tls = shared.config.tls_cert.is_some(), "listening");
    Ok(Running {
        addr,
        restored,
        shared,
        handle,
        serving,
        rooms_done,
    })
}

async fn health(State(shared): State<Arc<Shared>>) -> Json<serde_json::Value> {
    Json(serde_json::json!({
        "status": "ok",
        "protocol": PROTOCOL_VERSION,
        "rooms": shared.rooms.count(),
    }))
}

async fn ws(
    ws: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    State(shared): State<Arc<Shared>>,
) -> Response {
    if shared.shutdown.listen().is_fired() {
        return refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal,
            "shutting down",
        );
    }
    let max = shared.config.max_message_bytes;
    // Small buffers: messages are small, and thousands of connections each holding the
    // default 128 KiB would cost more memory than their rooms.
    ws.max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| crate::peer::serve(socket, shared, addr))
}

/// How many connections the open-file limit leaves room for, up to `wanted`: the soft
/// limit is raised to the hard one first (a typical soft limit of 1,024 would otherwise
/// stop the server at about a thousand players), and a few hundred files are kept for the
/// store, logs and the operator.
fn room_for_connections(wanted: usize) -> usize {
    const KEPT: u64 = 256;
    #[cfg(unix)]
    // SAFETY: getrlimit and setrlimit read and write only the struct passed to them.
    let files = unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return wanted;
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: lim.rlim_max,
                rlim_max: lim.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                lim.rlim_cur = lim.rlim_max;
            }
        }
        lim.rlim_cur
    };
    #[cfg(not(unix))]
    let files = u64::MAX;
    let room = files.saturating_sub(KEPT).max(KEPT);
    if (wanted as u64) > room {
        tracing::warn!(
            wanted,
            room,
            "the open-file limit leaves room for fewer connections than --max-connections"
        );
    }
    wanted.min(usize::try_from(room).unwrap_or(usize::MAX))
}

fn refusal(status: StatusCode, code: ErrorCode, message: &str) -> Response {
    (
        status,
        Json(serde_json::json!({"type": "error", "code": code, "message": message})),
    )
        .into_response()
}

/// The certificate chain and key as a TLS config, with aws-lc-rs named as its crypto (two
/// providers are linked in: see Cargo.toml).
fn tls_config(
    cert: &std::path::Path,
    key: &std::path::Path,
) -> Result<axum_server::tls_rustls::RustlsConfig, ServerError> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let bad = |what: &str, e: String| {
        ServerError::Tls(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{what}: {e}"),
        ))
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| bad("the certificate file", format!("{e:?}")))?
        .collect::<Result<_, _>>()
        .map_err(|e| bad("the certificate file", format!("{e:?}")))?;
    let key =
        PrivateKeyDer::from_pem_file(key).map_err(|e| bad("the key file", format!("{e:?}")))?;
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| bad("TLS versions", e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| bad("the certificate and key", e.to_string()))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(axum_server::tls_rustls::RustlsConfig::from_config(
        Arc::new(config),
    ))
}
