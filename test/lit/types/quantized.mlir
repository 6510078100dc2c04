// Round trip of quantized element types (spec "Quantized element types"),
// carried by stablehlo ops so that our verifier checks C1-C13 on them.
// Upstream's Python bindings have no quant dialect, so these CHECK lines are
// MLIR's quant printer output through our tool.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Per-tensor: every storage width and signedness; zero point defaults to 0.
// CHECK-LABEL:  func.func @per_tensor(%arg0: tensor<2x!quant.uniform<i2:f32, 1.000000e+00>>, %arg1: tensor<2x!quant.uniform<i4:f32, 5.000000e-01:-8>>, %arg2: tensor<2x!quant.uniform<i8:f32, 1.000000e-01:127>>, %arg3: tensor<2x!quant.uniform<u8:f32, 2.000000e+00:255>>, %arg4: tensor<2x!quant.uniform<i16:f16, 4.000000e+00:-3>>, %arg5: tensor<2x!quant.uniform<i32:f64, 1.000000e-10>>, %arg6: tensor<2x!quant.uniform<i8:bf16, 3.000000e+38>>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<2x!quant.uniform<i2:f32, 1.000000e+00>>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<2x!quant.uniform<i4:f32, 5.000000e-01:-8>>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:127>>
// CHECK-NEXT:    %3 = stablehlo.add %arg3, %arg3 : tensor<2x!quant.uniform<u8:f32, 2.000000e+00:255>>
// CHECK-NEXT:    %4 = stablehlo.add %arg4, %arg4 : tensor<2x!quant.uniform<i16:f16, 4.000000e+00:-3>>
// CHECK-NEXT:    %5 = stablehlo.add %arg5, %arg5 : tensor<2x!quant.uniform<i32:f64, 1.000000e-10>>
// CHECK-NEXT:    %6 = stablehlo.add %arg6, %arg6 : tensor<2x!quant.uniform<i8:bf16, 3.000000e+38>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @per_tensor(%i2: tensor<2x!quant.uniform<i2:f32, 1.0>>, %i4: tensor<2x!quant.uniform<i4:f32, 0.5:-8>>,
                      %i8: tensor<2x!quant.uniform<i8:f32, 0.1:127>>, %u8: tensor<2x!quant.uniform<u8:f32, 2.0:255>>,
                      %i16: tensor<2x!quant.uniform<i16:f16, 4.0:-3>>, %i32: tensor<2x!quant.uniform<i32:f64, 1.0e-10>>,
                      %bf: tensor<2x!quant.uniform<i8:bf16, 3.0e38>>) {
  %0 = stablehlo.add %i2, %i2 : tensor<2x!quant.uniform<i2:f32, 1.0>>
  %1 = stablehlo.add %i4, %i4 : tensor<2x!quant.uniform<i4:f32, 0.5:-8>>
  %2 = stablehlo.add %i8, %i8 : tensor<2x!quant.uniform<i8:f32, 0.1:127>>
  %3 = stablehlo.add %u8, %u8 : tensor<2x!quant.uniform<u8:f32, 2.0:255>>
  %4 = stablehlo.add %i16, %i16 : tensor<2x!quant.uniform<i16:f16, 4.0:-3>>
  %5 = stablehlo.add %i32, %i32 : tensor<2x!quant.uniform<i32:f64, 1.0e-10>>
  %6 = stablehlo.add %bf, %bf : tensor<2x!quant.uniform<i8:bf16, 3.0e38>>
  return
}

// Storage ranges narrower than the storage type (C1-C3); zero points within
// them (C7).
// CHECK-LABEL:  func.func @storage_range(%arg0: tensor<2x!quant.uniform<i8<-127:127>:f32, 1.000000e+00>>, %arg1: tensor<2x!quant.uniform<u8<1:254>:f32, 1.000000e+00:1>>, %arg2: tensor<2x!quant.uniform<i8<-1:0>:f32, 1.000000e+00:-1>>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<2x!quant.uniform<i8<-127:127>:f32, 1.000000e+00>>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<2x!quant.uniform<u8<1:254>:f32, 1.000000e+00:1>>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<2x!quant.uniform<i8<-1:0>:f32, 1.000000e+00:-1>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @storage_range(%a: tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>, %b: tensor<2x!quant.uniform<u8<1:254>:f32, 1.0:1>>,
                         %c: tensor<2x!quant.uniform<i8<-1:0>:f32, 1.0:-1>>) {
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>
  %1 = stablehlo.add %b, %b : tensor<2x!quant.uniform<u8<1:254>:f32, 1.0:1>>
  %2 = stablehlo.add %c, %c : tensor<2x!quant.uniform<i8<-1:0>:f32, 1.0:-1>>
  return
}

// Per-axis: one scale and zero point per slice of quantization_dimension
// (C9-C13); a dynamic quantization dimension is not checked against C13.
// CHECK-LABEL:  func.func @per_axis(%arg0: tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:-1,1.000000e+00,2.000000e+00:3}>>, %arg1: tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00,4.000000e+00}>>, %arg2: tensor<?x2x!quant.uniform<i16:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00}>>) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01:-1,1.000000e+00,2.000000e+00:3}>>
// CHECK-NEXT:    %1 = stablehlo.add %arg1, %arg1 : tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00,4.000000e+00}>>
// CHECK-NEXT:    %2 = stablehlo.add %arg2, %arg2 : tensor<?x2x!quant.uniform<i16:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00}>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @per_axis(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.5:-1, 1.0, 2.0:3}>>, %b: tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.0, 2.0, 3.0, 4.0}>>,
                    %c: tensor<?x2x!quant.uniform<i16:f32:0, {1.0, 2.0, 3.0}>>) {
  %0 = stablehlo.add %a, %a : tensor<2x3x!quant.uniform<i8:f32:1, {0.5:-1, 1.0, 2.0:3}>>
  %1 = stablehlo.add %b, %b : tensor<4x!quant.uniform<i8<-127:127>:f32:0, {1.0, 2.0, 3.0, 4.0}>>
  %2 = stablehlo.add %c, %c : tensor<?x2x!quant.uniform<i16:f32:0, {1.0, 2.0, 3.0}>>
  return
}

// Quantized scalars.
// CHECK-LABEL:  func.func @scalar(%arg0: tensor<!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<!quant.uniform<i8:f32, 1.000000e+00>> {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:    return %0 : tensor<!quant.uniform<i8:f32, 1.000000e+00>>
// CHECK-NEXT:  }
func.func @scalar(%a: tensor<!quant.uniform<i8:f32, 1.0>>) -> tensor<!quant.uniform<i8:f32, 1.0>> {
  %0 = stablehlo.add %a, %a : tensor<!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<!quant.uniform<i8:f32, 1.0>>
}

// `ui8` as the storage of an unsigned type is accepted, as upstream accepts it
// (its qdq-to-quantized-op tests write it so); MLIR prints the type `u8`.
// CHECK-LABEL:  func.func @storage_spelled_ui8(%arg0: tensor<2x!quant.uniform<u8:f32, 3.400000e+01:16>>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.uniform_dequantize %arg0 : (tensor<2x!quant.uniform<u8:f32, 3.400000e+01:16>>) -> tensor<2xf32>
func.func @storage_spelled_ui8(%arg0: tensor<2x!quant.uniform<ui8:f32, 34.0:16>>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_dequantize %arg0 : (tensor<2x!quant.uniform<ui8:f32, 34.0:16>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
