//! # renju-py
//!
//! The Python binding of renju-kit: the PyPI distribution `renju-kit`, imported as
//! `renju_kit`. A thin layer over the Rust crates, in the manner of polars and pydantic-core:
//! every answer is computed by the crate that computes it for the command (`renju-core`'s foul
//! checker and `IncrementalBoard`, `renju-notation`'s readers and writers through
//! `corpus-tool`'s record reader, `renju-vcf`'s and `renju-vct`'s solvers, `renju-book`'s
//! queries, `renju-openings`' catalogue); this
//! crate only converts arguments and answers, maps errors to Python exceptions with the
//! command's messages, and releases the GIL around real work (batches run on rayon's pool).
//!
//! It is for Python programs (trainers, dataset cleaners, notebooks); it is **not** a Rust
//! API (use the crates above) and holds no rules of its own. Built with maturin
//! (`crates/renju-py/pyproject.toml`; `cargo xtask python` builds the abi3 wheel into
//! `target/py-venv`, installs it and runs the pytest suite). See the package README.
//!
//! Never crashes the interpreter: bad input raises `ValueError` (or `RecordError`, a
//! `ValueError`) before it reaches Rust code that could panic, and a panic that slipped through
//! becomes `pyo3_runtime.PanicException` (tested through `_panic_for_tests`).

use pyo3::prelude::*;

/// The extension's allocator (as the `corpus-tool` binary's and polars' Python package's):
/// mimalloc frees memory allocated by another thread without a lock, which the audit's
/// workers and its collecting thread do for every record. Memory handed to pyarrow is freed
/// through the Arrow C data interface's release callbacks, that is by this allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod args;
mod audit;
mod batch;
mod board;
mod book;
mod errors;
mod explain;
mod records;
mod search;

/// Panics on purpose, for the tests that check a panic becomes a Python exception:
/// `where_` is `"here"` (with the GIL held), `"detached"` (the GIL released), `"reader"` (in
/// the reader thread of a `read`, the records taken), `"pool"` (in a
/// rayon worker of a batch) or `"engine"` (in a worker of corpus-tool's engine, as `audit`
/// runs).
#[pyfunction]
fn _panic_for_tests(py: Python<'_>, where_: &str) -> PyResult<()> {
    use rayon::prelude::*;
    match where_ {
        "here" => panic!("renju_kit test panic (GIL held)"),
        "detached" => py.detach(|| panic!("renju_kit test panic (GIL released)")),
        "pool" => py.detach(|| {
            (0..64u32).into_par_iter().for_each(|i| {
                if i == 63 {
                    panic!("renju_kit test panic (rayon worker)");
                }
            });
        }),
        "engine" => py.detach(|| {
            let engine = corpus_tool::engine::Engine::new(corpus_tool::engine::Jobs::all_cores());
            engine.run(
                |feed| {
                    for i in 0..1000u32 {
                        if feed.push(i).is_err() {
                            break;
                        }
                    }
                },
                |i| {
                    if i == 999 {
                        panic!("renju_kit test panic (engine worker)");
                    }
                    i
                },
                |_| {},
            );
        }),
        "reader" => records::PyRecords::panic_for_tests(py)?,
        _ => Err(errors::value_error(format!("unknown place '{where_}'")))?,
    }
    Ok(())
}

/// renju-kit: the rules of renju, exactly (forbidden points, explanations, VCF, openings),
/// and the game-record readers and writers of every format the field uses, from Rust.
#[pymodule]
#[pyo3(name = "_renju_kit")]
fn renju_kit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::PyBoard>()?;
    m.add_class::<board::PyIncrementalBoard>()?;
    m.add_class::<records::PyGame>()?;
    m.add_class::<records::PyRecords>()?;
    m.add_class::<audit::PyAudit>()?;
    m.add_class::<book::PyBook>()?;
    m.add_function(wrap_pyfunction!(search::vcf, m)?)?;
    m.add_function(wrap_pyfunction!(search::vct, m)?)?;
    m.add_function(wrap_pyfunction!(search::identify_opening, m)?)?;
    m.add_function(wrap_pyfunction!(batch::forbidden_points_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::vcf_batch, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit_batch, m)?)?;
    m.add_function(wrap_pyfunction!(audit::files, m)?)?;
    m.add_function(wrap_pyfunction!(records::read, m)?)?;
    m.add_function(wrap_pyfunction!(records::write, m)?)?;
    m.add_function(wrap_pyfunction!(records::to_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add(
        "SearchLimitError",
        py.get_type::<errors::SearchLimitError>(),
    )?;
    m.add("FOULS", renju_core::Foul::ALL_NAMES.to_vec())?;
    m.add(
        "FORMATS",
        renju_notation::Format::ALL
            .iter()
            .map(|f| f.name())
            .collect::<Vec<_>>(),
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
