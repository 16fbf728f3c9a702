//! The parallel corpus auditor behind `corpus-tool validate`.
//!
//! Files are read one at a time; the records of a file are parsed in order and audited in
//! parallel in batches (rayon over records, so one large file uses every core), and each
//! batch's rows are handed on in record order. **Accounting invariant:** every record a reader
//! yields becomes exactly one [`Row`], whether it was audited or could not be read, and the
//! [`Summary`] counts are sums over those rows.
//!
//! **Bounded memory:** `.renju` files and move lists are streamed line by line (a line longer
//! than [`notation::limits::MAX_LINE`] is one unreadable record), `.rif` files event by event;
//! formats read whole (SGF, `.lib`, `.psq`, `.pos`) are refused past
//! [`notation::limits::whole_file_limit`] with one unreadable record saying so, and a record
//! of more than [`notation::limits::MAX_MOVES`] moves is unreadable. Peak memory does not
//! grow with the size of an archive.

use analyzer::{GameAudit, GameVerdict, Settings, UnreadableMove, audit, audit_with_unreadable};
use notation::renju_line::RenjuBufReader;
use notation::rif::RifReader;
use notation::{
    DeclaredResult, ErrorKind, Format, GameRecord, Orientation, RecordError, detect, limits,
    read_all,
};
use rayon::prelude::*;
use renju_core::RENJU_SIZE;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

/// How many records are audited together (bounded memory, good parallel grain).
const BATCH: usize = 4096;
/// How many examples each kind of finding keeps for the summary.
const EXAMPLES: usize = 3;
/// The read buffer of a streamed file.
const READ_BUFFER: usize = 256 << 10;

/// What to audit and how.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Rule set, foul convention and claim policy.
    pub settings: Settings,
    /// Force a format instead of detecting it per file.
    pub format: Option<Format>,
    /// Force an orientation instead of each format's usual one.
    pub orientation: Option<Orientation>,
    /// Audit only every N-th record of each file (1 or 0: all of them).
    pub sample: usize,
}

/// One line of the report: one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The file, as found.
    pub file: String,
    /// 1-based index of the record within the file.
    pub index: usize,
    /// The record's own id where the format has one.
    pub id: String,
    /// Number of moves, passes counted (for an unreadable record, 0).
    pub moves: usize,
    /// The declared result: `black`, `white`, `draw`, `unknown`.
    pub declared: String,
    /// The end (`none` also for an unreadable record).
    pub end: String,
    /// The move that ended the game, empty when `end` is `none`.
    pub end_move: Option<usize>,
    /// Whether moves follow the end.
    pub continues: bool,
    /// `ok`, `result-mismatch`, `illegal`, `unreadable` or `warning`.
    pub verdict: String,
    /// A short human sentence.
    pub detail: String,
    /// The kinds of the findings, separated by `;` (extra column).
    pub findings: String,
    /// The opening (extra column): a code of the 26, or why it is none.
    pub opening: String,
}

/// An example of a finding for the summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Example {
    /// The file.
    pub file: String,
    /// The record index.
    pub record: usize,
    /// The move concerned, when there is one.
    pub r#move: Option<usize>,
    /// What was found.
    pub text: String,
}

/// Counts of one kind, with a few examples.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KindCount {
    /// How many.
    pub count: usize,
    /// The first few.
    pub examples: Vec<Example>,
}

impl KindCount {
    fn add(&mut self, example: impl FnOnce() -> Example) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example());
        }
    }

    fn merge(&mut self, other: KindCount) {
        self.count += other.count;
        for e in other.examples {
            if self.examples.len() < EXAMPLES {
                self.examples.push(e);
            }
        }
    }
}

/// A file that could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileProblem {
    /// The path.
    pub file: String,
    /// Why.
    pub reason: String,
}

/// What a run found, added up over every row.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// The settings, in words.
    pub settings: String,
    /// Files audited.
    pub files: usize,
    /// Records read (rows in the report), unreadable ones included.
    pub records: usize,
    /// Records that could not be read.
    pub unreadable: usize,
    /// Records read but not audited because of `--sample`.
    pub not_sampled: usize,
    /// Rows per verdict.
    pub verdicts: BTreeMap<String, usize>,
    /// Rows per end.
    pub ends: BTreeMap<String, usize>,
    /// Findings per kind (illegal moves and result mismatches included), with examples.
    pub findings: BTreeMap<String, KindCount>,
    /// Files that could not be read at all.
    pub file_problems: Vec<FileProblem>,
    /// Files found in folders that are in no record format (a README, say): not audited.
    pub skipped_files: Vec<String>,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Worker threads used.
    pub jobs: usize,
}

impl Summary {
    /// Whether anything is worth an arbiter's look (any row that is not `ok`).
    #[must_use]
    pub fn has_findings(&self) -> bool {
        self.verdicts.iter().any(|(v, n)| v != "ok" && *n > 0)
    }

    /// Adds one row (and its audit, when there is one).
    fn add(&mut self, row: &Row, audit: Option<&GameAudit>) {
        self.records += 1;
        *self.verdicts.entry(row.verdict.clone()).or_default() += 1;
        *self.ends.entry(row.end.clone()).or_default() += 1;
        let example = |m: Option<usize>, text: String| Example {
            file: row.file.clone(),
            record: row.index,
            r#move: m,
            text,
        };
        match audit {
            None => {
                self.unreadable += 1;
                self.findings
                    .entry("unreadable".into())
                    .or_default()
                    .add(|| {
                        // The detail repeats the file and record the example already names.
                        let prefix = format!("{}: record {}, ", row.file, row.index);
                        let text = row.detail.strip_prefix(&prefix).unwrap_or(&row.detail);
                        example(None, text.to_string())
                    });
            }
            Some(a) => {
                if let Some(i) = &a.illegal {
                    self.findings
                        .entry("illegal".into())
                        .or_default()
                        .add(|| example(Some(i.number), i.to_string()));
                }
                if a.verdict() == GameVerdict::ResultMismatch {
                    self.findings
                        .entry("result-mismatch".into())
                        .or_default()
                        .add(|| example(a.end_move, row.detail.clone()));
                }
                for f in &a.findings {
                    self.findings
                        .entry(f.kind().into())
                        .or_default()
                        .add(|| example(f.move_number(), f.to_string()));
                }
            }
        }
    }

    fn merge(&mut self, other: Summary) {
        self.records += other.records;
        self.unreadable += other.unreadable;
        self.not_sampled += other.not_sampled;
        for (k, v) in other.verdicts {
            *self.verdicts.entry(k).or_default() += v;
        }
        for (k, v) in other.ends {
            *self.ends.entry(k).or_default() += v;
        }
        for (k, v) in other.findings {
            self.findings.entry(k).or_default().merge(v);
        }
    }
}

fn row_of(file: &str, index: usize, record: &GameRecord, a: &GameAudit) -> Row {
    Row {
        file: file.to_string(),
        index,
        id: record.id.clone().unwrap_or_default(),
        moves: a.moves,
        declared: a.declared.name().to_string(),
        end: a.end.name().to_string(),
        end_move: a.end_move,
        continues: a.continues,
        verdict: a.verdict().name().to_string(),
        detail: a.detail(),
        findings: a
            .findings
            .iter()
            .map(|f| f.kind())
            .collect::<Vec<_>>()
            .join(";"),
        opening: a.opening.to_string(),
    }
}

fn unreadable_row(file: &str, index: usize, detail: String) -> Row {
    Row {
        file: file.to_string(),
        index,
        id: String::new(),
        moves: 0,
        declared: DeclaredResult::Unknown.name().to_string(),
        end: "none".to_string(),
        end_move: None,
        continues: false,
        verdict: GameVerdict::Unreadable.name().to_string(),
        detail,
        findings: String::new(),
        opening: String::new(),
    }
}

/// A record as the reader gave it: a game, a game with an unreadable move, or nothing usable.
enum Item {
    Game(GameRecord),
    GameWithUnreadable(GameRecord, UnreadableMove),
    /// Why the record cannot be read (a full sentence naming the file and record).
    Broken(String),
}

/// A record as read, with the move-count limit applied.
fn checked(file: &str, index: usize, g: GameRecord) -> Item {
    if g.moves.len() > limits::MAX_MOVES {
        Item::Broken(format!(
            "{file}: record {index}: record too large ({} moves, limit {})",
            g.moves.len(),
            limits::MAX_MOVES
        ))
    } else {
        Item::Game(g)
    }
}

/// For line formats, a bad coordinate is an unreadable *move*: the moves before it are
/// replayed and the record is judged illegal at that move (the analyzer issue's rule), rather
/// than the whole record being unreadable. `raw` is the record's line.
fn salvage(raw: &[u8], format: Format, orientation: Orientation, error: RecordError) -> Item {
    let (ErrorKind::BadCoordinate { token, error: why }, notation::Position::Line { column, .. }) =
        (&error.kind, error.position)
    else {
        return Item::Broken(error.to_string());
    };
    if !matches!(format, Format::Renju | Format::Moves) {
        return Item::Broken(error.to_string());
    }
    let text = String::from_utf8_lossy(raw);
    // The column counts characters from 1; take what precedes the bad word.
    let prefix: String = text.chars().take(column.saturating_sub(1)).collect();
    let mut record = GameRecord::new(RENJU_SIZE);
    let moves_text = if format == Format::Renju {
        let mut words = prefix
            .trim_start()
            .splitn(2, |c: char| c.is_ascii_whitespace());
        let result = words.next().unwrap_or_default();
        record.result = result.parse().unwrap_or_default();
        words.next().unwrap_or_default().to_string()
    } else {
        prefix
    };
    if notation::moves::parse_moves_into(&moves_text, RENJU_SIZE, orientation, &mut record.moves)
        .is_err()
    {
        return Item::Broken(error.to_string());
    }
    let number = record.moves.len() + 1;
    Item::GameWithUnreadable(
        record,
        UnreadableMove {
            number,
            text: token.clone(),
            reason: why.to_string(),
        },
    )
}

/// Where the records of one file come from.
enum Records<'a> {
    /// A line format, streamed (the raw line is kept for [`salvage`]).
    Lines(RenjuBufReader<Box<dyn BufRead + 'a>>),
    /// Any other reader.
    Other(Box<dyn Iterator<Item = Result<GameRecord, RecordError>> + 'a>),
    /// A file refused as a whole: one unreadable record saying why.
    Refused(Option<String>),
}

impl<'a> Records<'a> {
    /// The records of `input` in `format`, streamed when the format allows.
    fn new(
        format: Format,
        input: Box<dyn BufRead + 'a>,
        file: &str,
        orientation: Orientation,
    ) -> Records<'a> {
        match format {
            Format::Renju => Records::Lines(RenjuBufReader::new(input, file, orientation)),
            Format::Moves => Records::Lines(RenjuBufReader::moves(input, file, orientation)),
            Format::Rif => Records::Other(Box::new(RifReader::new(input, file, orientation))),
            _ => Records::Refused(Some(format!(
                "{file}: {format} files are read whole, not streamed"
            ))),
        }
    }

    fn next_item(
        &mut self,
        file: &str,
        index: usize,
        format: Format,
        orientation: Orientation,
    ) -> Option<Item> {
        Some(match self {
            Records::Lines(r) => match r.next()? {
                Ok(g) => checked(file, index, g),
                Err(e) => salvage(r.last_line(), format, orientation, e),
            },
            Records::Other(it) => match it.next()? {
                Ok(g) => checked(file, index, g),
                Err(e) => Item::Broken(e.to_string()),
            },
            Records::Refused(why) => Item::Broken(why.take()?),
        })
    }
}

/// The files found (each with whether it was named) and the folders that could not be listed.
pub type Collected = (Vec<(PathBuf, bool)>, Vec<FileProblem>);

/// Files under `paths` (folders walked recursively, sorted), each with whether it was named
/// on the command line (`true`) or found in a folder (`false`), and a problem for each folder
/// inside that cannot be listed (the walk goes on without it).
///
/// # Errors
/// A path given that does not exist or cannot be examined.
pub fn collect_files(paths: &[PathBuf]) -> Result<Collected, FileProblem> {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| FileProblem {
            file: p.display().to_string(),
            reason: e.to_string(),
        })?;
        if meta.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found, &mut problems, &mut Vec::new());
            out.extend(found.into_iter().map(|f| (f, false)));
        } else {
            out.push((p.clone(), true));
        }
    }
    Ok((out, problems))
}

/// `seen`: the folders being walked (canonical), so that a link back up is not followed.
fn walk(
    p: &Path,
    out: &mut Vec<PathBuf>,
    problems: &mut Vec<FileProblem>,
    seen: &mut Vec<PathBuf>,
) {
    let problem = |e: std::io::Error| FileProblem {
        file: p.display().to_string(),
        reason: format!("cannot list this folder: {e}"),
    };
    let is_dir = match std::fs::metadata(p) {
        Ok(m) => m.is_dir(),
        Err(e) => {
            problems.push(FileProblem {
                file: p.display().to_string(),
                reason: e.to_string(),
            });
            return;
        }
    };
    if !is_dir {
        out.push(p.to_path_buf());
        return;
    }
    let canonical = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    if seen.contains(&canonical) {
        // a link to a folder already being walked: its files are found once
        return;
    }
    let entries = match std::fs::read_dir(p) {
        Ok(d) => d,
        Err(e) => {
            problems.push(problem(e));
            return;
        }
    };
    let mut paths = Vec::new();
    for e in entries {
        match e {
            Ok(e) => paths.push(e.path()),
            Err(e) => problems.push(problem(e)),
        }
    }
    paths.retain(|q| {
        q.file_name()
            .is_some_and(|n| !n.to_string_lossy().starts_with('.'))
    });
    paths.sort();
    seen.push(canonical);
    for e in paths {
        walk(&e, out, problems, seen);
    }
    seen.pop();
}

/// A rough count of the records in a file, for the progress bar's ETA only.
#[must_use]
pub fn estimate_records(file: &str, bytes: &[u8], format: Option<Format>) -> usize {
    match format.or_else(|| detect(file, &bytes[..bytes.len().min(4096)])) {
        Some(Format::Renju | Format::Moves) => bytes.iter().filter(|&&b| b == b'\n').count().max(1),
        Some(Format::Rif) => bytes.windows(6).filter(|w| w == b"<game ").count().max(1),
        _ => 1,
    }
}

fn format_of(file: &str, head: &[u8], options: &Options) -> Result<Format, FileProblem> {
    options
        .format
        .or_else(|| detect(file, &head[..head.len().min(4096)]))
        .ok_or_else(|| FileProblem {
            file: file.to_string(),
            reason: "unknown format (give --format)".to_string(),
        })
}

/// Audits one file held in memory, calling `sink` with each row in record order and
/// `progress` with the number of records done after each batch.
///
/// # Errors
/// A file whose format cannot be told (and none was forced).
pub fn audit_bytes(
    file: &str,
    bytes: &[u8],
    options: &Options,
    sink: &mut dyn FnMut(&Row),
    progress: &mut dyn FnMut(usize),
) -> Result<Summary, FileProblem> {
    let format = format_of(file, bytes, options)?;
    let orientation = options
        .orientation
        .unwrap_or_else(|| format.default_orientation());
    let records = match format {
        Format::Renju | Format::Moves | Format::Rif => {
            Records::new(format, Box::new(bytes), file, orientation)
        }
        _ => Records::Other(read_all(format, bytes, file, orientation)),
    };
    Ok(audit_records(
        file, format, records, options, sink, progress,
    ))
}

/// Audits the records of one file in batches (see the module documentation).
fn audit_records(
    file: &str,
    format: Format,
    mut records: Records<'_>,
    options: &Options,
    sink: &mut dyn FnMut(&Row),
    progress: &mut dyn FnMut(usize),
) -> Summary {
    let orientation = options
        .orientation
        .unwrap_or_else(|| format.default_orientation());
    let sample = options.sample.max(1);
    let mut summary = Summary::default();
    let mut index = 0usize;
    loop {
        let mut batch: Vec<(usize, Item)> = Vec::with_capacity(BATCH);
        while let Some(item) = records.next_item(file, index + 1, format, orientation) {
            index += 1;
            if !(index - 1).is_multiple_of(sample) {
                summary.not_sampled += 1;
                continue;
            }
            batch.push((index, item));
            if batch.len() == BATCH {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let settings = &options.settings;
        let rows: Vec<(Row, Option<GameAudit>)> = batch
            .into_par_iter()
            .map(|(index, item)| match item {
                Item::Game(g) => {
                    let a = audit(&g, settings);
                    (row_of(file, index, &g, &a), Some(a))
                }
                Item::GameWithUnreadable(g, u) => {
                    let a = audit_with_unreadable(&g, settings, &u);
                    (row_of(file, index, &g, &a), Some(a))
                }
                Item::Broken(detail) => (unreadable_row(file, index, detail), None),
            })
            .collect();
        for (row, a) in &rows {
            summary.add(row, a.as_ref());
            sink(row);
        }
        progress(rows.len());
    }
    summary
}

/// Audits one file from disk: streamed when its format allows, read whole (up to the
/// format's size limit) otherwise. `Ok(None)`: a file found in a folder in no record format.
fn audit_file(
    path: &Path,
    named: bool,
    options: &Options,
    sink: &mut dyn FnMut(&Row),
    estimate: &mut dyn FnMut(usize),
    tick: &mut dyn FnMut(usize),
) -> Result<Option<Summary>, FileProblem> {
    let name = path.display().to_string();
    let problem = |e: std::io::Error| FileProblem {
        file: name.clone(),
        reason: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(problem)?;
    let size = file.metadata().map_err(problem)?.len();
    let mut input = std::io::BufReader::with_capacity(READ_BUFFER, file);
    let head = loop {
        match input.fill_buf() {
            Ok(b) => break b.to_vec(),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(problem(e)),
        }
    };
    let format = match format_of(&name, &head, options) {
        Ok(f) => f,
        Err(_) if !named => return Ok(None),
        Err(p) => return Err(p),
    };
    let orientation = options
        .orientation
        .unwrap_or_else(|| format.default_orientation());
    let per_record = match format {
        Format::Renju | Format::Moves => 100,
        Format::Rif => 400,
        _ => u64::MAX,
    };
    estimate((size / per_record).max(1) as usize);
    let records = match limits::whole_file_limit(format) {
        None => Records::new(format, Box::new(input), &name, orientation),
        Some(limit) => {
            let mut bytes = Vec::new();
            if size <= limit {
                input
                    .by_ref()
                    .take(limit + 1)
                    .read_to_end(&mut bytes)
                    .map_err(problem)?;
            }
            let found = size.max(bytes.len() as u64);
            if found > limit {
                let too_large = ErrorKind::TooLarge {
                    what: format!("file too large for {format}"),
                    found,
                    unit: "bytes",
                    limit,
                };
                Records::Refused(Some(format!("{name}: {too_large}")))
            } else {
                let records = Records::Other(read_all(format, &bytes, &name, orientation));
                return Ok(Some(audit_records(
                    &name, format, records, options, sink, tick,
                )));
            }
        }
    };
    Ok(Some(audit_records(
        &name, format, records, options, sink, tick,
    )))
}

/// Audits every file under `paths`, calling `sink` with each row (in file order, then record
/// order) and `progress` with the number of records done (after each batch) and the estimated
/// total.
///
/// # Errors
/// Only when a path given cannot be found or listed; a file that cannot be read is reported
/// in the summary's `file_problems` and the run goes on.
pub fn audit_paths(
    paths: &[PathBuf],
    options: &Options,
    sink: &mut dyn FnMut(&Row),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, FileProblem> {
    let start = std::time::Instant::now();
    let (files, problems) = collect_files(paths)?;
    let mut total = Summary {
        settings: options.settings.to_string(),
        jobs: rayon::current_num_threads(),
        file_problems: problems,
        ..Summary::default()
    };
    let estimate = std::cell::Cell::new(0usize);
    let done = std::cell::Cell::new(0usize);
    let progress = std::cell::RefCell::new(progress);
    let report = || {
        if let Ok(mut p) = progress.try_borrow_mut() {
            p(done.get(), estimate.get().max(done.get()));
        }
    };
    for (path, named) in files {
        let result = audit_file(
            &path,
            named,
            options,
            sink,
            &mut |n| estimate.set(estimate.get() + n),
            &mut |n| {
                done.set(done.get() + n);
                report();
            },
        );
        match result {
            Ok(Some(s)) => {
                total.files += 1;
                total.merge(s);
            }
            Ok(None) => total.skipped_files.push(path.display().to_string()),
            Err(p) => total.file_problems.push(p),
        }
    }
    total.seconds = start.elapsed().as_secs_f64();
    Ok(total)
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for Summary {
    /// The summary a person reads in ten seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = if self.seconds > 0.0 {
            self.records as f64 / self.seconds
        } else {
            0.0
        };
        writeln!(
            f,
            "audited {} records in {} file{} in {:.2} s ({} games/s, {} job{})",
            thousands(self.records),
            self.files,
            if self.files == 1 { "" } else { "s" },
            self.seconds,
            thousands(rate as usize),
            self.jobs,
            if self.jobs == 1 { "" } else { "s" },
        )?;
        writeln!(f, "settings: {}", self.settings)?;
        writeln!(
            f,
            "records: {} read, {} unreadable{}",
            thousands(self.records - self.unreadable),
            thousands(self.unreadable),
            if self.not_sampled > 0 {
                format!(", {} skipped by --sample", thousands(self.not_sampled))
            } else {
                String::new()
            }
        )?;
        let line = |m: &BTreeMap<String, usize>, order: &[&str]| {
            let mut parts: Vec<String> = order
                .iter()
                .filter_map(|k| m.get(*k).map(|n| format!("{k} {}", thousands(*n))))
                .collect();
            for (k, n) in m {
                if !order.contains(&k.as_str()) {
                    parts.push(format!("{k} {}", thousands(*n)));
                }
            }
            parts.join(", ")
        };
        writeln!(
            f,
            "verdicts: {}",
            line(
                &self.verdicts,
                &["ok", "warning", "result-mismatch", "illegal", "unreadable"]
            )
        )?;
        writeln!(
            f,
            "ends: {}",
            line(
                &self.ends,
                &[
                    "none",
                    "black-five",
                    "white-five",
                    "foul-double-three",
                    "foul-double-four",
                    "foul-overline",
                    "draw-full-board"
                ]
            )
        )?;
        if self.findings.is_empty() {
            writeln!(f, "findings: none")?;
        } else {
            writeln!(f, "findings:")?;
            for (kind, k) in &self.findings {
                writeln!(f, "  {kind}: {}", thousands(k.count))?;
                for e in &k.examples {
                    let at = e.r#move.map(|m| format!(", move {m}")).unwrap_or_default();
                    writeln!(f, "    {} record {}{at}: {}", e.file, e.record, e.text)?;
                }
            }
        }
        for p in &self.file_problems {
            writeln!(f, "file not audited: {}: {}", p.file, p.reason)?;
        }
        if !self.file_problems.is_empty() {
            writeln!(
                f,
                "INCOMPLETE: {} path{} could not be read; the counts and the report cover the rest",
                self.file_problems.len(),
                if self.file_problems.len() == 1 {
                    ""
                } else {
                    "s"
                },
            )?;
        }
        if !self.skipped_files.is_empty() {
            writeln!(
                f,
                "skipped {} file{} in no record format: {}",
                self.skipped_files.len(),
                if self.skipped_files.len() == 1 {
                    ""
                } else {
                    "s"
                },
                {
                    let shown: Vec<&str> = self
                        .skipped_files
                        .iter()
                        .take(EXAMPLES)
                        .map(String::as_str)
                        .collect();
                    let more = self.skipped_files.len().saturating_sub(EXAMPLES);
                    if more > 0 {
                        format!("{} and {more} more (all in --json)", shown.join(", "))
                    } else {
                        shown.join(", ")
                    }
                }
            )?;
        }
        Ok(())
    }
}

/// Where a command-line run reads and writes.
#[derive(Debug, Clone, Default)]
pub struct Io {
    /// Files or folders to audit.
    pub paths: Vec<PathBuf>,
    /// CSV report path.
    pub report: Option<PathBuf>,
    /// JSON summary path.
    pub json: Option<PathBuf>,
    /// Worker threads (`None`: all cores).
    pub jobs: Option<usize>,
    /// No summary on stdout, no progress bar.
    pub quiet: bool,
}

/// The CSV header: the contract columns, then the extra ones.
pub const CSV_HEADER: [&str; 12] = [
    "file",
    "index",
    "id",
    "moves",
    "declared",
    "end",
    "end_move",
    "continues",
    "verdict",
    "detail",
    "findings",
    "opening",
];

/// A file written under a temporary name and renamed into place only once complete, so that
/// a failed run never leaves a partial report under the name asked for. A target that
/// exists and is not a regular file (`/dev/stdout`, a pipe, `/dev/full`) is written directly:
/// renaming over it would replace the device or pipe itself.
struct PendingFile {
    /// The temporary file, `None` when writing directly.
    tmp: Option<PathBuf>,
    target: PathBuf,
}

impl PendingFile {
    fn create(target: &Path) -> Result<(PendingFile, std::fs::File), String> {
        let fail = |e: &dyn fmt::Display| format!("cannot write {}: {e}", target.display());
        match std::fs::metadata(target) {
            Ok(m) if m.is_dir() => return Err(fail(&"it is a folder")),
            Ok(m) if !m.is_file() => {
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .map_err(|e| fail(&e))?;
                return Ok((
                    PendingFile {
                        tmp: None,
                        target: target.to_path_buf(),
                    },
                    f,
                ));
            }
            _ => {}
        }
        let Some(file_name) = target.file_name() else {
            return Err(fail(&"not a file name"));
        };
        let mut name = file_name.to_os_string();
        name.push(".partial");
        let tmp = target.with_file_name(name);
        let f = std::fs::File::create(&tmp).map_err(|e| fail(&e))?;
        Ok((
            PendingFile {
                tmp: Some(tmp),
                target: target.to_path_buf(),
            },
            f,
        ))
    }

    fn commit(self) -> Result<(), String> {
        match &self.tmp {
            Some(tmp) => std::fs::rename(tmp, &self.target)
                .map_err(|e| format!("cannot write {}: {e}", self.target.display())),
            None => Ok(()),
        }
    }

    fn abandon(self) {
        if let Some(tmp) = &self.tmp {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

fn csv_record(row: &Row) -> [String; 12] {
    [
        row.file.clone(),
        row.index.to_string(),
        row.id.clone(),
        row.moves.to_string(),
        row.declared.clone(),
        row.end.clone(),
        row.end_move.map(|m| m.to_string()).unwrap_or_default(),
        row.continues.to_string(),
        row.verdict.clone(),
        row.detail.clone(),
        row.findings.clone(),
        row.opening.clone(),
    ]
}

/// Why a run failed as a whole.
#[derive(Debug)]
pub enum RunError {
    /// A path given cannot be found or examined.
    Read(FileProblem),
    /// The report could not be written (disk full, a closed pipe...): it is incomplete.
    Write(std::io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Read(p) => write!(f, "cannot read {}: {}", p.file, p.reason),
            RunError::Write(e) => write!(f, "cannot write the report: {e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Audits every file under `paths` and writes the CSV report (header, then one row per
/// record) to `report`, any writer; `progress` as in [`audit_paths`]. The report is flushed
/// before returning. After a write error nothing more is written (the audit still runs to
/// its end so the error comes with the whole summary lost, never a report that looks
/// complete).
///
/// # Errors
/// [`RunError::Read`] for a path that cannot be found, [`RunError::Write`] for the first
/// write error of the report.
///
/// ```
/// use corpus_tool::validate::{Options, audit_with_report};
/// let dir = std::env::temp_dir().join(format!("renju-kit-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let file = dir.join("g.renju");
/// std::fs::write(&file, "black h8 h9 i8 h10 j7 g9 k6 l5 i9 j9\nwhite h8 zz\n").unwrap();
/// let mut csv = Vec::new();
/// let summary = audit_with_report(&[file], &Options::default(), Some(&mut csv), &mut |_, _| {}).unwrap();
/// assert_eq!((summary.records, summary.unreadable), (2, 0));
/// let text = String::from_utf8(csv).unwrap();
/// assert_eq!(text.lines().count(), 3, "{text}");
/// assert!(text.lines().nth(2).unwrap().contains(",illegal,"));
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn audit_with_report<W: Write>(
    paths: &[PathBuf],
    options: &Options,
    report: Option<W>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Summary, RunError> {
    let mut writer = report.map(csv::Writer::from_writer);
    let mut write_error: Option<std::io::Error> = None;
    let as_io = |e: csv::Error| match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        k => std::io::Error::other(format!("{k:?}")),
    };
    if let Some(w) = writer.as_mut()
        && let Err(e) = w.write_record(CSV_HEADER)
    {
        write_error = Some(as_io(e));
    }
    let mut sink = |row: &Row| {
        if let Some(w) = writer.as_mut()
            && write_error.is_none()
            && let Err(e) = w.write_record(csv_record(row))
        {
            write_error = Some(as_io(e));
        }
    };
    let summary = audit_paths(paths, options, &mut sink, progress).map_err(RunError::Read)?;
    if let Some(e) = write_error {
        return Err(RunError::Write(e));
    }
    if let Some(w) = writer {
        let mut inner = w
            .into_inner()
            .map_err(|e| RunError::Write(e.into_error()))?;
        inner.flush().map_err(RunError::Write)?;
    }
    Ok(summary)
}

/// Writes the JSON summary to `out`, flushed.
///
/// # Errors
/// The first write error.
pub fn write_json<W: Write>(summary: &Summary, mut out: W) -> std::io::Result<()> {
    serde_json::to_writer_pretty(&mut out, summary).map_err(std::io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Runs `corpus-tool validate`: audits, writes the report and JSON, prints the summary.
/// Returns the exit status: 0 no findings, 1 findings, 2 the run failed part-way (a file
/// or folder that could not be read: the summary says which; the report covers the rest).
///
/// Reports are written to `NAME.partial` and renamed to `NAME` only once complete; after a
/// failure no file `NAME` is left (nor the partial one).
///
/// # Errors
/// The run itself failed: a path that cannot be read, a report that cannot be written.
pub fn run_command(options: &Options, io: &Io) -> Result<u8, String> {
    use std::io::IsTerminal;
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = io.jobs {
        if n == 0 {
            return Err("--jobs must be at least 1".to_string());
        }
        pool = pool.num_threads(n);
    }
    let pool = pool
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    for p in &io.paths {
        std::fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    }
    let report = match &io.report {
        Some(path) => Some(PendingFile::create(path)?),
        None => None,
    };
    // the JSON file is claimed before the audit, so an unwritable path fails fast
    let json = match &io.json {
        Some(path) => match PendingFile::create(path) {
            Ok(p) => Some(p),
            Err(e) => {
                if let Some((pending, _)) = report {
                    pending.abandon();
                }
                return Err(e);
            }
        },
        None => None,
    };
    let bar = (!io.quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(0);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {pos}/~{len} games [{elapsed_precise}] {per_sec} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let (report_pending, report_file) = match report {
        Some((p, f)) => (Some(p), Some(std::io::BufWriter::new(f))),
        None => (None, None),
    };
    let result = pool.install(|| {
        let mut progress = |done: usize, total: usize| {
            if let Some(b) = &bar {
                b.set_length(total as u64);
                b.set_position(done as u64);
            }
        };
        audit_with_report(&io.paths, options, report_file, &mut progress)
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let summary = match result {
        Ok(s) => s,
        Err(e) => {
            let message = match (&e, &report_pending) {
                (RunError::Write(w), Some(p)) => {
                    format!(
                        "cannot write {}: {w} (no report written)",
                        p.target.display()
                    )
                }
                _ => e.to_string(),
            };
            if let Some(p) = report_pending {
                p.abandon();
            }
            if let Some((p, _)) = json {
                p.abandon();
            }
            return Err(message);
        }
    };
    if let Some((pending, file)) = json {
        match write_json(&summary, std::io::BufWriter::new(file)) {
            Ok(()) => {}
            Err(e) => {
                let target = pending.target.display().to_string();
                pending.abandon();
                if let Some(p) = report_pending {
                    p.abandon();
                }
                return Err(format!("cannot write {target}: {e} (no report written)"));
            }
        }
        if let Some(p) = report_pending {
            p.commit()?;
        }
        pending.commit()?;
    } else if let Some(p) = report_pending {
        p.commit()?;
    }
    for p in &summary.file_problems {
        eprintln!("corpus-tool validate: {}: {}", p.file, p.reason);
    }
    if !io.quiet {
        // A closed pipe (`| head`) is not an error of the audit: stop printing quietly.
        let _ = std::io::Write::write_all(&mut std::io::stdout(), summary.to_string().as_bytes());
    }
    Ok(if !summary.file_problems.is_empty() {
        2
    } else if summary.has_findings() {
        1
    } else {
        0
    })
}
