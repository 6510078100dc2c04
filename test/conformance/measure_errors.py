"""Measures how far the interpreter's results are from the expected values embedded in the corpus.

    .venv/bin/python test/conformance/measure_errors.py [--only OP] [--json OUT] [--write-tolerances] [FILES...]

For every corpus file (or the given ones) main() is rewritten to return each checked result next to
its expected constant (the check ops are dropped), the module is interpreted, and per output:
  exact     bit-identical (any NaN equals any NaN), per real/imaginary part;
  ulp       largest distance in units in the last place, counted in the element type itself, over
            the elements finite on both sides (a non-finite mismatch counts as infinitely far);
  abs       largest |actual - expected| per part (f64 arithmetic), and scale = largest |expected|.
Prints a table per (check, element type).  --write-tolerances writes corpus/TOLERANCES.json from the
measurement with `tolerances()`, the policy generate.py applies when it writes the checks.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run_corpus as rc  # noqa: E402

TOLERANCES = os.path.join(rc.CORPUS, "TOLERANCES.json")

# A check line of a corpus file: custom_call form or check dialect (pretty or generic); the first two
# %names are (actual, expected).
_CHECK = re.compile(r'^\s*(?:stablehlo\.custom_call @check\.\w+\(|"?check\.\w+"?\(?\s*)(%\w+), (%\w+)')
_CONSTANT_TYPE = re.compile(r"^\s*(%(?:expected|arg)\d+) = stablehlo\.constant .* : (tensor<.*>)\s*$")


def _ulp_key(x: np.ndarray, bits: int, unsigned: bool):
    """Signed ordinal of each float's bit pattern (monotonic in value; -0 and +0 both map to 0)."""
    from stablehlo_py.interpreter.core.types import bits_view

    b = bits_view(x).astype(np.int64)
    if unsigned:  # f8E8M0FNU: no sign bit
        return b
    sign = (b >> (bits - 1)) & 1
    mag = b & ((1 << (bits - 1)) - 1)
    return np.where(sign == 1, -mag, mag)


def part_errors(actual: np.ndarray, expected: np.ndarray) -> dict:
    """exact, ulp, abs, scale of one real array pair (see the module docstring)."""
    from stablehlo_py.interpreter.core.types import bits_view, dtype_info

    info = dtype_info(actual.dtype)
    nan_a, nan_e = np.isnan(actual.astype(np.float64)), np.isnan(expected.astype(np.float64))
    same = (bits_view(actual) == bits_view(expected)) | (nan_a & nan_e)
    a64, e64 = actual.astype(np.float64), expected.astype(np.float64)
    finite = np.isfinite(a64) & np.isfinite(e64)
    # non-finite on either side: only the same value (or NaN and NaN) is acceptable
    nonfinite_bad = bool(np.any(~finite & ~(same | (a64 == e64))))
    unsigned = info.name == "f8E8M0FNU"
    ulp = np.abs(_ulp_key(actual, info.bits, unsigned) - _ulp_key(expected, info.bits, unsigned))
    ulp = int(ulp[finite].max()) if finite.any() else 0
    with np.errstate(invalid="ignore", over="ignore"):
        err = float(np.abs(a64 - e64)[finite].max()) if finite.any() else 0.0
    scale = float(np.abs(e64)[finite].max()) if finite.any() else 0.0
    return {"exact": bool(same.all()), "ulp": math.inf if nonfinite_bad else ulp,
            "abs": math.inf if nonfinite_bad else err, "scale": scale}


def output_errors(actual: np.ndarray, expected: np.ndarray) -> dict:
    """part_errors combined over the real and imaginary parts (the worst of both)."""
    if not _is_float(actual.dtype):
        exact = bool(np.array_equal(actual, expected))
        return {"exact": exact, "ulp": 0 if exact else math.inf, "abs": 0.0 if exact else math.inf, "scale": 0.0}
    parts = [(actual.real, expected.real), (actual.imag, expected.imag)] if actual.dtype.kind == "c" else [
        (actual, expected)]
    ms = [part_errors(a, e) for a, e in parts]
    return {"exact": all(m["exact"] for m in ms), "ulp": max(m["ulp"] for m in ms),
            "abs": max(m["abs"] for m in ms), "scale": max(m["scale"] for m in ms)}


def _is_float(dtype) -> bool:
    from stablehlo_py.interpreter.core.types import dtype_info

    return dtype_info(dtype).category in ("float", "complex")


def returning_text(text: str) -> tuple:
    """The module with main() returning (arg0, arg1, ..., actual0, expected0, actual1, ...) instead of
    checking them, the number of inputs, and the names of the checks (in order)."""
    lines = text.splitlines()
    types = {m.group(1): m.group(2) for m in map(_CONSTANT_TYPE.match, lines) if m}
    pairs, checks, out = [], [], []
    for line in lines:
        m = _CHECK.match(line)
        if m:
            pairs.append((m.group(1), m.group(2)))
            checks.append(re.search(r"check\.(\w+)", line).group(1))
            continue
        out.append(line)
    args = sorted((n for n in types if n.startswith("%arg")), key=lambda n: int(n[4:]))
    names = args + [n for pair in pairs for n in pair]
    tys = [types[a] for a in args] + [types[e] for _, e in pairs for _ in (0, 1)]
    body = "\n".join(out)
    body = body.replace("func.func public @main() {", f"func.func public @main() -> ({', '.join(tys)}) {{", 1)
    # main's return is the first func.return of the file (main comes first)
    body = body.replace("    func.return\n", f"    func.return {', '.join(names)} : {', '.join(tys)}\n", 1)
    return body, len(args), checks


def measure_file(path: str) -> list:
    """[{output, check, dtype, exact, ulp, abs, scale, margin}] for one corpus file (relative to CORPUS)."""
    import stablehlo_py

    with open(os.path.join(rc.CORPUS, path), encoding="utf-8") as fh:
        text, n_args, checks = returning_text(fh.read())
    values = [np.asarray(v) for v in stablehlo_py.interpret(text)]
    inputs, values = values[:n_args], values[n_args:]
    rows = []
    for i, check in enumerate(checks):
        actual, expected = values[2 * i], values[2 * i + 1]
        rows.append(dict(output_errors(actual, expected), output=i, check=check, dtype=str(expected.dtype),
                         margin=rounding_margin(path.split("/")[0], inputs, actual)))
    return rows


# The exact functions of the libm ops, in f64 (within an f64 ULP of the true value: far below the f32
# ULPs rounding_margin asks for).
F64_FUNCTIONS = {"exponential": np.exp, "exponential_minus_one": np.expm1, "log": np.log, "log_plus_one": np.log1p,
                 "sine": np.sin, "cosine": np.cos, "tan": np.tan, "tanh": np.tanh, "cbrt": np.cbrt,
                 "rsqrt": lambda x: 1 / np.sqrt(x), "logistic": lambda x: 1 / (1 + np.exp(-x)),
                 "power": np.power, "atan2": np.arctan2}
MARGIN_ULPS = 16  # f32 ULPs another host's f32 libm may be off by without changing a narrow result


def rounding_margin(op: str, inputs: list, actual: np.ndarray):
    """For a libm op on a float type narrower than f32 (computed in f32, rounded once): True if every
    element's exact value, moved MARGIN_ULPS f32 ULPs either way, rounds to the same value of the type,
    so any host's f32 libm gives this result; None where it does not apply."""
    fn = F64_FUNCTIONS.get(op)
    if fn is None or actual.dtype.kind == "c" or not _is_float(actual.dtype) or actual.dtype.itemsize > 2 \
            or len(inputs) not in (1, 2) or any(a.shape != actual.shape for a in inputs):
        return None
    with np.errstate(all="ignore"):
        exact = fn(*[a.astype(np.float64) for a in inputs])
        f32 = exact.astype(np.float32)
        step = MARGIN_ULPS * 2.0 ** -23 * np.abs(exact)  # relative: an exact 0 stays 0
        same = [(exact + d).astype(np.float32).astype(actual.dtype) for d in (-step, step)]
        base = f32.astype(actual.dtype)
    ok = np.ones(actual.shape, dtype=bool)
    for other in same:
        ok &= (part_same_bits(base, other)) | ~np.isfinite(exact)
    return bool(ok.all())


def part_same_bits(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from stablehlo_py.interpreter.core.types import bits_view

    nan = np.isnan(a.astype(np.float64)) & np.isnan(b.astype(np.float64))
    return nan | (bits_view(a) == bits_view(b))


def measure(paths) -> dict:
    out = {}
    for p in paths:
        try:
            out[p] = measure_file(p)
        except Exception as e:  # noqa: BLE001 - a file that does not run is reported, not fatal
            out[p] = [{"error": f"{type(e).__name__}: {str(e)[:300]}"}]
    return out


def table(measured: dict) -> str:
    """Per (check, element type): files, exact files, largest ULP distance, largest abs error."""
    groups = collections.defaultdict(list)
    for rows in measured.values():
        for r in rows:
            if "error" not in r:
                groups[(r["check"], r["dtype"])].append(r)
    lines = ["| check | dtype | outputs | bit-exact | max ULP | max abs err | max abs err / scale |",
             "|---|---|---|---|---|---|---|"]
    for (check, dtype), rs in sorted(groups.items()):
        rel = max((r["abs"] / r["scale"] if r["scale"] else r["abs"]) for r in rs)
        lines.append(f"| {check} | {dtype} | {len(rs)} | {sum(r['exact'] for r in rs)} | "
                     f"{max(r['ulp'] for r in rs)} | {max(r['abs'] for r in rs):.3g} | {rel:.3g} |")
    return "\n".join(lines)


# Ops whose kernels call libm / numpy's SIMD transcendental functions: their last bits depend on the host
# (numpy picks AVX512/SVML or AVX2 code at run time), so even a bit-exact result here gets a ULP bound.
LIBM_OPS = {"atan2", "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic",
            "power", "rsqrt", "sine", "tan", "tanh"}
# Cases that accumulate random values through BLAS, LAPACK or an FFT: the order of the sums (and so the
# rounding) depends on the host's kernels, so they get a bound relative to their largest value.
ORDER_DEPENDENT = {"batch_norm_grad", "batch_norm_inference", "batch_norm_training", "cholesky",
                   "convolution_3d_random", "dot_general_random", "fft", "ifft2", "irfft2", "rfft", "scan_rnn",
                   "softmax", "triangular_solve"}
# Cases that multiply complex numbers: XLA fuses multiply-adds in complex products on FMA hosts (and
# differently in each part), the interpreter rounds every product on every host (docs/decisions.md). Where
# the embedded XLA values differ, they are as far off as a rounded product near cancellation: a bound
# relative to the largest value (bit-exact files stay exact: the interpreter's bits do not depend on the host).
COMPLEX_PRODUCTS = {"multiply", "composite_arith", "reduce_prod", "cumprod_complex", "scatter_mul", "scatter_apply",
                    "dot", "dot_vector", "dot_general_batch", "dot_general_matmul", "einsum", "matmul",
                    "convolution_window_reversal"}
FMA_FACTOR = 2  # a product of two rounded terms is within 2 eps of the largest term per part
OLD_TOLERANCE = 1e-3  # the corpus' former bound: never loosened where it held with a margin of 2
HOST_ULP = 1  # ULPs another host's libm may add in f32/f64 (1 ULP in the type covers narrower types)
ORDER_FACTOR = 8  # order-dependent sums: at least this many epsilons of the largest value


def _ceil1(x: float) -> float:
    """x rounded up to one significant digit (5.3e-6 -> 6e-6)."""
    if x <= 0:
        return 0.0
    e = math.floor(math.log10(x))
    m = math.ceil(round(x / 10 ** e, 9))
    return float(f"{m}e{e}")


def tolerance(path: str, row: dict) -> dict:
    """The check generate.py writes for one measured output: {"check": "eq"} | {"check": "close", "ulp": N}
    | {"check": "almost", "tolerance": X} (absolute, per real/imaginary part)."""
    from stablehlo_py.interpreter.core.types import dtype_info

    op, stem = path.split("/")
    case = stem.rsplit(".", 2)[0]
    dtype = np.dtype(row["dtype"]) if row["dtype"] in np.sctypeDict else _ml_dtype(row["dtype"])
    info = dtype_info(dtype)
    part = np.real(np.zeros((), dtype)).dtype
    narrow = dtype_info(part).bits < 32
    libm = op in LIBM_OPS or case in LIBM_OPS
    ordered = case in ORDER_DEPENDENT or op in ORDER_DEPENDENT
    fused = info.category == "complex" and case in COMPLEX_PRODUCTS
    if info.category not in ("float", "complex"):
        return {"check": "eq"}
    if row["exact"] and not libm and not ordered:
        return {"check": "eq"}
    if narrow and info.category == "float":  # computed in f32 and rounded once
        if row.get("margin"):  # no host's f32 libm can change the result
            return {"check": "eq"} if row["exact"] else {"check": "close", "ulp": int(row["ulp"])}
        return {"check": "close", "ulp": max(int(row["ulp"]), 1 if libm or ordered else 0)}
    if ordered or fused or (info.category == "complex" and libm):
        # twice the measured error, and at least a few ULPs of the largest value (another host's rounding)
        eps = float(np.finfo(part).eps) * (ORDER_FACTOR if ordered else FMA_FACTOR if fused else 2)
        tol = _ceil1(max(2 * row["abs"], eps * max(row["scale"], 1.0)))
        return {"check": "almost", "tolerance": min(tol, OLD_TOLERANCE) if row["abs"] <= OLD_TOLERANCE / 2 else tol}
    return {"check": "close", "ulp": int(row["ulp"]) + (HOST_ULP if libm or info.category == "complex" else 0)}


def _ml_dtype(name: str):
    import ml_dtypes

    return np.dtype(getattr(ml_dtypes, name))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*")
    parser.add_argument("--only", metavar="OP")
    parser.add_argument("--json", metavar="OUT", help="write the per-file measurement as JSON")
    parser.add_argument("--all-checks", action="store_true", help="also measure files checked exactly")
    parser.add_argument("--tolerance-files", action="store_true",
                        help="measure the files TOLERANCES.json lists (those checked inexactly before)")
    parser.add_argument("--write-tolerances", action="store_true",
                        help=f"update {os.path.relpath(TOLERANCES)} with the checks the measurement gives")
    args = parser.parse_args(argv)
    paths = args.files or rc.corpus_files()
    if args.only:
        paths = [p for p in paths if p.split("/")[0] == args.only]
    if args.tolerance_files:
        paths = [p for p in paths if p in load_tolerances()]
    elif not args.all_checks and not args.files:
        paths = [p for p in paths if _has_inexact_check(p)]
    measured = measure(paths)
    errors = {p: rows[0]["error"] for p, rows in measured.items() if rows and "error" in rows[0]}
    print(table(measured))
    for p, e in errors.items():
        print(f"error {p}: {e}")
    if args.write_tolerances:
        write_tolerances(measured)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(measured, fh, indent=1, sort_keys=True, default=str)
    return 1 if errors else 0


def write_tolerances(measured: dict) -> None:
    """Merges the checks for the measured files into TOLERANCES.json ({path: [check per output]})."""
    current = load_tolerances()
    for path, rows in measured.items():
        if rows and "error" not in rows[0]:
            current[path] = [dict(tolerance(path, r), measured={k: r[k] for k in ("exact", "ulp", "abs", "scale",
                                                                                     "margin", "dtype")})
                             for r in rows]
    with open(TOLERANCES, "w", encoding="utf-8") as fh:
        json.dump(dict(sorted(current.items())), fh, indent=1, sort_keys=True)
        fh.write("\n")


def load_tolerances() -> dict:
    if not os.path.exists(TOLERANCES):
        return {}
    with open(TOLERANCES, encoding="utf-8") as fh:
        return json.load(fh)


def tolerance_table(tolerances: dict | None = None) -> str:
    """Markdown: per element type, the outputs the corpus used to check with 3 ULP or absolute 1e-3, what
    they check now (exact / largest ULP bound / largest absolute bound relative to the largest expected
    value) and the largest measured error."""
    tolerances = load_tolerances() if tolerances is None else tolerances
    groups = collections.defaultdict(list)
    for rows in tolerances.values():
        for r in rows:
            groups[r["measured"].get("dtype") or r.get("dtype", "?")].append(r)
    lines = ["| element type | outputs | exact now | ULP bound now (max) | abs bound now (max; / largest value) "
             "| measured max ULP | measured max abs error / largest value |", "|---|---|---|---|---|---|---|"]
    for dtype, rs in sorted(groups.items()):
        exact = sum(r["check"] == "eq" for r in rs)
        ulps = [r["ulp"] for r in rs if r["check"] == "close"]
        abss = [r for r in rs if r["check"] == "almost"]
        ab = (f"{len(abss)}: {max(r['tolerance'] for r in abss):.0e}; "
              f"{max(r['tolerance'] / max(r['measured']['scale'], 1.0) for r in abss):.1e}") if abss else "-"
        # (complex parts near zero next to a large other part are far apart in ULPs: no figure)
        finite = [r["measured"]["ulp"] for r in rs if r["measured"]["ulp"] != math.inf and "complex" not in dtype]
        rel = max(r["measured"]["abs"] / max(r["measured"]["scale"], 1.0) for r in rs)
        lines.append(f"| {dtype} | {len(rs)} | {exact} | {f'{len(ulps)}: {max(ulps)}' if ulps else '-'} | {ab} | "
                     f"{max(finite) if finite else '-'} | {rel:.1e} |")
    return "\n".join(lines)


def _has_inexact_check(path: str) -> bool:
    with open(os.path.join(rc.CORPUS, path), encoding="utf-8") as fh:
        text = fh.read()
    return "check.expect_close" in text or "check.expect_almost_eq" in text


if __name__ == "__main__":
    sys.exit(main())
