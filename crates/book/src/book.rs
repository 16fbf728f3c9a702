//! The book on disk: [`Book`] (create, open, add files, list sources) and [`FileBuild`], the
//! transaction that adds one file.

use crate::counts::{Counts, slot};
use crate::error::{At, BookError};
use crate::prepare::{Kind, Prepared, Record, prepare, walk_game, with_tracker};
use crate::schema;
use crate::settings::BookSettings;
use crate::source::Source;
use crate::spill::Counter;
use crate::sweep::Chunk;
use crate::walk::Stop;
use crate::writeback::Writeback;
use renju_notation::{DeclaredResult, GameRecord, Orientation};
use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};

/// The memory cap of a file's in-memory counts by default: 256 MiB (see
/// [`AddOptions::memory_cap`]).
pub const DEFAULT_MEMORY_CAP: usize = 256 << 20;

/// How to add a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddOptions {
    /// Replace a source whose content changed: its old counts are subtracted (replayed from
    /// the games the book stored for it) and the new ones added, in one transaction. Without
    /// it such a file is refused ([`BookError::SourceChanged`]).
    pub replace: bool,
    /// The bytes the in-memory counts of a file may take before they are written out (to a
    /// temporary file, then to the database within the file's transaction) and memory is
    /// reused: the file's log takes under half of it, the chunks of games being swept
    /// (a 256th of it in positions each, two at a time) under the other half, so that it
    /// bounds the memory of a build whatever the size of the file. Default
    /// [`DEFAULT_MEMORY_CAP`].
    pub memory_cap: usize,
}

impl Default for AddOptions {
    fn default() -> AddOptions {
        AddOptions {
            replace: false,
            memory_cap: DEFAULT_MEMORY_CAP,
        }
    }
}

/// What the book knows of one source file (a row of `sources`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceInfo {
    /// The path, as it was added.
    pub path: String,
    /// The size in bytes.
    pub size: u64,
    /// The SHA-256 of the content, hexadecimal.
    pub sha256: String,
    /// What adding it counted.
    pub stats: FileStats,
}

/// What adding one file counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileStats {
    /// Records read, whatever became of them.
    pub records: u64,
    /// Games added to the book (every record but the three kinds below).
    pub games: u64,
    /// Records that could not be read at all (not added).
    pub unreadable: u64,
    /// Games read up to an unreadable move and added with the moves before it.
    pub salvaged: u64,
    /// Records that set stones up (SGF `AB`/`AW`/`AE`): not games from the empty board, not
    /// added (as `corpus-tool search` leaves them out).
    pub set_up: u64,
    /// Records of another board side than the book's (not added).
    pub other_board: u64,
    /// Games whose walk stopped at a move that cannot be played (a point off the board or
    /// already taken) before the book's depth: added up to the move before it.
    pub illegal: u64,
    /// Games with a pass among the moves the book counts.
    pub passes: u64,
    /// The games added, by judged result.
    pub results: Counts,
}

/// What adding a file did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AddOutcome {
    /// A new file: its games were added.
    Added(FileStats),
    /// A source whose content changed, replaced: `old` subtracted, `new` added.
    Replaced {
        /// What the old content had counted.
        old: FileStats,
        /// What the new content counted.
        new: FileStats,
    },
    /// The same path with the same content is already in the book: nothing changed.
    AlreadyPresent(SourceInfo),
    /// The same content is in the book under another path: nothing changed (adding it
    /// would count its games twice).
    SameContent(SourceInfo),
}

/// An opening book in an SQLite file.
#[derive(Debug)]
pub struct Book {
    pub(crate) conn: Connection,
    pub(crate) path: PathBuf,
    pub(crate) settings: BookSettings,
    pub(crate) bucket_bits: u32,
}

/// Where `path`, a symbolic link (or a chain of them) to a file that does not exist, points;
/// `None` when `path` is not a link, or its chain ends at something that exists, loops, or
/// cannot be read.
fn dangling_target(path: &Path) -> Option<PathBuf> {
    let mut at = path.to_path_buf();
    // the kernel's own limit on a chain of links
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&at).ok()?;
                at = match at.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            Ok(_) => return None,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && at != path => return Some(at),
            Err(_) => return None,
        }
    }
    None
}

impl Book {
    /// Creates a new, empty book at `path` (which must not exist; a symbolic link to a file
    /// that does not exist makes the book where it points).
    ///
    /// # Errors
    /// The file exists, or SQLite cannot create it.
    pub fn create(path: impl AsRef<Path>, settings: BookSettings) -> Result<Book, BookError> {
        Book::create_with_buckets(path, settings, crate::key::BUCKET_BITS)
    }

    /// Creates a new, empty book whose positions go to `2^bucket_bits` rows of `buckets`
    /// ([`crate::key::bucket`]; [`Book::create`] takes [`crate::key::BUCKET_BITS`]). Fewer
    /// bits make larger rows: 0 puts every position in one row, as the tests do to see that
    /// positions sharing a bucket never mix.
    ///
    /// # Errors
    /// The file exists, or SQLite cannot create it; more than 32 bits.
    pub fn create_with_buckets(
        path: impl AsRef<Path>,
        settings: BookSettings,
        bucket_bits: u32,
    ) -> Result<Book, BookError> {
        let path = path.as_ref();
        if path.exists() {
            return Err(BookError::Exists(path.to_path_buf()));
        }
        if bucket_bits > 32 {
            return Err(BookError::NotABook {
                path: path.to_path_buf(),
                why: format!("{bucket_bits} bucket bits asked for; at most 32"),
            });
        }
        // a link to a file that does not exist yet: the book is made where it points, as
        // every output of the project is written through a link
        let target = dangling_target(path);
        let file = target.as_deref().unwrap_or(path);
        // made here first, so that a folder that cannot be written is named with the system's
        // reason (SQLite says only "unable to open database file"); SQLite takes the empty file
        // as a new database
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(file)
            .map_err(|error| match error.kind() {
                std::io::ErrorKind::AlreadyExists => BookError::Exists(path.to_path_buf()),
                _ => BookError::Create {
                    path: path.to_path_buf(),
                    error,
                },
            })?;
        let made = Connection::open(file).at(path).and_then(|mut conn| {
            schema::create(&mut conn, path, &settings, bucket_bits)?;
            // after the page size is set: SQLite turns the cache's size in bytes into pages
            // (and the point at which it starts writing pages out) with the page size it has
            schema::configure(&conn, path)?;
            Ok(conn)
        });
        match made {
            Ok(conn) => Ok(Book {
                conn,
                path: path.to_path_buf(),
                settings,
                bucket_bits,
            }),
            Err(e) => {
                // the file this call made is not left behind half made (the link stays)
                let _ = std::fs::remove_file(file);
                Err(e)
            }
        }
    }

    /// Opens an existing book, refusing a file that is not a book of this schema version.
    ///
    /// # Errors
    /// The file is absent, not an SQLite database, not a book, or a book of another version.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        if !path.is_file() {
            return Err(BookError::Io {
                path: path.to_path_buf(),
                error: std::io::Error::new(std::io::ErrorKind::NotFound, "no such book"),
            });
        }
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .at(path)?;
        let (settings, bucket_bits) = schema::read(&conn, path)?;
        schema::configure(&conn, path)?;
        Ok(Book {
            conn,
            path: path.to_path_buf(),
            settings,
            bucket_bits,
        })
    }

    /// Opens the book at `path` when it exists (its settings must be `settings`), else
    /// creates it.
    ///
    /// # Errors
    /// As [`Book::open`] and [`Book::create`]; [`BookError::SettingsDiffer`] when the book
    /// was built with other settings.
    pub fn open_or_create(
        path: impl AsRef<Path>,
        settings: BookSettings,
    ) -> Result<Book, BookError> {
        let path = path.as_ref();
        if !path.exists() {
            return Book::create(path, settings);
        }
        let book = Book::open(path)?;
        if book.settings != settings {
            return Err(BookError::SettingsDiffer {
                path: path.to_path_buf(),
                book: book.settings,
                asked: settings,
            });
        }
        Ok(book)
    }

    /// Fails when the book cannot be written: its file is write-protected (SQLite then opened
    /// it read-only), or its folder is (SQLite keeps its rollback journal beside the book), or
    /// the file system is read-only. It writes a row and rolls it back, as adding a file
    /// would, so that a caller can say so before it reads any archive; [`Book::add`] checks
    /// it too.
    ///
    /// # Errors
    /// [`BookError::ReadOnly`]; SQLite fails otherwise (a book locked by another writer for
    /// longer than the wait).
    pub fn check_writable(&self) -> Result<(), BookError> {
        let read_only = || BookError::ReadOnly(self.path.clone());
        if self.conn.is_readonly(rusqlite::MAIN_DB).at(&self.path)? {
            return Err(read_only());
        }
        let tried = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)
            .and_then(|tx| {
                tx.execute(
                    "INSERT INTO meta (name, value) VALUES ('renju-book write check', '') \
                     ON CONFLICT (name) DO NOTHING",
                    [],
                )?;
                tx.rollback()
            });
        match tried {
            Ok(()) => Ok(()),
            Err(rusqlite::Error::SqliteFailure(f, _))
                if matches!(
                    f.code,
                    rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen
                ) =>
            {
                Err(read_only())
            }
            Err(e) => Err(e).at(&self.path),
        }
    }

    /// Sets the memory of SQLite's page cache for this connection, in bytes (default 8 MiB:
    /// with the in-memory counts' cap, it bounds a build's memory).
    ///
    /// # Errors
    /// SQLite fails.
    pub fn set_cache_size(&mut self, bytes: usize) -> Result<(), BookError> {
        let kib = (bytes / 1024).max(1);
        self.conn
            .execute_batch(&format!("PRAGMA cache_size = -{kib};"))
            .at(&self.path)
    }

    /// The settings the book was built with.
    #[must_use]
    pub fn settings(&self) -> &BookSettings {
        &self.settings
    }

    /// The book's file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A note a caller stored in the `meta` table ([`Book::set_note`]), `None` when there is
    /// none. The book's own names (`format`, `writer`, the settings) are read too.
    ///
    /// # Errors
    /// SQLite fails.
    pub fn note(&self, name: &str) -> Result<Option<String>, BookError> {
        self.conn
            .query_row("SELECT value FROM meta WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()
            .at(&self.path)
    }

    /// Stores a caller's note in the `meta` table (how its files were read, say), replacing
    /// the note of that name. The book's own names cannot be written.
    ///
    /// # Errors
    /// One of the book's own names; SQLite fails.
    pub fn set_note(&self, name: &str, value: &str) -> Result<(), BookError> {
        if crate::schema::OWN_META.contains(&name) {
            return Err(BookError::NotABook {
                path: self.path.clone(),
                why: format!("meta '{name}' is the book's own and cannot be set"),
            });
        }
        self.conn
            .execute(
                "INSERT INTO meta (name, value) VALUES (?1, ?2) \
                 ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )
            .map(|_| ())
            .at(&self.path)
    }

    /// The sources in the order they were added.
    ///
    /// # Errors
    /// SQLite fails.
    pub fn sources(&self) -> Result<Vec<SourceInfo>, BookError> {
        let mut st = self
            .conn
            .prepare(&format!("SELECT {SOURCE_COLUMNS} FROM sources ORDER BY id"))
            .at(&self.path)?;
        let rows = st
            .query_map([], source_row)
            .at(&self.path)?
            .collect::<Result<Vec<_>, _>>()
            .at(&self.path)?;
        Ok(rows.into_iter().map(|(_, s)| s).collect())
    }

    /// Every game the book holds of the source at `path` (as [`SourceInfo::path`] names it),
    /// in record order: `each(record, game)`, the game with the record's id, its declared
    /// result and the moves the book counted (those up to the book's depth and the move
    /// played next there, row 1 at the bottom; nothing after a move that cannot be played).
    ///
    /// # Errors
    /// SQLite fails, a stored game cannot be read ([`BookError::Damaged`]).
    pub fn each_game(
        &self,
        path: &str,
        each: &mut dyn FnMut(usize, &GameRecord),
    ) -> Result<(), BookError> {
        let source: Option<i64> = self
            .conn
            .query_row("SELECT id FROM sources WHERE path = ?1", [path], |r| {
                r.get(0)
            })
            .optional()
            .at(&self.path)?;
        let Some(source) = source else {
            return Ok(());
        };
        let size = self.settings.board_size;
        let mut g = GameRecord::new(size);
        stored_games(&self.conn, &self.path, Some(source), &mut |_, stored| {
            let record = stored.record;
            g.id = stored.id;
            g.result = stored.declared.parse().map_err(|_| BookError::Damaged {
                path: self.path.clone(),
                why: format!("record {record} of declared result '{}'", stored.declared),
            })?;
            g.moves.clear();
            renju_notation::moves::parse_moves_into(
                &stored.moves,
                size,
                Orientation::RowOneAtBottom,
                &mut g.moves,
            )
            .map_err(|e| BookError::Damaged {
                path: self.path.clone(),
                why: format!("record {record}'s moves '{}': {e}", stored.moves),
            })?;
            each(usize::try_from(record).unwrap_or(usize::MAX), &g);
            Ok(())
        })
    }

    /// The counts of the empty board: every game in the book.
    ///
    /// # Errors
    /// SQLite fails.
    pub fn totals(&self) -> Result<Counts, BookError> {
        Ok(self.query(&[])?.counts)
    }

    /// Starts adding the records of `source`: [`Adding::Build`] with the transaction to push
    /// them into, or [`Adding::Done`] when the file is already in the book (nothing to read).
    /// One file is added at a time: while a [`FileBuild`] is open, another `add` on the same
    /// book fails (SQLite refuses a transaction within a transaction).
    ///
    /// # Errors
    /// [`BookError::ChangedToCopy`] for a source whose content changed into another source's;
    /// [`BookError::SourceChanged`] for a source whose content changed, without
    /// [`AddOptions::replace`]; SQLite fails.
    pub fn add(&self, source: &Source, options: AddOptions) -> Result<Adding<'_>, BookError> {
        let path = self.path.clone();
        if let Err(e) = self.check_writable() {
            // a book that cannot be written still says that a file is already in it
            return match lookup(&self.conn, &path, source)? {
                (_, Some(done)) => Ok(Adding::Done(done)),
                (_, None) => Err(e),
            };
        }
        // `&self`: a caller keeps the book while it pushes one file's records and starts the
        // next file's build after finishing this one; SQLite itself refuses two at once
        let tx =
            Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate).at(&path)?;
        let sha = source.sha256_hex();
        let by_path = match lookup(&tx, &path, source)? {
            (_, Some(done)) => return Ok(Adding::Done(done)),
            (by_path, None) => by_path,
        };
        let mut build = FileBuild {
            tx,
            path,
            settings: self.settings,
            counter: Box::new(Counter::new(
                options.memory_cap,
                self.bucket_bits,
                &self.path,
            )),
            sweep: Box::new(Sweeping {
                chunk: Chunk::new(crate::sweep::chunk_bytes(options.memory_cap)),
                running: None,
            }),
            games: Vec::with_capacity(GAMES_PER_BLOCK),
            stats: FileStats::default(),
            source_id: 0,
            replaced: None,
            writeback: Writeback::start(&self.path),
        };
        match by_path {
            Some((_, info)) if !options.replace => {
                return Err(BookError::SourceChanged {
                    path: source.path.clone(),
                    old: (info.size, info.sha256),
                    new: (source.size, sha),
                });
            }
            Some((id, info)) => {
                build.subtract_source(id)?;
                build.replaced = Some(info.stats);
                build.source_id = id;
                build
                    .tx
                    .execute(
                        "UPDATE sources SET size = ?2, sha256 = ?3 WHERE id = ?1",
                        (id, source.size as i64, &sha),
                    )
                    .at(&build.path)?;
            }
            None => {
                build
                    .tx
                    .execute(
                        "INSERT INTO sources (path, size, sha256, records, games, unreadable, \
                         salvaged, set_up, other_board, illegal, passes, black, white, draw, \
                         unknown) VALUES (?1, ?2, ?3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)",
                        (&source.path, source.size as i64, &sha),
                    )
                    .at(&build.path)?;
                build.source_id = build.tx.last_insert_rowid();
            }
        }
        Ok(Adding::Build(build))
    }

    /// Adds a file's records in one call: `records` yields each record of the file in order.
    /// The records are prepared in parallel (rayon), in batches, and counted in order.
    ///
    /// # Errors
    /// As [`Book::add`] and [`FileBuild::finish`]; the book is unchanged when it fails.
    pub fn add_records<I>(
        &mut self,
        source: &Source,
        records: I,
        options: AddOptions,
    ) -> Result<AddOutcome, BookError>
    where
        I: IntoIterator<Item = Record>,
    {
        use rayon::prelude::*;
        let settings = self.settings;
        let mut build = match self.add(source, options)? {
            Adding::Done(outcome) => return Ok(outcome),
            Adding::Build(b) => b,
        };
        let mut records = records.into_iter();
        // Batch n+1 is prepared (in parallel) while batch n is counted on this thread.
        std::thread::scope(|scope| -> Result<(), BookError> {
            let mut pending: Option<std::thread::ScopedJoinHandle<'_, Vec<Prepared>>> = None;
            loop {
                let batch: Vec<_> = records.by_ref().take(BATCH).collect();
                let next = (!batch.is_empty()).then(|| {
                    scope.spawn(move || batch.par_iter().map(|r| r.prepare(&settings)).collect())
                });
                if let Some(done) = pending.take() {
                    for p in done.join().expect("preparing a record never panics") {
                        build.push(p)?;
                    }
                }
                match next {
                    Some(n) => pending = Some(n),
                    None => return Ok(()),
                }
            }
        })?;
        build.finish()
    }

    /// Reads a file with `renju_notation` (its format detected from its name and content)
    /// and adds its records ([`Book::add_records`]); a record that cannot be read is counted
    /// as unreadable. The file is read whole into memory (as `renju_notation::read_all`
    /// reads): for archives of gigabytes, stream the records into [`Book::add`] instead, as
    /// `corpus-tool book` does.
    ///
    /// # Errors
    /// The file cannot be read or its format is unknown; as [`Book::add_records`].
    pub fn add_file(&mut self, file: &Path, options: AddOptions) -> Result<AddOutcome, BookError> {
        let io = |error| BookError::Io {
            path: file.to_path_buf(),
            error,
        };
        let bytes = std::fs::read(file).map_err(io)?;
        let source = Source::of_bytes(file.to_string_lossy(), &bytes);
        let name = file.to_string_lossy();
        let format = renju_notation::detect(&name, &bytes).ok_or_else(|| {
            io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "not a game record format renju-notation knows",
            ))
        })?;
        let records = renju_notation::read_all(format, &bytes, &name, format.default_orientation())
            .map(|r| r.map_or(Record::Unreadable, Record::Read));
        self.add_records(&source, records, options)
    }
}

const BATCH: usize = 4096;

/// The games of a row of `game_blocks`.
const GAMES_PER_BLOCK: usize = 256;

const SOURCE_COLUMNS: &str = "id, path, size, sha256, records, games, unreadable, salvaged, \
                              set_up, other_board, illegal, passes, black, white, draw, unknown";

/// A source of the book: its row id and what it holds.
type SourceRow = (i64, SourceInfo);

/// The source of the book at `source`'s path, and what adding `source` comes to when nothing
/// is to be read: its content is already in the book (under its path or another).
///
/// # Errors
/// [`BookError::ChangedToCopy`]: the path is in the book with another content, and the new
/// content is another source's (its old games are counted, its new ones are already in the
/// book); SQLite fails.
fn lookup(
    conn: &Connection,
    path: &Path,
    source: &Source,
) -> Result<(Option<SourceRow>, Option<AddOutcome>), BookError> {
    let sha = source.sha256_hex();
    let by_path = find_source(conn, path, "path", &source.path)?;
    let by_content = find_source(conn, path, "sha256", &sha)?;
    if let (Some((_, old)), Some((_, other))) = (&by_path, &by_content)
        && old.sha256 != sha
    {
        return Err(BookError::ChangedToCopy {
            path: source.path.clone(),
            old: (old.size, old.sha256.clone()),
            other: other.path.clone(),
        });
    }
    let done = by_content.map(|(_, info)| {
        if info.path == source.path {
            AddOutcome::AlreadyPresent(info)
        } else {
            AddOutcome::SameContent(info)
        }
    });
    Ok((by_path, done))
}

fn source_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, SourceInfo)> {
    let n = |i: usize| -> rusqlite::Result<u64> { Ok(r.get::<_, i64>(i)? as u64) };
    Ok((
        r.get(0)?,
        SourceInfo {
            path: r.get(1)?,
            size: n(2)?,
            sha256: r.get(3)?,
            stats: FileStats {
                records: n(4)?,
                games: n(5)?,
                unreadable: n(6)?,
                salvaged: n(7)?,
                set_up: n(8)?,
                other_board: n(9)?,
                illegal: n(10)?,
                passes: n(11)?,
                results: Counts::from_results([n(12)?, n(13)?, n(14)?, n(15)?]),
            },
        },
    ))
}

fn find_source(
    tx: &Connection,
    path: &Path,
    column: &str,
    value: &str,
) -> Result<Option<(i64, SourceInfo)>, BookError> {
    let found = tx
        .query_row(
            &format!("SELECT {SOURCE_COLUMNS} FROM sources WHERE {column} = ?1"),
            [value],
            source_row,
        )
        .optional()
        .at(path)?;
    Ok(found)
}

/// A row of `games` waiting to be written.
#[derive(Debug)]
struct GameRow {
    record: i64,
    id: Option<String>,
    declared: &'static str,
    result: &'static str,
    moves: String,
}

/// What [`Book::add`] gives.
#[derive(Debug)]
pub enum Adding<'b> {
    /// The file is new (or replaced): push its records, then [`FileBuild::finish`].
    Build(FileBuild<'b>),
    /// Nothing to do: the file is already in the book.
    Done(AddOutcome),
}

/// The games of a file waiting to be counted ([`crate::sweep`]).
#[derive(Debug)]
struct Sweeping {
    /// The games counted at the next sweep.
    chunk: Chunk,
    /// The sweep of the chunk before, running on a thread of its own.
    running: Option<std::thread::JoinHandle<Vec<crate::aggregate::Aggregate>>>,
}

impl Drop for Sweeping {
    /// A build dropped before its end (an error, a stop) waits for its sweep, so that no
    /// thread goes on counting for a file whose transaction is rolled back.
    fn drop(&mut self) {
        if let Some(h) = self.running.take() {
            let _ = h.join();
        }
    }
}

/// The transaction that adds one file: push every record in order, then
/// [`FileBuild::finish`] commits. Dropped without `finish` (an error, a panic, a process
/// killed), it leaves the book as it was.
#[derive(Debug)]
pub struct FileBuild<'b> {
    tx: Transaction<'b>,
    path: PathBuf,
    settings: BookSettings,
    /// The file's counts (boxed: a build is moved in [`Adding`]).
    counter: Box<Counter>,
    /// The games counted at the next sweep, and the sweep running behind.
    sweep: Box<Sweeping>,
    /// The games of the next row of `game_blocks`.
    games: Vec<GameRow>,
    stats: FileStats,
    source_id: i64,
    replaced: Option<FileStats>,
    /// The book's pages sent to the disk as they are written ([`Writeback`]): after `tx`,
    /// so that its descriptor of the book is closed after the rollback of a build dropped.
    writeback: Writeback,
}

impl FileBuild<'_> {
    /// Counts the next record of the file (prepared by [`prepare`]).
    ///
    /// # Errors
    /// SQLite fails (the book is left unchanged when the build is dropped).
    pub fn push(&mut self, p: Prepared) -> Result<(), BookError> {
        self.stats.records += 1;
        let record = self.stats.records as i64;
        let w = match p.kind {
            Kind::Unreadable => {
                self.stats.unreadable += 1;
                return Ok(());
            }
            Kind::SetUp => {
                self.stats.set_up += 1;
                return Ok(());
            }
            Kind::OtherBoard { .. } => {
                self.stats.other_board += 1;
                return Ok(());
            }
            Kind::Game(w) => w,
        };
        self.stats.games += 1;
        self.stats.results.add(w.result);
        self.stats.salvaged += u64::from(w.salvaged);
        self.stats.illegal += u64::from(w.stop == Stop::Illegal);
        self.stats.passes += u64::from(w.pass);
        self.sweep
            .chunk
            .push(&w.tokens, w.positions, w.key_bytes, slot(w.result), 1);
        if self.sweep.chunk.is_full() {
            self.sweep_behind()?;
        }
        self.games.push(GameRow {
            record,
            id: w.id,
            declared: w.declared.name(),
            result: w.result.name(),
            moves: w.moves,
        });
        if self.games.len() == GAMES_PER_BLOCK {
            self.write_games()?;
        }
        Ok(())
    }

    /// Counts the games of the full chunk ([`crate::sweep`]) while the next chunk fills: a
    /// thread of its own sorts and sweeps them in as many pieces as rayon has threads (the
    /// sweep of the last chunk then finishes on every core, not on one); the logs of the chunk
    /// before are counted first.
    fn sweep_behind(&mut self) -> Result<(), BookError> {
        self.join_sweep()?;
        let games = self.sweep.chunk.take();
        let (size, max) = (
            self.settings.board_size,
            usize::from(self.settings.max_moves),
        );
        let bits = self.counter.bucket_bits();
        let handle = std::thread::Builder::new()
            .name("book-sweep".into())
            .spawn(move || games.into_logs(rayon::current_num_threads(), size, max, bits))
            .map_err(|error| BookError::Io {
                path: self.path.clone(),
                error,
            })?;
        self.sweep.running = Some(handle);
        Ok(())
    }

    /// Counts the logs of the sweep running behind, if any.
    fn join_sweep(&mut self) -> Result<(), BookError> {
        if let Some(h) = self.sweep.running.take() {
            let logs = h
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            self.absorb(logs)?;
        }
        Ok(())
    }

    /// Counts every game pushed: the last chunk on every core while the sweep behind
    /// finishes, then both logs.
    fn sweep_all(&mut self) -> Result<(), BookError> {
        let logs = if self.sweep.chunk.is_empty() {
            Vec::new()
        } else {
            self.sweep.chunk.take().into_logs(
                4 * rayon::current_num_threads(),
                self.settings.board_size,
                usize::from(self.settings.max_moves),
                self.counter.bucket_bits(),
            )
        };
        self.join_sweep()?;
        self.absorb(logs)
    }

    /// Counts the logs of a sweep into the file's.
    fn absorb(&mut self, logs: Vec<crate::aggregate::Aggregate>) -> Result<(), BookError> {
        for mut log in logs {
            self.counter
                .absorb(&self.tx, &self.path, BUCKETS, &mut log)?;
        }
        Ok(())
    }

    /// Writes the games held back as one row of `game_blocks` (one SQLite row per game took
    /// the 147k-game archive's build 0.22-0.34 s, on the thread that counts).
    fn write_games(&mut self) -> Result<(), BookError> {
        let Some(first) = self.games.first().map(|g| g.record) else {
            return Ok(());
        };
        let mut data = Vec::with_capacity(self.games.len() * 96);
        for (i, g) in self.games.iter().enumerate() {
            data.push(if i == 0 { b'[' } else { b',' });
            serde_json::to_writer(
                &mut data,
                &(g.record, &g.id, g.declared, g.result, &g.moves),
            )
            .expect("writing JSON into memory");
        }
        data.push(b']');
        self.tx
            .prepare_cached("INSERT INTO game_blocks (source, first, data) VALUES (?1, ?2, ?3)")
            .at(&self.path)?
            .execute((self.source_id, first, crate::buckets::json_text(&data)))
            .at(&self.path)?;
        self.games.clear();
        Ok(())
    }

    /// Prepares and counts a record read whole.
    ///
    /// # Errors
    /// As [`FileBuild::push`].
    pub fn push_record(&mut self, record: &GameRecord) -> Result<(), BookError> {
        let p = prepare(&self.settings, record, None);
        self.push(p)
    }

    /// Counts a record that could not be read.
    ///
    /// # Errors
    /// As [`FileBuild::push`].
    pub fn push_unreadable(&mut self) -> Result<(), BookError> {
        self.push(Prepared::unreadable())
    }

    /// What the records pushed so far counted.
    #[must_use]
    pub fn stats(&self) -> &FileStats {
        &self.stats
    }

    /// Subtracts the counts of source `id` (replayed from its stored games) and deletes its
    /// games.
    fn subtract_source(&mut self, id: i64) -> Result<(), BookError> {
        let settings = self.settings;
        let path = self.path.clone();
        let (tx, counter) = (&self.tx, &mut self.counter);
        stored_games(tx, &path, Some(id), &mut |_, g| {
            let (r, walked) = replay_stored(&path, &settings, &g.result, &g.moves)?;
            counter.count_walk(tx, &path, BUCKETS, &walked.keys, &walked.visits, (r, -1))
        })?;
        self.counter.flush(&self.tx, &path, BUCKETS)?;
        self.tx
            .execute("DELETE FROM game_blocks WHERE source = ?1", [id])
            .at(&path)?;
        Ok(())
    }

    /// Writes what is left, records the file's counts and commits.
    ///
    /// # Errors
    /// SQLite fails; the book is then unchanged.
    pub fn finish(self) -> Result<AddOutcome, BookError> {
        self.finish_unless(&|| false)
    }

    /// [`FileBuild::finish`], unless `stop` answers `true` between its steps or before the
    /// commit (a signal asked the run to stop while the file's counts were written): the
    /// file's transaction is then rolled back and [`BookError::Stopped`] returned, the book
    /// as it was before the file.
    ///
    /// # Errors
    /// [`BookError::Stopped`], or SQLite fails; the book is then unchanged.
    pub fn finish_unless(mut self, stop: &dyn Fn() -> bool) -> Result<AddOutcome, BookError> {
        let stopped = |b: &FileBuild<'_>| {
            if stop() {
                Err(BookError::Stopped(b.path.clone()))
            } else {
                Ok(())
            }
        };
        self.write_games()?;
        stopped(&self)?;
        self.sweep_all()?;
        stopped(&self)?;
        self.counter.flush(&self.tx, &self.path, BUCKETS)?;
        stopped(&self)?;
        let s = self.stats;
        let n = |v: u64| v as i64;
        let by = s.results.by_result();
        self.tx
            .execute(
                "UPDATE sources SET records = ?2, games = ?3, unreadable = ?4, salvaged = ?5, \
                 set_up = ?6, other_board = ?7, illegal = ?8, passes = ?9, black = ?10, \
                 white = ?11, draw = ?12, unknown = ?13 WHERE id = ?1",
                rusqlite::params![
                    self.source_id,
                    n(s.records),
                    n(s.games),
                    n(s.unreadable),
                    n(s.salvaged),
                    n(s.set_up),
                    n(s.other_board),
                    n(s.illegal),
                    n(s.passes),
                    n(by[0]),
                    n(by[1]),
                    n(by[2]),
                    n(by[3]),
                ],
            )
            .at(&self.path)?;
        stopped(&self)?;
        // the pages written so far are on their way to the disk; the commit syncs the rest
        // (the writeback's file is closed after the commit, with `self`)
        self.writeback.stop();
        self.tx.commit().at(&self.path)?;
        Ok(match self.replaced {
            Some(old) => AddOutcome::Replaced { old, new: s },
            None => AddOutcome::Added(s),
        })
    }
}

/// The walk of a game stored in the book, and its result slot.
pub(crate) fn replay_stored(
    path: &Path,
    settings: &BookSettings,
    result: &str,
    moves: &str,
) -> Result<(usize, crate::prepare::GameWalk), BookError> {
    let damaged = |why: String| BookError::Damaged {
        path: path.to_path_buf(),
        why,
    };
    let r: DeclaredResult = result
        .parse()
        .map_err(|_| damaged(format!("a game of result '{result}'")))?;
    let moves =
        renju_notation::moves::parse_moves(moves, settings.board_size, Orientation::RowOneAtBottom)
            .map_err(|e| damaged(format!("a game's moves '{moves}': {e}")))?;
    let walked = with_tracker(settings.board_size, |t| walk_game(&moves, settings, t));
    Ok((slot(r), walked))
}

/// The bucket table of the book.
const BUCKETS: &str = "main.buckets";

/// A game stored in the book: a row of the `games` view.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct StoredGame {
    pub record: i64,
    pub id: Option<String>,
    pub declared: String,
    pub result: String,
    pub moves: String,
}

/// Calls `each(source, game)` with every game stored in the book, or of one source, in
/// (source, record) order, read from the rows of `game_blocks`.
pub(crate) fn stored_games(
    conn: &Connection,
    path: &Path,
    source: Option<i64>,
    each: &mut dyn FnMut(i64, StoredGame) -> Result<(), BookError>,
) -> Result<(), BookError> {
    let mut st = conn
        .prepare_cached(match source {
            Some(_) => {
                "SELECT source, first, data FROM game_blocks WHERE source = ?1 ORDER BY first"
            }
            None => "SELECT source, first, data FROM game_blocks ORDER BY source, first",
        })
        .at(path)?;
    let mut rows = match source {
        Some(id) => st.query([id]),
        None => st.query([]),
    }
    .at(path)?;
    while let Some(row) = rows.next().at(path)? {
        let (source, first): (i64, i64) = (row.get(0).at(path)?, row.get(1).at(path)?);
        let damaged = |why: String| BookError::Damaged {
            path: path.to_path_buf(),
            why: format!("the block of games of source {source} from record {first}: {why}"),
        };
        let data = row.get_ref(2).at(path)?;
        let text = data.as_str().map_err(|e| damaged(e.to_string()))?;
        let games: Vec<StoredGame> =
            serde_json::from_str(text).map_err(|e| damaged(format!("not the book's JSON: {e}")))?;
        for g in games {
            each(source, g)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_that_cannot_be_written_is_refused_before_anything_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.sqlite");
        let mut book = Book::create(&path, BookSettings::default()).unwrap();
        let there = Source::of_bytes("there.renju", b"black h8 h9 i10\n");
        let mut g = GameRecord::new(15);
        g.moves = vec!["h8".parse().unwrap()];
        book.add_records(&there, [Record::Read(g)], AddOptions::default())
            .unwrap();
        drop(book);
        // what SQLite does with a write-protected file: it opens it read-only
        let conn =
            Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
        let (settings, bucket_bits) = schema::read(&conn, &path).unwrap();
        let book = Book {
            conn,
            path: path.clone(),
            settings,
            bucket_bits,
        };
        let e = book.check_writable().unwrap_err();
        assert!(matches!(&e, BookError::ReadOnly(p) if *p == path), "{e}");
        assert!(e.to_string().contains("cannot be written"), "{e}");
        let source = Source::of_bytes("a.renju", b"black h8 h9\n");
        let e = book.add(&source, AddOptions::default()).unwrap_err();
        assert!(matches!(e, BookError::ReadOnly(_)), "{e}");
        // a file already in it is still said to be
        let out = book.add(&there, AddOptions::default()).unwrap();
        assert!(
            matches!(out, Adding::Done(AddOutcome::AlreadyPresent(ref i)) if i.stats.games == 1),
            "{out:?}"
        );
        // a book that can be written passes
        let book = Book::open(&path).unwrap();
        book.check_writable().unwrap();
        // a file SQLite opened for writing whose writes fail (as in a folder that cannot be
        // written, where its journal cannot be made): the trial write finds it
        book.conn.execute_batch("PRAGMA query_only = ON").unwrap();
        assert!(!book.conn.is_readonly(rusqlite::MAIN_DB).unwrap());
        let e = book.check_writable().unwrap_err();
        assert!(matches!(e, BookError::ReadOnly(_)), "{e}");
        book.conn.execute_batch("PRAGMA query_only = OFF").unwrap();
        book.check_writable().unwrap();
        // the trial write left nothing behind
        assert_eq!(book.note("renju-book write check").unwrap(), None);
    }

    #[test]
    fn a_builds_pages_go_to_the_file_once_8_mib_are_cached() {
        // SQLite turns the cache's size in bytes into pages with the page size it has when
        // told: told before the book's 32 KiB pages were set, it kept some 60 MB of a build's
        // pages in memory and wrote them all at the commit
        let dir = tempfile::tempdir().unwrap();
        for reopened in [false, true] {
            let path = dir.path().join(format!("b{reopened}.sqlite"));
            let mut book = Book::create(&path, BookSettings::default()).unwrap();
            if reopened {
                drop(book);
                book = Book::open(&path).unwrap();
            }
            let source = Source::of_bytes("a.renju", b"...");
            let Adding::Build(build) = book.add(&source, AddOptions::default()).unwrap() else {
                panic!("a new file");
            };
            // 24 MiB of rows in the file's transaction
            let row = "x".repeat(32 * 1024);
            for first in 0..768 {
                build
                    .tx
                    .execute(
                        "INSERT INTO game_blocks (source, first, data) VALUES (?1, ?2, ?3)",
                        (build.source_id, first, &row),
                    )
                    .unwrap();
            }
            let written = std::fs::metadata(&path).unwrap().len();
            assert!(
                written >= 14 << 20,
                "{written} bytes of 24 MiB of rows written before the commit"
            );
            drop(build);
        }
    }

    /// Run by `a_build_holds_the_books_lock_until_it_ends` as another process: tries to start
    /// writing the book named by `RENJU_BOOK_LOCK_PROBE` at once, and fails when it cannot.
    #[test]
    #[ignore = "a probe run by another test in a process of its own"]
    fn lock_probe() {
        let Some(path) = std::env::var_os("RENJU_BOOK_LOCK_PROBE") else {
            return;
        };
        let conn = Connection::open(path).unwrap();
        conn.busy_timeout(std::time::Duration::ZERO).unwrap();
        conn.execute_batch("BEGIN IMMEDIATE; ROLLBACK;")
            .expect("another process may write the book");
    }

    /// Whether another process may start writing the book at `path` now.
    fn another_process_may_write(path: &Path) -> bool {
        std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "book::tests::lock_probe",
                "--nocapture",
            ])
            .env("RENJU_BOOK_LOCK_PROBE", path)
            .output()
            .unwrap()
            .status
            .success()
    }

    #[test]
    fn a_build_holds_the_books_lock_until_it_ends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.sqlite");
        let book = Book::create(&path, BookSettings::default()).unwrap();
        assert!(
            another_process_may_write(&path),
            "the probe cannot write a free book"
        );
        let settings = *book.settings();
        let source = Source::of_bytes("a.renju", b"...");
        let Adding::Build(mut build) = book.add(&source, AddOptions::default()).unwrap() else {
            panic!("a new file");
        };
        let mut g = GameRecord::new(15);
        g.moves = vec!["h8".parse().unwrap(), "h9".parse().unwrap()];
        for _ in 0..300 {
            build.push(prepare(&settings, &g, None)).unwrap();
        }
        // the writeback has synced the file a few times, and stops as before the commit
        std::thread::sleep(std::time::Duration::from_millis(50));
        build.writeback.stop();
        assert!(build.writeback.holds_file());
        assert!(
            !another_process_may_write(&path),
            "the build's lock was lost"
        );
        // what the writeback must not do: closing its descriptor of the book in the middle of
        // the transaction releases SQLite's locks (POSIX record locks are the process's)
        build.writeback.file.take();
        assert!(
            another_process_may_write(&path),
            "a descriptor closed no longer releases the process's locks: the ordering in \
             FileBuild may be relaxed"
        );
        drop(build);
        // a build finished releases it, and its games are there
        let Adding::Build(mut build) = book.add(&source, AddOptions::default()).unwrap() else {
            panic!("the file was rolled back");
        };
        build.push(prepare(&settings, &g, None)).unwrap();
        build.finish().unwrap();
        assert!(another_process_may_write(&path));
        assert_eq!(book.totals().unwrap().games, 1);
    }

    #[test]
    fn meta_rows_of_other_programs_are_let_be_a_setting_that_is_not_text_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.sqlite");
        drop(Book::create(&path, BookSettings::default()).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.execute(
            "INSERT INTO meta (name, value) VALUES ('another tool', x'00ff'), (x'01', 'x')",
            [],
        )
        .unwrap();
        assert_eq!(Book::open(&path).unwrap().settings, BookSettings::default());
        conn.execute(
            "UPDATE meta SET value = x'3330' WHERE name = 'max_moves'",
            [],
        )
        .unwrap();
        match Book::open(&path) {
            Err(BookError::NotABook { why, .. }) => {
                assert!(why.contains("'max_moves' is not text"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_book_is_made_where_a_link_to_no_file_points() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("books")).unwrap();
        // a chain: link -> books/hop (a relative link) -> real.sqlite (relative to books/)
        std::os::unix::fs::symlink("real.sqlite", dir.path().join("books/hop")).unwrap();
        let link = dir.path().join("link.sqlite");
        std::os::unix::fs::symlink("books/hop", &link).unwrap();
        let book = Book::create(&link, BookSettings::default()).unwrap();
        drop(book);
        let real = dir.path().join("books/real.sqlite");
        assert!(real.is_file(), "the book is made at the end of the chain");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(Book::open(&link).unwrap().totals().unwrap().games, 0);
        assert_eq!(Book::open(&real).unwrap().totals().unwrap().games, 0);
        // a link to a book that exists is a book that exists; a loop is not made through
        assert!(matches!(
            Book::create(&link, BookSettings::default()),
            Err(BookError::Exists(_))
        ));
        let a = dir.path().join("a.sqlite");
        std::os::unix::fs::symlink("b.sqlite", &a).unwrap();
        std::os::unix::fs::symlink("a.sqlite", dir.path().join("b.sqlite")).unwrap();
        assert!(Book::create(&a, BookSettings::default()).is_err());
        assert!(
            std::fs::symlink_metadata(&a)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[test]
    fn a_book_that_cannot_be_made_is_named_with_the_systems_reason() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, b"not a folder").unwrap();
        let path = file.join("b.sqlite");
        let e = Book::create(&path, BookSettings::default()).unwrap_err();
        assert!(
            matches!(&e, BookError::Create { path: p, .. } if *p == path),
            "{e}"
        );
        let text = e.to_string();
        assert!(text.starts_with("cannot create the book "), "{text}");
        assert!(text.contains("b.sqlite"), "{text}");
        assert!(!text.contains("unable to open database file"), "{text}");
        // an existing file is still named as such
        let e = Book::create(&file, BookSettings::default()).unwrap_err();
        assert!(matches!(e, BookError::Exists(_)), "{e}");
    }
}
