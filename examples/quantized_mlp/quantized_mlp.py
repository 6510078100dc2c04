"""An int8 MLP built with the Python builders, run by the interpreter next to its float original.

    .venv/bin/python examples/quantized_mlp/quantized_mlp.py [--batch 64] [--sizes 784,256,10]

Post-training static quantization, as integer inference engines do it:
  * the input is quantized per tensor to i8 (symmetric, scale from the calibration batch);
  * each weight matrix is quantized per output feature (per-axis, axis 1) to i8;
  * dot_general multiplies i8 by i8 into an i32 accumulator type whose scales are
    scale_x * scale_w[j] (the interpreter accumulates exactly in integers);
  * the bias, quantized to that accumulator type, is added;
  * hidden layers are requantized to `i8<0:127>`: the storage range starting at the zero
    point makes the clamp the ReLU;
  * the last layer is dequantized to f32 logits.
The script builds both programs, runs them on the same inputs and prints how far the int8 logits
are from the float ones and how often the predicted class agrees.
"""

from __future__ import annotations

import argparse

import numpy as np


def quantize_symmetric(values: np.ndarray, axis=None) -> tuple:
    """(i8 storage, scales): round-half-even values / scale, scale = max|values| / 127 (per column
    when `axis` is 1)."""
    peak = np.max(np.abs(values), axis=0) if axis == 1 else np.max(np.abs(values))
    scales = np.maximum(np.asarray(peak, np.float64), 1e-8) / 127.0
    scales = scales.astype(np.float32)  # the type stores them; the expressed type is f32
    storage = np.clip(np.rint(values / scales), -127, 127).astype(np.int8)
    return storage, scales


def _uniform(storage: str, scales, axis=None) -> str:
    if axis is None:
        return f"!quant.uniform<{storage}:f32, {float(scales):.9e}>"
    return f"!quant.uniform<{storage}:f32:{axis}, {{{','.join(f'{float(s):.9e}' for s in scales)}}}>"


def float_mlp(x, params):
    """The float model in numpy (f32 matmuls, ReLU between layers)."""
    h = x
    for i in range(0, len(params), 2):
        h = h @ params[i] + params[i + 1]
        if i + 2 < len(params):
            h = np.maximum(h, 0)
    return h


def make_model(batch: int, sizes: list, seed: int = 0) -> tuple:
    """(x, float params [w1, b1, ...]) with seeded random values."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    params = []
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        params.append((rng.standard_normal((fan_in, fan_out)) / np.sqrt(fan_in)).astype(np.float32))
        params.append((0.1 * rng.standard_normal(fan_out)).astype(np.float32))
    return x, params


def build_quantized_mlp(x, params) -> tuple:
    """(module text, arguments): the int8 program for `params`, calibrated on `x`. Arguments:
    x (f32), then per layer the i8 storage of the weights and the f32 bias."""
    from mlir import ir
    from mlir.dialects import func

    import stablehlo_py
    from stablehlo_py.dialects import stablehlo as hlo

    batch = x.shape[0]
    x_scale = float(np.float32(np.max(np.abs(x)) / 127.0))
    weights = [quantize_symmetric(params[i], axis=1) for i in range(0, len(params), 2)]
    # calibration: the float activations of each hidden layer give its scale
    activation_scales, h = [], x
    for i in range(0, len(params) - 2, 2):
        h = np.maximum(h @ params[i] + params[i + 1], 0)
        activation_scales.append(float(np.float32(max(np.max(h), 1e-8) / 127.0)))

    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.create()
        f32 = ir.F32Type.get()
        arg_types = [ir.RankedTensorType.get(x.shape, f32)]
        for (storage, scales), bias in zip(weights, params[1::2]):
            arg_types.append(ir.RankedTensorType.parse(f"tensor<{storage.shape[0]}x{storage.shape[1]}x"
                                                       f"{_uniform('i8', scales, axis=1)}>"))
            arg_types.append(ir.RankedTensorType.get(bias.shape, f32))

        def model(xf, *layer_args):
            in_scale = x_scale
            h = hlo.uniform_quantize(ir.RankedTensorType.parse(f"tensor<{batch}x{x.shape[1]}x"
                                                               f"{_uniform('i8', in_scale)}>"), xf)
            for layer, (storage, scales) in enumerate(weights):
                w, bias = layer_args[2 * layer], layer_args[2 * layer + 1]
                width = storage.shape[1]
                accumulator = ir.RankedTensorType.parse(
                    f"tensor<{batch}x{width}x{_uniform('i32', np.float32(in_scale) * scales, axis=1)}>")
                product = hlo.dot_general(h, w, lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[0],
                                          result_type=accumulator)
                wide_bias = hlo.broadcast_in_dim(ir.RankedTensorType.get([batch, width], f32), bias, [1])
                total = hlo.add(product, hlo.uniform_quantize(accumulator, wide_bias), results=[accumulator])
                if layer == len(weights) - 1:
                    return hlo.uniform_dequantize(total)
                in_scale = activation_scales[layer]
                relu = ir.RankedTensorType.parse(f"tensor<{batch}x{width}x{_uniform('i8<0:127>', in_scale)}>")
                h = hlo.uniform_quantize(relu, total)

        with ir.InsertionPoint(module.body):
            func.FuncOp.from_py_func(*arg_types, name="main")(model)
        module.operation.verify()
        text = str(module)
    arguments = [x]
    for (storage, _), bias in zip(weights, params[1::2]):
        arguments += [storage, bias]
    return text, arguments


def build_float_mlp(x, params) -> str:
    """The same MLP in f32, built with the same builders (the float baseline of the benchmark)."""
    from mlir import ir
    from mlir.dialects import func

    import stablehlo_py
    from stablehlo_py.dialects import stablehlo as hlo

    batch = x.shape[0]
    with stablehlo_py.context(), ir.Location.unknown():
        module = ir.Module.create()
        f32 = ir.F32Type.get()
        arg_types = [ir.RankedTensorType.get(a.shape, f32) for a in (x, *params)]

        def model(h, *layer_args):
            for layer in range(0, len(layer_args), 2):
                w, bias = layer_args[layer], layer_args[layer + 1]
                width = ir.RankedTensorType(w.type).shape[1]
                h = hlo.add(hlo.dot_general(h, w, lhs_contracting_dimensions=[1], rhs_contracting_dimensions=[0]),
                            hlo.broadcast_in_dim(ir.RankedTensorType.get([batch, width], f32), bias, [1]))
                if layer + 2 < len(layer_args):
                    zero = hlo.constant(ir.DenseElementsAttr.get_splat(
                        ir.RankedTensorType.get([batch, width], f32), ir.FloatAttr.get(f32, 0.0)))
                    h = hlo.maximum(h, zero)
            return h

        with ir.InsertionPoint(module.body):
            func.FuncOp.from_py_func(*arg_types, name="main")(model)
        module.operation.verify()
        return str(module)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--sizes", default="784,256,10")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]

    import stablehlo_py

    x, params = make_model(args.batch, sizes)
    text, arguments = build_quantized_mlp(x, params)
    (int8_logits,) = stablehlo_py.interpret(text, *arguments)
    (float_logits,) = stablehlo_py.interpret(build_float_mlp(x, params), x, *params)
    error = np.max(np.abs(int8_logits - float_logits)) / np.max(np.abs(float_logits))
    agree = np.mean(np.argmax(int8_logits, 1) == np.argmax(float_logits, 1))
    print(f"int8 MLP {sizes}, batch {args.batch}: largest logit error {error:.2%} of the largest logit, "
          f"same predicted class for {agree:.0%} of the rows")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
