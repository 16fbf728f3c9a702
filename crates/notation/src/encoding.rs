//! Text encodings of record files: the declared one (SGF `CA`, the XML declaration) checked
//! against the bytes, detection where none is declared or the declaration does not fit, and a
//! forced one (`--encoding NAME`).
//!
//! Decoding uses `encoding_rs` (the WHATWG encodings: GBK, Shift_JIS, windows-1252, EUC-KR,
//! Big5, UTF-8...) and detection `chardetng` (the detector of Firefox). Every decoded text
//! carries a [`TextEncoding`] saying which encoding was used and why.
//!
//! ```
//! use renju_notation::encoding::{EncodingSource, decode};
//! // "天元" in GBK, declared as GB2312
//! let (text, used) = decode(&[0xCC, 0xEC, 0xD4, 0xAA], Some("GB2312"), None);
//! assert_eq!(text, "天元");
//! assert_eq!((used.name, &used.source), ("GBK", &EncodingSource::Declared("GB2312".into())));
//! // the same bytes declared as UTF-8: the declaration does not fit, GBK is detected
//! let (text, used) = decode(&[0xCC, 0xEC, 0xD4, 0xAA], Some("UTF-8"), None);
//! assert_eq!(text, "天元");
//! assert!(matches!(used.source, EncodingSource::Detected { .. }));
//! ```

pub use encoding_rs::Encoding;
use std::fmt;

/// Why an encoding was used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodingSource {
    /// The file declares it (the value as written) and the bytes fit it.
    Declared(String),
    /// Detected from the bytes; `declared` is a declaration that did not fit them (or named
    /// no known encoding), if there was one.
    Detected {
        /// The declaration that was not used, as written.
        declared: Option<String>,
    },
    /// Given by the caller (`--encoding NAME`).
    Forced,
    /// The text is plain ASCII (every ASCII-compatible encoding reads it the same).
    Ascii,
    /// The file starts with the byte order mark of this encoding (UTF-16LE, UTF-16BE).
    ByteOrderMark,
}

/// The encoding a file's texts were decoded with, and why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TextEncoding {
    /// The encoding's WHATWG name (`UTF-8`, `GBK`, `Shift_JIS`, `windows-1252`...).
    pub name: &'static str,
    /// Why this one.
    pub source: EncodingSource,
    /// Whether some bytes could not be decoded and were replaced by U+FFFD.
    pub lossy: bool,
    /// Other encodings detected for single texts that do not fit `name` (a `.lib` merged
    /// from libraries of several code pages), each once.
    pub others: Vec<&'static str>,
}

impl TextEncoding {
    /// The `encoding_rs` encoding (UTF-8 when the name is unknown, which never happens for a
    /// value this module made).
    #[must_use]
    pub fn encoding(&self) -> &'static Encoding {
        Encoding::for_label(self.name.as_bytes()).unwrap_or(encoding_rs::UTF_8)
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            EncodingSource::Declared(d) => write!(f, "{} (declared {d})", self.name)?,
            EncodingSource::Detected { declared: None } => {
                write!(f, "{} (detected; none declared)", self.name)?;
            }
            EncodingSource::Detected { declared: Some(d) } => write!(
                f,
                "{} (detected; the declared {d} does not fit the bytes)",
                self.name
            )?,
            EncodingSource::Forced => write!(f, "{} (forced)", self.name)?,
            EncodingSource::Ascii => write!(f, "ASCII")?,
            EncodingSource::ByteOrderMark => write!(f, "{} (byte order mark)", self.name)?,
        }
        if !self.others.is_empty() {
            write!(f, ", some texts in {}", self.others.join(", "))?;
        }
        if self.lossy {
            write!(f, ", some bytes not decodable (replaced by U+FFFD)")?;
        }
        Ok(())
    }
}

/// An encoding name that `encoding_rs` does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncodingError {
    name: String,
}

impl UnknownEncodingError {
    /// The name that was read.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for UnknownEncodingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown encoding '{}' (expected a name such as UTF-8, GBK, GB2312, Shift_JIS, windows-1252, EUC-KR, Big5)",
            self.name
        )
    }
}

impl std::error::Error for UnknownEncodingError {}

/// The encoding of a label (`GB2312`, `gbk`, `cp932`, `Shift-JIS`, `latin1`...). A few
/// names Windows programs write that the WHATWG list lacks (`cp932`, `cp936`, `cp1252`,
/// `ansi`) are accepted too.
///
/// # Errors
/// [`UnknownEncodingError`] when the name is not an encoding.
pub fn encoding_for(name: &str) -> Result<&'static Encoding, UnknownEncodingError> {
    let n = name.trim();
    let lower = n.to_ascii_lowercase();
    let alias = match lower.as_str() {
        "cp932" | "ms932" | "shift-jis" | "sjis" => "shift_jis",
        "cp936" | "ms936" | "gb-2312" => "gbk",
        "cp949" => "euc-kr",
        "cp950" => "big5",
        "utf8" => "utf-8",
        "ansi" | "cp1252" => "windows-1252",
        _ => lower.as_str(),
    };
    Encoding::for_label(alias.as_bytes()).ok_or_else(|| UnknownEncodingError {
        name: n.to_string(),
    })
}

/// The encoding chardetng guesses for `bytes`: UTF-8 when they are valid UTF-8, unless that
/// reading is implausible ([`implausible_utf8`]: pairs of GBK or Shift_JIS bytes are often
/// valid two-byte UTF-8) and a legacy encoding reads them without error.
#[must_use]
pub fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut d = chardetng::EncodingDetector::new();
    if let Ok(text) = std::str::from_utf8(bytes) {
        if !implausible_utf8(text) {
            return encoding_rs::UTF_8;
        }
        d.feed(bytes, true);
        let mut legacy = d.guess(None, false);
        // Its non-ASCII bytes are pairs C2..DF 80..BF: as a single-byte text an accented
        // capital and a symbol each time, as Shift_JIS half-width katakana only; they are
        // hanzi in GBK, the code page of most libraries with such texts.
        if legacy.is_single_byte() && fits(bytes, encoding_rs::GBK) {
            legacy = encoding_rs::GBK;
        }
        return if fits(bytes, legacy) {
            legacy
        } else {
            encoding_rs::UTF_8
        };
    }
    d.feed(bytes, true);
    d.guess(None, true)
}

/// Whether a valid UTF-8 reading is unlikely to be what was written: it has no character of
/// three bytes or more (which a legacy multi-byte text rarely forms by chance) and holds C1
/// controls, lone combining or Hebrew points, IPA and modifier letters, Armenian, Syriac,
/// Thaana or NKo letters, or mixes Latin, Greek, Cyrillic, Hebrew and Arabic letters (signs
/// and punctuation such as `«»` go with any of them). GBK
/// `直` (D6 B1) reads as a Hebrew point, `直止` as two.
#[must_use]
pub fn implausible_utf8(text: &str) -> bool {
    if text.chars().any(|c| c >= '\u{800}') {
        return false;
    }
    let mut blocks = 0u8;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let block = match u32::from(c) {
            0x80..=0x9F
            | 0x250..=0x2FF
            | 0x300..=0x36F
            | 0x530..=0x58F
            | 0x591..=0x5CF
            | 0x700..=0x7FF => return true,
            // signs and punctuation (`«»`, `°`, `±`, `·`, `×`, `÷`) go with every script
            0xA0..=0xBF | 0xD7 | 0xF7 => 0,
            0xC0..=0x24F => 1,
            0x370..=0x3FF => 2,
            0x400..=0x52F => 4,
            0x5D0..=0x5FF => 8,
            _ => 16,
        };
        blocks |= block;
    }
    blocks.count_ones() > 1
}

/// Decodes `bytes`: with `forced` when given; else with the `declared` encoding when it names
/// one other than UTF-16 (a UTF-16 file is decoded whole before its declaration is read:
/// [`utf16_of`]) and the bytes decode without error in it (bytes that are valid UTF-8 are read as
/// UTF-8 whatever the declaration); else with the detected one. A UTF-8 byte order mark is
/// removed (and wins over a declaration that says otherwise).
#[must_use]
pub fn decode(
    bytes: &[u8],
    declared: Option<&str>,
    forced: Option<&'static Encoding>,
) -> (String, TextEncoding) {
    let used = choose(bytes, declared, forced);
    let bytes = strip_utf8_bom(bytes);
    let (text, lossy) = decode_with(bytes, used.encoding());
    (text, TextEncoding { lossy, ..used })
}

/// Which encoding [`decode`] uses for `bytes` (with `lossy` false).
#[must_use]
pub fn choose(
    bytes: &[u8],
    declared: Option<&str>,
    forced: Option<&'static Encoding>,
) -> TextEncoding {
    let make = |e: &'static Encoding, source| TextEncoding {
        name: e.name(),
        source,
        lossy: false,
        others: Vec::new(),
    };
    if let Some(f) = forced {
        return make(f, EncodingSource::Forced);
    }
    let bom = bytes.starts_with(UTF8_BOM);
    let bytes = strip_utf8_bom(bytes);
    if bytes.is_ascii() && !bom {
        return make(encoding_rs::UTF_8, EncodingSource::Ascii);
    }
    let utf8 = std::str::from_utf8(bytes).ok();
    if let Some(d) = declared
        && let Ok(e) = encoding_for(d)
        && !is_utf16(e)
        && fits(bytes, e)
        && !(bom && e != encoding_rs::UTF_8)
        && !utf8.is_some_and(|t| e != encoding_rs::UTF_8 && utf8_rather_than(t, e))
    {
        return make(e, EncodingSource::Declared(d.trim().to_string()));
    }
    let e = if bom {
        encoding_rs::UTF_8
    } else {
        detect(bytes)
    };
    make(
        e,
        EncodingSource::Detected {
            declared: declared.map(|d| d.trim().to_string()),
        },
    )
}

/// Whether bytes that are valid UTF-8 (decoded as `text`) and also fit the declared legacy
/// encoding `e` are rather UTF-8: always for a single-byte `e` (Latin-1 text is never valid
/// multi-byte UTF-8 by chance), and for a multi-byte `e` (GBK, Shift_JIS...) when the UTF-8
/// reading holds characters of three bytes or more other than U+FFFD. Pairs of GBK bytes are
/// often valid two-byte UTF-8 (`直止`, D6 B1 D6 B9, reads as two Hebrew points), so a reading
/// with only two-byte characters keeps the declaration; a file re-saved as UTF-8 with its old
/// `CA` holds CJK characters, three bytes each.
fn utf8_rather_than(text: &str, e: &'static Encoding) -> bool {
    e.is_single_byte() || text.chars().any(|c| c >= '\u{800}' && c != '\u{fffd}')
}

/// Whether `bytes` decode in `e` without a malformed sequence.
#[must_use]
pub fn fits(bytes: &[u8], e: &'static Encoding) -> bool {
    if e == encoding_rs::UTF_8 {
        return std::str::from_utf8(bytes).is_ok();
    }
    e.decode_without_bom_handling_and_without_replacement(bytes)
        .is_some()
}

/// Decodes `bytes` in `e` (no BOM sniffing); the flag says whether bytes were replaced.
#[must_use]
pub fn decode_with(bytes: &[u8], e: &'static Encoding) -> (String, bool) {
    let (text, lossy) = e.decode_without_bom_handling(bytes);
    (text.into_owned(), lossy)
}

/// Encodes `text` in `e` (UTF-16 encodings write UTF-8, as `encoding_rs` does); the flag says
/// whether characters `e` cannot hold were written as HTML numeric references.
#[must_use]
pub fn encode_with(text: &str, e: &'static Encoding) -> (Vec<u8>, bool) {
    let (bytes, _, unmappable) = e.encode(text);
    (bytes.into_owned(), unmappable)
}

/// Decodes a file that is UTF-8 with some texts in a legacy code page (a comment pasted from
/// a GBK or Shift_JIS program): each run of non-ASCII bytes that is valid UTF-8 is read as
/// UTF-8, the others in the code page detected from them. `None` unless the mix is clear:
/// at least three runs (and a tenth of all runs) are UTF-8 holding characters of three bytes
/// or more, and every other run decodes without error in the detected code page.
#[must_use]
pub fn decode_mixed(bytes: &[u8]) -> Option<(String, &'static Encoding)> {
    let mut runs: Vec<(usize, usize, bool)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii() {
            i += 1;
        }
        let utf8 = std::str::from_utf8(&bytes[start..i])
            .is_ok_and(|t| t.chars().any(|c| c >= '\u{800}' && c != '\u{fffd}'));
        runs.push((start, i, utf8));
    }
    let good = runs.iter().filter(|r| r.2).count();
    if good < 3 || good * 10 < runs.len() || good == runs.len() {
        return None;
    }
    let mut other = Vec::new();
    for &(a, b, utf8) in &runs {
        if !utf8 {
            other.extend_from_slice(&bytes[a..b]);
            other.push(b' ');
        }
    }
    let mut d = chardetng::EncodingDetector::new();
    d.feed(&other, true);
    let legacy = d.guess(None, false);
    let mut out = String::with_capacity(bytes.len());
    let mut at = 0;
    for &(a, b, utf8) in &runs {
        out.push_str(std::str::from_utf8(&bytes[at..a]).ok()?);
        if utf8 {
            out.push_str(std::str::from_utf8(&bytes[a..b]).ok()?);
        } else {
            let (t, lossy) = decode_with(&bytes[a..b], legacy);
            if lossy {
                return None;
            }
            out.push_str(&t);
        }
        at = b;
    }
    out.push_str(std::str::from_utf8(&bytes[at..]).ok()?);
    Some((out, legacy))
}

/// Texts of one file that each stand alone (a `.lib` library's comments and board texts,
/// written in the ANSI code page of the Windows program that made them), decoded:
/// [`decode_texts`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedTexts {
    /// The decoded texts, in the order given.
    pub texts: Vec<String>,
    /// The file's encoding, with the other encodings single texts were decoded in
    /// ([`TextEncoding::others`]) and whether bytes were replaced ([`TextEncoding::lossy`]).
    pub encoding: TextEncoding,
}

/// Texts of at least this many non-ASCII bytes are long: their own detection is evidence
/// enough to read them in another code page than the file's.
const LONG_TEXT: usize = 16;

/// The Windows ANSI code page standing for a detector's guess: RenLib and the other Windows
/// programs of the field write in an ANSI code page (windows-1250..1258, windows-874, GBK,
/// Shift_JIS, EUC-KR, Big5) or, for this crate's own output, UTF-8. EUC-JP is no ANSI code
/// page; its byte pairs (A1..FE A1..FE) are GBK's, the code page of most libraries holding
/// such texts. The ISO and DOS code pages go to the Windows code page of their script.
fn ansi_code_page(e: &'static Encoding) -> &'static Encoding {
    use encoding_rs as E;
    if e == E::EUC_JP {
        E::GBK
    } else if e == E::ISO_8859_5 || e == E::KOI8_U || e == E::KOI8_R || e == E::IBM866 {
        E::WINDOWS_1251
    } else if e == E::ISO_8859_2 {
        E::WINDOWS_1250
    } else if e == E::ISO_8859_4 || e == E::ISO_8859_13 {
        E::WINDOWS_1257
    } else if e == E::ISO_8859_6 {
        E::WINDOWS_1256
    } else if e == E::ISO_8859_7 {
        E::WINDOWS_1253
    } else if e == E::ISO_8859_8 || e == E::ISO_8859_8_I {
        E::WINDOWS_1255
    } else {
        e
    }
}

/// The number of non-ASCII bytes of `bytes`: the weight of a text's evidence.
fn non_ascii(bytes: &[u8]) -> usize {
    bytes.iter().filter(|b| !b.is_ascii()).count()
}

/// The one encoding of a file made of separate texts, weighing the whole file before deciding
/// per text: the texts are not one document (a byte that breaks a code page in one text says
/// nothing about the others), and most of them are short (two to six characters), too short
/// for a detector alone.
///
/// - The file's encoding: when the detector's guess over all the texts together is a
///   multi-byte code page (or UTF-8) that decodes every text, that one. Otherwise, when more
///   than half of the non-ASCII bytes (counted text by text) read as common characters of one
///   multi-byte code page (GBK, Big5, Shift_JIS, EUC-KR: see `common_in`), that one is the
///   candidate; else a single-byte guess that decodes every text stands; else each text votes
///   for the code page detected for it alone, weighted by its non-ASCII bytes. The file's
///   encoding is then the detector's guess over the texts that fit the candidate. So one
///   Latin-1 text, or one text cut in the middle of a character, no longer turns a library of
///   short Chinese comments into windows-1252.
/// - Each text is decoded in the file's encoding, unless that cannot decode it (it is then
///   decoded in the code page detected for it, if that fits) or the evidence for another is
///   strong: valid UTF-8 where the file's code page is single-byte, or UTF-8 holding
///   characters of three bytes (the rule of [`choose`] for a declared legacy encoding); or a
///   long text (at least 16 non-ASCII bytes) whose own detection is a code page of the other
///   kind (multi-byte where the file's is single-byte, or the reverse) that fits it; or a
///   text the file's code page reads only as rare characters (a Latin-1 or Cyrillic word read
///   as GBK gives characters outside GB2312) that its own detection reads as common ones.
///
/// Guesses are read as the Windows ANSI code pages they stand for (EUC-JP as GBK, ISO-8859-5
/// as windows-1251...). With `forced`, every text is decoded in it.
///
/// ```
/// use renju_notation::encoding::decode_texts;
/// let gbk = |s: &str| encoding_rs::GBK.encode(s).0.into_owned();
/// // short GBK comments, plain ASCII ones, and one Latin-1 text that GBK cannot decode
/// let mut texts: Vec<Vec<u8>> = ["黑胜", "好棋", "白必胜", "妙手", "冲四", "活三", "禁手"]
///     .iter().map(|s| gbk(s)).collect();
/// texts.push(b"a".to_vec());
/// texts.push(b"Jos\xe9".to_vec());
/// let refs: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
/// let d = decode_texts(&refs, None);
/// assert_eq!(d.encoding.name, "GBK");
/// assert_eq!(d.encoding.others, ["windows-1252"]);
/// assert_eq!(d.texts[0], "黑胜");
/// assert_eq!(d.texts[8], "José");
/// ```
#[must_use]
pub fn decode_texts(texts: &[&[u8]], forced: Option<&'static Encoding>) -> DecodedTexts {
    let mut all = Vec::new();
    for t in texts {
        all.extend_from_slice(t);
        all.push(b'\n');
    }
    // each text's own detection, made once and only where it is needed
    let mut own: Vec<Option<&'static Encoding>> = vec![None; texts.len()];
    let (file, source) = match forced {
        Some(f) => (f, EncodingSource::Forced),
        None if all.is_ascii() => (encoding_rs::UTF_8, EncodingSource::Ascii),
        None => (
            file_code_page(texts, &all, &mut own),
            EncodingSource::Detected { declared: None },
        ),
    };
    let mut used = TextEncoding {
        name: file.name(),
        source,
        lossy: false,
        others: Vec::new(),
    };
    let mut out = Vec::with_capacity(texts.len());
    for (&raw, own) in texts.iter().zip(&mut own) {
        let e = if forced.is_some() || raw.is_ascii() {
            file
        } else {
            text_code_page(raw, file, own)
        };
        let (text, lossy) = decode_with(raw, e);
        used.lossy |= lossy;
        if e != file && !used.others.contains(&e.name()) {
            used.others.push(e.name());
        }
        out.push(text);
    }
    DecodedTexts {
        texts: out,
        encoding: used,
    }
}

/// The own detection of one text (see [`decode_texts`]), made once.
fn own_code_page(raw: &[u8], own: &mut Option<&'static Encoding>) -> &'static Encoding {
    own.get_or_insert_with(|| ansi_code_page(detect(raw)))
}

/// The multi-byte code pages of the field's Windows programs, in the order a tie is broken.
const CJK: [&Encoding; 4] = [
    encoding_rs::GBK,
    encoding_rs::BIG5,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_KR,
];

/// The file's encoding of [`decode_texts`] (`all`: the texts joined by line breaks; `own`:
/// each text's own detection, filled where made).
fn file_code_page(
    texts: &[&[u8]],
    all: &[u8],
    own: &mut [Option<&'static Encoding>],
) -> &'static Encoding {
    let whole = ansi_code_page(detect(all));
    let fits_all = texts.iter().all(|t| fits(t, whole));
    if fits_all && !whole.is_single_byte() {
        return whole;
    }
    // The weight of the texts each multi-byte code page reads as common characters (short
    // GBK comments are; Latin-1 words read as GBK give rare characters).
    let mut cjk = [0usize; CJK.len()];
    let mut total = 0;
    for t in texts.iter().filter(|t| !t.is_ascii()) {
        let w = non_ascii(t);
        total += w;
        for (k, &e) in CJK.iter().enumerate() {
            if common_in(t, e) && fits(t, e) {
                cjk[k] += w;
            }
        }
    }
    let (best, weight) = cjk
        .iter()
        .enumerate()
        .rev()
        .max_by_key(|(_, w)| **w)
        .map_or((0, 0), |(k, w)| (k, *w));
    let winner = if weight * 2 > total {
        CJK[best]
    } else if fits_all {
        // a single-byte code page reads anything: in doubt only against a multi-byte one
        return whole;
    } else {
        // no code page decodes every text: each votes for its own detection
        vote(texts, own).unwrap_or(whole)
    };
    let mut fitting = Vec::new();
    for t in texts.iter().filter(|t| fits(t, winner)) {
        fitting.extend_from_slice(t);
        fitting.push(b'\n');
    }
    let refined = ansi_code_page(detect(&fitting));
    if refined != winner
        && texts
            .iter()
            .filter(|t| fits(t, winner))
            .all(|t| fits(t, refined))
    {
        refined
    } else {
        winner
    }
}

/// The code page most of the non-ASCII bytes are detected in, each text detected alone (the
/// first of the heaviest; `None` when every text is ASCII).
fn vote(texts: &[&[u8]], own: &mut [Option<&'static Encoding>]) -> Option<&'static Encoding> {
    let mut votes: Vec<(&'static Encoding, usize)> = Vec::new();
    for (t, slot) in texts
        .iter()
        .zip(own.iter_mut())
        .filter(|(t, _)| !t.is_ascii())
    {
        let own = own_code_page(t, slot);
        let w = non_ascii(t);
        match votes.iter_mut().find(|v| v.0 == own) {
            Some(v) => v.1 += w,
            None => votes.push((own, w)),
        }
    }
    votes.iter().rev().max_by_key(|v| v.1).map(|v| v.0)
}

/// The encoding one non-ASCII text of a file in `file` is decoded in (see [`decode_texts`];
/// `own`: the text's own detection, made here if needed and not made yet).
fn text_code_page(
    raw: &[u8],
    file: &'static Encoding,
    own: &mut Option<&'static Encoding>,
) -> &'static Encoding {
    if file != encoding_rs::UTF_8
        && let Ok(t) = std::str::from_utf8(raw)
        && !implausible_utf8(t)
        && utf8_rather_than(t, file)
    {
        return encoding_rs::UTF_8;
    }
    if !fits(raw, file) {
        let own = own_code_page(raw, own);
        return if fits(raw, own) { own } else { file };
    }
    let long = non_ascii(raw) >= LONG_TEXT;
    let rare = !common_in(raw, file);
    if !long && !rare {
        // no evidence can be strong enough against the file's code page
        return file;
    }
    let own = own_code_page(raw, own);
    if own == file || !fits(raw, own) {
        return file;
    }
    let other_kind = own.is_single_byte() != file.is_single_byte();
    if (other_kind && long) || (rare && common_in(raw, own)) {
        own
    } else {
        file
    }
}

/// Whether bytes that `e` decodes read as the common characters of `e`'s repertoire, what
/// people type: for GBK the GB2312 set (both bytes A1..FE, lead up to F7; not the GBK
/// extension of rare and traditional characters nor the user-defined area), for EUC-KR the
/// KS X 1001 set (both bytes A1..FE), for Big5 leads A1..F9 (not the user-defined and HKSCS
/// areas), for Shift_JIS JIS X 0208 (leads 81..9F, E0..EF) and half-width katakana. A
/// Latin-1 word (`Très`, E8 73) or a Cyrillic one read as GBK fails this. Single-byte code
/// pages and UTF-8: always true.
fn common_in(bytes: &[u8], e: &'static Encoding) -> bool {
    use encoding_rs as E;
    let double: fn(u8, u8) -> bool = if e == E::GBK || e == E::GB18030 {
        |lead, trail| (0xA1..=0xF7).contains(&lead) && (0xA1..=0xFE).contains(&trail)
    } else if e == E::EUC_KR {
        |lead, trail| (0xA1..=0xFE).contains(&lead) && (0xA1..=0xFE).contains(&trail)
    } else if e == E::BIG5 {
        |lead, _| (0xA1..=0xF9).contains(&lead)
    } else if e == E::SHIFT_JIS {
        |lead, _| matches!(lead, 0x81..=0x9F | 0xE0..=0xEF)
    } else {
        return true;
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii() || (e == E::SHIFT_JIS && (0xA1..=0xDF).contains(&b)) {
            i += 1;
            continue;
        }
        match bytes.get(i + 1) {
            Some(&t) if double(b, t) => i += 2,
            _ => return false,
        }
    }
    true
}

/// The UTF-8 byte order mark (U+FEFF in UTF-8), which some editors (Windows Notepad among
/// them) write at the start of a text file. It is no part of the text: every reader drops it.
pub const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` without a UTF-8 byte order mark at their start (the one place that says what a
/// UTF-8 BOM is; a `U+FEFF` further on is left alone).
///
/// ```
/// use renju_notation::encoding::strip_utf8_bom;
/// assert_eq!(strip_utf8_bom(b"\xEF\xBB\xBFblack h8"), b"black h8");
/// assert_eq!(strip_utf8_bom(b"black h8"), b"black h8");
/// ```
#[must_use]
pub fn strip_utf8_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes)
}

/// Whether `e` is UTF-16 (either byte order).
#[must_use]
pub fn is_utf16(e: &'static Encoding) -> bool {
    e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE
}

/// How many first bytes [`utf16_of`] weighs.
const UTF16_HEAD: usize = 4096;

/// A file whose first bytes look like UTF-16 without a byte order mark, not read because its
/// byte order and encoding are a guess ([`utf16_of`]): the caller is to name the encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LooksUtf16 {
    /// The UTF-16 the bytes look like (`UTF-16LE` or `UTF-16BE`).
    pub encoding: &'static Encoding,
}

impl fmt::Display for LooksUtf16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.encoding.name();
        write!(
            f,
            "the file looks like {name} text without a byte order mark (NUL bytes between its \
             characters) and holds characters other than ASCII, so its encoding is not certain; \
             not read: give --encoding {name} to read it as {name}"
        )
    }
}

impl std::error::Error for LooksUtf16 {}

/// Whether a text file whose first bytes are `head` must be decoded from UTF-16 before any
/// reader sees it (the one decision for every text format; binary formats, `.lib` and `.pos`,
/// are never asked). `forced`: the encoding the caller names (`--encoding`), if any.
///
/// - A UTF-16 byte order mark (`FF FE`, `FE FF`) says so, whatever `forced` says (as in
///   `encoding_rs`, a byte order mark wins); a UTF-8 byte order mark says it is not UTF-16.
/// - `forced` UTF-16LE or UTF-16BE: that one.
/// - No byte order mark, no UTF-16 forced: UTF-16 in the byte order whose every code unit of
///   `head` is ASCII (a tab, a line break or a printable character, at least two of them)
///   with its other byte NUL; no text file of another encoding is made of such bytes, so the
///   reading is certain. Bytes that are mostly so (more than half of the code units with a
///   NUL byte on one side, few on the other) but not all ASCII are [`LooksUtf16`]: probably
///   UTF-16, but not certainly, and not read unless the caller names the encoding.
///
/// `Ok(None)`: not UTF-16, read the bytes as they are.
///
/// # Errors
/// [`LooksUtf16`] as said above.
///
/// ```
/// use renju_notation::encoding::utf16_of;
/// let le: Vec<u8> = "white h8\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(utf16_of(&le, None), Ok(Some(encoding_rs::UTF_16LE)));
/// assert_eq!(utf16_of(b"\xFE\xFF\0w\0h", None), Ok(Some(encoding_rs::UTF_16BE)));
/// assert_eq!(utf16_of(b"white h8\n", None), Ok(None));
/// let mixed: Vec<u8> = "black h8 黑方 h9 i10\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert!(utf16_of(&mixed, None).is_err());
/// assert_eq!(utf16_of(&mixed, Some(encoding_rs::UTF_16LE)), Ok(Some(encoding_rs::UTF_16LE)));
/// ```
pub fn utf16_of(
    head: &[u8],
    forced: Option<&'static Encoding>,
) -> Result<Option<&'static Encoding>, LooksUtf16> {
    if let Some((e, _)) = Encoding::for_bom(head) {
        return Ok(is_utf16(e).then_some(e));
    }
    if let Some(f) = forced {
        return Ok(is_utf16(f).then_some(f));
    }
    let head = &head[..head.len().min(UTF16_HEAD) & !1];
    if memchr::memchr(0, head).is_none() {
        return Ok(None);
    }
    let units = head.len() / 2;
    if units < 2 {
        return Ok(None);
    }
    let text = |b: u8| b == b'\t' || b == b'\n' || b == b'\r' || (0x20..0x7F).contains(&b);
    for (e, low) in [(encoding_rs::UTF_16LE, 0), (encoding_rs::UTF_16BE, 1)] {
        if head
            .chunks_exact(2)
            .all(|u| u[1 - low] == 0 && text(u[low]))
        {
            return Ok(Some(e));
        }
    }
    let nul_at = |i: usize| head.iter().skip(i).step_by(2).filter(|&&b| b == 0).count();
    let (even, odd) = (nul_at(0), nul_at(1));
    let looks = |many: usize, few: usize| many * 2 > units && few * 8 < many;
    if looks(odd, even) {
        Err(LooksUtf16 {
            encoding: encoding_rs::UTF_16LE,
        })
    } else if looks(even, odd) {
        Err(LooksUtf16 {
            encoding: encoding_rs::UTF_16BE,
        })
    } else {
        Ok(None)
    }
}

/// The text of a whole file in UTF-16 (`e`: UTF-16LE or UTF-16BE; a byte order mark is read
/// as such and dropped, and wins over `e`), as UTF-8 bytes; the flag says whether code units
/// that are no character (a lone surrogate, an odd last byte) were replaced by U+FFFD.
#[must_use]
pub fn decode_utf16(bytes: &[u8], e: &'static Encoding) -> (Vec<u8>, bool) {
    let (text, _, lossy) = e.decode(bytes);
    (text.into_owned().into_bytes(), lossy)
}

/// A reader of UTF-16 bytes giving their text in UTF-8, streamed (memory does not grow with
/// the input): what the line and XML readers read from a UTF-16 file. A byte order mark of
/// the encoding is dropped; code units that are no character (a lone surrogate, an odd last
/// byte) become U+FFFD, and [`Utf16Reader::lossy`] says whether any did.
///
/// ```
/// use std::io::Read;
/// use renju_notation::encoding::Utf16Reader;
/// let bytes: Vec<u8> = "\u{feff}black h8 h9\n".encode_utf16().flat_map(u16::to_be_bytes).collect();
/// let mut text = String::new();
/// Utf16Reader::new(&bytes[..], encoding_rs::UTF_16BE).read_to_string(&mut text).unwrap();
/// assert_eq!(text, "black h8 h9\n");
/// ```
pub struct Utf16Reader<R> {
    input: R,
    decoder: encoding_rs::Decoder,
    out: Vec<u8>,
    at: usize,
    done: bool,
    lossy: bool,
}

impl<R> fmt::Debug for Utf16Reader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Utf16Reader")
            .field("encoding", &self.decoder.encoding().name())
            .field("done", &self.done)
            .field("lossy", &self.lossy)
            .finish_non_exhaustive()
    }
}

/// The most input bytes a [`Utf16Reader`] decodes at once.
const UTF16_CHUNK: usize = 32 << 10;

impl<R: std::io::BufRead> Utf16Reader<R> {
    /// A reader of `input` decoded from `e` (UTF-16LE or UTF-16BE).
    pub fn new(input: R, e: &'static Encoding) -> Utf16Reader<R> {
        Utf16Reader {
            input,
            decoder: e.new_decoder_with_bom_removal(),
            out: Vec::new(),
            at: 0,
            done: false,
            lossy: false,
        }
    }

    /// Whether code units that are no character were replaced by U+FFFD so far.
    #[must_use]
    pub fn lossy(&self) -> bool {
        self.lossy
    }
}

impl<R: std::io::BufRead> std::io::BufRead for Utf16Reader<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at == self.out.len() && !self.done {
            let input = loop {
                match self.input.fill_buf() {
                    Ok(b) => break b,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            let last = input.is_empty();
            let chunk = &input[..input.len().min(UTF16_CHUNK)];
            let room = self
                .decoder
                .max_utf8_buffer_length(chunk.len())
                .unwrap_or(4 * UTF16_CHUNK);
            self.out.clear();
            self.out.resize(room, 0);
            self.at = 0;
            let (_, read, written, replaced) =
                self.decoder.decode_to_utf8(chunk, &mut self.out, last);
            self.out.truncate(written);
            self.input.consume(read);
            self.lossy |= replaced;
            self.done = last;
        }
        Ok(&self.out[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at = (self.at + n).min(self.out.len());
    }
}

impl<R: std::io::BufRead> std::io::Read for Utf16Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use std::io::BufRead;
        let n = {
            let available = self.fill_buf()?;
            let n = available.len().min(buf.len());
            buf[..n].copy_from_slice(&available[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

/// The text of a whole text file that is no record file (a diagram, a pattern, an atlas
/// entry): decoded from UTF-16 when [`utf16_of`] says so, else read as UTF-8 (invalid bytes
/// replaced by U+FFFD), a UTF-8 byte order mark dropped either way.
///
/// # Errors
/// [`LooksUtf16`]: the file looks like UTF-16 but not certainly, and `forced` names none.
///
/// ```
/// use renju_notation::encoding::decode_text_file;
/// assert_eq!(decode_text_file(b"\xEF\xBB\xBF. . x\n", None).unwrap(), ". . x\n");
/// let le: Vec<u8> = "\u{feff}. . x\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// assert_eq!(decode_text_file(&le, None).unwrap(), ". . x\n");
/// ```
pub fn decode_text_file(
    bytes: &[u8],
    forced: Option<&'static Encoding>,
) -> Result<String, LooksUtf16> {
    Ok(match utf16_of(bytes, forced)? {
        Some(e) => e.decode_with_bom_removal(bytes).0.into_owned(),
        None => String::from_utf8_lossy(strip_utf8_bom(bytes)).into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
    use std::io::{BufRead, Read};

    fn le(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_le_bytes).collect()
    }

    fn be(s: &str) -> Vec<u8> {
        s.encode_utf16().flat_map(u16::to_be_bytes).collect()
    }

    #[test]
    fn utf16_is_told_by_its_byte_order_mark_forced_or_certain_nul_bytes() {
        assert_eq!(utf16_of(&le("\u{feff}黑 h8"), None), Ok(Some(UTF_16LE)));
        assert_eq!(utf16_of(&be("\u{feff}黑 h8"), None), Ok(Some(UTF_16BE)));
        // a byte order mark wins over the encoding forced
        assert_eq!(
            utf16_of(&be("\u{feff}h8"), Some(UTF_16LE)),
            Ok(Some(UTF_16BE))
        );
        assert_eq!(utf16_of(b"\xEF\xBB\xBFh8", Some(UTF_16LE)), Ok(None));
        assert_eq!(utf16_of(b"black h8", Some(UTF_16BE)), Ok(Some(UTF_16BE)));
        assert_eq!(utf16_of(b"black h8", Some(WINDOWS_1252)), Ok(None));
        // plain ASCII with NUL bytes between: certain, either byte order
        assert_eq!(utf16_of(&le("white h8\r\n"), None), Ok(Some(UTF_16LE)));
        assert_eq!(utf16_of(&be("white h8\r\n"), None), Ok(Some(UTF_16BE)));
        // an odd last byte (a head cut short) does not matter
        let mut cut = le("white h8");
        cut.push(b'h');
        assert_eq!(utf16_of(&cut, None), Ok(Some(UTF_16LE)));
        // not ASCII: only likely, refused with the encoding to give
        let e = utf16_of(&le("white h8 黑方\n"), None).unwrap_err();
        assert_eq!(e.encoding, UTF_16LE);
        assert!(e.to_string().contains("give --encoding UTF-16LE"), "{e}");
        assert_eq!(
            utf16_of(&be("white 黑方 h8\n"), None).unwrap_err().encoding,
            UTF_16BE
        );
        // text of other encodings, a lone NUL, one unit, binary bytes: not UTF-16
        for bytes in [
            &b"black h8 h9"[..],
            b"\xCC\xEC\xD4\xAA h8",
            b"black\0h8 h9 i10 j11",
            b"h\0",
            b"",
            &[0x02, 0x70, 0x00, 0x61, 0x9a],
        ] {
            assert_eq!(utf16_of(bytes, None), Ok(None), "{bytes:?}");
        }
    }

    /// A reader handing out `step` bytes at a time.
    struct Dribble<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn the_utf16_reader_decodes_across_every_cut_of_its_input() {
        // surrogate pairs (𝄞) and CJK cut anywhere: the text is whole
        let text = "black h8 𝄞 天元 h9\nwhite 😀 i10\n".repeat(50);
        for bytes in [le(&format!("\u{feff}{text}")), be(&text)] {
            let e = if bytes[0] == 0xFF { UTF_16LE } else { UTF_16BE };
            for step in [1, 2, 3, 5, 4096] {
                let input = std::io::BufReader::with_capacity(
                    step,
                    Dribble {
                        bytes: &bytes,
                        step,
                    },
                );
                let mut r = Utf16Reader::new(input, e);
                let mut out = String::new();
                r.read_to_string(&mut out).unwrap();
                assert_eq!(out, text, "step {step}");
                assert!(!r.lossy());
            }
        }
        // lines cut from it as from any input
        let bytes = le("\u{feff}a\nb\n");
        let lines: Vec<String> = Utf16Reader::new(&bytes[..], UTF_16LE)
            .lines()
            .map(Result::unwrap)
            .collect();
        assert_eq!(lines, ["a", "b"]);
        // a lone surrogate and an odd last byte are replaced, and said
        let mut bad = le("h8");
        bad.extend_from_slice(&[0x00, 0xD8, b'x']);
        let mut r = Utf16Reader::new(&bad[..], UTF_16LE);
        let mut out = String::new();
        r.read_to_string(&mut out).unwrap();
        assert!(out.starts_with("h8\u{fffd}"), "{out:?}");
        assert!(r.lossy());
    }

    #[test]
    fn a_utf8_byte_order_mark_is_stripped_once_and_only_at_the_start() {
        assert_eq!(
            strip_utf8_bom(b"\xEF\xBB\xBF\xEF\xBB\xBFx"),
            b"\xEF\xBB\xBFx"
        );
        assert_eq!(strip_utf8_bom(b"x\xEF\xBB\xBF"), b"x\xEF\xBB\xBF");
        assert_eq!(strip_utf8_bom(b"\xEF\xBB"), b"\xEF\xBB");
        let (text, used) = decode(b"\xEF\xBB\xBF\xE5\xA4\xA9", None, None);
        assert_eq!((text.as_str(), used.name), ("天", "UTF-8"));
        assert_eq!(
            decode_text_file(b"\xEF\xBB\xBF.x\xFF", None).unwrap(),
            ".x\u{fffd}"
        );
        assert_eq!(decode_text_file(&be("\u{feff}.x"), None).unwrap(), ".x");
        assert!(decode_text_file(&le(".x 黑"), None).is_err());
        assert_eq!(
            decode_text_file(&le(".x 黑"), Some(UTF_16LE)).unwrap(),
            ".x 黑"
        );
    }

    #[test]
    fn a_declared_utf16_is_never_used_for_bytes_that_are_not() {
        // an SGF saved as UTF-16 says CA[UTF-16]; once decoded its bytes are UTF-8
        let used = choose("C[Jos\u{e9}]".as_bytes(), Some("UTF-16"), None);
        assert_eq!(used.name, UTF_8.name());
        assert!(matches!(used.source, EncodingSource::Detected { .. }));
    }
}
