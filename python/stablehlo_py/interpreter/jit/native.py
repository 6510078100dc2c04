"""The native tier of scalar loops: a while loop over rank-0 values compiled to machine code.

scalar.py turns a scalar loop into Python over numpy scalars; that still costs tens of
nanoseconds to microseconds per op.  Here the same loop becomes one MLIR function in the
func/arith/math/scf/llvm dialects, lowered to LLVM and JIT-compiled by MLIR's ExecutionEngine:

    func.func @loop(%rec: !llvm.ptr)      // the record: budget, iterations run, the values
      load the carries and captured values from %rec
      scf.while (carries, k = 0):  cond; continue while cond and k < budget
          body; k += 1
      store the carries; store k, or -1 if the budget ran out while cond still held

Every op has one emitter in `OPS`, computing bit for bit what its numpy kernel computes
(elementwise.py, conversion.py): guards replace the cases where LLVM would trap or give
poison (division by zero, INT_MIN / -1, shifts by the width or more).  f16 arithmetic is done
in f32 and rounded once, as the kernels do (`_via_f32`).  Transcendental functions call the
very C loop numpy's ufunc runs (read from numpy's public PyUFuncObject), with one element, so
they are bit-identical to the kernels on every host.  An op or type without an emitter (bf16,
f8, sub-byte ints, complex, quantized, cbrt, nested whiles, ...) raises `Unsupported` and the
loop stays in Python.

The loop runs in chunks of a budget of iterations, so `Runtime.loop_checker` enforces
max_iterations and timeouts exactly as in the Python path; the state lives in a record
allocated per call, so chunks resume and concurrent calls share nothing.
`STABLEHLO_PY_NATIVE=0` in the environment turns the tier off.
"""

from __future__ import annotations

import ctypes
import os
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Callable

import numpy as np

from ..core import registry
from ..core.types import ElementInfo, dtype_info

if TYPE_CHECKING:
    from ..core.plan import Function, Region

__all__ = ["Unsupported", "Emitter", "OPS", "TYPES", "NUMPY_UNARY", "compile_while", "enabled", "jit", "mlir_type"]

_CHUNK = 1 << 22  # iterations per call of a loop without limits (milliseconds)
_CHECK_PERIOD = 1 << 14  # iterations between limit checks (each check is a call into the JIT)
# LLVM's time grows superlinearly with the values live across a loop: 2600 lines of MLIR take
# 0.3 s to compile, 5100 lines 10 s; bigger loops stay in Python
_MAX_LINES = 3000
_HEADER = 32  # record bytes before the values: argv[0], the record's address, budget, iterations
TYPES = {"i1": "i1", "i8": "i8", "si8": "i8", "ui8": "i8", "i16": "i16", "si16": "i16", "ui16": "i16",
          "i32": "i32", "si32": "i32", "ui32": "i32", "i64": "i64", "si64": "i64", "ui64": "i64",
          "f16": "f16", "f32": "f32", "f64": "f64"}
_PIPELINE = ("builtin.module(convert-math-to-llvm,convert-scf-to-cf,convert-arith-to-llvm,convert-func-to-llvm,"
             "convert-cf-to-llvm,reconcile-unrealized-casts)")


class Unsupported(Exception):
    """The loop holds an op or a type without a native form (the message says which)."""


def enabled() -> bool:
    return os.environ.get("STABLEHLO_PY_NATIVE", "1") != "0"


# ---------------------------------------------------------------------------
# numpy's own inner loops, for the transcendental functions


class _UFuncHead(ctypes.Structure):
    """The start of numpy's public PyUFuncObject (numpy/ufuncobject.h)."""

    _fields_ = [("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p), ("nin", ctypes.c_int),
                ("nout", ctypes.c_int), ("nargs", ctypes.c_int), ("identity", ctypes.c_int),
                ("functions", ctypes.c_void_p), ("data", ctypes.c_void_p), ("ntypes", ctypes.c_int),
                ("reserved1", ctypes.c_int), ("name", ctypes.c_char_p), ("types", ctypes.c_void_p)]


_ufunc_loops: dict = {}


def _ufunc_loop(ufunc, signature: str) -> tuple[int, int] | None:
    """(address of numpy's inner loop of `ufunc` for `signature` such as 'ff->f', its data
    pointer), or None if the ufunc's C struct does not read as numpy's public layout."""
    key = (ufunc.__name__, signature)
    if key not in _ufunc_loops:
        _ufunc_loops[key] = _read_ufunc_loop(ufunc, signature)
    return _ufunc_loops[key]


def _read_ufunc_loop(ufunc, signature: str):
    try:
        head = _UFuncHead.from_address(id(ufunc))
        if (head.nin, head.nout, head.nargs, head.ntypes) != (ufunc.nin, ufunc.nout, ufunc.nin + ufunc.nout,
                                                               ufunc.ntypes) or head.name.decode() != ufunc.__name__:
            return None
        nargs = head.nargs
        numbers = ctypes.string_at(head.types, nargs * head.ntypes)
        for i, declared in enumerate(ufunc.types):  # the type numbers must spell numpy's own signatures
            row = numbers[i * nargs:(i + 1) * nargs]
            if tuple(row) != tuple(np.dtype(c).num for c in declared.replace("->", "")):
                return None
        index = ufunc.types.index(signature)
        function = ctypes.c_void_p.from_address(head.functions + 8 * index).value
        data = ctypes.c_void_p.from_address(head.data + 8 * index).value if head.data else None
        return (function, data or 0) if function else None
    except (ValueError, TypeError, OSError, UnicodeDecodeError):
        return None


# ---------------------------------------------------------------------------
# MLIR text


def mlir_type(info: ElementInfo) -> str:
    t = TYPES.get(info.name)
    if t is None:
        raise Unsupported(f"element type {info.name}")
    return t


def _float_bits(info: ElementInfo) -> str:
    return f"i{info.bits}"


class Emitter:
    """MLIR text being generated: unique SSA names, constants, and the ops' emitters' helpers."""

    def __init__(self):
        self.lines: list[str] = []
        self.indent = 1
        self.count = 0
        self.scratch: str | None = None  # set when a numpy loop is called: its buffer is set up at entry

    def fresh(self) -> str:
        self.count += 1
        return f"%v{self.count}"

    def add(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def op(self, text: str) -> str:
        """`name = text`, for a new name."""
        name = self.fresh()
        self.add(f"{name} = {text}")
        return name

    def const(self, value, t: str) -> str:
        if t == "i1":
            return self.op(f"arith.constant {'true' if value else 'false'}")
        if t.startswith("i"):
            bits = int(t[1:])
            value = int(value) & ((1 << bits) - 1)
            literal = str(value - (1 << bits) if value >> (bits - 1) else value)  # signless: as signed
        else:
            dtype = {"f16": np.float16, "f32": np.float32, "f64": np.float64}[t]
            literal = hex(int(np.asarray(value, dtype).view(f"u{dtype(0).itemsize}")))  # the exact bits
        return self.op(f"arith.constant {literal} : {t}")

    def binary(self, op: str, a: str, b: str, t: str) -> str:
        return self.op(f"{op} {a}, {b} : {t}")

    def cmpi(self, predicate: str, a: str, b: str, t: str) -> str:
        return self.op(f"arith.cmpi {predicate}, {a}, {b} : {t}")

    def cmpf(self, predicate: str, a: str, b: str, t: str) -> str:
        return self.op(f"arith.cmpf {predicate}, {a}, {b} : {t}")

    def select(self, c: str, a: str, b: str, t: str) -> str:
        return self.op(f"arith.select {c}, {a}, {b} : {t}")

    def cast(self, op: str, x: str, src: str, dst: str) -> str:
        return x if src == dst else self.op(f"{op} {x} : {src} to {dst}")

    def bitcast(self, x: str, src: str, dst: str) -> str:
        return self.op(f"arith.bitcast {x} : {src} to {dst}")

    # memory: numpy's bool is a byte holding 0 or 1
    def load(self, address: str, t: str) -> str:
        if t == "i1":
            return self.cmpi("ne", self.op(f"llvm.load {address} : !llvm.ptr -> i8"), self.const(0, "i8"), "i8")
        return self.op(f"llvm.load {address} : !llvm.ptr -> {t}")

    def store(self, value: str, address: str, t: str) -> None:
        if t == "i1":
            value, t = self.cast("arith.extui", value, "i1", "i8"), "i8"
        self.add(f"llvm.store {value}, {address} : {t}, !llvm.ptr")

    # floats narrower than f32 compute in f32 and round once (elementwise._via_f32)
    def wide(self, x: str, t: str) -> str:
        return self.cast("arith.extf", x, t, "f32") if t == "f16" else x

    def narrow(self, x: str, t: str) -> str:
        return self.cast("arith.truncf", x, "f32", t) if t == "f16" else x

    def via_f32(self, t: str, xs: list[str], compute: Callable) -> str:
        w = "f32" if t == "f16" else t
        return self.narrow(compute(w, *[self.wide(x, t) for x in xs]), t)

    def call_numpy_loop(self, ufunc, t: str, xs: list[str]) -> str:
        """numpy's own loop of `ufunc` for type t (f32 or f64) on one element."""
        char = {"f32": "f", "f64": "d"}[t]
        nin = len(xs)
        loop = _ufunc_loop(ufunc, char * nin + "->" + char)
        if loop is None:
            raise Unsupported(f"numpy's loop of {ufunc.__name__} cannot be read")
        function, data = loop
        self.scratch = "%scratch"  # argv, dims and steps are set up once, at the function's entry
        for k, x in enumerate(xs):
            self.add(f"llvm.store {x}, %scratch_v{k} : {t}, !llvm.ptr")
        fn = self.op(f"llvm.inttoptr {self.op(f'llvm.mlir.constant({function} : i64) : i64')} : i64 to !llvm.ptr")
        arg = self.op(f"llvm.inttoptr {self.op(f'llvm.mlir.constant({data} : i64) : i64')} : i64 to !llvm.ptr")
        self.add(f"llvm.call {fn}(%scratch, %scratch_dims, %scratch_steps{t[1:]}, {arg}) : !llvm.ptr, "
                 "(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()")
        return self.op(f"llvm.load %scratch_v{nin} : !llvm.ptr -> {t}")

    def scratch_setup(self) -> list[str]:
        """The entry block's lines making the buffer of numpy loop calls: argv[k] -> value k (at
        80 + 8k), dims (one element), steps of f32 and f64 values."""
        lines = ["%scratch_one = llvm.mlir.constant(1 : i64) : i64",
                 "%scratch = llvm.alloca %scratch_one x !llvm.array<13 x i64> : (i64) -> !llvm.ptr"]

        def at(name: str, offset: int) -> None:
            lines.append(f"{name} = llvm.getelementptr %scratch[{offset}] : (!llvm.ptr) -> !llvm.ptr, i8")

        at("%scratch_dims", 24)
        lines.append("llvm.store %scratch_one, %scratch_dims : i64, !llvm.ptr")
        for size, base in ((4, 32), (8, 56)):
            lines.append(f"%scratch_size{size} = llvm.mlir.constant({size} : i64) : i64")
            at(f"%scratch_steps{8 * size}", base)
            for k in range(3):
                at(f"%scratch_step{size}_{k}", base + 8 * k)
                lines.append(f"llvm.store %scratch_size{size}, %scratch_step{size}_{k} : i64, !llvm.ptr")
        for k in range(3):
            at(f"%scratch_v{k}", 80 + 8 * k)
            at(f"%scratch_argv{k}", 8 * k)
            lines.append(f"llvm.store %scratch_v{k}, %scratch_argv{k} : !llvm.ptr, !llvm.ptr")
        return ["  " + line for line in lines]


# ---------------------------------------------------------------------------
# The op table: op name -> emitter(emitter, op, operand names) -> result name


def _infos(op) -> tuple[ElementInfo, ElementInfo]:
    return op.operand_specs[0].element, op.result_specs[0].element


OPS: dict[str, Callable] = {}


def _native(*names: str):
    def decorate(fn):
        for name in names:
            OPS[name] = fn
        return fn

    return decorate


_INT_ARITH = {"stablehlo.add": "arith.addi", "stablehlo.subtract": "arith.subi", "stablehlo.multiply": "arith.muli",
              "stablehlo.and": "arith.andi", "stablehlo.or": "arith.ori", "stablehlo.xor": "arith.xori"}
_FLOAT_ARITH = {"stablehlo.add": "arith.addf", "stablehlo.subtract": "arith.subf", "stablehlo.multiply": "arith.mulf",
                "stablehlo.divide": "arith.divf", "stablehlo.remainder": "arith.remf"}
_BOOL_ARITH = {"stablehlo.add": "arith.ori", "stablehlo.multiply": "arith.andi", "stablehlo.and": "arith.andi",
               "stablehlo.or": "arith.ori", "stablehlo.xor": "arith.xori", "stablehlo.maximum": "arith.ori",
               "stablehlo.minimum": "arith.andi"}


@_native(*_INT_ARITH, "stablehlo.divide", "stablehlo.remainder", "stablehlo.maximum", "stablehlo.minimum")
def _arithmetic(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    a, b = args
    if info.category == "bool":
        if op.name not in _BOOL_ARITH:
            raise Unsupported(f"{op.name} on i1")
        return em.binary(_BOOL_ARITH[op.name], a, b, t)
    if info.category == "float":
        if op.name in ("stablehlo.maximum", "stablehlo.minimum"):
            return _float_max_min(em, op.name == "stablehlo.maximum", a, b, t)
        if op.name not in _FLOAT_ARITH:
            raise Unsupported(f"{op.name} on floats")
        arith = _FLOAT_ARITH[op.name]
        r = em.via_f32(t, [a, b], lambda w, x, y: em.binary(arith, x, y, w))
        # of two NaN operands, the one numpy's loop returns (the machine returns the first operand
        # of its instruction, and compilers swap commutative operands); x op x quiets x like x op y
        picked = em.via_f32(t, [args[_nan_pick(op.name, info.dtype)]] * 2, lambda w, x, y: em.binary(arith, x, y, w))
        both = em.binary("arith.andi", em.cmpf("uno", a, a, t), em.cmpf("uno", b, b, t), "i1")
        return em.select(both, picked, r, t)
    if not info.is_int:
        raise Unsupported(f"{op.name} on {info.name}")
    signed = info.category == "sint"
    if op.name in _INT_ARITH:
        return em.binary(_INT_ARITH[op.name], a, b, t)
    if op.name in ("stablehlo.maximum", "stablehlo.minimum"):
        return em.binary(f"arith.{op.name[10:13]}{'si' if signed else 'ui'}", a, b, t)
    # _int_divide, _int_remainder: x / 0 all ones, x % 0 = x; INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0
    zero = em.cmpi("eq", b, em.const(0, t), t)
    one = em.const(1, t)
    if op.name == "stablehlo.divide":
        if not signed:
            q = em.binary("arith.divui", a, em.select(zero, one, b, t), t)
            return em.select(zero, em.const(-1, t), q, t)
        overflow = em.binary("arith.andi", em.cmpi("eq", a, em.const(info.min, t), t),
                             em.cmpi("eq", b, em.const(-1, t), t), "i1")
        # INT_MIN / -1 divides by 1 instead (no trap), which gives INT_MIN
        q = em.binary("arith.divsi", a, em.select(em.binary("arith.ori", zero, overflow, "i1"), one, b, t), t)
        return em.select(zero, em.const(-1, t), q, t)
    if not signed:
        return em.select(zero, a, em.binary("arith.remui", a, em.select(zero, one, b, t), t), t)
    unit = em.binary("arith.ori", zero, em.cmpi("eq", b, em.const(-1, t), t), "i1")  # x % -1 = 0 = x % 1
    r = em.binary("arith.remsi", a, em.select(unit, one, b, t), t)
    return em.select(zero, a, r, t)


_NAN_PICKS: dict = {}
_UFUNCS = {"stablehlo.add": np.add, "stablehlo.subtract": np.subtract, "stablehlo.multiply": np.multiply,
           "stablehlo.divide": np.divide, "stablehlo.remainder": np.fmod}


def _nan_pick(name: str, dtype: np.dtype) -> int:
    """Which operand (0 or 1) numpy's kernel of op `name` returns when both are NaN, as measured."""
    key = (name, dtype)
    if key not in _NAN_PICKS:
        unsigned = f"u{dtype.itemsize}"
        nbits = 8 * dtype.itemsize
        quiet = (((1 << (nbits - 1)) - 1) >> (np.finfo(dtype).nmant - 1)) << (np.finfo(dtype).nmant - 1)
        a = np.asarray(quiet | 1, unsigned).view(dtype)
        b = np.asarray(quiet | 2 | 1 << (nbits - 1), unsigned).view(dtype)
        with np.errstate(all="ignore"):
            r = _UFUNCS[name](a, b)
        _NAN_PICKS[key] = 1 if r.view(unsigned) == b.view(unsigned) else 0
    return _NAN_PICKS[key]


def _float_max_min(em: Emitter, is_max: bool, a: str, b: str, t: str) -> str:
    """elementwise._float_max_form / _float_min_form: the first NaN operand, max(-0, +0) = +0.
    Compared in f32 for f16, but the operand picked is returned as it is (a NaN keeps its bits)."""
    w = "f32" if t == "f16" else t
    x, y = em.wide(a, t), em.wide(b, t)
    zero = em.const(0.0, w)
    zeros = em.binary("arith.andi", em.cmpf("oeq", x, zero, w), em.cmpf("oeq", y, zero, w), "i1")
    if is_max:
        signed_zero = em.narrow(em.binary("arith.addf", x, y, w), t)
    else:  # -((-a) + (-b))
        signed_zero = em.narrow(em.op(f"arith.negf {em.binary('arith.addf', em.op(f'arith.negf {x} : {w}'), em.op(f'arith.negf {y} : {w}'), w)} : {w}"), t)
    wins = em.binary("arith.ori", em.cmpf("oge" if is_max else "ole", x, y, w), em.cmpf("uno", x, x, w), "i1")
    return em.select(zeros, signed_zero, em.select(wins, a, b, t), t)


@_native("stablehlo.shift_left", "stablehlo.shift_right_logical", "stablehlo.shift_right_arithmetic")
def _shift(em: Emitter, op, args):
    """elementwise._shift: an amount >= the width or negative (read unsigned) shifts everything out."""
    info, _ = _infos(op)
    if not info.is_int:
        raise Unsupported(f"{op.name} on {info.name}")
    t = mlir_type(info)
    a, b = args
    zero = em.const(0, t)
    big = em.cmpi("uge", b, em.const(info.bits, t), t)
    amount = em.select(big, zero, b, t)  # never an out-of-range shift (poison)
    if op.name == "stablehlo.shift_left":
        return em.select(big, zero, em.binary("arith.shli", a, amount, t), t)
    if op.name == "stablehlo.shift_right_logical":
        return em.select(big, zero, em.binary("arith.shrui", a, amount, t), t)
    fill = em.select(em.cmpi("slt", a, zero, t), em.const(-1, t), zero, t)  # the top bit, also of unsigned values
    return em.select(big, fill, em.binary("arith.shrsi", a, amount, t), t)


@_native("stablehlo.not")
def _not(em: Emitter, op, args):
    info, _ = _infos(op)
    if not (info.is_int or info.category == "bool"):
        raise Unsupported(f"not on {info.name}")
    t = mlir_type(info)
    return em.binary("arith.xori", args[0], em.const(-1 if info.is_int else True, t), t)


@_native("stablehlo.negate")
def _negate(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    if info.category == "float":
        return em.op(f"arith.negf {args[0]} : {t}")  # flips the sign bit, of NaN too
    if not info.is_int:
        raise Unsupported(f"negate on {info.name}")
    return em.binary("arith.subi", em.const(0, t), args[0], t)


@_native("stablehlo.abs")
def _abs(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    x = args[0]
    if info.category == "float":  # np.abs clears the sign bit, of NaN too
        it = _float_bits(info)
        bits = em.binary("arith.andi", em.bitcast(x, t, it), em.const((1 << (info.bits - 1)) - 1, it), it)
        return em.bitcast(bits, it, t)
    if info.category == "uint":
        return x
    if info.category != "sint":
        raise Unsupported(f"abs on {info.name}")
    zero = em.const(0, t)
    return em.select(em.cmpi("slt", x, zero, t), em.binary("arith.subi", zero, x, t), x, t)  # wraps


@_native("stablehlo.sign")
def _sign(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    x = args[0]
    if info.category == "uint":
        return em.select(em.cmpi("ne", x, em.const(0, t), t), em.const(1, t), em.const(0, t), t)
    if info.category == "sint":
        zero = em.const(0, t)
        negative = em.select(em.cmpi("slt", x, zero, t), em.const(-1, t), zero, t)
        return em.select(em.cmpi("sgt", x, zero, t), em.const(1, t), negative, t)
    if info.category != "float":
        raise Unsupported(f"sign on {info.name}")
    # _float_sign: +-0 and NaN are kept
    kept = em.binary("arith.ori", em.cmpf("oeq", x, em.const(0.0, t), t), em.cmpf("uno", x, x, t), "i1")
    unit = em.select(em.cmpf("ogt", x, em.const(0.0, t), t), em.const(1.0, t), em.const(-1.0, t), t)
    return em.select(kept, x, unit, t)


@_native("stablehlo.is_finite")
def _is_finite(em: Emitter, op, args):
    info, _ = _infos(op)
    if info.category != "float":
        raise Unsupported(f"is_finite on {info.name}")
    t, it = mlir_type(info), _float_bits(info)
    exponent = {16: 0x7C00, 32: 0x7F800000, 64: 0x7FF0000000000000}[info.bits]
    bits = em.binary("arith.andi", em.bitcast(args[0], t, it), em.const(exponent, it), it)
    return em.cmpi("ne", bits, em.const(exponent, it), it)


@_native("stablehlo.popcnt", "stablehlo.count_leading_zeros")
def _bit_count(em: Emitter, op, args):
    info, _ = _infos(op)
    if not info.is_int:
        raise Unsupported(f"{op.name} on {info.name}")
    t = mlir_type(info)
    return em.op(f"math.{'ctpop' if op.name == 'stablehlo.popcnt' else 'ctlz'} {args[0]} : {t}")  # ctlz(0) = width


_ROUNDING = {"stablehlo.floor": "math.floor", "stablehlo.ceil": "math.ceil",
             "stablehlo.round_nearest_even": "math.roundeven", "stablehlo.sqrt": "math.sqrt"}


@_native(*_ROUNDING, "stablehlo.round_nearest_afz", "stablehlo.rsqrt")
def _float_unary(em: Emitter, op, args):
    info, _ = _infos(op)
    if info.category != "float":
        raise Unsupported(f"{op.name} on {info.name}")
    t = mlir_type(info)

    def compute(w, x):
        if op.name == "stablehlo.rsqrt":  # _rsqrt: 1 / sqrt(x)
            return em.binary("arith.divf", em.const(1.0, w), em.op(f"math.sqrt {x} : {w}"), w)
        if op.name == "stablehlo.round_nearest_afz":  # _round_afz: trunc, and away from zero from a half on
            tr = em.op(f"math.trunc {x} : {w}")
            frac = em.op(f"math.absf {em.binary('arith.subf', x, tr, w)} : {w}")
            away = em.binary("arith.addf", tr, em.select(em.cmpf("olt", x, em.const(0.0, w), w), em.const(-1.0, w),
                                                         em.const(1.0, w), w), w)
            return em.select(em.cmpf("oge", frac, em.const(0.5, w), w), away, tr, w)
        return em.op(f"{_ROUNDING[op.name]} {x} : {w}")

    return em.via_f32(t, args, compute)


NUMPY_UNARY = {"stablehlo.exponential": np.exp, "stablehlo.exponential_minus_one": np.expm1, "stablehlo.log": np.log,
                "stablehlo.log_plus_one": np.log1p, "stablehlo.tanh": np.tanh, "stablehlo.sine": np.sin,
                "stablehlo.cosine": np.cos, "stablehlo.tan": np.tan}


@_native(*NUMPY_UNARY, "stablehlo.logistic", "stablehlo.atan2", "stablehlo.power")
def _numpy_function(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    if info.category != "float":
        if op.name == "stablehlo.power" and info.is_int:
            return _int_power(em, info, *args)
        raise Unsupported(f"{op.name} on {info.name}")

    def compute(w, *xs):
        if op.name == "stablehlo.logistic":  # _logistic: 1 / (1 + exp(-x))
            e = em.call_numpy_loop(np.exp, w, [em.op(f"arith.negf {xs[0]} : {w}")])
            return em.binary("arith.divf", em.const(1.0, w), em.binary("arith.addf", em.const(1.0, w), e, w), w)
        fn = {"stablehlo.atan2": np.arctan2, "stablehlo.power": np.power}.get(op.name) or NUMPY_UNARY[op.name]
        return em.call_numpy_loop(fn, w, list(xs))

    return em.via_f32(t, args, compute)


def _int_power(em: Emitter, info: ElementInfo, a: str, b: str) -> str:
    """elementwise._int_power: square and multiply (wrapping); x ** -n is 1 for x = 1, +-1 for x = -1, else 0."""
    t = mlir_type(info)
    zero, one = em.const(0, t), em.const(1, t)
    negative = em.cmpi("slt", b, zero, t) if info.category == "sint" else em.const(False, "i1")
    e0 = em.select(negative, zero, b, t)
    r, base, e = em.fresh(), em.fresh(), em.fresh()
    result = em.fresh()
    em.add(f"{result}:3 = scf.while ({r} = {one}, {base} = {a}, {e} = {e0}) : ({t}, {t}, {t}) -> ({t}, {t}, {t}) {{")
    em.indent += 1
    em.add(f"scf.condition({em.cmpi('ne', e, zero, t)}) {r}, {base}, {e} : {t}, {t}, {t}")
    em.indent -= 1
    r2, base2, e2 = em.fresh(), em.fresh(), em.fresh()
    em.add(f"}} do {{\n{'  ' * em.indent}^bb0({r2}: {t}, {base2}: {t}, {e2}: {t}):")
    em.indent += 1
    odd = em.cmpi("ne", em.binary("arith.andi", e2, one, t), zero, t)
    r3 = em.select(odd, em.binary("arith.muli", r2, base2, t), r2, t)
    em.add(f"scf.yield {r3}, {em.binary('arith.muli', base2, base2, t)}, {em.binary('arith.shrui', e2, one, t)} : "
           f"{t}, {t}, {t}")
    em.indent -= 1
    em.add("}")
    power = f"{result}#0"
    if info.category != "sint":
        return power
    odd = em.cmpi("ne", em.binary("arith.andi", b, one, t), zero, t)
    minus_one = em.select(odd, em.const(-1, t), one, t)
    inverse = em.select(em.cmpi("eq", a, one, t), one,
                        em.select(em.cmpi("eq", a, em.const(-1, t), t), minus_one, zero, t), t)
    return em.select(negative, inverse, power, t)


_FLOAT_PREDICATES = {"EQ": "oeq", "NE": "une", "GE": "oge", "GT": "ogt", "LE": "ole", "LT": "olt"}
_INT_PREDICATES = {"EQ": "eq", "NE": "ne", "GE": "ge", "GT": "gt", "LE": "le", "LT": "lt"}


@_native("stablehlo.compare")
def _compare(em: Emitter, op, args):
    info, _ = _infos(op)
    t = mlir_type(info)
    direction = op.attrs["comparison_direction"]
    a, b = args
    if info.category == "float":
        if op.attrs.get("compare_type") != "TOTALORDER":
            return em.cmpf(_FLOAT_PREDICATES[direction], a, b, t)
        # combiners.total_order_key on the bits (f16's are ordered as its f32 embedding's)
        it = _float_bits(info)
        magnitude = em.const((1 << (info.bits - 1)) - 1, it)
        zero = em.const(0, it)
        keys = []
        for x in (a, b):
            bits = em.bitcast(x, t, it)
            keys.append(em.select(em.cmpi("slt", bits, zero, it), em.binary("arith.xori", bits, magnitude, it),
                                  bits, it))
        a, b, t, info = *keys, it, dtype_info(np.dtype(f"i{info.bits // 8}"))
    elif not (info.is_int or info.category == "bool"):
        raise Unsupported(f"compare on {info.name}")
    predicate = _INT_PREDICATES[direction]
    if direction not in ("EQ", "NE"):
        predicate = ("s" if info.category == "sint" else "u") + predicate
    return em.cmpi(predicate, a, b, t)


@_native("stablehlo.select")
def _select(em: Emitter, op, args):
    return em.select(*args, mlir_type(op.result_specs[0].element))


@_native("stablehlo.clamp")
def _clamp(em: Emitter, op, args):
    """elementwise._clamp: minimum(maximum(x, lo), hi) of the element type."""
    info = op.operand_specs[1].element
    t = mlir_type(info)
    lo, x, hi = args
    if info.category == "float":
        return _float_max_min(em, False, _float_max_min(em, True, x, lo, t), hi, t)
    if info.category == "bool":
        return em.binary("arith.andi", em.binary("arith.ori", lo, x, t), hi, t)
    if not info.is_int:
        raise Unsupported(f"clamp on {info.name}")
    s = "si" if info.category == "sint" else "ui"
    return em.binary(f"arith.min{s}", em.binary(f"arith.max{s}", x, lo, t), hi, t)


@_native("stablehlo.convert")
def _convert(em: Emitter, op, args):
    """conversion.convert_values on numpy's types."""
    src, dst = _infos(op)
    s, d = mlir_type(src), mlir_type(dst)
    x = args[0]
    if src.dtype == dst.dtype:
        return x
    if dst.category == "bool":  # != 0; NaN != 0
        return em.cmpf("une", x, em.const(0.0, s), s) if src.category == "float" else em.cmpi("ne", x, em.const(0, s), s)
    if src.category == "float" and dst.category == "float":
        if src.bits < dst.bits:
            r = em.cast("arith.extf", x, s, d)
        elif s == "f64" and d == "f16":  # rounded once: through f32 rounded to odd
            r = em.cast("arith.truncf", _f64_to_f32_round_to_odd(em, x), "f32", d)
        else:
            r = em.cast("arith.truncf", x, s, d)
        if "f16" in (s, d):  # numpy converts f16 in software, which keeps a signaling NaN signaling
            r = em.select(em.cmpf("uno", x, x, s), _numpy_half_nan(em, x, src, dst), r, d)
        return r
    if src.category == "float":
        return _float_to_int(em, x, src, dst)
    unsigned = src.category != "sint"
    if dst.category == "float":  # integers reach f16 through f32, as convert_values does
        w = "f32" if d == "f16" else d
        return em.cast("arith.truncf", em.cast("arith.uitofp" if unsigned else "arith.sitofp", x, s, w), w, d)
    if src.bits < dst.bits:
        return em.cast("arith.extui" if unsigned else "arith.extsi", x, s, d)
    return em.cast("arith.trunci", x, s, d)


def _numpy_half_nan(em: Emitter, x: str, src: ElementInfo, dst: ElementInfo) -> str:
    """NaN `x` converted as numpy's half conversions do: the sign and the payload's top bits
    move over unchanged (an f16 result whose payload would be 0 gets 1), nothing is quieted."""
    s, d = mlir_type(src), mlir_type(dst)
    si, di = _float_bits(src), _float_bits(dst)
    mant_s, mant_d = np.finfo(src.dtype).nmant, np.finfo(dst.dtype).nmant
    u = em.bitcast(x, s, si)
    top = em.binary("arith.shrui", u, em.const(src.bits - 1, si), si)
    payload = em.binary("arith.andi", u, em.const((1 << mant_s) - 1, si), si)
    exponent = ((1 << dst.bits - 1) - 1) >> mant_d << mant_d
    if src.bits < dst.bits:
        payload = em.binary("arith.shli", em.cast("arith.extui", payload, si, di), em.const(mant_d - mant_s, di), di)
    else:
        payload = em.cast("arith.trunci", em.binary("arith.shrui", payload, em.const(mant_s - mant_d, si), si), si, di)
        payload = em.select(em.cmpi("eq", payload, em.const(0, di), di), em.const(1, di), payload, di)
    sign = em.binary("arith.shli", em.cast("arith.extui" if src.bits < dst.bits else "arith.trunci", top, si, di),
                     em.const(dst.bits - 1, di), di)
    bits = em.binary("arith.ori", em.binary("arith.ori", sign, em.const(exponent, di), di), payload, di)
    return em.bitcast(bits, di, d)


def _f64_to_f32_round_to_odd(em: Emitter, x: str) -> str:
    """conversion._f64_to_f32_round_to_odd."""
    y = em.cast("arith.truncf", x, "f64", "f32")
    back = em.cast("arith.extf", y, "f32", "f64")
    over = em.cmpf("ogt", em.op(f"math.absf {back} : f64"), em.op(f"math.absf {x} : f64"), "f64")
    bits = em.bitcast(y, "f32", "i32")
    bits = em.select(over, em.binary("arith.subi", bits, em.const(1, "i32"), "i32"), bits, "i32")  # toward zero
    inexact = em.cast("arith.extui", em.cmpf("one", back, x, "f64"), "i1", "i32")
    return em.bitcast(em.binary("arith.ori", bits, inexact, "i32"), "i32", "f32")


def _float_to_int(em: Emitter, x: str, src: ElementInfo, dst: ElementInfo) -> str:
    """conversion._float_to_int: truncate in f64; NaN -> 0; out of range saturates."""
    s, d = mlir_type(src), mlir_type(dst)
    t = em.op(f"math.trunc {em.cast('arith.extf', x, s, 'f64')} : f64")
    low, limit = em.const(float(dst.min), "f64"), em.const(float(dst.max) + 1, "f64")
    above, below = em.cmpf("oge", t, limit, "f64"), em.cmpf("olt", t, low, "f64")
    in_range = em.binary("arith.andi", em.cmpf("oge", t, low, "f64"), em.cmpf("olt", t, limit, "f64"), "i1")
    safe = em.select(in_range, t, em.const(0.0, "f64"), "f64")  # fptosi out of range is poison
    value = em.cast("arith.fptosi" if dst.category == "sint" else "arith.fptoui", safe, "f64", d)
    return em.select(above, em.const(dst.max, d), em.select(below, em.const(dst.min, d), value, d), d)


# ---------------------------------------------------------------------------
# Functions, branches and the loop


def _emit_function(em: Emitter, fn: Function, inputs: list[str]) -> list[str]:
    """The steps of scalar `fn` with its inputs named `inputs`; returns its results' names."""
    names: dict[int, str] = dict(zip(fn.input_slots, inputs))

    def value(slot: int) -> str:
        name = names.get(slot)
        if name is None:  # a constant: materialised where it is used, so it dominates the use
            constant = fn.preset[slot]
            if constant is None:
                raise Unsupported("a value read before it is defined")
            return em.const(constant, mlir_type(dtype_info(np.asarray(constant).dtype)))
        return name

    for (_, ins, outs, _), op in zip(fn.steps, fn.ops):
        args = [value(i) for i in ins]
        branches = op.kernel.branches
        if branches is not None:
            results = _emit_branches(em, op, branches, args)
        else:
            emitter = OPS.get(op.name)
            if emitter is None or len(outs) != 1:
                raise Unsupported(f"op {op.name}")
            for spec in (*op.operand_specs, *op.result_specs):
                mlir_type(spec.element)
            results = [emitter(em, op, args)]
        names.update(zip(outs, results))
    return [value(slot) for slot in fn.result_slots]


def _emit_branches(em: Emitter, op, branches: list, args: list[str]) -> list[str]:
    """if (a predicate) or case (an index; past the end or negative: the last branch) as nested scf.if."""
    if not all(b.fn.all_scalar for b in branches):
        raise Unsupported(f"{op.name} with non-scalar branches")
    types = [mlir_type(spec.element) for spec in op.result_specs]
    selector, extras = args[0], args[1:]
    if op.name == "stablehlo.if" and len(branches) == 2:
        tests = [selector]
    else:
        it = mlir_type(op.operand_specs[0].element)
        tests = [em.cmpi("eq", selector, em.const(k, it), it) for k in range(len(branches) - 1)]

    def chain(k: int) -> list[str]:
        branch = branches[k]
        if k == len(tests):
            results = _emit_function(em, branch.fn, extras[branch.start:branch.stop])
            em.add(f"scf.yield {', '.join(results)} : {', '.join(types)}" if results else "scf.yield")
            return []
        out = em.fresh()
        head = f"{out}:{len(types)} = " if types else ""
        em.add(f"{head}scf.if {tests[k]} -> ({', '.join(types)}) {{" if types else f"scf.if {tests[k]} {{")
        em.indent += 1
        results = _emit_function(em, branch.fn, extras[branch.start:branch.stop])
        em.add(f"scf.yield {', '.join(results)} : {', '.join(types)}" if results else "scf.yield")
        em.indent -= 1
        em.add("} else {")
        em.indent += 1
        inner = chain(k + 1)
        if k + 1 < len(tests):  # the nested if's results are this else's
            em.add(f"scf.yield {', '.join(inner)} : {', '.join(types)}" if inner else "scf.yield")
        em.indent -= 1
        em.add("}")
        return [f"{out}#{i}" for i in range(len(types))]

    return chain(0)


def _loop_text(cond: Region, body: Region, count: int, specs: list) -> str:
    """The MLIR module of the loop; `specs` are the ElementInfos of the carries then the extras."""
    em = Emitter()
    types = [mlir_type(info) for info in specs]
    offsets = [_HEADER + 8 * i for i in range(len(specs))]
    values = []
    for info, t, offset in zip(specs, types, offsets):
        values.append(em.load(em.op(f"llvm.getelementptr %rec[{offset}] : (!llvm.ptr) -> !llvm.ptr, i8"), t))
    budget = em.op(f"llvm.load {em.op('llvm.getelementptr %rec[16] : (!llvm.ptr) -> !llvm.ptr, i8')} : "
                   "!llvm.ptr -> i64")
    state, extras = values[:count], values[count:]
    state_types = types[:count]
    k0 = em.const(0, "i64")
    before = [em.fresh() for _ in range(count + 1)]
    loop = em.fresh()
    signature = ", ".join([*state_types, "i64"])
    em.add(f"{loop}:{count + 2} = scf.while ({', '.join(f'{n} = {v}' for n, v in zip(before, [*state, k0]))}) : "
           f"({signature}) -> ({signature}, i1) {{")
    em.indent += 1
    (go,) = _emit_function(em, cond.fn, before[:count] + extras[cond.start:cond.stop])
    more = em.binary("arith.andi", go, em.cmpi("slt", before[count], budget, "i64"), "i1")
    em.add(f"scf.condition({more}) {', '.join([*before, go])} : {signature}, i1")
    em.indent -= 1
    after = [em.fresh() for _ in range(count + 2)]
    em.add(f"}} do {{\n  ^bb0({', '.join(f'{n}: {t}' for n, t in zip(after, [*state_types, 'i64', 'i1']))}):")
    em.indent += 1
    results = _emit_function(em, body.fn, after[:count] + extras[body.start:body.stop])
    k1 = em.binary("arith.addi", after[count], em.const(1, "i64"), "i64")
    em.add(f"scf.yield {', '.join([*results, k1])} : {signature}")
    em.indent -= 1
    em.add("}")
    for i, (t, offset) in enumerate(zip(state_types, offsets)):
        em.store(f"{loop}#{i}", em.op(f"llvm.getelementptr %rec[{offset}] : (!llvm.ptr) -> !llvm.ptr, i8"), t)
    # iterations run, or -1: the budget ran out while the condition held
    ran = em.select(f"{loop}#{count + 1}", em.const(-1, "i64"), f"{loop}#{count}", "i64")
    em.add(f"llvm.store {ran}, {em.op('llvm.getelementptr %rec[24] : (!llvm.ptr) -> !llvm.ptr, i8')} : i64, !llvm.ptr")
    em.add("return")
    if len(em.lines) > _MAX_LINES:
        raise Unsupported(f"a loop of {len(em.lines)} lines of MLIR (the JIT's time grows faster than its size)")
    entry = em.scratch_setup() if em.scratch is not None else []
    return "\n".join(["func.func @loop(%rec: !llvm.ptr) attributes {llvm.emit_c_interface} {", *entry, *em.lines,
                      "}"])


# ---------------------------------------------------------------------------
# JIT


_lock = threading.Lock()
_context = None
# MLIR text -> (engine, entry): identical loops share one JIT.  Each loop also keeps its own
# engine, so dropping the oldest entries never frees code that a loop still runs.
_engines: OrderedDict = OrderedDict()
_CACHED_ENGINES = 256


def jit(text: str) -> tuple:
    """(engine, its packed entry `f(void **args)`) of the loop in `text`."""
    global _context
    with _lock:
        if text in _engines:
            _engines.move_to_end(text)
            return _engines[text]
        from mlir import execution_engine, ir, passmanager
        from mlir._mlir_libs import _mlirRegisterEverything

        if _context is None:
            context = ir.Context()
            registry = ir.DialectRegistry()
            _mlirRegisterEverything.register_dialects(registry)
            context.append_dialect_registry(registry)
            context.load_all_available_dialects()
            _context = context
        with _context, ir.Location.unknown():
            module = ir.Module.parse(text)
            if not module.operation.verify():
                raise Unsupported("the generated module does not verify")
            passmanager.PassManager.parse(_PIPELINE).run(module.operation)
            engine = execution_engine.ExecutionEngine(module, opt_level=2)
        address = engine.raw_lookup("loop")
        if not address:  # e.g. a symbol the JIT could not resolve: calling 0 would crash
            raise Unsupported("the JIT did not produce the loop")
        _engines[text] = engine, ctypes.CFUNCTYPE(None, ctypes.c_void_p)(address)
        if len(_engines) > _CACHED_ENGINES:
            _engines.popitem(last=False)
        return _engines[text]


def compile_while(cond: Region, body: Region, count: int, runtime, fallback: Callable[[], Callable]):
    """A function `(*state, *extras) -> list of results` running the scalar loop natively, its
    code JIT-compiled on the first call; if that fails, `fallback()`'s Python loop runs from
    then on.  Raises Unsupported now if some op or type of the loop has no native form."""
    if not enabled():
        raise Unsupported("disabled by STABLEHLO_PY_NATIVE=0")
    _check_ops(cond.fn)
    _check_ops(body.fn)
    specs = [spec.element for spec in body.fn.arg_specs[:count]] + _extra_specs(cond, body)
    text = _loop_text(cond, body, count, specs)
    layout = np.dtype({"names": ["argv", "rec", "budget", "ran", *(f"v{i}" for i in range(len(specs)))],
                       "formats": ["u8", "u8", "i8", "i8", *(info.dtype for info in specs)],
                       "offsets": [0, 8, 16, 24, *(_HEADER + 8 * i for i in range(len(specs)))],
                       "itemsize": _HEADER + 8 * len(specs)})
    fields = layout.names[4:]
    checked = runtime is not None and runtime.checks_loops
    state: dict = {"entry": None, "python": None}
    lock = threading.Lock()

    def prepare() -> None:
        try:
            state["engine"], state["entry"] = jit(text)
        except Exception as e:  # noqa: BLE001 - whatever fails, the Python loop runs instead
            state["python"] = fallback()
            run_native_while.tier, run_native_while.native_unsupported = "python", f"{type(e).__name__}: {e}"
            run_native_while.source = state["python"].source

    def run_native_while(*values):
        if state["entry"] is None and state["python"] is None:
            with lock:
                if state["entry"] is None and state["python"] is None:
                    prepare()
        if state["python"] is not None:
            return state["python"](*values)
        record = np.zeros((), layout)
        for name, v in zip(fields, values):
            record[name] = v
        address = record.ctypes.data
        record["argv"], record["rec"] = address + 8, address  # the packed call's argv[0] -> the record
        call = state["entry"]
        if not checked:  # in chunks too, so that Ctrl-C can stop an endless loop
            record["budget"] = _CHUNK
            call(address)
            while record["ran"] < 0:
                call(address)
        else:  # in chunks, checking the limits between them as the Python loop does
            call(address)  # budget 0: only the condition
            check = runtime.loop_checker(_CHECK_PERIOD)
            while record["ran"] < 0:
                record["budget"] = check()
                call(address)
        return [record[name].copy() for name in fields[:count]]

    run_native_while.tier = "native"
    run_native_while.kernel_calls = ()
    run_native_while.source = text
    run_native_while.native_unsupported = None
    return run_native_while


def _extra_specs(cond: Region, body: Region) -> list[ElementInfo]:
    """The element types of the values the loop captures (its extras), from the ops that read them."""
    extras: dict[int, ElementInfo] = {}
    for region in (cond, body):
        known = _slot_types(region.fn)
        captured = region.fn.input_slots[len(region.fn.arg_specs):]
        for k, slot in zip(range(region.start, region.stop), captured):
            if slot in known:
                extras.setdefault(k, known[slot])
    if len(extras) != max(cond.stop, body.stop):
        raise Unsupported("a captured value of unknown type")
    return [extras[k] for k in range(len(extras))]


def _slot_types(fn: Function) -> dict[int, ElementInfo]:
    """slot -> element type, for the slots of `fn` whose type an op (or a branch, or a result) shows."""
    types = {slot: spec.element for slot, spec in zip(fn.input_slots, fn.arg_specs)}
    for (_, ins, outs, _), op in zip(fn.steps, fn.ops):
        for slot, spec in zip((*ins, *outs), (*op.operand_specs, *op.result_specs)):
            types.setdefault(slot, spec.element)
        for branch in op.kernel.branches or ():  # a branch's captures are the op's operands after the selector
            inner = _slot_types(branch.fn)
            for k, slot in enumerate(branch.fn.input_slots[len(branch.fn.arg_specs):]):
                if slot in inner:
                    types.setdefault(ins[1 + branch.start + k], inner[slot])
    for slot, spec in zip(fn.result_slots, fn.result_specs):
        types.setdefault(slot, spec.element)
    return types


def _check_ops(fn: Function) -> None:
    """Raise Unsupported for an op or a type of `fn` (or its branches) without a native form."""
    for op in fn.ops:
        branches = op.kernel.branches
        if branches is not None:
            for branch in branches:
                if not branch.fn.all_scalar:
                    raise Unsupported(f"{op.name} with non-scalar branches")
                _check_ops(branch.fn)
        elif op.name not in OPS or op.num_results != 1:
            raise Unsupported(f"op {op.name}")
        elif not registry.has_trait(op.name, registry.ELEMENTWISE):
            raise Unsupported(f"op {op.name}: its kernel is not an element-wise one, which the native forms copy")
        for spec in (*op.operand_specs, *op.result_specs):
            mlir_type(spec.element)
