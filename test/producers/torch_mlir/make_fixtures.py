"""Writes the torch-mlir fixtures of this folder: small PyTorch models exported to StableHLO by
torch-mlir (`torch_mlir.fx.export_and_import(..., output_type="stablehlo")`), each as
`<name>.mlir` and `<name>.npz` (its inputs `input_<i>` and PyTorch's outputs `output_<i>`).

Not run by the test suite (torch is no dependency of the project). To regenerate, in a virtual
environment of its own:

    python -m venv /tmp/torch-env
    /tmp/torch-env/bin/pip install torch==2.13.0 torch-mlir==20261001 numpy
    /tmp/torch-env/bin/python test/producers/torch_mlir/make_fixtures.py

test/python/producers/test_torch_mlir.py runs every fixture with the interpreter and compares
with PyTorch's outputs.
"""

from __future__ import annotations

import os
import sys

from torch_mlir import fx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from torch_models import write_fixtures  # noqa: E402 - the zoo and loop of every PyTorch route


# The models whose every input has the batch first (the others' shapes are tied across inputs in
# ways a free batch dimension breaks).
DYNAMIC_MODELS = ("mlp_layernorm_gelu", "integer_arithmetic", "conv_batchnorm_pool", "indexing_and_masks",
                  "embedding_attention", "encoder_layer", "lstm", "gru")


def _export(model, inputs):
    module = fx.export_and_import(model, *inputs, output_type="stablehlo")
    return str(module), [t.numpy() for t in inputs]


def _export_dynamic(model, inputs):
    """Exported with a dynamic first dimension (the batch) in every input, then called at a larger
    batch than the export's: the program computes its shapes at run time (tensor.dim, arith,
    shape.*)."""
    import torch
    from torch.export import Dim

    batch = Dim("batch", min=1, max=1024)
    module = fx.export_and_import(model, *inputs, output_type="stablehlo",
                                  dynamic_shapes=tuple({0: batch} for _ in inputs))
    return str(module), [t.numpy() for t in (torch.cat([t, t[:2]]) for t in inputs)]


def _dynamic_call(model, inputs):
    import torch

    return model(*(torch.cat([t, t[:2]]) for t in inputs))


if __name__ == "__main__":
    write_fixtures(HERE, "torch-mlir", _export)
    write_fixtures(HERE, "torch-mlir (dynamic batch)", _export_dynamic, prefix="dynamic_", call=_dynamic_call,
                   only=DYNAMIC_MODELS)
