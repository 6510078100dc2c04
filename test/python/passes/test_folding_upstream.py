"""The folds stablehlo-aggressive-folder gained to match upstream's folder (issue 34):
reduce of constants, concatenate of equal splats, dynamic_slice of a splat, one-element
iota. Each folded program must give the interpreter's results on the unfolded program,
bit for bit.
"""

from __future__ import annotations

import numpy as np
import pytest
from mlir.passmanager import PassManager

import stablehlo_py
from stablehlo_py._parsing import context, parse_module

FOLDER = "builtin.module(func.func(stablehlo-aggressive-folder{fold-op-element-limit=100}))"
NP = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
      "ui8": np.uint8, "ui32": np.uint32, "ui64": np.uint64}


def _literal(values: np.ndarray, mlir_type: str) -> str:
    shape = "x".join(str(d) for d in values.shape)
    shape = shape + "x" if shape else ""
    if values.dtype == np.bool_:
        body = str(values.tolist()).replace("True", "true").replace("False", "false")
        return f"dense<{body}> : tensor<{shape}{mlir_type}>"
    return f'dense<"0x{values.tobytes().hex().upper()}"> : tensor<{shape}{mlir_type}>'


def _fold_and_compare(text: str, gone: str) -> str:
    """Runs the folder; the folded program's results equal the unfolded one's, bitwise."""
    expected = stablehlo_py.interpret(text)
    module = parse_module(text, context())
    PassManager.parse(FOLDER, context=module.context).run(module.operation)
    folded = str(module)
    assert gone not in folded, folded
    got = stablehlo_py.interpret(folded)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        assert g.dtype == e.dtype and g.shape == e.shape
        assert g.tobytes() == e.tobytes(), (g, e)
    return folded


def _identity(body: str, ty: str) -> np.ndarray:
    """The identity element of `body` on `ty`: the only init the folder folds with (the
    spec lets an implementation join init to the elements any number of times)."""
    dtype = NP[ty]
    if ty == "i1":
        return np.array(body in ("and", "multiply", "minimum"))
    info = np.iinfo(dtype)
    value = {"add": 0, "or": 0, "xor": 0, "multiply": 1, "and": -1 if info.min < 0 else info.max,
             "maximum": info.min, "minimum": info.max}[body]
    return np.array(value, dtype=dtype)


@pytest.mark.parametrize("body", ["add", "multiply", "and", "or", "xor", "maximum", "minimum"])
@pytest.mark.parametrize("ty", ["i1", "i8", "i32", "ui8", "i64", "ui64"])
def test_reduce_of_constants_is_the_interpreters(body, ty):
    rng = np.random.default_rng(sum(map(ord, body + ty)))
    dtype = NP[ty]
    init = _identity(body, ty)
    if ty == "i1":
        x = rng.integers(0, 2, size=(3, 4, 5)).astype(np.bool_)
    else:
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, size=(3, 4, 5), dtype=dtype, endpoint=True)
    dims_list = [[1], [0, 2], [0, 1, 2], []]
    results, lines = [], []
    lines.append(f"  %x = stablehlo.constant {_literal(x, ty)}")
    lines.append(f"  %i = stablehlo.constant {_literal(init, ty)}")
    for k, dims in enumerate(dims_list):
        kept = [d for j, d in enumerate(x.shape) if j not in dims]
        rtype = "tensor<" + "".join(f"{d}x" for d in kept) + ty + ">"
        dims_text = ", ".join(map(str, dims))
        lines.append(f"  %r{k} = stablehlo.reduce(%x init: %i) applies stablehlo.{body} across "
                     f"dimensions = [{dims_text}] : (tensor<3x4x5x{ty}>, tensor<{ty}>) -> {rtype}")
        results.append((f"%r{k}", rtype))
    text = ("func.func @main() -> (%s) {\n%s\n  return %s : %s\n}"
            % (", ".join(t for _, t in results), "\n".join(lines),
               ", ".join(n for n, _ in results), ", ".join(t for _, t in results)))
    _fold_and_compare(text, "stablehlo.reduce")


@pytest.mark.parametrize("body", ["add", "multiply", "xor", "maximum"])
@pytest.mark.parametrize("ty", ["i8", "i32", "ui64"])
def test_reduce_of_splats_beyond_the_limit(body, ty):
    # 3 * 7 * 11 = 231 elements > the limit of 100: a splat folds anyway (by doubling).
    dtype = NP[ty]
    x = np.full((3, 7, 11), dtype(3) if body != "xor" else dtype(5), dtype=dtype)
    init = _identity(body, ty)
    text = f"""func.func @main() -> (tensor<{ty}>, tensor<7x{ty}>) {{
  %x = stablehlo.constant dense<{x.flat[0]}> : tensor<3x7x11x{ty}>
  %i = stablehlo.constant {_literal(init, ty)}
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.{body} across dimensions = [0, 1, 2] : (tensor<3x7x11x{ty}>, tensor<{ty}>) -> tensor<{ty}>
  %1 = stablehlo.reduce(%x init: %i) applies stablehlo.{body} across dimensions = [0, 2] : (tensor<3x7x11x{ty}>, tensor<{ty}>) -> tensor<7x{ty}>
  return %0, %1 : tensor<{ty}>, tensor<7x{ty}>
}}"""
    _fold_and_compare(text, "stablehlo.reduce")


def test_reduce_over_nothing_is_the_init():
    text = """func.func @main() -> tensor<3xf32> {
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %i = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.reduce(%e init: %i) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}"""
    _fold_and_compare(text, "stablehlo.reduce")


@pytest.mark.parametrize("ty", ["i32", "ui8"])
def test_reduce_with_other_init_stays(ty):
    # add with init 7: how many times init joins the sum is the implementation's choice.
    text = f"""func.func @main() -> tensor<{ty}> {{
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3x{ty}>
  %i = stablehlo.constant dense<7> : tensor<{ty}>
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<3x{ty}>, tensor<{ty}>) -> tensor<{ty}>
  return %0 : tensor<{ty}>
}}"""
    module = parse_module(text, context())
    PassManager.parse(FOLDER, context=module.context).run(module.operation)
    assert "stablehlo.reduce" in str(module)


def test_float_reduce_stays():
    text = """func.func @main() -> tensor<f32> {
  %x = stablehlo.constant dense<[1.0, 1.0e8, -1.0e8, 1.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"""
    module = parse_module(text, context())
    PassManager.parse(FOLDER, context=module.context).run(module.operation)
    assert "stablehlo.reduce" in str(module)


def test_concatenate_of_splats_dynamic_slice_and_iota():
    text = """func.func @main() -> (tensor<2x7xi32>, tensor<2x2xf32>, tensor<1x1xui8>, tensor<4xi32>) {
  %arg = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %z = stablehlo.constant dense<-5> : tensor<2x1xi32>
  %z2 = stablehlo.constant dense<-5> : tensor<2x2xi32>
  %a = stablehlo.iota dim = 0 : tensor<2x2xi32>
  %0 = stablehlo.concatenate %z, %z2, %a, %z, %z, dim = 1 : (tensor<2x1xi32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x7xi32>
  %s = stablehlo.constant dense<0x7FC00001> : tensor<5x5xf32>
  %k = stablehlo.constant dense<4> : tensor<i32>
  %1 = stablehlo.dynamic_slice %s, %k, %k, sizes = [2, 2] : (tensor<5x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %2 = stablehlo.iota dim = 1 : tensor<1x1xui8>
  %big = stablehlo.constant dense<9> : tensor<2xi32>
  %3 = stablehlo.concatenate %big, %big, dim = 0 : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<2x7xi32>, tensor<2x2xf32>, tensor<1x1xui8>, tensor<4xi32>
}"""
    folded = _fold_and_compare(text, "stablehlo.dynamic_slice")
    assert "stablehlo.iota dim = 1 : tensor<1x1xui8>" not in folded
