//! `vcf` (renju-vcf's solver) and `identify_opening` (renju-openings' catalogue).

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
