//! Converts one record file to another format: the formats from the names and contents, trees
//! kept whole between SGF and `.lib`; what the target cannot hold, and every record that could
//! not be read, is printed.
//!
//! `cargo run -p renju-notation --example convert -- IN OUT [ENCODING]` (ENCODING: the code
//! page of a `.lib` output, e.g. GBK).

use renju_notation::encoding::encoding_for;
use renju_notation::{ConvertOptions, convert};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(clean) => ExitCode::from(u8::from(!clean)),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Converts; `Ok(false)` when some record could not be read.
fn run() -> Result<bool, Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(input), Some(output)) = (args.first(), args.get(1)) else {
        return Err("usage: convert IN OUT [ENCODING]".into());
    };
    let mut options = ConvertOptions::default();
    if let Some(name) = args.get(2) {
        options.write_encoding = Some(encoding_for(name)?);
    }
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let done = convert(input, &bytes, output, options)?;
    std::fs::write(output, &done.bytes).map_err(|e| format!("{output}: {e}"))?;
    println!(
        "{input} ({}) -> {output} ({}): {} read, {}",
        done.from, done.to, done.read, done.report
    );
    for e in &done.errors {
        eprintln!("{e}");
    }
    Ok(done.errors.is_empty())
}
