"""Bytecode for the processes the lab starts, written once before they start.

A `hoard` process started where PYTHONDONTWRITEBYTECODE is set (this machine's and CI's
environment) compiles every module it imports from source at each start, and writes none
of it down: 0.5 s of a window's 1.3 s of CPU to its lobby, for every peer and window a test
or a benchmark starts (hundreds in the suite). A person's computer keeps the bytecode
Python writes at the first start, or pip's at install, so it pays that once; this makes
the lab's processes start as theirs do. (`compileall` writes even where that variable is
set, and skips what is up to date.)
"""

from __future__ import annotations

import compileall
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = ("client", "engine", "net", "tools", "tests")


def compile_sources() -> None:
    """Write the bytecode of the project's sources that is missing or out of date."""
    for folder in SOURCES:
        compileall.compile_dir(ROOT / folder, quiet=1)
