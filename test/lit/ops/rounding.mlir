// Round trip of the rounding ops: ceil, floor, round_nearest_afz,
// round_nearest_even.
// The CHECK lines are upstream StableHLO's pretty form (checked with
// jaxlib) except for the quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Each op on f32: operand and result types equal print as one type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.ceil %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.floor %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.round_nearest_afz %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.round_nearest_even %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @same_type(%x: tensor<2x3xf32>) {
  %0 = stablehlo.ceil %x : tensor<2x3xf32>
  %1 = stablehlo.floor %x : tensor<2x3xf32>
  %2 = stablehlo.round_nearest_afz %x : tensor<2x3xf32>
  %3 = stablehlo.round_nearest_even %x : tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.ceil %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.floor %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.round_nearest_afz %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.round_nearest_even %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%x: tensor<2x3xf32>) {
  %0 = "stablehlo.ceil"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.floor"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.round_nearest_afz"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.round_nearest_even"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// The other element types of the operand type family.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xf16>, %arg1: tensor<4xbf16>, %arg2: tensor<4xf64>, %arg3: tensor<4xf8E4M3FN>, %arg4: tensor<4xf8E5M2>, %arg5: tensor<4xf4E2M1FN>) {
// CHECK-NEXT:    %0 = stablehlo.ceil %arg0 : tensor<4xf16>
// CHECK-NEXT:    %1 = stablehlo.floor %arg0 : tensor<4xf16>
// CHECK-NEXT:    %2 = stablehlo.round_nearest_afz %arg0 : tensor<4xf16>
// CHECK-NEXT:    %3 = stablehlo.round_nearest_even %arg0 : tensor<4xf16>
// CHECK-NEXT:    %4 = stablehlo.ceil %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %5 = stablehlo.floor %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %6 = stablehlo.round_nearest_afz %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %7 = stablehlo.round_nearest_even %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %8 = stablehlo.ceil %arg2 : tensor<4xf64>
// CHECK-NEXT:    %9 = stablehlo.floor %arg2 : tensor<4xf64>
// CHECK-NEXT:    %10 = stablehlo.round_nearest_afz %arg2 : tensor<4xf64>
// CHECK-NEXT:    %11 = stablehlo.round_nearest_even %arg2 : tensor<4xf64>
// CHECK-NEXT:    %12 = stablehlo.ceil %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %13 = stablehlo.floor %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %14 = stablehlo.round_nearest_afz %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %15 = stablehlo.round_nearest_even %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %16 = stablehlo.ceil %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %17 = stablehlo.floor %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %18 = stablehlo.round_nearest_afz %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %19 = stablehlo.round_nearest_even %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %20 = stablehlo.ceil %arg5 : tensor<4xf4E2M1FN>
// CHECK-NEXT:    %21 = stablehlo.floor %arg5 : tensor<4xf4E2M1FN>
// CHECK-NEXT:    %22 = stablehlo.round_nearest_afz %arg5 : tensor<4xf4E2M1FN>
// CHECK-NEXT:    %23 = stablehlo.round_nearest_even %arg5 : tensor<4xf4E2M1FN>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xf16>, %a1: tensor<4xbf16>, %a2: tensor<4xf64>, %a3: tensor<4xf8E4M3FN>, %a4: tensor<4xf8E5M2>, %a5: tensor<4xf4E2M1FN>) {
  %0 = stablehlo.ceil %a0 : tensor<4xf16>
  %1 = stablehlo.floor %a0 : tensor<4xf16>
  %2 = stablehlo.round_nearest_afz %a0 : tensor<4xf16>
  %3 = stablehlo.round_nearest_even %a0 : tensor<4xf16>
  %4 = stablehlo.ceil %a1 : tensor<4xbf16>
  %5 = stablehlo.floor %a1 : tensor<4xbf16>
  %6 = stablehlo.round_nearest_afz %a1 : tensor<4xbf16>
  %7 = stablehlo.round_nearest_even %a1 : tensor<4xbf16>
  %8 = stablehlo.ceil %a2 : tensor<4xf64>
  %9 = stablehlo.floor %a2 : tensor<4xf64>
  %10 = stablehlo.round_nearest_afz %a2 : tensor<4xf64>
  %11 = stablehlo.round_nearest_even %a2 : tensor<4xf64>
  %12 = stablehlo.ceil %a3 : tensor<4xf8E4M3FN>
  %13 = stablehlo.floor %a3 : tensor<4xf8E4M3FN>
  %14 = stablehlo.round_nearest_afz %a3 : tensor<4xf8E4M3FN>
  %15 = stablehlo.round_nearest_even %a3 : tensor<4xf8E4M3FN>
  %16 = stablehlo.ceil %a4 : tensor<4xf8E5M2>
  %17 = stablehlo.floor %a4 : tensor<4xf8E5M2>
  %18 = stablehlo.round_nearest_afz %a4 : tensor<4xf8E5M2>
  %19 = stablehlo.round_nearest_even %a4 : tensor<4xf8E5M2>
  %20 = stablehlo.ceil %a5 : tensor<4xf4E2M1FN>
  %21 = stablehlo.floor %a5 : tensor<4xf4E2M1FN>
  %22 = stablehlo.round_nearest_afz %a5 : tensor<4xf4E2M1FN>
  %23 = stablehlo.round_nearest_even %a5 : tensor<4xf4E2M1FN>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.ceil %arg0 : tensor<?x3xf32>
// CHECK-NEXT:    %1 = stablehlo.round_nearest_even %arg0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.ceil %arg0 : (tensor<?x3xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %3 = stablehlo.round_nearest_even %arg1 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    %4 = stablehlo.ceil %arg1 : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xf32>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.ceil %x : tensor<?x3xf32>
  %1 = stablehlo.round_nearest_even %x : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.ceil %x : (tensor<?x3xf32>) -> tensor<?x?xf32>
  %3 = stablehlo.round_nearest_even %b : tensor<?xf32, #stablehlo.bounds<8>>
  %4 = stablehlo.ceil %b : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<3xf32>
  return
}

// Per-tensor quantized operands (not checked against upstream: jaxlib has no
// quant dialect). The result may have other scales and zero points (baseline types).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.ceil %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %1 = stablehlo.floor %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %2 = stablehlo.round_nearest_afz %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %3 = stablehlo.round_nearest_even %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %4 = stablehlo.ceil %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.ceil %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %1 = stablehlo.floor %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %2 = stablehlo.round_nearest_afz %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %3 = stablehlo.round_nearest_even %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %4 = stablehlo.ceil %q : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return
}
