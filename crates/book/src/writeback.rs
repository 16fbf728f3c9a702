//! The book's pages sent to the disk while a file is added, not all at its commit.
//!
//! SQLite writes the pages of a file's transaction to the database file as its page cache
//! fills (8 MiB, [`crate::schema::configure`]), and the commit waits for the disk to hold
//! them all (`fsync`): about 130 MB for the 147k-game archive, 60-70 ms with nothing else to
//! do. A [`Writeback`] asks the system, from a thread of its own, to write the file's pages
//! already written, every few milliseconds, so that the disk works while the build computes
//! and the commit's `fsync` has only the last pages left.
//!
//! It changes nothing SQLite relies on: a page reaches the database file only after the
//! rollback journal that can undo it is on disk (SQLite syncs the journal first), and the
//! system may write such a page to the disk at any moment anyway; this only makes it sooner.
//! An interrupted build is rolled back from the journal as before.
//!
//! **Its descriptor of the file is closed only after the transaction ends.** The locks SQLite
//! takes on the file are POSIX record locks, which belong to the process and the file, not to
//! a descriptor: closing *any* descriptor of the file releases them all. Closed in the middle
//! of the transaction, it would let another process write the book under the build. So
//! [`Writeback::stop`] ends the thread and keeps the file open; the [`Writeback`] is dropped
//! after the commit or the rollback ([`crate::FileBuild`] declares it after its transaction).

use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the pages written are sent to the disk.
const EVERY: Duration = Duration::from_millis(10);

/// A thread sending a database file's written pages to the disk, and the file held open.
#[derive(Debug)]
pub(crate) struct Writeback {
    /// The descriptor, kept until the `Writeback` is dropped (see the module's text).
    pub(crate) file: Option<Arc<File>>,
    /// Dropped to stop the thread.
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Writeback {
    /// Starts sending the pages of the file at `path` to the disk. Nothing is started when
    /// the file cannot be opened for reading or no thread can be made: the commit then
    /// writes everything, as without it.
    pub(crate) fn start(path: &Path) -> Writeback {
        let (stop, stopped) = channel::<()>();
        let file = File::open(path).ok().map(Arc::new);
        let thread = file.clone().and_then(|file| {
            std::thread::Builder::new()
                .name("book-writeback".into())
                .spawn(move || {
                    // until the sender is dropped; an error here is SQLite's to meet at the
                    // commit, which syncs the file itself
                    while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(EVERY) {
                        let _ = file.sync_data();
                    }
                })
                .ok()
        });
        Writeback {
            file,
            stop: Some(stop),
            thread,
        }
    }

    /// Stops the thread and waits for it (at most one `fsync` in progress); the file stays
    /// open.
    pub(crate) fn stop(&mut self) {
        self.stop.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Whether the file is held open.
    #[cfg(test)]
    pub(crate) fn holds_file(&self) -> bool {
        self.file.is_some()
    }
}

impl Drop for Writeback {
    /// Stops the thread, then closes the file: drop it only after the transaction ends.
    fn drop(&mut self) {
        self.stop();
        self.file.take();
    }
}
