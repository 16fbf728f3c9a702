//! `cargo xtask package`: every published crate packaged, and the packages built and tested
//! from their `.crate` contents alone.
//!
//! 1. `cargo package` of every workspace crate that can be published (`publish` not `false`),
//!    in one call, so cargo verifies each package against the others' packages (a local
//!    registry overlay) rather than against the workspace sources.
//! 2. The `.crate` files are unpacked into `target/package-check/`, a workspace of their own
//!    whose `[patch.crates-io]` points every published crate at its unpacked package, with the
//!    repository's `Cargo.lock` (same dependency versions, `--offline`).
//! 3. `cargo test --offline --workspace` there: each package's unit tests and doc tests (its
//!    README example included) build and pass from what would reach crates.io. A package that
//!    reaches outside itself (`include_str!("../../docs/..")`, `../shared`) fails here.
//!
//! The integration tests (`tests/`) and benchmarks read the repository's `corpus/` and
//! `../shared`, so they are not in the packages (`exclude` in each manifest).

use crate::root;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A workspace crate that `cargo package` packages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    /// The package name (`renju-core`).
    pub name: String,
    /// The package version (`0.1.0`).
    pub version: String,
}

/// The crates of the workspace that can be published, from `cargo metadata`.
pub fn published() -> Result<Vec<Published>, String> {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root())
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cargo metadata printed no JSON: {e}"))?;
    let packages = meta["packages"]
        .as_array()
        .ok_or("cargo metadata: no packages")?;
    let mut found = Vec::new();
    for p in packages {
        // `publish`: null = anywhere, [] = nowhere (`publish = false`)
        let nowhere = p["publish"].as_array().is_some_and(Vec::is_empty);
        if nowhere {
            continue;
        }
        let (Some(name), Some(version)) = (p["name"].as_str(), p["version"].as_str()) else {
            return Err("cargo metadata: a package without name or version".into());
        };
        found.push(Published {
            name: name.to_string(),
            version: version.to_string(),
        });
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(found)
}

/// Runs a command, failing with its description when it fails.
pub fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    eprintln!("$ {what}");
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// The manifest of the check workspace: every unpacked package a member, every published
/// crate patched to its package.
fn check_manifest(crates: &[Published]) -> String {
    let mut s = String::from(
        "# Written by `cargo xtask package`: the packaged crates, built from their .crate files.\n\
         [workspace]\nresolver = \"3\"\nmembers = [\n",
    );
    for c in crates {
        let _ = writeln!(s, "  \"{}-{}\",", c.name, c.version);
    }
    s.push_str("]\n\n[patch.crates-io]\n");
    for c in crates {
        let _ = writeln!(s, "{} = {{ path = \"{}-{}\" }}", c.name, c.name, c.version);
    }
    s
}

/// Packages every published crate (`cargo package`, one call) and returns them with the
/// folder holding their `.crate` files.
pub fn package_all() -> Result<(Vec<Published>, PathBuf), String> {
    let crates = published()?;
    if crates.is_empty() {
        return Err("no publishable crate found".into());
    }
    let root = root();
    forget_extracted(&crates)?;
    let mut args: Vec<String> = vec!["package".into(), "--allow-dirty".into()];
    for c in &crates {
        args.push("-p".into());
        args.push(c.name.clone());
    }
    run(
        Command::new(env!("CARGO")).args(&args).current_dir(&root),
        &format!("cargo {}", args.join(" ")),
    )?;
    Ok((crates, target_dir(&root).join("package")))
}

/// Removes cargo's extracted copies of `crates` from the local registries of earlier
/// `cargo package` runs. `cargo package` verifies each package against the others through a
/// local registry in `target/package/tmp-registry`, and cargo extracts a registry's crates once
/// into `$CARGO_HOME/registry/src/<registry>/NAME-VERSION`, keeping them while the version
/// stays: a second run from the same folder, after a change of the sources, compiled the
/// dependent packages against the first run's sources (a method added since was "not found").
/// Only local registries are touched (their folders are named `-HASH`, crates.io's
/// `index.crates.io-HASH`), and only these crates at these versions.
fn forget_extracted(crates: &[Published]) -> Result<(), String> {
    let home = match std::env::var_os("CARGO_HOME") {
        Some(h) => PathBuf::from(h),
        None => match std::env::var_os("HOME") {
            Some(h) => PathBuf::from(h).join(".cargo"),
            None => return Ok(()),
        },
    };
    let Ok(registries) = std::fs::read_dir(home.join("registry").join("src")) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        for c in crates {
            let dir = registry.path().join(format!("{}-{}", c.name, c.version));
            if dir.is_dir() {
                std::fs::remove_dir_all(&dir)
                    .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
            }
        }
    }
    Ok(())
}

/// Unpacks the `.crate` file of each of `crates` found in `from` into `into` (emptied
/// first), a workspace of their own whose `[patch.crates-io]` points every crate at its
/// unpacked package, with the repository's `Cargo.lock`.
pub fn unpack_workspace(crates: &[Published], from: &Path, into: &Path) -> Result<(), String> {
    if into.exists() {
        std::fs::remove_dir_all(into)
            .map_err(|e| format!("cannot clear {}: {e}", into.display()))?;
    }
    std::fs::create_dir_all(into).map_err(|e| format!("cannot create {}: {e}", into.display()))?;
    for c in crates {
        let file = from.join(format!("{}-{}.crate", c.name, c.version));
        run(
            Command::new("tar")
                .arg("-xzf")
                .arg(&file)
                .arg("-C")
                .arg(into),
            &format!("tar -xzf {} -C {}", file.display(), into.display()),
        )?;
        let unpacked = into.join(format!("{}-{}", c.name, c.version));
        for must in ["Cargo.toml", "README.md", "LICENSE-MIT", "LICENSE-APACHE"] {
            if !unpacked.join(must).is_file() {
                return Err(format!("the package of {} holds no {must}", c.name));
            }
        }
    }
    std::fs::write(into.join("Cargo.toml"), check_manifest(crates))
        .map_err(|e| format!("cannot write the check workspace: {e}"))?;
    std::fs::copy(root().join("Cargo.lock"), into.join("Cargo.lock"))
        .map_err(|e| format!("cannot copy Cargo.lock: {e}"))?;
    Ok(())
}

/// `cargo xtask package` (see the module doc).
pub fn package() -> Result<(), String> {
    let (crates, from) = package_all()?;
    let target = target_dir(&root());
    let check = target.join("package-check");
    unpack_workspace(&crates, &from, &check)?;
    run(
        Command::new(env!("CARGO"))
            .args(["test", "--offline", "--workspace", "--quiet"])
            .current_dir(&check)
            .env("CARGO_TARGET_DIR", target.join("package-check-target"))
            // the packages must not find the repository's data: no `../shared` beside them
            .env_remove("RENJU_SHARED"),
        &format!(
            "cargo test --offline --workspace (in {}, the packaged crates only)",
            check.display()
        ),
    )?;
    eprintln!(
        "package: {} crates packaged, built and tested from their .crate files: {}",
        crates.len(),
        crates
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}

/// The workspace's target folder (`CARGO_TARGET_DIR` or `target/`).
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_workspace_patches_every_published_crate() {
        let crates = vec![
            Published {
                name: "renju-core".into(),
                version: "0.1.0".into(),
            },
            Published {
                name: "renju-vcf".into(),
                version: "0.1.0".into(),
            },
        ];
        let m = check_manifest(&crates);
        assert!(m.contains("members = [\n  \"renju-core-0.1.0\",\n  \"renju-vcf-0.1.0\",\n]"));
        assert!(m.contains("renju-vcf = { path = \"renju-vcf-0.1.0\" }"));
    }

    #[test]
    fn unpublished_crates_are_not_packaged() {
        let names: Vec<String> = published().unwrap().into_iter().map(|c| c.name).collect();
        assert!(names.contains(&"renju-core".to_string()), "{names:?}");
        assert!(names.contains(&"corpus-tool".to_string()), "{names:?}");
        assert!(!names.contains(&"xtask".to_string()), "{names:?}");
        assert!(!names.contains(&"renju-testdata".to_string()), "{names:?}");
    }
}
