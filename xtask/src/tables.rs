//! `cargo xtask tables [--check]`: writes (or checks) `docs/tables/`, the reference tables
//! the `openings` crate generates. The ratings table needs the shared `rule-ratings.json`
//! beside the repository; without it that table is skipped with a note. The opening
//! statistics (`opening-stats.{md,csv,json,svg}`) come from `corpus-tool openings stats` (in
//! release) over the shared `dasimagin-renju/train-2.renju`; without it they are skipped with
//! a note.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn ratings(root: &Path) -> Result<Option<renju_openings::RuleRatings>, String> {
    let path = root.join("../shared/data/rule-ratings.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => renju_openings::RuleRatings::from_json(&text)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display())),
        Err(_) => {
            eprintln!(
                "SKIPPED: {} is absent; the rule-ratings tables are neither written nor checked",
                path.display()
            );
            Ok(None)
        }
    }
}

/// The opening-statistics files, in the order written: csv, json, md, svg.
const STATS_FILES: [&str; 4] = renju_openings::GENERATED_ELSEWHERE;

/// Writes the opening-statistics files into `out` with the release `corpus-tool`; `false`
/// (with a printed reason) when the shared archive is absent.
fn opening_stats(root: &Path, out: &Path) -> Result<bool, String> {
    let archive = root.join("../shared/corpora/dasimagin-renju/train-2.renju");
    if !archive.is_file() {
        eprintln!(
            "SKIPPED: {} is absent; docs/tables/opening-stats.* are neither written nor checked",
            archive.display()
        );
        return Ok(false);
    }
    let file = |name: &str| out.join(name);
    let status = std::process::Command::new(env!("CARGO"))
        .args(["run", "--release", "--quiet", "-p", "corpus-tool", "--"])
        .args(["openings", "stats", "--report"])
        .arg(file(STATS_FILES[0]))
        .arg("--json")
        .arg(file(STATS_FILES[1]))
        .arg("--markdown")
        .arg(file(STATS_FILES[2]))
        .arg("--svg")
        .arg(file(STATS_FILES[3]))
        .arg(&archive)
        .current_dir(root)
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("cannot run corpus-tool: {e}"))?;
    if !status.success() {
        return Err(format!("corpus-tool openings stats failed ({status})"));
    }
    Ok(true)
}

/// The opening-statistics files that differ from a fresh run (empty when current or skipped).
fn stale_stats(root: &Path, dir: &Path) -> Result<Vec<String>, String> {
    let tmp = std::env::temp_dir().join(format!("renju-kit-opening-stats-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let result = opening_stats(root, &tmp).map(|ran| {
        if !ran {
            return Vec::new();
        }
        STATS_FILES
            .iter()
            .filter(|name| std::fs::read(tmp.join(name)).ok() != std::fs::read(dir.join(name)).ok())
            .map(|name| format!("docs/tables/{name} differs from what the code generates"))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// Runs the task: `--check` compares, otherwise writes.
pub fn run(args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [a] if a == "--check" => true,
        _ => return Err("usage: cargo xtask tables [--check]".into()),
    };
    let root = root();
    let dir = root.join("docs/tables");
    let ratings = ratings(&root)?;
    if check {
        // The opening statistics are checked apart (below): stale_tables leaves them out.
        let mut problems: Vec<String> = renju_openings::stale_tables(&dir, ratings.as_ref());
        problems.extend(stale_stats(&root, &dir)?);
        if problems.is_empty() {
            eprintln!("docs/tables is current");
            return Ok(());
        }
        for p in &problems {
            eprintln!("{p}");
        }
        return Err(format!(
            "{} table file(s) differ from what the code generates; run `cargo xtask tables`",
            problems.len()
        ));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for f in renju_openings::generate_tables(ratings.as_ref()) {
        let path = dir.join(&f.path);
        std::fs::write(&path, &f.contents).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if opening_stats(&root, &dir)? {
        for name in STATS_FILES {
            eprintln!("wrote {}", dir.join(name).display());
        }
    }
    Ok(())
}
