//! Test-only: where the workspace's tests find the data that is not in the crate under test.
//!
//! The shared data (`../shared` beside the repository: rules, labelled positions, real
//! archives) is never copied into the repository. A test that needs it calls [`shared`]:
//! when the data is there it gets the path; when it is absent the test prints `SKIPPED: ...`
//! and returns early, **unless `CI` is set, in which case it fails** (a check that cannot run
//! never passes green under CI).
//!
//! Not for anything but tests: no published crate depends on it outside `[dev-dependencies]`.

use std::path::{Path, PathBuf};

/// The repository root (the folder holding `crates/`).
#[must_use]
pub fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent()
        .and_then(Path::parent)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// A path in the repository, e.g. `repo("corpus/games")`.
#[must_use]
pub fn repo(rel: &str) -> PathBuf {
    repo_root().join(rel)
}

/// The shared data folder: `RENJU_SHARED` when set, else `../shared` beside the repository.
#[must_use]
pub fn shared_root() -> PathBuf {
    std::env::var_os("RENJU_SHARED").map_or_else(|| repo_root().join("../shared"), PathBuf::from)
}

/// Whether the tests run under CI (the variable `CI` is set and not empty or `false`/`0`).
#[must_use]
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

/// The path of `rel` under the shared data folder when it exists.
///
/// When it does not: prints `SKIPPED: <path> is absent` and returns `None`, or, under CI,
/// panics (the test fails).
#[must_use]
pub fn shared(rel: &str) -> Option<PathBuf> {
    let path = shared_root().join(rel);
    if path.exists() {
        Some(path)
    } else {
        require(&format!("{} (shared data)", path.display()), false);
        None
    }
}

/// The skip-or-fail rule for any resource a test needs (a tool, a browser): `found` is
/// returned as is; when it is `false` the test prints `SKIPPED: <what> is absent`, or fails
/// under CI.
///
/// # Panics
/// When `found` is `false` and [`under_ci`] holds.
pub fn require(what: &str, found: bool) -> bool {
    if !found {
        assert!(
            !under_ci(),
            "{what} is absent, and CI is set: a test whose data or tool is missing fails under CI"
        );
        println!("SKIPPED: {what} is absent");
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_holds_the_corpus() {
        assert!(repo("corpus/games").is_dir());
        assert!(repo_root().join("Cargo.toml").is_file());
    }
}
