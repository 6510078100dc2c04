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

import numpy as np
import torch
from torch_mlir import fx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from torch_models import models  # noqa: E402 - the model zoo torch-xla's fixtures use too


def main():
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    for name, (model, inputs) in models(rng).items():
        model = model.eval()
        with torch.no_grad():
            outputs = model(*inputs)
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        try:
            module = fx.export_and_import(model, *inputs, output_type="stablehlo")
        except Exception as e:  # noqa: BLE001 - report and go on with the others
            print(f"{name}: torch-mlir failed: {type(e).__name__}: {str(e)[:200]}")
            continue
        with open(os.path.join(HERE, f"{name}.mlir"), "w") as fh:
            fh.write(str(module))
        arrays = {f"input_{i}": t.numpy() for i, t in enumerate(inputs)}
        arrays.update({f"output_{i}": t.numpy() for i, t in enumerate(outputs)})
        np.savez(os.path.join(HERE, f"{name}.npz"), **arrays)
        print(f"{name}: written")


if __name__ == "__main__":
    main()
