"""The typed example runs (mypy --strict checks it in `cargo xtask python`)."""

from typed_usage import main


def test_typed_usage_runs() -> None:
    main()
