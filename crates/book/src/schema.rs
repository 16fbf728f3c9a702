//! The tables of a book and their version (`PRAGMA user_version`). The README documents them
//! with example SQL; a test checks that the README's `CREATE TABLE`s are these.

use crate::error::{At, BookError};
use crate::settings::BookSettings;
use renju_analyzer::{ClaimPolicy, Settings};
use renju_core::{Convention, RuleSet};
use rusqlite::{Connection, OptionalExtension};
use std::path::Path;

/// The schema version this crate writes and reads (`PRAGMA user_version`).
pub const VERSION: i64 = 4;

/// The value of `meta.format` in every book.
pub const FORMAT: &str = "renju-book";

/// The names of `meta` the book writes itself (a caller's notes take other names).
pub const OWN_META: [&str; 8] = [
    "format",
    "writer",
    "max_moves",
    "board_size",
    "rules",
    "convention",
    "claim",
    "bucket_bits",
];

/// The page size of a new book: 32 KiB (a bucket row of about 6 KB fits in a page; in a
/// Python replay of the 147k archive's rows, 14-bit rows into 16 KiB pages took 0.145 s and
/// a 30 % larger file, into 32 KiB pages 0.111 s, into 64 KiB pages 0.103 s).
pub(crate) const PAGE_SIZE: u32 = 32768;

/// The tables, as created.
pub const TABLES: &str = "\
CREATE TABLE meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE sources (
  id          INTEGER PRIMARY KEY,
  path        TEXT NOT NULL UNIQUE,
  size        INTEGER NOT NULL,
  sha256      TEXT NOT NULL UNIQUE,
  records     INTEGER NOT NULL,
  games       INTEGER NOT NULL,
  unreadable  INTEGER NOT NULL,
  salvaged    INTEGER NOT NULL,
  set_up      INTEGER NOT NULL,
  other_board INTEGER NOT NULL,
  illegal     INTEGER NOT NULL,
  passes      INTEGER NOT NULL,
  black       INTEGER NOT NULL,
  white       INTEGER NOT NULL,
  draw        INTEGER NOT NULL,
  unknown     INTEGER NOT NULL
);
CREATE TABLE game_blocks (
  source INTEGER NOT NULL REFERENCES sources(id),
  first  INTEGER NOT NULL,
  data   TEXT NOT NULL,
  PRIMARY KEY (source, first)
) WITHOUT ROWID;
CREATE TABLE buckets (
  id   INTEGER PRIMARY KEY,
  data TEXT NOT NULL
);
CREATE VIEW edges AS
  SELECT unhex(p.key) AS key, e.value ->> 0 AS move,
         (e.value ->> 1) + (e.value ->> 2) + (e.value ->> 3) + (e.value ->> 4) AS games,
         e.value ->> 1 AS black, e.value ->> 2 AS white, e.value ->> 3 AS draw,
         e.value ->> 4 AS unknown
  FROM buckets AS b, json_each(b.data) AS p, json_each(p.value) AS e;
CREATE VIEW games AS
  SELECT b.source AS source, g.value ->> 0 AS record, g.value ->> 1 AS id,
         g.value ->> 2 AS declared, g.value ->> 3 AS result, g.value ->> 4 AS moves
  FROM game_blocks AS b, json_each(b.data) AS g;
CREATE VIEW positions AS
  SELECT key, sum(games) AS games, sum(black) AS black, sum(white) AS white,
         sum(draw) AS draw, sum(unknown) AS unknown
  FROM edges GROUP BY key;
";

/// The `SELECT` of the `edges` view over the bucket table `table` (as [`TABLES`] creates it
/// over `buckets`).
pub(crate) fn edges_view(table: &str) -> String {
    let start = TABLES.find("CREATE VIEW edges AS").expect("the edges view") + 20;
    let end = TABLES[start..].find(';').expect("its end") + start;
    TABLES[start..end].replace("FROM buckets AS b", &format!("FROM {table} AS b"))
}

/// Sets the connection up for the book's work: an 8 MiB page cache (a build's pages go to
/// the file as they are made; a larger cache did not make builds faster, and took its size
/// in memory), temporary tables on
/// disk, and up to 10 s of waiting for another connection's lock (a reader waits out a
/// writer's commit; a second writer is refused after that with SQLite's "database is locked").
pub(crate) fn configure(conn: &Connection, path: &Path) -> Result<(), BookError> {
    conn.execute_batch(
        "PRAGMA cache_size = -8192;
         PRAGMA temp_store = FILE;
         PRAGMA busy_timeout = 10000;",
    )
    .at(path)
}

/// Creates the tables and writes the settings in a new, empty database.
pub(crate) fn create(
    conn: &mut Connection,
    path: &Path,
    s: &BookSettings,
    bucket_bits: u32,
) -> Result<(), BookError> {
    // before the first table: larger pages, fewer levels and cells' overhead
    conn.execute_batch(&format!("PRAGMA page_size = {PAGE_SIZE};"))
        .at(path)?;
    let tx = conn.transaction().at(path)?;
    tx.execute_batch(TABLES).at(path)?;
    {
        let mut put = tx
            .prepare("INSERT INTO meta (name, value) VALUES (?1, ?2)")
            .at(path)?;
        for (name, value) in [
            ("format", FORMAT.to_string()),
            (
                "writer",
                format!("renju-book {}", env!("CARGO_PKG_VERSION")),
            ),
            ("max_moves", s.max_moves.to_string()),
            ("board_size", s.board_size.to_string()),
            ("rules", s.rules.rules.name().to_string()),
            ("convention", s.rules.convention.name().to_string()),
            ("claim", s.rules.claim.name().to_string()),
            ("bucket_bits", bucket_bits.to_string()),
        ] {
            put.execute((name, value)).at(path)?;
        }
    }
    tx.pragma_update(None, "user_version", VERSION).at(path)?;
    tx.commit().at(path)
}

/// Checks that the database is a book of this version and reads its settings and bucket bits.
pub(crate) fn read(conn: &Connection, path: &Path) -> Result<(BookSettings, u32), BookError> {
    let not = |why: &str| BookError::NotABook {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let version: i64 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(|e| match e {
            rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::NotADatabase => {
                not("not an SQLite database")
            }
            error => BookError::Sqlite {
                path: path.to_path_buf(),
                error,
            },
        })?;
    let has_meta: Option<String> = conn
        .query_row(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'",
            [],
            |r| r.get(0),
        )
        .optional()
        .at(path)?;
    if has_meta.is_none() {
        return Err(not("an SQLite database without the book's tables"));
    }
    // the whole meta table in one statement (a query's process opens the book for one
    // position: each statement is a lock taken and released); a row another program added
    // with a value that is not text is no setting of the book's
    let rows: Vec<(Option<String>, Option<String>)> = conn
        .prepare("SELECT name, value FROM meta")
        .and_then(|mut s| {
            let text = |r: &rusqlite::Row<'_>, i| -> rusqlite::Result<Option<String>> {
                Ok(r.get_ref(i)?.as_str().ok().map(str::to_owned))
            };
            s.query_map([], |r| Ok((text(r, 0)?, text(r, 1)?)))?
                .collect::<Result<_, _>>()
        })
        .at(path)?;
    let meta: std::collections::HashMap<String, Option<String>> = rows
        .into_iter()
        .filter_map(|(name, value)| Some((name?, value)))
        .collect();
    let get = |name: &str| -> Result<String, BookError> {
        match meta.get(name) {
            Some(Some(v)) => Ok(v.clone()),
            Some(None) => Err(not(&format!("its meta '{name}' is not text"))),
            None => Err(not(&format!("no '{name}' in its meta table"))),
        }
    };
    if get("format")? != FORMAT {
        return Err(not("its meta table names another format"));
    }
    if version != VERSION {
        return Err(BookError::Version {
            path: path.to_path_buf(),
            found: version,
        });
    }
    let bad = |name: &str, v: &str| not(&format!("meta '{name}' is '{v}'"));
    let max_moves = get("max_moves")?;
    let board_size = get("board_size")?;
    let rules = get("rules")?;
    let convention = get("convention")?;
    let claim = get("claim")?;
    let bits = get("bucket_bits")?;
    let bucket_bits = bits
        .parse()
        .ok()
        .filter(|b| *b <= 32)
        .ok_or_else(|| bad("bucket_bits", &bits))?;
    let settings = BookSettings {
        max_moves: max_moves
            .parse()
            .map_err(|_| bad("max_moves", &max_moves))?,
        board_size: board_size
            .parse()
            .ok()
            .filter(|n| (renju_core::MIN_SIZE..=renju_core::MAX_SIZE).contains(n))
            .ok_or_else(|| bad("board_size", &board_size))?,
        rules: Settings::new(
            rules.parse::<RuleSet>().map_err(|_| bad("rules", &rules))?,
            convention
                .parse::<Convention>()
                .map_err(|_| bad("convention", &convention))?,
            claim
                .parse::<ClaimPolicy>()
                .map_err(|_| bad("claim", &claim))?,
        ),
    };
    Ok((settings, bucket_bits))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_shows_the_tables_as_created() {
        let readme = include_str!("../README.md");
        assert!(
            readme.contains(super::TABLES),
            "README.md's schema differs from schema::TABLES"
        );
        assert!(readme.contains(&format!("## The schema (version {})", super::VERSION)));
    }
}
