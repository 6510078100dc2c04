"""Kernels of the ops that order side effects: after_all and create_token.
The interpreter runs ops in program order, so a token carries nothing."""

from __future__ import annotations

from .registry import register
from .types import TOKEN


@register("stablehlo.after_all", "stablehlo.create_token")
def _token(ctx):
    return lambda *tokens: TOKEN
