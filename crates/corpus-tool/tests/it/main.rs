//! The integration tests of `corpus-tool`, one binary: each module is one former test file.
//!
//! Run one module with `cargo test -p corpus-tool --test it MODULE::`.

mod accounting;
mod archive;
mod cli_archive;
mod cli_book;
mod cli_convert;
mod cli_explain;
mod cli_fouls;
mod cli_missed_vct;
mod cli_missed_wins;
mod cli_openings;
mod cli_openings_stats;
mod cli_show;
mod cli_text_encodings;
mod cli_validate;
mod cli_vcf;
mod cli_vct;
mod common;
mod encoding_option;
mod faults;
mod html;
mod interrupt;
mod limits;
mod opening_notes;
mod opening_rules_review;
mod openings_stats;
mod outputs;
mod parquet;
mod readme;
