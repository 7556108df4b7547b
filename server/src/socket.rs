//! Every TCP connection from accept to close: counted against its address (and all
//! addresses) from the moment it is accepted, whether or not it ever finishes an HTTP
//! request or a WebSocket upgrade, and closed when its client goes silent or stops
//! reading. This is what keeps half-sent upgrades and silent sockets from holding the
//! server's file descriptors forever.

use crate::limits::{ConnectionLimit, ConnectionPermit};
use axum_server::accept::Accept;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{sleep, Instant, Sleep};

/// The answer to a connection over its address's limit, before any TLS (a `ws://` client
/// reads the same JSON refusal as the protocol's other errors).
fn refused_response() -> String {
    let body = r#"{"type":"error","code":"too_many_connections","message":"too many connections from this address"}"#;
    format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The kernel's send buffer of each connection, in bytes (Linux doubles it). Left to
/// itself the kernel grows it to megabytes for a client that does not read, outside the
/// outgoing queue's bound; this is room enough for the largest room snapshot.
const SEND_BUFFER: usize = 64 * 1024;

/// Accepts a connection when its address (and the server) has room for it: sets
/// `TCP_NODELAY` and the send buffer, and hands on a [`Watched`] stream holding its place.
#[derive(Clone)]
pub struct Admit {
    pub per_address: ConnectionLimit,
    pub all: ConnectionLimit,
    /// Silence (nothing read) or a write that cannot go out for this long closes it.
    pub idle: Duration,
    /// Whether the listener speaks TLS (a refusal is then a plain close).
    pub tls: bool,
}

impl<S: Send + 'static> Accept<TcpStream, S> for Admit {
    type Stream = Watched;
    type Service = S;
    type Future = Pin<Box<dyn Future<Output = io::Result<(Watched, S)>> + Send>>;

    fn accept(&self, mut stream: TcpStream, service: S) -> Self::Future {
        let admit = self.clone();
        Box::pin(async move {
            let ip = stream.peer_addr()?.ip();
            let places = admit.all.admit_any().zip(admit.per_address.admit(ip));
            let Some(places) = places else {
                if !admit.tls {
                    // Best effort, and briefly: a refused client may not be reading either.
                    let answer = refused_response();
                    let write = stream.write_all(answer.as_bytes());
                    let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
                }
                return Err(io::Error::other("connection refused: over the limit"));
            };
            stream.set_nodelay(true)?;
            socket2::SockRef::from(&stream).set_send_buffer_size(SEND_BUFFER)?;
            Ok((Watched::new(stream, places, admit.idle), service))
        })
    }
}

/// A TCP stream that holds its places in the limits while open, and fails (so hyper and
/// the WebSocket close it) once nothing has been read for `idle`, or a write has waited
/// that long for the client to read.
pub struct Watched {
    stream: TcpStream,
    _places: (ConnectionPermit, ConnectionPermit),
    idle: Duration,
    /// Runs out `idle` after the last byte read.
    silence: Pin<Box<Sleep>>,
    /// Set while a write waits for room in the socket.
    stalled: Option<Pin<Box<Sleep>>>,
}

fn timed_out(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, what.to_string())
}

impl Watched {
    fn new(
        stream: TcpStream,
        places: (ConnectionPermit, ConnectionPermit),
        idle: Duration,
    ) -> Self {
        Watched {
            stream,
            _places: places,
            idle,
            silence: Box::pin(sleep(idle)),
            stalled: None,
        }
    }

    /// Checks how long a pending write has waited.
    fn poll_stall(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let idle = self.idle;
        let stalled = self.stalled.get_or_insert_with(|| Box::pin(sleep(idle)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(timed_out("the client stopped reading")),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let me = &mut *self;
        match Pin::new(&mut me.stream).poll_read(cx, buf) {
            Poll::Ready(r) => {
                let deadline = Instant::now() + me.idle;
                me.silence.as_mut().reset(deadline);
                Poll::Ready(r)
            }
            Poll::Pending => match me.silence.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(timed_out("the client went silent"))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let me = &mut *self;
        match Pin::new(&mut me.stream).poll_write(cx, buf) {
            Poll::Ready(r) => {
                me.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => me.poll_stall(cx).map(Err),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let me = &mut *self;
        match Pin::new(&mut me.stream).poll_flush(cx) {
            Poll::Ready(r) => {
                me.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => me.poll_stall(cx).map(Err),
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let me = &mut *self;
        match Pin::new(&mut me.stream).poll_shutdown(cx) {
            Poll::Ready(r) => Poll::Ready(r),
            Poll::Pending => me.poll_stall(cx).map(Err),
        }
    }
}
