// Round trip of stablehlo.optimization_barrier: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib). Types are printed once (the
// results have the operands' types); with no operands it prints `()`.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @optimization_barrier(%arg0: tensor<f32>, %arg1: tensor<?x2xi8>, %arg2: !stablehlo.token) -> tensor<f32> {
// CHECK-NEXT:    %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, tensor<?x2xi8>
// CHECK-NEXT:    %1 = stablehlo.optimization_barrier %arg2 : !stablehlo.token
// CHECK-NEXT:    stablehlo.optimization_barrier()
// CHECK-NEXT:    return %0#0 : tensor<f32>
// CHECK-NEXT:  }
func.func @optimization_barrier(%a: tensor<f32>, %b: tensor<?x2xi8>, %t: !stablehlo.token) -> tensor<f32> {
  %0:2 = "stablehlo.optimization_barrier"(%a, %b) : (tensor<f32>, tensor<?x2xi8>) -> (tensor<f32>, tensor<?x2xi8>)
  %1 = stablehlo.optimization_barrier %t : !stablehlo.token
  "stablehlo.optimization_barrier"() : () -> ()
  return %0#0 : tensor<f32>
}
