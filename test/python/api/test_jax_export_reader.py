"""stablehlo_py._jax_export reads jax.export blobs (`Exported.serialize()`) without jax.

Oracle: jax itself, the `Exported` object whose blob is read (its serializer needs the
`flatbuffers` package; those tests skip without it). Without jax: the fixtures of
test/producers/jax_export (checked against their npz), hand-laid flatbuffers (the layout of
blobs older than jax's aval deduplication, and hostile aliasing), and hostile input (every
truncation, byte and word corruptions), which must give None, a JaxExport or ValueError.
"""

from __future__ import annotations

import io
import random
import struct
import time
from pathlib import Path

import numpy as np
import pytest

from stablehlo_py._jax_export import JaxExport, looks_like_jax_export, read_jax_export

MAGIC = b"ML\xefR"
FIXTURES = Path(__file__).resolve().parents[3] / "test" / "producers" / "jax_export"
FIXTURE_NAMES = ["mlp_layer", "count_and_mask", "unused_argument"]
KEPT = {"mlp_layer": (0, 1, 2), "count_and_mask": (0, 1), "unused_argument": (0, 2)}


def _fixture(name: str) -> bytes:
    return (FIXTURES / f"{name}.jaxexport").read_bytes()


# --- jax as the oracle ---------------------------------------------------------------------


def _jax():
    jax = pytest.importorskip("jax")
    pytest.importorskip("flatbuffers", reason="jax's Exported.serialize needs flatbuffers")
    jax.config.update("jax_platforms", "cpu")
    return jax


def _ordered_effect_function(jax):
    """A function with one ordered effect (jax ships no serializable one outside its tests)."""
    from jax._src import effects
    from jax._src.interpreters import mlir
    from jax.extend.core import Primitive

    class ReaderTestOrderedEffect(effects.Effect):
        def __eq__(self, other):
            return type(other) is type(self)

        def __hash__(self):
            return hash(type(self))

    effect = ReaderTestOrderedEffect()
    for kind in (effects.lowerable_effects, effects.ordered_effects,
                 effects.control_flow_allowed_effects):
        kind.add_type(ReaderTestOrderedEffect)
    prim = Primitive("stablehlo_py_reader_test_effect")
    prim.def_effectful_abstract_eval(lambda x: (x, {effect}))

    def lower(ctx, x):
        ctx.set_tokens_out(mlir.TokenSet({effect: ctx.tokens_in.get(effect)}))
        return [x]

    mlir.register_lowering(prim, lower)
    return lambda x: prim.bind(x) * 2


def _cases(jax):
    jnp = jax.numpy
    S = jax.ShapeDtypeStruct
    f32 = jnp.float32
    b, = jax.export.symbolic_shape("b, 4")[:1]
    return {
        "elementwise": (lambda x, y: jnp.sin(x) * y, [S((3, 4), f32), S((3, 4), f32)], {}),
        "pytrees": (lambda d, t: ({"s": d["a"] + t[0]}, [d["b"] * t[1], t[0]]),
                    [{"a": S((2,), f32), "b": S((5, 1), jnp.int32)},
                     (S((2,), f32), S((5, 1), jnp.int32))], {}),
        "bf16_int8": (lambda x, y: (x * 2, y + 1, x.astype(jnp.float32)),
                      [S((2, 3), jnp.bfloat16), S((7,), jnp.int8)], {}),
        "int4_bool": (lambda x, m: (x, ~m), [S((8,), jnp.int4), S((3,), jnp.bool_)], {}),
        "shape_polymorphic": (lambda x: jnp.sum(x, axis=1) + 1,
                              [S(jax.export.symbolic_shape("b, 4"), f32)], {}),
        "poly_expression": (lambda x: jnp.concatenate([x, x]), [S((b, 4), f32)], {}),
        "unused_argument": (lambda x, unused, z: x + z, [S((2,), f32)] * 3, {}),
        "multi_platform": (lambda x: jnp.cos(x), [S((4,), f32)],
                           {"platforms": ("cpu", "cuda")}),
        "no_arguments": (lambda: jnp.arange(3.0), [], {}),
        "ordered_effect": (_ordered_effect_function(jax), [S((2,), f32)], {}),
    }


def _expected_aval(aval):
    dims = tuple(d if isinstance(d, int) else None for d in aval.shape)
    return dims, str(aval.dtype)


@pytest.fixture(scope="module")
def exported():
    jax = _jax()
    out = {}
    for name, (fun, specs, kwargs) in _cases(jax).items():
        exp = jax.export.export(jax.jit(fun), **kwargs)(*specs)
        out[name] = (exp, exp.serialize())
    return out


@pytest.mark.upstream
@pytest.mark.parametrize("case", ["elementwise", "pytrees", "bf16_int8", "int4_bool",
                                  "shape_polymorphic", "poly_expression", "unused_argument",
                                  "multi_platform", "no_arguments", "ordered_effect"])
def test_fields_match_jax(exported, case):
    exp, blob = exported[case]
    got = read_jax_export(blob)  # a bytearray, as serialize() returns it
    assert isinstance(got, JaxExport)
    assert looks_like_jax_export(blob)
    assert read_jax_export(bytes(blob)) == got == read_jax_export(memoryview(blob))
    assert got.module == exp.mlir_module_serialized and got.module.startswith(MAGIC)
    assert got.function_name == exp.fun_name
    assert got.platforms == tuple(exp.platforms)
    assert got.module_kept_var_idx == tuple(exp.module_kept_var_idx)
    assert got.in_avals == tuple(_expected_aval(a) for a in exp.in_avals)
    assert got.out_avals == tuple(_expected_aval(a) for a in exp.out_avals)
    assert got.nr_devices == exp.nr_devices
    assert got.ordered_effects == len(exp.ordered_effects)
    assert got.calling_convention_version == exp.calling_convention_version
    assert got.uses_global_constants == exp.uses_global_constants
    assert got.serialization_version == 3  # what jax writes, whatever its own version
    poly = any(not isinstance(d, int) for a in exp.in_avals + exp.out_avals for d in a.shape)
    assert got.has_shape_polymorphism == poly


@pytest.mark.upstream
def test_cases_cover_what_they_claim(exported):
    """The cases reach the fields' non-default values (else the comparison above is weak)."""
    read = {name: read_jax_export(blob) for name, (_, blob) in exported.items()}
    assert read["unused_argument"].module_kept_var_idx == (0, 2)
    assert read["multi_platform"].platforms == ("cpu", "cuda")
    assert read["multi_platform"].uses_global_constants
    assert read["ordered_effect"].ordered_effects == 1
    assert read["shape_polymorphic"].in_avals == (((None, 4), "float32"),)
    assert read["shape_polymorphic"].out_avals == (((None,), "float32"),)
    assert read["poly_expression"].out_avals == (((None, 4), "float32"),)  # "2*b"
    assert read["bf16_int8"].in_avals == (((2, 3), "bfloat16"), ((7,), "int8"))
    assert read["int4_bool"].in_avals == (((8,), "int4"), ((3,), "bool"))
    assert read["pytrees"].in_avals == (((2,), "float32"), ((5, 1), "int32"),
                                        ((2,), "float32"), ((5, 1), "int32"))
    assert read["no_arguments"].in_avals == ()
    assert not read["elementwise"].has_shape_polymorphism


@pytest.mark.upstream
def test_fixtures_match_jax_deserialization():
    jax = _jax()
    for name in FIXTURE_NAMES:
        blob = _fixture(name)
        exp = jax.export.deserialize(bytearray(blob))
        got = read_jax_export(blob)
        assert got.module == exp.mlir_module_serialized
        assert got.in_avals == tuple(_expected_aval(a) for a in exp.in_avals)
        assert got.out_avals == tuple(_expected_aval(a) for a in exp.out_avals)
        assert got.module_kept_var_idx == tuple(exp.module_kept_var_idx)


# --- the fixtures, without jax ---------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_against_its_npz(name):
    got = read_jax_export(_fixture(name))
    arrays = np.load(FIXTURES / f"{name}.npz")
    inputs = [arrays[f"input_{i}"] for i in range(len(got.in_avals))]
    outputs = [arrays[f"output_{i}"] for i in range(len(got.out_avals))]
    assert len(arrays.files) == len(inputs) + len(outputs)
    assert got.in_avals == tuple((a.shape, str(a.dtype)) for a in inputs)
    assert got.out_avals == tuple((a.shape, str(a.dtype)) for a in outputs)
    assert got.module.startswith(MAGIC)
    assert got.platforms == ("cpu",) and got.nr_devices == 1 and got.ordered_effects == 0
    assert got.module_kept_var_idx == KEPT[name]
    assert got.calling_convention_version >= 9 and not got.has_shape_polymorphism
    assert all(size <= 20_000 for size in (len(_fixture(name)),
                                           (FIXTURES / f"{name}.npz").stat().st_size))


# --- hand-laid flatbuffers -------------------------------------------------------------------


class _Layout:
    """Lays a flatbuffer out front to back (every uoffset points forward). A table is a dict
    slot -> (kind, value); kinds: i8 u8 i16 u16 u32 (inline), bytes str u16s u32s (vectors),
    strs / tables (vectors of offsets; `("same", n, item)` repeats one shared item n times)."""

    INLINE = {"i8": "<b", "u8": "<B", "i16": "<h", "u16": "<H", "u32": "<I"}

    def __init__(self, root: dict):
        self.buf = bytearray(4)
        struct.pack_into("<I", self.buf, 0, self.table(root))

    def align(self, n: int = 4):
        self.buf += bytes(-len(self.buf) % n)

    def table(self, fields: dict) -> int:
        nslots = max(fields, default=-1) + 1
        layout, size = {}, 4
        for slot in sorted(fields):
            layout[slot] = size
            size += struct.calcsize(self.INLINE.get(fields[slot][0], "<I"))
        size += -size % 4
        self.align(2)
        vtable = len(self.buf)
        self.buf += struct.pack(f"<HH{nslots}H", 4 + 2 * nslots, size,
                                *[layout.get(s, 0) for s in range(nslots)])
        self.align()
        pos = len(self.buf)
        self.buf += struct.pack("<i", pos - vtable) + bytes(size - 4)
        for slot, (kind, value) in sorted(fields.items()):
            at = pos + layout[slot]
            if kind in self.INLINE:
                struct.pack_into(self.INLINE[kind], self.buf, at, value)
            else:
                self.link(at, self.vector(kind, value))
        return pos

    def link(self, at: int, target: int):
        struct.pack_into("<I", self.buf, at, target - at)

    def vector(self, kind: str, value) -> int:
        self.align()
        pos = len(self.buf)
        if kind in ("bytes", "str"):
            data = value.encode() if kind == "str" else value
            self.buf += struct.pack("<I", len(data)) + data + b"\0"
        elif kind in ("u16s", "u32s"):
            fmt = "H" if kind == "u16s" else "I"
            self.buf += struct.pack(f"<I{len(value)}{fmt}", len(value), *value)
        else:
            same = isinstance(value, tuple) and value[:1] == ("same",)
            count = value[1] if same else len(value)
            self.buf += struct.pack("<I", count) + bytes(4 * count)
            targets = [self.item(kind, value[2])] * count if same else [
                self.item(kind, item) for item in value]
            for i, target in enumerate(targets):
                self.link(pos + 4 + 4 * i, target)
        return pos

    def item(self, kind: str, item) -> int:
        return self.vector("str", item) if kind == "strs" else self.table(item)


MODULE = MAGIC + b"\x01rest of the bytecode"


def _aval(shape, dtype_code):
    return {0: ("i8", 0), 1: ("strs", [str(d) for d in shape]), 2: ("i8", dtype_code)}


def test_hand_laid_blob_of_the_older_layout():
    """Before aval deduplication: avals inline in slots 3 and 5, nr_devices in slot 6 (i16)."""
    blob = bytes(_Layout({
        0: ("u16", 2), 1: ("str", "fun"), 3: ("tables", [_aval([2, "b"], 10), _aval([], 0)]),
        5: ("tables", [_aval(["2*b"], 14)]), 6: ("i16", 8), 9: ("strs", ["tpu"]),
        10: ("tables", [{0: ("str", "SomeEffect")}]), 13: ("bytes", MODULE),
        14: ("u16", 9), 15: ("u16s", [1]), 16: ("u8", 1),
    }).buf)
    assert read_jax_export(blob) == JaxExport(
        module=MODULE, function_name="fun", platforms=("tpu",), module_kept_var_idx=(1,),
        in_avals=(((2, None), "float32"), ((), "bool")), out_avals=(((None,), "bfloat16"),),
        nr_devices=8, ordered_effects=1, calling_convention_version=9,
        uses_global_constants=True, serialization_version=2, has_shape_polymorphism=True)


def test_hand_laid_blob_of_the_deduplicated_layout():
    blob = bytes(_Layout({
        1: ("str", "f"), 13: ("bytes", MODULE), 15: ("u16s", [0, 1]), 18: ("u32", 4),
        19: ("tables", [_aval([3], 3), _aval([1, 2], 27)]),
        22: ("u32s", [0, 0]), 23: ("u32s", [1]),
    }).buf)
    got = read_jax_export(blob)
    assert got.in_avals == (((3,), "int32"),) * 2
    assert got.out_avals == (((1, 2), "key<fry>"),)
    assert got.nr_devices == 4 and got.module_kept_var_idx == (0, 1)


@pytest.mark.parametrize("fields, message", [
    ({22: ("u32s", [5])}, "aval index 5"),
    ({15: ("u16s", [2, 1])}, "module_kept_var_idx"),
    ({15: ("u16s", [9])}, "module_kept_var_idx"),
    ({18: ("u32", 0)}, "nr_devices"),
    ({19: ("tables", [_aval([3], 99)])}, "unknown dtype code 99"),
    ({19: ("tables", [{0: ("i8", 1), 2: ("i8", 3)}])}, "unsupported kind 1"),
    ({1: ("bytes", b"\xff\xfe")}, "not UTF-8"),
])
def test_hand_laid_blob_with_bad_values(fields, message):
    root = {13: ("bytes", MODULE), 15: ("u16s", [0]), 18: ("u32", 1),
            19: ("tables", [_aval([3], 3)]), 22: ("u32s", [0])}
    root.update(fields)
    with pytest.raises(ValueError, match=f"look like a jax.export blob but .*{message}"):
        read_jax_export(bytes(_Layout(root).buf))


def test_aliased_offsets_cost_linear_time():
    """Every unique aval is the same table, whose shape is one string repeated: a reader
    following every offset would do 10^8 steps (minutes); this one gives up on a budget."""
    n = 10_000
    aval = {0: ("i8", 0), 1: ("strs", ("same", n, "7")), 2: ("i8", 10)}
    blob = bytes(_Layout({13: ("bytes", MODULE), 18: ("u32", 1),
                          19: ("tables", ("same", n, aval)), 22: ("u32s", [0])}).buf)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="revisit the same bytes"):
        read_jax_export(blob)
    assert time.perf_counter() - start < 1.0


# --- not a blob ------------------------------------------------------------------------------


def _not_blobs():
    npy = io.BytesIO()
    np.save(npy, np.arange(100, dtype=np.float32))
    module = read_jax_export(_fixture("mlp_layer")).module
    yield "empty", b""
    yield "text", b"func.func @main(%a: tensor<f32>) -> tensor<f32> { return %a : tensor<f32> }"
    yield "mlir bytecode", module
    yield "npy", npy.getvalue()
    yield "zeros", bytes(4096)
    yield "magic alone", MAGIC * 16
    for seed in range(5):
        rng = random.Random(seed)
        yield f"random {seed}", bytes(rng.getrandbits(8) for _ in range(rng.choice([7, 64, 3000])))


@pytest.mark.parametrize("label, data", list(_not_blobs()))
def test_not_a_blob_is_none(label, data):
    assert read_jax_export(data) is None
    assert not looks_like_jax_export(data)


def test_not_bytes_is_none():
    assert read_jax_export("ML\xefR not bytes") is None
    assert read_jax_export(None) is None
    assert read_jax_export(12345) is None


# --- hostile input ---------------------------------------------------------------------------


def _outcome(data: bytes):
    """None, a JaxExport or a ValueError: anything else fails the test."""
    try:
        got = read_jax_export(data)
    except ValueError as e:
        assert str(e).startswith("the bytes look like a jax.export blob but "), e
        assert looks_like_jax_export(data)
        return "error"
    assert got is None or isinstance(got, JaxExport)
    assert looks_like_jax_export(data) == (got is not None)
    return "none" if got is None else "read"


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_every_truncation(name):
    blob = _fixture(name)
    start = time.perf_counter()
    outcomes = [_outcome(blob[:n]) for n in range(len(blob))]
    assert "error" in outcomes  # the module vector's end is past the cut
    # A prefix reads only when the cut takes nothing but the trailing NUL and padding of the
    # last string (the function name), which no offset reaches.
    last_read = outcomes.index("read") if "read" in outcomes else len(blob)
    assert set(outcomes[:last_read]) <= {"none", "error"}
    assert set(outcomes[last_read:]) == {"read"} and not blob[last_read:].strip(b"\0")
    assert read_jax_export(blob[:last_read]) == read_jax_export(blob)
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_single_byte_corruptions(name):
    blob = _fixture(name)
    rng = random.Random(f"corrupt {name}")
    start = time.perf_counter()
    outcomes = []
    for _ in range(2000):
        data = bytearray(blob)
        data[rng.randrange(len(data))] = rng.getrandbits(8)
        outcomes.append(_outcome(bytes(data)))
    assert {"read", "error"} <= set(outcomes)
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_hostile_words(name):
    """Every aligned u32 of the blob replaced by extreme or small values."""
    blob = _fixture(name)
    start = time.perf_counter()
    for pos in range(0, len(blob) - 3, 4):
        for value in (0, 1, 4, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFF0000, len(blob)):
            data = bytearray(blob)
            struct.pack_into("<I", data, pos, value)
            _outcome(bytes(data))
    assert time.perf_counter() - start < 2.0
