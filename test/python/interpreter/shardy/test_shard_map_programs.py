"""JAX programs sharded with shard_map (Shardy markup, manual computations with collectives)
run by the interpreter and compared with XLA's results on 4 CPU devices.

JAX sees 4 devices only if XLA_FLAGS says so before it starts, so the programs are exported
and run by XLA in one subprocess (`_EXPORT`); the interpreter then runs each exported text on
the same inputs. Inputs are small integers held in floats (or integers), so every sum is exact
and the comparison is bit for bit whatever order the devices' values are combined in.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import conftest
from stablehlo_py.interpreter import interpret
from testing.mpi import CLI, launch, needs_mpiexec

_EXPORT = r'''
import os, pickle, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
from functools import partial
import numpy as np
import jax, jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

jax.config.update("jax_enable_x64", True)
line = jax.make_mesh((4,), ("x",))
square = jax.make_mesh((2, 2), ("x", "y"))
auto = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
rng = np.random.default_rng(17)


def ints(shape, dtype=np.float32, low=-20, high=20):
    return rng.integers(low, high, size=shape).astype(dtype)


def sm(mesh, in_specs, out_specs, check=True):
    return lambda f: jax.jit(jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check))


cases = {}


def case(name, fn, *args, mesh=line, specs=None):
    specs = specs or [P()] * len(args)
    placed = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(args, specs)]
    text = fn.lower(*placed).as_text()
    out = jax.tree_util.tree_leaves(fn(*placed))
    cases[name] = (text, [np.asarray(a) for a in args], [np.asarray(o) for o in out])


@sm(line, P("x"), P("x"))
def psum_pmax_pmin(a):
    return jax.lax.psum(a, "x") * 3 + jax.lax.pmax(a, "x") - jax.lax.pmin(a, "x")

case("psum_pmax_pmin", psum_pmax_pmin, ints((8, 3)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def psum_int(a):
    return jax.lax.psum(a, "x") + jax.lax.pmax(a, "x")

case("psum_int32", psum_int, ints((8,), np.int32, -2**31, 2**31 - 1), specs=[P("x")])
case("pmax_uint8", psum_int, ints((8,), np.uint8, 0, 256), specs=[P("x")])


@sm(line, P("x"), P("x"))
def gather_untiled(a):
    return jax.lax.all_gather(a, "x").reshape(-1, *a.shape[1:])[: a.shape[0]] + a

case("all_gather", gather_untiled, ints((8, 2)), specs=[P("x")])


@sm(line, P("x"), P(), check=False)  # the gathered value is the same on every device
def gather_tiled(a):
    return jax.lax.all_gather(a, "x", tiled=True, axis=0)

case("all_gather_tiled_replicated_out", gather_tiled, ints((8, 2)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def scatter(a):
    return jax.lax.psum_scatter(a, "x", scatter_dimension=1, tiled=True)

case("psum_scatter_tiled", scatter, ints((8, 8)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def scatter_untiled(a):
    return jax.lax.psum_scatter(a, "x", scatter_dimension=0)

case("psum_scatter", scatter_untiled, ints((16, 3)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def permute_cycle(a):
    return jax.lax.ppermute(a, "x", [(i, (i + 1) % 4) for i in range(4)])

case("ppermute_cycle", permute_cycle, ints((8, 3)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def permute_partial(a):
    return jax.lax.ppermute(a, "x", [(0, 2), (2, 1)])  # devices 0 and 3 receive zeros

case("ppermute_partial", permute_partial, ints((8,)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def to_all(a):
    return jax.lax.all_to_all(a, "x", 1, 0, tiled=True)

case("all_to_all", to_all, ints((8, 8)), specs=[P("x")])


@sm(line, P("x"), P("x"))
def index(a):
    return a * jax.lax.axis_index("x").astype(a.dtype)

case("axis_index", index, ints((8,)), specs=[P("x")])


@sm(square, (P("x", "y"), P("y")), (P("x", "y"), P("y")))
def two_axes(a, b):
    s = jax.lax.psum(a, "x") + jax.lax.psum(a, ("x", "y"))
    g = jax.lax.all_gather(b, "y", tiled=True)
    return s * jax.lax.axis_index("y").astype(a.dtype) + jax.lax.axis_index("x").astype(a.dtype), \
        b + g[: b.shape[0]] + jax.lax.pmax(b, "y")

case("mesh_2x2", two_axes, ints((4, 8)), ints((8,)), mesh=square, specs=[P("x", "y"), P("y")])


@sm(square, P("y", "x"), P("y", "x"))
def transposed(a):
    return jax.lax.ppermute(jax.lax.psum(a, "y"), "x", [(0, 1), (1, 0)]) + jax.lax.all_to_all(a, "y", 0, 0, tiled=True)

case("mesh_2x2_transposed_axes", transposed, ints((4, 6)), mesh=square, specs=[P("y", "x")])


@sm(line, P("x"), P("x"))
def loop(a):
    def body(i, c):
        return jax.lax.psum(c, "x") * 0.5 + jax.lax.ppermute(c, "x", [(k, (k + 1) % 4) for k in range(4)])
    return jax.lax.fori_loop(0, 5, body, a)

case("collectives_in_a_loop", loop, ints((8,), np.float64, -4, 4), specs=[P("x")])


@sm(line, (P("x"), P()), P("x"))
def with_replicated(a, w):
    return jnp.tanh(a @ w) + jax.lax.psum(a.sum(), "x")

case("replicated_operand", with_replicated, ints((8, 4), np.float32, -2, 2) / 4, ints((4, 4), np.float32, -2, 2) / 4,
     specs=[P("x"), P()])


def grad_loss(a):
    @sm(line, P("x"), P())
    def inner(b):
        return jax.lax.psum((b * b).sum(keepdims=True), "x")
    return inner(a).sum()

case("grad_of_psum", jax.jit(jax.grad(grad_loss)), ints((8, 2)), specs=[P("x")])


@jax.jit
def annotated(a, b):
    a = jax.lax.with_sharding_constraint(a, NamedSharding(auto, P("x", "y")))
    return jnp.sin(a) @ b

case("sharding_annotations_only", annotated, ints((4, 4)) / 8, ints((4, 2)) / 8, mesh=auto,
     specs=[P("x", "y"), P()])


@jax.jit
@partial(jax.shard_map, mesh=auto, in_specs=P("x"), out_specs=P("x"), axis_names={"x"})
def partial_manual(a):
    return jax.lax.psum(a, "x") + jnp.cumsum(a, axis=1)

case("partially_manual", partial_manual, ints((4, 4)), mesh=auto, specs=[P("x")])

pickle.dump(cases, open(sys.argv[1], "wb"))
'''


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    path = tmp_path_factory.mktemp("shardy") / "cases.pkl"
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4")
    proc = subprocess.run([sys.executable, "-c", _EXPORT, str(path)], env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    with open(path, "rb") as f:
        exported = pickle.load(f)
    for text, _, _ in exported.values():  # what the XLA comparison covers (docs/status.md)
        conftest._xla_checked_ops.update(conftest._OP_NAME.findall(text))
    return exported


NAMES = ["psum_pmax_pmin", "psum_int32", "pmax_uint8", "all_gather", "all_gather_tiled_replicated_out",
         "psum_scatter_tiled", "psum_scatter", "ppermute_cycle", "ppermute_partial", "all_to_all", "axis_index",
         "mesh_2x2", "mesh_2x2_transposed_axes", "collectives_in_a_loop", "replicated_operand", "grad_of_psum",
         "sharding_annotations_only", "partially_manual"]


@pytest.mark.xla
@pytest.mark.parametrize("name", NAMES)
def test_shard_map_program_agrees_with_xla(cases, name):
    text, args, expected = cases[name]
    assert "sdy.mesh" in text
    got = interpret(text, *args)
    if name in ("replicated_operand", "sharding_annotations_only"):  # tanh, sin and dot: XLA's own error
        conftest.assert_close(got, expected, rtol=2e-6, atol=1e-6, context=name)
    else:
        conftest.assert_same(got, expected, context=name)


def test_every_case_is_tested(cases):
    assert sorted(cases) == sorted(NAMES)


def test_uses_every_collective(cases):
    ops = set()
    for text, _, _ in cases.values():
        ops.update(conftest._OP_NAME.findall(text))
    for op in ("all_reduce", "all_gather", "reduce_scatter", "collective_permute", "all_to_all", "partition_id"):
        assert f"stablehlo.{op}" in ops, op


# The same programs across OS processes: under `mpiexec -n 4` every rank runs the global-view
# program and each manual computation's body runs on one rank per device (grid.fan_out); the
# results are bit for bit those of the threaded run.
MPI_NAMES = ["mesh_2x2", "collectives_in_a_loop", "psum_scatter_tiled", "ppermute_partial", "grad_of_psum"]


@needs_mpiexec
@pytest.mark.parametrize("name", MPI_NAMES)
def test_shard_map_program_same_bits_on_mpi(cases, name, tmp_path):
    text, args, _ = cases[name]
    (tmp_path / "program.mlir").write_text(text)
    files = []
    for k, a in enumerate(args):
        np.save(tmp_path / f"arg{k}.npy", a)
        files.append(str(tmp_path / f"arg{k}.npy"))
    proc = launch(4, CLI, "run", tmp_path / "program.mlir", "--args", *files, "--output", tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    threaded = interpret(text, *args)
    on_mpi = [np.load(tmp_path / "out" / f"result_{k}.npy") for k in range(len(threaded))]
    conftest.assert_same(on_mpi, threaded, context=name)
