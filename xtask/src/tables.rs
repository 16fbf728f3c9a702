//! `cargo xtask tables [--check]`: writes (or checks) `docs/tables/`, the reference tables
//! the `openings` crate generates. The ratings table needs the shared `rule-ratings.json`
//! beside the repository; without it that table is skipped with a note.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

fn ratings(root: &Path) -> Result<Option<openings::RuleRatings>, String> {
    let path = root.join("../shared/data/rule-ratings.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => openings::RuleRatings::from_json(&text)
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
        let problems = openings::stale_tables(&dir, ratings.as_ref());
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
    for f in openings::generate_tables(ratings.as_ref()) {
        let path = dir.join(&f.path);
        std::fs::write(&path, &f.contents).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}
