"""Large f32/f64 convolutions on the compiled backend call the native strided gemm kernel
(lib/Runtime/NativeKernels.cpp, the lowering's library-contractions) with the interpreter's
structure (dot_conv._convolution_kernel): one gemm per kernel position and image (unit window
strides, `_image_rows`) or output row, the positions' products added in order (`_tap_sum`, at
least TAP_FEATURES input features per group), or a window patch matrix times the kernel, one
gemm per group (`_window_patches`),
each operand handed to BLAS transposed or not as numpy's matmul hands it. The results are the
interpreter's bit for bit; a float64 numpy formula of the spec's convolution bounds both."""

from __future__ import annotations

import numpy as np
import pytest

import stablehlo_py
from stablehlo_py.interpreter import interpret

from conftest import assert_same

_LAYOUTS = {  # dimension numbers: (lhs, rhs, result) spellings, canonical -> given permutations
    "nhwc": ("[b, {s}, f]x[{s}, i, o]->[b, {s}, f]", "last", "last"),
    "nchw": ("[b, f, {s}]x[o, i, {s}]->[b, f, {s}]", "first", "first"),
}


def _conv_text(lhs, rhs, out, layout, t, stride, pad, lhs_dilate, rhs_dilate, reverse, fg, bg):
    shape = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{t}>"  # noqa: E731
    spatial = ", ".join(str(i) for i in range(len(stride)))
    dims = _LAYOUTS[layout][0].format(s=spatial)
    ints = lambda v: "[" + ", ".join(map(str, v)) + "]"  # noqa: E731
    window = (f"stride = {ints(stride)}, pad = [{', '.join(ints(p) for p in pad)}], "
              f"lhs_dilate = {ints(lhs_dilate)}, rhs_dilate = {ints(rhs_dilate)}, "
              f"reverse = [{', '.join('true' if r else 'false' for r in reverse)}]")
    return f"""func.func @main(%a: {shape(lhs)}, %b: {shape(rhs)}) -> {shape(out)} {{
  %0 = stablehlo.convolution(%a, %b) dim_numbers = {dims}, window = {{{window}}} {{batch_group_count = {bg} : i64, feature_group_count = {fg} : i64}} : ({shape(lhs)}, {shape(rhs)}) -> {shape(out)}
  return %0 : {shape(out)}
}}"""


def _oracle(x, w, stride, pad, lhs_dilate, rhs_dilate, reverse, fg, bg):
    """The spec's convolution in float64 on canonical layouts, x (N, spatial..., C) and
    w (spatial..., I, O): each output a sum over window positions and input features."""
    x, w = x.astype(np.float64), w.astype(np.float64)
    n, *size, c = x.shape
    *ks, kin, kout = w.shape
    dilated = np.zeros((n, *((s - 1) * d + 1 for s, d in zip(size, lhs_dilate)), c))
    dilated[(slice(None), *(slice(None, None, d) for d in lhs_dilate), slice(None))] = x
    grown = [(max(lo, 0), max(hi, 0)) for lo, hi in pad]
    xp = np.pad(dilated, [(0, 0), *grown, (0, 0)])
    xp = xp[(slice(None), *(slice(-min(lo, 0), xp.shape[1 + i] + min(hi, 0)) for i, (lo, hi) in enumerate(pad)),
             slice(None))]
    out = [(p - ((k - 1) * d + 1)) // s + 1 for p, k, d, s in zip(xp.shape[1:-1], ks, rhs_dilate, stride)]
    groups, kg = fg * bg, kout // (fg * bg)
    result = np.zeros((n // bg, *out, kout))
    scale = np.zeros_like(result)
    for position in np.ndindex(*ks):
        read = [k - 1 - p if r else p for p, k, r in zip(position, ks, reverse)]
        window = xp[(slice(None), *(slice(p * d, p * d + (o - 1) * s + 1, s) for p, d, o, s in
                                    zip(read, rhs_dilate, out, stride)), slice(None))]
        tap = w[position]  # (I, O)
        for g in range(groups):
            if bg > 1:
                lhs = window[g * (n // bg):(g + 1) * (n // bg)]
            else:
                lhs = window[..., g * kin:(g + 1) * kin]
            rhs = tap[:, g * kg:(g + 1) * kg]
            result[..., g * kg:(g + 1) * kg] += lhs @ rhs
            scale[..., g * kg:(g + 1) * kg] += np.abs(lhs) @ np.abs(rhs)
    return result, scale


def _to_layout(a, layout, kind):
    """A canonical array in `layout`: lhs/result (N, spatial..., C) -> (N, C, spatial...),
    rhs (spatial..., I, O) -> (O, I, spatial...)."""
    if layout == "nhwc":
        return a
    r = a.ndim
    perm = (0, r - 1, *range(1, r - 1)) if kind != "rhs" else (r - 1, r - 2, *range(r - 2))
    return np.ascontiguousarray(a.transpose(perm))


# name: (lhs canonical shape, rhs canonical shape, stride, padding, lhs dilation, rhs dilation,
#        reversal, feature groups, batch groups, layout)
CASES = {
    # one gemm per kernel position (>= 16 input features per group)
    "taps": ((8, 16, 16, 16), (3, 3, 16, 32), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1, "nhwc"),
    "taps_nchw_oihw": ((2, 12, 12, 32), (3, 3, 32, 32), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1,
                       "nchw"),
    "taps_feature_groups": ((4, 12, 12, 64), (3, 3, 32, 64), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 2, 1,
                            "nhwc"),
    "taps_batch_groups": ((8, 12, 12, 32), (3, 3, 32, 64), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 2,
                          "nhwc"),
    "taps_strided_dilated_reversed": ((4, 15, 17, 24), (3, 2, 24, 40), (2, 1), ((2, -1), (0, 3)), (2, 1), (1, 2),
                                      (1, 0), 1, 1, "nhwc"),
    "taps_1d": ((4, 300, 16), (5, 16, 16), (1,), ((2, 2),), (1,), (1,), (0,), 1, 1, "nhwc"),
    "taps_3d_nchw": ((2, 6, 7, 8, 16), (2, 3, 2, 16, 24), (1, 1, 1), ((0, 0), (1, 1), (1, 0)), (1, 1, 1),
                     (1, 1, 1), (0, 1, 0), 1, 1, "nchw"),
    # unit window strides: one gemm per image and kernel position (dot_conv._image_rows), the
    # padding's rows computed and thrown away ("taps" above, but for the strided ones, too)
    "rows_unpadded_1x1": ((4, 20, 20, 32), (1, 1, 32, 64), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1,
                          "nhwc"),  # x is the lhs itself: the kernel reads a copy of its own
    "rows_cropped_dilated_reversed": ((4, 15, 17, 24), (3, 2, 24, 40), (1, 1), ((2, -1), (0, 3)), (2, 1), (1, 2),
                                      (1, 0), 1, 1, "nhwc"),
    "rows_small_images": ((16, 3, 3, 16), (3, 3, 16, 16), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1,
                          "nhwc"),  # 13 rows per image for 9 outputs
    "rows_batch_groups_reversed": ((8, 12, 12, 32), (3, 3, 32, 64), (1, 1), ((2, 2), (1, 1)), (1, 1), (2, 1), (1, 1),
                                   1, 2, "nhwc"),
    "rows_feature_groups_nchw": ((2, 12, 12, 64), (3, 3, 16, 48), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 4,
                                 1, "nchw"),
    "rows_5x5": ((2, 20, 20, 16), (5, 5, 16, 32), (1, 1), ((2, 2), (2, 2)), (1, 1), (1, 1), (0, 0), 1, 1, "nhwc"),
    "rows_one_batch_1d": ((1, 200, 32), (3, 32, 16), (1,), ((1, 1),), (1,), (1,), (1,), 1, 1, "nchw"),
    # more than TAP_WASTE times the wanted rows: one gemm per output row
    "taps_wasteful": ((4, 6, 6, 16), (5, 5, 16, 32), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1, "nhwc"),
    # window patches, one gemm per group
    "patches": ((8, 16, 16, 3), (3, 3, 3, 32), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1, "nhwc"),
    "patches_oihw_1x1": ((4, 20, 20, 8), (1, 1, 8, 32), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1,
                         "nchw"),
    "patches_oihw_5x5": ((4, 30, 30, 3), (5, 5, 3, 16), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1,
                         "nchw"),
    "patches_feature_groups_dilated": ((2, 10, 10, 8), (3, 3, 4, 64), (1, 1), ((1, 1), (2, 0)), (2, 2), (1, 1),
                                       (0, 1), 2, 1, "nhwc"),
    "patches_batch_groups": ((8, 20, 20, 4), (3, 3, 4, 64), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (1, 1), 1, 4,
                             "nhwc"),
    "patches_deep": ((4, 17, 17, 40), (3, 3, 10, 32), (2, 2), ((1, 1), (1, 1)), (1, 1), (2, 2), (0, 0), 4, 1, "nhwc"),
}


def _case(case, dtype):
    lhs, rhs, stride, pad, lhs_dilate, rhs_dilate, reverse, fg, bg, layout = CASES[case]
    rng = np.random.default_rng(len(case))
    x, w = rng.standard_normal(lhs).astype(dtype), rng.standard_normal(rhs).astype(dtype)
    exact, scale = _oracle(x, w, stride, pad, lhs_dilate, rhs_dilate, reverse, fg, bg)
    t = "f32" if dtype == np.float32 else "f64"
    text = _conv_text(_to_layout(x, layout, "lhs").shape, _to_layout(w, layout, "rhs").shape,
                      _to_layout(exact, layout, "out").shape, layout, t, stride, pad, lhs_dilate, rhs_dilate,
                      reverse, fg, bg)
    return text, _to_layout(x, layout, "lhs"), _to_layout(w, layout, "rhs"), (exact, scale), layout, rhs


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_library_convolutions_are_the_interpreters(case, dtype):
    text, x, w, (exact, scale), layout, rhs = _case(case, dtype)
    assert "call @__stablehlo_py_gemm_strided" in _backend_linalg(text), case
    (got,) = stablehlo_py.compile(text, backend="compiled")(x, w)
    assert_same([got], interpret(text, x, w), case)
    exact, scale = _to_layout(exact, layout, "out"), _to_layout(scale, layout, "out")
    eps = np.finfo(dtype).eps
    patch = int(np.prod(rhs[:-1]))
    assert np.all(np.abs(got - exact) <= 2 * patch * eps * scale + np.finfo(dtype).tiny), case


def _backend_linalg(text: str) -> str:
    """The compiled backend's linalg-level module of `text`."""
    from stablehlo_py.lowering import compiled

    return str(compiled._lowered(compiled._parsed(text, False), "main", to_llvm=False, compiled_backend=True))


def test_small_convolutions_stay_in_index_order():
    """At or below the interpreter's index-order sizes the convolution is one sum of products
    in the interpreter's patch order (window position..., input feature), also for an NCHW
    lhs; the same convolution larger calls the kernel."""
    small = (2, 8, 8, 4), (3, 3, 4, 8)  # patch 36, 2*64*8 outputs: index order
    for layout in ("nhwc", "nchw"):
        for (lhs, rhs), kernel in ((small, False), (((4, 16, 16, 4), (3, 3, 4, 32)), True)):
            CASES["_probe"] = (lhs, rhs, (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1, layout)
            try:
                text, x, w, *_ = _case("_probe", np.float32)
            finally:
                del CASES["_probe"]
            assert ("__stablehlo_py_gemm_strided" in _backend_linalg(text)) == kernel, (layout, lhs)
            assert_same(stablehlo_py.compile(text, backend="compiled")(x, w), interpret(text, x, w))


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
def test_edge_values(dtype):
    """NaN, infinities and signed zeros through the kernel positions' products and sums."""
    text, x, w, *_ = _case("taps", dtype)
    x = x.copy()
    x[0, 0, 0, 0], x[1, 3, 4, 5], x[2, 7, 7, 1], w[1, 1, 2, 3] = np.nan, np.inf, -np.inf, -0.0
    (got,) = stablehlo_py.compile(text, backend="compiled")(x, w)
    assert_same([got], interpret(text, x, w))
    assert np.isnan(got).any() and np.isinf(got).any()


SLICED_LHS = """func.func @main(%a: tensor<4x20x22x32xf32>, %b: tensor<3x3x32x48xf32>) -> tensor<4x16x18x48xf32> {
  %s = stablehlo.slice %a [0:4, 1:19, 2:22, 0:32] : (tensor<4x20x22x32xf32>) -> tensor<4x18x20x32xf32>
  %0 = stablehlo.convolution(%s, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x18x20x32xf32>, tensor<3x3x32x48xf32>) -> tensor<4x16x18x48xf32>
  return %0 : tensor<4x16x18x48xf32>
}"""


def test_image_rows_of_a_view_read_a_copy():
    """Image rows read the lhs as one flat array of rows: an unpadded lhs that is a view (here a
    slice of the argument) is copied first; the lhs argument itself is read in place."""
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((4, 20, 22, 32)).astype(np.float32), rng.standard_normal((3, 3, 32, 48)).astype(
        np.float32)
    assert "bufferization.alloc_tensor" in _backend_linalg(SLICED_LHS)
    assert_same(stablehlo_py.compile(SLICED_LHS, backend="compiled")(a, b), interpret(SLICED_LHS, a, b))
    text, *_ = _case("rows_unpadded_1x1", np.float32)
    assert "bufferization.alloc_tensor" not in _backend_linalg(text)
