// Buffers of quantized elements: HLO_Buffer lists quantized integers among
// its element types, as upstream's does, but MLIR's builtin memref parser
// refuses them (the quant types do not implement MemRefElementTypeInterface),
// so no such buffer can be written: a clear parse error, never a crash
// (docs/decisions.md, "Buffers").
// RUN: not stablehlo-opt %s 2>&1 | FileCheck %s

// CHECK: error: invalid memref element type
func.func @quantized(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> memref<2x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %1 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}
