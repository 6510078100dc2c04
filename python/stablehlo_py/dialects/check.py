"""The check dialect: assertion ops the interpreter evaluates."""
from typing import Optional

from mlir import ir

from .. import _stablehlo
from ._check_ops_gen import *  # noqa: F401,F403


def register_dialect(context: Optional[ir.Context] = None, load: bool = True) -> None:
    """Registers (and by default loads) the check dialect in `context`, with the project's other
    dialects (upstream's signature)."""
    _stablehlo.register_dialects(context, load)
