//! The audit of every record under the paths given: the record [`stream()`] (on the
//! [`Engine`]) with the audit as the workers' work, one [`Row`] per record, in report order
//! (file order, then record order).
//!
//! **Accounting invariant** (checked in every build): every record a reader yields and
//! `--sample` keeps becomes exactly one [`Row`], whether it was audited or could not be read,
//! and the [`Summary`] counts are sums over those rows.

use super::Options;
use super::row::Row;
use super::summary::{Interrupted, RunSettings, Summary};
use crate::engine::Engine;
use crate::input::walk::{Entry, FileProblem, Walk, walk_paths};
use crate::input::{Read, Record, StreamOptions, stream};
use renju_analyzer::{GameAudit, audit, audit_with_unreadable};
use renju_notation::GameRecord;
use std::cell::Cell;
use std::path::PathBuf;

/// One record through the audit, as handed to the sink in report order.
#[derive(Debug)]
pub struct Audited<'a, T> {
    /// The report row.
    pub row: &'a Row,
    /// The record, when it could be read.
    pub record: Option<&'a GameRecord>,
    /// Its audit, when it could be read.
    pub audit: Option<&'a GameAudit>,
    /// What the caller's `extra` work made of it, when it could be read.
    pub extra: Option<&'a T>,
}

/// How far an audit is, for a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Records audited so far (rows, unreadable ones included).
    pub records: usize,
    /// The records of the whole input, estimated from the bytes read so far (exact at the
    /// end); `None` while the size of the input is not known.
    pub estimated_records: Option<usize>,
    /// Findings so far (every kind the summary counts).
    pub findings: usize,
}

/// A record audited on a worker: its row (its index set in report order), the record, its
/// audit and the caller's extra work.
struct Worked<T> {
    row: Row,
    record: GameRecord,
    audit: GameAudit,
    extra: T,
}

/// Audits one record read from `file` as `validate` audits it on its workers: its row (index
/// 0: the caller numbers it), with the missed-wins scan when `options` asks for one, the
/// record and its audit. For callers that hold records rather than files (the Python
/// binding's `audit` of games).
#[must_use]
pub fn audit_record(file: &str, read: Read, options: &Options) -> (Row, GameRecord, GameAudit) {
    let settings = &options.settings;
    let (record, audit) = match read {
        Read::Game(g) => {
            let a = audit(&g, settings);
            (g, a)
        }
        Read::Salvaged(g, u) => {
            let a = audit_with_unreadable(&g, settings, &u);
            (g, a)
        }
    };
    let mut row = Row::audited(file, 0, &record, &audit);
    if let Some(limits) = options.missed_wins {
        row.add_scan(renju_analyzer::missed::scan_game_with(
            &record, &audit, &limits,
        ));
    }
    (row, record, audit)
}

/// Audits one record (on a worker).
fn audit_one<T>(
    file: &str,
    read: Read,
    options: &Options,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
) -> Box<Worked<T>> {
    let (row, record, audit) = audit_record(file, read, options);
    let extra = extra(&record, &audit);
    // boxed: the result moves through the stream's batches and the writer's hands as one
    // pointer instead of a copy of the whole (about a kilobyte) at each step
    Box::new(Worked {
        row,
        record,
        audit,
        extra,
    })
}

/// Audits the entries of a walk as they come ([`walk_paths`]: the walk overlaps the audit)
/// on `engine`'s workers. `extra` runs on the workers for each record read (for commands that
/// add their own work to the audit); `sink` gets every record in report order; `progress` how
/// far the audit is.
///
/// # Panics
/// When the accounting invariant does not hold (a bug), or `sink` or `extra` panics.
pub fn audit_entries<T: Send>(
    entries: impl Iterator<Item = Entry> + Send,
    options: &Options,
    engine: &Engine,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
    sink: &mut dyn FnMut(Audited<'_, T>),
    progress: &mut dyn FnMut(Progress),
) -> Summary {
    let start = std::time::Instant::now();
    let mut total = Summary {
        settings: RunSettings::of(options),
        jobs: engine.jobs().get(),
        ..Summary::default()
    };
    let findings = Cell::new(0usize);
    let read = StreamOptions {
        read: options.read_options(),
        sample: options.sample,
    };
    let streamed = stream(
        entries,
        engine,
        read,
        &|file, read| audit_one(file, read, options, extra),
        &mut |r: Record<Box<Worked<T>>>| {
            let Record { file, index, item } = r;
            match item {
                Ok(mut w) => {
                    w.row.index = index;
                    total.add(&w.row, Some(&w.audit));
                    findings.set(findings.get() + w.row.findings.0.len());
                    sink(Audited {
                        row: &w.row,
                        record: Some(&w.record),
                        audit: Some(&w.audit),
                        extra: Some(&w.extra),
                    });
                }
                Err(detail) => {
                    let row = Row::unreadable(&file, index, detail.to_string());
                    total.add(&row, None);
                    findings.set(findings.get() + 1);
                    sink(Audited {
                        row: &row,
                        record: None,
                        audit: None,
                        extra: None,
                    });
                }
            }
        },
        &mut |p| {
            progress(Progress {
                records: p.records,
                estimated_records: p.estimated_records(),
                findings: findings.get(),
            });
        },
    );
    assert_eq!(
        total.records, streamed.records,
        "validate: every record handed on is one row"
    );
    total.files = streamed.files;
    total.not_sampled = streamed.not_sampled;
    total.file_problems = streamed.problems;
    total.skipped_files = streamed.not_records;
    total.skipped = streamed.skipped;
    total.interrupted = streamed.not_reached.map(|not_reached| Interrupted {
        by: engine
            .stop()
            .and_then(|s| s.signal_name())
            .unwrap_or("a request")
            .to_string(),
        not_reached: not_reached.records,
        counted: not_reached.counted,
    });
    total.check();
    total.seconds = start.elapsed().as_secs_f64();
    total
}

/// [`audit_entries`] over a walk collected beforehand ([`collect_files`](crate::input::collect_files)).
pub fn audit_walk<T: Send>(
    walk: Walk,
    options: &Options,
    engine: &Engine,
    extra: &(dyn Fn(&GameRecord, &GameAudit) -> T + Sync),
    sink: &mut dyn FnMut(Audited<'_, T>),
    progress: &mut dyn FnMut(Progress),
) -> Summary {
    audit_entries(walk.into_entries(), options, engine, extra, sink, progress)
}

/// Audits every file under `paths`, calling `sink` with each row (in file order, then record
/// order) and `progress` with how far the audit is.
///
/// # Errors
/// Only when a path given cannot be found or examined; a file that cannot be read is
/// reported in the summary's `file_problems` and the run goes on.
pub fn audit_paths(
    paths: &[PathBuf],
    options: &Options,
    engine: &Engine,
    sink: &mut dyn FnMut(&Row),
    progress: &mut dyn FnMut(Progress),
) -> Result<Summary, FileProblem> {
    Ok(audit_entries(
        walk_paths(paths)?,
        options,
        engine,
        &|_, _| (),
        &mut |a| sink(a.row),
        progress,
    ))
}
