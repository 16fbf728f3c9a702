//! `vcf` (renju-vcf's solver), `vct` (renju-vct's) and `identify_opening` (renju-openings'
//! catalogue).

use crate::args;
use crate::board::{PyBoard, point_list};
use crate::errors::{SearchLimitError, value_error};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use renju_core::{Color, Convention, Move, Point, RuleSet};
use renju_vcf::{Answer, Limits, Solver};

// The defaults written as literals in the Python signatures (`text_signature`, so that
// `help()` and the stubs show them) are the solver's.
const _: () = assert!(renju_vcf::DEFAULT_MAX_DEPTH == 20);
const _: () = assert!(renju_vcf::DEFAULT_MAX_NODES == 5_000_000);

/// The settings of a VCF question, read from Python arguments.
#[derive(Debug, Clone, Copy)]
pub struct VcfSettings {
    /// The attacker; `None`: the side to move by the stone counts.
    pub side: Option<Color>,
    /// The rule set.
    pub rules: RuleSet,
    /// The foul convention.
    pub convention: Convention,
    /// Depth and node budget.
    pub limits: Limits,
}

impl VcfSettings {
    /// Reads the arguments (`max_depth` and `max_nodes` not given: the solver's defaults; an
    /// int out of range a `ValueError` naming its argument).
    pub fn read(
        side: Option<&str>,
        max_depth: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        rules: &str,
        convention: &str,
    ) -> PyResult<VcfSettings> {
        let max_depth =
            args::whole::<u32>(max_depth, "max_depth")?.unwrap_or(renju_vcf::DEFAULT_MAX_DEPTH);
        let max_nodes =
            args::whole::<u64>(max_nodes, "max_nodes")?.unwrap_or(renju_vcf::DEFAULT_MAX_NODES);
        Ok(VcfSettings {
            side: side.map(args::color).transpose()?,
            rules: args::rules(rules)?,
            convention: args::convention(convention)?,
            limits: Limits {
                max_depth,
                max_nodes,
            },
        })
    }

    /// A solver for these settings.
    pub fn solver(&self, board: &renju_core::Board) -> Solver {
        Solver::with_options(board, self.rules, self.convention, self.limits)
    }

    /// The attacker on `board`.
    pub fn attacker(&self, board: &renju_core::Board) -> Color {
        self.side
            .unwrap_or_else(|| corpus_tool::position::side_to_move(board))
    }

    /// The message of an exhausted budget (as `corpus-tool vcf` words it).
    pub fn out_of_nodes(&self) -> String {
        format!(
            "the node budget of {} ran out before the search could tell (raise max_nodes)",
            self.limits.max_nodes
        )
    }
}

/// Does ``side`` (default: the side to move by the stone counts, Black when equal) win by
/// continuous fours on ``board`` (a ``Board``, or moves / a grid as text)? Returns the line,
/// attacker and defender moves alternating and ending with the attacker's five (or, in
/// renju, with a White four every block of which is forbidden for Black), or ``None`` when
/// there is no VCF within ``max_depth`` fours. The answer is the ``corpus-tool vcf`` answer.
///
/// Raises ``SearchLimitError`` when ``max_nodes`` positions were searched before the search
/// could tell (never answered as "no VCF"). The GIL is released while it searches.
#[pyfunction]
#[pyo3(
    signature = (board, side = None, max_depth = None, *, max_nodes = None, rules = "renju", convention = "lenient"),
    text_signature = "(board, side=None, max_depth=20, *, max_nodes=5000000, rules='renju', convention='lenient')"
)]
pub fn vcf<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    side: Option<&str>,
    max_depth: Option<&Bound<'py, PyAny>>,
    max_nodes: Option<&Bound<'py, PyAny>>,
    rules: &str,
    convention: &str,
) -> PyResult<Option<Bound<'py, pyo3::types::PyList>>> {
    let settings = VcfSettings::read(side, max_depth, max_nodes, rules, convention)?;
    let position = PyBoard::extract_position(board)?;
    corpus_tool::position::answerable(&position, settings.rules).map_err(value_error)?;
    let answer = py.detach(|| {
        let attacker = settings.attacker(&position);
        settings.solver(&position).solve(attacker)
    });
    match answer {
        Answer::Found(line) => Ok(Some(point_list(py, line.moves())?)),
        Answer::NotFound => Ok(None),
        Answer::OutOfNodes => Err(SearchLimitError::new_err(settings.out_of_nodes())),
    }
}

// The VCT defaults, written as literals in `vct`'s Python signature, are the solver's.
const _: () = assert!(renju_vct::DEFAULT_MAX_DEPTH == 5);
const _: () = assert!(renju_vct::DEFAULT_THREAT_DEPTH == 1);
const _: () = assert!(renju_vct::DEFAULT_MAX_NODES == 10_000_000);

/// Does ``side`` (default: the side to move by the stone counts, Black when equal) win by
/// continuous threats on ``board`` (a ``Board``, or moves / a grid as text): every attacker
/// move a four or a threat, whatever the defender does, within ``max_depth`` attacker moves
/// (every one counted, the five not)? A threat is a move after which, if the defender
/// passed, a VCF of at most ``threat_depth`` fours would win. Returns ``None`` when there is
/// no such win, else ``{"moves": [...], "end": {"type": ..., "points": [...]}}``: the
/// principal line, attacker and defender moves alternating, attacker first, ending with the
/// winning move (the five not in it); ``end`` what that move leaves: ``"two-fives"`` (two
/// different five points, ``points`` both), ``"forbidden-block"`` (a White four whose only
/// block is forbidden for Black, ``points`` that point) or ``"five"`` (a four already on
/// the board: the line is the five). The answer is the ``corpus-tool vct`` answer.
///
/// Raises ``SearchLimitError`` when ``max_nodes`` search nodes were used before the search
/// could tell (never answered as "no VCT"), ``ValueError`` for a limit out of range or a
/// board whose game is over. The GIL is released while it searches.
#[pyfunction]
#[pyo3(
    signature = (board, side = None, max_depth = None, *, threat_depth = None, max_nodes = None, rules = "renju", convention = "lenient"),
    text_signature = "(board, side=None, max_depth=5, *, threat_depth=1, max_nodes=10000000, rules='renju', convention='lenient')"
)]
#[allow(clippy::too_many_arguments)]
pub fn vct<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    side: Option<&str>,
    max_depth: Option<&Bound<'py, PyAny>>,
    threat_depth: Option<&Bound<'py, PyAny>>,
    max_nodes: Option<&Bound<'py, PyAny>>,
    rules: &str,
    convention: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let limits = renju_vct::Limits::default()
        .with_max_depth(
            args::whole::<u32>(max_depth, "max_depth")?.unwrap_or(renju_vct::DEFAULT_MAX_DEPTH),
        )
        .with_threat_depth(
            args::whole::<u32>(threat_depth, "threat_depth")?
                .unwrap_or(renju_vct::DEFAULT_THREAT_DEPTH),
        )
        .with_max_nodes(
            args::whole::<u64>(max_nodes, "max_nodes")?.unwrap_or(renju_vct::DEFAULT_MAX_NODES),
        );
    let side = side.map(args::color).transpose()?;
    let rules = args::rules(rules)?;
    let convention = args::convention(convention)?;
    let position = PyBoard::extract_position(board)?;
    corpus_tool::position::answerable(&position, rules).map_err(value_error)?;
    let mut solver = renju_vct::Solver::with_options(&position, rules, convention, limits)
        .map_err(|e| {
            let arg = match e {
                renju_vct::LimitsError::MaxDepth(_) => "max_depth",
                renju_vct::LimitsError::ThreatDepth(_) => "threat_depth",
                _ => "max_nodes",
            };
            value_error(format!("{arg}: {e}"))
        })?;
    let attacker = side.unwrap_or_else(|| corpus_tool::position::side_to_move(&position));
    let answer = py.detach(|| solver.solve(attacker));
    match answer {
        renju_vct::Answer::Win(line) => {
            let (kind, points): (&str, Vec<Point>) = match line.end() {
                renju_vct::LineEnd::TwoFives(a, b) => ("two-fives", vec![a, b]),
                renju_vct::LineEnd::ForbiddenBlock(f) => ("forbidden-block", vec![f]),
                renju_vct::LineEnd::Five(p) => ("five", vec![p]),
                _ => ("other", Vec::new()),
            };
            let end = PyDict::new(py);
            end.set_item("type", kind)?;
            end.set_item("points", point_list(py, &points)?)?;
            let d = PyDict::new(py);
            d.set_item("moves", point_list(py, line.moves())?)?;
            d.set_item("end", end)?;
            Ok(Some(d))
        }
        renju_vct::Answer::NoWin => Ok(None),
        renju_vct::Answer::Unknown(e) => Err(SearchLimitError::new_err(format!(
            "{e} before the search could tell (raise max_nodes)"
        ))),
    }
}

/// Names the opening of the first three stones (black, white, black) in any of the 8
/// orientations: ``{"code": "2D", "name_ja", "name_zh", "romaji", "kind": "direct" |
/// "indirect", "symmetry"}`` (``symmetry``: the one that maps the given stones to the
/// standard orientation). ``moves``: a string (``"h8 h9 j10"``) or a list of points; later
/// moves are ignored. Raises ``ValueError`` saying which stone breaks the rule.
#[pyfunction]
pub fn identify_opening<'py>(
    py: Python<'py>,
    moves: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let points: Vec<Point> = if let Ok(s) = moves.cast::<PyString>() {
        renju_notation::moves::parse_moves(
            &s.to_cow()?,
            renju_core::RENJU_SIZE,
            renju_notation::Orientation::RowOneAtBottom,
        )
        .map_err(value_error)?
        .into_iter()
        .take(3)
        .map(|m| match m {
            Move::Stone(p) => Ok(p),
            Move::Pass => Err(value_error("an opening has no pass")),
        })
        .collect::<PyResult<_>>()?
    } else {
        let mut out = Vec::new();
        for item in moves.try_iter()?.take(3) {
            out.push(args::point(&item?, renju_core::RENJU_SIZE)?);
        }
        out
    };
    let found = renju_openings::identify(&points).map_err(value_error)?;
    let o = found.opening;
    let d = PyDict::new(py);
    d.set_item("code", o.code())?;
    d.set_item("name_ja", o.name_ja())?;
    d.set_item("name_zh", o.name_zh())?;
    d.set_item("romaji", o.romaji())?;
    d.set_item("kind", o.kind().name())?;
    d.set_item("symmetry", found.symmetry.name())?;
    Ok(d)
}
