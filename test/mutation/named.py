"""The survivors issue 12 names, as hand-written mutants, and the tests that kill them.

    .venv/bin/python test/mutation/named.py [--also-old-tests]

Each mutant is applied to a copy of the package (as run.py does) and the tests
written for it must fail; with --also-old-tests the family's other tests run
too, showing whether they alone would have caught it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from families import FAMILIES  # noqa: E402
from run import INTERP, REPO, isolate, make_copy, run_mutant  # noqa: E402

T = "test/python/"
NAMED = [
    ("reduce: float max/min fast path drops init", "kernels/reductions",
     "                return combine(init, r)\n", "                return r\n",
     [T + "interpreter/reductions/test_reduce_non_identity_init.py"]),
    ("reduce: bool xor fast path becomes or", "kernels/reductions",
     '"stablehlo.xor": np.logical_xor}.get(name)', '"stablehlo.xor": np.logical_or}.get(name)',
     [T + "interpreter/reductions/test_reduce_non_identity_init.py"]),
    ("complex128 transcendentals in complex64 precision", "kernels/elementwise",
     "if f32 else floating)\n    else:\n        fn = complex_\n",
     "if f32 else floating)\n    else:\n"
     "        fn = complex_ and (lambda x, f=complex_: f(x.astype(np.complex64)).astype(x.dtype))\n",
     [T + "interpreter/elementwise/complex/test_complex128_precision.py"]),
    ("batch_norm computes f64 in f32", "kernels/reductions",
     "    compute = dtype if dtype in (np.float32, np.float64) else np.dtype(np.float32)",
     "    compute = np.dtype(np.float32)",
     [T + "interpreter/reductions/test_batch_norm_f64.py"]),
]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--also-old-tests", action="store_true")
    args = p.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="shpy-named-")
    failures = 0
    try:
        root = make_copy(os.path.join(tmp, "pkg"))
        isolate(root)
        os.environ["JAX_PLATFORMS"] = "cpu"
        import jax, mlir.ir, numpy, pytest  # noqa: F401,E401 -- shared by the forks

        for title, module, old, new, tests in NAMED:
            path = os.path.join(root, INTERP, module + ".py")
            source = open(path).read()
            if source.count(old) != 1:
                print(f"STALE  {title}: the original text is no longer in {module}.py once")
                failures += 1
                continue
            with open(path, "w") as f:
                f.write(source.replace(old, new))
            try:
                status, secs = run_mutant(tests, os.path.join(tmp, "log"), timeout=900)
                verdict = "KILLED" if status != "ok" else "SURVIVED"
                failures += status == "ok"
                line = f"{verdict:8} {title}: new tests {status} ({secs:.0f}s)"
                if args.also_old_tests:
                    old_tests = [t for t in FAMILIES[module][0] if t not in tests]
                    status, secs = run_mutant(old_tests, os.path.join(tmp, "log"), timeout=1800)
                    line += f"; the family's other tests alone: {'killed' if status != 'ok' else 'survived'}"
                print(line, flush=True)
            finally:
                with open(path, "w") as f:
                    f.write(source)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
