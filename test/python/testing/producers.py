"""Other producers' exported programs (test/producers/<producer>/): each `<name>.mlir` with its
`<name>.npz` (the arguments of @main as `input_<i>`, the framework's outputs as `output_<i>`)."""

from __future__ import annotations

import glob
import os

import numpy as np

from conftest import REPO

# |ours - PyTorch| / max(1, |PyTorch|): at most 1.8e-7 measured over every fixture of torch-mlir
# and torch-xla (embedding_attention; PyTorch's kernels sum and fuse in other orders), times 4.
# Integer and boolean outputs match exactly.
RELATIVE_TOLERANCE = 4 * 1.8e-7


def fixture_names(producer: str) -> list:
    folder = os.path.join(REPO, "test", "producers", producer)
    return sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(folder, "*.mlir")))


def load_fixture(producer: str, name: str):
    """(program text, arguments, the framework's outputs)."""
    path = os.path.join(REPO, "test", "producers", producer, name)
    with open(path + ".mlir", encoding="utf-8") as fh:
        text = fh.read()
    with np.load(path + ".npz") as data:
        count = lambda prefix: sum(k.startswith(prefix) for k in data.files)  # noqa: E731
        inputs = [data[f"input_{i}"] for i in range(count("input_"))]
        outputs = [data[f"output_{i}"] for i in range(count("output_"))]
    return text, inputs, outputs


def assert_matches_framework(got, expected, reshaped: bool = False, narrowed: bool = False) -> None:
    """Same dtypes (or, with `narrowed`, int32 where the framework gives int64: JAX's exports without
    x64), shapes (or, with `reshaped`, the same elements in a shape the exporter changed), values
    within RELATIVE_TOLERANCE (floats) or equal."""
    assert len(got) == len(expected)
    for index, (g, e) in enumerate(zip(got, expected)):
        if narrowed and g.dtype == np.int32 and e.dtype == np.int64:
            g = g.astype(np.int64)
        assert g.dtype == e.dtype, (index, g.dtype, e.dtype)
        if reshaped and g.shape != e.shape and g.size == e.size:
            g = g.reshape(e.shape)
        assert g.shape == e.shape, (index, g.shape, e.shape)
        if e.dtype.kind == "f":
            np.testing.assert_allclose(g, e, rtol=0, atol=RELATIVE_TOLERANCE * max(1.0, float(np.abs(e).max())),
                                       err_msg=f"output {index}")
        else:
            np.testing.assert_array_equal(g, e, err_msg=f"output {index}")
