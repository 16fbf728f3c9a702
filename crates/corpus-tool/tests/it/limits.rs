//! Inputs past the reader limits, through the auditor: each is one unreadable record with a
//! clear reason, the records around it are audited, and memory stays bounded. Inputs are
//! generated at run time in a temporary folder (sparse files where size alone matters); the
//! 2 GB case is ignored by default (run it in release: its figures are in the hardening note).

use crate::common;
use common::Scratch;

use corpus_tool::validate::{Options, Row, Summary, audit_paths};
use renju_notation::Format;
use renju_notation::limits::{MAX_LIB_NODES, MAX_LINE, MAX_MOVES, MAX_SGF_DEPTH, whole_file_limit};
use std::io::Write;
use std::path::Path;

fn audit(path: &Path) -> (Summary, Vec<Row>) {
    let mut rows = Vec::new();
    let summary = audit_paths(
        &[path.to_path_buf()],
        &Options::default(),
        &crate::common::engine(2),
        &mut |r| rows.push(r.clone()),
        &mut |_| {},
    )
    .expect("audit runs");
    assert_eq!(summary.records, rows.len());
    assert_eq!(summary.verdicts.total(), rows.len());
    assert_eq!(summary.ends.total(), rows.len());
    (summary, rows)
}

/// Writes `head`, then `pattern` until `len` bytes of it, then `tail`.
fn write_big(path: &Path, head: &[u8], pattern: &[u8], len: usize, tail: &[u8]) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).expect("create"));
    f.write_all(head).unwrap();
    let chunk: Vec<u8> = pattern.iter().copied().cycle().take(1 << 16).collect();
    let mut left = len;
    while left > 0 {
        let n = left
            .min(chunk.len() - chunk.len() % pattern.len())
            .min(left);
        f.write_all(&chunk[..n]).unwrap();
        left -= n;
    }
    f.write_all(tail).unwrap();
    f.flush().unwrap();
}

/// A sparse file of `len` bytes starting with `head` (no disk space used for the rest).
/// A file of `len` bytes: `head`, then (for a text format) 8 KiB of spaces, so that its head
/// reads as text and not as binary data, then zero bytes not written (a hole).
fn sparse(path: &Path, head: &[u8], len: u64) {
    let mut f = std::fs::File::create(path).expect("create");
    f.write_all(head).unwrap();
    if !head.starts_with(b"\xFFRenLib") {
        f.write_all(&[b' '; 8192]).unwrap();
    }
    f.set_len(len).unwrap();
}

#[test]
fn a_record_of_ten_million_moves_is_one_unreadable_row() {
    let s = Scratch::new("ten-million");
    let p = s.path("big.renju");
    write_big(
        &p,
        b"black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\nblack",
        b" h8",
        30_000_000,
        b"\nwhite h8 i9\n",
    );
    let (summary, rows) = audit(&p);
    assert_eq!(rows.len(), 3, "three lines, three rows");
    assert_ne!(rows[0].verdict.name(), "unreadable");
    assert_eq!(rows[1].verdict.name(), "unreadable");
    assert_eq!(
        rows[1].detail,
        format!(
            "{}: record 2, line 2, column 1: line too long (30000005 bytes, limit {MAX_LINE})",
            p.display()
        )
    );
    assert_eq!(rows[2].verdict.name(), "ok", "{:?}", rows[2]);
    assert_eq!(summary.unreadable, 1);
}

#[test]
fn a_line_within_the_limit_but_past_the_move_limit_is_unreadable() {
    let s = Scratch::new("many-moves");
    let p = s.path("passes.renju");
    let line = format!("draw{}\nblack h8\n", " --".repeat(MAX_MOVES + 1));
    std::fs::write(&p, line).unwrap();
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 2);
    assert_eq!(
        rows[0].detail,
        format!(
            "{}: record 1: record too large ({} moves, limit {MAX_MOVES})",
            p.display(),
            MAX_MOVES + 1
        )
    );
    assert_eq!(rows[1].verdict.name(), "ok");
}

#[test]
fn a_fifty_megabyte_line_of_a_move_list_is_one_unreadable_row() {
    let s = Scratch::new("fifty");
    let p = s.path("long.txt");
    write_big(&p, b"h8 h9\n", b"h8", 50 << 20, b"\nh8 i9\n");
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows.iter().map(|r| r.verdict.name()).collect::<Vec<_>>(),
        ["ok", "unreadable", "ok"]
    );
    assert!(
        rows[1].detail.contains("line too long (52428800 bytes"),
        "{}",
        rows[1].detail
    );
}

#[test]
fn a_rif_game_of_ten_million_moves_is_one_unreadable_row() {
    let s = Scratch::new("rif");
    let p = s.path("big.rif");
    write_big(
        &p,
        b"<?xml version=\"1.0\"?>\n<database><games>\n<game id=\"1\" bresult=\"0\"><move>h8 i9</move></game>\n<game id=\"2\"><move>",
        b"h8 ",
        30_000_000,
        b"</move></game>\n<game id=\"3\"><move>h8</move></game>\n</games></database>\n",
    );
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(rows[1].verdict.name(), "unreadable");
    assert!(
        rows[1].detail.contains("a text of the game too long"),
        "{}",
        rows[1].detail
    );
    assert_eq!(rows[2].id, "3");
    assert_ne!(rows[2].verdict.name(), "unreadable");
}

#[test]
fn formats_read_whole_are_refused_past_their_size_limit() {
    let s = Scratch::new("whole");
    for (name, format, head) in [
        ("huge.sgf", Format::Sgf, &b"(;GM[4]SZ[15];B[hh]"[..]),
        (
            "huge.lib",
            Format::Lib,
            &[0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0][..],
        ),
        ("huge.psq", Format::Psq, &b"Piskvorky 15x15, 7:7, 0\n"[..]),
    ] {
        let limit = whole_file_limit(format).expect("read whole");
        let p = s.path(name);
        sparse(&p, head, limit + 1);
        let (summary, rows) = audit(&p);
        assert_eq!((summary.files, rows.len()), (1, 1), "{name}");
        assert_eq!(rows[0].verdict.name(), "unreadable");
        assert_eq!(
            rows[0].detail,
            format!(
                "{}: file too large for {format} ({} bytes, limit {limit})",
                p.display(),
                limit + 1
            )
        );
    }
}

#[test]
fn deeply_nested_sgf_variations_are_one_unreadable_row() {
    let s = Scratch::new("sgf");
    let p = s.path("deep.sgf");
    let depth = MAX_SGF_DEPTH * 3;
    let text = format!(
        "(;GM[4]SZ[15];B[hh]{}{})\n(;GM[4]SZ[15];B[hh];W[ig])\n",
        "(;W[aa]".repeat(depth),
        ")".repeat(depth)
    );
    std::fs::write(&p, text).unwrap();
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0].verdict.name(), "unreadable");
    assert!(
        rows[0]
            .detail
            .ends_with(&format!("nesting deeper than {MAX_SGF_DEPTH} levels")),
        "{}",
        rows[0].detail
    );
    assert_eq!(rows[1].verdict.name(), "ok");
}

#[test]
fn a_lib_whose_sibling_flags_never_end_is_one_unreadable_row() {
    let s = Scratch::new("lib");
    let p = s.path("siblings.lib");
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    for _ in 0..=MAX_LIB_NODES {
        bytes.extend([0x78, 0x80]);
    }
    std::fs::write(&p, &bytes).unwrap();
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0].detail.ends_with(&format!(
            "library too large ({} nodes, limit {MAX_LIB_NODES})",
            MAX_LIB_NODES + 1
        )),
        "{}",
        rows[0].detail
    );
    // the same flags in a short file: the file ends before the sibling announced
    std::fs::write(&p, &bytes[..2020]).unwrap();
    let (_, rows) = audit(&p);
    assert!(
        rows[0]
            .detail
            .contains("later sibling announced by a 0x80 flag")
    );
}

/// Peak resident memory of this process, in kB (Linux), if known.
fn peak_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
#[ignore = "reads a 2 GB (sparse) file: run in release, `cargo test --release -p corpus-tool --test it -- --ignored limits::`"]
fn a_two_gigabyte_line_costs_time_not_memory() {
    let s = Scratch::new("two-gb");
    let p = s.path("one-line.renju");
    sparse(&p, b"black h8 h9 ", 2 << 30);
    let start = std::time::Instant::now();
    let (_, rows) = audit(&p);
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0].detail.contains("line too long (2147483648 bytes"),
        "{}",
        rows[0].detail
    );
    let peak = peak_kb();
    println!(
        "2 GB line: {:.1} s, peak RSS {} kB",
        start.elapsed().as_secs_f64(),
        peak.map_or("unknown".into(), |k| k.to_string())
    );
    if let Some(k) = peak {
        assert!(k < 200 * 1024, "peak RSS {k} kB");
    }
}
