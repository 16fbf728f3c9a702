//! The one error type of the crate: [`BookError`].

use crate::settings::BookSettings;
use std::fmt;
use std::path::PathBuf;

/// What went wrong, naming the book or the source file.
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// The database said no (a full disk, a locked or damaged file...).
    Sqlite {
        /// The book.
        path: PathBuf,
        /// SQLite's error.
        error: rusqlite::Error,
    },
    /// A source file could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        error: std::io::Error,
    },
    /// The temporary file that holds a large file's counts could not be written or read.
    Spill {
        /// The directory it is made in (the book's).
        dir: PathBuf,
        /// The error.
        error: std::io::Error,
    },
    /// `create` on a path that already holds a file.
    Exists(PathBuf),
    /// [`crate::FileBuild::finish_unless`] was asked to stop: the file's transaction was
    /// rolled back (the book named is as it was before the file).
    Stopped(PathBuf),
    /// `create` could not make the file (a folder that cannot be written, a full disk...).
    Create {
        /// The book.
        path: PathBuf,
        /// The error.
        error: std::io::Error,
    },
    /// Adding to a book that cannot be written (its file or its folder write-protected, or on
    /// a read-only file system).
    ReadOnly(PathBuf),
    /// The file is an SQLite database, or not one, but not a renju book.
    NotABook {
        /// The file.
        path: PathBuf,
        /// What is missing or wrong.
        why: String,
    },
    /// A book of another schema version.
    Version {
        /// The book.
        path: PathBuf,
        /// Its `PRAGMA user_version`.
        found: i64,
    },
    /// Adding with other settings than the book was built with.
    SettingsDiffer {
        /// The book.
        path: PathBuf,
        /// The book's settings.
        book: BookSettings,
        /// The settings asked for.
        asked: BookSettings,
    },
    /// A source already in the book whose content has changed, added without `replace`.
    SourceChanged {
        /// The source's path.
        path: String,
        /// The size and SHA-256 (hex) the book holds.
        old: (u64, String),
        /// The size and SHA-256 (hex) of the file now.
        new: (u64, String),
    },
    /// A source already in the book whose content has changed into the content of another
    /// source of the book: refused, replaced or not (its games would be counted twice).
    ChangedToCopy {
        /// The source's path.
        path: String,
        /// The size and SHA-256 (hex) the book holds for it.
        old: (u64, String),
        /// The path of the source whose content it now has.
        other: String,
    },
    /// A position to query that cannot be played.
    Position {
        /// The 1-based number of the move that cannot be played.
        number: usize,
        /// The move.
        mv: String,
        /// Why.
        why: String,
    },
    /// A position with more stones than the book holds.
    BeyondDepth {
        /// The stones of the position.
        stones: usize,
        /// The book's `max_moves`.
        max_moves: u8,
    },
    /// A stored game that cannot be replayed (a damaged or hand-edited book).
    Damaged {
        /// The book.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Sqlite { path, error } => write!(f, "{}: {error}", path.display()),
            BookError::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            BookError::Spill { dir, error } => write!(
                f,
                "cannot write the temporary file of counts in {} (a file's counts that outgrow the memory cap are kept there until they are merged into the book): {error}",
                dir.display()
            ),
            BookError::Stopped(path) => write!(
                f,
                "{}: the run was asked to stop while the file's counts were written: its \
                 transaction was rolled back",
                path.display()
            ),
            BookError::Exists(path) => write!(
                f,
                "{} already exists: a new book is never written over a file (add to it, or remove it first)",
                path.display()
            ),
            BookError::Create { path, error } => {
                write!(f, "cannot create the book {}: {error}", path.display())
            }
            BookError::ReadOnly(path) => write!(
                f,
                "{} cannot be written (the file or its folder is write-protected, or on a read-only file system: SQLite keeps its journal in the book's folder): nothing can be added to it",
                path.display()
            ),
            BookError::NotABook { path, why } => {
                write!(f, "{} is not a renju book: {why}", path.display())
            }
            BookError::Version { path, found } if *found > crate::schema::VERSION => write!(
                f,
                "{} is a renju book of schema version {found}, written by a newer renju-book; this renju-book reads version {} only: use a renju-book (corpus-tool) that reads version {found}",
                path.display(),
                crate::schema::VERSION
            ),
            BookError::Version { path, found } => write!(
                f,
                "{} is a renju book of schema version {found}; this renju-book reads version {} only: rebuild the book from its sources (corpus-tool book build)",
                path.display(),
                crate::schema::VERSION
            ),
            BookError::SettingsDiffer { path, book, asked } => write!(
                f,
                "{} was built with {book}; cannot add with {asked} (one book, one set of rules and depth)",
                path.display()
            ),
            BookError::SourceChanged { path, old, new } => write!(
                f,
                "{path} has changed since it was added to the book ({} bytes, sha256 {} then; {} bytes, sha256 {} now): refused (replace it to subtract its old counts and add the new ones)",
                old.0, old.1, new.0, new.1
            ),
            BookError::ChangedToCopy { path, old, other } => write!(
                f,
                "{path} has changed since it was added to the book ({} bytes, sha256 {} then), and its content now is that of {other}, already in the book: refused (its games would be counted twice; the book keeps its old counts)",
                old.0, old.1
            ),
            BookError::Position { number, mv, why } => {
                write!(f, "position: move {number} '{mv}' cannot be played: {why}")
            }
            BookError::BeyondDepth { stones, max_moves } => write!(
                f,
                "the position has {stones} {}; the book holds positions of at most {max_moves} (built with max-moves {max_moves})",
                if *stones == 1 { "stone" } else { "stones" }
            ),
            BookError::Damaged { path, why } => write!(f, "{} is damaged: {why}", path.display()),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Sqlite { error, .. } => Some(error),
            BookError::Io { error, .. }
            | BookError::Spill { error, .. }
            | BookError::Create { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Names the book in SQLite's errors.
pub(crate) trait At<T> {
    fn at(self, path: &std::path::Path) -> Result<T, BookError>;
}

impl<T> At<T> for Result<T, rusqlite::Error> {
    fn at(self, path: &std::path::Path) -> Result<T, BookError> {
        self.map_err(|error| BookError::Sqlite {
            path: path.to_path_buf(),
            error,
        })
    }
}
