// A whole program as JAX emits it (jax.jit(f).lower(...).as_text()), using
// only the ops defined so far: module attributes, public/private functions,
// jax.result_info result attributes, func.call, and the result names JAX's
// printer produces. The CHECK lines are upstream's output (checked with
// jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT:  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<5xi32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<2x4xf32> {jax.result_info = "result[1]"}, tensor<2x4xi32> {jax.result_info = "result[2]"}, tensor<6x4xf32> {jax.result_info = "result[3]"}, tensor<2x2xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}, tensor<5xi1> {jax.result_info = "result[6]"}, tensor<f32> {jax.result_info = "result[7]"}) {
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg1 : tensor<2x4xf32>
// CHECK-NEXT:    %1 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
// CHECK-NEXT:    %2 = call @_where(%1, %0, %arg1) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %3 = stablehlo.convert %2 : (tensor<2x4xf32>) -> tensor<2x4xi32>
// CHECK-NEXT:    %4 = stablehlo.reshape %arg0 : (tensor<2x4xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %5 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
// CHECK-NEXT:    %6 = stablehlo.reshape %5 : (tensor<3x8xf32>) -> tensor<6x4xf32>
// CHECK-NEXT:    %7 = stablehlo.reshape %arg1 : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:    %8 = stablehlo.dot_general %arg0, %7, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %9 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<2> : tensor<i32>
// CHECK-NEXT:    %10 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
// CHECK-NEXT:    %11 = stablehlo.compare GT, %arg2, %10, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
// CHECK-NEXT:    return %0, %2, %3, %6, %8, %9, %11, %cst_0 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xi32>, tensor<6x4xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<5xi1>, tensor<f32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @_where(%arg0: tensor<2x4xi1>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT:    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x4xi1>, tensor<2x4xf32>
// CHECK-NEXT:    return %0 : tensor<2x4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<5xi32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<2x4xf32> {jax.result_info = "result[1]"}, tensor<2x4xi32> {jax.result_info = "result[2]"}, tensor<6x4xf32> {jax.result_info = "result[3]"}, tensor<2x2xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}, tensor<5xi1> {jax.result_info = "result[6]"}, tensor<f32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<2x4xf32>
    %1 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    %2 = call @_where(%1, %0, %arg1) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.convert %2 : (tensor<2x4xf32>) -> tensor<2x4xi32>
    %4 = stablehlo.reshape %arg0 : (tensor<2x4xf32>) -> tensor<8xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
    %6 = stablehlo.reshape %5 : (tensor<3x8xf32>) -> tensor<6x4xf32>
    %7 = stablehlo.reshape %arg1 : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %8 = stablehlo.dot_general %arg0, %7, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<4xf32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %11 = stablehlo.compare GT, %arg2, %10, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %cst_0 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    return %0, %2, %3, %6, %8, %9, %11, %cst_0 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xi32>, tensor<6x4xf32>, tensor<2x2xf32>, tensor<4xf32>, tensor<5xi1>, tensor<f32>
  }
  func.func private @_where(%arg0: tensor<2x4xi1>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2x4xi1>, tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
}
