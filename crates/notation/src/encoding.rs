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
/// one and the bytes decode without error in it (bytes that are valid UTF-8 are read as
/// UTF-8 whatever the declaration); else with the detected one. A UTF-8 byte order mark is
/// removed (and wins over a declaration that says otherwise).
#[must_use]
pub fn decode(
    bytes: &[u8],
    declared: Option<&str>,
    forced: Option<&'static Encoding>,
) -> (String, TextEncoding) {
    let used = choose(bytes, declared, forced);
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
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
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.is_ascii() && !bom {
        return make(encoding_rs::UTF_8, EncodingSource::Ascii);
    }
    let utf8 = std::str::from_utf8(bytes).ok();
    if let Some(d) = declared
        && let Ok(e) = encoding_for(d)
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
