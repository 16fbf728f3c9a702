//! `cargo xtask semver`: the public API of every published crate checked against the last
//! release, so that an accidental breaking change is caught before it lands.
//!
//! The last release is kept in the repository as the `.crate` files `cargo package` made of
//! it (`api/baseline/`, written by `cargo xtask semver --bless` when a version is released):
//! exactly what crates.io would hold, rebuilt with whatever toolchain runs the check. They
//! are unpacked into `target/semver-baseline/` as a workspace of their own (see
//! [`crate::package::unpack_workspace`]) and `cargo semver-checks check-release --workspace
//! --baseline-root` compares the current crates with them: a change that needs a new major
//! version (for 0.x: a new minor version) while the version was not bumped fails.
//!
//! `cargo-semver-checks` comes from crates.io (`cargo install cargo-semver-checks --locked`;
//! `.ci/run` installs it). Under CI (`CI` set) a missing tool fails the check; elsewhere it
//! is skipped with a note.

use crate::package::{Published, package_all, published, run, target_dir, unpack_workspace};
use crate::root;
use std::path::PathBuf;
use std::process::Command;

/// The folder of the last release's `.crate` files.
fn baseline_dir() -> PathBuf {
    root().join("api").join("baseline")
}

/// The crates of the baseline: one `NAME-VERSION.crate` file each.
fn baseline_crates() -> Result<Vec<Published>, String> {
    let dir = baseline_dir();
    let entries = std::fs::read_dir(&dir).map_err(|e| {
        format!(
            "cannot read {}: {e} (write it with `cargo xtask semver --bless`)",
            dir.display()
        )
    })?;
    let mut crates = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".crate") else {
            continue;
        };
        let Some((crate_name, version)) = stem.rsplit_once('-') else {
            return Err(format!("{name}: not NAME-VERSION.crate"));
        };
        crates.push(Published {
            name: crate_name.to_string(),
            version: version.to_string(),
        });
    }
    crates.sort_by(|a, b| a.name.cmp(&b.name));
    if crates.is_empty() {
        return Err(format!("{} holds no .crate file", dir.display()));
    }
    Ok(crates)
}

/// A packaged (normalised) manifest whose dependencies on the `crates` also name their
/// unpacked folder under `dir`: `[dependencies.renju-core]` gets `path = ".../renju-core-0.1.0"`.
fn with_path_dependencies(manifest: &str, crates: &[Published], dir: &std::path::Path) -> String {
    let mut out = String::with_capacity(manifest.len() + 256);
    for line in manifest.lines() {
        out.push_str(line);
        out.push('\n');
        let header = line.trim();
        for kind in ["dependencies", "dev-dependencies", "build-dependencies"] {
            for c in crates {
                if header == format!("[{kind}.{}]", c.name) {
                    let folder = dir.join(format!("{}-{}", c.name, c.version));
                    out.push_str(&format!("path = {:?}\n", folder.display().to_string()));
                }
            }
        }
    }
    out
}

/// Whether `cargo-semver-checks` can be run.
fn installed() -> bool {
    Command::new("cargo-semver-checks")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `cargo xtask semver`: the check (see the module doc).
pub fn check() -> Result<(), String> {
    if !installed() {
        let how = "cargo install cargo-semver-checks --locked";
        if std::env::var_os("CI").is_some() {
            return Err(format!(
                "cargo-semver-checks is not installed, and CI is set: the public-API check \
                 cannot run (`{how}`; .ci/run installs it)"
            ));
        }
        eprintln!("SKIPPED: the public-API check: cargo-semver-checks is not installed (`{how}`)");
        return Ok(());
    }
    let baseline = baseline_crates()?;
    let current = published()?;
    let new: Vec<&str> = current
        .iter()
        .filter(|c| !baseline.iter().any(|b| b.name == c.name))
        .map(|c| c.name.as_str())
        .collect();
    let dir = target_dir(&root()).join("semver-baseline");
    unpack_workspace(&baseline, &baseline_dir(), &dir)?;
    // cargo-semver-checks builds each baseline crate alone, in a placeholder workspace, so
    // the baseline crates must find each other by path (they are not on crates.io)
    for c in &baseline {
        let manifest = dir
            .join(format!("{}-{}", c.name, c.version))
            .join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest)
            .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?;
        let text = with_path_dependencies(&text, &baseline, &dir);
        std::fs::write(&manifest, text)
            .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;
    }
    let mut cmd = Command::new("cargo-semver-checks");
    cmd.args(["semver-checks", "check-release", "--workspace"])
        .arg("--baseline-root")
        .arg(&dir)
        .current_dir(root());
    // crates that are not in the last release have no baseline to break
    for name in &new {
        cmd.args(["--exclude", name]);
    }
    run(
        &mut cmd,
        &format!(
            "cargo semver-checks check-release --workspace --baseline-root {}{}",
            dir.display(),
            new.iter()
                .map(|n| format!(" --exclude {n}"))
                .collect::<String>()
        ),
    )
    .map_err(|e| {
        format!("{e}: a public API changed in a way the version does not allow (see above)")
    })?;
    if !new.is_empty() {
        eprintln!(
            "semver: not in the last release, not checked: {}",
            new.join(", ")
        );
    }
    Ok(())
}

/// `cargo xtask semver --bless`: the current packages become the baseline (run when a
/// version is released).
pub fn bless() -> Result<(), String> {
    let (crates, from) = package_all()?;
    let dir = baseline_dir();
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for c in &crates {
        let name = format!("{}-{}.crate", c.name, c.version);
        std::fs::copy(from.join(&name), dir.join(&name))
            .map_err(|e| format!("cannot copy {name}: {e}"))?;
    }
    eprintln!(
        "semver: {} packages written to {} as the baseline",
        crates.len(),
        dir.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_dependencies_find_each_other_by_path() {
        let crates = [Published {
            name: "renju-core".into(),
            version: "0.1.0".into(),
        }];
        let m = "[dependencies.renju-core]\nversion = \"0.1.0\"\n\n[dependencies.rayon]\nversion = \"1\"\n";
        let out = with_path_dependencies(m, &crates, std::path::Path::new("/b"));
        assert_eq!(
            out,
            "[dependencies.renju-core]\npath = \"/b/renju-core-0.1.0\"\nversion = \"0.1.0\"\n\n[dependencies.rayon]\nversion = \"1\"\n"
        );
    }
}
