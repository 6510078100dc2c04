// A slice stride of 2^63 - 1 (found by fuzzing: ceil((limit - start) / stride)
// computed as (limit - start + stride - 1) / stride overflowed int64, and the
// negative size made RankedTensorType::get abort). One element per dimension.
// RUN: stablehlo-opt %s | FileCheck %s
// RUN: stablehlo-py run %s | FileCheck %s --check-prefix=VALUES

// CHECK: stablehlo.slice %{{.*}} [1:3, 2:4:9223372036854775807] : (tensor<3x4xi64>) -> tensor<2x1xi64>
// VALUES: array({{\[\[}}1],
// VALUES-NEXT: [2]])
func.func @main() -> tensor<2x1xi64> {
  %x = stablehlo.iota dim = 0 : tensor<3x4xi64>
  %0 = "stablehlo.slice"(%x) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 9223372036854775807>} : (tensor<3x4xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}
