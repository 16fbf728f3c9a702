//! renju-core's [`Explanation`] tree as nested Python dicts.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use renju_core::{Explanation, EyeWhy, LineKind, Point, Verdict};

/// The verdict's name: `five`, `legal` or the foul's name.
pub fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Five => "five",
        Verdict::Legal => "legal",
        Verdict::Forbidden(f) => f.name(),
    }
}

fn points<'py>(py: Python<'py>, ps: &[Point]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, ps.iter().map(ToString::to_string))
}

fn shape_name(k: LineKind) -> &'static str {
    match k {
        LineKind::Five => "five",
        LineKind::Overline => "overline",
        LineKind::Four { straight: true } => "straight-four",
        LineKind::Four { straight: false } => "four",
        LineKind::TwoFours => "two-fours",
        LineKind::Three { open: true } => "open-three",
        LineKind::Three { open: false } => "false-three",
        LineKind::BlockedThree => "blocked-three",
        // a shape a newer renju-core names that this binding does not know yet
        _ => "other",
    }
}

/// `{"point", "convention", "assumed", "verdict", "lines": [{"direction", "shape", "stones",
/// "points", "eyes": [{"point", "usable", "why", "detail", "explanation"}]}]}`; the top level
/// also has `"text"`, the tree as `corpus-tool fouls --explain` prints it.
pub fn to_dict<'py>(py: Python<'py>, e: &Explanation, top: bool) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("point", e.point.to_string())?;
    d.set_item("convention", e.convention.name())?;
    d.set_item("assumed", points(py, &e.assumed)?)?;
    d.set_item("verdict", verdict_name(e.verdict))?;
    let lines = PyList::empty(py);
    for l in &e.lines {
        let ld = PyDict::new(py);
        ld.set_item("direction", l.direction.name())?;
        ld.set_item("shape", shape_name(l.shape))?;
        ld.set_item("stones", points(py, &l.stones)?)?;
        ld.set_item("points", points(py, &l.points)?)?;
        let eyes = PyList::empty(py);
        for eye in &l.eyes {
            let ed = PyDict::new(py);
            ed.set_item("point", eye.point.to_string())?;
            ed.set_item("usable", eye.usable)?;
            let (why, detail, nested): (&str, Option<&str>, Option<&Explanation>) = match &eye.why {
                EyeWhy::Legal => ("legal", None, None),
                EyeWhy::LegalDespiteThrees(n) => ("legal-despite-threes", None, Some(n)),
                EyeWhy::MakesFive => ("makes-five", None, None),
                EyeWhy::Overline => ("overline", None, None),
                EyeWhy::DoubleFour => ("double-four", None, None),
                EyeWhy::DoubleThree(n) => ("double-three", None, Some(n)),
                EyeWhy::Blocked(s) => ("blocked", Some(s.as_str()), None),
                _ => ("other", None, None),
            };
            ed.set_item("why", why)?;
            ed.set_item("detail", detail)?;
            match nested {
                Some(n) => ed.set_item("explanation", to_dict(py, n, false)?)?,
                None => ed.set_item("explanation", py.None())?,
            }
            eyes.append(ed)?;
        }
        ld.set_item("eyes", eyes)?;
        lines.append(ld)?;
    }
    d.set_item("lines", lines)?;
    if top {
        d.set_item("text", e.to_tree())?;
    }
    Ok(d)
}
