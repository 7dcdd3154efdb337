//! Hyper answers a request it cannot read — a malformed request line or header (400), a URI
//! or headers past its limits (414, 431) — by itself, before the site's middleware sees the
//! request, and with none of the site's headers. [`Stamped`] adds them to such an answer as
//! it is written to the connection, so that every answer carries `nosniff` and the policy.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The policy of every answer that is not a page (JSON, SVG): nothing in it runs or loads.
pub(super) const DATA_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/// A connection whose response heads without `X-Content-Type-Options` — hyper's own — are
/// written with the site's headers added.
pub struct Stamped<S> {
    inner: S,
    /// A stamped head being written: its bytes, how many are written, and the length of the
    /// write it stands for (reported once all are written).
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<S> Stamped<S> {
    pub fn new(inner: S) -> Self {
        Stamped {
            inner,
            pending: None,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Stamped<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(context, buffer)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Stamped<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let (bytes, written, stands_for) = match &mut this.pending {
            Some(pending) => pending,
            None => match stamped(buffer) {
                Some(bytes) => this.pending.insert((bytes, 0, buffer.len())),
                None => return Pin::new(&mut this.inner).poll_write(context, buffer),
            },
        };
        while *written < bytes.len() {
            match Pin::new(&mut this.inner).poll_write(context, &bytes[*written..]) {
                Poll::Ready(Ok(0)) => {
                    this.pending = None;
                    return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                }
                Poll::Ready(Ok(count)) => *written += count,
                Poll::Ready(Err(error)) => {
                    this.pending = None;
                    return Poll::Ready(Err(error));
                }
                Poll::Pending => return Poll::Pending,
            }
        }
        let stands_for = *stands_for;
        this.pending = None;
        Poll::Ready(Ok(stands_for))
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(context)
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(context)
    }

    // Not vectored: hyper then writes each response's head in one buffer, where `stamped`
    // sees it whole.
}

/// `buffer` with the site's headers added after the others, if it starts with a response
/// head that has no `X-Content-Type-Options` (every answer of the site's own has it).
fn stamped(buffer: &[u8]) -> Option<Vec<u8>> {
    if !buffer.starts_with(b"HTTP/1.1 ") {
        return None;
    }
    let end = buffer.windows(4).position(|window| window == b"\r\n\r\n")?;
    let head = buffer[..end].to_ascii_lowercase();
    let marked = head
        .windows(b"\r\nx-content-type-options:".len())
        .any(|window| window == b"\r\nx-content-type-options:");
    if marked {
        return None;
    }
    let mut bytes = Vec::with_capacity(buffer.len() + 128);
    // Through the last header's line end: the new headers follow it.
    bytes.extend_from_slice(&buffer[..end + 2]);
    bytes.extend_from_slice(b"x-content-type-options: nosniff\r\ncontent-security-policy: ");
    bytes.extend_from_slice(DATA_POLICY.as_bytes());
    bytes.extend_from_slice(b"\r\n");
    bytes.extend_from_slice(&buffer[end + 2..]);
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_heads_without_the_header_are_stamped() {
        let hyper =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let stamped_head = String::from_utf8(stamped(hyper).unwrap()).unwrap();
        assert!(stamped_head.starts_with(
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\
             x-content-type-options: nosniff\r\ncontent-security-policy: default-src 'none'"
        ));
        assert!(stamped_head.ends_with("\r\n\r\n"));
        // A head with no header at all.
        let bare = String::from_utf8(stamped(b"HTTP/1.1 400 Bad Request\r\n\r\n").unwrap());
        assert_eq!(
            bare.unwrap(),
            format!(
                "HTTP/1.1 400 Bad Request\r\nx-content-type-options: nosniff\r\n\
                 content-security-policy: {}\r\n\r\n",
                super::DATA_POLICY
            )
        );
        // The site's own answers, bodies and half heads are left as they are.
        let own = b"HTTP/1.1 200 OK\r\nX-Content-Type-Options: nosniff\r\n\r\n{}";
        assert_eq!(stamped(own), None);
        assert_eq!(stamped(b"{\"heaps\": [1]}"), None);
        assert_eq!(stamped(b"HTTP/1.1 200 OK\r\ncontent-"), None);
    }
}
