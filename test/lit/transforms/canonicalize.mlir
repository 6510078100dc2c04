// MLIR's canonicalize runs no stablehlo patterns of the dialect's own, as with
// upstream StableHLO: folding and simplification are the passes
// stablehlo-aggressive-folder and stablehlo-aggressive-simplification. It
// still erases dead pure ops and uniques constants, as for any dialect.
// RUN: stablehlo-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @left_alone
// CHECK-DAG: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<2xf32>
// CHECK-DAG: %[[A:.*]] = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
// CHECK: %[[SUM:.*]] = stablehlo.add %[[A]], %[[B]] : tensor<2xi32>
// CHECK: %[[PRODUCT:.*]] = stablehlo.multiply %arg0, %[[ONE]] : tensor<2xf32>
// CHECK: %[[SAME:.*]] = stablehlo.transpose %arg0, dims = [0]
// CHECK: %[[REVERSED:.*]] = stablehlo.reverse %arg1, dims = [0] : tensor<1x3xf32>
// CHECK-NOT: stablehlo.compare
// CHECK: return %[[SUM]], %[[PRODUCT]], %[[SAME]], %[[REVERSED]]
func.func @left_alone(%x: tensor<2xf32>, %r: tensor<1x3xf32>) -> (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %0 = stablehlo.add %a, %b : tensor<2xi32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %one_again = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.multiply %x, %one : tensor<2xf32>
  %2 = stablehlo.transpose %x, dims = [0] : (tensor<2xf32>) -> tensor<2xf32>
  %3 = stablehlo.reverse %r, dims = [0] : tensor<1x3xf32>
  %dead = stablehlo.compare GT, %x, %one_again : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<1x3xf32>
}
