"""Every f32 input of our f32 functions (numerics/f32_math.py), run by hand (not a CI test;
about 6 minutes a function).

1. The compiled backend against the interpreter: the same bits on all 2^32 inputs.
2. The accuracy of our definition: where it and the f64 C library's
   function rounded to f32 disagree, and where that f64 value lies within 2^-40 (relative) of
   the midpoint of two f32 values (where both could round the wrong way), mpmath (200 bits)
   decides the correctly rounded result; counts the inputs where ours is not.
3. numpy's f32 function (the host's: glibc's here) against ours: how many differ, by how many ULP.

    .venv/bin/python test/conformance/f32_math_exhaustive.py [--chunk-log2 24] [--ops log_plus_one,...]
"""
from __future__ import annotations

import argparse
import time

import mpmath
import numpy as np

import stablehlo_py
from stablehlo_py.interpreter.numerics import f32_math

_OURS = {"log_plus_one": f32_math.log_plus_one_f32, "exponential_minus_one": f32_math.exponential_minus_one_f32,
         "exponential": f32_math.exponential_f32, "tanh": f32_math.tanh_f32, "logistic": f32_math.logistic_f32}
# numpy's functions (on f64 here: the libm's, an ULP of f64 or so from the exact value; on f32 the host's)
_NUMPY = {"log_plus_one": np.log1p, "exponential_minus_one": np.expm1, "exponential": np.exp, "tanh": np.tanh,
          "logistic": lambda x: 1 / (1 + np.exp(-x))}
_MP = {"log_plus_one": mpmath.log1p, "exponential_minus_one": mpmath.expm1, "exponential": mpmath.exp,
       "tanh": mpmath.tanh, "logistic": lambda x: 1 / (1 + mpmath.exp(-x))}


def _correctly_rounded(op: str, x: np.float32) -> np.float32:
    """The f32 nearest the exact value (200 bits are far more than any f32 case needs)."""
    with mpmath.workprec(200):
        exact = _MP[op](mpmath.mpf(float(x)))
        below = np.float32(float(exact))
        if not np.isfinite(below):
            return below  # round to f64 then f32; checked against neighbours below
        candidates = [np.nextafter(below, np.float32(-np.inf)), below, np.nextafter(below, np.float32(np.inf))]
        return min(candidates, key=lambda c: abs(mpmath.mpf(float(c)) - exact) if np.isfinite(c) else mpmath.inf)


def _ordinal(y: np.ndarray) -> np.ndarray:
    """f32 values as integers in their order (adjacent floats adjacent, -0 = +0)."""
    i = y.view(np.int32).astype(np.int64)
    return np.where(i < 0, -(i & 0x7FFFFFFF), i)


def run(op: str, chunk_log2: int, stride: int) -> None:
    n = 1 << chunk_log2
    text = f"""func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %0 = stablehlo.{op} %x : tensor<{n}xf32>
  return %0 : tensor<{n}xf32>
}}"""
    compiled = stablehlo_py.compile(text, backend="compiled")
    differ, disagree, near, wrong, timings = 0, [], [], [], {"compiled": 0.0, "ours": 0.0, "f64": 0.0}
    numpy_differ, numpy_ulps = 0, 0
    start = time.perf_counter()
    for base in range(0, 1 << 32, n * stride):
        x = np.arange(base, base + n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        t0 = time.perf_counter()
        (got,) = compiled(x)
        t1 = time.perf_counter()
        ours = _OURS[op](x)
        t2 = time.perf_counter()
        with np.errstate(all="ignore"):
            wide = _NUMPY[op](x.astype(np.float64))
            reference = wide.astype(np.float32)
            toward = np.nextafter(reference, np.where(wide > reference, np.float32(np.inf), np.float32(-np.inf)))
            middle = (reference.astype(np.float64) + toward.astype(np.float64)) / 2
            close = np.isfinite(middle) & (np.abs(wide - middle) <= np.abs(wide) * 2.0 ** -40)
        t3 = time.perf_counter()
        timings["compiled"] += t1 - t0
        timings["ours"] += t2 - t1
        timings["f64"] += t3 - t2
        differ += int(np.count_nonzero(got.view(np.uint32) != ours.view(np.uint32)))
        other = (ours.view(np.uint32) != reference.view(np.uint32)) & ~(np.isnan(ours) & np.isnan(reference))
        disagree += list(x[other])
        with np.errstate(all="ignore"):
            host = _NUMPY[op](x)
        ordered = ~np.isnan(ours) & ~np.isnan(host)
        apart = np.abs(_ordinal(host[ordered]) - _ordinal(ours[ordered]))
        numpy_differ += int(np.count_nonzero(apart))
        numpy_ulps = max(numpy_ulps, int(apart.max(initial=0)))
        near += list(x[close & ~other])
    for x in disagree + near:
        exact = _correctly_rounded(op, x)
        if _OURS[op](x) != exact:
            wrong.append(float(x))
    print(f"{op}: compiled != interpreter on {differ} of {(1 << 32) // stride} inputs; ours != f64 libm rounded on "
          f"{len(disagree)}; near a midpoint {len(near)} more; ours not correctly rounded on {len(wrong)} of these: "
          f"{wrong[:20]}; numpy's f32 differs from ours on {numpy_differ} (at most {numpy_ulps} ULP); "
          f"{time.perf_counter() - start:.0f} s (compiled {timings['compiled']:.1f} s, interpreter "
          f"{timings['ours']:.1f} s, numpy f64 {timings['f64']:.1f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunk-log2", type=int, default=24)
    parser.add_argument("--stride", type=int, default=1, help="every stride-th chunk only (a quick look)")
    parser.add_argument("--ops", default="log_plus_one,exponential_minus_one")
    args = parser.parse_args()
    for op in args.ops.split(","):
        run(op, args.chunk_log2, args.stride)


if __name__ == "__main__":
    main()
