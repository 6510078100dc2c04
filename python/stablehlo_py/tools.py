"""Entry points for the native tools installed inside the package."""
import os
import sys
from pathlib import Path

TOOLS_DIR = Path(__file__).parent / "_bin"


def tool_path(name: str) -> Path:
    path = TOOLS_DIR / name
    if not path.exists():
        raise FileNotFoundError(f"{name} is not installed at {path}; reinstall stablehlo-py")
    return path


def stablehlo_opt() -> None:
    """`stablehlo-opt`: replaces this process with the C++ tool."""
    path = str(tool_path("stablehlo-opt"))
    os.execv(path, [path] + sys.argv[1:])
