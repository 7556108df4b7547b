//! Rooms shared between nodes: Redis says which node owns each room, and hands out the
//! fencing tokens that PostgreSQL checks (see `postgres.rs`).
//!
//! Each running node holds a lease, `yut:node:<incarnation>` (its WebSocket address as
//! the value, expiring after `lease`), renewed every third of it by a script that checks
//! the value, so a node can only renew its own lease. A room's owner is
//! `yut:owner:<code>` (an incarnation). A node takes a room only when its owner's lease is
//! gone (the owner died, or was cut off for longer than the lease), and each taking draws
//! the next fencing token from `yut:fence:<code>` (INCR) in the same script: the tokens
//! of one room only ever grow, and the store refuses any write with a lower token than
//! the room's, so two nodes can never both have actions accepted for one room.
//!
//! One lease per node rather than per room: thousands of rooms cost one renewal every
//! few hundred milliseconds, and a dead node's rooms all become free at the same moment.

use redis::aio::ConnectionManager;
use redis::Script;
use std::time::Duration;

/// Why Redis could not be reached or answered oddly.
#[derive(Debug, thiserror::Error)]
#[error("redis: {0}")]
pub struct ClusterError(String);

fn err(e: impl std::fmt::Display) -> ClusterError {
    ClusterError(e.to_string())
}

/// Who owns a room, as seen when a node asked for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This node, now, under this fencing token.
    Me(u64),
    /// Another live node, reachable at this WebSocket URL.
    Other(String),
    /// This node's own lease has lapsed: it takes no room until it holds one again.
    Lapsed,
}

/// Takes a room for `ARGV[1]` (this node) unless a live node owns it; returns
/// `{fence, ""}` when taken, `{0, url}` when owned elsewhere, `{-1, ""}` when this node
/// holds no lease itself.
const TAKE: &str = r#"
if redis.call('EXISTS', 'yut:node:' .. ARGV[1]) == 0 then
  return {-1, ''}
end
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then
  local url = redis.call('GET', 'yut:node:' .. owner)
  if url then
    return {0, url}
  end
end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1])
return {fence, ''}
"#;

/// The URL of the live node that owns a room, or nothing.
const OWNER: &str = r#"
local owner = redis.call('GET', KEYS[1])
if owner then
  local url = redis.call('GET', 'yut:node:' .. owner)
  if url then
    return url
  end
end
return false
"#;

/// Renews this node's lease when it is still this node's: 1 renewed, 0 lapsed.
const RENEW: &str = r#"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"#;

pub struct Cluster {
    conn: ConnectionManager,
    /// This run of this node: the node's id and a random suffix, so a restarted node is a
    /// new owner and its old rooms are free once the old run's lease has expired.
    incarnation: String,
    /// Where other nodes relay clients of this node's rooms.
    url: String,
    lease: Duration,
    take: Script,
    renew: Script,
    owner: Script,
}

impl Cluster {
    /// Connects to Redis at `redis_url` and takes this node's lease.
    pub async fn join(
        redis_url: &str,
        node_id: &str,
        url: String,
        lease: Duration,
    ) -> Result<Cluster, ClusterError> {
        let client = redis::Client::open(redis_url).map_err(err)?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(lease))
            .set_response_timeout(Some(lease));
        let conn = ConnectionManager::new_with_config(client, config)
            .await
            .map_err(err)?;
        let incarnation = format!("{node_id}-{:08x}", rand::random::<u32>());
        let cluster = Cluster {
            conn,
            incarnation,
            url,
            lease,
            take: Script::new(TAKE),
            renew: Script::new(RENEW),
            owner: Script::new(OWNER),
        };
        cluster.lease_again().await?;
        Ok(cluster)
    }

    pub fn incarnation(&self) -> &str {
        &self.incarnation
    }

    /// Where other nodes reach this one.
    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn lease(&self) -> Duration {
        self.lease
    }

    fn node_key(&self) -> String {
        format!("yut:node:{}", self.incarnation)
    }

    /// Takes this node's lease anew (at start, or after it lapsed).
    pub async fn lease_again(&self) -> Result<(), ClusterError> {
        let mut conn = self.conn.clone();
        redis::cmd("SET")
            .arg(self.node_key())
            .arg(&self.url)
            .arg("PX")
            .arg(self.lease.as_millis() as u64)
            .query_async::<()>(&mut conn)
            .await
            .map_err(err)
    }

    /// Renews this node's lease; `false` when it had lapsed (every room it held may have
    /// been taken over since).
    pub async fn renew(&self) -> Result<bool, ClusterError> {
        let mut conn = self.conn.clone();
        let renewed: i64 = self
            .renew
            .key(self.node_key())
            .arg(&self.url)
            .arg(self.lease.as_millis() as u64)
            .invoke_async(&mut conn)
            .await
            .map_err(err)?;
        Ok(renewed == 1)
    }

    /// Takes the room `code` unless a live node owns it.
    pub async fn take(&self, code: &str) -> Result<Owner, ClusterError> {
        let mut conn = self.conn.clone();
        let (fence, url): (i64, String) = self
            .take
            .key(format!("yut:owner:{code}"))
            .key(format!("yut:fence:{code}"))
            .arg(&self.incarnation)
            .invoke_async(&mut conn)
            .await
            .map_err(err)?;
        Ok(match fence {
            f if f > 0 => Owner::Me(f as u64),
            0 => Owner::Other(url),
            _ => Owner::Lapsed,
        })
    }

    /// The URL of the live node that owns the room `code`, if any (a relay checks that
    /// its owner still is one).
    pub async fn owner(&self, code: &str) -> Result<Option<String>, ClusterError> {
        let mut conn = self.conn.clone();
        self.owner
            .key(format!("yut:owner:{code}"))
            .invoke_async(&mut conn)
            .await
            .map_err(err)
    }

    /// Gives up this node's lease (a graceful shutdown): its rooms are free at once.
    pub async fn leave(&self) -> Result<(), ClusterError> {
        let mut conn = self.conn.clone();
        redis::cmd("DEL")
            .arg(self.node_key())
            .query_async::<()>(&mut conn)
            .await
            .map_err(err)
    }
}
