"""Shared fixtures: the repository, the shared data (../shared) and the corpus-tool binary.

Data that is absent skips the tests that need it, saying so; under CI (``CI`` set) it fails
them instead, as the Rust tests do (renju-testdata).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

REPO = Path(__file__).resolve().parents[3]


def _absent(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is absent, and CI is set: the test cannot run")
    pytest.skip(f"SKIPPED: {what} is absent")


def shared(relative: str) -> Path:
    """A file of ../shared (beside the repository), or skip/fail when it is absent."""
    for base in (REPO.parent / "shared", REPO / ".." / "shared"):
        p = base / relative
        if p.exists():
            return p
    _absent(f"../shared/{relative}")
    raise AssertionError("unreachable")


def corpus(relative: str) -> Path:
    p = REPO / "corpus" / relative
    assert p.exists(), p
    return p


def corpus_tool_path() -> Optional[str]:
    env = os.environ.get("RENJU_KIT_CORPUS_TOOL")
    if env:
        return env
    # cargo's target folder: CARGO_TARGET_DIR when set, as cargo itself reads it
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    for profile in ("release", "debug"):
        p = target / profile / "corpus-tool"
        if p.exists():
            return str(p)
    return shutil.which("corpus-tool")


@pytest.fixture(scope="session")
def corpus_tool() -> str:
    p = corpus_tool_path()
    if p is None:
        _absent("the corpus-tool binary (cargo build --release -p corpus-tool)")
    assert p is not None
    return p


def run_tool(tool: str, args: List[str], stdin: str) -> List[str]:
    """Runs ``corpus-tool ARGS`` on ``stdin``; its output lines."""
    out = subprocess.run(
        [tool, *args], input=stdin.encode(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False
    )
    assert out.returncode in (0, 1), out.stderr.decode()
    return out.stdout.decode().splitlines()
