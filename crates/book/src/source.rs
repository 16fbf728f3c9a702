//! A source file as the book records it: [`Source`] (path, size, SHA-256 of the content).

use crate::error::BookError;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// A file whose records are added to a book: its path as the caller names it, its size and
/// the SHA-256 of its content. Two sources are the same file when their paths are equal; the
/// same content when their hashes are.
///
/// ```
/// use renju_book::Source;
/// let s = Source::of_bytes("a.renju", b"black h8 h9\n");
/// assert_eq!(s.size, 12);
/// assert_eq!(s.sha256_hex().len(), 64);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Source {
    /// The path, as given (store a canonical path to recognise a file however it is named).
    pub path: String,
    /// The size in bytes.
    pub size: u64,
    /// The SHA-256 of the content.
    pub sha256: [u8; 32],
}

impl Source {
    /// The source of a content held in memory.
    #[must_use]
    pub fn of_bytes(path: impl Into<String>, bytes: &[u8]) -> Source {
        Source {
            path: path.into(),
            size: bytes.len() as u64,
            sha256: Sha256::digest(bytes).into(),
        }
    }

    /// The source of a file, read (streamed) to hash it.
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn of_file(path: &Path) -> Result<Source, BookError> {
        let io = |error| BookError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut f = std::fs::File::open(path).map_err(io)?;
        let mut h = Sha256::new();
        let mut buf = vec![0u8; 1 << 16];
        let mut size = 0u64;
        loop {
            let n = match f.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io(e)),
            };
            h.update(&buf[..n]);
            size += n as u64;
        }
        Ok(Source {
            path: path.to_string_lossy().into_owned(),
            size,
            sha256: h.finalize().into(),
        })
    }

    /// The hash in lower-case hexadecimal (the `sources.sha256` column).
    #[must_use]
    pub fn sha256_hex(&self) -> String {
        hex(&self.sha256)
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
