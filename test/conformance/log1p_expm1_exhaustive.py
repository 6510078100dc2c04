"""Every f32 input of log_plus_one and exponential_minus_one, run by hand (not a CI test; minutes).

1. The compiled backend against the interpreter: the same bits on all 2^32 inputs.
2. The accuracy of our definition (numerics/log1p_expm1.py): where it and the f64 C library's
   function rounded to f32 disagree, and where that f64 value lies within 2^-40 (relative) of
   the midpoint of two f32 values (where both could round the wrong way), mpmath (200 bits)
   decides the correctly rounded result; counts the inputs where ours is not.

    .venv/bin/python test/conformance/log1p_expm1_exhaustive.py [--chunk-log2 24] [--ops log_plus_one,...]
"""
from __future__ import annotations

import argparse
import time

import mpmath
import numpy as np

import stablehlo_py
from stablehlo_py.interpreter.numerics.log1p_expm1 import exponential_minus_one_f32, log_plus_one_f32

_OURS = {"log_plus_one": log_plus_one_f32, "exponential_minus_one": exponential_minus_one_f32}
_F64 = {"log_plus_one": np.log1p, "exponential_minus_one": np.expm1}
_MP = {"log_plus_one": mpmath.log1p, "exponential_minus_one": mpmath.expm1}


def _correctly_rounded(op: str, x: np.float32) -> np.float32:
    """The f32 nearest the exact value (200 bits are far more than any f32 case needs)."""
    with mpmath.workprec(200):
        exact = _MP[op](mpmath.mpf(float(x)))
        below = np.float32(float(exact))
        if not np.isfinite(below):
            return below  # round to f64 then f32; checked against neighbours below
        candidates = [np.nextafter(below, np.float32(-np.inf)), below, np.nextafter(below, np.float32(np.inf))]
        return min(candidates, key=lambda c: abs(mpmath.mpf(float(c)) - exact) if np.isfinite(c) else mpmath.inf)


def run(op: str, chunk_log2: int, stride: int) -> None:
    n = 1 << chunk_log2
    text = f"""func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %0 = stablehlo.{op} %x : tensor<{n}xf32>
  return %0 : tensor<{n}xf32>
}}"""
    compiled = stablehlo_py.compile(text, backend="compiled")
    differ, disagree, near, wrong, timings = 0, [], [], [], {"compiled": 0.0, "ours": 0.0, "f64": 0.0}
    start = time.perf_counter()
    for base in range(0, 1 << 32, n * stride):
        x = np.arange(base, base + n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        t0 = time.perf_counter()
        (got,) = compiled(x)
        t1 = time.perf_counter()
        ours = _OURS[op](x)
        t2 = time.perf_counter()
        with np.errstate(all="ignore"):
            wide = _F64[op](x.astype(np.float64))
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
        near += list(x[close & ~other])
    for x in disagree + near:
        exact = _correctly_rounded(op, x)
        if _OURS[op](x) != exact:
            wrong.append(float(x))
    print(f"{op}: compiled != interpreter on {differ} of {(1 << 32) // stride} inputs; ours != f64 libm rounded on "
          f"{len(disagree)}; near a midpoint {len(near)} more; ours not correctly rounded on {len(wrong)} of these: "
          f"{wrong[:20]}; "
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
