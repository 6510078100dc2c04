// Resource limits of `stablehlo-py run`: each module fails naming the op and its location,
// before anything is allocated, and the run goes on with the next module.
// RUN: not stablehlo-py run %s --split-input-file --max-value-bytes 1G --max-total-bytes 2G --max-iterations 1000 2>&1 | FileCheck %s

// CHECK: error: stablehlo.iota at loc("{{.*}}limits.mlir":7:8): result 0 (tensor<4294967296xi32>) would take 17179869184 bytes (16 GiB), more than the limit of 1073741824 bytes (1 GiB) per value (Limits.max_value_bytes)
func.func @main() -> tensor<4294967296xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<4294967296xi32>
  return %0 : tensor<4294967296xi32>
}

// -----
// CHECK: error: stablehlo.add at loc("{{.*}}limits.mlir":18:8): the values held once it has run would take 2400000004 bytes (2.24 GiB), more than the limit of 2147483648 bytes (2 GiB) in total (Limits.max_total_bytes)
func.func @main() -> (tensor<200000000xf32>, tensor<200000000xf32>, tensor<200000000xf32>) {
  %x = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<200000000xf32>
  %0 = stablehlo.add %b, %b : tensor<200000000xf32>
  %1 = stablehlo.add %0, %b : tensor<200000000xf32>
  %2 = stablehlo.add %1, %b : tensor<200000000xf32>
  return %0, %1, %2 : tensor<200000000xf32>, tensor<200000000xf32>, tensor<200000000xf32>
}

// -----
// CHECK: error: stablehlo.while at loc("{{.*}}limits.mlir":26:8): the loop did not end within 1000 iterations (Limits.max_iterations)
func.func @main() -> tensor<i32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.while(%i = %c0) : tensor<i32>
    cond {
      %p = stablehlo.compare GE, %i, %c0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      stablehlo.return %i : tensor<i32>
    }
  return %0 : tensor<i32>
}
// CHECK: stablehlo-py run: 3 of 3 modules failed
