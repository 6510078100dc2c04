// Buffers of quantized elements: HLO_Buffer lists quantized integers among
// its element types, as upstream's does ("memref of ... per-tensor integer
// quantized values"), but MLIR's builtin memref parser refuses the element
// type ("invalid memref element type": the quant types do not implement
// MemRefElementTypeInterface), so no such buffer can be written. Expected to
// fail until they do; lit reports an unexpected pass as a failure.
// XFAIL: *
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tuple<memref<2x!quant.uniform<i8:f32, 5.000000e-01:3>>>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> memref<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    %1 = stablehlo.tuple %0 : tuple<memref<2x!quant.uniform<i8:f32, 5.000000e-01:3>>>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return %2, %1 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>, tuple<memref<2x!quant.uniform<i8:f32, 5.000000e-01:3>>>
// CHECK-NEXT:  }
func.func @quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tuple<memref<2x!quant.uniform<i8:f32, 0.5:3>>>) {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> memref<2x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.tuple %0 : tuple<memref<2x!quant.uniform<i8:f32, 0.5:3>>>
  %2 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %2, %1 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tuple<memref<2x!quant.uniform<i8:f32, 0.5:3>>>
}
