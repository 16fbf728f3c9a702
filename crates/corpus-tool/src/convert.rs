//! `corpus-tool convert`: one file from one record format to another, saying what was lost.

use crate::output::AtomicFile;
use renju_notation::{ConvertOptions, Format, Orientation, convert};
use std::fmt::Write as _;
use std::path::Path;

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

/// Converts `input` into `output`; returns the text to print and whether every record made
/// it. The output is written through [`AtomicFile`]: under a temporary name and renamed
/// when complete, or directly when OUTPUT is a named pipe or a device.
///
/// # Errors
/// The run could not happen: unreadable input, unknown format, unwritable output.
///
/// ```
/// use corpus_tool::convert::{Args, run};
/// let tmp = tempfile::tempdir().unwrap();
/// let dir = tmp.path();
/// std::fs::write(dir.join("a.renju"), "black h8 h9 i8\n").unwrap();
/// let (text, complete) = run(&dir.join("a.renju"), &dir.join("a.sgf"), Args::default()).unwrap();
/// assert!(complete && text.contains("1 record read"));
/// assert!(std::fs::read_to_string(dir.join("a.sgf")).unwrap().contains(";B[hh]"));
/// ```
pub fn run(input: &Path, output: &Path, args: Args) -> Result<(String, bool), String> {
    // Conversion holds the whole file and its output in memory: refuse what would not fit in
    // the reader limits rather than exhaust memory.
    let size = std::fs::metadata(input)
        .map_err(|e| format!("cannot read {}: {e}", input.display()))?
        .len();
    let limit = args
        .from
        .and_then(renju_notation::limits::whole_file_limit)
        .unwrap_or(MAX_CONVERT);
    if size > limit.min(MAX_CONVERT) {
        return Err(format!(
            "{}: file too large to convert ({size} bytes, limit {})",
            input.display(),
            limit.min(MAX_CONVERT)
        ));
    }
    let bytes =
        std::fs::read(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
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
    )
    .map_err(|e| e.to_string())?;
    AtomicFile::write(output, &done.bytes).map_err(|e| e.to_string())?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{in_name} ({}) -> {out_name} ({}): {} record{} read, {}",
        done.from.name(),
        done.to.name(),
        done.read,
        if done.read == 1 { "" } else { "s" },
        done.report
    );
    if !done.errors.is_empty() {
        let _ = writeln!(text, "{} record(s) could not be read:", done.errors.len());
        for e in &done.errors {
            let _ = writeln!(text, "  {e}");
        }
    }
    let complete = done.errors.is_empty() && done.report.skipped.is_empty();
    Ok((text, complete))
}
