//! Benchmark: read and audit one SGF game tree of 12,000 root-to-leaf lines (about 330 KB,
//! generated here: h8, then 20 x 20 x 30 branches with a comment on every leaf), against a
//! yardstick in the same run: the same 12,000 lines as a flat `.renju` file. Reports the time
//! of each (best of 5), their ratio and the peak memory of the process.
//! Run with `cargo bench -p corpus-tool --bench sgf_tree`.

use corpus_tool::engine::{Engine, Jobs};
use corpus_tool::validate::{Options, audit_paths};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Distinct SGF points (never `hh`), `n` of them from row `first_row` on.
fn points(first_row: u8, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let col = b'a' + (i % 15) as u8;
            let row = first_row + (i / 15) as u8;
            format!("{}{}", char::from(col), char::from(row))
        })
        .collect()
}

/// The tree as SGF and the same lines as `.renju` text.
fn generate() -> (String, String) {
    let second = points(b'a', 20); // rows a, b
    let third = points(b'c', 20); // rows c, d
    let fourth = points(b'e', 30); // rows e, f (never row h)
    let to_rif = |p: &str| {
        let b = p.as_bytes();
        format!("{}{}", char::from(b[0]), 15 - (b[1] - b'a'))
    };
    let mut sgf = String::from("(;GM[4]FF[4]CA[UTF-8]SZ[15]C[generated tree];B[hh]");
    let mut renju = String::new();
    for s in &second {
        write!(sgf, "(;W[{s}]").unwrap();
        for t in &third {
            write!(sgf, "(;B[{t}]").unwrap();
            for f in &fourth {
                write!(sgf, "(;W[{f}]C[leaf {s}{t}{f} note])").unwrap();
                writeln!(
                    renju,
                    "unknown h8 {} {} {}",
                    to_rif(s),
                    to_rif(t),
                    to_rif(f)
                )
                .unwrap();
            }
            sgf.push(')');
        }
        sgf.push(')');
    }
    sgf.push_str(")\n");
    (sgf, renju)
}

fn best_of_5(path: &Path) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut records = 0;
    for _ in 0..5 {
        let t = Instant::now();
        let s = audit_paths(
            &[path.to_path_buf()],
            &Options::default(),
            &Engine::new(Jobs::all_cores()),
            &mut |_| {},
            &mut |_| {},
        )
        .unwrap();
        best = best.min(t.elapsed().as_secs_f64());
        records = s.records;
    }
    (best, records)
}

fn main() {
    let dir: PathBuf = std::env::temp_dir().join(format!("sgf-tree-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (sgf, renju) = generate();
    let tree = dir.join("tree.sgf");
    let flat = dir.join("flat.renju");
    std::fs::write(&tree, &sgf).unwrap();
    std::fs::write(&flat, &renju).unwrap();
    let (t_tree, n_tree) = best_of_5(&tree);
    let (t_flat, n_flat) = best_of_5(&flat);
    println!(
        "sgf_tree: {n_tree} lines, {} KB, read and audited in {t_tree:.3} s (best of 5)",
        sgf.len() / 1024
    );
    println!(
        "sgf_tree: yardstick {n_flat} .renju lines in {t_flat:.3} s; ratio tree/flat {:.2}",
        t_tree / t_flat
    );
    match peak_memory_mb() {
        Some(mb) => println!("sgf_tree: peak memory {mb:.1} MB"),
        None => println!("sgf_tree: peak memory unknown (no /proc/self/status)"),
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(n_tree, 12_000, "every line of the tree is a record");
}
