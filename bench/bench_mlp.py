"""Benchmark (not a test): one MLP, three engines, side by side.

    .venv/bin/python bench/bench_mlp.py [--batch 128] [--sizes 784,512,512,10]
                                        [--repeats 20] [--ref-repeats 1] [--ref-timeout 900]
                                        [--no-reference]

The MLP (x: batch x sizes[0], then dense layers to sizes[1:], relu written as
`jnp.where(h > 0, h, 0.0)` between layers) is exported by jax inside this
script, then timed on the same seeded float32 inputs by:

  stablehlo-py   stablehlo_py.compile(text) once, then the callable, repeatedly
  XLA (CPU)      jax.jit(f)(...).block_until_ready(), repeatedly
  reference      the upstream StableHLO reference interpreter in jaxlib,
                 jaxlib.mlir.dialects.stablehlo.eval_module(module, [DenseElementsAttr...]);
                 run in a subprocess with a timeout because it aborts the process
                 on ops it lacks (module parsing and input conversion are not timed)

Each engine gets warm-up calls first (compilation, caches); the table shows the
median and minimum time per call, the ratio of the median to XLA's and to the
reference interpreter's (smaller is faster), and the largest absolute
difference from XLA's outputs.  An engine that fails is reported as
"not available: <reason>" and the others still run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

SEED = 0


# --- the model --------------------------------------------------------------------------


def mlp(*params_and_x):
    """f(x, w1, b1, w2, b2, ...): dense layers with relu between them, logits out."""
    import jax.numpy as jnp

    x, params = params_and_x[0], params_and_x[1:]
    h = x
    layers = len(params) // 2
    for i in range(layers):
        h = jnp.dot(h, params[2 * i]) + params[2 * i + 1]
        if i < layers - 1:
            h = jnp.where(h > 0, h, 0.0)
    return h


def make_inputs(batch: int, sizes: list) -> list:
    rng = np.random.default_rng(SEED)
    inputs = [rng.standard_normal((batch, sizes[0])).astype(np.float32)]
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        inputs.append((rng.standard_normal((fan_in, fan_out)) / np.sqrt(fan_in)).astype(np.float32))
        inputs.append((0.1 * rng.standard_normal((fan_out,))).astype(np.float32))
    return inputs


# --- timing -----------------------------------------------------------------------------


def time_calls(call, repeats: int, warmup: int) -> list:
    """Seconds per call for `repeats` calls after `warmup` untimed ones."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def as_list(outputs) -> list:
    if isinstance(outputs, (list, tuple)):
        return [np.asarray(o) for o in outputs]
    return [np.asarray(outputs)]


def max_diff(outputs, reference) -> float:
    return max(float(np.max(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))))
               for a, b in zip(outputs, reference))


class Result:
    def __init__(self, name, times=None, outputs=None, error=None, note=""):
        self.name, self.times, self.outputs, self.error, self.note = name, times, outputs, error, note

    @property
    def median(self):
        return statistics.median(self.times) if self.times else None


def bench_xla(f, inputs, repeats, warmup) -> Result:
    try:
        import jax

        jitted = jax.jit(f)
        outputs = as_list(jax.block_until_ready(jitted(*inputs)))
        times = time_calls(lambda: jax.block_until_ready(jitted(*inputs)), repeats, warmup)
        return Result("XLA (CPU, jax.jit)", times, outputs)
    except Exception as e:  # noqa: BLE001 (a benchmark reports, never crashes)
        return Result("XLA (CPU, jax.jit)", error=f"{type(e).__name__}: {e}")


def bench_stablehlo_py(text, inputs, repeats, warmup) -> Result:
    name = "stablehlo-py (compile, then call)"
    try:
        import stablehlo_py

        start = time.perf_counter()
        run = stablehlo_py.compile(text)
        prepare = time.perf_counter() - start
        outputs = as_list(run(*inputs))
        times = time_calls(lambda: run(*inputs), repeats, warmup)
        return Result(name, times, outputs, note=f"compile: {prepare * 1e3:.1f} ms")
    except Exception as e:  # noqa: BLE001
        return Result(name, error=f"{type(e).__name__}: {one_line(str(e))}")


# The reference interpreter runs in a child process (this script, --reference-worker DIR):
# DIR holds module.mlir, in_<i>.npy and config.json; the child writes out_<i>.npy and times.json.

def reference_worker(directory: str) -> int:
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    with open(os.path.join(directory, "config.json")) as fh:
        config = json.load(fh)
    with open(os.path.join(directory, "module.mlir")) as fh:
        text = fh.read()
    inputs = [np.load(os.path.join(directory, f"in_{i}.npy")) for i in range(config["inputs"])]
    with jax_mlir.make_ir_context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        args = [ir.DenseElementsAttr.get(np.array(a, order="C")) for a in inputs]  # keeps 0-d arrays 0-d
        times = []
        for _ in range(config["repeats"]):
            start = time.perf_counter()
            results = stablehlo.eval_module(module, args)
            times.append(time.perf_counter() - start)
            with open(os.path.join(directory, "times.json"), "w") as fh:  # partial progress survives a timeout
                json.dump(times, fh)
        for i, r in enumerate(results):
            np.save(os.path.join(directory, f"out_{i}.npy"), np.array(r))
    return 0


def bench_reference(text, inputs, repeats, timeout) -> Result:
    name = "reference interpreter (jaxlib eval_module)"
    with tempfile.TemporaryDirectory(prefix="bench_mlp_ref_") as directory:
        with open(os.path.join(directory, "module.mlir"), "w") as fh:
            fh.write(text)
        for i, a in enumerate(inputs):
            np.save(os.path.join(directory, f"in_{i}.npy"), a)
        with open(os.path.join(directory, "config.json"), "w") as fh:
            json.dump({"inputs": len(inputs), "repeats": repeats}, fh)
        command = [sys.executable, os.path.abspath(__file__), "--reference-worker", directory]
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            times = _load_json(os.path.join(directory, "times.json"))
            if times:
                return Result(name, times, note=f"stopped by the {timeout:g} s timeout after {len(times)} call(s)")
            return Result(name, error=f"timed out after {timeout:g} s (no call finished)")
        if proc.returncode != 0:
            lines = (proc.stderr or proc.stdout).strip().splitlines()
            last = lines[-1] if lines else ""
            how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit status {proc.returncode}"
            return Result(name, error=f"crashed ({how}): {one_line(last, 200)}")
        times = _load_json(os.path.join(directory, "times.json"))
        outputs = []
        while os.path.exists(os.path.join(directory, f"out_{len(outputs)}.npy")):
            outputs.append(np.load(os.path.join(directory, f"out_{len(outputs)}.npy")))
        return Result(name, times, outputs, note="no warm-up; parse and input conversion not timed")


def _load_json(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


# --- report -----------------------------------------------------------------------------


def one_line(message: str, limit: int = 300) -> str:
    text = " ".join(message.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fmt_time(seconds) -> str:
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def fmt_ratio(a, b) -> str:
    if a is None or b is None:
        return "-"
    ratio = a / b
    return f"{ratio:.3g}x" if ratio >= 0.01 else f"{ratio:.2e}x"


def report(results, xla, reference) -> str:
    header = ["engine", "median/call", "min/call", "calls", "vs XLA", "vs reference", "max abs diff vs XLA", "notes"]
    rows = []
    for r in results:
        if r.error:
            rows.append([r.name, "not available", "", "", "", "", "", r.error.replace("|", "\\|")])
            continue
        diff = "-"
        if r.outputs and xla.outputs and r is not xla:
            diff = f"{max_diff(r.outputs, xla.outputs):.2e}"
        rows.append([r.name, fmt_time(r.median), fmt_time(min(r.times)), str(len(r.times)),
                     fmt_ratio(r.median, xla.median), fmt_ratio(r.median, reference.median), diff, r.note])
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    out = [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(row) for row in rows]
    return "\n".join(out)


def add_engine_arguments(parser: argparse.ArgumentParser, repeats: int, ref_timeout: float) -> None:
    """The options every benchmark shares: call counts and the reference interpreter's budget."""
    parser.add_argument("--repeats", type=int, default=repeats, help="timed calls for stablehlo-py and XLA")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--ref-repeats", type=int, default=1, help="timed calls for the reference interpreter")
    parser.add_argument("--ref-timeout", type=float, default=ref_timeout, help="seconds for the reference subprocess")
    parser.add_argument("--no-reference", action="store_true", help="skip the (slow) reference interpreter")


def compare_engines(fn, inputs: list, text: str, args) -> str:
    """Time `fn` (XLA) and its StableHLO export `text` (stablehlo-py, the reference interpreter)
    on `inputs` as `args` (add_engine_arguments) say; returns the report table."""
    xla = bench_xla(fn, inputs, args.repeats, args.warmup)
    print("  XLA done", flush=True)
    ours = bench_stablehlo_py(text, inputs, args.repeats, args.warmup)
    print("  stablehlo-py done", flush=True)
    if args.no_reference:
        reference = Result("reference interpreter (jaxlib eval_module)", error="skipped (--no-reference)")
    else:
        print(f"  reference interpreter: {args.ref_repeats} call(s), timeout {args.ref_timeout:g} s ...", flush=True)
        reference = bench_reference(text, inputs, args.ref_repeats, args.ref_timeout)
    return report([ours, xla, reference], xla, reference)


FOOTER = "vs X = median time / X's median time (smaller is faster)."


def run_benchmark(title: str, fn, inputs: list, args) -> None:
    """Export `fn` on `inputs` as JAX does, time the three engines as `args` say and print the
    report, headed by `title` and the versions and machine it ran on."""
    import jax

    jax.config.update("jax_platforms", "cpu")
    text = jax.jit(fn).lower(*inputs).as_text()
    print(f"{title}, {len(text.splitlines())} lines of StableHLO; "
          f"jax {jax.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs", flush=True)
    table = compare_engines(fn, inputs, text, args)
    print()
    print(table)
    print()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--sizes", default="784,512,512,10", help="layer widths, input first")
    add_engine_arguments(parser, repeats=50, ref_timeout=900.0)
    parser.add_argument("--reference-worker", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.reference_worker:
        return reference_worker(args.reference_worker)

    sizes = [int(s) for s in args.sizes.split(",")]
    shapes = " -> ".join([f"{args.batch}x{sizes[0]}", *map(str, sizes[1:])])
    run_benchmark(f"MLP {shapes} (float32)", mlp, make_inputs(args.batch, sizes), args)
    print(FOOTER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
