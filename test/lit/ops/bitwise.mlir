// Round trip of the logical and shift ops: and, or, xor, shift_left,
// shift_right_arithmetic, shift_right_logical.
// The CHECK lines are upstream StableHLO's pretty form (checked
// with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Each op on i32: equal types print as one type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xi32>) {
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.or %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.xor %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %3 = stablehlo.shift_left %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %4 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %5 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_type(%l: tensor<2x3xi32>, %r: tensor<2x3xi32>) {
  %0 = stablehlo.and %l, %r : tensor<2x3xi32>
  %1 = stablehlo.or %l, %r : tensor<2x3xi32>
  %2 = stablehlo.xor %l, %r : tensor<2x3xi32>
  %3 = stablehlo.shift_left %l, %r : tensor<2x3xi32>
  %4 = stablehlo.shift_right_arithmetic %l, %r : tensor<2x3xi32>
  %5 = stablehlo.shift_right_logical %l, %r : tensor<2x3xi32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xi32>) {
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %1 = stablehlo.or %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.xor %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %3 = stablehlo.shift_left %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %4 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    %5 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<2x3xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%l: tensor<2x3xi32>, %r: tensor<2x3xi32>) {
  %0 = "stablehlo.and"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %1 = "stablehlo.or"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = "stablehlo.xor"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = "stablehlo.shift_left"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = "stablehlo.shift_right_arithmetic"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %5 = "stablehlo.shift_right_logical"(%l, %r) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return
}

// The other element types of the operand type family.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xi8>, %arg1: tensor<4xi64>, %arg2: tensor<4xui8>, %arg3: tensor<4xui32>, %arg4: tensor<4xi4>) {
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %1 = stablehlo.or %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %2 = stablehlo.xor %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %3 = stablehlo.shift_left %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %4 = stablehlo.shift_right_arithmetic %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %5 = stablehlo.shift_right_logical %arg0, %arg0 : tensor<4xi8>
// CHECK-NEXT:    %6 = stablehlo.and %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %7 = stablehlo.or %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %8 = stablehlo.xor %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %9 = stablehlo.shift_left %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %10 = stablehlo.shift_right_arithmetic %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %11 = stablehlo.shift_right_logical %arg1, %arg1 : tensor<4xi64>
// CHECK-NEXT:    %12 = stablehlo.and %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %13 = stablehlo.or %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %14 = stablehlo.xor %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %15 = stablehlo.shift_left %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %16 = stablehlo.shift_right_arithmetic %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %17 = stablehlo.shift_right_logical %arg2, %arg2 : tensor<4xui8>
// CHECK-NEXT:    %18 = stablehlo.and %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %19 = stablehlo.or %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %20 = stablehlo.xor %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %21 = stablehlo.shift_left %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %22 = stablehlo.shift_right_arithmetic %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %23 = stablehlo.shift_right_logical %arg3, %arg3 : tensor<4xui32>
// CHECK-NEXT:    %24 = stablehlo.and %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    %25 = stablehlo.or %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    %26 = stablehlo.xor %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    %27 = stablehlo.shift_left %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    %28 = stablehlo.shift_right_arithmetic %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    %29 = stablehlo.shift_right_logical %arg4, %arg4 : tensor<4xi4>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xi8>, %a1: tensor<4xi64>, %a2: tensor<4xui8>, %a3: tensor<4xui32>, %a4: tensor<4xi4>) {
  %0 = stablehlo.and %a0, %a0 : tensor<4xi8>
  %1 = stablehlo.or %a0, %a0 : tensor<4xi8>
  %2 = stablehlo.xor %a0, %a0 : tensor<4xi8>
  %3 = stablehlo.shift_left %a0, %a0 : tensor<4xi8>
  %4 = stablehlo.shift_right_arithmetic %a0, %a0 : tensor<4xi8>
  %5 = stablehlo.shift_right_logical %a0, %a0 : tensor<4xi8>
  %6 = stablehlo.and %a1, %a1 : tensor<4xi64>
  %7 = stablehlo.or %a1, %a1 : tensor<4xi64>
  %8 = stablehlo.xor %a1, %a1 : tensor<4xi64>
  %9 = stablehlo.shift_left %a1, %a1 : tensor<4xi64>
  %10 = stablehlo.shift_right_arithmetic %a1, %a1 : tensor<4xi64>
  %11 = stablehlo.shift_right_logical %a1, %a1 : tensor<4xi64>
  %12 = stablehlo.and %a2, %a2 : tensor<4xui8>
  %13 = stablehlo.or %a2, %a2 : tensor<4xui8>
  %14 = stablehlo.xor %a2, %a2 : tensor<4xui8>
  %15 = stablehlo.shift_left %a2, %a2 : tensor<4xui8>
  %16 = stablehlo.shift_right_arithmetic %a2, %a2 : tensor<4xui8>
  %17 = stablehlo.shift_right_logical %a2, %a2 : tensor<4xui8>
  %18 = stablehlo.and %a3, %a3 : tensor<4xui32>
  %19 = stablehlo.or %a3, %a3 : tensor<4xui32>
  %20 = stablehlo.xor %a3, %a3 : tensor<4xui32>
  %21 = stablehlo.shift_left %a3, %a3 : tensor<4xui32>
  %22 = stablehlo.shift_right_arithmetic %a3, %a3 : tensor<4xui32>
  %23 = stablehlo.shift_right_logical %a3, %a3 : tensor<4xui32>
  %24 = stablehlo.and %a4, %a4 : tensor<4xi4>
  %25 = stablehlo.or %a4, %a4 : tensor<4xi4>
  %26 = stablehlo.xor %a4, %a4 : tensor<4xi4>
  %27 = stablehlo.shift_left %a4, %a4 : tensor<4xi4>
  %28 = stablehlo.shift_right_arithmetic %a4, %a4 : tensor<4xi4>
  %29 = stablehlo.shift_right_logical %a4, %a4 : tensor<4xi4>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xi32>, %arg1: tensor<2x?xi32>, %arg2: tensor<?xi32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg1 : (tensor<?x3xi32>, tensor<2x?xi32>) -> tensor<?x?xi32>
// CHECK-NEXT:    %1 = stablehlo.shift_right_logical %arg0, %arg1 : (tensor<?x3xi32>, tensor<2x?xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %2 = stablehlo.and %arg0, %arg0 : tensor<?x3xi32>
// CHECK-NEXT:    %3 = stablehlo.shift_right_logical %arg2, %arg2 : tensor<?xi32, #stablehlo.bounds<8>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xi32>, %y: tensor<2x?xi32>, %b: tensor<?xi32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.and %x, %y : (tensor<?x3xi32>, tensor<2x?xi32>) -> tensor<?x?xi32>
  %1 = stablehlo.shift_right_logical %x, %y : (tensor<?x3xi32>, tensor<2x?xi32>) -> tensor<2x3xi32>
  %2 = stablehlo.and %x, %x : tensor<?x3xi32>
  %3 = stablehlo.shift_right_logical %b, %b : tensor<?xi32, #stablehlo.bounds<8>>
  return
}

// and, or and xor also take booleans.
// CHECK-LABEL:  func.func @booleans(%arg0: tensor<4xi1>) {
// CHECK-NEXT:    %0 = stablehlo.and %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    %1 = stablehlo.or %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    %2 = stablehlo.xor %arg0, %arg0 : tensor<4xi1>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @booleans(%a: tensor<4xi1>) {
  %0 = stablehlo.and %a, %a : tensor<4xi1>
  %1 = stablehlo.or %a, %a : tensor<4xi1>
  %2 = stablehlo.xor %a, %a : tensor<4xi1>
  return
}

// As JAX emits them (x << y, x >> y, lax.shift_right_logical, &, |, ^).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<4xi32>) -> (tensor<4xi32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0 = stablehlo.shift_left %arg0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %1 = stablehlo.shift_right_arithmetic %0, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %2 = stablehlo.shift_right_logical %1, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %3 = stablehlo.and %2, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %4 = stablehlo.or %3, %arg0 : tensor<4xi32>
// CHECK-NEXT:    %5 = stablehlo.xor %4, %arg0 : tensor<4xi32>
// CHECK-NEXT:    return %5 : tensor<4xi32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<4xi32>) -> (tensor<4xi32> {jax.result_info = "result"}) {
  %0 = stablehlo.shift_left %arg0, %arg0 : tensor<4xi32>
  %1 = stablehlo.shift_right_arithmetic %0, %arg0 : tensor<4xi32>
  %2 = stablehlo.shift_right_logical %1, %arg0 : tensor<4xi32>
  %3 = stablehlo.and %2, %arg0 : tensor<4xi32>
  %4 = stablehlo.or %3, %arg0 : tensor<4xi32>
  %5 = stablehlo.xor %4, %arg0 : tensor<4xi32>
  return %5 : tensor<4xi32>
}
