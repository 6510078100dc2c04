// Round trip of stablehlo.uniform_quantize and stablehlo.uniform_dequantize:
// the CHECK lines are upstream StableHLO's pretty form (`$operand : functional
// type`, as upstream's tests and torch-mlir's exports print it).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Quantization per tensor and per axis, requantization with another storage
// range, dequantization; bf16 and f64 expressed types; dynamic sizes.
// CHECK-LABEL:  func.func @quantize(%arg0: tensor<2xf32>, %arg1: tensor<?x3xbf16>, %arg2: tensor<f64>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
// CHECK-NEXT:    %1 = stablehlo.uniform_quantize %0 : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>) -> tensor<2x!quant.uniform<i8<-100:100>:f32, 2.000000e-01:-3>>
// CHECK-NEXT:    %2 = stablehlo.uniform_dequantize %1 : (tensor<2x!quant.uniform<i8<-100:100>:f32, 2.000000e-01:-3>>) -> tensor<2xf32>
// CHECK-NEXT:    %3 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>
// CHECK-NEXT:    %4 = stablehlo.uniform_dequantize %3 : (tensor<2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>) -> tensor<2xf32>
// CHECK-NEXT:    %5 = stablehlo.uniform_quantize %arg1 : (tensor<?x3xbf16>) -> tensor<?x3x!quant.uniform<u8:bf16:1, {1.000000e+00,2.000000e+00,3.000000e+00:7}>>
// CHECK-NEXT:    %6 = stablehlo.uniform_dequantize %5 : (tensor<?x3x!quant.uniform<u8:bf16:1, {1.000000e+00,2.000000e+00,3.000000e+00:7}>>) -> tensor<?x3xbf16>
// CHECK-NEXT:    %7 = stablehlo.uniform_quantize %arg2 : (tensor<f64>) -> tensor<!quant.uniform<i32:f64, 2.500000e-01:100>>
// CHECK-NEXT:    %8 = stablehlo.uniform_quantize %7 : (tensor<!quant.uniform<i32:f64, 2.500000e-01:100>>) -> tensor<!quant.uniform<i4:f64, 5.000000e-01>>
// CHECK-NEXT:    return %2 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @quantize(%arg0: tensor<2xf32>, %arg1: tensor<?x3xbf16>, %arg2: tensor<f64>) -> tensor<2xf32> {
  %0 = "stablehlo.uniform_quantize"(%arg0) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8<-100:100>:f32, 0.2:-3>>
  %2 = "stablehlo.uniform_dequantize"(%1) : (tensor<2x!quant.uniform<i8<-100:100>:f32, 0.2:-3>>) -> tensor<2xf32>
  %3 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %4 = stablehlo.uniform_dequantize %3 : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
  %5 = stablehlo.uniform_quantize %arg1 : (tensor<?x3xbf16>) -> tensor<?x3x!quant.uniform<u8:bf16:1, {1.0,2.0,3.0:7}>>
  %6 = stablehlo.uniform_dequantize %5 : (tensor<?x3x!quant.uniform<u8:bf16:1, {1.0,2.0,3.0:7}>>) -> tensor<?x3xbf16>
  %7 = stablehlo.uniform_quantize %arg2 : (tensor<f64>) -> tensor<!quant.uniform<i32:f64, 0.25:100>>
  %8 = stablehlo.uniform_quantize %7 : (tensor<!quant.uniform<i32:f64, 0.25:100>>) -> tensor<!quant.uniform<i4:f64, 0.5>>
  return %2 : tensor<2xf32>
}

// Requantization to the same type: upstream prints the one type alone (`: tensor<...>`), and
// reads both that and the functional type; a float operand always prints the functional type.
// CHECK-LABEL:  func.func @same_type(%arg0: tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>, %arg1: tensor<2xf32>) -> tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>> {
// CHECK-NEXT:    %0 = stablehlo.uniform_quantize %arg0 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
// CHECK-NEXT:    %1 = stablehlo.uniform_quantize %0 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
// CHECK-NEXT:    %2 = stablehlo.uniform_quantize %1 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
// CHECK-NEXT:    %3 = stablehlo.uniform_quantize %arg1 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT:    return %2 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
// CHECK-NEXT:  }
func.func @same_type(%arg0: tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>, %arg1: tensor<2xf32>) -> tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>> {
  %0 = stablehlo.uniform_quantize %arg0 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
  %1 = stablehlo.uniform_quantize %0 : (tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>) -> tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
  %2 = "stablehlo.uniform_quantize"(%1) : (tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>) -> tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
  %3 = stablehlo.uniform_quantize %arg1 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  return %2 : tensor<10x10x!quant.uniform<i8:f32, 0.0039215482917486456:-128>>
}
