//! `corpus-tool filter`: the records that meet every condition given (the conditions are in
//! [`renju_archive::filter`]), written to one output file in the format of its extension.
//!
//! Records are parsed and judged on the engine's workers; the output keeps input order.

use crate::args::RunArgs;
use crate::engine::Engine;
use crate::error::Error;
use crate::output::records::RecordWriter;
use crate::records::{Output, finish_command, is_stdout, read_records};
use crate::style::thousands;
use renju_analyzer::FindingKind;
use renju_archive::filter::Conditions;
use std::fmt::Write as _;
use std::path::PathBuf;

/// The options of `corpus-tool filter`.
#[derive(Debug, Clone)]
pub struct Args {
    /// The conditions (`finding` any kind but `unreadable`: see [`Args::unreadable_only`]).
    pub conditions: Conditions,
    /// `--finding unreadable`: the records that cannot be read are the matches (listed, none
    /// can be written).
    pub unreadable_only: bool,
    /// Files or folders.
    pub paths: Vec<PathBuf>,
    /// The output file (`-`: standard output, `.renju` lines).
    pub output: PathBuf,
    /// How to read the inputs.
    pub input: crate::input::ReadOptions,
}

/// Runs `corpus-tool filter` on `engine` (the records parsed and judged on its workers, the
/// matches written in input order): the text for stdout and stderr and the exit status
/// ([`Walked::status`](crate::records::Walked::status), and 1 also when a match could not
/// be written).
///
/// # Errors
/// A path that cannot be read, an output that cannot be written.
pub fn run(args: &Args, engine: &Engine) -> Result<Output, Error> {
    let mut out = RecordWriter::create(&args.output)?;
    let mut matched = 0usize;
    let mut error: Option<Error> = None;
    let conditions = &args.conditions;
    // `unreadable` matches only records that cannot be read: none is handed on.
    let readable = !args.unreadable_only;
    let mut walked = read_records(
        &args.paths,
        args.input,
        engine,
        &|_file, r| readable && conditions.matches_with(r.game(), r.unreadable()),
        &mut |src, r, keep| {
            if keep {
                matched += 1;
                if error.is_none()
                    && let Err(e) = out.push_read(&src, r)
                {
                    error = Some(e);
                }
            }
        },
    )?;
    if let Some(e) = error {
        return Err(e);
    }
    if !readable {
        matched = walked.unreadable.len();
    }
    walked
        .written
        .extend(out.salvaged_written().iter().cloned());
    // the records the format cannot hold are known once they are written
    out.write_pending()?;
    let status = walked.status().max(u8::from(out.lost_any()));
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}; {} matched{}",
        walked.records_line(),
        thousands(matched),
        if readable {
            ""
        } else {
            " (the unreadable records, listed below; none can be written)"
        }
    );
    text.push_str(&walked.salvaged_line());
    text.push_str(&out.finish(walked.streamed.not_reached.is_some())?);
    text.push_str(&walked.problems_text());
    Ok(Output::new(
        text,
        walked.skipped_lines(),
        status,
        is_stdout(&args.output),
    ))
}

/// `corpus-tool filter` on the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = "\
Every condition given must hold. --opening takes a code (2D, 11I) or a name in any language
of the catalogue (Kansei, 寒星) and may be repeated (any of them); the opening is identified
as validate identifies it. --end, --verdict and --finding use the audit under --rules,
--strict and --claim, as validate does. Texts match anywhere in the field, ignoring case.

Finding kinds (every kind validate counts): first-move-off-centre, illegal, lapsed-foul,
lost-with-vcf, lost-with-vct, missed-vcf, missed-vct, moves-after-end, not-an-opening,
opening-protocol, result-mismatch, unclaimed-overline, unreadable. missed-vcf and
lost-with-vcf search every position for a VCF (as validate --missed-wins, default limits),
missed-vct and lost-with-vct for a VCT too (as validate --missed-wins=vct, default limits:
depth 5, threat depth 1); unreadable matches the
records that cannot be read (listed, never written: there is nothing to write).

Exit status: 0 every record read and every match written, 1 some records unreadable or not
written (named on stdout), 2 the run failed or a file could not be read.

Examples:
  corpus-tool filter --opening 2D --declared black -o keigetsu.renju archive.renju
  corpus-tool filter --finding lapsed-foul --min-moves 30 -o lapsed.sgf archive/")]
pub struct Command {
    /// Files or folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Where to write the matching records (format from the extension; `-`: standard output,
    /// as `.renju` lines).
    #[arg(short = 'o', long = "output", value_name = "OUTPUT")]
    pub output: PathBuf,
    /// One of the 26 openings, by code or name (repeatable: any of them).
    #[arg(long, value_name = "CODE|NAME")]
    pub opening: Vec<String>,
    /// The declared result: black, white, draw or unknown.
    #[arg(long)]
    pub declared: Option<renju_notation::DeclaredResult>,
    /// The end the audit finds (black-five, white-five, foul-double-three, foul-double-four,
    /// foul-overline, draw-full-board, none).
    #[arg(long, value_name = "KIND")]
    pub end: Option<renju_analyzer::End>,
    /// The audit's verdict: ok, warning, result-mismatch or illegal.
    #[arg(long, value_name = "V", value_parser = renju_archive::filter::parse_verdict)]
    pub verdict: Option<renju_analyzer::GameVerdict>,
    /// A finding of this kind: any kind validate counts (see below).
    #[arg(long, value_name = "KIND")]
    pub finding: Option<FindingKind>,
    /// At least this many moves (passes counted).
    #[arg(long, value_name = "N")]
    pub min_moves: Option<usize>,
    /// At most this many moves.
    #[arg(long, value_name = "N")]
    pub max_moves: Option<usize>,
    /// Text in the black or the white player's name.
    #[arg(long, value_name = "TEXT")]
    pub player: Option<String>,
    /// Text in the event.
    #[arg(long, value_name = "TEXT")]
    pub event: Option<String>,
    /// Text in the rule.
    #[arg(long, value_name = "TEXT")]
    pub rule: Option<String>,
    /// How the audit judges the games, and how the inputs are read.
    #[command(flatten)]
    pub settings: crate::args::SettingsArgs,
    /// Worker threads and output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs `corpus-tool filter` from its command line; returns the exit status.
#[must_use]
pub fn main(cmd: &Command) -> u8 {
    let mut openings = Vec::new();
    for o in &cmd.opening {
        match renju_archive::filter::parse_opening(o) {
            Ok(o) => openings.push(o),
            Err(e) => {
                eprintln!("corpus-tool filter: --opening: {e}");
                return 2;
            }
        }
    }
    let args = Args {
        conditions: Conditions {
            openings,
            declared: cmd.declared,
            end: cmd.end,
            verdict: cmd.verdict,
            finding: cmd.finding.filter(|k| *k != FindingKind::Unreadable),
            min_moves: cmd.min_moves,
            max_moves: cmd.max_moves,
            player: cmd.player.clone(),
            event: cmd.event.clone(),
            rule: cmd.rule.clone(),
            settings: cmd.settings.settings(),
            ..Conditions::default()
        },
        unreadable_only: cmd.finding == Some(FindingKind::Unreadable),
        paths: cmd.paths.clone(),
        output: cmd.output.clone(),
        input: cmd.settings.read_options(),
    };
    finish_command("filter", &cmd.run, |engine| run(&args, engine))
}
