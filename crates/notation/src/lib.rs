//! # notation
//!
//! Renju and gomoku record formats, read and written. (Work in progress.)
