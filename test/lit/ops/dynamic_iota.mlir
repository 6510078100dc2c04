// Round trip of stablehlo.dynamic_iota: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example (in its section on the dynamism ops), a shape argument
// of i64 and of index type, and dynamic results.
// CHECK-LABEL:  func.func @dynamic_iota(%arg0: tensor<2xi32>, %arg1: tensor<3xindex>) -> tensor<3x4xi64> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_iota %arg0, dim = 0 : (tensor<2xi32>) -> tensor<3x4xi64>
// CHECK-NEXT:    %1 = stablehlo.dynamic_iota %arg1, dim = 2 : (tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    %2 = stablehlo.dynamic_iota %arg0, dim = 1 : (tensor<2xi32>) -> tensor<?x?xcomplex<f32>>
// CHECK-NEXT:    return %0 : tensor<3x4xi64>
// CHECK-NEXT:  }
func.func @dynamic_iota(%shape: tensor<2xi32>, %index: tensor<3xindex>) -> tensor<3x4xi64> {
  %0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<3x4xi64>
  %1 = stablehlo.dynamic_iota %index, dim = 2 : (tensor<3xindex>) -> tensor<?x?x?xf32>
  %2 = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi32>) -> tensor<?x?xcomplex<f32>>
  return %0 : tensor<3x4xi64>
}

// A constant shape, with a result dimension left dynamic, and a bounded
// result.
// CHECK-LABEL:  func.func @dynamic_iota_constant(%arg0: tensor<1xi64>) -> tensor<?xbf16, #stablehlo.bounds<8>> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[2, 5]> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.dynamic_iota %c, dim = 1 : (tensor<2xi64>) -> tensor<2x5xui8>
// CHECK-NEXT:    %1 = stablehlo.dynamic_iota %c, dim = 0 : (tensor<2xi64>) -> tensor<?x5xi16>
// CHECK-NEXT:    %2 = stablehlo.dynamic_iota %arg0, dim = 0 : (tensor<1xi64>) -> tensor<?xbf16, #stablehlo.bounds<8>>
// CHECK-NEXT:    return %2 : tensor<?xbf16, #stablehlo.bounds<8>>
// CHECK-NEXT:  }
func.func @dynamic_iota_constant(%shape: tensor<1xi64>) -> tensor<?xbf16, #stablehlo.bounds<8>> {
  %c = stablehlo.constant dense<[2, 5]> : tensor<2xi64>
  %0 = stablehlo.dynamic_iota %c, dim = 1 : (tensor<2xi64>) -> tensor<2x5xui8>
  %1 = stablehlo.dynamic_iota %c, dim = 0 : (tensor<2xi64>) -> tensor<?x5xi16>
  %2 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xbf16, #stablehlo.bounds<8>>
  return %2 : tensor<?xbf16, #stablehlo.bounds<8>>
}
