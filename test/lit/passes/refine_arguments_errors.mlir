// RUN: stablehlo-py opt %s --split-input-file --verify-diagnostics --pipeline 'stablehlo-refine-arguments{types=tensor<2x4xf32>,tensor<i32>}'

// expected-error@+1 {{'func.func' op number of refinements must match number of function operands 2 vs 1}}
func.func @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %arg0 : tensor<?x4xf32>
}

// -----

// expected-error@+1 {{'func.func' op invalid refinement for argument 0, refinement dimension sizes must match for static dimensions in 'tensor<?x5xf32>'->'tensor<2x4xf32>'}}
func.func @main(%arg0: tensor<?x5xf32>, %arg1: tensor<i32>) -> tensor<?x5xf32> {
  return %arg0 : tensor<?x5xf32>
}

// -----

// expected-error@+1 {{'func.func' op invalid refinement for argument 0, refinement rank must match operand rank in 'tensor<?xf32>'->'tensor<2x4xf32>'}}
func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<i32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}

// -----

// expected-error@+1 {{'func.func' op invalid refinement for argument 1, refinement must be a tensor in '!stablehlo.token'->'tensor<i32>'}}
func.func @main(%arg0: tensor<?x4xf32>, %arg1: !stablehlo.token) -> tensor<?x4xf32> {
  return %arg0 : tensor<?x4xf32>
}

// -----

// expected-error@+1 {{'builtin.module' op module must have an entry function named @main}}
module {
  func.func @f(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
    return %arg0 : tensor<?x4xf32>
  }
  func.func @g(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
    return %arg0 : tensor<?x4xf32>
  }
}

// -----

// expected-error@+1 {{'func.func' op has no body to refine}}
func.func private @main(%arg0: tensor<?x4xf32>, %arg1: tensor<i32>) -> tensor<?x4xf32>
