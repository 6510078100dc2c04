"""The sdy (Shardy) dialect against jaxlib's Shardy as the oracle.

JAX programs with Shardy markup (shard_map manual computations with collectives over 1-D and
2-D meshes, jit in/out shardings and sharding constraints on an Auto mesh, reshard, linalg
custom_calls carrying `#sdy.op_sharding_rule`) are exported once, in one subprocess that sees
4 CPU devices. Each must print through `stablehlo-opt` exactly as jaxlib printed it, and
jaxlib must parse what we print back to the same text. test/lit/sdy/ops.mlir prints alike on
both sides, in pretty and generic form, and every expected-error case of
test/lit/sdy/invalid.mlir is rejected by both, except where ours is stricter
(UPSTREAM_ACCEPTS) or upstream's own build dies (UPSTREAM_DIES). Upstream runs in a
subprocess that survives a crash (its MLIR and ours are separate builds).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from conftest import REPO

pytestmark = pytest.mark.upstream

LIT = os.path.join(REPO, "test", "lit", "sdy")
OPT = os.path.join(os.path.dirname(os.path.abspath(sys.executable)), "stablehlo-opt")

_EXPORT = r'''
import json, os, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"
import jax, jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

line = jax.make_mesh((4,), ("x",))
square = jax.make_mesh((2, 2), ("x", "y"))
auto = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
explicit = jax.make_mesh((2, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
out = {}


def arg(shape, mesh=None, spec=None, dtype=jnp.float32):
    sharding = NamedSharding(mesh, spec) if mesh is not None else None
    return jax.ShapeDtypeStruct(shape, dtype, sharding=sharding)


def shard_map(name, mesh, in_specs, out_specs, fn, *args, **kw):
    f = jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw))
    specs = in_specs if isinstance(in_specs, tuple) else (in_specs,)
    out[name] = f.lower(*[arg(a, mesh, s) for a, s in zip(args, specs)]).as_text()


shard_map("psum", line, P("x"), P("x"), lambda a: jax.lax.psum(a, "x"), (8, 4))
shard_map("pmax", line, P("x"), P("x"), lambda a: jax.lax.pmax(a, "x") - jax.lax.pmin(a, "x"), (8,))
shard_map("all_gather", line, P("x"), P(), lambda a: jax.lax.all_gather(a, "x", tiled=True), (8, 2),
          check_vma=False)
shard_map("all_gather_stacked", line, P("x"), P("x"), lambda a: jax.lax.all_gather(a, "x").sum(0), (8, 2))
shard_map("psum_scatter", line, P("x"), P("x"),
          lambda a: jax.lax.psum_scatter(a, "x", scatter_dimension=1, tiled=True), (8, 8))
shard_map("ppermute", line, P("x"), P("x"), lambda a: jax.lax.ppermute(a, "x", [(i, (i + 1) % 4) for i in range(4)]),
          (8, 3))
shard_map("all_to_all", line, P("x"), P("x"), lambda a: jax.lax.all_to_all(a, "x", 1, 0, tiled=True), (8, 8))
shard_map("axis_index", line, P("x"), P("x"), lambda a: a * jax.lax.axis_index("x").astype(a.dtype), (8,))
shard_map("mesh_2x2", square, (P("x", "y"), P("y")), (P("x", "y"), P("y")),
          lambda a, b: (jax.lax.psum(a, ("x", "y")) + jax.lax.axis_index("y").astype(a.dtype),
                        b + jax.lax.pmax(b, "y")), (4, 8), (8,))
shard_map("mesh_2x2_one_dim_two_axes", square, P(("x", "y")), P(("x", "y")), lambda a: jax.lax.psum(a, "y"), (8, 2))
shard_map("mesh_2x2_replicated_operand", square, (P("y"), P()), P("y"),
          lambda a, w: jnp.tanh(a @ w) + jax.lax.psum(a.sum(), "y"), (4, 4), (4, 4))
shard_map("partially_manual", auto, P("x"), P("x"), lambda a: jax.lax.psum(a, "x") + jnp.cumsum(a, axis=1), (4, 4),
          axis_names={"x"})

out["jit_shardings"] = jax.jit(lambda a, b: jnp.sin(a) @ b, in_shardings=(NamedSharding(auto, P("x", "y")),
                                                                         NamedSharding(auto, P("y"))),
                               out_shardings=NamedSharding(auto, P(None, "x"))).lower(arg((4, 4)), arg((4, 2))).as_text()
out["with_sharding_constraint"] = jax.jit(
    lambda a: jax.lax.with_sharding_constraint(a * 2, NamedSharding(auto, P(("x", "y"), None))) + 1,
    in_shardings=NamedSharding(auto, P("x"))).lower(arg((8, 4))).as_text()
out["unconstrained"] = jax.jit(
    lambda a: jax.lax.with_sharding_constraint(a * 2, NamedSharding(auto, P(P.UNCONSTRAINED, "y")))).lower(
        arg((8, 4))).as_text()
with jax.set_mesh(explicit):
    out["reshard"] = jax.jit(lambda a: jax.sharding.reshard(a * 2, P("y", "x")) + 1).lower(
        arg((8, 4), explicit, P("x", "y"))).as_text()
batch = NamedSharding(auto, P("x"))
for name, fn in {"inv": jnp.linalg.inv, "qr": jnp.linalg.qr, "eigh": jnp.linalg.eigh,
                 "cholesky": jnp.linalg.cholesky, "svd": jnp.linalg.svd}.items():
    out[name] = jax.jit(fn, in_shardings=batch).lower(arg((4, 3, 3))).as_text()
json.dump(out, sys.stdout)
'''

# Parses each text, printing pretty and generic forms; one JSON line per text, so a crash loses
# only the text it died on.
_UPSTREAM = r'''
import json, sys
from jax._src.interpreters import mlir as jm
from jax._src.lib.mlir import ir
for line in sys.stdin:
    text = json.loads(line)
    with jm.make_ir_context():
        try:
            module = ir.Module.parse(text)
            out = [True, str(module), module.operation.get_asm(print_generic_op_form=True)]
        except Exception as e:
            out = [False, str(e), ""]
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
'''

# Invalid cases upstream accepts: (case) -> what upstream does not check.
UPSTREAM_ACCEPTS = {
    "mc5": "in and out shardings may name different sdy.mesh symbols (of the same axes); ours ask for one mesh, "
           "the one the interpreter fans the body out on",
}
# Invalid cases on which jaxlib's own build dies: (case) -> how.
UPSTREAM_DIES = {
    "mc10_overflow": "SIGFPE: the product of the manual axes' sizes overflows to 0 and divides the dimension",
}


def upstream_each(texts: list) -> dict:
    """text -> (accepted, pretty text or error, generic text) from jaxlib, or (None, how it died, "")."""
    results, todo = {}, list(dict.fromkeys(texts))
    while todo:
        proc = subprocess.run([sys.executable, "-c", _UPSTREAM], capture_output=True, text=True, timeout=300,
                              input="".join(json.dumps(t) + "\n" for t in todo))
        lines = proc.stdout.splitlines()
        for text, line in zip(todo, lines):
            results[text] = tuple(json.loads(line))
        todo = todo[len(lines):]
        if todo:
            assert proc.returncode != 0, proc.stderr[-2000:]
            results[todo[0]] = (None, f"died with status {proc.returncode}", "")
            todo = todo[1:]
    return results


def opt(text: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([OPT, "-", *flags], input=text, capture_output=True, text=True, timeout=60)


def invalid_cases() -> list:
    """(case name, text) of every `// -----` case of test/lit/sdy/invalid.mlir."""
    with open(os.path.join(LIT, "invalid.mlir"), encoding="utf-8") as fh:
        chunks = fh.read().split("\n// -----\n")
    cases = []
    for chunk in chunks:
        name = re.search(r"func\.func @(\w+)", chunk) or re.search(r"sdy\.mesh @(\w+)", chunk)
        cases.append((name.group(1), chunk))
    return cases


def ops_text() -> str:
    with open(os.path.join(LIT, "ops.mlir"), encoding="utf-8") as fh:
        return fh.read()


@pytest.fixture(scope="module")
def exports() -> dict:
    pytest.importorskip("jax")
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4", JAX_PLATFORMS="cpu")
    proc = subprocess.run([sys.executable, "-c", _EXPORT], env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def printed(exports) -> dict:
    """name -> our stablehlo-opt's print of the export."""
    result = {}
    for name, text in exports.items():
        proc = opt(text)
        assert proc.returncode == 0, f"{name}: {proc.stderr}"
        result[name] = proc.stdout
    return result


@pytest.fixture(scope="module")
def upstream(exports, printed) -> dict:
    texts = [ops_text(), *exports.values(), *printed.values(), *(text for _, text in invalid_cases())]
    return upstream_each(texts)


EXPORTS = ["psum", "pmax", "all_gather", "all_gather_stacked", "psum_scatter", "ppermute", "all_to_all",
           "axis_index", "mesh_2x2", "mesh_2x2_one_dim_two_axes", "mesh_2x2_replicated_operand", "partially_manual",
           "jit_shardings", "with_sharding_constraint", "unconstrained", "reshard", "inv", "qr", "eigh", "cholesky",
           "svd"]


def test_every_export_is_tested(exports):
    assert sorted(exports) == sorted(EXPORTS)


@pytest.mark.parametrize("name", EXPORTS)
def test_export_prints_as_jaxlib(exports, printed, name):
    text = exports[name]
    assert "sdy.mesh" in text
    assert printed[name].rstrip("\n") == text.rstrip("\n")


@pytest.mark.parametrize("name", EXPORTS)
def test_jaxlib_parses_our_print(printed, upstream, name):
    accepted, pretty, _ = upstream[printed[name]]
    assert accepted, pretty
    assert pretty.rstrip("\n") == printed[name].rstrip("\n")


def test_exports_cover_the_markup(exports):
    """The forms the exports exercise; sdy.reshard and sdy.sharding_group are not among them (this
    jax writes reshard as sharding_constraint), test/lit/sdy/ops.mlir covers them."""
    text = "\n".join(exports.values())
    for form in ["sdy.mesh @mesh = <[\"x\"=4]>", "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>", "sdy.manual_computation",
                 "sdy.return", "sdy.sharding_constraint", "{sdy.sharding = #sdy.sharding<", "manual_axes={\"x\", \"y\"}",
                 "manual_axes={\"x\"}", "{?}", "{\"x\", \"y\"}", "sdy.sharding_rule = #sdy.op_sharding_rule<",
                 "stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.reduce_scatter",
                 "stablehlo.collective_permute", "stablehlo.all_to_all", "stablehlo.partition_id"]:
        assert form in text, form


def test_ops_file_prints_as_upstream(upstream):
    text = ops_text()
    ours = opt(text)
    assert ours.returncode == 0, ours.stderr
    accepted, pretty, generic = upstream[text]
    assert accepted, pretty
    assert ours.stdout.rstrip("\n") == pretty.rstrip("\n")
    ours_generic = opt(text, "--mlir-print-op-generic")
    assert ours_generic.returncode == 0, ours_generic.stderr
    assert ours_generic.stdout.rstrip("\n") == generic.rstrip("\n")
    assert opt(generic).stdout == ours.stdout


@pytest.mark.parametrize("name,text", invalid_cases(), ids=[name for name, _ in invalid_cases()])
def test_invalid_case_rejected_by_both(upstream, name, text):
    ours = opt(text)
    assert ours.returncode != 0 and "error:" in ours.stderr and ours.returncode > 0, f"{name}: {ours.stderr}"
    accepted, message, _ = upstream[text]
    if name in UPSTREAM_DIES:
        assert accepted is None, f"{name}: upstream no longer dies: {message}"
    elif name in UPSTREAM_ACCEPTS:
        assert accepted, f"{name}: upstream now rejects it: {message}"
    else:
        assert accepted is False, f"{name}: upstream accepts it"


def test_exception_lists_name_existing_cases():
    names = {name for name, _ in invalid_cases()}
    assert set(UPSTREAM_ACCEPTS) | set(UPSTREAM_DIES) <= names
