// Round trip of stablehlo.iota.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// `dim = N`, then the output type.
// CHECK-LABEL:  func.func @iota() {
// CHECK-NEXT:    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.iota dim = 1 : tensor<4x5xf32>
// CHECK-NEXT:    %2 = stablehlo.iota dim = 0 : tensor<2x3xcomplex<f64>>
// CHECK-NEXT:    %3 = stablehlo.iota dim = 2 : tensor<2x3x4xui8>
// CHECK-NEXT:    %4 = stablehlo.iota dim = 0 : tensor<0xbf16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @iota() {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.iota dim = 1 : tensor<4x5xf32>
  %2 = stablehlo.iota dim = 0 : tensor<2x3xcomplex<f64>>
  %3 = stablehlo.iota dim = 2 : tensor<2x3x4xui8>
  %4 = stablehlo.iota dim = 0 : tensor<0xbf16>
  return
}

// The generic form parses and prints back in the pretty form; other attributes
// follow the dimension.
// CHECK-LABEL:  func.func @generic() {
// CHECK-NEXT:    %0 = stablehlo.iota dim = 0 : tensor<4xi64>
// CHECK-NEXT:    %1 = stablehlo.iota dim = 1 {mhlo.sharding = "{replicated}"} : tensor<2x3xf16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic() {
  %0 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi64>
  %1 = "stablehlo.iota"() {iota_dimension = 1 : i64, mhlo.sharding = "{replicated}"} : () -> tensor<2x3xf16>
  return
}

// As JAX emits it (lax.iota, lax.broadcasted_iota).
// CHECK-LABEL:  func.func public @main() -> (tensor<4xi32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.iota dim = 1 : tensor<2x3xf32>
// CHECK-NEXT:    return %0, %1 : tensor<4xi32>, tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main() -> (tensor<4xi32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  return %0, %1 : tensor<4xi32>, tensor<2x3xf32>
}

// A per-tensor quantized output (not checked against upstream).
// CHECK-LABEL:  func.func @quantized() {
// CHECK-NEXT:    %0 = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized() {
  %0 = stablehlo.iota dim = 0 : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  return
}
