//! The `corpus-tool` command: audit renju archives, list fouls, draw diagrams, convert records.
//!
//! `corpus-tool --help` lists the subcommands; each has its own `--help` with examples.
//! `main` maps one [`run`] to an exit status: the parsed arguments (each subcommand's
//! `Command`, in its module) go to the subcommand, which returns how it came out
//! ([`Status`]: 0 or 1) or why it could not run ([`Error`], printed once here, with its
//! status: 1 for input that cannot be read, 2 for a failed run or a wrong argument).

use clap::{Parser, Subcommand};
use corpus_tool::error::{Error, Status};
use corpus_tool::{convert, dedupe, explain, filter, fouls, search, show, validate, vcf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "corpus-tool",
    version,
    about = "Audit renju archives, list fouls with explanations, draw diagrams, convert records.",
    after_help = concat!(
        "Every foul verdict uses the lenient convention unless --strict is given \
         (see `corpus-tool fouls --help`). --rules takes renju (the default), freestyle \
         (also spelt gomoku or free) or standard.\n\n",
        corpus_tool::exit_status!()
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List Black's forbidden points of positions, one position a line.
    Fouls(fouls::Command),
    /// Audit archives: replay every game and report what is not what its record claims.
    #[command(after_help = concat!("\
Formats are detected per file from the content and the extension (.renju, .rif, .psq,
.sgf, .lib, .pos, move lists); folders are walked recursively (links followed; dot-files
found in a folder are listed as skipped, not read; a file named is always read). A file in
a record format that holds no record is a file problem (exit status 1).

Output: a summary on stdout (records, verdicts, ends, findings with examples, settings,
time). --report writes one CSV row per record with the columns
  file,index,id,moves,declared,end,end_move,continues,verdict,detail
(then findings,opening); every record read is in it exactly once, unreadable ones too.
A progress bar is drawn on stderr when it is a terminal; otherwise stderr carries
only errors.

Exit status: 0 every record ok, 1 findings (or a file holding no record), 2 the run
itself failed (bad option, a path that cannot be read, a report that cannot be written).

Examples:
  corpus-tool validate corpus/
  corpus-tool validate --strict --report audit.csv --json audit.json archive.renju
  corpus-tool validate --claim foul-loses --sample 100 big-archive/"))]
    Validate(ValidateArgs),
    /// Convert a record file to another format, saying what the target cannot hold.
    Convert(convert::Command),
    /// Draw a position or a game: numbered stones, Black's forbidden points marked.
    Show(show::Command),
    /// Explain one game: the audit, the final board, and a note per move.
    Explain(explain::Command),
    /// The 26 openings: identify three stones, or print the table.
    #[command(subcommand)]
    Openings(OpeningsCommand),
    /// Find the groups of records holding the same game (identical, mirrored, cut short).
    Dedupe(dedupe::Command),
    /// Find every record whose game passes through a position, and the moves played next.
    Search(search::Command),
    /// Write the records that meet every condition given (opening, result, end, finding...).
    Filter(filter::Command),
    /// VCF (victory by continuous fours) of positions, one position a line.
    Vcf(vcf::Command),
}

impl Command {
    /// The subcommand's name, for messages.
    fn name(&self) -> &'static str {
        match self {
            Command::Fouls(_) => "fouls",
            Command::Validate(_) => "validate",
            Command::Convert(_) => "convert",
            Command::Show(_) => "show",
            Command::Explain(_) => "explain",
            Command::Openings(OpeningsCommand::Identify { .. }) => "openings identify",
            Command::Openings(OpeningsCommand::Table) => "openings table",
            Command::Openings(OpeningsCommand::Stats(_)) => "openings stats",
            Command::Dedupe(_) => "dedupe",
            Command::Search(_) => "search",
            Command::Filter(_) => "filter",
            Command::Vcf(_) => "vcf",
        }
    }
}

#[derive(clap::Args)]
struct ValidateArgs {
    /// Files or folders to audit.
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Rule set: renju, freestyle (also spelt gomoku or free) or standard.
    #[arg(long, default_value = "renju")]
    rules: renju_core::RuleSet,
    /// Strict foul convention (default: lenient).
    #[arg(long)]
    strict: bool,
    /// Claim policy: claim, foul-loses or refuse.
    #[arg(long, default_value = "claim")]
    claim: renju_analyzer::ClaimPolicy,
    /// Write one CSV row per record to this file.
    #[arg(long, value_name = "FILE.csv")]
    report: Option<std::path::PathBuf>,
    /// Write the summary as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    json: Option<std::path::PathBuf>,
    /// Write a self-contained HTML page to this file: the summary and every record that is
    /// not ok, with its board at the decisive or offending move and a replay.
    #[arg(long, value_name = "FILE.html")]
    html: Option<std::path::PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// Print nothing on stdout and draw no progress bar (the exit status still tells).
    #[arg(short = 'q', long)]
    quiet: bool,
    /// Audit only every N-th record of each file (records not sampled have no row).
    #[arg(long, value_name = "N", default_value_t = 1)]
    sample: usize,
    /// Force a format for every file: renju, moves, rif, psq, sgf, lib, pos.
    #[arg(long)]
    format: Option<renju_notation::Format>,
    /// Force the orientation of row 1 (top or bottom) instead of each format's usual one.
    #[arg(long)]
    orientation: Option<renju_notation::Orientation>,
    /// Decode the texts of every file in this encoding (GBK, Shift_JIS, windows-1252...)
    /// instead of the declared or detected one.
    #[arg(long, value_name = "NAME", value_parser = renju_notation::encoding::encoding_for)]
    encoding: Option<&'static renju_notation::encoding::Encoding>,
    /// Also look for missed wins: findings missed-vcf (the side to move had a VCF and its
    /// move starts none) and lost-with-vcf (no decisive end, declared lost by the side to
    /// move, which has a VCF). Every position of every game is solved.
    #[arg(long)]
    missed_wins: bool,
    /// The VCF depth limit of --missed-wins: the most fours, the final five not counted.
    #[arg(long, value_name = "N", default_value_t = renju_vcf::DEFAULT_MAX_DEPTH, requires = "missed_wins")]
    max_depth: u32,
}

impl ValidateArgs {
    fn options(&self) -> validate::Options {
        let convention = if self.strict {
            renju_core::Convention::Strict
        } else {
            renju_core::Convention::Lenient
        };
        validate::Options {
            settings: renju_analyzer::Settings::new(self.rules, convention, self.claim),
            format: self.format,
            orientation: self.orientation,
            sample: self.sample,
            missed_wins: self.missed_wins.then_some(renju_vcf::Limits {
                max_depth: self.max_depth,
                ..renju_vcf::Limits::default()
            }),
            encoding: self.encoding,
        }
    }

    fn io(&self) -> validate::Io {
        validate::Io {
            paths: self.paths.clone(),
            report: self.report.clone(),
            json: self.json.clone(),
            html: self.html.clone(),
            jobs: self.jobs,
            quiet: self.quiet,
        }
    }
}

#[derive(Subcommand)]
enum OpeningsCommand {
    /// Name the opening of three stones given in any of the 8 orientations.
    #[command(after_help = "\
Examples:
  corpus-tool openings identify h8 h9 i10     # 2D 渓月 (Keigetsu)
  corpus-tool openings identify h8 g9 g10     # 2I, seen in another orientation
  corpus-tool openings identify h8 h9 l12     # not an opening: move 3 outside the 5x5

Exit status: 0 an opening, 1 not an opening (or a stone that cannot be read).")]
    Identify {
        /// The first three stones, black 1, white 2, black 3 (e.g. h8 h9 i10).
        #[arg(required = true, num_args = 1..)]
        moves: Vec<String>,
    },
    /// Print the table of the 26 openings.
    Table,
    /// How often each opening is played in an archive and how its games end (one row per
    /// opening 1D..13D, 1I..13I, then none).
    #[command(after_help = "\
Examples:
  corpus-tool openings stats archive.renju
  corpus-tool openings stats --report openings.csv --json openings.json games/

CSV columns: code,name,games,black,white,draw,unknown,black_five,white_five,foul,mean_moves
(black..unknown: declared results; black_five, white_five, foul: the ends validate finds on the
board with the same options; mean_moves: passes counted, one decimal).")]
    Stats(StatsArgs),
}

#[derive(clap::Args)]
struct StatsArgs {
    /// Files or folders to count.
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Rule set: renju, freestyle (also spelt gomoku or free) or standard.
    #[arg(long, default_value = "renju")]
    rules: renju_core::RuleSet,
    /// Strict foul convention (default: lenient).
    #[arg(long)]
    strict: bool,
    /// Claim policy: claim, foul-loses or refuse.
    #[arg(long, default_value = "claim")]
    claim: renju_analyzer::ClaimPolicy,
    /// Write the table as CSV to this file.
    #[arg(long, value_name = "FILE.csv")]
    report: Option<std::path::PathBuf>,
    /// Write the table as JSON to this file.
    #[arg(long, value_name = "FILE.json")]
    json: Option<std::path::PathBuf>,
    /// Write the table as Markdown to this file.
    #[arg(long, value_name = "FILE.md")]
    markdown: Option<std::path::PathBuf>,
    /// Write an SVG chart of the declared results per opening to this file.
    #[arg(long, value_name = "FILE.svg")]
    svg: Option<std::path::PathBuf>,
    /// Write the table per opening rule and 5th move (records that name their rule) as CSV:
    /// rule,code,fifth,games,offers_recorded,mean_offers,swapped,black,white,draw,unknown.
    #[arg(long, value_name = "FILE.csv")]
    fifth_report: Option<std::path::PathBuf>,
    /// Force a format for every file: renju, moves, rif, psq, sgf, lib, pos.
    #[arg(long)]
    format: Option<renju_notation::Format>,
    /// Force the orientation of row 1 (top or bottom) instead of each format's usual one.
    #[arg(long)]
    orientation: Option<renju_notation::Orientation>,
}

fn openings_stats(a: &StatsArgs) -> Result<ExitCode, Error> {
    let convention = if a.strict {
        renju_core::Convention::Strict
    } else {
        renju_core::Convention::Lenient
    };
    let options = validate::Options {
        settings: renju_analyzer::Settings::new(a.rules, convention, a.claim),
        format: a.format,
        orientation: a.orientation,
        sample: 1,
        missed_wins: None,
        encoding: None,
    };
    let outputs = corpus_tool::openings_stats::Outputs {
        report: a.report.as_deref(),
        json: a.json.as_deref(),
        markdown: a.markdown.as_deref(),
        svg: a.svg.as_deref(),
        fifth_report: a.fifth_report.as_deref(),
    };
    let ran = corpus_tool::openings_stats::run_checked(&a.paths, &options, outputs)
        .map_err(Error::Failed)?;
    corpus_tool::print(&ran.stdout)?;
    for p in &ran.problems {
        eprintln!("{p}");
    }
    Ok(Status::clean_if(ran.clean()).into())
}

/// `openings identify`: the opening of three stones (exit 1 when they are none).
fn identify(moves: &[String]) -> Result<ExitCode, Error> {
    let words: Vec<&str> = moves
        .iter()
        .flat_map(|m| m.split(|c: char| c == ',' || c.is_whitespace()))
        .filter(|w| !w.is_empty())
        .collect();
    match renju_openings::identify_report(&words) {
        Ok(text) => {
            corpus_tool::print(&text)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("corpus-tool openings identify: {e}");
            Ok(Status::Findings.into())
        }
    }
}

/// Runs the subcommand the arguments name: its exit status, or why it could not run.
fn run(cli: Cli) -> Result<ExitCode, Error> {
    Ok(match cli.command {
        Command::Fouls(c) => fouls::main(&c)?.into(),
        Command::Vcf(c) => vcf::main(&c)?.into(),
        Command::Show(c) => show::main(&c)?.into(),
        Command::Explain(c) => explain::main(&c)?.into(),
        Command::Convert(c) => convert::main(&c)?.into(),
        Command::Validate(args) => ExitCode::from(
            validate::run_command(&args.options(), &args.io()).map_err(Error::Failed)?,
        ),
        Command::Openings(OpeningsCommand::Stats(a)) => openings_stats(&a)?,
        Command::Openings(OpeningsCommand::Table) => {
            corpus_tool::print(&renju_openings::table_text())?;
            ExitCode::SUCCESS
        }
        Command::Openings(OpeningsCommand::Identify { moves }) => identify(&moves)?,
        // these print their own messages and return their exit status
        Command::Dedupe(c) => ExitCode::from(dedupe::main(&c)),
        Command::Search(c) => ExitCode::from(search::main(&c)),
        Command::Filter(c) => ExitCode::from(filter::main(&c)),
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let name = cli.command.name();
    match run(cli) {
        Ok(code) => code,
        // `| head`: the reader has what it wanted
        Err(Error::Write { source, .. }) if source.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("corpus-tool {name}: {e}");
            ExitCode::from(e.code())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use corpus_tool::error::EXIT_STATUS;

    /// Every subcommand's `--help` states the exit-status rules (validate and openings in
    /// their own words), and the parser is well formed.
    #[test]
    fn every_help_states_the_exit_status() {
        Cli::command().debug_assert();
        let mut top = Cli::command();
        let help = top.render_long_help().to_string();
        assert!(help.contains(EXIT_STATUS.lines().next().unwrap()), "{help}");
        for sub in ["fouls", "vcf", "show", "explain", "convert"] {
            let mut cmd = Cli::command();
            let sub = cmd.find_subcommand_mut(sub).unwrap();
            let help = sub.render_long_help().to_string();
            assert!(help.contains("Exit status (every subcommand)"), "{help}");
        }
    }
}
