"""batch_norm_inference, batch_norm_training and batch_norm_grad in one program, its inputs, and
the spec's decompositions of the three ops in numpy float64 (the oracle of
interpreter/reductions/test_batch_norm.py and test_batch_norm_f64.py)."""

from __future__ import annotations

import numpy as np


def program(shape, element, feature_index, epsilon=1e-3):
    T = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    V = f"tensor<{shape[feature_index]}x{element}>"
    attrs = f"{{epsilon = {epsilon!r} : f32, feature_index = {feature_index} : i64}}"
    return f"""func.func public @main(%x: {T}, %s: {V}, %o: {V}, %m: {V}, %v: {V}, %dy: {T}) -> ({T}, {T}, {V}, {V}, {T}, {V}, {V}) {{
      %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {attrs} : ({T}, {V}, {V}, {V}, {V}) -> {T}
      %1:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {attrs} : ({T}, {V}, {V}) -> ({T}, {V}, {V})
      %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {attrs} : ({T}, {V}, {V}, {V}, {T}) -> ({T}, {V}, {V})
      return %0, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2 : {T}, {T}, {V}, {V}, {T}, {V}, {V}
    }}"""


def inputs(rng, shape, feature_index, dtype):
    n = shape[feature_index]
    x = (rng.standard_normal(shape) * 3 + 1).astype(dtype)
    scale, offset, mean = (rng.standard_normal(n).astype(dtype) for _ in range(3))
    variance = (np.abs(rng.standard_normal(n)) + 0.1).astype(dtype)
    dy = rng.standard_normal(shape).astype(dtype)
    return x, scale, offset, mean, variance, dy


def spec_decomposition(x, scale, offset, mean, variance, dy, feature_index, epsilon):
    """The spec's batch_norm_inference/training/grad formulas in float64."""
    x, scale, offset, mean, variance, dy = (np.asarray(a, np.float64) for a in (x, scale, offset, mean, variance, dy))
    others = tuple(d for d in range(x.ndim) if d != feature_index)
    shape = [1] * x.ndim
    shape[feature_index] = -1
    b = lambda v: v.reshape(shape)  # noqa: E731
    inference = b(scale) * (x - b(mean)) / np.sqrt(b(variance) + epsilon) + b(offset)
    batch_mean = x.mean(axis=others)
    batch_var = ((x - b(batch_mean)) ** 2).mean(axis=others)
    training = b(scale) * (x - b(batch_mean)) / np.sqrt(b(batch_var) + epsilon) + b(offset)
    n = x.size / x.shape[feature_index]
    centered = x - b(mean)
    stddev = np.sqrt(b(variance) + epsilon)
    i6 = dy * n - dy.sum(axis=others, keepdims=True) - (dy * centered).sum(axis=others, keepdims=True) * centered / (
        b(variance) + epsilon)
    grad_operand = b(scale) / stddev / n * i6
    grad_scale = (dy * centered / stddev).sum(axis=others)
    return [inference, training, batch_mean, batch_var, grad_operand, grad_scale, dy.sum(axis=others)]

