//! What a run found, added up over every row: [`Summary`], its typed counts ([`Tally`]) and
//! the text a person reads.

use super::Options;
use super::row::{FindingKind, Row, by_display};
use crate::input::walk::{FileProblem, ProblemKind, SkipReason, Skipped};
use crate::style::{by_folder, count, first_few, or_none, ordinal, plural, thousands};
use renju_analyzer::{ClaimPolicy, End, GameAudit, GameVerdict, Settings};
use renju_core::{Convention, Foul, RuleSet};
use renju_notation::{Format, Orientation};
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// How many examples each kind of finding keeps for the summary.
pub const EXAMPLES: usize = 3;

/// A kind counted by a [`Tally`]: a closed set of values with report names.
pub trait Counted: Copy + Eq + 'static {
    /// Every value, in the order the summary prints them.
    const ORDER: &'static [Self];
    /// The report name.
    fn name(self) -> &'static str;
}

impl Counted for GameVerdict {
    const ORDER: &'static [Self] = &GameVerdict::ALL;
    fn name(self) -> &'static str {
        GameVerdict::name(self)
    }
}

impl Counted for End {
    const ORDER: &'static [Self] = &[
        End::None,
        End::BlackFive,
        End::WhiteFive,
        End::Foul(Foul::DoubleThree),
        End::Foul(Foul::DoubleFour),
        End::Foul(Foul::Overline),
        End::DrawFullBoard,
    ];
    fn name(self) -> &'static str {
        End::name(self)
    }
}

/// Counts per value of `K` (rows per verdict, rows per end). Serialised as an object of the
/// values seen, by name in byte order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally<K: Counted> {
    counts: Vec<usize>,
    kind: std::marker::PhantomData<K>,
}

impl<K: Counted> Default for Tally<K> {
    fn default() -> Self {
        Tally {
            counts: vec![0; K::ORDER.len()],
            kind: std::marker::PhantomData,
        }
    }
}

impl<K: Counted> Tally<K> {
    fn slot(k: K) -> usize {
        K::ORDER
            .iter()
            .position(|&o| o == k)
            .expect("ORDER lists every value")
    }

    /// Adds `n` to `k`.
    pub fn add(&mut self, k: K, n: usize) {
        self.counts[Self::slot(k)] += n;
    }

    /// The count of `k`.
    #[must_use]
    pub fn get(&self, k: K) -> usize {
        self.counts[Self::slot(k)]
    }

    /// The sum of every count.
    #[must_use]
    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The values seen (count above 0) with their counts, in [`Counted::ORDER`].
    pub fn iter(&self) -> impl Iterator<Item = (K, usize)> + '_ {
        K::ORDER
            .iter()
            .zip(&self.counts)
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| (*k, *n))
    }

    fn merge(&mut self, other: &Tally<K>) {
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }
}

impl<K: Counted> Serialize for Tally<K> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let by_name: BTreeMap<&str, usize> = self.iter().map(|(k, n)| (k.name(), n)).collect();
        by_name.serialize(s)
    }
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
}

/// What the run judged by and how it read: the JSON summary's `settings` object.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RunSettings {
    /// `renju`, `freestyle` or `standard`.
    #[serde(serialize_with = "by_display")]
    pub rules: RuleSet,
    /// `lenient` or `strict`.
    #[serde(serialize_with = "by_display")]
    pub convention: Convention,
    /// `claim`, `foul-loses` or `refuse`.
    #[serde(serialize_with = "by_display")]
    pub claim_policy: ClaimPolicy,
    /// Every N-th record of each file audited (1: all).
    pub sample: usize,
    /// The format forced on every file, `null` when detected per file.
    #[serde(serialize_with = "format_or_null")]
    pub format: Option<Format>,
    /// The orientation forced (`top`, `bottom`), `null` for each format's usual one.
    #[serde(serialize_with = "orientation_or_null")]
    pub orientation: Option<Orientation>,
    /// The limits of the missed-wins search (`--missed-wins`); absent from the JSON when not
    /// looked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missed_wins: Option<MissedWins>,
}

/// The limits of `--missed-wins`, as the JSON summary's `settings.missed_wins`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MissedWins {
    /// `--max-depth`: the most fours of a VCF, the final five not counted.
    pub max_depth: u32,
    /// The most search nodes per position.
    pub max_nodes: u64,
    /// The VCT pass (`--missed-wins=vct`); absent from the JSON when not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vct: Option<VctPass>,
}

/// The limits of `--missed-wins=vct`'s VCT pass, as the JSON summary's
/// `settings.missed_wins.vct`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct VctPass {
    /// `--max-depth`: the most attacker moves of a VCT, the final five not counted.
    pub max_depth: u32,
    /// `--threat-depth`: a threat is a move after which a VCF of at most this many fours
    /// would win if the defender passed.
    pub threat_depth: u32,
    /// The most search nodes per position.
    pub max_nodes: u64,
}

fn format_or_null<S: Serializer>(v: &Option<Format>, s: S) -> Result<S::Ok, S::Error> {
    v.map(Format::name).serialize(s)
}

fn orientation_or_null<S: Serializer>(v: &Option<Orientation>, s: S) -> Result<S::Ok, S::Error> {
    v.map(Orientation::name).serialize(s)
}

impl RunSettings {
    /// The settings of `options`.
    #[must_use]
    pub fn of(options: &Options) -> RunSettings {
        RunSettings {
            rules: options.settings.rules,
            convention: options.settings.convention,
            claim_policy: options.settings.claim,
            sample: options.sample.max(1),
            format: options.format,
            orientation: options.orientation,
            missed_wins: options.missed_wins.map(|l| MissedWins {
                max_depth: l.vcf.max_depth,
                max_nodes: l.vcf.max_nodes,
                vct: l.vct.map(|v| VctPass {
                    max_depth: v.max_depth,
                    threat_depth: v.threat_depth,
                    max_nodes: v.max_nodes,
                }),
            }),
        }
    }
}

impl fmt::Display for RunSettings {
    /// As [`Settings`] says it: `rules renju, convention lenient, claim policy claim`; then,
    /// with `--missed-wins`, `; --missed-wins --max-depth 20 (at most 1,000,000 search nodes a
    /// position)`; with `--missed-wins=vct`, `; --missed-wins=vct --max-depth 5 --threat-depth
    /// 1 (at most 10,000,000 search nodes a position; VCFs first, at most 20 fours)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Settings::new(self.rules, self.convention, self.claim_policy).fmt(f)?;
        if let Some(m) = self.missed_wins
            && let Some(v) = m.vct
        {
            write!(
                f,
                "; --missed-wins=vct --max-depth {} --threat-depth {} (at most {} search nodes a position; VCFs first, at most {} fours)",
                v.max_depth,
                v.threat_depth,
                thousands(v.max_nodes),
                m.max_depth
            )?;
        } else if let Some(m) = self.missed_wins {
            write!(
                f,
                "; --missed-wins --max-depth {} (at most {} search nodes a position)",
                m.max_depth,
                thousands(m.max_nodes)
            )?;
        }
        Ok(())
    }
}

/// What a run found, added up over every row.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// The settings.
    pub settings: RunSettings,
    /// Files audited.
    pub files: usize,
    /// Records read (rows in the report), unreadable ones included.
    pub records: usize,
    /// Records that could not be read.
    pub unreadable: usize,
    /// Records read but not audited because of `--sample`.
    pub not_sampled: usize,
    /// Rows per verdict.
    pub verdicts: Tally<GameVerdict>,
    /// Rows per end.
    pub ends: Tally<End>,
    /// Findings per kind (illegal moves and result mismatches included), with examples.
    pub findings: BTreeMap<FindingKind, KindCount>,
    /// Checks not made for lack of data, per kind (`opening-not-checkable`,
    /// `unknown-opening-rule`, `unsupported-opening-rule`), with examples. Not findings: they
    /// change no verdict and are not in the report's `findings` column.
    pub notes: BTreeMap<&'static str, KindCount>,
    /// Files that could not be audited: unreadable ones, and files in a record format
    /// holding no record.
    pub file_problems: Vec<FileProblem>,
    /// Files found in folders that are in no record format (a README, say): not audited.
    pub skipped_files: Vec<String>,
    /// Entries of folders not read: hidden ones, links back up, pipes (see
    /// [`walk`](crate::input::walk)).
    pub skipped: Vec<Skipped>,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Worker threads used.
    pub jobs: usize,
    /// When the run was stopped before its end (SIGINT, SIGTERM): by what, and what it did
    /// not reach. Absent from the JSON when the run ran to its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Interrupted>,
}

/// A run stopped before its end: the counts and the report cover the records audited, a
/// prefix of the input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Interrupted {
    /// What stopped it: `SIGINT`, `SIGTERM`, or `a request`.
    pub by: String,
    /// Records not audited: read and not worked, or never read (counted by reading them).
    pub not_reached: usize,
    /// Whether every record not reached was counted (`false`: a second signal stopped the
    /// counting; `not_reached` is then a lower bound).
    pub counted: bool,
}

impl Summary {
    /// Whether anything is worth an arbiter's look: a row that is not `ok`, a finding (a
    /// `--missed-wins` finding leaves the verdict `ok`), or a file holding no record.
    #[must_use]
    pub fn has_findings(&self) -> bool {
        self.verdicts.iter().any(|(v, _)| v != GameVerdict::Ok)
            || !self.findings.is_empty()
            || self
                .file_problems
                .iter()
                .any(|p| p.kind == ProblemKind::NoRecords)
    }

    /// Whether the run is incomplete: a path or file that could not be read.
    #[must_use]
    pub fn incomplete(&self) -> usize {
        self.file_problems
            .iter()
            .filter(|p| p.kind == ProblemKind::Unreadable)
            .count()
    }

    /// The exit status: 130 the run was interrupted, 2 it is incomplete, 1 findings, 0 every
    /// record `ok`.
    #[must_use]
    pub fn status(&self) -> u8 {
        if self.interrupted.is_some() {
            130
        } else if self.incomplete() > 0 {
            2
        } else if self.has_findings() {
            1
        } else {
            0
        }
    }

    /// Checks that the counts add up (every build): the rows per verdict and per end are the
    /// rows, the unreadable ones are the rows of verdict `unreadable`, each kind has at most
    /// [`EXAMPLES`] examples and at least as many findings.
    ///
    /// # Panics
    /// When they do not (a bug).
    pub fn check(&self) {
        assert_eq!(
            self.verdicts.total(),
            self.records,
            "summary: rows per verdict"
        );
        assert_eq!(self.ends.total(), self.records, "summary: rows per end");
        assert_eq!(
            self.verdicts.get(GameVerdict::Unreadable),
            self.unreadable,
            "summary: unreadable rows"
        );
        assert_eq!(
            self.finding_count(FindingKind::Unreadable),
            self.unreadable,
            "summary: unreadable findings"
        );
        for (kind, k) in &self.findings {
            assert!(
                k.examples.len() <= EXAMPLES && k.examples.len() <= k.count && k.count > 0,
                "summary: examples of {kind}"
            );
        }
    }

    /// Every finding counted, all kinds together.
    #[must_use]
    pub fn finding_total(&self) -> usize {
        self.findings.values().map(|k| k.count).sum()
    }

    /// The count of findings of `kind`.
    #[must_use]
    pub fn finding_count(&self, kind: FindingKind) -> usize {
        self.findings.get(&kind).map_or(0, |k| k.count)
    }

    /// Adds one row (and its audit, when there is one). The findings counted are the
    /// row's `findings` column, so the report reproduces every count; the audit gives the
    /// examples' texts.
    pub fn add(&mut self, row: &Row, audit: Option<&GameAudit>) {
        self.records += 1;
        self.verdicts.add(row.verdict, 1);
        self.ends.add(row.end, 1);
        if audit.is_none() {
            self.unreadable += 1;
        }
        let example = |m: Option<usize>, text: String| Example {
            file: row.file.clone(),
            record: row.index,
            r#move: m,
            text,
        };
        for note in audit.into_iter().flat_map(|a| a.notes.iter()) {
            self.notes
                .entry(note.kind())
                .or_default()
                .add(|| example(None, note.to_string()));
        }
        for u in &row.unsettled {
            self.notes
                .entry(u.kind())
                .or_default()
                .add(|| example(u.move_number, u.to_string()));
        }
        for_each_finding(row, audit, &mut |kind, detail| {
            self.findings.entry(kind).or_default().add(|| {
                let (m, text) = detail();
                example(m, text)
            });
        });
    }

    /// Adds the counts of `other` (examples kept up to [`EXAMPLES`] per kind).
    pub fn merge(&mut self, other: Summary) {
        self.records += other.records;
        self.unreadable += other.unreadable;
        self.not_sampled += other.not_sampled;
        self.verdicts.merge(&other.verdicts);
        self.ends.merge(&other.ends);
        for (k, v) in other.notes {
            let mine = self.notes.entry(k).or_default();
            mine.count += v.count;
            for e in v.examples {
                if mine.examples.len() < EXAMPLES {
                    mine.examples.push(e);
                }
            }
        }
        for (k, v) in other.findings {
            let mine = self.findings.entry(k).or_default();
            mine.count += v.count;
            for e in v.examples {
                if mine.examples.len() < EXAMPLES {
                    mine.examples.push(e);
                }
            }
        }
    }
}

/// A finding's move and sentence, made when asked for ([`for_each_finding`]).
pub type Detail<'a> = &'a dyn Fn() -> (Option<usize>, String);

/// Calls `f` with each finding of `row` (its `findings` column, in order) and a way to get
/// its move and its sentence (made only when asked for: the summary keeps a few examples,
/// `--findings-report` all of them): an unreadable record's reason (without the file and
/// record the row names), an illegal move's, a mismatch's detail, an analyzer finding's
/// sentence, a missed win's (with its VCF line).
pub fn for_each_finding(
    row: &Row,
    audit: Option<&GameAudit>,
    f: &mut dyn FnMut(FindingKind, Detail<'_>),
) {
    let mut analyzer = audit.into_iter().flat_map(|a| a.findings.iter());
    let mut missed = row.missed.iter();
    for &kind in &row.findings.0 {
        match (kind, audit) {
            (FindingKind::Unreadable, _) => f(kind, &|| {
                // The detail repeats the file and record the row already names.
                let prefix = format!("{}: record {}, ", row.file, row.index);
                let text = row.detail.strip_prefix(&prefix).unwrap_or(&row.detail);
                (None, text.to_string())
            }),
            (FindingKind::Illegal, Some(a)) => f(kind, &|| match &a.illegal {
                // number 0: the board itself (its size), no move
                Some(i) => ((i.number > 0).then_some(i.number), i.to_string()),
                None => (None, row.detail.clone()),
            }),
            (FindingKind::ResultMismatch, Some(a)) => {
                f(kind, &|| (a.end_move, row.detail.clone()));
            }
            (k, _) if k.from_missed_wins() => {
                let m = missed.next();
                f(kind, &|| match m {
                    Some(m) => (m.move_number(), m.to_string()),
                    None => (None, row.detail.clone()),
                });
            }
            _ => {
                let a = analyzer.next();
                f(kind, &|| match a {
                    Some(a) => (a.move_number(), a.to_string()),
                    None => (None, row.detail.clone()),
                });
            }
        }
    }
}

fn line<K: Counted>(t: &Tally<K>) -> String {
    or_none(
        t.iter()
            .map(|(k, n)| format!("{} {}", k.name(), thousands(n)))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

impl fmt::Display for Summary {
    /// The summary a person reads in ten seconds: the counts, the findings with their first
    /// examples, the notes, then what was not audited or skipped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_counts(f)?;
        self.write_findings(f)?;
        self.write_notes(f)?;
        self.write_not_audited(f)?;
        self.write_skipped(f)
    }
}

impl Summary {
    /// `audited ...`, `settings: ...`, `records: ...`, `verdicts: ...`, `ends: ...`.
    fn write_counts(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = if self.seconds > 0.0 {
            self.records as f64 / self.seconds
        } else {
            0.0
        };
        writeln!(
            f,
            "audited {} in {} in {:.2} s ({} games/s, {})",
            count(self.records, "record", "records"),
            count(self.files, "file", "files"),
            self.seconds,
            thousands(rate as usize),
            count(self.jobs, "job", "jobs"),
        )?;
        writeln!(f, "settings: {}", self.settings)?;
        if self.not_sampled > 0 {
            writeln!(
                f,
                "records: {} read, {} audited (every {}), {} not sampled (no row), {} unreadable",
                thousands(self.records + self.not_sampled),
                thousands(self.records),
                ordinal(self.settings.sample),
                thousands(self.not_sampled),
                thousands(self.unreadable),
            )?;
        } else {
            writeln!(
                f,
                "records: {} read, {} unreadable",
                thousands(self.records - self.unreadable),
                thousands(self.unreadable),
            )?;
        }
        writeln!(f, "verdicts: {}", line(&self.verdicts))?;
        writeln!(f, "ends: {}", line(&self.ends))
    }

    /// `findings: none`, or each kind with its count and first examples.
    fn write_findings(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.findings.is_empty() {
            return writeln!(f, "findings: none");
        }
        writeln!(f, "findings:")?;
        for (kind, k) in &self.findings {
            if k.count > k.examples.len() {
                writeln!(
                    f,
                    "  {kind}: {} ({} of {} shown)",
                    thousands(k.count),
                    k.examples.len(),
                    thousands(k.count)
                )?;
            } else {
                writeln!(f, "  {kind}: {}", thousands(k.count))?;
            }
            for e in &k.examples {
                let at = e.r#move.map(|m| format!(", move {m}")).unwrap_or_default();
                writeln!(f, "    {} record {}{at}: {}", e.file, e.record, e.text)?;
            }
        }
        Ok(())
    }

    /// The checks not made, by kind, when there are any.
    fn write_notes(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.notes.is_empty() {
            return Ok(());
        }
        writeln!(f, "notes (checks not made for lack of data; not findings):")?;
        for (kind, k) in &self.notes {
            writeln!(f, "  {kind}: {}", thousands(k.count))?;
            for e in &k.examples {
                writeln!(f, "    {} record {}: {}", e.file, e.record, e.text)?;
            }
        }
        Ok(())
    }

    /// The files not audited, a stop, the paths that could not be read.
    fn write_not_audited(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.file_problems {
            writeln!(f, "file not audited: {}: {}", p.file, p.reason)?;
        }
        if let Some(i) = &self.interrupted {
            writeln!(
                f,
                "INTERRUPTED by {}: the counts and the report cover the {} audited; {}{} not reached",
                i.by,
                count(self.records, "record", "records"),
                if i.counted { "" } else { "at least " },
                count(i.not_reached, "record", "records"),
            )?;
        }
        let incomplete = self.incomplete();
        if incomplete > 0 {
            writeln!(
                f,
                "INCOMPLETE: {incomplete} path{} could not be read; the counts and the report cover the rest",
                plural(incomplete),
            )?;
        }
        Ok(())
    }

    /// The entries skipped: files in no record format summed per folder, the others by
    /// reason with their first few paths.
    fn write_skipped(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.skipped_files.is_empty() {
            writeln!(
                f,
                "skipped {} file{} in no record format: {}",
                thousands(self.skipped_files.len()),
                plural(self.skipped_files.len()),
                by_folder(&self.skipped_files, "every file in --json")
            )?;
        }
        for reason in [
            SkipReason::Hidden,
            SkipReason::LinkLoop,
            SkipReason::NotARegularFile,
        ] {
            let paths: Vec<&str> = self
                .skipped
                .iter()
                .filter(|s| s.reason == reason)
                .map(|s| s.path.as_str())
                .collect();
            if !paths.is_empty() {
                writeln!(
                    f,
                    "skipped {}, {reason}: {}",
                    count(paths.len(), "entry", "entries"),
                    first_few(&paths, "--json")
                )?;
            }
        }
        Ok(())
    }
}
