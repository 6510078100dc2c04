// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-check-shape-assertions{enable-shape-assertions=maybe}' 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-remove-dynamism{platform-index=-1}' 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-refine-shapes{types=tensor<2xf32>}' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-remove-dynamism{types="tensor<2xf32>}' 2>&1 | FileCheck %s --check-prefix=QUOTE
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-remove-dynamism{types="tensor<2xf32>" platform-index=0}' | FileCheck %s

// FLAG: error: cannot add 'stablehlo-check-shape-assertions{enable-shape-assertions=maybe}' to the pipeline: stablehlo-check-shape-assertions: enable-shape-assertions expects true or false, got 'maybe'
// INDEX: platform-index expects a non-negative integer, got '-1'
// NONE: no such option types
// QUOTE: unbalanced pipeline
// CHECK: func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32>
func.func @main(%p: tensor<i32> {jax.global_constant = "_platform_index"}, %arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}
