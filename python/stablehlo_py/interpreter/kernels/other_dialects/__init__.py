"""Kernels of the other dialects StableHLO programs carry: Shardy's sharding markup
(`shardy.py`) and the arith, tensor and shape ops of MLIR's own dialects that producers mix in
(`mlir.py`). Importing the package registers them all."""

from . import mlir, shardy  # noqa: F401
