// Verifier errors of stablehlo.case, one case per spec constraint.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: 0 < size(branches).
func.func @c1(%index: tensor<i32>) {
  // expected-error @+1 {{'stablehlo.case' op C1: needs at least one branch}}
  "stablehlo.case"(%index) : (tensor<i32>) -> ()
  return
}

// -----

// C2: input_types(branches...) = [].
func.func @c2(%index: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op C2: branch 1 must take no arguments, it takes (tensor<f32>)}}
  %0 = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%x: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C3: same(output_types(branches...)).
func.func @c3(%index: tensor<i32>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op C3: all branches must return the same types, branch 0 returns (tensor<f32>) and branch 2 returns (tensor<i32>)}}
  %0 = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// C4: type(results...) = output_types(branches[0]).
func.func @c4(%index: tensor<i32>, %a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  // expected-error @+1 {{'stablehlo.case' op C4: result types (tensor<f32>, tensor<f32>) must be the output types of branch 0 (tensor<f32>)}}
  %0:2 = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// -----

// I1: index is a 0-dimensional tensor of type si32.
func.func @i1(%index: tensor<i64>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.case' op operand #0 must be 0D tensor of 32-bit signless integer values, but got 'tensor<i64>'}}
  %0 = "stablehlo.case"(%index) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i64>) -> tensor<f32>
  return %0 : tensor<f32>
}
