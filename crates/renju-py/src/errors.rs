//! The package's exceptions and the one way Rust errors become them.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    renju_kit,
    RecordError,
    PyValueError,
    "A record that cannot be read (raised by `read(..., strict=True)`).\n\n\
     Attributes: `file` (the file name, or `<bytes>`), `record` (the 1-based index of the \
     record in the file) and `reason` (the sentence the command prints, naming the place)."
);

pyo3::create_exception!(
    renju_kit,
    SearchLimitError,
    PyRuntimeError,
    "A search ran out of its node budget before it could tell (never read as \"no VCF\"). \
     Raise `max_nodes` to search further."
);

/// A `ValueError` with `message`, the sentence the command prints for the same input.
pub fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// A [`RecordError`] with its attributes set.
pub fn record_error(py: Python<'_>, file: &str, record: usize, reason: &str) -> PyErr {
    let err = RecordError::new_err(reason.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail.
    let _ = value.setattr("file", file);
    let _ = value.setattr("record", record);
    let _ = value.setattr("reason", reason);
    err
}
