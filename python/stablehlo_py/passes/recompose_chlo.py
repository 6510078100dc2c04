"""stablehlo-py-recompose-chlo: `stablehlo.custom_call @mhlo.<op>` (torch-xla's, XLA's encoding of
ops StableHLO lacks) as the chlo or stablehlo op it names (stablehlo_py.dialects.mhlo_encoding)."""

from __future__ import annotations

from ..dialects.mhlo_encoding import recompose_encoded_ops
from ._common import guarded_pass

__all__ = ["RECOMPOSE_CHLO", "recompose_chlo_pass"]

RECOMPOSE_CHLO = "stablehlo-py-recompose-chlo"


def recompose_chlo_pass():
    return guarded_pass(RECOMPOSE_CHLO, recompose_encoded_ops)
