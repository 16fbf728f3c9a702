//! Walking the paths given into the files to read, in input order.
//!
//! The rules, explicit:
//! - A path named on the command line is taken as given: a file named is read whatever its
//!   name (a dot-file, a pipe, `/dev/stdin`); a folder named is walked; `-` is standard
//!   input.
//! - Inside a folder, entries come in byte order of their names, depth first (a folder's
//!   files where the folder sorts), with `walkdir`.
//! - Symbolic links are followed: a link to a file is that file, a link to a folder is
//!   walked. A link back to a folder being walked is not followed (its files are found once)
//!   and is listed in [`Walk::skipped`] with [`SkipReason::LinkLoop`].
//! - Hidden entries (a name starting with `.`, such as `.git/`) found in a folder are not
//!   read; each is listed in [`Walk::skipped`] with [`SkipReason::Hidden`] (a hidden folder
//!   once, not its contents).
//! - Anything found in a folder that is neither a file nor a folder (a pipe, a device) is
//!   not opened (it could block): listed with [`SkipReason::NotARegularFile`].
//! - An entry that cannot be examined (a dangling link, a link to itself, a folder that
//!   cannot be listed) is a [`FileProblem`]; the walk goes on without it.

use serde::Serialize;
use std::fmt;
use std::path::PathBuf;

/// A file that could not be audited.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileProblem {
    /// The path.
    pub file: String,
    /// Why.
    pub reason: String,
    /// Which kind of problem.
    pub kind: ProblemKind,
}

/// The two kinds of [`FileProblem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// The file or folder could not be read (or examined, or listed): the run is incomplete
    /// (exit status 2).
    Unreadable,
    /// The file was read and holds no record: it is empty, it has a record format (by its
    /// extension or its content) but holds no record of it (an empty `.renju`, a `.rif` of
    /// another program), or it was named and is in no format read. A finding about the
    /// archive (exit status 1), never a clean run.
    NoRecords,
}

impl FileProblem {
    /// A file or folder that could not be read.
    #[must_use]
    pub fn unreadable(file: impl Into<String>, reason: impl Into<String>) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: reason.into(),
            kind: ProblemKind::Unreadable,
        }
    }

    /// A file named on the command line that is empty (or only blank): it holds no record.
    #[must_use]
    pub fn empty(file: impl Into<String>) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: "no record in this file (it is empty)".to_string(),
            kind: ProblemKind::NoRecords,
        }
    }

    /// A file named on the command line whose format cannot be told from its name or its
    /// content: it holds no record that can be read.
    #[must_use]
    pub fn unknown_format(file: impl Into<String>) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: "no record in this file: its format is none of renju, moves, rif, psq, sgf, \
                     lib, pos (give --format)"
                .to_string(),
            kind: ProblemKind::NoRecords,
        }
    }

    /// A file in `format` that holds no record of it.
    #[must_use]
    pub fn no_records(file: impl Into<String>, format: renju_notation::Format) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: format!("no record in this file (read as {format})"),
            kind: ProblemKind::NoRecords,
        }
    }

    /// A file with the name of text `format` whose content is binary data (an executable,
    /// an image, a compressed archive): a control character no text holds at byte `at`,
    /// and many more in its first bytes.
    #[must_use]
    pub fn not_text(
        file: impl Into<String>,
        format: renju_notation::Format,
        at: usize,
    ) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: format!(
                "no record in this file (read as {format}): it is not text (binary data: a \
                 control character at byte {at}, and many more)"
            ),
            kind: ProblemKind::NoRecords,
        }
    }

    /// A file with `format`'s name or look whose content is not that format (a `.rif` of
    /// another program, a text grid named `.pos`): it holds no record of it.
    #[must_use]
    pub fn not_this_format(
        file: impl Into<String>,
        format: renju_notation::Format,
        why: &renju_notation::ErrorKind,
    ) -> FileProblem {
        FileProblem {
            file: file.into(),
            reason: format!("no record in this file (read as {format}): {why}"),
            kind: ProblemKind::NoRecords,
        }
    }
}

/// One file to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    /// The path, as given or as found under a folder given.
    pub path: PathBuf,
    /// Whether the file was named on the command line (`true`) or found in a folder.
    pub named: bool,
    /// Its size in bytes when it is a regular file, `None` for a pipe or a device (or when
    /// unknown: it is then found when the file is opened).
    pub size: Option<u64>,
}

impl InputFile {
    /// The path as reports print it (`-` for standard input).
    #[must_use]
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// Whether this is standard input (the path `-` named on the command line).
    #[must_use]
    pub fn is_stdin(&self) -> bool {
        self.named && self.path.as_os_str() == "-"
    }
}

/// Why an entry found in a folder is not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// Its name starts with a dot.
    Hidden,
    /// A link back to a folder being walked.
    LinkLoop,
    /// Neither a file nor a folder (a pipe, a device, a socket).
    NotARegularFile,
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipReason::Hidden => "hidden (the name starts with a dot)",
            SkipReason::LinkLoop => "a link back to a folder being walked",
            SkipReason::NotARegularFile => "not a regular file",
        })
    }
}

/// An entry found in a folder and not read, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
    /// The path.
    pub path: String,
    /// Why it is not read.
    pub reason: SkipReason,
}

/// What a walk found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// The files to read, in input order.
    pub files: Vec<InputFile>,
    /// Entries that could not be examined.
    pub problems: Vec<FileProblem>,
    /// Entries deliberately not read.
    pub skipped: Vec<Skipped>,
}

fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().first() == Some(&b'.')
}

/// One entry of a walk, in walk order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A file to read.
    File(InputFile),
    /// An entry that could not be examined.
    Problem(FileProblem),
    /// An entry deliberately not read.
    Skipped(Skipped),
}

/// Walks `paths` lazily (the files come while the walk goes on, so that reading can start at
/// once), in input order, by the rules of the module documentation. Every path given is
/// examined first.
///
/// # Errors
/// A path given that does not exist or cannot be examined.
pub fn walk_paths(paths: &[PathBuf]) -> Result<Walker, FileProblem> {
    let mut roots = std::collections::VecDeque::with_capacity(paths.len());
    for p in paths {
        let meta = if p.as_os_str() == "-" {
            crate::output::note_stdin();
            None
        } else {
            Some(
                std::fs::metadata(p)
                    .map_err(|e| FileProblem::unreadable(p.display().to_string(), e.to_string()))?,
            )
        };
        roots.push_back((p.clone(), meta));
    }
    Ok(Walker {
        roots,
        folder: None,
    })
}

/// The entries of a walk, in walk order ([`walk_paths`]). Its `size_hint` is exact once
/// only files named remain (a reader can tell the size of the whole input from there).
#[derive(Debug)]
pub struct Walker {
    /// The paths given, each with its metadata (`None`: `-`, standard input).
    roots: std::collections::VecDeque<(PathBuf, Option<std::fs::Metadata>)>,
    folder: Option<FolderWalk>,
}

impl Iterator for Walker {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        loop {
            if let Some(folder) = self.folder.as_mut() {
                match folder.next() {
                    Some(e) => return Some(e),
                    None => self.folder = None,
                }
            }
            let (path, meta) = self.roots.pop_front()?;
            if meta.as_ref().is_some_and(std::fs::Metadata::is_dir) {
                self.folder = Some(FolderWalk::new(path));
            } else {
                if let Some(m) = &meta {
                    crate::output::note_input(&path, m);
                }
                return Some(Entry::File(InputFile {
                    path,
                    named: true,
                    size: meta.filter(std::fs::Metadata::is_file).map(|m| m.len()),
                }));
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let files = self
            .roots
            .iter()
            .filter(|(_, m)| !m.as_ref().is_some_and(std::fs::Metadata::is_dir))
            .count();
        if self.folder.is_none() && files == self.roots.len() {
            (files, Some(files))
        } else {
            (files, None)
        }
    }
}

/// The walk of one folder given.
struct FolderWalk {
    root: PathBuf,
    it: walkdir::IntoIter,
}

impl std::fmt::Debug for FolderWalk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FolderWalk")
            .field("root", &self.root)
            .finish_non_exhaustive()
    }
}

impl FolderWalk {
    fn new(root: PathBuf) -> FolderWalk {
        FolderWalk {
            it: walkdir::WalkDir::new(&root)
                .follow_links(true)
                // Siblings share their parent's path: comparing whole paths as bytes is
                // comparing names, without cutting each path into components at every
                // comparison (as `sort_by_file_name` does).
                .sort_by(|a, b| {
                    a.path()
                        .as_os_str()
                        .as_encoded_bytes()
                        .cmp(b.path().as_os_str().as_encoded_bytes())
                })
                .into_iter(),
            root,
        }
    }
}

impl Iterator for FolderWalk {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        loop {
            let entry = match self.it.next()? {
                Ok(e) => e,
                Err(e) if e.loop_ancestor().is_some() => {
                    return Some(Entry::Skipped(Skipped {
                        path: e.path().unwrap_or(&self.root).display().to_string(),
                        reason: SkipReason::LinkLoop,
                    }));
                }
                Err(e) => {
                    let path = e.path().unwrap_or(&self.root).to_path_buf();
                    let why = e
                        .io_error()
                        .map_or_else(|| e.to_string(), ToString::to_string);
                    let reason = if std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                        format!("cannot list this folder: {why}")
                    } else {
                        why
                    };
                    return Some(Entry::Problem(FileProblem::unreadable(
                        path.display().to_string(),
                        reason,
                    )));
                }
            };
            if entry.depth() > 0 && is_hidden(entry.file_name()) {
                if entry.file_type().is_dir() {
                    self.it.skip_current_dir();
                }
                return Some(Entry::Skipped(Skipped {
                    path: entry.path().display().to_string(),
                    reason: SkipReason::Hidden,
                }));
            }
            if entry.file_type().is_dir() {
                continue;
            }
            if !entry.file_type().is_file() {
                return Some(Entry::Skipped(Skipped {
                    path: entry.path().display().to_string(),
                    reason: SkipReason::NotARegularFile,
                }));
            }
            // Not sized here: the reader sizes it when it comes to it.
            if let Ok(m) = entry.metadata() {
                crate::output::note_input(entry.path(), &m);
            }
            return Some(Entry::File(InputFile {
                size: None,
                path: entry.into_path(),
                named: false,
            }));
        }
    }
}

impl Walk {
    /// The entries again, files first (for [`audit_walk`](crate::validate::audit_walk)).
    pub fn into_entries(self) -> impl Iterator<Item = Entry> + Send {
        self.problems
            .into_iter()
            .map(Entry::Problem)
            .chain(self.skipped.into_iter().map(Entry::Skipped))
            .chain(self.files.into_iter().map(Entry::File))
    }
}

/// Walks `paths` into the files to read, in input order (see the module documentation for
/// the rules), collected.
///
/// # Errors
/// A path given that does not exist or cannot be examined.
///
/// ```
/// use corpus_tool::validate::collect_files;
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::create_dir(dir.path().join("sub")).unwrap();
/// for name in ["b.renju", "a.renju", "sub/c.sgf", ".hidden.renju"] {
///     std::fs::write(dir.path().join(name), "black h8\n").unwrap();
/// }
/// let walk = collect_files(&[dir.path().to_path_buf()]).unwrap();
/// let names: Vec<_> = walk.files.iter().map(|f| f.path.strip_prefix(dir.path()).unwrap().to_owned()).collect();
/// assert_eq!(names, [std::path::Path::new("a.renju"), "b.renju".as_ref(), "sub/c.sgf".as_ref()]);
/// assert_eq!(walk.skipped.len(), 1, "the dot-file is listed as skipped");
/// ```
pub fn collect_files(paths: &[PathBuf]) -> Result<Walk, FileProblem> {
    let mut walk = Walk::default();
    for e in walk_paths(paths)? {
        match e {
            Entry::File(f) => walk.files.push(f),
            Entry::Problem(p) => walk.problems.push(p),
            Entry::Skipped(s) => walk.skipped.push(s),
        }
    }
    Ok(walk)
}
