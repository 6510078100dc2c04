// Verifier errors of stablehlo.reduce, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: same(shape(inputs...)).
func.func @c1(%a: tensor<2x4xf32>, %b: tensor<2x3xf32>, %init: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.reduce' op C1: all inputs must have the same shape, got 'tensor<2x4xf32>' and 'tensor<2x3xf32>'}}
  %0:2 = stablehlo.reduce(%a init: %init), (%b init: %init) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
   reducer(%x0: tensor<f32>, %y0: tensor<f32>) (%x1: tensor<f32>, %y1: tensor<f32>)  {
    stablehlo.return %x0, %x1 : tensor<f32>, tensor<f32>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// C2 (I2): init_values are 0-dimensional.
func.func @c2_rank(%input: tensor<4xf32>, %init: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C2: init value 'tensor<1xf32>' must be a 0-d tensor of the element type of 'tensor<4xf32>'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<1xf32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C2: a quantized init value has exactly the input's element type.
func.func @c2_quantized(%input: tensor<4x!quant.uniform<i8:f32, 1.0>>, %init: tensor<!quant.uniform<i8:f32, 2.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.reduce' op C2: init value}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<!quant.uniform<i8:f32, 2.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>>
   reducer(%a: tensor<!quant.uniform<i8:f32, 1.0>>, %b: tensor<!quant.uniform<i8:f32, 1.0>>)  {
    stablehlo.return %a : tensor<!quant.uniform<i8:f32, 1.0>>
  }
  return %0 : tensor<!quant.uniform<i8:f32, 1.0>>
}

// -----

// C3: size(inputs) = size(results).
func.func @c3_results(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C3: needs N > 0 inputs, N init_values and N results, got 1, 1 and 2}}
  %0:2 = "stablehlo.reduce"(%input, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return %0#0 : tensor<f32>
}

// -----

// C3: 0 < size(inputs).
func.func @c3_empty() {
  // expected-error @+1 {{'stablehlo.reduce' op C3: needs N > 0 inputs, N init_values and N results, got 0, 0 and 0}}
  "stablehlo.reduce"() ({
  ^bb0:
    "stablehlo.return"() : () -> ()
  }) {dimensions = array<i64>} : () -> ()
  return
}

// -----

// C4: 0 <= dimensions < rank(inputs[0]).
func.func @c4(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op C4: dimensions [2] must be in [0, 2)}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [2] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C4: 0 <= dimensions.
func.func @c4_negative(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op C4: dimensions [-1] must be in [0, 2)}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [-1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C5: is_unique(dimensions).
func.func @c5(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op C5: dimensions [1, 1] must be unique}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [1, 1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C6: the body takes 2 * N arguments.
func.func @c6_arity(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; got 3 arguments}}
  %0 = "stablehlo.reduce"(%input, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C6: the body returns N values.
func.func @c6_results(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; its return must yield 1 values}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C6: the body returns 0-d tensors.
func.func @c6_scalar(%input: tensor<4xf32>, %init: tensor<f32>, %v: tensor<1xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; result 0 is 'tensor<1xf32>'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %v : tensor<1xf32>
  }
  return %0 : tensor<f32>
}

// -----

// C6: the arguments have the type of the body's results.
func.func @c6_arguments(%input: tensor<4xi32>, %init: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; arguments 0 and 1 must have type 'tensor<i32>'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i64>)  {
    stablehlo.return %a : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// C6: is_promotable -- the kind of element type is kept (no int to float).
func.func @c6_kind(%input: tensor<4xi32>, %init: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; 'f32' is not promotable from 'i32'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// C6: is_promotable -- quantized types keep their expressed type.
func.func @c6_quantized(%input: tensor<4x!quant.uniform<i8:f32, 1.0>>, %init: tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i32:bf16, 1.0>> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type (tensor<E0>, ..., tensor<E0>, tensor<E0>, ...) -> (tensor<E0>, ...) with each Ei promotable from the input element type; '!quant.uniform<i32:bf16, 1.000000e+00>' is not promotable from '!quant.uniform<i8:f32, 1.000000e+00>'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i32:bf16, 1.0>>
   reducer(%a: tensor<!quant.uniform<i32:bf16, 1.0>>, %b: tensor<!quant.uniform<i32:bf16, 1.0>>)  {
    stablehlo.return %a : tensor<!quant.uniform<i32:bf16, 1.0>>
  }
  return %0 : tensor<!quant.uniform<i32:bf16, 1.0>>
}

// -----

// C7: shape(results...) = shape(inputs...) without the reduced dimensions.
func.func @c7(%input: tensor<2x4xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.reduce' op C7: result 0 must have shape of 'tensor<4xf32>' (inputs without the reduced dimensions), got 'tensor<2xf32>'}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// C8: element_type(results[i]) = Ei.
func.func @c8(%input: tensor<4xi32>, %init: tensor<i32>) -> tensor<i64> {
  // expected-error @+1 {{'stablehlo.reduce' op C8: result 0 must have element type 'i32', got 'tensor<i64>'}}
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i64>
   reducer(%a: tensor<i32>, %b: tensor<i32>)  {
    stablehlo.return %a : tensor<i32>
  }
  return %0 : tensor<i64>
}

// -----

// Inputs (I1): inputs are tensors or per-tensor quantized tensors (an ODS
// type constraint).
func.func @per_axis(%input: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, %init: tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'stablehlo.reduce' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<!quant.uniform<i8:f32, 1.0>>
}

// -----

// Syntax: the compact form names the reducing op.
func.func @compact_syntax(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected 'dimensions'}}
  %0 = stablehlo.reduce(%input init: %init) applies stablehlo.add across : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C6: a body without a return is reported, not a crash.
func.func @c6_no_return(%input: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.reduce' op C6: body must have type}}
  %0 = "stablehlo.reduce"(%input, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
