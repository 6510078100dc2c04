"""StableHLO exported by torchax (`torchax.export.exported_program_to_stablehlo`: a JAX export of
the PyTorch program) runs and matches PyTorch. The fixtures and the script that made them are in
test/producers/torchax/ (weights are leading arguments of @main; without JAX's x64 mode, int64
becomes int32)."""

from __future__ import annotations

import pytest

import stablehlo_py
from testing.producers import assert_matches_framework, fixture_names, load_fixture

NAMES = fixture_names("torchax")
# the exported nn.LSTM returns h and c as 1x1x2x12 where PyTorch gives 1x2x12 (torch-xla's too)
RESHAPED = {"lstm"}


def test_every_fixture_is_here():
    assert len(NAMES) == 12, NAMES  # the whole zoo of test/producers/torch_models.py


@pytest.mark.parametrize("name", NAMES)
def test_torchax_export_runs_and_matches_pytorch(name):
    text, inputs, expected = load_fixture("torchax", name)
    assert_matches_framework(stablehlo_py.interpret(text, *inputs), expected, reshaped=name in RESHAPED,
                             narrowed=True)
