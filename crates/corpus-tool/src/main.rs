//! The `corpus-tool` command: audit renju archives, list fouls, draw diagrams, convert records.
//!
//! `corpus-tool --help` lists the subcommands; each has its own `--help` with examples.
//! `main` maps one [`run`] to an exit status: the parsed arguments (each subcommand's
//! `Command`, in its module) go to the subcommand, which returns how it came out
//! ([`Status`]: 0 or 1) or why it could not run ([`Error`], printed once here, with its
//! status: 1 for input that cannot be read, 2 for a failed run or a wrong argument).

use clap::{Parser, Subcommand};
use corpus_tool::error::{Error, Status};
use corpus_tool::{convert, dedupe, explain, filter, fouls, search, show, validate, vcf, vct};
use std::process::ExitCode;

/// The binary's allocator (the library leaves the choice to its users): mimalloc frees memory
/// allocated by another thread without taking a lock, which the engine's workers and writer
/// do for every record.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    Validate(validate::Command),
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
    /// An opening book of archives in SQLite: build, add, query, export.
    #[command(subcommand)]
    Book(corpus_tool::book::Command),
    /// VCT (victory by continuous threats: fours and threes) of positions, one a line.
    Vct(vct::Command),
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
            Command::Book(_) => "book",
            Command::Vct(_) => "vct",
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
    Stats(corpus_tool::openings_stats::Command),
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
        Command::Vct(c) => vct::main(&c)?.into(),
        Command::Show(c) => show::main(&c)?.into(),
        Command::Explain(c) => explain::main(&c)?.into(),
        Command::Convert(c) => ExitCode::from(convert::main(&c)?),
        Command::Openings(OpeningsCommand::Stats(c)) => {
            ExitCode::from(corpus_tool::openings_stats::main(&c))
        }
        Command::Openings(OpeningsCommand::Table) => {
            corpus_tool::print(&renju_openings::table_text())?;
            ExitCode::SUCCESS
        }
        Command::Openings(OpeningsCommand::Identify { moves }) => identify(&moves)?,
        // these print their own messages and return their exit status (130: interrupted)
        Command::Validate(c) => ExitCode::from(validate::main(&c)),
        Command::Dedupe(c) => ExitCode::from(dedupe::main(&c)),
        Command::Search(c) => ExitCode::from(search::main(&c)),
        Command::Filter(c) => ExitCode::from(filter::main(&c)),
        Command::Book(c) => ExitCode::from(corpus_tool::book::main(&c)),
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
        for sub in ["fouls", "vcf", "vct", "show", "explain", "convert"] {
            let mut cmd = Cli::command();
            let sub = cmd.find_subcommand_mut(sub).unwrap();
            let help = sub.render_long_help().to_string();
            assert!(help.contains("Exit status (every subcommand)"), "{help}");
        }
    }
}
