"""Writes the torch-xla fixtures of this folder: the models of ../torch_models.py, exported by
torch-xla (`torch.export.export`, then
`torch_xla.stablehlo.exported_program_to_stablehlo`), each as `<name>.mlir` and `<name>.npz`.
torch-xla passes the weights as leading arguments of @main: the npz holds every argument of @main
in order (`input_<i>`: weights, then the model's inputs) and PyTorch's outputs (`output_<i>`).

Not run by the test suite (torch is no dependency of the project). torch-xla needs torch 2.9:

    python -m venv /tmp/torch-xla-env
    /tmp/torch-xla-env/bin/pip install torch==2.9.0 torch_xla==2.9.0 numpy
    PJRT_DEVICE=CPU /tmp/torch-xla-env/bin/python test/producers/torch_xla/make_fixtures.py

test/python/producers/test_torch_xla.py runs every fixture with the interpreter.
"""

from __future__ import annotations

import os
import sys

import numpy as np
import torch
from torch.export import export
from torch_xla.stablehlo import VariableType, exported_program_to_stablehlo

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from torch_models import write_fixtures  # noqa: E402 - the zoo and loop of every PyTorch route


def _arguments(exported, inputs) -> list:
    """Every argument of @main in order: parameters from the state dict, constants, then inputs."""
    bundle = exported._bundle
    arguments = []
    for location in bundle.stablehlo_funcs[0].meta.input_locations:
        if location.type_ == VariableType.PARAMETER:
            arguments.append(bundle.state_dict[location.name])
        elif location.type_ == VariableType.CONSTANT:
            arguments.append(bundle.additional_constants[location.position])
        else:
            arguments.append(inputs[location.position])
    return [a.detach().cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a) for a in arguments]


def _export(model, inputs):
    exported = exported_program_to_stablehlo(export(model, inputs))
    return exported.get_stablehlo_text("forward"), _arguments(exported, inputs)


if __name__ == "__main__":
    write_fixtures(HERE, "torch-xla", _export)
