//! [`convert`]: one file's content from one format to another, trees kept whole where both
//! formats hold trees.

use crate::ConversionReport;
use crate::error::RecordError;
use crate::format::Format;
use crate::format::detect;
use crate::read::{read_all_with, read_trees};
use crate::record::Orientation;
use crate::tree::TreeLines;
use crate::write::{write_in, write_trees};
use encoding_rs::Encoding;
use std::fmt;

/// Options of [`convert`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConvertOptions {
    /// The input format (`None`: [`detect`]).
    pub from: Option<Format>,
    /// The output format (`None`: from the output file's extension).
    pub to: Option<Format>,
    /// The input orientation (`None`: the input format's default).
    pub read_orientation: Option<Orientation>,
    /// The output orientation (`None`: the output format's default).
    pub write_orientation: Option<Orientation>,
    /// The encoding of the input's texts (`None`: as declared, checked against the bytes, or
    /// detected).
    pub encoding: Option<&'static Encoding>,
    /// The encoding of the output's texts, for a `.lib` output (the ANSI code page of the
    /// RenLib that will read it: GBK, Shift_JIS, windows-1252...; see
    /// [`renlib::write_tree_in`](crate::renlib::write_tree_in)). `None`: a library's texts as
    /// stored and new texts in its encoding when it holds them, else UTF-8. The other formats
    /// are written in UTF-8 only: any other encoding is a [`ConvertError::OutputEncoding`].
    pub write_encoding: Option<&'static Encoding>,
}

/// Why [`convert`] could not run at all.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertError {
    /// The input format could not be guessed.
    UnknownInput(String),
    /// The output format could not be guessed from the output name.
    UnknownOutput(String),
    /// An output encoding other than UTF-8 for a format written in UTF-8 only (every format
    /// but `.lib`).
    OutputEncoding {
        /// The output format.
        format: Format,
        /// The encoding asked for.
        encoding: &'static str,
    },
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::UnknownInput(p) => write!(f, "{p}: cannot tell the format (give --from)"),
            ConvertError::UnknownOutput(p) => write!(
                f,
                "{p}: cannot tell the format from the extension (give --to)"
            ),
            ConvertError::OutputEncoding { format, encoding } => write!(
                f,
                "{format} files are written in UTF-8 only, not {encoding} (an output encoding \
                 applies to lib)"
            ),
        }
    }
}

impl std::error::Error for ConvertError {}

/// The result of [`convert`].
#[derive(Debug, Clone)]
pub struct Converted {
    /// The bytes of the output file.
    pub bytes: Vec<u8>,
    /// The formats used.
    pub from: Format,
    /// The output format.
    pub to: Format,
    /// Records read without error.
    pub read: usize,
    /// The records that could not be read.
    pub errors: Vec<RecordError>,
    /// What writing did; the records it did not write, or wrote without a field, are
    /// numbered as in the input file (the records that could not be read counted), except
    /// for the lines of trees written as games, numbered among those lines.
    pub report: ConversionReport,
}

/// Converts a file's content to another format (the work of
/// `corpus-tool convert [--from F] [--to F] [--orientation top|bottom] INPUT OUTPUT`).
///
/// # Errors
/// [`ConvertError`] when a format is neither given nor guessable.
///
/// ```
/// use renju_notation::{ConvertOptions, convert};
/// let c = convert("g.renju", b"black h8 h9 i8\nwhite h8 zz\n", "g.sgf", ConvertOptions::default()).unwrap();
/// assert_eq!((c.read, c.errors.len(), c.report.written), (1, 1, 1));
/// assert!(String::from_utf8(c.bytes).unwrap().contains(";B[hh];W[hg];B[ih]"));
/// ```
pub fn convert(
    input_name: &str,
    input: &[u8],
    output_name: &str,
    options: ConvertOptions,
) -> Result<Converted, ConvertError> {
    // a UTF-16 text's format is told from its text (the readers decode it the same way)
    let head = &input[..input.len().min(4096)];
    let decoded;
    let sniffed = match crate::encoding::utf16_of(head, options.encoding) {
        Ok(Some(e)) => {
            decoded = crate::encoding::decode_utf16(head, e).0;
            &decoded[..]
        }
        _ => head,
    };
    let from = options
        .from
        .or_else(|| detect(input_name, head).or_else(|| detect(input_name, sniffed)))
        .ok_or_else(|| ConvertError::UnknownInput(input_name.to_string()))?;
    let to = options
        .to
        .or_else(|| {
            output_name
                .rsplit_once('.')
                .and_then(|(_, e)| Format::from_extension(e))
        })
        .ok_or_else(|| ConvertError::UnknownOutput(output_name.to_string()))?;
    let out_encoding = options
        .write_encoding
        .filter(|&e| e != encoding_rs::UTF_8 || to == Format::Lib);
    if let Some(e) = out_encoding
        && to != Format::Lib
    {
        return Err(ConvertError::OutputEncoding {
            format: to,
            encoding: e.name(),
        });
    }
    let ro = options
        .read_orientation
        .unwrap_or(from.default_orientation());
    let wo = options
        .write_orientation
        .unwrap_or(to.default_orientation());
    let mut records = Vec::new();
    let mut errors = Vec::new();
    let file = input_name.rsplit(['/', '\\']).next().unwrap_or(input_name);
    if let Some(trees) = read_trees(from, input, file, ro, options.encoding) {
        let mut ok = Vec::new();
        for t in trees {
            match t {
                Ok(t) => ok.push(t),
                Err(e) => errors.push(e),
            }
        }
        let input_encoding = ok.iter().find_map(|t| t.encoding.clone());
        let mut remarks: Vec<crate::ReadRemark> = Vec::new();
        for r in ok.iter().flat_map(|t| &t.info.remarks) {
            if matches!(r, crate::ReadRemark::GameType(_)) && !remarks.contains(r) {
                remarks.push(r.clone());
            }
        }
        if matches!(to, Format::Sgf | Format::Lib) {
            let (bytes, mut report) = write_trees(to, ok, wo, out_encoding);
            report.input_encoding = input_encoding;
            report.read_remarks = remarks;
            return Ok(Converted {
                bytes,
                from,
                to,
                read: report.written,
                errors,
                report,
            });
        }
        let trees = ok.len();
        for t in ok {
            for r in TreeLines::new(t, ro) {
                match r {
                    Ok(g) => records.push(g),
                    Err((line, kind)) => errors.push(RecordError::new(
                        file,
                        records.len() + errors.len() + line.min(1),
                        crate::Position::Byte(0),
                        kind,
                    )),
                }
            }
        }
        let (bytes, mut report) = write_in(to, &records, wo, out_encoding);
        report.input_encoding = input_encoding;
        report.read_remarks = remarks;
        if records.len() > trees {
            report.trees_as_games = Some((trees, records.len()));
        }
        return Ok(Converted {
            bytes,
            from,
            to,
            read: records.len(),
            errors,
            report,
        });
    }
    // each record readable with its number in the file (records that cannot be read count)
    let mut numbers = Vec::new();
    for (n, r) in read_all_with(from, input, file, ro, options.encoding).enumerate() {
        match r {
            Ok(g) => {
                records.push(g);
                numbers.push(n + 1);
            }
            Err(e) => errors.push(e),
        }
    }
    let (bytes, mut report) = write_in(to, &records, wo, out_encoding);
    // what the writer numbered among the records it was given, numbered as the file does
    let in_file = |i: usize| numbers.get(i.wrapping_sub(1)).copied().unwrap_or(i);
    for s in &mut report.skipped {
        s.record = in_file(s.record);
    }
    for d in &mut report.dropped {
        d.record = in_file(d.record);
    }
    Ok(Converted {
        bytes,
        from,
        to,
        read: records.len(),
        errors,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The records not written are numbered as in the input file: the records that cannot
    /// be read count (they were numbered among the readable ones).
    #[test]
    fn records_not_written_are_numbered_as_in_the_file() {
        let input = b"winner h8\nblack h8 h9 zz\nblack h8 -- h9\nunknown\nblack h8\n";
        let c = convert("n.renju", input, "n.psq", ConvertOptions::default()).unwrap();
        let numbers: Vec<usize> = c.report.skipped.iter().map(|s| s.record).collect();
        assert_eq!(numbers, [3, 5], "{:?}", c.report.skipped);
        assert!(c.report.skipped[0].reason.contains("pass"));
        let errors: Vec<usize> = c.errors.iter().map(|e| e.record).collect();
        assert_eq!(errors, [1, 2]);
        let c = convert("n.renju", input, "n.lib", ConvertOptions::default()).unwrap();
        let numbers: Vec<usize> = c.report.skipped.iter().map(|s| s.record).collect();
        assert_eq!(numbers, [4], "{:?}", c.report.skipped);
        // a move list cannot hold the empty game either (a blank line is read as none)
        let c = convert("n.renju", input, "n.txt", ConvertOptions::default()).unwrap();
        let numbers: Vec<usize> = c.report.skipped.iter().map(|s| s.record).collect();
        assert_eq!(numbers, [4], "{:?}", c.report.skipped);
        let back = convert("n.txt", &c.bytes, "m.renju", ConvertOptions::default()).unwrap();
        assert_eq!(back.read, c.report.written);
    }

    /// A UTF-16 move list (no extension of a format) is told by its text and converted as
    /// its UTF-8 form is.
    #[test]
    fn a_utf16_move_list_is_converted_as_its_text() {
        let text = "h8 h9 i10 g7\n";
        let plain = convert("m.txt", text.as_bytes(), "m.sgf", ConvertOptions::default()).unwrap();
        for bom in ["", "\u{feff}"] {
            let le: Vec<u8> = format!("{bom}{text}")
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect();
            let c = convert("m.txt", &le, "m.sgf", ConvertOptions::default()).unwrap();
            assert_eq!((c.from, c.read), (plain.from, 1), "{bom:?}");
            assert_eq!(c.bytes, plain.bytes);
        }
    }
}
