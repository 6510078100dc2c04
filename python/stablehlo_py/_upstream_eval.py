"""Upstream's `eval_module` (stablehlo_py.dialects.stablehlo.eval_module) on our interpreter:
DenseElementsAttr arguments and results, upstream's probe files. It sits above the interpreter;
`import stablehlo_py` hands it to the dialect module (`stablehlo.set_evaluator`), which is below.
"""

from __future__ import annotations

import os
import threading
from typing import Sequence

from mlir import ir

from ._specializing import compile_entry  # refines a dynamic entry to the arguments, as upstream does
from .dialects._upstream_attrs import _iterable
from .interpreter import InterpreterError, run_on_grid
from .interpreter.core.attributes import dense_elements as read_dense
from .interpreter.core.types import QuantizedInfo, TensorSpec, tensor_spec
from .interpreter.runtime.probes import ProbeFiles

__all__ = ["eval_module"]


def dense_elements_array(attr: ir.Attribute, spec) -> "np.ndarray":
    """The elements of a DenseElementsAttr as a numpy array of `spec` (a TensorSpec of its
    type), every element type included: read from MLIR's storage through the extension, as the
    interpreter reads constants (`read_dense` is interpreter.core.attributes.dense_elements)."""
    holder = ir.Operation.create("builtin.module", attributes={"value": attr}, regions=1,
                                 loc=ir.Location.unknown(attr.context))
    return read_dense(holder, "value", spec)


def array_dense_elements(array, element_name: str, context: ir.Context) -> ir.Attribute:
    """A DenseElementsAttr of `array` with MLIR element type `element_name`, given to MLIR as its
    raw storage: i1 packed eight to a byte, sub-byte integers one byte each, ml_dtypes floats as
    their bits, complex as (real, imag) pairs."""
    import re

    import numpy as np

    with context:
        element = ir.Type.parse(element_name)
        tensor_type = ir.RankedTensorType.get(list(array.shape), element)
        data = np.ascontiguousarray(array).reshape(-1)
        if element_name == "i1":
            data = np.packbits(data.astype(bool), bitorder="little")
        elif re.fullmatch(r"(s|u)?i[24]", element_name):  # ml_dtypes int4...: the value, a byte each
            data = data.astype(np.uint8 if element_name.startswith("u") else np.int8)
        elif data.dtype.kind == "V":  # ml_dtypes floats: their bits
            data = data.view(f"u{data.dtype.itemsize}")
        elif data.dtype.kind == "c":
            data = data.view(data.real.dtype)
        attr = ir.DenseElementsAttr.get(data, type=tensor_type)
    try:
        return attr.maybe_downcast()  # DenseIntElementsAttr / DenseFPElementsAttr, as upstream gives
    except TypeError:  # complex: MLIR's Python bindings have no class for it
        return attr


class UpstreamProbeFiles:
    """Writes probed values as upstream's interpreter does (stablehlo/reference; mixed into the
    interpreter's ProbeFiles by eval_module): DIR/probe<N>.npy, N counting from 1 in the run, and
    a line `probe_id,type,DIR/probe<N>.npy` of DIR/index.csv, written raw (upstream's reader
    splits on commas). f16 and bf16 are saved as their bits (uint16) and i1 as int8, as upstream
    saves them; types upstream cannot save (f8, sub-byte, complex...) as the interpreter's
    ProbeFiles does (ml_dtypes types as raw bytes)."""

    def __init__(self, directory):
        self.directory = os.fspath(directory)
        self._count = 0
        self._lock = threading.Lock()

    def start(self) -> None:
        """A new run: its index replaces any earlier one (as upstream removes it first)."""
        os.makedirs(self.directory, exist_ok=True)
        open(os.path.join(self.directory, "index.csv"), "w").close()

    def write(self, probe_id: str, type_text: str, value) -> str:
        import numpy as np

        value = np.asarray(value)
        if value.dtype == np.bool_:
            value = value.astype(np.int8)
        elif value.dtype == np.float16 or value.dtype.name == "bfloat16":
            value = value.view(np.uint16)
        with self._lock:
            self._count += 1
            path = os.path.join(self.directory, f"probe{self._count}.npy")
            np.save(path, value, allow_pickle=False)
            with open(os.path.join(self.directory, "index.csv"), "a", encoding="utf-8") as index:
                index.write(f"{probe_id},{type_text},{path}\n")
        return path


def _is_dense_elements(attr) -> bool:
    if not isinstance(attr, ir.Attribute):
        return False
    try:
        ir.DenseElementsAttr(attr)
    except ValueError:
        return False
    return True


def eval_module(module: ir.Module, args: Sequence[ir.Attribute], probe_instrumentation_dir: str = "") -> list:
    """Upstream's eval_module on our interpreter (see stablehlo.eval_module)."""
    if not isinstance(module, ir.Module):
        raise TypeError(f"eval_module(): module must be a Module, got {type(module).__name__}")
    args = _iterable(args, "eval_module(): args")
    if not all(_is_dense_elements(a) for a in args):
        raise ValueError("input args must be DenseElementsAttr")
    if not isinstance(probe_instrumentation_dir, (str, os.PathLike)):
        raise TypeError("eval_module(): probe_instrumentation_dir must be a str")
    probe_dir = os.fspath(probe_instrumentation_dir)
    try:
        executable = compile_entry(module, "main", None)
        specs = executable.arg_specs
        if len(args) != len(specs):
            raise ValueError(f"incorrect number of arguments specified, provided {len(args)} inputs but function "
                             f"expected {len(specs)}")
        arrays = []
        for index, (attr, spec) in enumerate(zip(args, specs)):
            given = tensor_spec(attr.type)
            # a static entry type is the argument's type exactly (as upstream checks); a dynamic
            # one is refined to it by the interpreter. A quantized one takes its storage integers
            # (upstream lowers quantized types to them before running).
            expected = spec
            if isinstance(spec, TensorSpec) and isinstance(spec.element, QuantizedInfo):
                expected = spec.with_element(spec.element.storage)
            if not isinstance(spec, TensorSpec) or (spec.is_static and expected.text != given.text) or \
                    (not spec.is_static and expected.element != given.element):
                raise ValueError(f"invalid input argument type at index {index}, input type was '{attr.type}' "
                                 f"but entry function expected '{spec.text}'")
            arrays.append(dense_elements_array(attr, given))
        files = None
        if probe_dir:
            files = type("UpstreamProbeFiles", (UpstreamProbeFiles, ProbeFiles), {})(probe_dir)
            files.start()
        results = run_on_grid(executable, arrays, 1, 1, probe_dir=files)
    except (InterpreterError, OSError) as e:
        raise ValueError(f"interpreter failed: {e}") from e
    out = []
    for value, spec in zip(results, executable.result_specs):
        if not isinstance(spec, TensorSpec):
            raise ValueError(f"eval_module(): result type {spec.text} has no DenseElementsAttr")
        element = spec.element.storage if isinstance(spec.element, QuantizedInfo) else spec.element
        out.append(array_dense_elements(value, element.name, module.context))
    return out
