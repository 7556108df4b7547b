//! The operator's settings: flags, each with an environment variable of the same meaning.

use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// yut-server: online rooms for Yunnori (Yut Nori). Rooms, seats and every accepted
/// action are kept in an embedded SQLite file under --data; a restarted server resumes
/// every room where it was. Several nodes share rooms through PostgreSQL (--store) and
/// Redis (--redis): see docs/DEPLOY.md.
#[derive(Clone, Debug, Parser)]
#[command(name = "yut-server", version)]
pub struct Config {
    /// Address and port to listen on (HTTP and WebSocket; `/ws` and `/health`).
    #[arg(long, env = "YUT_LISTEN", default_value = "127.0.0.1:7878")]
    pub listen: SocketAddr,

    /// Directory of the embedded store (created when missing).
    #[arg(long, env = "YUT_DATA", default_value = "yut-data")]
    pub data: PathBuf,

    /// The shared store instead of the embedded one: a `postgres://` URL.
    #[arg(long, env = "YUT_STORE")]
    pub store: Option<String>,

    /// Redis (`redis://…`) for the rooms' leases between nodes; needs --store.
    #[arg(long, env = "YUT_REDIS", requires = "store")]
    pub redis: Option<String>,

    /// This node's name in the cluster (a restarted node takes a new lease under it).
    #[arg(long, env = "YUT_NODE_ID", default_value = "node")]
    pub node_id: String,

    /// How long a node's lease lasts unrenewed: a dead node's rooms are taken over after
    /// at most this long.
    #[arg(long, env = "YUT_LEASE_MS", default_value_t = 3_000)]
    pub lease_ms: u64,

    /// The WebSocket URL other nodes relay this node's rooms' clients to (default
    /// `ws://` and the address listened on).
    #[arg(long, env = "YUT_ADVERTISE")]
    pub advertise: Option<String>,

    /// TLS certificate chain (PEM); with --tls-key the server speaks wss:// and https://.
    #[arg(long, env = "YUT_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,

    /// TLS private key (PEM).
    #[arg(long, env = "YUT_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,

    /// Seconds a room that everyone left is kept before it is forgotten.
    #[arg(long, env = "YUT_ROOM_TTL_SECS", default_value_t = 86_400)]
    pub room_ttl_secs: u64,

    /// Seconds a room nobody but its host ever joined is kept once everyone left.
    #[arg(long, env = "YUT_UNJOINED_ROOM_TTL_SECS", default_value_t = 600)]
    pub unjoined_room_ttl_secs: u64,

    /// Most rooms held at once.
    #[arg(long, env = "YUT_MAX_ROOMS", default_value_t = 10_000)]
    pub max_rooms: usize,

    /// Most rooms opened from one address (an IPv6 /64 counts as one) that are still held.
    #[arg(long, env = "YUT_MAX_ROOMS_PER_IP", default_value_t = 16)]
    pub max_rooms_per_ip: usize,

    /// Most rooms one connection opens that are still held.
    #[arg(long, env = "YUT_MAX_ROOMS_PER_CONNECTION", default_value_t = 4)]
    pub max_rooms_per_connection: usize,

    /// Most connections from one IP address (an IPv6 /64 counts as one), counted from the
    /// moment they are accepted.
    #[arg(long, env = "YUT_MAX_CONNECTIONS_PER_IP", default_value_t = 32)]
    pub max_connections_per_ip: usize,

    /// Most connections from all addresses together (the server raises its open-file
    /// limit to fit them where the system allows).
    #[arg(long, env = "YUT_MAX_CONNECTIONS", default_value_t = 16_384)]
    pub max_connections: usize,

    /// Seconds a connection may go without sending a byte before it is closed (a request
    /// begun and never finished, a silent socket, a client that stopped answering pings:
    /// the server pings every third of it), and a message to a client that stopped reading
    /// may wait to go out.
    #[arg(long, env = "YUT_IDLE_SECS", default_value_t = 60)]
    pub idle_secs: u64,

    /// Seconds from a WebSocket's upgrade to its `hello`.
    #[arg(long, env = "YUT_HELLO_SECS", default_value_t = 10)]
    pub hello_secs: u64,

    /// Bytes of messages queued for one connection before it counts as not reading and is
    /// closed (its client reconnects and hears the room afresh).
    #[arg(long, env = "YUT_MAX_QUEUED_BYTES", default_value_t = 1 << 20)]
    pub max_queued_bytes: usize,

    /// The shortest pause before a bot's action, whatever a room asks (`bot_delay_ms`):
    /// a room of bots cannot play faster than this.
    #[arg(long, env = "YUT_MIN_BOT_DELAY_MS", default_value_t = 300)]
    pub min_bot_delay_ms: u64,

    /// Bots that think at once, on threads below the rooms' priority (default: half the
    /// cores, at least one), so bot rooms cannot slow other rooms.
    #[arg(long, env = "YUT_BOT_THREADS")]
    pub bot_threads: Option<usize>,

    /// Largest message accepted, in bytes.
    #[arg(long, env = "YUT_MAX_MESSAGE_BYTES", default_value_t = 16 * 1024)]
    pub max_message_bytes: usize,

    /// Messages per second one connection may send on average.
    #[arg(long, env = "YUT_RATE_PER_SEC", default_value_t = 20)]
    pub rate_per_sec: u32,

    /// Messages one connection may send in a burst above the average.
    #[arg(long, env = "YUT_RATE_BURST", default_value_t = 40)]
    pub rate_burst: u32,

    /// Spectators one room takes.
    #[arg(long, env = "YUT_MAX_SPECTATORS", default_value_t = 32)]
    pub max_spectators: usize,

    /// Seconds a graceful shutdown waits for connections to close.
    #[arg(long, env = "YUT_SHUTDOWN_SECS", default_value_t = 5)]
    pub shutdown_secs: u64,

    /// Logs as JSON lines instead of text.
    #[arg(long, env = "YUT_LOG_JSON")]
    pub log_json: bool,

    /// The web app and the apps' link files (web.rs).
    #[command(flatten)]
    pub web: crate::web::WebSettings,
}

impl Config {
    /// The settings for a server on a free loopback port with its store in `data` (tests
    /// and the bench's own server).
    pub fn loopback(data: PathBuf) -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            data,
            store: None,
            redis: None,
            node_id: "node".into(),
            lease_ms: 3_000,
            advertise: None,
            tls_cert: None,
            tls_key: None,
            room_ttl_secs: 86_400,
            unjoined_room_ttl_secs: 600,
            max_rooms: 10_000,
            max_rooms_per_ip: 16,
            max_rooms_per_connection: 4,
            max_connections_per_ip: 32,
            max_connections: 16_384,
            idle_secs: 60,
            hello_secs: 10,
            max_queued_bytes: 1 << 20,
            // Tests play bots at once.
            min_bot_delay_ms: 0,
            bot_threads: None,
            max_message_bytes: 16 * 1024,
            rate_per_sec: 20,
            rate_burst: 40,
            max_spectators: 32,
            shutdown_secs: 5,
            log_json: false,
            web: crate::web::WebSettings::default(),
        }
    }

    pub fn room_ttl(&self) -> Duration {
        Duration::from_secs(self.room_ttl_secs)
    }

    pub fn idle(&self) -> Duration {
        Duration::from_secs(self.idle_secs.max(1))
    }

    /// Bot threads: as set, or half the cores (at least one).
    pub fn bot_threads(&self) -> usize {
        self.bot_threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() / 2))
            .max(1)
    }
}
