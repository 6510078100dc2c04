"""Entry points for the native tools installed inside the package."""
import os
import sys
from pathlib import Path


def tool_path(name: str) -> Path:
    """Where the native tool `name` is installed.

    A regular install puts `_bin/` beside this file; an editable install
    keeps this file in the checkout and the binaries in site-packages, so
    the `stablehlo_py/_bin` folders on sys.path are searched too (without
    importing MLIR, which keeps the tools' start-up fast).
    """
    candidates = [Path(__file__).parent / "_bin" / name]
    candidates += [Path(entry) / "stablehlo_py" / "_bin" / name for entry in sys.path if entry]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(f"{name} is not installed (looked in {candidates[0].parent} and "
                            "site-packages); reinstall stablehlo-py")


def stablehlo_opt() -> None:
    """`stablehlo-opt`: replaces this process with the C++ tool."""
    try:
        path = str(tool_path("stablehlo-opt"))
    except FileNotFoundError as error:
        sys.exit(f"stablehlo-opt: {error}")
    os.execv(path, [path] + sys.argv[1:])
