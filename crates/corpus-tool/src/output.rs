//! Files written whole or not at all: [`AtomicFile`], the one writer of every file a command
//! writes (`validate --report/--json/--html`, `openings stats`, `dedupe`, `search`, `filter`,
//! `convert`, `show --svg`); and the records written by the archive commands
//! ([`records::RecordWriter`]); Parquet game files and typed reports ([`parquet`]).
//!
//! The rules, explicit:
//! - `-` is standard output.
//! - A symbolic link is written through: the file it points to is written (as below), the link
//!   stays a link. `/dev/stdout`, `/dev/stderr`, `/dev/fd/1` and `/dev/fd/2` are the process's
//!   own standard output and error.
//! - A regular file (or a new one) is written under a temporary name in its folder
//!   (`.NAME.XXXXXX.partial`, [`tempfile`]), synced to the disk, renamed to its name only when
//!   complete, and the folder synced: a failed run, a crash or a power cut never leaves a
//!   partial file under the name asked for, and an existing file is replaced whole. A file
//!   replaced keeps its permissions; a new one gets the usual ones (`0666` less the umask).
//! - Anything else (a named pipe, a terminal, a device such as `/dev/null` or `/dev/full`, a
//!   file under `/proc`) is written directly: renaming over it would replace the pipe or the
//!   device itself.
//! - After an interrupted run, [`AtomicFile::commit_partial`] keeps what was written under a
//!   name that says so (`NAME.partial.EXT`).
//! - A file this run reads ([`note_input`]: every file the walker yields, a book queried or
//!   exported, a file converted) is never written over: [`AtomicFile::create`] refuses it,
//!   and [`AtomicFile::commit`] checks again (a file the walk finds after the output was
//!   started), leaving the file as it was ([`OutputError::Input`]).
//! - A regular file without any write permission (`chmod a-w`) is not replaced: the rename
//!   would bypass the protection ([`OutputError::WriteProtected`]).

pub mod parquet;
pub mod records;

use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Why an output file cannot be written. Its text is `cannot write PATH: REASON`.
#[derive(Debug)]
pub enum OutputError {
    /// The target is a folder.
    Folder(PathBuf),
    /// The target has no file name (`/`, `..`).
    NotAFileName(PathBuf),
    /// Creating, writing, syncing or renaming failed.
    Io(PathBuf, io::Error),
    /// The target is a file this run reads ([`note_input`]), named as read (the second path).
    Input(PathBuf, PathBuf),
    /// The target is a regular file without any write permission.
    WriteProtected(PathBuf),
    /// The target is the file of another output of this run (the second path, as named).
    Twice(PathBuf, PathBuf),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Folder(p) => write!(f, "cannot write {}: it is a folder", p.display()),
            OutputError::NotAFileName(p) => {
                write!(f, "cannot write {}: not a file name", p.display())
            }
            OutputError::Io(p, e) => write!(f, "cannot write {}: {e}", p.display()),
            OutputError::Input(p, read) if p == read => write!(
                f,
                "cannot write {}: it is an input of this run (not written over: it is left as \
                 it was)",
                p.display()
            ),
            OutputError::Input(p, read) => write!(
                f,
                "cannot write {}: it is {}, an input of this run (not written over: it is \
                 left as it was)",
                p.display(),
                read.display()
            ),
            OutputError::Twice(p, other) => write!(
                f,
                "cannot write {}: it is also the output {} of this run (one file cannot hold \
                 both)",
                p.display(),
                other.display()
            ),
            OutputError::WriteProtected(p) => write!(
                f,
                "cannot write {}: the file is write-protected (not replaced; make it writable \
                 or choose another name)",
                p.display()
            ),
        }
    }
}

impl std::error::Error for OutputError {}

/// Whether `path` names the process's standard output: `-`, `/dev/stdout`, `/dev/fd/1` or
/// `/proc/self/fd/1`, or is a symbolic link to one of them (a command's summary then goes to
/// standard error, away from the data).
#[must_use]
pub fn is_stdout(path: &Path) -> bool {
    names_stdout(path)
        || std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
            && follow_links(path).is_ok_and(|p| names_stdout(&p))
}

/// Whether `path` is one of the names of standard output.
fn names_stdout(path: &Path) -> bool {
    matches!(
        path.to_str(),
        Some("-" | "/dev/stdout" | "/dev/fd/1" | "/proc/self/fd/1")
    )
}

/// Whether `path` is one of the names of standard error.
fn names_stderr(path: &Path) -> bool {
    matches!(
        path.to_str(),
        Some("/dev/stderr" | "/dev/fd/2" | "/proc/self/fd/2")
    )
}

/// A file read by this run: its identity on the disk and the name it was read by.
#[derive(Debug, Clone)]
struct Input {
    /// Device and inode (Unix); elsewhere the canonical path stands for both.
    id: FileId,
    path: PathBuf,
}

/// What makes two paths one file: device and inode on Unix, the canonical path elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

impl FileId {
    fn of(path: &Path, meta: &std::fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let _ = path;
            Some(FileId::Inode(meta.dev(), meta.ino()))
        }
        #[cfg(not(unix))]
        {
            std::fs::canonicalize(path).ok().map(FileId::Path)
        }
    }
}

/// The files this process reads ([`note_input`]).
static INPUTS: std::sync::Mutex<Vec<Input>> = std::sync::Mutex::new(Vec::new());

/// The list of `m`: a panic elsewhere while a list was held leaves it whole (each change is
/// one push, one assignment or one retain).
fn lock<T>(m: &'static std::sync::Mutex<T>) -> std::sync::MutexGuard<'static, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn inputs() -> std::sync::MutexGuard<'static, Vec<Input>> {
    lock(&INPUTS)
}

/// Notes that this run reads the regular file `path` (its metadata `meta`, links followed),
/// so that no [`AtomicFile`] of the run writes over it. Pipes, devices and missing files are
/// not noted (nothing to keep).
///
/// ```
/// use corpus_tool::output::{AtomicFile, note_input};
/// let dir = tempfile::tempdir().unwrap();
/// let archive = dir.path().join("games.renju");
/// std::fs::write(&archive, "black h8 h9 i10\n").unwrap();
/// note_input(&archive, &std::fs::metadata(&archive).unwrap());
/// let e = AtomicFile::write(&archive, b"move,games\n").unwrap_err().to_string();
/// assert!(e.contains("an input of this run"), "{e}");
/// assert_eq!(std::fs::read(&archive).unwrap(), b"black h8 h9 i10\n");
/// ```
pub fn note_input(path: &Path, meta: &std::fs::Metadata) {
    if !meta.is_file() {
        return;
    }
    if let Some(id) = FileId::of(path, meta) {
        let mut list = inputs();
        // one entry a file, under its latest name (an inode freed and given to a new file
        // is that file's now)
        match list.iter_mut().find(|i| i.id == id) {
            Some(i) => i.path = path.to_path_buf(),
            None => list.push(Input {
                id,
                path: path.to_path_buf(),
            }),
        }
    }
}

/// Notes that this run reads its standard input, when that is a regular file (`< FILE`), so
/// that no output (`/dev/stdin` named as one) is written over it.
pub fn note_stdin() {
    if let Some(m) = stdin_metadata() {
        note_input(Path::new(STDIN), &m);
    }
}

/// The metadata of the file behind standard input (the reader's own duplicate of it).
fn stdin_metadata() -> Option<std::fs::Metadata> {
    crate::input::source::stdin_file().ok()?.metadata().ok()
}

/// The name standard input is noted by ([`note_stdin`]).
const STDIN: &str = "standard input";

/// The identity of the file a noted input's name gives now (standard input: the file behind
/// descriptor 0).
fn now(path: &Path) -> Option<FileId> {
    let m = if path == Path::new(STDIN) {
        stdin_metadata()?
    } else {
        std::fs::metadata(path).ok()?
    };
    FileId::of(path, &m)
}

/// The name an input of this run was read by, when `real` (a regular file, `meta` its
/// metadata) is one.
fn read_as(real: &Path, meta: &std::fs::Metadata) -> Option<PathBuf> {
    let id = FileId::of(real, meta)?;
    let found = inputs().iter().find(|i| i.id == id).cloned()?;
    // the input's name still names this file (an input removed since, its inode given to
    // another file, is no longer one)
    (now(&found.path) == Some(id)).then_some(found.path)
}

/// Why the existing regular file `real` (`meta` its metadata; `target` as named) cannot be
/// replaced: it is an input of this run, or write-protected.
fn refusal(real: &Path, meta: &std::fs::Metadata, target: &Path) -> Option<OutputError> {
    if let Some(read) = read_as(real, meta) {
        return Some(OutputError::Input(target.to_path_buf(), read));
    }
    meta.permissions()
        .readonly()
        .then(|| OutputError::WriteProtected(target.to_path_buf()))
}

/// An output being written to a temporary file ([`AtomicFile`]): no other output of the run
/// may name its file, and a hard stop removes its temporary file ([`remove_temporaries`]).
#[derive(Debug)]
struct Open {
    slot: u64,
    /// The target's folder, canonical, with its name.
    key: PathBuf,
    /// The target's identity when it exists (a hard link is the same file).
    id: Option<FileId>,
    /// The target as named.
    target: PathBuf,
    temporary: PathBuf,
}

static OPEN: std::sync::Mutex<Vec<Open>> = std::sync::Mutex::new(Vec::new());
static NEXT_SLOT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn open_outputs() -> std::sync::MutexGuard<'static, Vec<Open>> {
    lock(&OPEN)
}

/// Removes the temporary files of every output not committed yet: for a process about to end
/// at once (a third signal), which runs no destructor.
pub fn remove_temporaries() {
    for o in open_outputs().iter() {
        let _ = std::fs::remove_file(&o.temporary);
    }
}

/// `real`'s folder made canonical, with its name (what two names of one new file share).
fn canonical_target(real: &Path) -> PathBuf {
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), real.file_name()) {
        (Ok(d), Some(name)) => d.join(name),
        _ => real.to_path_buf(),
    }
}

/// Where the bytes go.
#[derive(Debug)]
enum Sink {
    /// A temporary file in the target's folder, renamed over `path` at the commit.
    Temp {
        file: tempfile::NamedTempFile,
        /// The real target (a link followed).
        path: PathBuf,
    },
    /// A pipe, a terminal, a device: written in place.
    Direct(File),
    /// The process's standard output.
    Stdout(io::Stdout),
    /// The process's standard error.
    Stderr(io::Stderr),
    /// Committed or abandoned.
    Closed,
}

/// A file being written: moved into place by [`AtomicFile::commit`]; dropped without a
/// commit, the temporary file is removed (a pipe or device keeps what was written).
///
/// ```
/// use corpus_tool::output::AtomicFile;
/// use std::io::Write;
/// let dir = tempfile::tempdir().unwrap();
/// let target = dir.path().join("out.csv");
/// let mut f = AtomicFile::create(&target).unwrap();
/// f.write_all(b"a,b\n").unwrap();
/// assert!(!target.exists(), "nothing under the name until complete");
/// f.commit().unwrap();
/// assert_eq!(std::fs::read(&target).unwrap(), b"a,b\n");
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    sink: Sink,
    target: PathBuf,
    /// Its place among the outputs open ([`Open`]), for a temporary file.
    slot: Option<u64>,
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            open_outputs().retain(|o| o.slot != slot);
        }
    }
}

/// The most links followed before giving up (as the system's `ELOOP`).
const MAX_LINKS: usize = 40;

/// `path` with every symbolic link of its last component followed (the folders on the way
/// are the system's to follow), up to a name of standard output or standard error: a link
/// to `/dev/stdout` is standard output, not the file or pipe it stands for at the moment
/// (which the system's `/proc/self/fd/1` would give).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if names_stdout(&p) || names_stderr(&p) {
            return Ok(p);
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

impl AtomicFile {
    /// Starts writing `target` (`-`: standard output).
    ///
    /// # Errors
    /// The target is a folder, has no file name, or the file cannot be created.
    pub fn create(target: &Path) -> Result<AtomicFile, OutputError> {
        let io = |e| OutputError::Io(target.to_path_buf(), e);
        let sink = match target.to_str() {
            _ if is_stdout(target) => Sink::Stdout(io::stdout()),
            _ if names_stderr(target) => Sink::Stderr(io::stderr()),
            _ => {
                let real = follow_links(target).map_err(io)?;
                match std::fs::metadata(&real) {
                    // a link to standard error (one to standard output is said above)
                    _ if names_stderr(&real) => Sink::Stderr(io::stderr()),
                    Ok(m) if m.is_dir() => return Err(OutputError::Folder(target.to_path_buf())),
                    Ok(m) if m.is_file() && !real.starts_with("/proc") => {
                        if let Some(e) = refusal(&real, &m, target) {
                            return Err(e);
                        }
                        Sink::Temp {
                            file: temporary(&real, Some(m.permissions())).map_err(|e| match e {
                                None => OutputError::NotAFileName(target.to_path_buf()),
                                Some(e) => io(e),
                            })?,
                            path: real,
                        }
                    }
                    Ok(m) if !m.is_file() || real.starts_with("/proc") => Sink::Direct(
                        std::fs::OpenOptions::new()
                            .write(true)
                            .truncate(m.is_file())
                            .open(&real)
                            .map_err(io)?,
                    ),
                    _ => {
                        // a new file. Said plainly, rather than by the temporary file's name
                        if let Some(dir) = real.parent()
                            && !dir.as_os_str().is_empty()
                            && !dir.is_dir()
                        {
                            return Err(io(io::Error::new(
                                io::ErrorKind::NotFound,
                                format!("the folder {} does not exist", dir.display()),
                            )));
                        }
                        Sink::Temp {
                            file: temporary(&real, None).map_err(|e| match e {
                                None => OutputError::NotAFileName(target.to_path_buf()),
                                Some(e) => io(e),
                            })?,
                            path: real,
                        }
                    }
                }
            }
        };
        let slot = match &sink {
            Sink::Temp { file, path } => {
                let key = canonical_target(path);
                let id = std::fs::metadata(path)
                    .ok()
                    .and_then(|m| FileId::of(path, &m));
                let mut open = open_outputs();
                if let Some(other) = open
                    .iter()
                    .find(|o| o.key == key || (id.is_some() && o.id == id))
                {
                    return Err(OutputError::Twice(
                        target.to_path_buf(),
                        other.target.clone(),
                    ));
                }
                let slot = NEXT_SLOT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                open.push(Open {
                    slot,
                    key,
                    id,
                    target: target.to_path_buf(),
                    temporary: file.path().to_path_buf(),
                });
                Some(slot)
            }
            _ => None,
        };
        Ok(AtomicFile {
            sink,
            target: target.to_path_buf(),
            slot,
        })
    }

    /// Writes `bytes` as the whole of `target`.
    ///
    /// # Errors
    /// As [`AtomicFile::create`], or a write, the sync or the rename failed (nothing is left
    /// then).
    pub fn write(target: &Path, bytes: &[u8]) -> Result<(), OutputError> {
        let mut f = AtomicFile::create(target)?;
        f.write_all(bytes)
            .map_err(|e| OutputError::Io(target.to_path_buf(), e))?;
        f.commit()
    }

    /// The path asked for.
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Whether the bytes go to standard output (so a summary goes elsewhere).
    #[must_use]
    pub fn is_stdout(&self) -> bool {
        matches!(self.sink, Sink::Stdout(_))
    }

    /// Flushes, syncs and moves the file into place (then syncs its folder).
    ///
    /// # Errors
    /// The flush, the sync or the rename failed; the temporary file is removed.
    pub fn commit(self) -> Result<(), OutputError> {
        self.commit_to(None).map(|_| ())
    }

    /// After an interrupted run: keeps what was written under a name that says it is partial
    /// (`report.csv` as `report.partial.csv`, `out` as `out.partial`, beside the file a link
    /// points to) and returns where it is; a pipe, a device or standard output keeps what it
    /// got (the target's own name is returned).
    ///
    /// # Errors
    /// As [`AtomicFile::commit`].
    pub fn commit_partial(self) -> Result<PathBuf, OutputError> {
        let name = match &self.sink {
            Sink::Temp { path, .. } => Some(partial_name(path)),
            _ => None,
        };
        self.commit_to(name.as_deref())
    }

    fn commit_to(mut self, name: Option<&Path>) -> Result<PathBuf, OutputError> {
        let target = self.target.clone();
        let io = |e| OutputError::Io(target.clone(), e);
        match std::mem::replace(&mut self.sink, Sink::Closed) {
            Sink::Temp { mut file, path } => {
                let to = match name {
                    // a partial output goes where it writes over neither an input nor a
                    // protected file
                    Some(partial) => free_partial(partial),
                    None => {
                        // a file the walk found after the output was started is still an
                        // input; a file protected since is still protected
                        if let Ok(m) = std::fs::metadata(&path)
                            && m.is_file()
                            && let Some(e) = refusal(&path, &m, &target)
                        {
                            return Err(e);
                        }
                        path.clone()
                    }
                };
                file.flush().map_err(io)?;
                file.as_file().sync_all().map_err(io)?;
                file.persist(&to).map_err(|e| io(e.error))?;
                if let Some(dir) = to.parent() {
                    sync_folder(dir).map_err(io)?;
                }
                Ok(to)
            }
            Sink::Direct(mut f) => f.flush().map(|()| target.clone()).map_err(io),
            Sink::Stdout(mut s) => s.flush().map(|()| target.clone()).map_err(io),
            Sink::Stderr(mut s) => s.flush().map(|()| target.clone()).map_err(io),
            Sink::Closed => Ok(target.clone()),
        }
    }

    /// Gives up: the temporary file is removed (as when dropped).
    pub fn abandon(self) {}
}

/// `partial`, or when that is an input of the run or a write-protected file, the first of
/// `NAME.partial.2.EXT`, `NAME.partial.3.EXT`, ... that is neither.
fn free_partial(partial: &Path) -> PathBuf {
    let usable = |p: &Path| match std::fs::metadata(p) {
        Ok(m) if m.is_file() => refusal(p, &m, p).is_none(),
        Ok(_) => false,
        Err(_) => true,
    };
    if usable(partial) {
        return partial.to_path_buf();
    }
    let stem = partial.file_stem().unwrap_or_default().to_os_string();
    (2u32..)
        .map(|n| {
            let mut name = stem.clone();
            name.push(format!(".{n}"));
            if let Some(ext) = partial.extension() {
                name.push(".");
                name.push(ext);
            }
            partial.with_file_name(name)
        })
        .find(|p| usable(p))
        .expect("a free name among unbounded ones")
}

/// `report.csv` as `report.partial.csv`, `out` as `out.partial`.
fn partial_name(path: &Path) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_os_string();
    let mut name = stem;
    name.push(".partial");
    if let Some(ext) = path.extension() {
        name.push(".");
        name.push(ext);
    }
    path.with_file_name(name)
}

/// The temporary file for `real`, in its folder; `None` when `real` has no file name.
fn temporary(
    real: &Path,
    permissions: Option<std::fs::Permissions>,
) -> Result<tempfile::NamedTempFile, Option<io::Error>> {
    let name = real.file_name().ok_or(None)?;
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file as File::create makes it: 0666 less the umask (the system applies it).
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(dir).map_err(Some)?;
    // A file replaced keeps its mode whatever the umask.
    if let Some(p) = permissions {
        file.as_file().set_permissions(p).map_err(Some)?;
    }
    Ok(file)
}

/// Syncs a folder, so that a rename in it reaches the disk (Unix; elsewhere nothing to do).
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Temp { file, .. } => file.write(buf),
            Sink::Direct(f) => f.write(buf),
            Sink::Stdout(s) => s.write(buf),
            Sink::Stderr(s) => s.write(buf),
            Sink::Closed => Err(io::Error::other("the file is closed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Temp { file, .. } => file.flush(),
            Sink::Direct(f) => f.flush(),
            Sink::Stdout(s) => s.flush(),
            Sink::Stderr(s) => s.flush(),
            Sink::Closed => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named_not_the_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("nodir").join("x.csv");
        let e = AtomicFile::create(&target).unwrap_err().to_string();
        assert!(e.contains("nodir does not exist"), "{e}");
        assert!(!e.contains("partial") && !e.contains("x.csv."), "{e}");
    }

    #[test]
    fn partial_names_keep_the_extension() {
        assert_eq!(
            partial_name(Path::new("d/report.csv")),
            Path::new("d/report.partial.csv")
        );
        assert_eq!(partial_name(Path::new("out")), Path::new("out.partial"));
        assert_eq!(
            partial_name(Path::new("a.b.json")),
            Path::new("a.b.partial.json")
        );
    }
}
