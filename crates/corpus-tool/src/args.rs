//! The command-line arguments that many commands share, each group one `clap::Args` struct
//! to flatten into a command (`#[command(flatten)]`):
//!
//! - [`InputArgs`]: how records are read (`--format`, `--orientation`, `--encoding`), for
//!   every command that reads records;
//! - [`SettingsArgs`]: how games are judged (`--rules`, `--strict`, `--claim`) and read (the
//!   [`InputArgs`]), for every command that judges games;
//! - [`RunArgs`]: how an archive command runs (`-j/--jobs`, `-q/--quiet`);
//! - [`parse_index`]: the 1-based numbers (`--record N`).
//!
//! ```
//! use clap::Parser;
//! use corpus_tool::args::SettingsArgs;
//! #[derive(Parser)]
//! struct Cli {
//!     #[command(flatten)]
//!     settings: SettingsArgs,
//! }
//! let cli = Cli::parse_from(["x", "--strict", "--claim", "foul-loses", "--format", "sgf"]);
//! assert_eq!(cli.settings.settings().to_string(), "rules renju, convention strict, claim policy foul-loses");
//! assert_eq!(cli.settings.input.read_options().format, Some(renju_notation::Format::Sgf));
//! ```

use crate::engine::{Engine, Jobs, Stop};
use crate::input::ReadOptions;
use crate::{line_input, load};
use renju_analyzer::{ClaimPolicy, Settings};
use renju_core::{Convention, RuleSet};
use renju_notation::encoding::Encoding;
use renju_notation::{Format, Orientation};

/// How records are read: a format, an orientation or a text encoding forced instead of each
/// file's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct InputArgs {
    /// Force a format for every file: renju, moves, rif, psq, sgf, lib, pos.
    #[arg(long)]
    pub format: Option<Format>,
    /// Force the orientation of row 1 (top or bottom) instead of each format's usual one.
    #[arg(long)]
    pub orientation: Option<Orientation>,
    /// Decode the texts of every file in this encoding (GBK, Shift_JIS, windows-1252...)
    /// instead of the declared or detected one; UTF-16LE or UTF-16BE decodes any text file,
    /// line files too (a byte order mark wins).
    #[arg(long, value_name = "NAME", value_parser = renju_notation::encoding::encoding_for)]
    pub encoding: Option<&'static Encoding>,
}

impl InputArgs {
    /// The reading options these arguments ask for.
    #[must_use]
    pub const fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: self.format,
            orientation: self.orientation,
            encoding: self.encoding,
        }
    }
}

/// How games are judged (rule set, foul convention, claim policy) and how their records are
/// read ([`InputArgs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct SettingsArgs {
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
    /// How the records are read.
    #[command(flatten)]
    pub input: InputArgs,
}

impl Default for SettingsArgs {
    fn default() -> Self {
        SettingsArgs {
            rules: RuleSet::Renju,
            strict: false,
            claim: ClaimPolicy::default(),
            input: InputArgs::default(),
        }
    }
}

impl SettingsArgs {
    /// The foul convention: strict with `--strict`, else lenient.
    #[must_use]
    pub const fn convention(&self) -> Convention {
        if self.strict {
            Convention::Strict
        } else {
            Convention::Lenient
        }
    }

    /// The judging settings.
    #[must_use]
    pub fn settings(&self) -> Settings {
        Settings::new(self.rules, self.convention(), self.claim)
    }

    /// The reading options.
    #[must_use]
    pub const fn read_options(&self) -> ReadOptions {
        self.input.read_options()
    }

    /// How a line command (`fouls`, `vcf`) reads its input, answering only `record` when
    /// given.
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

/// How an archive command runs: its worker threads and whether it prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::Args)]
pub struct RunArgs {
    /// Worker threads (default: every core).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<Jobs>,
    /// Print nothing on stdout and draw no progress bar (the exit status still tells).
    #[arg(short = 'q', long)]
    pub quiet: bool,
}

impl RunArgs {
    /// The worker threads asked for, or every core.
    #[must_use]
    pub fn jobs(&self) -> Jobs {
        self.jobs.unwrap_or_else(Jobs::all_cores)
    }

    /// The engine of a command-line run: these jobs, stopped by SIGINT or SIGTERM
    /// ([`Stop::on_signals`], installed once per process).
    ///
    /// # Errors
    /// The signal handlers cannot be installed.
    pub fn engine(&self) -> std::io::Result<Engine> {
        static SIGNALS: std::sync::OnceLock<Stop> = std::sync::OnceLock::new();
        let stop = match SIGNALS.get() {
            Some(s) => s.clone(),
            None => {
                let s = Stop::on_signals()?;
                SIGNALS.get_or_init(|| s).clone()
            }
        };
        Ok(Engine::new(self.jobs()).stop_on(stop))
    }
}

/// Reads a 1-based index (`--record N`): a whole number from 1.
///
/// # Errors
/// Not a number, or 0.
///
/// ```
/// use corpus_tool::args::parse_index;
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
