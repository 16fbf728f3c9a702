//! The `corpus-tool` command: audit renju archives, list fouls, draw diagrams, convert records.
//!
//! `corpus-tool --help` lists the subcommands; each has its own `--help` with examples.

use clap::{Parser, Subcommand};
use corpus_tool::{fouls, validate};
use renju_analyzer::{ClaimPolicy, Settings};
use renju_core::Convention;
use renju_core::RuleSet;
use renju_notation::{Format, Orientation};
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "corpus-tool",
    version,
    about = "Audit renju archives, list fouls with explanations, draw diagrams, convert records.",
    after_help = "Every foul verdict uses the lenient convention unless --strict is given \
                  (see `corpus-tool fouls --help`)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List Black's forbidden points of positions, one position a line.
    #[command(after_help = "\
Input, one position a line: a board of 225 characters (row 15 first, columns a..o;
'.' empty, 'x' Black, 'o' White) or a move list ('h8 h9 i8', colours alternate from
Black, '--' is a pass).

Output, one line per input line: 'point=kind' items in board reading order (row 15 first,
a to o), kinds double-three, double-four, overline (overline > double-four > double-three);
an empty line when there is none; 'error: <reason>' when the line cannot be read. The exit
status is 1 when a line failed.

Examples:
  echo 'h8 a1 i8 a2 k10 a3 k11' | corpus-tool fouls      # prints k8=double-three
  corpus-tool fouls --strict --explain positions.txt")]
    Fouls {
        /// Use the strict convention (a straight-four point that also makes a five keeps the
        /// three open) instead of the default lenient one.
        #[arg(long)]
        strict: bool,
        /// After each result line, print the explanation tree of every forbidden point.
        #[arg(long)]
        explain: bool,
        /// Input file (standard input when absent).
        input: Option<PathBuf>,
    },
    /// Audit archives: replay every game and report what is not what its record claims.
    Validate(corpus_tool::validate::Command),
    /// Convert a record file to another format, saying what the target cannot hold.
    #[command(after_help = "\
Formats: renju (.renju lines), moves (move lists), rif (RenjuNet XML), psq (Piskvork),
sgf, lib (RenLib tree), pos (RenLib position). The input format is guessed from
the content and extension, the output format from the extension, unless given.

Prints how many records were read and written, the fields the target format dropped, and
every record that could not be read or written. Exit status 0 when every record made it,
1 when some did not, 2 when the run failed.

Examples:
  corpus-tool convert games.renju games.sgf
  corpus-tool convert --from psq --orientation top match.txt match.renju")]
    Convert {
        /// Input format (default: guessed).
        #[arg(long)]
        from: Option<Format>,
        /// Output format (default: from OUTPUT's extension).
        #[arg(long)]
        to: Option<Format>,
        /// Where row 1 is in the input: top or bottom (default: the format's usual one).
        #[arg(long)]
        orientation: Option<Orientation>,
        /// Where row 1 is in the output (default: the output format's usual one).
        #[arg(long)]
        write_orientation: Option<Orientation>,
        /// Decode the input's texts in this encoding (GBK, Shift_JIS, windows-1252...) instead
        /// of the declared or detected one.
        #[arg(long, value_name = "NAME", value_parser = renju_notation::encoding::encoding_for)]
        encoding: Option<&'static renju_notation::encoding::Encoding>,
        /// The file to read.
        input: PathBuf,
        /// The file to write.
        output: PathBuf,
    },
    /// Draw a position or a game: numbered stones, Black's forbidden points marked.
    #[command(after_help = "\
INPUT is a record file (any format; --record picks the game), a text diagram file (the
atlas format works too), a board of 225 characters, or a move list in quotes.
The board is drawn in the Unicode style of the seeds (--ascii for plain ASCII) with
coordinates on the edges, star points, move numbers on the stones and × on every point
where a Black stone would be forbidden, then the list of those points with their kinds.

Examples:
  corpus-tool show 'h8 a1 i8 a2 k10 a3 k11'
  corpus-tool show --svg game.svg --record 3 archive.renju
  corpus-tool show --strict --explain corpus/fouls/047-conventions-nested-reversal.txt")]
    Show {
        /// Also write the drawing as an SVG file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Strict foul convention (default: lenient).
        #[arg(long)]
        strict: bool,
        /// Plain ASCII instead of Unicode.
        #[arg(long)]
        ascii: bool,
        /// Print the explanation tree of every forbidden point.
        #[arg(long)]
        explain: bool,
        /// Which record of a file (1-based).
        #[arg(long, default_value_t = 1)]
        record: usize,
        /// Show the position after this many moves.
        #[arg(long)]
        moves: Option<usize>,
        /// Rule set: renju (fouls marked), freestyle or standard.
        #[arg(long, default_value = "renju")]
        rules: RuleSet,
        /// Force the input format.
        #[arg(long)]
        format: Option<Format>,
        /// Where row 1 is in the input: top or bottom.
        #[arg(long)]
        orientation: Option<Orientation>,
        /// What to draw.
        input: String,
    },
    /// Explain one game: the audit, the final board, and a note per move.
    #[command(after_help = "\
Prints what the auditor concludes about one game (end, consistency of the declared result,
findings, opening), the final board with move numbers, then one line per move: the shapes
it made (five, straight four, four, open three), the opponent threats it ignored, and for a
Black foul the explanation tree an arbiter can show the player.

Examples:
  corpus-tool explain --record 15075 archive.renju
  corpus-tool explain --strict corpus/games/eye-makes-five.renju
  corpus-tool explain 'h8 h9 i8 i9 j8 j9 k8 k9 l8'")]
    Explain {
        /// Which record of a file (1-based).
        #[arg(long, default_value_t = 1)]
        record: usize,
        /// Strict foul convention (default: lenient).
        #[arg(long)]
        strict: bool,
        /// Claim policy: claim, foul-loses or refuse.
        #[arg(long, default_value = "claim")]
        claim: ClaimPolicy,
        /// Rule set: renju, freestyle or standard.
        #[arg(long, default_value = "renju")]
        rules: RuleSet,
        /// Plain ASCII board instead of Unicode.
        #[arg(long)]
        ascii: bool,
        /// Force the input format.
        #[arg(long)]
        format: Option<Format>,
        /// Where row 1 is in the input: top or bottom.
        #[arg(long)]
        orientation: Option<Orientation>,
        /// A record file or a move list.
        input: String,
    },
    /// The 26 openings: identify three stones, or print the table.
    #[command(subcommand)]
    Openings(OpeningsCommand),
    /// Find the groups of records holding the same game (identical, mirrored, cut short).
    Dedupe(corpus_tool::dedupe::Command),
    /// Find every record whose game passes through a position, and the moves played next.
    Search(corpus_tool::search::Command),
    /// Write the records that meet every condition given (opening, result, end, finding...).
    Filter(corpus_tool::filter::Command),
    /// VCF (victory by continuous fours) of positions, one position a line.
    #[command(after_help = "\
Input, one position a line, read as `fouls` reads them: a board of 225 characters or a
move list. The attacker is the side to move by the stone counts (Black when equal, White
when Black has more) unless --side is given.

Output, one line per input line: the VCF line's moves separated by single spaces (attacker
and defender alternating, ending with the attacker's five, or with a White four whose every
block is forbidden for Black); an empty line when there is no VCF within the limits;
'error: <reason>' for a line that cannot be read. Exit status 1 when a line failed.

Examples:
  echo 'h8 a1 i8 a2 j8 a3' | corpus-tool vcf
  corpus-tool vcf --side white --max-depth 30 --explain positions.txt")]
    Vcf {
        /// The attacker: black or white (default: the side to move by the stone counts).
        #[arg(long, value_parser = parse_side)]
        side: Option<renju_core::Color>,
        /// The most fours the attacker may play, the final five not counted (a White four
        /// whose every block is forbidden for Black counts: it is a four).
        #[arg(long, default_value_t = renju_vcf::DEFAULT_MAX_DEPTH)]
        max_depth: u32,
        /// The most search nodes per position (a position that needs more prints as no VCF,
        /// with a note on stderr).
        #[arg(long, default_value_t = renju_vcf::DEFAULT_MAX_NODES)]
        max_nodes: u64,
        /// Rule set: renju, freestyle or standard.
        #[arg(long, default_value = "renju")]
        rules: RuleSet,
        /// Strict foul convention (default: lenient).
        #[arg(long)]
        strict: bool,
        /// Draw each line found as a numbered diagram under its result line.
        #[arg(long)]
        explain: bool,
        /// Input file (standard input when absent).
        input: Option<PathBuf>,
    },
}

fn parse_side(s: &str) -> Result<renju_core::Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(renju_core::Color::Black),
        "white" | "w" | "o" => Ok(renju_core::Color::White),
        _ => Err(format!("'{s}' is not a side (expected black or white)")),
    }
}

#[derive(Subcommand)]
enum OpeningsCommand {
    /// Name the opening of three stones given in any of the 8 orientations.
    #[command(after_help = "\
Examples:
  corpus-tool openings identify h8 h9 i10     # 2D 渓月 (Keigetsu)
  corpus-tool openings identify h8 g9 g10     # 2I, seen in another orientation
  corpus-tool openings identify h8 h9 l12     # not an opening: move 3 outside the 5x5")]
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

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly instead of panicking.
fn out(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}

fn convention(strict: bool) -> Convention {
    if strict {
        Convention::Strict
    } else {
        Convention::Lenient
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Dedupe(c) => ExitCode::from(corpus_tool::dedupe::main(&c)),
        Command::Search(c) => ExitCode::from(corpus_tool::search::main(&c)),
        Command::Filter(c) => ExitCode::from(corpus_tool::filter::main(&c)),
        Command::Validate(c) => ExitCode::from(validate::main(&c)),
        Command::Convert {
            from,
            to,
            orientation,
            write_orientation,
            encoding,
            input,
            output,
        } => {
            let args = corpus_tool::convert::Args {
                from,
                to,
                orientation,
                write_orientation,
                encoding,
            };
            match corpus_tool::convert::run(&input, &output, args) {
                Ok((text, complete)) => {
                    out(&text);
                    ExitCode::from(if complete { 0 } else { 1 })
                }
                Err(e) => {
                    eprintln!("corpus-tool convert: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Show {
            svg,
            strict,
            ascii,
            explain,
            record,
            moves,
            rules,
            format,
            orientation,
            input,
        } => {
            let args = corpus_tool::show::Args {
                input,
                record,
                moves,
                convention: convention(strict),
                rules,
                ascii,
                explain,
                format,
                orientation,
            };
            match corpus_tool::show::run(&args, svg.as_deref()) {
                Ok(text) => {
                    out(&text);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("corpus-tool show: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Explain {
            record,
            strict,
            claim,
            rules,
            ascii,
            format,
            orientation,
            input,
        } => {
            let settings = Settings::new(rules, convention(strict), claim);
            match corpus_tool::explain::run(&input, record, format, orientation, &settings, ascii) {
                Ok(text) => {
                    out(&text);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("corpus-tool explain: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Openings(OpeningsCommand::Stats(c)) => {
            ExitCode::from(corpus_tool::openings_stats::main(&c))
        }
        Command::Openings(OpeningsCommand::Table) => {
            out(&renju_openings::table_text());
            ExitCode::SUCCESS
        }
        Command::Openings(OpeningsCommand::Identify { moves }) => {
            let words: Vec<&str> = moves
                .iter()
                .flat_map(|m| m.split(|c: char| c == ',' || c.is_whitespace()))
                .filter(|w| !w.is_empty())
                .collect();
            match renju_openings::identify_report(&words) {
                Ok(text) => {
                    out(&text);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("corpus-tool openings identify: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Command::Vcf {
            side,
            max_depth,
            max_nodes,
            rules,
            strict,
            explain,
            input,
        } => {
            let options = corpus_tool::vcf::Options {
                side,
                rules,
                convention: convention(strict),
                limits: renju_vcf::Limits {
                    max_depth,
                    max_nodes,
                },
                explain,
            };
            let stdout = std::io::stdout();
            let out = std::io::BufWriter::new(stdout.lock());
            let notes = std::io::stderr();
            let result = match &input {
                Some(path) => match std::fs::File::open(path) {
                    Ok(f) => corpus_tool::vcf::run(BufReader::new(f), out, notes, &options),
                    Err(e) => {
                        eprintln!("corpus-tool vcf: cannot read {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                },
                None => corpus_tool::vcf::run(std::io::stdin().lock(), out, notes, &options),
            };
            match result {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "corpus-tool vcf: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Fouls {
            strict,
            explain,
            input,
        } => {
            let stdout = std::io::stdout();
            let out = std::io::BufWriter::new(stdout.lock());
            let result = match &input {
                Some(path) => match std::fs::File::open(path) {
                    Ok(f) => fouls::run(BufReader::new(f), out, convention(strict), explain),
                    Err(e) => {
                        eprintln!("corpus-tool fouls: cannot read {}: {e}", path.display());
                        return ExitCode::from(2);
                    }
                },
                None => fouls::run(std::io::stdin().lock(), out, convention(strict), explain),
            };
            match result {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::from(1),
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "corpus-tool fouls: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
