//! The one engine for "read records in order, work on them in parallel, write results in
//! order".

use std::fmt;
use std::num::NonZeroUsize;

/// How many worker threads a run uses (`--jobs N`): at least one.
///
/// ```
/// use corpus_tool::engine::Jobs;
/// assert_eq!("3".parse::<Jobs>().unwrap().get(), 3);
/// assert!("0".parse::<Jobs>().is_err());
/// assert!(Jobs::all_cores().get() >= 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Jobs(NonZeroUsize);

impl Jobs {
    /// One worker: reading, working and writing take turns on the calling thread.
    pub const ONE: Jobs = Jobs(NonZeroUsize::MIN);

    /// `n` workers, `None` for 0.
    #[must_use]
    pub const fn new(n: usize) -> Option<Jobs> {
        match NonZeroUsize::new(n) {
            Some(n) => Some(Jobs(n)),
            None => None,
        }
    }

    /// One worker per core (as the system reports them; one when it cannot tell).
    #[must_use]
    pub fn all_cores() -> Jobs {
        Jobs(std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
    }

    /// The number of workers.
    #[must_use]
    pub const fn get(self) -> usize {
        self.0.get()
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::all_cores()
    }
}

impl fmt::Display for Jobs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a text is not a number of jobs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadJobs(String);

impl fmt::Display for BadJobs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a number of jobs (at least 1)", self.0)
    }
}

impl std::error::Error for BadJobs {}

impl std::str::FromStr for Jobs {
    type Err = BadJobs;

    fn from_str(s: &str) -> Result<Jobs, BadJobs> {
        s.trim()
            .parse::<usize>()
            .ok()
            .and_then(Jobs::new)
            .ok_or_else(|| BadJobs(s.to_string()))
    }
}
