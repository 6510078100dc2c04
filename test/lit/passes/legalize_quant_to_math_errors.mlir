// RUN: stablehlo-py opt %s --pipeline stablehlo-py-legalize-quant-to-exact-math --split-input-file --verify-diagnostics

// An op with quantized types that is neither a computation the qdq rewrite handles nor one that
// only moves elements fails the pass at the op, naming it and why.
func.func @check_op(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo-py-legalize-quant-to-exact-math: cannot lower 'check.expect_eq' on quantized types (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>): it is not defined on their storage integers}}
  check.expect_eq %a, %a : tensor<2x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @other_dialect(%a: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<?x!quant.uniform<i8:f32, 0.5>> {
  // expected-error@+1 {{cannot lower 'tensor.cast' on quantized types}}
  %0 = tensor.cast %a : tensor<2x!quant.uniform<i8:f32, 0.5>> to tensor<?x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<?x!quant.uniform<i8:f32, 0.5>>
}

// -----

// An expressed type without zero or negative values.
func.func @e8m0(%x: tensor<2xf8E8M0FNU>) -> tensor<2x!quant.uniform<i8:f8E8M0FNU, 1.0>> {
  // expected-error@+1 {{stablehlo-py-legalize-quant-to-exact-math: cannot lower 'stablehlo.uniform_quantize': expressed type f8E8M0FNU has no zero and no negative values}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf8E8M0FNU>) -> tensor<2x!quant.uniform<i8:f8E8M0FNU, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f8E8M0FNU, 1.0>>
}
