//! Helpers shared by the corpus-tool integration tests.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};

/// A fresh temporary folder named after the test binary and `name`, removed when dropped (a
/// folder a test left unreadable is made readable first).
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// Creates the folder, emptying what an earlier run may have left.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "renju-kit-{}-{name}-{}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp folder");
        Scratch(dir)
    }

    /// A path inside the folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        restore_permissions(&self.0);
        let _ = std::fs::remove_dir_all(&self.0);
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
