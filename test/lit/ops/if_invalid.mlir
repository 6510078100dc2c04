// Verifier errors of stablehlo.if, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: input_types(true_branch) = [].
func.func @c1_true(%pred: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op C1: true_branch must take no arguments, it takes (tensor<f32>)}}
  %0 = "stablehlo.if"(%pred) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C1: input_types(false_branch) = [].
func.func @c1_false(%pred: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op C1: false_branch must take no arguments, it takes (tensor<f32>)}}
  %0 = "stablehlo.if"(%pred) ({
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C2: output_types(true_branch) = output_types(false_branch).
func.func @c2(%pred: tensor<i1>, %a: tensor<f32>, %b: tensor<2xf32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op C2: true_branch and false_branch must return the same types, got (tensor<f32>) and (tensor<2xf32>)}}
  %0 = "stablehlo.if"(%pred) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C2: as many outputs in both branches.
func.func @c2_count(%pred: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op C2: true_branch and false_branch must return the same types, got (tensor<f32>) and (tensor<f32>, tensor<f32>)}}
  %0 = "stablehlo.if"(%pred) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a, %a : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C3: type(results...) = output_types(true_branch).
func.func @c3(%pred: tensor<i1>, %a: tensor<f32>) -> tensor<f64> {
  // expected-error @+1 {{'stablehlo.if' op C3: result types (tensor<f64>) must be the output types of true_branch (tensor<f32>)}}
  %0 = "stablehlo.if"(%pred) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// I1: pred is a 0-dimensional tensor of type i1.
func.func @i1(%pred: tensor<2xi1>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.if' op operand #0 must be 0D tensor of bool values, but got 'tensor<2xi1>'}}
  %0 = "stablehlo.if"(%pred) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<2xi1>) -> tensor<f32>
  return %0 : tensor<f32>
}
