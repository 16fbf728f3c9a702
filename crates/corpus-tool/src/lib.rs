//! # corpus-tool
//!
//! The library behind the `corpus-tool` command: the parallel corpus auditor and the
//! subcommands' logic (fouls of positions, ...), so that they can be tested and reused.
//!
//! Not a rules engine (that is `renju-core`), not a record reader (`notation`), not a game
//! judge (`analyzer`): it wires them to files, threads and reports.

pub mod args;
pub mod book;
pub mod convert;
pub mod dedupe;
pub mod engine;
pub mod error;
pub mod explain;
pub mod filter;
pub mod fouls;
pub mod html;
pub mod input;
pub mod line_input;
pub mod load;
pub mod openings_stats;
pub mod output;
pub mod position;
pub mod records;
pub mod search;
pub mod show;
pub mod stats_report;
pub mod style;
pub mod validate;
pub mod vcf;
pub mod vct;
mod win_diagram;

/// Writes `text` to standard output. A closed pipe (`| head`) is an error the caller may
/// take for the end of the output.
///
/// # Errors
/// [`error::Error::Write`] naming standard output.
pub fn print(text: &str) -> Result<(), error::Error> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|source| error::Error::Write {
            path: "standard output".to_string(),
            source,
        })
}

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
