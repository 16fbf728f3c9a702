//! `corpus-tool convert`: one file from one record format to another, saying what was lost.
//!
//! An input holding no record is a file problem: nothing is written, the run says so and
//! exits 1 (a 0-byte output would look like a conversion that worked).
//!
//! Several inputs (or a folder), standard input, a Parquet output (`games.parquet`, `--to
//! parquet`) or a Parquet input are converted as a stream ([`parquet`]): the records read
//! through the record stream on the engine, written as they come, memory bounded.

pub mod parquet;

use crate::error::{Error, Status};
use crate::output::AtomicFile;
use renju_notation::{ConvertOptions, Format, Orientation, convert};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// `corpus-tool convert`: the command line.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = concat!("\
Formats: renju (.renju lines), moves (move lists), rif (RenjuNet XML), psq (Piskvork),
sgf, lib (RenLib tree), pos (RenLib position), parquet (renju-kit's game schema, see
docs/parquet.md). The input format is guessed from the content and extension (--format,
also spelt --from, forces it), the output format from the extension, unless given.

Several inputs or folders, standard input (-), a Parquet output or a Parquet input are
converted as a stream:
every record of every file, in input order, one row per record in Parquet (unreadable
records too, with their reason); from Parquet to the line formats, the rows as records
(the unreadable ones listed, not written).

Prints how many records were read and written, the fields the target format dropped, and
every record that could not be read or written. An input holding no record is a file
problem: nothing is written. Exit status 0 when every record made it, 1 when some did not
(or there was none), 2 when the run failed.

", crate::exit_status!(), "

Examples:
  corpus-tool convert games.renju games.sgf
  corpus-tool convert archive/ more.renju games.parquet
  corpus-tool convert games.parquet games.renju
  corpus-tool convert --format psq --orientation top match.txt match.renju"))]
pub struct Command {
    /// Input format (default: guessed).
    #[arg(long = "format", visible_alias = "from", value_name = "FORMAT")]
    pub from: Option<Format>,
    /// Output format (default: from OUTPUT's extension): a record format or `parquet`.
    #[arg(long, value_name = "FORMAT")]
    pub to: Option<Target>,
    /// Where row 1 is in the input: top or bottom (default: the format's usual one).
    #[arg(long)]
    pub orientation: Option<Orientation>,
    /// Where row 1 is in the output (default: the output format's usual one).
    #[arg(long)]
    pub write_orientation: Option<Orientation>,
    /// Decode the input's texts in this encoding (GBK, Shift_JIS, windows-1252...) instead
    /// of the declared or detected one.
    #[arg(long, value_name = "NAME", value_parser = renju_notation::encoding::encoding_for)]
    pub encoding: Option<&'static renju_notation::encoding::Encoding>,
    /// The files (or folders) to read (`-`: standard input), then the file to write (`-`:
    /// standard output).
    #[arg(required = true, num_args = 2.., value_name = "INPUT... OUTPUT")]
    pub paths: Vec<PathBuf>,
    /// Worker threads and output (for a conversion as a stream).
    #[command(flatten)]
    pub run: crate::args::RunArgs,
}

/// The format `convert` writes: a record format, or a Parquet game file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A record format of `renju-notation`.
    Format(Format),
    /// A Parquet game file (`renju-parquet`'s schema).
    Parquet,
}

impl std::str::FromStr for Target {
    type Err = String;
    /// `parquet`, or a record format by name or extension.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("parquet") {
            return Ok(Target::Parquet);
        }
        s.parse::<Format>()
            .map(Target::Format)
            .map_err(|e| format!("{e}, or parquet"))
    }
}

/// Runs `corpus-tool convert` as its command line asks, printing to standard output; the
/// exit status.
///
/// # Errors
/// As [`run`].
pub fn main(cmd: &Command) -> Result<u8, Error> {
    let (output, inputs) = cmd.paths.split_last().expect("clap asks for two paths");
    if parquet::streams(inputs, output, cmd.to) {
        return Ok(parquet::main(cmd, inputs, output));
    }
    let input = &inputs[0];
    // the output is written whole at the end: a signal ends the run at once, its temporary
    // file removed
    crate::engine::Stop::exit_on_signals()
        .map_err(|e| Error::Failed(format!("cannot install the signal handlers: {e}")))?;
    let to = match cmd.to {
        Some(Target::Format(f)) => Some(f),
        _ => None,
    };
    let args = Args {
        from: cmd.from,
        to,
        orientation: cmd.orientation,
        write_orientation: cmd.write_orientation,
        encoding: cmd.encoding,
    };
    let (text, status) = run(input, output, args)?;
    if crate::output::is_stdout(output) {
        // the records go to standard output: the summary to stderr
        eprint!("{text}");
    } else {
        crate::print(&text)?;
    }
    Ok(u8::from(status == Status::Findings))
}

/// The largest file `convert` reads (it holds the input and the output in memory).
pub const MAX_CONVERT: u64 = 256 << 20;

/// The options of the command.
#[derive(Debug, Clone, Copy, Default)]
pub struct Args {
    /// Input format (`None`: guessed from the content and extension).
    pub from: Option<Format>,
    /// Output format (`None`: from the output's extension).
    pub to: Option<Format>,
    /// Orientation of the input (`None`: the input format's usual one).
    pub orientation: Option<Orientation>,
    /// Orientation of the output (`None`: the output format's usual one).
    pub write_orientation: Option<Orientation>,
    /// Encoding of the input's texts (`None`: declared or detected; `--encoding NAME`).
    pub encoding: Option<&'static renju_notation::encoding::Encoding>,
}

/// Writes the converted bytes: to standard output for `-`, else through [`AtomicFile`].
fn write_output(output: &Path, bytes: &[u8]) -> Result<(), Error> {
    if crate::output::is_stdout(output) {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|()| out.flush())
            .map_err(|source| Error::Write {
                path: "standard output".to_string(),
                source,
            });
    }
    Ok(AtomicFile::write(output, bytes)?)
}

/// Converts `input` into `output`; returns the text to print and whether every record made
/// it. The output is written through [`AtomicFile`]: under a temporary name and renamed
/// when complete, or directly when OUTPUT is a named pipe or a device. When no record can
/// be written, nothing is written.
///
/// # Errors
/// The run could not happen: unreadable input, unknown format, unwritable output.
///
/// ```
/// use corpus_tool::convert::{Args, run};
/// use corpus_tool::error::Status;
/// let tmp = tempfile::tempdir().unwrap();
/// let dir = tmp.path();
/// std::fs::write(dir.join("a.renju"), "black h8 h9 i8\n").unwrap();
/// let (text, status) = run(&dir.join("a.renju"), &dir.join("a.sgf"), Args::default()).unwrap();
/// assert!(status == Status::Clean && text.contains("1 record read"));
/// assert!(std::fs::read_to_string(dir.join("a.sgf")).unwrap().contains(";B[hh]"));
/// // An empty input: nothing written, said.
/// std::fs::write(dir.join("e.renju"), "").unwrap();
/// let (text, status) = run(&dir.join("e.renju"), &dir.join("e.sgf"), Args::default()).unwrap();
/// assert_eq!(status, Status::Findings);
/// assert!(text.contains("no record") && text.contains("nothing written"), "{text}");
/// assert!(!dir.join("e.sgf").exists());
/// ```
pub fn run(input: &Path, output: &Path, args: Args) -> Result<(String, Status), Error> {
    // Conversion holds the whole file and its output in memory: refuse what would not fit in
    // the reader limits rather than exhaust memory.
    let read_error = |source| Error::Read {
        path: input.display().to_string(),
        source,
    };
    let size = std::fs::metadata(input).map_err(read_error)?.len();
    let limit = args
        .from
        .and_then(renju_notation::limits::whole_file_limit)
        .unwrap_or(MAX_CONVERT)
        .min(MAX_CONVERT);
    if size > limit {
        return Err(Error::TooLarge {
            file: input.display().to_string(),
            size,
            limit,
        });
    }
    if let Ok(m) = std::fs::metadata(input) {
        crate::output::note_input(input, &m);
    }
    let bytes = std::fs::read(input).map_err(read_error)?;
    let in_name = input.display().to_string();
    let out_name = output.display().to_string();
    let done = convert(
        &in_name,
        &bytes,
        &out_name,
        ConvertOptions {
            from: args.from,
            to: args.to,
            read_orientation: args.orientation,
            write_orientation: args.write_orientation,
            encoding: args.encoding,
            ..ConvertOptions::default()
        },
    )?;
    let mut text = String::new();
    if done.report.written == 0 {
        // nothing to write: an empty or all-broken input is a file problem, not an output
        if done.read == 0 && done.errors.is_empty() {
            let _ = writeln!(
                text,
                "{in_name} ({}): no record in this file; nothing written to {out_name}",
                done.from.name()
            );
        } else {
            let _ = writeln!(
                text,
                "{in_name} ({}) -> {out_name} ({}): {} read, none written; nothing written to \
                 {out_name}",
                done.from.name(),
                done.to.name(),
                crate::style::count(done.read, "record", "records"),
            );
        }
    } else {
        write_output(output, &done.bytes)?;
        let _ = writeln!(
            text,
            "{in_name} ({}) -> {out_name} ({}): {} read, {}",
            done.from.name(),
            done.to.name(),
            crate::style::count(done.read, "record", "records"),
            // the report's counts in the same style as the rest of the line
            done.report.describe(&|n| crate::style::thousands(n))
        );
    }
    if !done.errors.is_empty() {
        let _ = writeln!(
            text,
            "{} could not be read:",
            crate::style::count(done.errors.len(), "record", "records")
        );
        for e in &done.errors {
            let _ = writeln!(text, "  {e}");
        }
    }
    // an output this toolkit's own archive commands would refuse to read is said, not found
    // later: SGF and `.lib` files are read whole, up to a limit
    let too_large = done.report.written > 0
        && renju_notation::limits::whole_file_limit(done.to)
            .is_some_and(|limit| done.bytes.len() as u64 > limit);
    if too_large {
        let limit = renju_notation::limits::whole_file_limit(done.to).unwrap_or(0);
        let _ = writeln!(
            text,
            "{out_name}: {} bytes, more than the {} bytes corpus-tool reads of one {} file (it \
             reads them whole): validate, dedupe, search, filter, book and openings stats will \
             refuse it; write .renju or .rif (read as streams), or convert the input in parts",
            crate::style::thousands(done.bytes.len()),
            crate::style::thousands(limit as usize),
            done.to.name()
        );
    }
    let complete = done.report.written > 0
        && done.errors.is_empty()
        && done.report.skipped.is_empty()
        && !too_large;
    Ok((text, Status::clean_if(complete)))
}
