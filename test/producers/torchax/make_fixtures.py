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
import torch
import torchax.export
from torch.export import export

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from torch_models import models  # noqa: E402 - the model zoo of every PyTorch route


def main():
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    for name, (model, inputs) in models(rng).items():
        model = model.eval()
        try:
            with torch.no_grad():
                outputs = model(*inputs)
            outputs = outputs if isinstance(outputs, tuple) else (outputs,)
            weights, exported = torchax.export.exported_program_to_stablehlo(export(model, inputs))
            text = exported.mlir_module()
        except Exception as e:  # noqa: BLE001 - report and go on with the others
            print(f"{name}: torchax failed: {type(e).__name__}: {str(e)[:200]}")
            continue
        # JAX keeps only the arguments the program uses, with its own dtypes (int64 -> int32
        # without jax_enable_x64)
        arguments = [np.asarray(w) for w in weights] + [t.numpy() for t in inputs]
        arguments = [arguments[i].astype(exported.in_avals[i].dtype) for i in sorted(exported.module_kept_var_idx)]
        with open(os.path.join(HERE, f"{name}.mlir"), "w") as fh:
            fh.write(text)
        arrays = {f"input_{i}": a for i, a in enumerate(arguments)}
        arrays.update({f"output_{i}": t.numpy() for i, t in enumerate(outputs)})
        np.savez(os.path.join(HERE, f"{name}.npz"), **arrays)
        print(f"{name}: written")


if __name__ == "__main__":
    main()
