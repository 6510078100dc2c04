// Round trip of not, popcnt and count_leading_zeros.
// The CHECK lines are upstream StableHLO's pretty form (checked
// with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Each op on i32: operand and result types equal print as one type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<2x3xi32>) {
// CHECK-NEXT:    %0 = stablehlo.not %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.popcnt %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.count_leading_zeros %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_type(%x: tensor<2x3xi32>) {
  %0 = stablehlo.not %x : tensor<2x3xi32>
  %1 = stablehlo.popcnt %x : tensor<2x3xi32>
  %2 = stablehlo.count_leading_zeros %x : tensor<2x3xi32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xi32>) {
// CHECK-NEXT:    %0 = stablehlo.not %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.popcnt %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.count_leading_zeros %arg0 : tensor<2x3xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%x: tensor<2x3xi32>) {
  %0 = "stablehlo.not"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = "stablehlo.popcnt"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = "stablehlo.count_leading_zeros"(%x) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}

// The other element types of the operand type family.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xi8>, %arg1: tensor<4xi64>, %arg2: tensor<4xui8>, %arg3: tensor<4xui64>, %arg4: tensor<4xi4>, %arg5: tensor<4xui2>) {
// CHECK-NEXT:    %0 = stablehlo.not %arg0 : tensor<4xi8>
// CHECK-NEXT:    %1 = stablehlo.popcnt %arg0 : tensor<4xi8>
// CHECK-NEXT:    %2 = stablehlo.count_leading_zeros %arg0 : tensor<4xi8>
// CHECK-NEXT:    %3 = stablehlo.not %arg1 : tensor<4xi64>
// CHECK-NEXT:    %4 = stablehlo.popcnt %arg1 : tensor<4xi64>
// CHECK-NEXT:    %5 = stablehlo.count_leading_zeros %arg1 : tensor<4xi64>
// CHECK-NEXT:    %6 = stablehlo.not %arg2 : tensor<4xui8>
// CHECK-NEXT:    %7 = stablehlo.popcnt %arg2 : tensor<4xui8>
// CHECK-NEXT:    %8 = stablehlo.count_leading_zeros %arg2 : tensor<4xui8>
// CHECK-NEXT:    %9 = stablehlo.not %arg3 : tensor<4xui64>
// CHECK-NEXT:    %10 = stablehlo.popcnt %arg3 : tensor<4xui64>
// CHECK-NEXT:    %11 = stablehlo.count_leading_zeros %arg3 : tensor<4xui64>
// CHECK-NEXT:    %12 = stablehlo.not %arg4 : tensor<4xi4>
// CHECK-NEXT:    %13 = stablehlo.popcnt %arg4 : tensor<4xi4>
// CHECK-NEXT:    %14 = stablehlo.count_leading_zeros %arg4 : tensor<4xi4>
// CHECK-NEXT:    %15 = stablehlo.not %arg5 : tensor<4xui2>
// CHECK-NEXT:    %16 = stablehlo.popcnt %arg5 : tensor<4xui2>
// CHECK-NEXT:    %17 = stablehlo.count_leading_zeros %arg5 : tensor<4xui2>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xi8>, %a1: tensor<4xi64>, %a2: tensor<4xui8>, %a3: tensor<4xui64>, %a4: tensor<4xi4>, %a5: tensor<4xui2>) {
  %0 = stablehlo.not %a0 : tensor<4xi8>
  %1 = stablehlo.popcnt %a0 : tensor<4xi8>
  %2 = stablehlo.count_leading_zeros %a0 : tensor<4xi8>
  %3 = stablehlo.not %a1 : tensor<4xi64>
  %4 = stablehlo.popcnt %a1 : tensor<4xi64>
  %5 = stablehlo.count_leading_zeros %a1 : tensor<4xi64>
  %6 = stablehlo.not %a2 : tensor<4xui8>
  %7 = stablehlo.popcnt %a2 : tensor<4xui8>
  %8 = stablehlo.count_leading_zeros %a2 : tensor<4xui8>
  %9 = stablehlo.not %a3 : tensor<4xui64>
  %10 = stablehlo.popcnt %a3 : tensor<4xui64>
  %11 = stablehlo.count_leading_zeros %a3 : tensor<4xui64>
  %12 = stablehlo.not %a4 : tensor<4xi4>
  %13 = stablehlo.popcnt %a4 : tensor<4xi4>
  %14 = stablehlo.count_leading_zeros %a4 : tensor<4xi4>
  %15 = stablehlo.not %a5 : tensor<4xui2>
  %16 = stablehlo.popcnt %a5 : tensor<4xui2>
  %17 = stablehlo.count_leading_zeros %a5 : tensor<4xui2>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xi32>, %arg1: tensor<?xi32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.not %arg0 : tensor<?x3xi32>
// CHECK-NEXT:    %1 = stablehlo.count_leading_zeros %arg0 : (tensor<?x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.not %arg0 : (tensor<?x3xi32>) -> tensor<?x?xi32>
// CHECK-NEXT:    %3 = stablehlo.count_leading_zeros %arg1 : tensor<?xi32, #stablehlo.bounds<8>>
// CHECK-NEXT:    %4 = stablehlo.not %arg1 : (tensor<?xi32, #stablehlo.bounds<8>>) -> tensor<3xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xi32>, %b: tensor<?xi32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.not %x : tensor<?x3xi32>
  %1 = stablehlo.count_leading_zeros %x : (tensor<?x3xi32>) -> tensor<2x3xi32>
  %2 = stablehlo.not %x : (tensor<?x3xi32>) -> tensor<?x?xi32>
  %3 = stablehlo.count_leading_zeros %b : tensor<?xi32, #stablehlo.bounds<8>>
  %4 = stablehlo.not %b : (tensor<?xi32, #stablehlo.bounds<8>>) -> tensor<3xi32>
  return
}

// not also takes booleans.
// CHECK-LABEL:  func.func @not_bool(%arg0: tensor<4xi1>) {
// CHECK-NEXT:    %0 = stablehlo.not %arg0 : tensor<4xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @not_bool(%a: tensor<4xi1>) {
  %0 = stablehlo.not %a : tensor<4xi1>
  return
}
