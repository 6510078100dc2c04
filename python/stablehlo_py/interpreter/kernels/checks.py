"""Check ops: the `check` dialect and `stablehlo.custom_call @check.*`.

A check that does not hold raises `CheckFailure` (an InterpreterError), which
stops the run; the message names the check and shows the first few differing
elements (index, actual, expected).  Comparison policies:

* expect_eq (exact): integers and booleans compare by value; floating-point
  values must be bit-identical, except that any NaN equals any NaN (sign and
  payload ignored).  So -0.0 != +0.0.  Complex: the same per real/imag part.
* expect_almost_eq: |actual - expected| <= tolerance per real/imag part,
  with NaN equal to NaN and infinities equal to the same infinity.  The
  tolerance is the op's `tolerance` attribute, else upstream's default 1e-4
  (custom_call @check.expect_almost_eq: 1e-3).  Integers and booleans
  compare exactly.
* custom_call @check.eq (upstream's quantized conformance programs):
  integer and boolean elements exactly, others as expect_almost_eq with
  tolerance 1e-4, as upstream's interpreter does.  It returns tensor<i1>
  true when the check holds; when it does not, the run fails like every
  other check (upstream's interpreter reports an error too).
* expect_close: floats at most `max_ulp_difference` (and at least
  `min_ulp_difference`) units in the last place apart, counted in the
  element type itself (-0.0 and +0.0 are 0 ULP apart); a non-finite value
  must be bit-identical to, or be NaN like, the other.  Per real/imag part.
  custom_call @check.expect_close allows 3 ULP; check.expect_close uses its
  `max_ulp_difference` attribute (default 3, as the check dialect declares)
  and `min_ulp_difference` if present (default 0).
* check.expect_serialized_eq: as expect_eq, against the value that
  `interpreter.probe` recorded under `probe_id` on its `iter`-th run
  (0-based, default 0) in this run (probes.py); a probe that never ran, or
  ran fewer times, fails the run, naming the probe.
"""

from __future__ import annotations

import numpy as np

from ..runtime import probes
from ..core.errors import CheckFailure, InterpreterError
from ..core.registry import Kernel, register, register_custom_call_targets
from ..core.types import ElementInfo, bits_view, dtype_info

__all__ = ["SHOWN_MISMATCHES"]

SHOWN_MISMATCHES = 5
CUSTOM_CALL_TOLERANCE = 1e-3
CHECK_EQ_TOLERANCE = 1e-4  # upstream's interpreter, custom_call @check.eq
CUSTOM_CALL_MAX_ULP = 3


def _parts(x: np.ndarray):
    if np.iscomplexobj(x):
        return [np.real(x), np.imag(x)]
    return [x]


def _exact_mismatch(a, b, info: ElementInfo):
    if info.category in ("float", "complex"):
        bad = np.zeros(np.shape(a), dtype=bool)
        for pa, pb in zip(_parts(a), _parts(b)):
            nan_a, nan_b = np.isnan(pa), np.isnan(pb)
            same = bits_view(pa) == bits_view(pb)
            bad |= ~((nan_a & nan_b) | (same & ~nan_a & ~nan_b))
        return bad
    return a != b


def _almost_mismatch(tolerance: float):
    def mismatch(a, b, info: ElementInfo):
        if info.category not in ("float", "complex"):
            return a != b
        bad = np.zeros(np.shape(a), dtype=bool)
        for pa, pb in zip(_parts(a), _parts(b)):
            pa, pb = pa.astype(np.float64), pb.astype(np.float64)
            close = np.abs(pa - pb) <= tolerance
            bad |= ~(close | (pa == pb) | np.isnan(pa) & np.isnan(pb))
        return bad

    return mismatch


def _ulp_key(x: np.ndarray, info: ElementInfo):
    """Sign and magnitude of the bit pattern of float `x` (0 ULP between -0 and +0)."""
    bits = bits_view(x).astype(np.uint64)
    if info.name == "f8E8M0FNU":  # no sign bit
        return np.zeros_like(bits), bits
    sign_bit = np.uint64(info.bits - 1)
    magnitude = bits & np.uint64((1 << (info.bits - 1)) - 1)
    return (bits >> sign_bit) & np.uint64(1), magnitude


def _ulp_mismatch(min_ulp: int, max_ulp: int):
    def mismatch(a, b, info: ElementInfo):
        if info.category not in ("float", "complex"):
            return a != b
        part_info = dtype_info(a.real.dtype)  # the element type itself, or a complex type's parts
        bad = np.zeros(np.shape(a), dtype=bool)
        for pa, pb in zip(_parts(a), _parts(b)):
            sign_a, mag_a = _ulp_key(pa, part_info)
            sign_b, mag_b = _ulp_key(pb, part_info)
            distance = np.where(sign_a == sign_b, np.maximum(mag_a, mag_b) - np.minimum(mag_a, mag_b),
                                mag_a + mag_b)
            finite = np.isfinite(pa) & np.isfinite(pb)
            nan_a, nan_b = np.isnan(pa), np.isnan(pb)
            same_bits = bits_view(pa) == bits_view(pb)
            ok_nonfinite = (nan_a & nan_b) | same_bits & ~nan_a
            ok = np.where(finite, (distance >= np.uint64(min_ulp)) & (distance <= np.uint64(max_ulp)), ok_nonfinite)
            bad |= ~ok
        return bad

    return mismatch


def _format_value(v) -> str:
    if np.asarray(v).dtype == np.bool_:
        return "true" if v else "false"
    return str(v)  # numpy's shortest repr in the element type itself; integers as digits


def _describe(what: str, actual: np.ndarray, expected: np.ndarray, bad: np.ndarray) -> str:
    count = int(np.count_nonzero(bad))
    lines = [f"{what} failed: {count} of {bad.size} element{'s' if bad.size != 1 else ''} differ"]
    for index in np.argwhere(bad)[:SHOWN_MISMATCHES]:
        idx = tuple(int(i) for i in index)
        lines.append(f"  at {list(idx)}: actual {_format_value(actual[idx])}, expected {_format_value(expected[idx])}")
    if count > SHOWN_MISMATCHES:
        lines.append(f"  ... and {count - SHOWN_MISMATCHES} more")
    return "\n".join(lines)


def _checker(what: str, mismatch):
    """Kernel of a check: `run(actual, expected)` raises CheckFailure on a mismatch; no results."""

    def check(actual, expected):
        actual, expected = np.asarray(actual), np.asarray(expected)
        if actual.shape != expected.shape or actual.dtype != expected.dtype:
            raise CheckFailure(f"{what} failed: actual has shape {actual.shape} and dtype {actual.dtype.name}, "
                               f"expected shape {expected.shape} and dtype {expected.dtype.name}")
        bad = mismatch(actual, expected, dtype_info(actual.dtype))
        if bad.any():
            raise CheckFailure(_describe(what, actual, expected, bad))
        return ()

    return Kernel(check)


def _with_constant(op, kernel: Kernel) -> Kernel:
    expected, check = op.attrs.elements("value", op.operand_specs[0]), kernel.run
    return Kernel(lambda actual: check(actual, expected))


@register("check.expect_eq")
def _expect_eq(op):
    return _checker("check.expect_eq", _exact_mismatch)


@register("check.expect_eq_const")
def _expect_eq_const(op):
    return _with_constant(op, _checker("check.expect_eq_const", _exact_mismatch))


def _tolerance(op) -> float:
    return op.attrs["tolerance"]


@register("check.expect_almost_eq")
def _expect_almost_eq(op):
    return _checker("check.expect_almost_eq", _almost_mismatch(_tolerance(op)))


@register("check.expect_almost_eq_const")
def _expect_almost_eq_const(op):
    return _with_constant(op, _checker("check.expect_almost_eq_const", _almost_mismatch(_tolerance(op))))


@register("check.expect_close")
def _expect_close(op):
    max_ulp = op.attrs["max_ulp_difference"]
    min_ulp = op.attrs["min_ulp_difference"]
    return _checker(f"check.expect_close (ULP difference in [{min_ulp}, {max_ulp}])", _ulp_mismatch(min_ulp, max_ulp))


@register("check.expect_serialized_eq")
def _expect_serialized_eq(op):
    probe_id, iteration = op.attrs["probe_id"], op.attrs.get("iter", 0)
    check = _checker(f"check.expect_serialized_eq (probe '{probe_id}', iter {iteration})", _exact_mismatch).run

    def expect_serialized_eq(actual):
        return check(actual, probes.current().recorded(probe_id, iteration))

    return Kernel(expect_serialized_eq)


_CUSTOM_CALL_CHECKS = {
    "check.expect_eq": _exact_mismatch,
    "check.expect_almost_eq": _almost_mismatch(CUSTOM_CALL_TOLERANCE),
    "check.expect_close": _ulp_mismatch(0, CUSTOM_CALL_MAX_ULP),
    # _almost_mismatch compares integers and booleans exactly.
    "check.eq": _almost_mismatch(CHECK_EQ_TOLERANCE),
}
# Checks that return whether they held, as tensor<i1>.
_RETURNS_I1 = {"check.eq"}


@register_custom_call_targets(*_CUSTOM_CALL_CHECKS)
def _custom_call_check(op):
    """Kernel for `stablehlo.custom_call @<target>` where the target is a check."""
    target = op.attrs["call_target_name"]
    mismatch = _CUSTOM_CALL_CHECKS[target]
    results = [spec.text for spec in op.result_specs]
    if target in _RETURNS_I1:
        if op.num_operands != 2 or results not in ([], ["tensor<i1>"]):
            raise InterpreterError(f"@{target} takes two operands (actual, expected) and returns one tensor<i1>, "
                                   f"got {op.num_operands} operands and results {results}")
        check = _checker(f"custom_call @{target}", mismatch)
        if not results:
            return check
        held = np.array(True)

        def check_held(actual, expected):
            check.run(actual, expected)
            return (held,)

        return Kernel(check_held)
    if op.num_operands != 2 or results:
        raise InterpreterError(f"@{target} takes two operands (actual, expected) and has no results")
    return _checker(f"custom_call @{target}", mismatch)
