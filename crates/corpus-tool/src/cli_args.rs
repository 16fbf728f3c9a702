//! The command-line arguments of the position and game commands (`fouls`, `vcf`, `show`,
//! `explain`): how games are judged and records read, and the checks of the numbers they
//! take.

use crate::line_input;
use crate::load;
use crate::validate::ReadOptions;
use renju_analyzer::{ClaimPolicy, Settings};
use renju_core::{Convention, RuleSet};
use renju_notation::encoding::Encoding;
use renju_notation::{Format, Orientation};

/// How games are judged (rule set, foul convention, claim policy) and how records are read
/// (format, orientation, text encoding).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct JudgeArgs {
    /// Rule set: renju, freestyle (also spelt gomoku or free: five or more wins, no fouls)
    /// or standard (exactly five wins, no fouls).
    #[arg(long, default_value = "renju")]
    pub rules: RuleSet,
    /// Strict foul convention (a straight-four point that also makes a five keeps the three
    /// open) instead of the default lenient one.
    #[arg(long)]
    pub strict: bool,
    /// Claim policy: claim (a 3-3 or 4-4 loses when White claims it), foul-loses or refuse.
    #[arg(long, default_value = "claim")]
    pub claim: ClaimPolicy,
    /// Force the format of a record file: renju, moves, rif, psq, sgf, lib, pos.
    #[arg(long)]
    pub format: Option<Format>,
    /// Force the orientation of row 1 (top or bottom) instead of the format's usual one.
    #[arg(long)]
    pub orientation: Option<Orientation>,
    /// Decode the texts of a record file in this encoding (GBK, Shift_JIS, windows-1252...)
    /// instead of the declared or detected one.
    #[arg(long, value_name = "NAME", value_parser = renju_notation::encoding::encoding_for)]
    pub encoding: Option<&'static Encoding>,
}

impl JudgeArgs {
    /// The judging settings.
    #[must_use]
    pub fn settings(&self) -> Settings {
        let convention = if self.strict {
            Convention::Strict
        } else {
            Convention::Lenient
        };
        Settings::new(self.rules, convention, self.claim)
    }

    /// How record files are read.
    #[must_use]
    pub const fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: self.format,
            orientation: self.orientation,
            encoding: self.encoding,
        }
    }

    /// How a line command reads its input, answering only `record` when given.
    #[must_use]
    pub fn line_options(&self, record: Option<usize>) -> line_input::Options {
        line_input::Options {
            record,
            read: self.read_options(),
            settings: self.settings(),
        }
    }

    /// How `show` and `explain` read INPUT, picking `record` of a record file.
    #[must_use]
    pub fn load_options(&self, record: Option<usize>) -> load::Options {
        load::Options {
            record,
            read: self.read_options(),
        }
    }
}

/// Reads a 1-based index (`--record N`): a whole number from 1.
///
/// # Errors
/// Not a number, or 0.
///
/// ```
/// use corpus_tool::cli_args::parse_index;
/// assert_eq!(parse_index("3"), Ok(3));
/// assert!(parse_index("0").unwrap_err().to_string().contains("count from 1"));
/// ```
pub fn parse_index(s: &str) -> Result<usize, IndexError> {
    match s.trim().parse::<usize>() {
        Ok(0) => Err(IndexError::Zero),
        Ok(n) => Ok(n),
        Err(_) => Err(IndexError::NotANumber(s.to_string())),
    }
}

/// Why a text is no 1-based index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexError {
    /// 0: records and lines count from 1.
    Zero,
    /// Not a whole number.
    NotANumber(String),
}

impl std::fmt::Display for IndexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IndexError::Zero => f.write_str("0 is no record: records and lines count from 1"),
            IndexError::NotANumber(s) => write!(f, "'{s}' is not a whole number"),
        }
    }
}

impl std::error::Error for IndexError {}
