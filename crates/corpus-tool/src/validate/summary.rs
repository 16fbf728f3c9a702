//! What a run found, added up over every row: [`Summary`], its typed counts ([`Tally`]) and
//! the text a person reads.

use super::row::{FindingKind, Row};
use super::walk::FileProblem;
use analyzer::{End, GameAudit, GameVerdict};
use renju_core::Foul;
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
    pub verdicts: Tally<GameVerdict>,
    /// Rows per end.
    pub ends: Tally<End>,
    /// Findings per kind (illegal moves and result mismatches included), with examples.
    pub findings: BTreeMap<FindingKind, KindCount>,
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
        self.verdicts.iter().any(|(v, _)| v != GameVerdict::Ok)
    }

    /// The count of findings of `kind`.
    #[must_use]
    pub fn finding_count(&self, kind: FindingKind) -> usize {
        self.findings.get(&kind).map_or(0, |k| k.count)
    }

    /// Adds one row (and its audit, when there is one).
    pub fn add(&mut self, row: &Row, audit: Option<&GameAudit>) {
        self.records += 1;
        self.verdicts.add(row.verdict, 1);
        self.ends.add(row.end, 1);
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
                    .entry(FindingKind::Unreadable)
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
                        .entry(FindingKind::Illegal)
                        .or_default()
                        .add(|| example(Some(i.number), i.to_string()));
                }
                if a.verdict() == GameVerdict::ResultMismatch {
                    self.findings
                        .entry(FindingKind::ResultMismatch)
                        .or_default()
                        .add(|| example(a.end_move, row.detail.clone()));
                }
                for f in &a.findings {
                    self.findings
                        .entry(FindingKind::of(f))
                        .or_default()
                        .add(|| example(f.move_number(), f.to_string()));
                }
            }
        }
    }

    /// Adds the counts of `other` (examples kept up to [`EXAMPLES`] per kind).
    pub fn merge(&mut self, other: Summary) {
        self.records += other.records;
        self.unreadable += other.unreadable;
        self.not_sampled += other.not_sampled;
        self.verdicts.merge(&other.verdicts);
        self.ends.merge(&other.ends);
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

/// `1234567` as `1,234,567`.
#[must_use]
pub fn thousands(n: usize) -> String {
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

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn line<K: Counted>(t: &Tally<K>) -> String {
    t.iter()
        .map(|(k, n)| format!("{} {}", k.name(), thousands(n)))
        .collect::<Vec<_>>()
        .join(", ")
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
            plural(self.files),
            self.seconds,
            thousands(rate as usize),
            self.jobs,
            plural(self.jobs),
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
        writeln!(f, "verdicts: {}", line(&self.verdicts))?;
        writeln!(f, "ends: {}", line(&self.ends))?;
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
                plural(self.file_problems.len()),
            )?;
        }
        if !self.skipped_files.is_empty() {
            let shown: Vec<&str> = self
                .skipped_files
                .iter()
                .take(EXAMPLES)
                .map(String::as_str)
                .collect();
            let more = self.skipped_files.len().saturating_sub(EXAMPLES);
            writeln!(
                f,
                "skipped {} file{} in no record format: {}",
                self.skipped_files.len(),
                plural(self.skipped_files.len()),
                if more > 0 {
                    format!("{} and {more} more (all in --json)", shown.join(", "))
                } else {
                    shown.join(", ")
                }
            )?;
        }
        Ok(())
    }
}
