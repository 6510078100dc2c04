// Bounded dynamic tensors: the `#stablehlo.bounds<...>` encoding (dynamism
// RFC). The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// One entry per dimension: a bound for a dynamic dimension, `?` elsewhere.
// CHECK-LABEL:  func.func @bounds(%arg0: tensor<?xf32, #stablehlo.bounds<4>>, %arg1: tensor<2x?xi32, #stablehlo.bounds<?, 8>>, %arg2: tensor<?x?xf32, #stablehlo.bounds<3, ?>>, %arg3: tensor<?x?xf32, #stablehlo.bounds<3, 5>>, %arg4: tensor<?xf32, #stablehlo.bounds<0>>) -> tensor<?xf32, #stablehlo.bounds<4>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<2x?xi32, #stablehlo.bounds<?, 8>>
// CHECK-NEXT:    %2 = stablehlo.add %arg3, %arg3 : tensor<?x?xf32, #stablehlo.bounds<3, 5>>
// CHECK-NEXT:    return %0 : tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:  }
func.func @bounds(%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<2x?xi32, #stablehlo.bounds<?, 8>>,
                  %c: tensor<?x?xf32, #stablehlo.bounds<3, ?>>, %d: tensor<?x?xf32, #stablehlo.bounds<3, 5>>,
                  %e: tensor<?xf32, #stablehlo.bounds<0>>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  %0 = stablehlo.add %a, %a : tensor<?xf32, #stablehlo.bounds<4>>
  %1 = stablehlo.add %b, %b : tensor<2x?xi32, #stablehlo.bounds<?, 8>>
  %2 = stablehlo.add %d, %d : tensor<?x?xf32, #stablehlo.bounds<3, 5>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>>
}

// `#stablehlo.type_extensions<bounds = [...]>` is another spelling of the same
// encoding; it prints as `#stablehlo.bounds<...>`.
// CHECK-LABEL:  func.func @type_extensions(%arg0: tensor<?x2xf32, #stablehlo.bounds<6, ?>>) -> tensor<?x2xf32, #stablehlo.bounds<6, ?>> {
// CHECK-NEXT:    return %arg0 : tensor<?x2xf32, #stablehlo.bounds<6, ?>>
// CHECK-NEXT:  }
func.func @type_extensions(%a: tensor<?x2xf32, #stablehlo.type_extensions<bounds = [6, ?]>>) -> tensor<?x2xf32, #stablehlo.bounds<6, ?>> {
  return %a : tensor<?x2xf32, #stablehlo.bounds<6, ?>>
}

// Bounds flow through ops: bounded and unbounded dynamic dimensions mix.
// CHECK-LABEL:  func.func @bounds_mixed(%arg0: tensor<?xf32, #stablehlo.bounds<4>>, %arg1: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %1 = stablehlo.add %arg0, %arg1 : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32>) -> tensor<?xf32, #stablehlo.bounds<4>>
// CHECK-NEXT:    return %0 : tensor<?xf32>
// CHECK-NEXT:  }
func.func @bounds_mixed(%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %a, %b : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32>) -> tensor<?xf32>
  %1 = stablehlo.add %a, %b : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32>) -> tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32>
}

// A 0-d tensor has an empty list of bounds.
// CHECK-LABEL:  func.func @bounds_rank0(%arg0: tensor<f32, #stablehlo.bounds<>>) -> tensor<f32, #stablehlo.bounds<>> {
// CHECK-NEXT:    return %arg0 : tensor<f32, #stablehlo.bounds<>>
// CHECK-NEXT:  }
func.func @bounds_rank0(%a: tensor<f32, #stablehlo.bounds<>>) -> tensor<f32, #stablehlo.bounds<>> {
  return %a : tensor<f32, #stablehlo.bounds<>>
}
