//! [`Book::check`]: every count recomputed from the games the book stored, and compared.

use crate::book::{Book, DEFAULT_MEMORY_CAP, replay_stored};
use crate::error::{At, BookError};
use crate::spill::Counter;

/// What [`Book::check`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Check {
    /// Games stored.
    pub games: u64,
    /// Positions (keys).
    pub positions: u64,
    /// Edge rows (the `END` rows included).
    pub edges: u64,
    /// Edge rows that differ from the recount (missing, extra or other counts).
    pub edges_wrong: u64,
    /// Rows whose `games` is not the sum of the four results, or not positive.
    pub sums_wrong: u64,
    /// Sources whose `games` or result columns differ from the games stored for them.
    pub sources_wrong: u64,
}

impl Check {
    /// Whether every row agrees with the recount.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.edges_wrong == 0 && self.sums_wrong == 0 && self.sources_wrong == 0
    }
}

impl Book {
    /// Recounts every position and edge from the games the book stored (the same walk as a
    /// build, written to temporary tables with the same memory cap) and compares them with
    /// the book's rows, and each source's game count with its stored games.
    ///
    /// # Errors
    /// SQLite fails, or a stored game cannot be replayed ([`BookError::Damaged`]).
    pub fn check(&self) -> Result<Check, BookError> {
        let path = &self.path;
        let conn = &self.conn;
        conn.execute_batch(&format!(
            "DROP VIEW IF EXISTS temp.recount_edges;
                 DROP TABLE IF EXISTS temp.recount;
                 CREATE TEMP TABLE recount (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
                 CREATE TEMP VIEW recount_edges AS {};",
            crate::schema::edges_view("temp.recount")
        ))
        .at(path)?;
        let result = self.check_inner();
        conn.execute_batch("DROP VIEW temp.recount_edges; DROP TABLE temp.recount;")
            .at(path)?;
        result
    }

    fn check_inner(&self) -> Result<Check, BookError> {
        let path = &self.path;
        let conn = &self.conn;
        let mut counter = Counter::new(DEFAULT_MEMORY_CAP, self.bucket_bits, path);
        let mut games = 0u64;
        crate::book::stored_games(conn, path, None, &mut |_, g| {
            let (r, walked) = replay_stored(path, &self.settings, &g.result, &g.moves)?;
            games += 1;
            counter.count_walk(
                conn,
                path,
                "temp.recount",
                &walked.keys,
                &walked.visits,
                (r, 1),
            )
        })?;
        counter.flush(conn, path, "temp.recount")?;
        let count = |sql: &str| -> Result<u64, BookError> {
            conn.query_row(sql, [], |r| r.get::<_, i64>(0))
                .map(|n| n as u64)
                .at(path)
        };
        let diff = "SELECT (SELECT count(*) FROM (SELECT * FROM main.edges EXCEPT SELECT * FROM temp.recount_edges))
                         + (SELECT count(*) FROM (SELECT * FROM temp.recount_edges EXCEPT SELECT * FROM main.edges))";
        Ok(Check {
            games,
            positions: count("SELECT count(*) FROM main.positions")?,
            edges: count("SELECT count(*) FROM main.edges")?,
            edges_wrong: count(diff)?,
            sums_wrong: count(
                "SELECT count(*) FROM main.edges WHERE games <= 0 OR games != black + white + draw + unknown
                   OR black < 0 OR white < 0 OR draw < 0 OR unknown < 0",
            )?,
            sources_wrong: count(
                "SELECT count(*) FROM sources s WHERE s.games != (SELECT count(*) FROM games g WHERE g.source = s.id)
                   OR s.games != s.black + s.white + s.draw + s.unknown
                   OR s.black != (SELECT count(*) FROM games g WHERE g.source = s.id AND g.result = 'black')
                   OR s.white != (SELECT count(*) FROM games g WHERE g.source = s.id AND g.result = 'white')
                   OR s.draw != (SELECT count(*) FROM games g WHERE g.source = s.id AND g.result = 'draw')",
            )?,
        })
    }
}
