//! The figures of README.md that a check can keep current: the `validate` tour output (the
//! real output of `corpus-tool validate corpus/games/`, timing aside), the CSV column list
//! and count, and the size of the atlas.

use corpus_tool::validate::CSV_HEADER;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn readme() -> String {
    std::fs::read_to_string(repo().join("README.md")).expect("README.md")
}

#[test]
fn the_validate_tour_is_the_real_output() {
    let text = readme();
    let start = "$ corpus-tool validate corpus/games/\n";
    let block = &text[text.find(start).expect("the tour's validate block") + start.len()..];
    let block = &block[..block.find("\n```").expect("end of the block")];
    let shown: Vec<&str> = block.lines().collect();
    let out = Command::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .args(["validate", "corpus/games/"])
        .current_dir(repo())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "README says: 1 on findings");
    let real = String::from_utf8(out.stdout).unwrap();
    let real: Vec<&str> = real.lines().collect();
    assert!(shown.len() > 10 && real.len() >= shown.len());
    // the first line carries the timing: same words around the figures
    let words = |l: &str| -> Vec<String> {
        l.split_whitespace()
            .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit() || c == '('))
            .map(String::from)
            .collect()
    };
    assert_eq!(words(shown[0]), words(real[0]));
    assert!(shown[0].starts_with("audited 22 records in 22 files in "));
    // then every line shown, in order, `...` standing for lines left out
    let mut at = 1;
    for line in &shown[1..] {
        if line.trim() == "..." {
            continue;
        }
        let found = real[at..].iter().position(|r| r == line);
        let Some(k) = found else {
            panic!(
                "README line not in the output (in order): {line}\n--- real:\n{}",
                real.join("\n")
            );
        };
        if !shown.iter().any(|l| l.trim() == "...") {
            assert_eq!(k, 0, "{line}");
        }
        at += k + 1;
    }
    assert_eq!(shown.last(), real.last(), "the last line is shown");
}

#[test]
fn the_csv_columns_are_the_ones_written() {
    let text = readme();
    let list = CSV_HEADER.join(",");
    assert!(text.contains(&format!("`{list}`")), "README lists {list}");
    assert!(text.contains(&format!("{} columns", CSV_HEADER.len())));
}

#[test]
fn the_atlas_size_is_the_number_of_diagrams() {
    let text = readme();
    let diagrams = std::fs::read_dir(repo().join("corpus/fouls"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .count();
    assert!(diagrams > 0);
    assert!(
        text.contains(&format!("The atlas of {diagrams} such diagrams")),
        "README must say the atlas has {diagrams} diagrams"
    );
}

/// One command of a documentation example: the command line after `$ `, the lines shown
/// under it, and where it is.
struct Example {
    file: String,
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The `$ ` commands of the fenced blocks of a Markdown text, with the lines shown under
/// each (up to the next command or the end of the block).
fn examples(file: &str, text: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            if in_block {
                out.extend(current.take());
            }
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.extend(current.take());
            current = Some(Example {
                file: file.to_string(),
                line: i + 1,
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else if let Some(e) = current.as_mut() {
            e.shown.push(line.to_string());
        }
    }
    out
}

/// Whether an example reads data the repository does not hold (the shared archive, a file
/// the reader is meant to have): such examples are listed, not run.
fn needs_outside_data(command: &str) -> bool {
    command.contains("../shared")
        || command.split_whitespace().any(|w| {
            let w = w.trim_matches(|c| c == '\'' || c == '"');
            let is_input = [".renju", ".rif", ".sgf", ".lib", ".psq", ".pos", "/"]
                .iter()
                .any(|e| w.ends_with(e));
            is_input
                && !w.starts_with("/tmp/")
                && !w.starts_with('-')
                && !repo().join(w).exists()
                && !["copies.csv", "hits.csv", "clean.renju", "keigetsu.renju"].contains(&w)
        })
}

/// A shown line and a real one agree: equal, or equal but for the figures of a timing.
fn same_line(shown: &str, real: &str) -> bool {
    let (shown, real) = (shown.trim_end(), real.trim_end());
    if shown == real {
        return true;
    }
    let timing = |l: &str| l.contains(" s (") || l.contains("games/s") || l.contains(" ms");
    let masked = |l: &str| -> String {
        l.chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect::<String>()
            .replace("#,#", "#")
            .replace("#.#", "#")
            .split('#')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("#")
    };
    timing(shown) && timing(real) && masked(shown) == masked(real)
}

/// Whether the real output shows every line shown, in order: consecutive lines where no
/// `...` stands between them, and nothing more when the example elides nothing.
fn agrees(shown: &[String], real: &[String]) -> Result<(), String> {
    let elides = shown.iter().any(|l| l.trim() == "...");
    let shown: Vec<&String> = shown
        .iter()
        .filter(|l| !l.trim().is_empty() || !elides)
        .collect();
    let mut at = 0;
    let mut gap = true;
    for line in shown {
        if line.trim() == "..." {
            gap = true;
            continue;
        }
        let found = if gap {
            real[at..].iter().position(|r| same_line(line, r))
        } else {
            real.get(at).filter(|r| same_line(line, r)).map(|_| 0)
        };
        match found {
            Some(k) => at += k + 1,
            None => return Err(format!("line not shown by the run (in order): {line}")),
        }
        gap = false;
    }
    let rest: Vec<&String> = real[at..].iter().filter(|l| !l.trim().is_empty()).collect();
    if !elides && !rest.is_empty() {
        return Err(format!(
            "the run prints more than the example shows: {}",
            rest[0]
        ));
    }
    Ok(())
}

/// #26 item 14: the command examples of the README and of docs/*.md are what the commands
/// print (the README's `validate` tour is checked above with its timing). Each block runs in
/// a scratch folder holding the repository's `corpus/` (a `/tmp/` path of an example is a
/// path in that folder); examples that read the shared archive or files the reader is meant
/// to have are listed and left out.
#[test]
fn the_docs_examples_are_what_the_commands_print() {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_corpus-tool"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut files = vec![repo().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    #[cfg(unix)]
    std::os::unix::fs::symlink(repo().join("corpus"), dir.join("corpus")).unwrap();
    let tmp = format!("{}/", dir.display());
    let (mut run, mut left_out, mut failures) = (0, Vec::new(), Vec::new());
    for file in &files {
        let name = file
            .strip_prefix(repo())
            .unwrap_or(file)
            .display()
            .to_string();
        for e in examples(&name, &std::fs::read_to_string(file).unwrap()) {
            let uses_tool = e.command.contains("corpus-tool ");
            let shell_step = ["printf ", "cat ", "cmp ", "echo "]
                .iter()
                .any(|p| e.command.starts_with(p));
            if !uses_tool && !shell_step {
                continue;
            }
            // the README's validate tour has its own test (its timing line)
            if name == "README.md" && e.command == "corpus-tool validate corpus/games/" {
                continue;
            }
            if needs_outside_data(&e.command) {
                left_out.push(format!("{}:{}: {}", e.file, e.line, e.command));
                continue;
            }
            let command = e.command.replace("/tmp/", &tmp);
            let out = Command::new("sh")
                .args(["-c", &command])
                .current_dir(dir)
                .env("PATH", &path)
                .output()
                .unwrap();
            let text = |b: &[u8]| String::from_utf8_lossy(b).replace(&tmp, "/tmp/");
            let mut real: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
            real.extend(text(&out.stderr).lines().map(String::from));
            run += 1;
            if let Err(why) = agrees(&e.shown, &real) {
                failures.push(format!(
                    "{}:{}: $ {}\n  {why}\n--- the run printed:\n{}\n",
                    e.file,
                    e.line,
                    e.command,
                    real.join("\n")
                ));
            }
        }
    }
    println!(
        "{run} examples run; {} left out (data outside the repository):\n  {}",
        left_out.len(),
        left_out.join("\n  ")
    );
    assert!(
        run >= 30,
        "only {run} examples found: the reader of the docs is broken"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// #26 item 14: the README's layout table lists every crate of the workspace (it missed
/// `archive`), each linked to its folder.
#[test]
fn the_layout_table_lists_every_crate() {
    let text = readme();
    let table = &text[text.find("| crate | job |").expect("the layout table")..];
    let table = &table[..table.find("\n\n").unwrap_or(table.len())];
    let mut folders: Vec<String> = std::fs::read_dir(repo().join("crates"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| format!("crates/{}", e.file_name().to_string_lossy()))
        .collect();
    folders.push("xtask".to_string());
    assert!(folders.len() >= 10);
    for f in folders {
        assert!(
            table.contains(&format!("]({f})")),
            "the README's layout table lacks {f}"
        );
    }
    // and speed figures live in one generated file, linked
    assert!(text.contains("(docs/performance.md)"));
}
