//! Links the `corpus-tool` binary as a position-dependent executable on Linux with the GNU
//! toolchain (`-no-pie`): the dynamic loader then has no relocations to apply to the binary's
//! 345 KiB of pointer tables (`.data.rel.ro`) at each start, which were about a hundred of the
//! 350 page faults of `corpus-tool --version` and 0.4 ms of the 3 ms a `book query` took as a
//! whole process (docs/performance.md). The code is still compiled position-independent; only
//! the binary's load address is fixed. Other targets link as their toolchain does by default.
//! `RENJU_KIT_PIE=1` at build time keeps the default (a position-independent executable).

fn main() {
    println!("cargo::rerun-if-env-changed=RENJU_KIT_PIE");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let pie = std::env::var_os("RENJU_KIT_PIE").is_some_and(|v| v == "1");
    if os == "linux" && env == "gnu" && !pie {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}
