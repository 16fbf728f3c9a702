//! Inputs past the reader limits (`renju_notation::limits`): each is one bad record with a clear
//! reason, the records around it are read, and nothing is held in memory whole.

use renju_notation::limits::{MAX_LIB_NODES, MAX_LINE, MAX_SGF_DEPTH, MAX_XML_EVENT};
use renju_notation::renju_line::RenjuBufReader;
use renju_notation::renlib::read_tree;
use renju_notation::rif::RifReader;
use renju_notation::{ErrorKind, Format, Orientation, read_all};
use std::io::{BufRead, BufReader, Read};

const BOTTOM: Orientation = Orientation::RowOneAtBottom;

/// `len` bytes of `pattern` repeated, generated as read (never held whole).
struct Repeat {
    pattern: &'static [u8],
    left: u64,
    at: usize,
}

impl Read for Repeat {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < out.len() && self.left > 0 {
            out[n] = self.pattern[self.at];
            self.at = (self.at + 1) % self.pattern.len();
            self.left -= 1;
            n += 1;
        }
        Ok(n)
    }
}

fn repeat(pattern: &'static [u8], len: u64) -> Repeat {
    Repeat {
        pattern,
        left: len,
        at: 0,
    }
}

fn chain(parts: Vec<Box<dyn Read>>) -> impl BufRead {
    let mut it = parts.into_iter();
    let first = it.next().unwrap_or_else(|| Box::new(std::io::empty()));
    BufReader::new(it.fold(first, |a, b| Box::new(a.chain(b)) as Box<dyn Read>))
}

#[test]
fn a_line_of_ten_million_moves_is_one_bad_record_and_the_next_line_is_read() {
    // "black" then 10,000,000 moves of " h8": about 30 MB, generated as read
    let input = chain(vec![
        Box::new(&b"white h8 h9\nblack"[..]),
        Box::new(repeat(b" h8", 30_000_000)),
        Box::new(&b"\ndraw h8\n"[..]),
    ]);
    let out: Vec<_> = RenjuBufReader::new(input, "big.renju", BOTTOM).collect();
    assert_eq!(out.len(), 3, "three lines, three records");
    assert!(out[0].is_ok() && out[2].is_ok());
    let e = out[1].as_ref().unwrap_err();
    assert_eq!(e.record, 2);
    match &e.kind {
        ErrorKind::TooLarge { found, limit, .. } => {
            assert_eq!(*found, 30_000_005);
            assert_eq!(*limit, MAX_LINE as u64);
        }
        k => panic!("expected too large, got {k}"),
    }
    assert_eq!(
        e.to_string(),
        format!(
            "big.renju: record 2, line 2, column 1: line too long (30000005 bytes, limit {MAX_LINE})"
        )
    );
}

#[test]
fn a_too_long_comment_line_is_still_a_comment() {
    let input = chain(vec![
        Box::new(&b"#"[..]),
        Box::new(repeat(b"x", 3 * MAX_LINE as u64)),
        Box::new(&b"\nblack h8\n"[..]),
    ]);
    let out: Vec<_> = RenjuBufReader::new(input, "c.renju", BOTTOM).collect();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].as_ref().map(|g| g.moves.len()), Ok(1));
}

#[test]
fn move_lists_stream_with_the_same_limit() {
    let input = chain(vec![
        Box::new(repeat(b"h8", 2 * MAX_LINE as u64)),
        Box::new(&b"\nh8 h9\n"[..]),
    ]);
    let out: Vec<_> = RenjuBufReader::moves(input, "m.txt", BOTTOM).collect();
    assert_eq!(out.len(), 2);
    assert!(matches!(
        out[0].as_ref().unwrap_err().kind,
        ErrorKind::TooLarge { .. }
    ));
    assert_eq!(out[1].as_ref().map(|g| g.moves.len()), Ok(2));
}

fn rif_game(id: u32, moves: &str) -> String {
    format!("<game id=\"{id}\" bresult=\"1\"><move>{moves}</move></game>\n")
}

#[test]
fn a_rif_game_with_an_endless_move_text_is_reported_and_the_next_game_read() {
    let head = format!(
        "<?xml version=\"1.0\"?>\n<database><games>\n{}<game id=\"2\"><move>",
        rif_game(1, "h8 h9")
    );
    let tail = format!("</move></game>\n{}</games></database>\n", rif_game(3, "h8"));
    let input = chain(vec![
        Box::new(std::io::Cursor::new(head.into_bytes())),
        Box::new(repeat(b"h8 ", 3 * MAX_XML_EVENT as u64)),
        Box::new(std::io::Cursor::new(tail.into_bytes())),
    ]);
    let out: Vec<_> = RifReader::new(input, "big.rif", BOTTOM).collect();
    assert_eq!(out.len(), 3, "{out:?}");
    assert_eq!(out[0].as_ref().map(|g| g.moves.len()), Ok(2));
    let e = out[1].as_ref().unwrap_err();
    assert_eq!(e.record, 2);
    assert!(e.to_string().contains("a text of the game too long"), "{e}");
    let third = out[2].as_ref().unwrap();
    assert_eq!((third.id.as_deref(), third.moves.len()), (Some("3"), 1));
}

#[test]
fn a_rif_tag_that_never_ends_stops_the_file_with_an_error() {
    let input = chain(vec![
        Box::new(&b"<?xml version=\"1.0\"?>\n<database><games>\n<game id=\"1\" x=\""[..]),
        Box::new(repeat(b"a", 3 * MAX_XML_EVENT as u64)),
        Box::new(&b"\"><move>h8</move></game></games></database>\n"[..]),
    ]);
    let out: Vec<_> = RifReader::new(input, "tag.rif", BOTTOM).collect();
    assert!(!out.is_empty() && out.len() <= 2, "{out:?}");
    assert!(out.iter().any(Result::is_err));
}

#[test]
fn sgf_variations_nested_past_the_limit_are_one_bad_record() {
    let depth = MAX_SGF_DEPTH + 5;
    let mut text = "(;GM[4]SZ[15]".to_string();
    for _ in 0..depth {
        text.push_str("(;B[hh]");
    }
    for _ in 0..=depth {
        text.push(')');
    }
    text.push_str("\n(;GM[4]SZ[15];B[hh];W[hi])\n");
    let out: Vec<_> = read_all(
        Format::Sgf,
        text.as_bytes(),
        "deep.sgf",
        Orientation::RowOneAtTop,
    )
    .collect();
    assert_eq!(out.len(), 2, "{out:?}");
    let e = out[0].as_ref().unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::TooDeep { limit } if limit == MAX_SGF_DEPTH),
        "{e}"
    );
    assert_eq!(out[1].as_ref().map(|g| g.moves.len()), Ok(2));
}

#[test]
fn unclosed_sgf_games_on_every_line_are_read_in_linear_time() {
    // each line opens a game that never closes: one error, not one rescan per line
    let text = "(;GM[4];B[hh]\n".repeat(200_000);
    let start = std::time::Instant::now();
    let out: Vec<_> = read_all(
        Format::Sgf,
        text.as_bytes(),
        "open.sgf",
        Orientation::RowOneAtTop,
    )
    .collect();
    // every few thousand lines the main line passes a limit (nodes before nesting): one
    // error each, then the rest is one game that never closes
    assert!(
        out.len() > 2 && out.len() <= 200_000 / (MAX_SGF_DEPTH / 2) + 1,
        "{}",
        out.len()
    );
    assert!(out.iter().all(Result::is_err));
    assert!(matches!(
        out[0].as_ref().unwrap_err().kind,
        ErrorKind::TooLarge { .. } | ErrorKind::TooDeep { .. }
    ));
    assert!(matches!(
        out[out.len() - 1].as_ref().unwrap_err().kind,
        ErrorKind::Truncated { .. }
    ));
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
}

#[test]
fn a_lib_whose_sibling_flags_never_end_is_refused_at_the_node_limit() {
    // header, then h8 and ever more nodes each announcing a later sibling (flag 0x80)
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    for _ in 0..=MAX_LIB_NODES {
        bytes.extend([0x78, 0x80]);
    }
    let e = read_tree(&bytes, "siblings.lib", Orientation::RowOneAtTop, None).unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::TooLarge { limit, .. } if limit == MAX_LIB_NODES as u64),
        "{e}"
    );
    // a short one ends too early, with the reason
    let e = read_tree(
        &bytes[..20 + 2 * 1000],
        "short.lib",
        Orientation::RowOneAtTop,
        None,
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("later sibling announced by a 0x80 flag"),
        "{e}"
    );
}

#[test]
fn lib_lines_past_the_move_limit_are_refused_before_they_are_built() {
    use renju_notation::limits::{MAX_LIB_LINE_MOVES, MAX_MOVES};
    // a trunk of MAX_MOVES + 1 nodes (all h8: the tree does not care), then two leaves
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    for _ in 0..=MAX_MOVES {
        bytes.extend([0x78, 0x00]);
    }
    bytes.extend([0x79, 0xC0, 0x5A, 0x40]);
    let out: Vec<_> =
        read_all(Format::Lib, &bytes, "trunk.lib", Orientation::RowOneAtTop).collect();
    assert_eq!(out.len(), 2);
    for (i, r) in out.iter().enumerate() {
        let e = r.as_ref().unwrap_err();
        assert_eq!(e.record, i + 1);
        assert!(
            e.to_string().ends_with(&format!(
                "line of the library too long ({} moves, limit {MAX_MOVES})",
                MAX_MOVES + 2
            )),
            "{e}"
        );
    }
    // many leaves off a long trunk: past the library's budget each line is refused unbuilt
    let trunk = 9_000;
    let leaves = MAX_LIB_LINE_MOVES / trunk + 10;
    let mut bytes = vec![0xFF, b'R', b'e', b'n', b'L', b'i', b'b', 0xFF, 3, 0];
    bytes.extend([0xFF; 10]);
    for _ in 0..trunk {
        bytes.extend([0x78, 0x00]);
    }
    for _ in 0..leaves - 1 {
        bytes.extend([0x79, 0xC0]);
    }
    bytes.extend([0x79, 0x40]);
    let start = std::time::Instant::now();
    let out: Vec<_> =
        read_all(Format::Lib, &bytes, "leaves.lib", Orientation::RowOneAtTop).collect();
    assert_eq!(out.len(), leaves);
    let refused = out.iter().filter(|r| r.is_err()).count();
    assert_eq!(refused, leaves - MAX_LIB_LINE_MOVES / (trunk + 1));
    assert!(
        out[leaves - 1]
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("library lines too long in total")
    );
    println!("{leaves} lines of {trunk} moves in {:?}", start.elapsed());
}

#[test]
fn sgf_games_too_long_or_too_full_are_refused_while_scanning() {
    use renju_notation::limits::{MAX_MOVES, MAX_SGF_VALUES};
    let long = format!(
        "(;GM[4]SZ[15]{})\n(;GM[4];B[hh])\n",
        ";B[hh];W[hi]".repeat(MAX_MOVES)
    );
    let out: Vec<_> = read_all(
        Format::Sgf,
        long.as_bytes(),
        "long.sgf",
        Orientation::RowOneAtTop,
    )
    .collect();
    assert_eq!(out.len(), 2);
    let e = out[0].as_ref().unwrap_err();
    assert!(
        e.to_string().ends_with(&format!(
            "game too long ({} nodes, limit {})",
            MAX_MOVES + 2,
            MAX_MOVES + 1
        )),
        "{e}"
    );
    assert!(out[1].is_ok());
    let full = format!("(;GM[4]SZ[15]{};B[hh])\n", "C[x]".repeat(MAX_SGF_VALUES));
    let e = read_all(
        Format::Sgf,
        full.as_bytes(),
        "full.sgf",
        Orientation::RowOneAtTop,
    )
    .next()
    .unwrap()
    .unwrap_err();
    assert!(
        e.to_string().contains("game with too many properties"),
        "{e}"
    );
}

/// #15: one `.renju` line reader — a file held in memory (`read_all`) has the same line limit
/// as a streamed one.
#[test]
fn the_in_memory_renju_reader_has_the_line_limit_too() {
    let text = format!(
        "black h8\nwhite{}\ndraw h8\n",
        " h8".repeat(MAX_LINE / 3 + 10)
    );
    let out: Vec<_> = read_all(Format::Renju, text.as_bytes(), "big.renju", BOTTOM).collect();
    assert_eq!(out.len(), 3);
    assert!(out[0].is_ok() && out[2].is_ok());
    let e = out[1].as_ref().unwrap_err();
    assert!(
        matches!(e.kind, ErrorKind::TooLarge { limit, .. } if limit == MAX_LINE as u64),
        "{e}"
    );
}
