// Verifier errors of stablehlo.optimization_barrier, one case per spec
// constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: type(operand...) = type(result...).
func.func @c1(%a: tensor<2xf32>, %b: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op C1: result types must be the operand types ('tensor<2xf32>', 'tensor<i32>'), got ('tensor<2xf32>', 'tensor<i64>')}}
  %0:2 = "stablehlo.optimization_barrier"(%a, %b) : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i64>)
  return %0#0 : tensor<2xf32>
}

// -----

// C1: a dynamic result for a static operand is still a different type.
func.func @c1_dynamic(%a: tensor<2xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op C1: result types must be the operand types}}
  %0 = "stablehlo.optimization_barrier"(%a) : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Operands are tensors, per-tensor quantized tensors or tokens: per-axis
// quantized tensors are not allowed.
func.func @per_axis(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> () {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op operand #0 must be variadic of}}
  %0 = stablehlo.optimization_barrier %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}
