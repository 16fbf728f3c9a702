//! # corpus-tool
//!
//! The corpus auditor. (Work in progress.)
