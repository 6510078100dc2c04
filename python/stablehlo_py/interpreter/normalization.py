"""Kernels of batch_norm_inference, batch_norm_training and batch_norm_grad,
following the spec's decompositions (centered variance, sqrt then divide).

Arithmetic runs in the element type for f32 and f64 and in f32 for narrower
floats (rounded to the element type at the end), as XLA on CPU does; the
per-feature vectors broadcast along `feature_index`.
"""

from __future__ import annotations

import numpy as np

from .registry import Kernel, register


def _setup(ctx):
    """(feature axis, reduction axes, compute dtype, result dtype, epsilon) of a batch-norm op."""
    operand = ctx.operand_spec(0)
    axis = ctx.attrs["feature_index"]
    dtype = operand.dtype
    compute = dtype if dtype in (np.float32, np.float64) else np.dtype(np.float32)
    others = tuple(d for d in range(operand.rank) if d != axis)
    epsilon = compute.type(ctx.attrs["epsilon"])
    return axis, others, compute, dtype, epsilon


def _per_feature(vector, axis, rank, compute):
    """A per-feature vector shaped to broadcast against the operand."""
    shape = [1] * rank
    shape[axis] = -1
    return np.asarray(vector, dtype=compute).reshape(shape)


def _elements_per_feature(x, others, compute):
    return compute.type(np.prod([x.shape[d] for d in others], dtype=np.int64))


def _mean(x, others, compute):
    return np.sum(x, axis=others, dtype=compute, keepdims=True) / _elements_per_feature(x, others, compute)


@register("stablehlo.batch_norm_inference")
def _batch_norm_inference(ctx):
    axis, others, compute, dtype, epsilon = _setup(ctx)

    def inference(x, scale, offset, mean, variance):
        rank = x.ndim
        x = x.astype(compute, copy=False)
        stddev = np.sqrt(_per_feature(variance, axis, rank, compute) + epsilon)
        normalized = (x - _per_feature(mean, axis, rank, compute)) / stddev
        out = _per_feature(scale, axis, rank, compute) * normalized + _per_feature(offset, axis, rank, compute)
        return out.astype(dtype, copy=False)

    return inference


@register("stablehlo.batch_norm_training")
def _batch_norm_training(ctx):
    axis, others, compute, dtype, epsilon = _setup(ctx)

    def training(x, scale, offset):
        rank = x.ndim
        x = x.astype(compute, copy=False)
        mean = _mean(x, others, compute)
        centered = x - mean
        variance = _mean(centered * centered, others, compute)
        normalized = centered / np.sqrt(variance + epsilon)
        out = _per_feature(scale, axis, rank, compute) * normalized + _per_feature(offset, axis, rank, compute)
        return [out.astype(dtype, copy=False), mean.reshape(-1).astype(dtype), variance.reshape(-1).astype(dtype)]

    return Kernel(training)


@register("stablehlo.batch_norm_grad")
def _batch_norm_grad(ctx):
    axis, others, compute, dtype, epsilon = _setup(ctx)

    def grad(x, scale, mean, variance, grad_output):
        rank = x.ndim
        x, dy = x.astype(compute, copy=False), grad_output.astype(compute, copy=False)
        var_eps = _per_feature(variance, axis, rank, compute) + epsilon
        stddev = np.sqrt(var_eps)
        centered = x - _per_feature(mean, axis, rank, compute)
        normalized = centered / stddev
        count = _elements_per_feature(x, others, compute)
        # The spec's names (from XLA's batchnorm expander): i1..i6.
        sum_dy = np.sum(dy, axis=others, dtype=compute, keepdims=True)
        i1 = dy * count
        i3 = np.sum(dy * centered, axis=others, dtype=compute, keepdims=True)
        i6 = (i1 - sum_dy) - (i3 * centered) / var_eps
        grad_operand = (_per_feature(scale, axis, rank, compute) / stddev / count) * i6
        grad_scale = np.sum(dy * normalized, axis=others, dtype=compute)
        return [grad_operand.astype(dtype, copy=False), grad_scale.reshape(-1).astype(dtype),
                sum_dy.reshape(-1).astype(dtype)]

    return Kernel(grad)
