// Round trip of stablehlo.fft: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The four FFT types over one to three trailing dimensions; RFFT keeps
// n / 2 + 1 entries of the last one, IRFFT restores fft_length.
// CHECK-LABEL:  func.func @fft(%arg0: tensor<4xcomplex<f32>>, %arg1: tensor<2x4x8xf64>, %arg2: tensor<0xf32>) -> tensor<4xcomplex<f32>> {
// CHECK-NEXT:    %0 = stablehlo.fft %arg0, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %1 = stablehlo.fft %0, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %2 = stablehlo.fft %arg1, type = RFFT, length = [2, 4, 8] : (tensor<2x4x8xf64>) -> tensor<2x4x5xcomplex<f64>>
// CHECK-NEXT:    %3 = stablehlo.fft %2, type = IRFFT, length = [4, 8] : (tensor<2x4x5xcomplex<f64>>) -> tensor<2x4x8xf64>
// CHECK-NEXT:    %4 = stablehlo.fft %arg2, type = RFFT, length = [0] : (tensor<0xf32>) -> tensor<0xcomplex<f32>>
// CHECK-NEXT:    return %1 : tensor<4xcomplex<f32>>
// CHECK-NEXT:  }
func.func @fft(%operand: tensor<4xcomplex<f32>>, %real: tensor<2x4x8xf64>, %empty: tensor<0xf32>) -> tensor<4xcomplex<f32>> {
  %0 = "stablehlo.fft"(%operand) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.fft %0, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %2 = stablehlo.fft %real, type = RFFT, length = [2, 4, 8] : (tensor<2x4x8xf64>) -> tensor<2x4x5xcomplex<f64>>
  %3 = stablehlo.fft %2, type = IRFFT, length = [4, 8] : (tensor<2x4x5xcomplex<f64>>) -> tensor<2x4x8xf64>
  %4 = stablehlo.fft %empty, type = RFFT, length = [0] : (tensor<0xf32>) -> tensor<0xcomplex<f32>>
  return %1 : tensor<4xcomplex<f32>>
}
