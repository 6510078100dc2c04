// stablehlo-aggressive-folder: ops on constants become constants, within
// fold-op-element-limit (splats excepted); what the spec leaves to the
// implementation stays for run time. test/python/dialect/test_folding.py checks the
// values across element types against exact oracles.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-folder | FileCheck %s
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-folder=fold-op-element-limit=2 | FileCheck %s --check-prefix=LIMIT
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-folder=fold-float=false | FileCheck %s --check-prefix=NOFLOAT

// CHECK-LABEL: func.func @shape_computation
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[8, 4]> : tensor<2xi32>
// CHECK-NEXT: return %[[C]]
// LIMIT-LABEL: func.func @shape_computation
// LIMIT-NEXT: %[[C:.*]] = stablehlo.constant dense<[8, 4]> : tensor<2xi32>
func.func @shape_computation(%x: tensor<8x4xf32>) -> tensor<2xi32> {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<8x4xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  %c4 = stablehlo.constant dense<4> : tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c4, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %2 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @arithmetic
// CHECK-DAG: stablehlo.constant dense<[5, 7, 9]> : tensor<3xi64>
// CHECK-DAG: stablehlo.constant dense<[2.500000e+00, 3.500000e+00, 4.500000e+00]> : tensor<3xf32>
// CHECK-NOT: stablehlo.add
// LIMIT-LABEL: func.func @arithmetic
// LIMIT-COUNT-2: stablehlo.add
// NOFLOAT-LABEL: func.func @arithmetic
// NOFLOAT: stablehlo.constant dense<[5, 7, 9]> : tensor<3xi64>
// NOFLOAT: stablehlo.add %{{.*}} : tensor<3xf32>
func.func @arithmetic() -> (tensor<3xi64>, tensor<3xf32>) {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %b = stablehlo.constant dense<[4, 5, 6]> : tensor<3xi64>
  %0 = stablehlo.add %a, %b : tensor<3xi64>
  %fa = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %fb = stablehlo.constant dense<1.5> : tensor<3xf32>
  %1 = stablehlo.add %fa, %fb : tensor<3xf32>
  return %0, %1 : tensor<3xi64>, tensor<3xf32>
}

// -----

// Division by zero and INT_MIN / -1 are implementation-defined: not folded.
// CHECK-LABEL: func.func @undefined_division
// CHECK: stablehlo.divide
// CHECK: stablehlo.remainder
func.func @undefined_division() -> (tensor<2xi32>, tensor<2xi32>) {
  %a = stablehlo.constant dense<[7, -2147483648]> : tensor<2xi32>
  %b = stablehlo.constant dense<[0, -1]> : tensor<2xi32>
  %0 = stablehlo.divide %a, %b : tensor<2xi32>
  %1 = stablehlo.remainder %a, %b : tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// A splat folds into a splat whatever the limit.
// CHECK-LABEL: func.func @splat
// CHECK-NEXT: stablehlo.constant dense<6> : tensor<100x100xi32>
// LIMIT-LABEL: func.func @splat
// LIMIT-NEXT: stablehlo.constant dense<6> : tensor<100x100xi32>
func.func @splat() -> tensor<100x100xi32> {
  %a = stablehlo.constant dense<2> : tensor<i32>
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<i32>) -> tensor<100x100xi32>
  %c = stablehlo.constant dense<3> : tensor<100x100xi32>
  %0 = stablehlo.multiply %b, %c : tensor<100x100xi32>
  return %0 : tensor<100x100xi32>
}

// -----

// Dynamic dimensions are not folded (get_dimension_size of `?`).
// CHECK-LABEL: func.func @dynamic
// CHECK: stablehlo.get_dimension_size %arg0, dim = 0
// CHECK-NOT: stablehlo.get_dimension_size
func.func @dynamic(%x: tensor<?x4xf32>) -> (tensor<i32>, tensor<i32>) {
  %0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?x4xf32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}
