"""Fusion of elementwise chains on large tensors: one JIT-compiled pass instead of one numpy call per op.

A run of elementwise ops on tensors of one static shape (layer norm's subtract, multiply,
multiply, add, ...) costs one numpy call per op, each reading and writing whole arrays: the
machine spends its time moving memory, and numpy's loops over broadcast operands are slower
still.  `fuse(fn)`, called once a block is prepared, replaces each such run of at least two
ops (or one reading a broadcast) on at least FUSE_ELEMENTS elements by one step: a loop nest
over the result, compiled by the native tier (native.py) from the same per-op emitters as
scalar loops, so every element is computed bit for bit as the ops' numpy kernels compute it.
Only the values read after the run (or returned) are written; the others live in registers.

A run's ops need not be consecutive: a step between them that reads none of the run's values
(a broadcast_in_dim of a bias, a rank-0 convert, even a dot) runs before the fused step.  The
ops of a run have no effects and raise no errors, so nothing can tell the orders apart (the
other steps keep their order).  Operands are read through their numpy strides, so a
broadcast operand is read in place; the loop is compiled per stride pattern, with those
strides as constants so LLVM vectorises the inner loop, on the pattern's second call (the
first runs the original steps: a program run once does not wait tens of milliseconds for
the JIT).  The loop's stores are declared not to alias its loads (LLVM alias scopes: the outputs
are fresh arrays), which spares LLVM runtime overlap checks and a second copy of the loop, a third
of its compile time.  Ops whose emitters call numpy's loops one element at a time (exp, tanh, ...) end a
run: numpy's own vectorised loop over the whole array is faster.  If the JIT fails, the fused step
runs the original steps.  `STABLEHLO_PY_NATIVE=0` turns fusion off with the native tier.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING

import numpy as np

from . import native
from ..core import registry
from ..core.types import TensorSpec

if TYPE_CHECKING:
    from ..core.plan import Function

__all__ = ["FUSE_ELEMENTS", "FusedOp", "fuse"]

FUSE_ELEMENTS = 1 << 15  # smaller runs: numpy's per-call cost is small next to the JIT's
MAX_PATTERNS = 8  # stride patterns compiled per fused step; past that, the original steps run


class FusedOp:
    """What the plan records for a fused step (Function.ops): its ops, the specs of its inputs
    and outputs.  Errors (of the original steps, when they run) name the op that raised."""

    name = "stablehlo_py.fused_elementwise"
    quantized = False
    within_limits = True
    num_regions = 0

    def __init__(self, members: list, operand_specs: tuple, result_specs: tuple, kernel):
        self.members = members  # the DecodedOps fused, in order
        self.operand_specs, self.result_specs = operand_specs, result_specs
        self.num_operands, self.num_results = len(operand_specs), len(result_specs)
        self.kernel = kernel

    @property
    def where(self) -> tuple:
        return self.members[0].where


def _run_shape(op) -> tuple | None:
    """The shape of the run `op` may join, or None if it joins none."""
    if (op.name not in native.OPS or op.name in native.PER_ELEMENT_CALLS or op.num_results != 1 or op.quantized
            or not op.within_limits):
        return None
    if op.kernel.branches is not None or not registry.has_trait(op.name, registry.ELEMENTWISE):
        return None
    specs = (*op.operand_specs, *op.result_specs)
    if not all(isinstance(s, TensorSpec) and s.is_static and s.element.name in native.TYPES for s in specs):
        return None
    shape = specs[-1].shape
    if any(s.shape != shape for s in specs) or math.prod(shape) < FUSE_ELEMENTS:
        return None
    return shape


def fuse(fn: "Function") -> None:
    """Replace runs of fusable steps of `fn` by fused steps (in place, before its first run)."""
    if not native.enabled() or len(fn.steps) < 2:
        return
    steps, ops = [], []
    run: list[int] = []  # indices of the current run's ops
    moved: list[int] = []  # indices of the other steps in its span, run before it
    produced: set[int] = set()
    shape = None
    broadcast = _broadcast_slots(fn)
    reads = Counter(slot for step in fn.steps for slot in step[1])  # per slot: how many steps read it

    def close() -> None:
        nonlocal run, moved, produced, shape
        worth = len(run) >= 2 or broadcast.intersection(fn.steps[run[0]][1])
        fused = _fused_step(fn, run, reads) if worth else None
        if fused is None:
            for index in sorted(run + moved):
                steps.append(fn.steps[index])
                ops.append(fn.ops[index])
        else:
            for index in moved:
                steps.append(fn.steps[index])
                ops.append(fn.ops[index])
            steps.append(fused[0])
            ops.append(fused[1])
        run, moved, produced, shape = [], [], set(), None

    for index, (step, op) in enumerate(zip(fn.steps, fn.ops)):
        op_shape = _run_shape(op)
        if run and op_shape == shape:
            run.append(index)
            produced.update(step[2])
        elif run and op_shape is None and not produced.intersection(step[1]):
            moved.append(index)
        else:
            if run:
                close()
            if op_shape is not None:
                run, shape = [index], op_shape
                produced.update(step[2])
            else:
                steps.append(step)
                ops.append(op)
    if run:
        close()
    fn.steps, fn.ops = steps, ops


def _broadcast_slots(fn: "Function") -> set[int]:
    """The slots of `fn` holding broadcasts (of fewer elements to more): numpy's loops over such
    an operand run at half speed, so even one op reading one gains from its own loop."""
    slots = set()
    for (_, _, outs, _), op in zip(fn.steps, fn.ops):
        if op.name == "stablehlo.broadcast_in_dim":
            source, result = op.operand_specs[0], op.result_specs[0]
            if source.is_static and result.is_static and math.prod(source.shape) < math.prod(result.shape):
                slots.update(outs)
    return slots


def _fused_step(fn: "Function", run: list[int], reads: Counter) -> tuple | None:
    """(step, FusedOp) replacing the steps `run` of `fn`, or None if their loop cannot be emitted;
    `reads` counts the steps of `fn` reading each slot."""
    members = [fn.ops[i] for i in run]
    member_steps = [fn.steps[i] for i in run]
    inside = {slot for step in member_steps for slot in step[2]}
    read_inside = Counter(slot for step in member_steps for slot in step[1])
    results = set(fn.result_slots)
    # the values a step outside the run reads, or the function returns
    outputs = [slot for step in member_steps for slot in step[2] if slot in results or reads[slot] > read_inside[slot]]
    if not outputs:
        return None
    specs = {}
    for step, op in zip(member_steps, members):
        specs.update(zip(step[1], op.operand_specs))
        specs.update(zip(step[2], op.result_specs))
    constants, inputs = {}, []
    for step in member_steps:
        for slot in step[1]:
            if slot in inside or slot in constants or slot in inputs:
                continue
            value = fn.preset[slot] if slot < len(fn.preset) else None
            if value is not None and _is_splat(value):
                constants[slot] = np.asarray(value).reshape(-1)[0]
            else:
                inputs.append(slot)
    loop = _Loop(fn.part(run, inputs, outputs, [specs[s] for s in outputs]), constants, specs)
    try:
        loop.text(tuple((0,) * len(specs[s].shape) for s in inputs))  # emit once: Unsupported now, not later
    except native.Unsupported:
        return None
    op = FusedOp(members, tuple(specs[s] for s in inputs), tuple(specs[s] for s in outputs), None)
    kernel = registry.Kernel(loop.run)
    if len(outputs) == 1:
        kernel.one = loop.run_one
    op.kernel = kernel
    return (kernel.run, tuple(inputs), tuple(outputs), kernel.one), op


def _is_splat(value) -> bool:
    array = np.asarray(value)
    if array.size == 0 or array.dtype.itemsize not in (1, 2, 4, 8):
        return False
    bits = array.reshape(-1).view(f"u{array.dtype.itemsize}")
    return bool((bits == bits[0]).all())


class _Loop:
    """One fused run: its loop's MLIR text per stride pattern, JIT-compiled on first use."""

    def __init__(self, original: "Function", constants: dict, specs: dict):
        self.original = original  # the run's steps, which run on a pattern's first call and as the fallback
        self.inputs, self.outputs = original.input_slots, original.result_slots
        self.constants, self.specs = constants, specs
        self.shape = specs[self.outputs[0]].shape
        self.out_dtypes = [specs[s].dtype for s in self.outputs]
        self.in_dtypes = [specs[s].dtype for s in self.inputs]
        self.compiled = native.LoopCache()  # by stride pattern; None: the original steps run

    @property
    def entries(self) -> dict:
        """stride pattern -> (engine, entry), or None where the original steps run"""
        return self.compiled.entries

    @property
    def tier(self) -> str:
        """"python" once a pattern could not be compiled, else "native"."""
        return "native" if self.compiled.failure is None else "python"

    @property
    def native_unsupported(self) -> str | None:
        """Why a pattern could not be compiled."""
        return self.compiled.failure

    @property
    def members(self) -> list:
        """The DecodedOps of the run, in order."""
        return self.original.ops

    # --- the loop, as MLIR text

    def text(self, strides: tuple) -> str:
        """The loop for input element strides `strides` (one tuple per input, over self.shape)."""
        dims, in_strides = _collapsed(self.shape, strides)
        em = native.Emitter()
        pointers = [em.word(2 + k, "!llvm.ptr") for k in range(len(self.inputs) + len(self.outputs))]
        zero, one = em.const(0, "i64"), em.const(1, "i64")
        ivs = []
        for size in dims:
            iv = em.fresh()
            em.add(f"scf.for {iv} = {zero} to {em.const(size, 'i64')} step {one} : i64 {{")
            em.indent += 1
            ivs.append(iv)
        out_strides = [math.prod(dims[d + 1:]) for d in range(len(dims))]
        names: dict[int, str] = {}
        for slot, value in self.constants.items():
            names[slot] = em.const(value, native.mlir_type(self.specs[slot].element))
        scopes, out_scopes = _scopes(len(self.outputs))
        for k, slot in enumerate(self.inputs):
            t = native.mlir_type(self.specs[slot].element)
            address = self._element(em, pointers[k], ivs, in_strides[k], t)
            names[slot] = em.load(address, t, native.alias_scopes("#fused_inputs", out_scopes))
        for (_, ins, outs, _), op in zip(self.original.steps, self.original.ops):
            names[outs[0]] = native.OPS[op.name](em, op, [names[s] for s in ins])
        for k, slot in enumerate(self.outputs):
            t = native.mlir_type(self.specs[slot].element)
            address = self._element(em, pointers[len(self.inputs) + k], ivs, out_strides, t)
            others = ["#fused_inputs", *(scope for j, scope in enumerate(out_scopes) if j != k)]
            em.store(names[slot], address, t, native.alias_scopes(out_scopes[k], others))
        for _ in dims:
            em.indent -= 1
            em.add("}")
        em.add("return")
        if em.scratch is not None:
            raise native.Unsupported("a fused op calls numpy per element")
        return native.loop_module(em, scopes)

    @staticmethod
    def _element(em, pointer: str, ivs: list, strides, t: str) -> str:
        offset = None
        for iv, stride in zip(ivs, strides):
            if stride == 0:
                continue
            term = iv if stride == 1 else em.binary("arith.muli", iv, em.const(stride, "i64"), "i64")
            offset = term if offset is None else em.binary("arith.addi", offset, term, "i64")
        if offset is None:
            return pointer
        element = "i8" if t == "i1" else t
        return em.op(f"llvm.getelementptr {pointer}[{offset}] : (!llvm.ptr, i64) -> !llvm.ptr, {element}")

    # --- running

    def run(self, *values) -> list:
        pattern = self._pattern(values)
        entry = None if pattern is None else self.compiled.get(pattern, lambda: self.text(pattern), MAX_PATTERNS)
        if entry is None:  # the pattern's first call, or no loop for it
            return self.original.run(values)
        outputs = [np.empty(self.shape, dtype) for dtype in self.out_dtypes]
        record = np.empty(2 + len(values) + len(outputs), np.uint64)
        for k, array in enumerate((*values, *outputs)):
            record[2 + k] = array.ctypes.data
        native.call_packed(entry, record)
        return outputs

    def run_one(self, *values):
        return self.run(*values)[0]

    def _pattern(self, values) -> tuple | None:
        """Element strides of the inputs, or None if some input cannot be read in place."""
        pattern = []
        for value, dtype in zip(values, self.in_dtypes):
            size = dtype.itemsize
            if (not isinstance(value, np.ndarray) or value.dtype != dtype or value.shape != self.shape
                    or not value.flags.aligned or any(s % size for s in value.strides)):
                return None
            pattern.append(tuple(s // size for s in value.strides))
        return tuple(pattern)


def _collapsed(shape: tuple, strides: tuple) -> tuple:
    """(dims, per-input strides) of the loop nest over `shape`: unit dims dropped, and a dim merged
    into the next one where every input steps through both as through one (outputs are dense)."""
    keep = [d for d, n in enumerate(shape) if n != 1]
    dims = [shape[d] for d in keep]
    per_input = [[s[d] for d in keep] for s in strides]
    d = len(dims) - 2
    while d >= 0:
        if all(s[d] == s[d + 1] * dims[d + 1] for s in per_input):
            dims[d:d + 2] = [dims[d] * dims[d + 1]]
            for s in per_input:
                s[d:d + 2] = [s[d + 1]]
        d -= 1
    return dims, per_input


def _scopes(outputs: int) -> tuple[list[str], list[str]]:
    """(definitions, output scope names) of the loop's alias scopes: one for all the inputs (read
    only, so they may overlap each other) and one per output (a fresh array).  Telling LLVM that
    stores do not alias the loads spares it runtime overlap checks and a second copy of the loop:
    a third less time to compile, and no change to the code it vectorises."""
    names = [f"#fused_output_{k}" for k in range(outputs)]
    return ['#fused_domain = #llvm.alias_scope_domain<id = distinct[0]<>, description = "fused loop">',
            "#fused_inputs = #llvm.alias_scope<id = distinct[1]<>, domain = #fused_domain>",
            *(f"{name} = #llvm.alias_scope<id = distinct[{k + 2}]<>, domain = #fused_domain>"
              for k, name in enumerate(names))], names

