//! Files written whole or not at all: [`AtomicFile`], used by every command that writes a
//! file (`validate --report/--json`, `convert`).
//!
//! A regular file (or a new one) is written under `NAME.partial` and renamed to `NAME` only
//! when complete, so that a failed run never leaves a partial file under the name asked for.
//! A target that exists and is not a regular file (`/dev/stdout`, a named pipe, `/dev/full`)
//! is written directly: renaming over it would replace the device or pipe itself.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output file cannot be written. Its text is `cannot write PATH: REASON`.
#[derive(Debug)]
pub enum OutputError {
    /// The target is a folder.
    Folder(PathBuf),
    /// The target has no file name (`/`, `..`).
    NotAFileName(PathBuf),
    /// Creating, writing or renaming failed.
    Io(PathBuf, std::io::Error),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Folder(p) => write!(f, "cannot write {}: it is a folder", p.display()),
            OutputError::NotAFileName(p) => {
                write!(f, "cannot write {}: not a file name", p.display())
            }
            OutputError::Io(p, e) => write!(f, "cannot write {}: {e}", p.display()),
        }
    }
}

impl std::error::Error for OutputError {}

/// A file being written: renamed into place by [`AtomicFile::commit`]; dropped without a
/// commit, the partial file is removed.
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
    file: Option<std::fs::File>,
    /// The temporary file, `None` when writing directly.
    tmp: Option<PathBuf>,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts writing `target`.
    ///
    /// # Errors
    /// The target is a folder, has no file name, or the file cannot be created.
    pub fn create(target: &Path) -> Result<AtomicFile, OutputError> {
        let io = |e| OutputError::Io(target.to_path_buf(), e);
        match std::fs::metadata(target) {
            Ok(m) if m.is_dir() => return Err(OutputError::Folder(target.to_path_buf())),
            Ok(m) if !m.is_file() => {
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .map_err(io)?;
                return Ok(AtomicFile {
                    file: Some(f),
                    tmp: None,
                    target: target.to_path_buf(),
                });
            }
            _ => {}
        }
        let Some(file_name) = target.file_name() else {
            return Err(OutputError::NotAFileName(target.to_path_buf()));
        };
        let mut name = file_name.to_os_string();
        name.push(".partial");
        let tmp = target.with_file_name(name);
        let f = std::fs::File::create(&tmp).map_err(io)?;
        Ok(AtomicFile {
            file: Some(f),
            tmp: Some(tmp),
            target: target.to_path_buf(),
        })
    }

    /// Writes `bytes` as the whole of `target`.
    ///
    /// # Errors
    /// As [`AtomicFile::create`], or a write or the rename failed (nothing is left then).
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

    /// Flushes and moves the file into place.
    ///
    /// # Errors
    /// The flush or the rename failed; the partial file is removed.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let io = |e| OutputError::Io(self.target.clone(), e);
        if let Some(mut f) = self.file.take() {
            f.flush().map_err(io)?;
        }
        if let Some(tmp) = self.tmp.take()
            && let Err(e) = std::fs::rename(&tmp, &self.target)
        {
            let _ = std::fs::remove_file(&tmp);
            return Err(io(e));
        }
        Ok(())
    }

    /// Gives up: the partial file is removed (as when dropped).
    pub fn abandon(self) {}
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.file {
            Some(f) => f.write(buf),
            None => Err(std::io::Error::other("the file is closed")),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        self.file.take();
        if let Some(tmp) = self.tmp.take() {
            let _ = std::fs::remove_file(tmp);
        }
    }
}
