"""Writes the torchax fixtures of this folder: the models of ../torch_models.py exported by
torchax (`torch.export.export`, then `torchax.export.exported_program_to_stablehlo`, whose JAX
export's `mlir_module()` is the program), each as `<name>.mlir` and `<name>.npz`. The weights are
leading arguments of @main: the npz holds every argument in order (`input_<i>`: the weights the
program uses, then the model's inputs, in JAX's dtypes) and PyTorch's outputs (`output_<i>`).

Not run by the test suite (torch is no dependency of the project). torchax 0.0.13 needs torch 2.9:

    python -m venv /tmp/torchax-env
    /tmp/torchax-env/bin/pip install torch==2.9.0 torchax==0.0.13 jax==0.10.2 jaxlib==0.10.2 numpy
    /tmp/torchax-env/bin/python test/producers/torchax/make_fixtures.py

test/python/producers/test_torchax.py runs every fixture with the interpreter.
"""

from __future__ import annotations

import os
import sys

import numpy as np
import torchax.export
from torch.export import export

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from torch_models import write_fixtures  # noqa: E402 - the zoo and loop of every PyTorch route


def _export(model, inputs):
    weights, exported = torchax.export.exported_program_to_stablehlo(export(model, inputs))
    # JAX keeps only the arguments the program uses, with its own dtypes (int64 -> int32
    # without jax_enable_x64)
    arguments = [np.asarray(w) for w in weights] + [t.numpy() for t in inputs]
    kept = sorted(exported.module_kept_var_idx)
    return exported.mlir_module(), [arguments[i].astype(exported.in_avals[i].dtype) for i in kept]


if __name__ == "__main__":
    write_fixtures(HERE, "torchax", _export)
