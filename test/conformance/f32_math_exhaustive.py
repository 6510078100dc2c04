"""Every f32 input of the f32 math functions this project defines itself, run by hand (not a CI
test; minutes per function): exponential (numerics/exponential.py), log_plus_one and
exponential_minus_one (numerics/log1p_expm1.py), tanh (numerics/tanh.py).

1. The compiled backend against the interpreter: the same bits on all 2^32 inputs.
2. The accuracy of our definition: the largest error in ULPs of the exact value, apart for
   normal and subnormal results (the f64 function is within 2^-52 of it: far below what the
   count shows), and the inputs where ours differs from the f64 function rounded to f32. Where
   that f64 value lies within 2^-40 (relative) of the midpoint of two f32 values (a rounding of
   it could go the wrong way), mpmath (200 bits) decides the correctly rounded result; so the
   count of inputs ours rounds incorrectly is exact.

    .venv/bin/python test/conformance/f32_math_exhaustive.py [--ops exponential,...] [--chunk-log2 24] [--stride 1]
"""
from __future__ import annotations

import argparse
import time
from typing import Callable, NamedTuple

import mpmath
import numpy as np

import stablehlo_py
from stablehlo_py.interpreter.numerics.exponential import exponential_f32
from stablehlo_py.interpreter.numerics.log1p_expm1 import exponential_minus_one_f32, log_plus_one_f32
from stablehlo_py.interpreter.numerics.tanh import tanh_f32


class Function(NamedTuple):
    ours: Callable  # numerics' f32 function
    f64: Callable  # numpy's f64 function (the C library's)
    exact: Callable  # mpmath's


FUNCTIONS = {
    "exponential": Function(exponential_f32, np.exp, mpmath.exp),
    "log_plus_one": Function(log_plus_one_f32, np.log1p, mpmath.log1p),
    "exponential_minus_one": Function(exponential_minus_one_f32, np.expm1, mpmath.expm1),
    "tanh": Function(tanh_f32, np.tanh, mpmath.tanh),
}


def _correctly_rounded(function: Function, x: np.float32) -> np.float32:
    """The f32 nearest the exact value (200 bits are far more than any f32 case needs)."""
    with mpmath.workprec(200):
        exact = function.exact(mpmath.mpf(float(x)))
        below = np.float32(float(exact))
        if not np.isfinite(below):
            return below
        candidates = [np.nextafter(below, np.float32(-np.inf)), below, np.nextafter(below, np.float32(np.inf))]
        return min(candidates, key=lambda c: abs(mpmath.mpf(float(c)) - exact) if np.isfinite(c) else mpmath.inf)


def _ulps(ours: np.ndarray, wide: np.ndarray) -> np.ndarray:
    """|ours - wide| in units of the f32 spacing at wide (subnormal spacing below 2^-126)."""
    magnitude = np.abs(wide)
    exponent = np.maximum(np.floor(np.log2(np.where(magnitude > 0, magnitude, 1.0))), -126.0)
    spacing = np.exp2(exponent - 23)
    return np.abs(ours.astype(np.float64) - wide) / spacing


def run(op: str, chunk_log2: int, stride: int) -> None:
    function = FUNCTIONS[op]
    n = 1 << chunk_log2
    text = f"""func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %0 = stablehlo.{op} %x : tensor<{n}xf32>
  return %0 : tensor<{n}xf32>
}}"""
    compiled = stablehlo_py.compile(text, backend="compiled")
    differ, disagree, wrong_far, examples, near = 0, 0, 0, [], []
    worst = {"normal": (0.0, None), "subnormal": (0.0, None)}  # (ULPs, x) by the result's range
    timings = {"compiled": 0.0, "ours": 0.0, "f64": 0.0}
    start = time.perf_counter()
    for base in range(0, 1 << 32, n * stride):
        x = np.arange(base, base + n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        t0 = time.perf_counter()
        (got,) = compiled(x)
        t1 = time.perf_counter()
        ours = function.ours(x)
        t2 = time.perf_counter()
        with np.errstate(all="ignore"):
            wide = function.f64(x.astype(np.float64))
            reference = wide.astype(np.float32)
            toward = np.nextafter(reference, np.where(wide > reference, np.float32(np.inf), np.float32(-np.inf)))
            middle = (reference.astype(np.float64) + toward.astype(np.float64)) / 2
            close = np.isfinite(middle) & (np.abs(wide - middle) <= np.abs(wide) * 2.0 ** -40)
            finite = np.isfinite(ours) & (np.abs(wide) <= np.float64(np.finfo(np.float32).max))
            ulps = _ulps(ours[finite], wide[finite])
            normal = np.abs(wide[finite]) >= 2.0 ** -126
        t3 = time.perf_counter()
        timings["compiled"] += t1 - t0
        timings["ours"] += t2 - t1
        timings["f64"] += t3 - t2
        differ += int(np.count_nonzero(got.view(np.uint32) != ours.view(np.uint32)))
        for kind, part in (("normal", normal), ("subnormal", ~normal)):
            if part.any() and ulps[part].max() > worst[kind][0]:
                worst[kind] = (float(ulps[part].max()), float(x[finite][part][np.argmax(ulps[part])]))
        other = (ours.view(np.uint32) != reference.view(np.uint32)) & ~(np.isnan(ours) & np.isnan(reference))
        disagree += int(np.count_nonzero(other))
        # away from a midpoint, the f64 function (error < 2^-52) rounds as the exact value does
        wrong = other & ~close
        wrong_far += int(np.count_nonzero(wrong))
        examples += [float(v) for v in x[wrong][:8 - len(examples)]]
        near += list(x[close])
    wrong_near = [float(v) for v in near
                  if function.ours(v).view(np.uint32) != _correctly_rounded(function, v).view(np.uint32)]
    normal, subnormal = worst["normal"], worst["subnormal"]
    print(f"{op}: compiled != interpreter on {differ} of {(1 << 32) // stride} inputs; max error "
          f"{normal[0]:.4f} ULP on normal results (x = {normal[1]!r}), {subnormal[0]:.4f} on subnormal ones "
          f"(x = {subnormal[1]!r}); ours != f64 rounded on {disagree}; {len(near)} near a midpoint (mpmath "
          f"decides: {len(wrong_near)} of them wrong); ours not correctly rounded on {wrong_far + len(wrong_near)} "
          f"(e.g. {examples + wrong_near[:8 - len(examples)]}); {time.perf_counter() - start:.0f} s (compiled "
          f"{timings['compiled']:.1f} s, interpreter {timings['ours']:.1f} s, numpy f64 {timings['f64']:.1f} s)",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", default=",".join(FUNCTIONS), help="comma-separated, of: " + ", ".join(FUNCTIONS))
    parser.add_argument("--chunk-log2", type=int, default=24)
    parser.add_argument("--stride", type=int, default=1, help="every stride-th chunk only (a quick look)")
    args = parser.parse_args()
    for op in args.ops.split(","):
        run(op, args.chunk_log2, args.stride)


if __name__ == "__main__":
    main()
