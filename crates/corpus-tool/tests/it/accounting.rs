//! Accounting over random mixtures of good and broken records in several formats and files:
//! the report lists every record exactly once, in order, and the totals add up (records =
//! rows = sum of verdicts = sum of ends; unreadable ones counted, each with its reason).

use crate::common;
use common::Scratch;

use corpus_tool::validate::{FindingKind, Options, Summary, audit_with_report};
use proptest::prelude::*;
use renju_analyzer::GameVerdict;
use std::collections::BTreeMap;

/// One record as generated: good, or broken in a way the reader must refuse (`unreadable`),
/// or with a bad coordinate in a line format (read up to it and judged `illegal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Good,
    Unreadable,
    BadMove,
}

const GAMES: [&str; 4] = [
    "h8 h9 i8 h10 j7 g9 k6 l5 i9 j9",
    "h8 i9 g7 f6 j9 i10 i7",
    "h8 h7 i8 i7 j8 j7 k8 k7 l8",
    "h8",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fmt {
    Renju,
    Moves,
    Rif,
    Sgf,
    Psq,
}

/// The file's text and, per record, what the audit must say of it.
fn file_text(fmt: Fmt, records: &[(Kind, usize)]) -> (String, Vec<Kind>) {
    let mut out = String::new();
    let mut kinds = Vec::new();
    match fmt {
        Fmt::Renju | Fmt::Moves => {
            for &(k, g) in records {
                let result = if fmt == Fmt::Renju { "black " } else { "" };
                let line = match k {
                    Kind::Good => format!("{result}{}", GAMES[g % 4]),
                    Kind::BadMove => format!("{result}{} q99", GAMES[g % 4]),
                    Kind::Unreadable if fmt == Fmt::Renju => format!("purple {}", GAMES[g % 4]),
                    // a move list has no result word: a cut-off last move
                    Kind::Unreadable => format!("{} ?", GAMES[g % 4]),
                };
                out.push_str(&line);
                out.push('\n');
                // a move list has nothing but moves: any bad word is an unreadable move
                let k = if fmt == Fmt::Moves && k == Kind::Unreadable {
                    Kind::BadMove
                } else {
                    k
                };
                // blank and comment lines are not records
                if g % 3 == 0 {
                    out.push_str("\n# a comment\n");
                }
                kinds.push(k);
            }
        }
        Fmt::Rif => {
            out.push_str("<?xml version=\"1.0\"?>\n<database><games>\n");
            for (i, &(k, g)) in records.iter().enumerate() {
                let (result, k) = match k {
                    Kind::Unreadable => ("7", Kind::Unreadable),
                    _ => ("1", Kind::Good),
                };
                out.push_str(&format!(
                    "<game id=\"{}\" bresult=\"{result}\"><move>{}</move></game>\n",
                    i + 1,
                    GAMES[g % 4]
                ));
                kinds.push(k);
            }
            out.push_str("</games></database>\n");
        }
        Fmt::Sgf => {
            for &(k, g) in records {
                let moves: String = GAMES[g % 4]
                    .split(' ')
                    .enumerate()
                    .map(|(i, m)| {
                        let (c, r) = m.split_at(1);
                        let col = c.as_bytes()[0];
                        let row = 15 - r.parse::<u8>().unwrap_or(1);
                        format!(
                            ";{}[{}{}]",
                            if i % 2 == 0 { 'B' } else { 'W' },
                            char::from(col),
                            char::from(b'a' + row)
                        )
                    })
                    .collect();
                let k = if k == Kind::Unreadable {
                    Kind::Unreadable
                } else {
                    Kind::Good
                };
                let size = if k == Kind::Unreadable {
                    "SZ[3]"
                } else {
                    "SZ[15]"
                };
                out.push_str(&format!("(;GM[4]{size}{moves})\n"));
                kinds.push(k);
            }
        }
        Fmt::Psq => {
            // one game a file
            let (k, g) = records[0];
            out.push_str("Piskvorky 15x15, 7:7, 0\n");
            for m in GAMES[g % 4].split(' ') {
                let (c, r) = m.split_at(1);
                let x = c.as_bytes()[0] - b'a' + 1;
                let y = 16 - r.parse::<u8>().unwrap_or(1);
                out.push_str(&format!("{x},{y},0\n"));
            }
            let k = if k == Kind::Unreadable {
                out.push_str("99,1,0\n");
                Kind::Unreadable
            } else {
                Kind::Good
            };
            kinds.push(k);
        }
    }
    (out, kinds)
}

fn fmt_strategy() -> impl Strategy<Value = Fmt> {
    prop_oneof![
        Just(Fmt::Renju),
        Just(Fmt::Moves),
        Just(Fmt::Rif),
        Just(Fmt::Sgf),
        Just(Fmt::Psq)
    ]
}

fn kind_strategy() -> impl Strategy<Value = Kind> {
    prop_oneof![
        3 => Just(Kind::Good),
        1 => Just(Kind::Unreadable),
        1 => Just(Kind::BadMove)
    ]
}

fn check_totals(s: &Summary, rows: usize) -> Result<(), TestCaseError> {
    prop_assert_eq!(s.records, rows);
    prop_assert_eq!(s.verdicts.total(), rows);
    prop_assert_eq!(s.ends.total(), rows);
    prop_assert_eq!(s.verdicts.get(GameVerdict::Unreadable), s.unreadable);
    prop_assert_eq!(s.finding_count(FindingKind::Unreadable), s.unreadable);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_record_once_and_totals_add_up(
        files in prop::collection::vec(
            (fmt_strategy(), prop::collection::vec((kind_strategy(), 0usize..4), 1..12)),
            1..6,
        ),
        case in any::<u64>(),
    ) {
        let dir = Scratch::new(&format!("mix-{case}"));
        let mut expected: BTreeMap<String, Vec<Kind>> = BTreeMap::new();
        for (i, (fmt, records)) in files.iter().enumerate() {
            let ext = match fmt {
                Fmt::Renju => "renju",
                Fmt::Moves => "txt",
                Fmt::Rif => "rif",
                Fmt::Sgf => "sgf",
                Fmt::Psq => "psq",
            };
            // half the files in a sub-folder
            let sub = if i % 2 == 0 { "" } else { "sub/" };
            let path = dir.0.join(format!("{sub}f{i}.{ext}"));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            let (text, kinds) = file_text(*fmt, records);
            std::fs::write(&path, text).unwrap();
            expected.insert(path.display().to_string(), kinds);
        }
        let mut csv = Vec::new();
        let summary = audit_with_report(
            std::slice::from_ref(&dir.0),
            &Options::default(),
            &common::engine(2),
            Some(&mut csv),
            &mut |_| {},
        )
        .unwrap();
        prop_assert!(summary.file_problems.is_empty());
        prop_assert_eq!(summary.files, expected.len());
        let mut reader = csv::Reader::from_reader(csv.as_slice());
        let mut seen: BTreeMap<String, Vec<(usize, String, String)>> = BTreeMap::new();
        let mut rows = 0;
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        for r in reader.records() {
            let r = r.unwrap();
            rows += 1;
            for k in r[10].split(';').filter(|k| !k.is_empty()) {
                *kinds.entry(k.to_string()).or_default() += 1;
            }
            seen.entry(r[0].to_string()).or_default().push((
                r[1].parse().unwrap(),
                r[8].to_string(),
                r[9].to_string(),
            ));
        }
        check_totals(&summary, rows)?;
        // the report's findings column reproduces the summary's findings
        let counted: BTreeMap<String, usize> = summary
            .findings
            .iter()
            .map(|(k, v)| (k.name().to_string(), v.count))
            .collect();
        prop_assert_eq!(&kinds, &counted);
        prop_assert_eq!(seen.len(), expected.len());
        let mut unreadable = 0;
        for (file, kinds) in &expected {
            let got = &seen[file];
            prop_assert_eq!(got.len(), kinds.len(), "{}", file);
            for (i, ((index, verdict, detail), kind)) in got.iter().zip(kinds).enumerate() {
                prop_assert_eq!(*index, i + 1, "{}: indices 1.. in order, each once", file);
                match kind {
                    Kind::Unreadable => {
                        unreadable += 1;
                        prop_assert_eq!(verdict.as_str(), "unreadable", "{}#{}", file, index);
                        prop_assert!(detail.starts_with(file.as_str()), "{}", detail);
                    }
                    Kind::BadMove => prop_assert_eq!(verdict.as_str(), "illegal", "{}#{}", file, index),
                    Kind::Good => prop_assert_ne!(verdict.as_str(), "unreadable", "{}#{}: {}", file, index, detail),
                }
            }
        }
        prop_assert_eq!(summary.unreadable, unreadable);
    }
}

/// The summary and the rows of an audit of `path` (a file or a folder) with `jobs` workers.
fn audit_rows(path: &std::path::Path, jobs: usize) -> (Summary, Vec<corpus_tool::validate::Row>) {
    let mut rows = Vec::new();
    let summary = corpus_tool::validate::audit_paths(
        &[path.to_path_buf()],
        &Options::default(),
        &common::engine(jobs),
        &mut |r| rows.push(r.clone()),
        &mut |_| {},
    )
    .unwrap();
    (summary, rows)
}

/// Small files (read whole by workers) and a large one (streamed by the reader thread, its
/// records spread over several batches) in one folder: the rows come in file order, then
/// record order, and are the same whatever the number of workers.
#[test]
fn small_and_streamed_files_keep_report_order_with_any_number_of_workers() {
    let dir = Scratch::new("order");
    let games = GAMES.map(|g| format!("black {g}\n"));
    // 12,000 records (several batches), well over the small-file size
    let big: String = (0..12_000).map(|i| games[i % 4].as_str()).collect();
    assert!(big.len() as u64 > corpus_tool::input::SMALL_FILE);
    std::fs::write(dir.path("b-big.renju"), &big).unwrap();
    for name in ["a-small.renju", "c-small.renju", "d/e-small.renju"] {
        std::fs::create_dir_all(dir.path(name).parent().unwrap()).unwrap();
        std::fs::write(dir.path(name), format!("{}{}", games[0], games[2])).unwrap();
    }
    let run = |jobs: usize| audit_rows(&dir.0, jobs);
    let (one, rows_one) = run(1);
    let (two, rows_two) = run(2);
    assert_eq!(rows_one.len(), 12_006);
    assert_eq!(rows_one, rows_two);
    assert_eq!((one.files, two.files), (4, 4));
    assert_eq!(one.verdicts, two.verdicts);
    let order: Vec<(String, usize)> = rows_two
        .iter()
        .map(|r| {
            let name = std::path::Path::new(&r.file)
                .strip_prefix(&dir.0)
                .unwrap()
                .display()
                .to_string();
            (name, r.index)
        })
        .collect();
    let mut expected = vec![
        ("a-small.renju".to_string(), 1),
        ("a-small.renju".to_string(), 2),
    ];
    expected.extend((1..=12_000).map(|i| ("b-big.renju".to_string(), i)));
    for f in ["c-small.renju", "d/e-small.renju"] {
        expected.push((f.to_string(), 1));
        expected.push((f.to_string(), 2));
    }
    assert_eq!(order, expected);
}

/// A large file of a format that is not cut into lines (an SGF collection) found in a folder
/// among small ones: the walk does not size it, the worker that opens it hands it back, and
/// it is read in its turn: its rows come between those of the files around it, the same
/// with 1 and 2 workers.
#[test]
fn a_large_sgf_found_in_a_folder_is_read_in_its_turn() {
    let dir = Scratch::new("largesgf");
    let game = "(;FF[4]GM[4]SZ[15]RE[B+R];B[hh];W[hi];B[ih])\n";
    let big: String = game.repeat(3_000);
    assert!(big.len() as u64 > corpus_tool::input::SMALL_FILE);
    std::fs::write(dir.path("b-big.sgf"), &big).unwrap();
    for name in ["a.renju", "c.renju"] {
        std::fs::write(dir.path(name), format!("black {}\n", GAMES[0])).unwrap();
    }
    let run = |jobs: usize| audit_rows(&dir.0, jobs);
    let (one, rows_one) = run(1);
    let (two, rows_two) = run(2);
    assert_eq!(rows_one, rows_two);
    assert_eq!((one.files, two.files, one.records), (3, 3, 3_002));
    let names: Vec<String> = rows_two
        .iter()
        .map(|r| {
            std::path::Path::new(&r.file)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names[0], "a.renju");
    assert!(names[1..3_001].iter().all(|n| n == "b-big.sgf"));
    assert_eq!(names[3_001], "c.renju");
    let indexes: Vec<usize> = rows_two[1..3_001].iter().map(|r| r.index).collect();
    assert_eq!(indexes, (1..=3_000).collect::<Vec<_>>());
}

/// Batches finish out of order when an early record is slow (a long VCF search with
/// `--missed-wins`): the workers go on with later batches, and the rows still leave in
/// report order, each once, the same as with one worker.
#[test]
fn a_slow_record_lets_later_batches_finish_first_and_the_order_holds() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let dir = Scratch::new("slow");
    let games = GAMES.map(|g| format!("black {g}\n"));
    // 20,000 records: several batches of the line file after the slow one
    let big: String = (0..20_000).map(|i| games[i % 4].as_str()).collect();
    std::fs::write(dir.path("big.renju"), &big).unwrap();
    let run = |jobs: usize| {
        let engine = common::engine(jobs);
        let finished = AtomicUsize::new(0);
        // The 10th record audited waits until 5,000 others are done (or 10 s pass): with 2
        // workers, batches after its own must be done before it.
        let started = AtomicUsize::new(0);
        let slow = |_: &renju_notation::GameRecord, _: &renju_analyzer::GameAudit| {
            if started.fetch_add(1, Ordering::SeqCst) == 9 && jobs > 1 {
                let t = std::time::Instant::now();
                while finished.load(Ordering::SeqCst) < 5_000 && t.elapsed().as_secs() < 10 {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                let waited_for = finished.load(Ordering::SeqCst);
                finished.fetch_add(1, Ordering::SeqCst);
                return waited_for;
            }
            finished.fetch_add(1, Ordering::SeqCst);
            0
        };
        let mut rows = Vec::new();
        let mut waited = 0;
        let summary = corpus_tool::validate::audit_entries(
            corpus_tool::validate::walk_paths(std::slice::from_ref(&dir.0)).unwrap(),
            &Options::default(),
            &engine,
            &slow,
            &mut |a| {
                rows.push(a.row.clone());
                waited = waited.max(*a.extra.unwrap());
            },
            &mut |_| {},
        );
        (summary, rows, waited)
    };
    let (one, rows_one, _) = run(1);
    let (two, rows_two, waited) = run(2);
    assert!(
        waited >= 5_000,
        "the slow record saw only {waited} others done: later batches did not go on"
    );
    assert_eq!(rows_one.len(), 20_000);
    assert_eq!(rows_one, rows_two);
    let indexes: Vec<usize> = rows_two.iter().map(|r| r.index).collect();
    assert_eq!(indexes, (1..=20_000).collect::<Vec<_>>());
    assert_eq!((one.records, two.records), (20_000, 20_000));
    assert_eq!(one.verdicts, two.verdicts);
}

/// A large line file is parsed line by line on the workers (line mode); its rows must be
/// exactly what the file's own reader stream gives (`for_each_record`, audited one by one):
/// the same records, indexes, verdicts and error sentences (record and line numbers
/// included), for every kind of line.
#[test]
fn line_mode_rows_are_the_reader_stream_audited() {
    use corpus_tool::validate::{ReadOptions, RecordItem, Row, for_each_record};
    use renju_analyzer::{audit, audit_with_unreadable};
    let dir = Scratch::new("line-mode");
    let mut text = String::from("\u{feff}black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\r\n");
    let kinds = [
        "white h8 h9 i8 i9 j8 j9 k8 k9 l8".to_string(),
        "# a comment".to_string(),
        String::new(),
        "   ".to_string(),
        "purple h8 h9".to_string(),
        "white h8 h9 zz9 i9".to_string(),
        "black h8 h9 i".to_string(),
        format!(
            "draw{}",
            " --".repeat(renju_notation::limits::MAX_MOVES + 1)
        ),
        "white h8 h8".to_string(),
        "unknown h8 i9 g7 f6 j9 i10 i7\r".to_string(),
    ];
    for i in 0..3000 {
        text.push_str(&kinds[i % kinds.len()]);
        text.push('\n');
    }
    // an overlong record and an overlong comment, then a last line without a newline
    text.push_str(&format!("black{}\n", " h8".repeat(400_000)));
    text.push_str(&format!("#{}\n", "x".repeat(1_200_000)));
    text.push_str("black h8 h9 i8");
    let path = dir.path("big.renju");
    std::fs::write(&path, &text).unwrap();
    let settings = Options::default().settings;
    let name = path.display().to_string();
    let mut expected = Vec::new();
    for_each_record(
        std::slice::from_ref(&path),
        ReadOptions::default(),
        &mut |_, i, item| {
            expected.push(match item {
                RecordItem::Game(g) => Row::audited(&name, i, &g, &audit(&g, &settings)),
                RecordItem::GameWithUnreadable(g, u) => {
                    Row::audited(&name, i, &g, &audit_with_unreadable(&g, &settings, &u))
                }
                RecordItem::Broken(d) => Row::unreadable(&name, i, d.to_string()),
            });
        },
    )
    .unwrap();
    for jobs in [1, 2] {
        let (summary, rows) = audit_rows(&path, jobs);
        assert_eq!(rows.len(), expected.len(), "{jobs} jobs");
        for (got, want) in rows.iter().zip(&expected) {
            assert_eq!(got, want, "{jobs} jobs");
        }
        assert_eq!(summary.files, 1);
        assert!(summary.unreadable > 3000 / 10 * 3, "{}", summary.unreadable);
    }
    // the record count is what a plain count of record lines says
    let records = text
        .lines()
        .filter(|l| {
            let t = l.trim_start_matches('\u{feff}').trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .count();
    assert_eq!(expected.len(), records);
}

/// The pipeline's structure, not its speed: with 2 workers, the records of one large line
/// file, and those of many small files, are audited on both worker threads (a serialised
/// pipeline would use one).
#[test]
fn two_workers_both_audit() {
    use corpus_tool::validate::{Audited, audit_walk, collect_files};
    let dir = Scratch::new("both");
    let games = GAMES.map(|g| format!("black {g}\n"));
    let big: String = (0..40_000).map(|i| games[i % 3].as_str()).collect();
    std::fs::create_dir_all(dir.path("small")).unwrap();
    std::fs::create_dir_all(dir.path("large")).unwrap();
    std::fs::write(dir.path("large/big.renju"), &big).unwrap();
    for i in 0..1000 {
        std::fs::write(dir.path(&format!("small/s{i:04}.renju")), &games[i % 3]).unwrap();
    }
    let engine = common::engine(2);
    for (folder, records) in [("large", 40_000), ("small", 1000)] {
        let mut threads = std::collections::BTreeSet::new();
        let summary = audit_walk(
            collect_files(&[dir.path(folder)]).unwrap(),
            &Options::default(),
            &engine,
            &|_, _| std::thread::current().id(),
            &mut |a: Audited<'_, std::thread::ThreadId>| {
                threads.insert(format!("{:?}", a.extra.copied()));
            },
            &mut |_| {},
        );
        assert_eq!(summary.records, records);
        assert_eq!(threads.len(), 2, "{folder}: {threads:?}");
    }
}

/// A sink that panics (on the writing thread) ends the run with its panic: the reader,
/// waiting for room, and the workers are let go, nothing hangs.
#[test]
fn a_sink_that_panics_ends_the_run_with_its_panic() {
    let dir = Scratch::new("panic");
    let games = GAMES.map(|g| format!("black {g}\n"));
    let big: String = (0..20_000).map(|i| games[i % 4].as_str()).collect();
    std::fs::write(dir.path("big.renju"), &big).unwrap();
    let root = dir.0.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let engine = common::engine(2);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut seen = 0usize;
            corpus_tool::validate::audit_paths(
                std::slice::from_ref(&root),
                &Options::default(),
                &engine,
                &mut |_| {
                    seen += 1;
                    assert!(seen < 3_000, "the sink gives up at row 3,000");
                },
                &mut |_| {},
            )
        }));
        let _ = tx.send(result.is_err());
    });
    let panicked = rx
        .recv_timeout(std::time::Duration::from_secs(120))
        .expect("the run hung after its sink panicked");
    assert!(panicked, "the sink's panic was lost");
}

/// A small file read whole into a worker's buffer: one that has grown past the limit it was
/// sized under is read on from where the buffer ends, every record kept.
#[test]
fn a_small_file_that_grew_past_the_limit_is_read_whole() {
    use corpus_tool::validate::{
        FileRead, OpenFile, ReadOptions, RecordItem, each_record_small, walk::InputFile,
    };
    let dir = Scratch::new("grew");
    let games = GAMES.map(|g| format!("black {g}\n"));
    let text: String = (0..50).map(|i| games[i % 4].as_str()).collect();
    let path = dir.path("g.renju");
    std::fs::write(&path, &text).unwrap();
    let mut buffer = Vec::new();
    for (size, limit) in [
        (Some(text.len() as u64), 1 << 16),
        (Some(10), 100),
        (None, 7),
    ] {
        let file = InputFile {
            path: path.clone(),
            named: false,
            size,
        };
        let opened = OpenFile::open(&file).unwrap();
        let mut moves = Vec::new();
        let read = each_record_small(
            &file,
            "g.renju",
            opened,
            limit,
            &mut buffer,
            ReadOptions::default(),
            &mut |_, item| match item {
                RecordItem::Game(g) => moves.push(g.moves.len()),
                _ => panic!("a record was not read"),
            },
        )
        .unwrap();
        assert!(
            matches!(read, FileRead::Records { records: 50, .. }),
            "limit {limit}: {read:?}"
        );
        let expected: Vec<usize> = (0..50).map(|i| [10, 7, 9, 1][i % 4]).collect();
        assert_eq!(moves, expected, "limit {limit}");
    }
}

/// Many small files, large line files and a large SGF in nested folders, some records slow
/// (batches then finish in any order, and the worker that finishes one accounts it and the
/// later ones done): the rows are the same, in the same order, with 1 to 4 workers.
#[test]
fn rows_keep_their_order_whatever_finishes_first() {
    let dir = Scratch::new("anyorder");
    let games = GAMES.map(|g| format!("black {g}\n"));
    for f in 0..3 {
        std::fs::create_dir_all(dir.path(&format!("f{f}"))).unwrap();
        for i in 0..700 {
            let text: String = (0..=(i % 3)).map(|k| games[(i + k) % 4].as_str()).collect();
            std::fs::write(dir.path(&format!("f{f}/s{i:04}.renju")), text).unwrap();
        }
        let big: String = (0..9_000).map(|i| games[(i + f) % 4].as_str()).collect();
        std::fs::write(dir.path(&format!("f{f}/m-big.renju")), big).unwrap();
    }
    let game = "(;FF[4]GM[4]SZ[15]RE[B+R];B[hh];W[hi];B[ih])\n";
    std::fs::write(dir.path("f1/n-big.sgf"), game.repeat(3_000)).unwrap();
    let run = |jobs: usize| {
        let engine = common::engine(jobs);
        let seen = std::sync::atomic::AtomicUsize::new(0);
        // about one record in 97 takes 0.2 to 2 ms more
        let slow = |_: &renju_notation::GameRecord, _: &renju_analyzer::GameAudit| {
            let n = seen.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if n % 97 == 13 {
                std::thread::sleep(std::time::Duration::from_micros(
                    200 + (n as u64 * 7919) % 1800,
                ));
            }
        };
        let mut rows = Vec::new();
        let summary = corpus_tool::validate::audit_entries(
            corpus_tool::validate::walk_paths(std::slice::from_ref(&dir.0)).unwrap(),
            &Options::default(),
            &engine,
            &slow,
            &mut |a| rows.push(a.row.clone()),
            &mut |_| {},
        );
        (summary, rows)
    };
    let (one, rows_one) = run(1);
    let small: usize = (0..700).map(|i| i % 3 + 1).sum::<usize>() * 3;
    assert_eq!(rows_one.len(), small + 27_000 + 3_000);
    assert_eq!(one.files, 3 * 701 + 1);
    for jobs in 2..=4 {
        let (s, rows) = run(jobs);
        assert_eq!(rows.len(), rows_one.len(), "{jobs} jobs");
        let first = rows.iter().zip(&rows_one).position(|(a, b)| a != b);
        assert_eq!(first, None, "{jobs} jobs: the rows part at row {first:?}");
        assert_eq!(
            (s.records, s.files),
            (one.records, one.files),
            "{jobs} jobs"
        );
        assert_eq!(s.verdicts, one.verdicts, "{jobs} jobs");
    }
}

/// The progress of an audit (issue #26, 11): records done, the findings so far, and an
/// estimate of the total that converges (exact at the end; from the bytes read, so known from
/// the start for a file named), with one job and with two.
#[test]
fn progress_estimates_converge_to_the_real_count() {
    let dir = Scratch::new("progress");
    const N: usize = 40_000;
    let text: String = (0..N)
        .map(|i| format!("black {}\n", GAMES[i % 4]))
        .collect();
    let path = dir.path("p.renju");
    std::fs::write(&path, text).unwrap();
    for jobs in [1, 2] {
        let mut seen = Vec::new();
        let summary = corpus_tool::validate::audit_paths(
            std::slice::from_ref(&path),
            &Options::default(),
            &common::engine(jobs),
            &mut |_| {},
            &mut |p| seen.push(p),
        )
        .unwrap();
        assert!(seen.len() > 30, "{jobs} jobs: {} reports", seen.len());
        let last = seen.last().unwrap();
        assert_eq!(last.records, N);
        assert_eq!(last.estimated_records, Some(N), "exact at the end");
        assert_eq!(last.findings, summary.finding_total());
        assert!(seen.windows(2).all(|w| w[0].records <= w[1].records));
        assert!(seen.windows(2).all(|w| w[0].findings <= w[1].findings));
        // never below the records done; known as soon as bytes are read
        assert!(
            seen.iter()
                .all(|p| p.estimated_records.is_none_or(|e| e >= p.records))
        );
        let error = |p: &corpus_tool::validate::Progress| {
            p.estimated_records
                .map_or(1.0, |e| (e as f64 - N as f64).abs() / N as f64)
        };
        // past half the input, within 10 % of the real count, and closer at the end
        let half: Vec<f64> = seen
            .iter()
            .filter(|p| p.records > N / 2)
            .map(error)
            .collect();
        assert!(half.iter().all(|&e| e < 0.1), "{jobs} jobs: {half:?}");
        let early = seen.iter().find(|p| p.records > N / 4).map(error).unwrap();
        let late = seen
            .iter()
            .find(|p| p.records > N * 9 / 10)
            .map(error)
            .unwrap();
        assert!(late <= early, "{jobs} jobs: {early} then {late}");
    }
}
