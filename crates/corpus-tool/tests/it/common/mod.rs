//! Helpers shared by the corpus-tool integration tests.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};

/// A fresh temporary folder (a `tempfile::TempDir` named after the test binary and `name`),
/// removed when dropped (a folder a test left unreadable is made readable first).
pub struct Scratch(pub PathBuf, tempfile::TempDir);

impl Scratch {
    /// Creates the folder.
    pub fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new()
            .prefix(&format!("renju-kit-{}-{name}-", env!("CARGO_CRATE_NAME")))
            .tempdir()
            .expect("temp folder");
        Scratch(dir.path().to_path_buf(), dir)
    }

    /// A path inside the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // the TempDir field removes the folder after this
        restore_permissions(&self.0);
    }
}

#[cfg(unix)]
fn restore_permissions(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755));
                restore_permissions(&p);
            }
        }
    }
}

#[cfg(not(unix))]
fn restore_permissions(_: &Path) {}

/// An engine of `jobs` workers (no signal handlers).
pub fn engine(jobs: usize) -> corpus_tool::engine::Engine {
    corpus_tool::engine::Engine::new(
        corpus_tool::engine::Jobs::new(jobs).expect("at least one job"),
    )
}
