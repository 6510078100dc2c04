"""Portable artifacts (VHLO in MLIR bytecode), judged by upstream StableHLO itself (jaxlib's
serializer and deserializer): what we write loads in jaxlib as jaxlib's own artifact of the
same program does, what jaxlib writes loads in ours, and for the targets where both write the
same bytes, the bytes are equal. Programs are real producers' output (torch-xla, torchax)."""
import glob
import os
import re

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.dialects import stablehlo as ss

pytestmark = pytest.mark.upstream

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
# Programs holding Shardy attributes (#sdy...) have no VHLO form, in upstream's serializer as
# in ours: test_shardy_attributes_are_refused_by_name.
PROGRAMS = [path for path in sorted(glob.glob(os.path.join(ROOT, "test/producers/torchax/*.mlir")) +
                                    glob.glob(os.path.join(ROOT, "test/producers/torch_xla/*.mlir")))
            if "#sdy." not in open(path).read()]
# The releases jax, TF and PyTorch/XLA target, the oldest with guarantees, and the newest
# jaxlib reads (StableHLO 1.17).
TARGETS = ["0.9.0", "0.14.0", "1.0.0", "1.13.7", "1.17.0"]
# Targets for which jaxlib and this build write the very same bytes for a small program.
SAME_BYTES = ["0.9.0", "0.14.0", "1.0.0"]


def _name(path):
    return "/".join(path.split(os.sep)[-2:])


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("path", PROGRAMS, ids=_name)
def test_our_artifacts_load_in_jaxlib_as_its_own(jaxlib, path, target):
    js, reprint = jaxlib
    text = open(path).read()
    try:
        theirs = js.serialize_portable_artifact_str(text, target)
    except ValueError:  # upstream has no form of it at that target (e.g. composite before 0.19)
        with pytest.raises(Exception, match=r"is not in version"):
            ss.serialize_portable_artifact_str(text, target)
        return
    ours = ss.serialize_portable_artifact_str(text, target)
    assert ours.startswith(b"ML\xefR") and f"StableHLO_v{target}".encode() in ours[:40]
    assert reprint(js.deserialize_portable_artifact_str(ours)) == reprint(js.deserialize_portable_artifact_str(theirs))


@pytest.mark.parametrize("target", SAME_BYTES)
def test_small_programs_give_upstreams_bytes(jaxlib, target):
    # Larger programs still differ in a few bytes (docs/vhlo.md): same program, other encoding.
    js, _ = jaxlib
    assert ss.serialize_portable_artifact_str(PROGRAM, target) == js.serialize_portable_artifact_str(PROGRAM, target)


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("path", PROGRAMS, ids=_name)
def test_jaxlib_artifacts_load_in_ours(jaxlib, path, target):
    js, reprint = jaxlib
    text = open(path).read()
    try:
        artifact = js.serialize_portable_artifact_str(text, target)
    except ValueError:
        return  # nothing to read: the case above checks we refuse it too
    module = ss.deserialize_portable_artifact(stablehlo_py.context(), artifact)
    # Printed by us, read back by upstream: the program upstream's own round trip gives.
    assert reprint(str(module)) == reprint(js.deserialize_portable_artifact_str(
        js.serialize_portable_artifact_str(text, target)))


@pytest.mark.parametrize("path", PROGRAMS[:4], ids=_name)
def test_an_artifact_runs_as_its_program(path):
    text = open(path).read()
    data = np.load(path[:-len(".mlir")] + ".npz")
    inputs = [data[k] for k in sorted((k for k in data.files if k.startswith("input")), key=lambda k: int(k.split("_")[1]))]
    expected = stablehlo_py.interpret(text, *inputs)
    got = stablehlo_py.interpret(ss.serialize_portable_artifact_str(text, "1.13.7"), *inputs)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)


def test_versions_and_compatibility_requirements(jaxlib):
    js, _ = jaxlib
    assert ss.get_current_version() == "1.20.0"
    assert ss.get_minimum_version() == js.get_minimum_version() == "0.9.0"
    assert ss.get_api_version() == js.get_api_version()
    assert ss.get_smaller_version("1.2.3", "1.10.0") == "1.2.3"
    assert ss.get_smaller_version("01.002.3", "1.2.4") == "1.2.3"
    with pytest.raises(ValueError, match="failed to convert version"):
        ss.get_smaller_version("1.2", "1.3.0")
    R = ss.StablehloCompatibilityRequirement
    assert ss.get_version_from_compatibility_requirement(R.NONE) == "1.20.0"
    assert ss.get_version_from_compatibility_requirement(R.MAX) == "0.9.0"
    for requirement in (R.WEEK_4, R.WEEK_12):  # old enough for the jaxlib we test with
        version = ss.get_version_from_compatibility_requirement(requirement)
        assert ss.get_smaller_version(version, js.get_current_version()) == version


PROGRAM = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.sine %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}"""


@pytest.mark.parametrize("target, message", [
    ("1.2", "Target version must be of the form"),
    ("v1.2.3", "Target version must be of the form"),
    ("0.4.0", "less than minimum supported 0.9.0"),
    ("1.21.0", "greater than current version 1.20.0"),
])
def test_bad_targets_are_named(target, message):
    with pytest.raises(Exception, match=message):
        ss.serialize_portable_artifact_str(PROGRAM, target)


def test_a_feature_newer_than_the_target_is_refused_by_name():
    text = """func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
      %0 = stablehlo.tan %a : tensor<4xf32>
      return %0 : tensor<4xf32>
    }"""
    with pytest.raises(Exception, match=r"vhlo.tan_v1.*is not in version 1.3.0"):
        ss.serialize_portable_artifact_str(text, "1.3.0")
    dot = """func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
      %0 = stablehlo.dot_general %a, %a, contracting_dims = [1] x [0],
             algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32,
                          lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1,
                          allow_imprecise_accumulation = false> : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      return %0 : tensor<2x2xf32>
    }"""
    assert ss.serialize_portable_artifact_str(dot, "1.6.0")
    with pytest.raises(Exception, match=r"vhlo.dot_general_v2 with a non-default lhs_precision_type is not in version 1.5.0"):
        ss.serialize_portable_artifact_str(dot, "1.5.0")


def test_ops_of_other_dialects_are_refused_by_name():
    text = open(os.path.join(ROOT, "test/producers/torch_mlir/lstm.mlir")).read()
    with pytest.raises(Exception, match="'arith.constant' has no VHLO counterpart|dense_resource.*has no VHLO form"):
        ss.serialize_portable_artifact_str(text, "1.0.0")


# Upstream's allow_other_dialects: another dialect's ops stay, behind unrealized casts.
OTHER_DIALECTS = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c = arith.constant dense<1.5> : tensor<2xf32>
  %0 = stablehlo.add %a, %c : tensor<2xf32>
  %1 = arith.addf %0, %c : tensor<2xf32>
  %2 = stablehlo.multiply %1, %a : tensor<2xf32>
  return %2 : tensor<2xf32>
}"""


def test_ops_of_other_dialects_go_into_an_artifact_when_allowed():
    # (jaxlib's deserialize_portable_artifact_str reads in a context of StableHLO's dialects
    # only, so it cannot read such an artifact; its VHLO text is compared below)
    module = stablehlo_py.parse_module(OTHER_DIALECTS)
    with pytest.raises(Exception, match="'arith.constant' has no VHLO counterpart"):
        ss.serialize_portable_artifact(module, "1.17.0")
    artifact = ss.serialize_portable_artifact(module, "1.17.0", allow_other_dialects=True)
    # read back as it was written
    assert str(stablehlo_py.parse_module(artifact)) == str(module)
    a = np.array([1, -2], np.float32)
    (got,) = stablehlo_py.interpret(artifact, a)
    np.testing.assert_array_equal(got, ((a + np.float32(1.5)) + np.float32(1.5)) * a)


@pytest.mark.upstream
def test_allow_other_dialects_writes_upstreams_vhlo():
    # the pass with upstream's option gives upstream's VHLO text, casts included
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir import passmanager as jpm
    from jaxlib.mlir.dialects import stablehlo as js

    import mlir.passmanager as pm

    js.register_stablehlo_passes()
    pipeline = "builtin.module(stablehlo-legalize-to-vhlo{allow-other-dialects=true})"
    with jax_mlir.make_ir_context():
        theirs = jir.Module.parse(OTHER_DIALECTS)
        jpm.PassManager.parse(pipeline).run(theirs.operation)
        expected = theirs.operation.get_asm(print_generic_op_form=True)
    module = stablehlo_py.parse_module(OTHER_DIALECTS)
    with module.context:
        pm.PassManager.parse(pipeline).run(module.operation)
        got = module.operation.get_asm(print_generic_op_form=True)
    assert got == expected


def test_cli_serializes_other_dialects_when_allowed(tmp_path):
    import subprocess
    import sys

    source = tmp_path / "p.mlir"
    source.write_text(OTHER_DIALECTS)
    cli = [sys.executable, "-m", "stablehlo_py.cli", "translate", "--serialize", "--target=1.17.0", str(source)]
    refused = subprocess.run(cli + ["-o", str(tmp_path / "a.bc")], capture_output=True, text=True)
    assert refused.returncode != 0 and "'arith.constant' has no VHLO counterpart" in refused.stderr
    done = subprocess.run(cli + ["--allow-other-dialects", "-o", str(tmp_path / "a.bc")], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    back = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "translate", "--deserialize",
                           str(tmp_path / "a.bc")], capture_output=True, text=True)
    assert back.returncode == 0 and "arith.addf" in back.stdout and "unrealized" not in back.stdout


@pytest.mark.parametrize("target", ["0.14.0", "1.0.0", "1.13.0", "1.17.0"])
@pytest.mark.parametrize("path", [p for p in PROGRAMS if "custom_call" not in open(p).read()], ids=_name)
def test_use_lists_are_written_as_upstream_leaves_them(path, target):
    """A value used several times costs no use-list order entry unless an op of it was re-created
    by a version step (tanh_v2 written as tanh_v1), as upstream's two conversions leave them: the
    located-free artifact is jaxlib's byte for byte. (custom_call is left out: ours steps down from
    custom_call_v2, which jaxlib's StableHLO 1.17 does not have.)"""
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir, passmanager
    from jaxlib.mlir.dialects import stablehlo as js
    from mlir.passmanager import PassManager

    text = open(path).read()
    ours_module = stablehlo_py.parse_module(text)
    with ours_module.context:
        PassManager.parse("builtin.module(strip-debuginfo)").run(ours_module.operation)
    with jax_mlir.make_ir_context(), ir.Location.unknown():
        module = ir.Module.parse(text)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        try:
            theirs = js.serialize_portable_artifact(module, target)
        except Exception:  # noqa: BLE001 -- an op the target lacks (composite before 0.19): ours refuses too
            with pytest.raises(Exception, match="is not in version"):
                ss.serialize_portable_artifact(ours_module, target)
            return
    assert ss.serialize_portable_artifact(ours_module, target) == theirs


@pytest.mark.parametrize("target", SAME_BYTES)
def test_cli_strip_debuginfo_writes_jaxlibs_stripped_bytes(tmp_path, target):
    """upstream's `stablehlo-translate --serialize --strip-debuginfo`: the artifact carries no
    locations, byte for byte jaxlib's artifact of the module after MLIR's strip-debuginfo; without
    the flag the locations are written (as jaxlib writes them)."""
    import subprocess
    import sys

    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir, passmanager
    from jaxlib.mlir.dialects import stablehlo as js

    source = tmp_path / "p.mlir"
    source.write_text(PROGRAM)
    cli = [sys.executable, "-m", "stablehlo_py.cli", "translate", "--serialize", f"--target={target}",
           str(source)]
    stripped = subprocess.run(cli + ["--strip-debuginfo"], capture_output=True)
    kept = subprocess.run(cli, capture_output=True)
    assert stripped.returncode == 0 and kept.returncode == 0, stripped.stderr + kept.stderr
    with jax_mlir.make_ir_context(), ir.Location.unknown():
        module = ir.Module.parse(PROGRAM)
        with_locations = js.serialize_portable_artifact(module, target)
        passmanager.PassManager.parse("builtin.module(strip-debuginfo)").run(module.operation)
        without = js.serialize_portable_artifact(module, target)
    assert stripped.stdout == without
    assert kept.stdout == with_locations and len(kept.stdout) > len(stripped.stdout)
    back = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "translate", "--deserialize",
                           "--strip-debuginfo", str(source)], capture_output=True, text=True)
    assert back.returncode != 0 and "--strip-debuginfo go with --serialize" in back.stderr


def test_shardy_attributes_are_refused_by_name():
    text = open(os.path.join(ROOT, "test/producers/torchax/erf_and_eigh.mlir")).read()
    with pytest.raises(Exception, match="attribute 'sdy.sharding_rule' .* has no VHLO form"):
        ss.serialize_portable_artifact_str(text, "1.0.0")


def test_hostile_artifacts_give_errors_not_crashes():
    artifact = ss.serialize_portable_artifact_str(PROGRAM, "1.0.0")
    rng = np.random.default_rng(7)
    cuts = sorted(set(int(n) for n in rng.integers(5, len(artifact), 6)))
    for cut in cuts:
        with pytest.raises(TypeError, match="portable artifact"):
            stablehlo_py.parse_module(artifact[:cut])
    for _ in range(6):
        mutant = bytearray(artifact)
        mutant[int(rng.integers(30, len(artifact)))] ^= int(rng.integers(1, 256))
        try:
            stablehlo_py.parse_module(bytes(mutant))
        except (TypeError, Exception) as e:  # a clear error; the process lives on
            assert str(e)


def test_cli_and_interpret_read_jax_export_blobs():
    folder = os.path.join(ROOT, "test/producers/jax_export")
    for name in ("mlp_layer", "count_and_mask", "unused_argument"):
        blob = open(os.path.join(folder, name + ".jaxexport"), "rb").read()
        data = np.load(os.path.join(folder, name + ".npz"))
        inputs = [data[f"input_{i}"] for i in range(sum(k.startswith("input") for k in data.files))]
        outputs = [data[f"output_{i}"] for i in range(sum(k.startswith("output") for k in data.files))]
        got = stablehlo_py.interpret(blob, *inputs)
        for g, e in zip(got, outputs):
            np.testing.assert_allclose(np.asarray(g, dtype=e.dtype), e, rtol=1e-6, atol=1e-6)


# The conformance corpus (JAX's programs, every op and element type), sampled: our
# stablehlo-legalize-to-vhlo + vhlo-to-version prints the VHLO upstream's passes print, and where
# upstream has no form of a program at a target (a type or op newer than it), we refuse it too.
# (Programs checked with the check dialect's ops are left out: jaxlib does not parse them.)
CORPUS = [path for path in sorted(glob.glob(os.path.join(ROOT, "test/conformance/corpus/*/*.mlir")))
          if not re.search(r'^\s*"?check\.', open(path).read(), re.M)][::25]


def _i1_hex_as_bits(text):
    """i1 constants printed in hex: MLIR 22 packs 8 elements a byte, jaxlib's newer MLIR prints a
    byte each; both written as the list of their bits."""
    import re

    def bits(match):
        data, count = bytes.fromhex(match.group(1)), int(match.group(2))
        if len(data) == count:
            values = [b != 0 for b in data]
        else:
            values = [bool(data[i // 8] >> (i % 8) & 1) for i in range(count)]
        return "bits" + "".join("1" if v else "0" for v in values) + f" : tensor<{count}xi1>"

    return re.sub(r'dense<"0x([0-9A-F]+)"> : tensor<(\d+)xi1>', bits, text)


@pytest.mark.parametrize("target", ["0.9.0", "1.5.0", "1.17.0"])
@pytest.mark.parametrize("path", CORPUS, ids=_name)
def test_vhlo_text_is_upstreams(path, target):
    from jax._src.interpreters import mlir as jax_mlir
    from jaxlib.mlir import ir as jir
    from jaxlib.mlir import passmanager as jpm
    from jaxlib.mlir.dialects import stablehlo as js

    import mlir.passmanager as pm

    js.register_stablehlo_passes()
    pipeline = f"builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{{target={target}}})"
    text = open(path).read()
    module = stablehlo_py.parse_module(text)
    with jax_mlir.make_ir_context():
        theirs = jir.Module.parse(text)
        try:
            jpm.PassManager.parse(pipeline).run(theirs.operation)
        except Exception:  # upstream has no form of it at this target
            with module.context, pytest.raises(Exception):
                pm.PassManager.parse(pipeline).run(module.operation)
            return
        expected = theirs.operation.get_asm(print_generic_op_form=True)
    with module.context:
        pm.PassManager.parse(pipeline).run(module.operation)
        got = module.operation.get_asm(print_generic_op_form=True)
    assert _i1_hex_as_bits(got) == _i1_hex_as_bits(expected)
