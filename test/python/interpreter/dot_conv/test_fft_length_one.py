"""fft over length-1 dimensions: every transform is the identity there (IRFFT
keeps the real part), so the oracle is the input itself.

No other test used fft_length 1 or a one-element operand, so a kernel that
treated either like the empty case (returning zeros) survived mutation testing.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import assert_same

from stablehlo_py.interpreter import interpret

pytestmark = pytest.mark.mutant_killer

C, R = "complex<f64>", "f64"


@pytest.mark.parametrize("kind,src,dst", [("FFT", C, C), ("IFFT", C, C), ("RFFT", R, C), ("IRFFT", C, R)])
@pytest.mark.parametrize("lengths", [[1], [1, 1]], ids=["1d", "2d"])
@pytest.mark.parametrize("batch", [1, 3])
def test_length_one_transforms_are_the_identity(kind, src, dst, lengths, batch):
    shape = (batch,) + (1,) * len(lengths)  # batch 1: a one-element operand
    rng = np.random.default_rng(len(lengths))
    x = rng.standard_normal(shape) + (1j * rng.standard_normal(shape) if src == C else 0)
    t_in = f"tensor<{'x'.join(map(str, shape))}x{src}>"
    t_out = f"tensor<{'x'.join(map(str, shape))}x{dst}>"
    text = f"""
    func.func @main(%x: {t_in}) -> {t_out} {{
      %0 = stablehlo.fft %x, type = {kind}, length = {lengths} : ({t_in}) -> {t_out}
      return %0 : {t_out}
    }}"""
    expected = x.real if dst == R else x.astype(np.complex128)
    assert_same(interpret(text, x), [expected], kind)


@pytest.mark.parametrize("kind,src,dst", [("FFT", C, C), ("IFFT", C, C), ("RFFT", R, C), ("IRFFT", C, R)])
def test_length_zero_transforms_give_empty_results(kind, src, dst):
    """fft_length 0, which numpy refuses: the result is empty (C5 gives it length 0 for every type)."""
    t_in, t_out = f"tensor<2x0x{src}>", f"tensor<2x0x{dst}>"
    text = f"""
    func.func @main(%x: {t_in}) -> {t_out} {{
      %0 = stablehlo.fft %x, type = {kind}, length = [0] : ({t_in}) -> {t_out}
      return %0 : {t_out}
    }}"""
    x = np.zeros((2, 0), np.complex128 if src == C else np.float64)
    expected = np.zeros((2, 0), np.complex128 if dst == C else np.float64)
    assert_same(interpret(text, x), [expected], kind)


@pytest.mark.parametrize("kind,operand,result,lengths,element", [
    ("FFT", "tensor<?x4xcomplex<f32>>", "tensor<?x4xcomplex<f32>>", [4], np.complex64),
    ("RFFT", "tensor<?x6xf32>", "tensor<?x4xcomplex<f32>>", [6], np.float32),
    ("IRFFT", "tensor<?x4xcomplex<f32>>", "tensor<?x6xf32>", [6], np.complex64),
    # two transformed dimensions of different lengths: the last one decides the result's last
    ("RFFT", "tensor<?x3x6xf32>", "tensor<?x3x4xcomplex<f32>>", [3, 6], np.float32),
    ("IRFFT", "tensor<?x3x4xcomplex<f32>>", "tensor<?x3x6xf32>", [3, 6], np.complex64),
    ("RFFT", "tensor<?x0x6xf32>", "tensor<?x0x4xcomplex<f32>>", [0, 6], np.float32),
])
def test_empty_batch_of_a_dynamic_fft(kind, operand, result, lengths, element):
    """An empty batch at run time: the result is empty, its trailing dimensions as the transform makes them."""
    text = f"""func.func @main(%x: {operand}) -> {result} {{
  %0 = stablehlo.fft %x, type = {kind}, length = {lengths} : ({operand}) -> {result}
  return %0 : {result}
}}"""
    dims = lambda t: tuple(int(d) for d in t[len("tensor<?x"):].split("x") if d.isdigit())  # noqa: E731
    (got,) = interpret(text, np.zeros((0,) + dims(operand), element))
    assert got.shape == (0,) + dims(result)
