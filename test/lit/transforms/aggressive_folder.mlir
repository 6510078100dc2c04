// stablehlo-aggressive-folder: ops on constants become constants, within
// fold-op-element-limit (splats excepted); what the spec leaves to the
// implementation stays for run time. test/python/passes/test_folding.py checks the
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

// -----

// set_dimension_size to the size the dimension already has: the operand.
// CHECK-LABEL: func.func @set_dimension_size_to_static_size
// CHECK-NEXT: return %arg0 : tensor<10xf32>
func.func @set_dimension_size_to_static_size(%arg0: tensor<10xf32>) -> tensor<10xf32> {
  %c = stablehlo.constant dense<10> : tensor<i32>
  %0 = stablehlo.set_dimension_size %arg0, %c, dim = 0 : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// A size known only at run time: kept.
// CHECK-LABEL: func.func @set_dimension_size_to_another_size
// CHECK: stablehlo.set_dimension_size
func.func @set_dimension_size_to_another_size(%arg0: tensor<10xf32>, %n: tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<10>> {
  %0 = stablehlo.set_dimension_size %arg0, %n, dim = 0 : (tensor<10xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<10>>
  return %0 : tensor<?xf32, #stablehlo.bounds<10>>
}

// -----

// A while whose condition is false and has no effects: its initial values.
// CHECK-LABEL: func.func @while_false
// CHECK-NOT: stablehlo.while
// CHECK: return %arg0 : tensor<i64>
func.func @while_false(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.while(%i = %arg0) : tensor<i64>
  cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %n : tensor<i64>
  }
  return %0 : tensor<i64>
}

// -----

// The same with a condition that has an effect: kept (it runs once).
// CHECK-LABEL: func.func @while_false_with_effect
// CHECK: stablehlo.while
func.func @while_false_with_effect(%arg0: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.while(%i = %arg0) : tensor<i64>
  cond {
    stablehlo.custom_call @side_effect() {has_side_effect = true} : () -> ()
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i64>
  }
  return %0 : tensor<i64>
}

// -----

// Complex values move like any other: splats broadcast and reshape.
// CHECK-LABEL: func.func @complex_splat_moves
// CHECK-DAG: stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<2x3xcomplex<f32>>
// CHECK-DAG: stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<6xcomplex<f32>>
// CHECK-NOT: broadcast_in_dim
// CHECK-NOT: reshape
func.func @complex_splat_moves() -> (tensor<2x3xcomplex<f32>>, tensor<6xcomplex<f32>>) {
  %c = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<complex<f32>>) -> tensor<2x3xcomplex<f32>>
  %1 = stablehlo.reshape %0 : (tensor<2x3xcomplex<f32>>) -> tensor<6xcomplex<f32>>
  return %0, %1 : tensor<2x3xcomplex<f32>>, tensor<6xcomplex<f32>>
}

// -----

// cosine, exponential, log, sqrt of constants: double results rounded once
// (test_folding.py checks every function and type); log(0) stays.
// CHECK-LABEL: func.func @unary_float
// CHECK-DAG: stablehlo.constant dense<2.71828175> : tensor<f32>
// CHECK-DAG: stablehlo.constant dense<1.41421354> : tensor<f32>
// CHECK: stablehlo.log
func.func @unary_float() -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.exponential %one : tensor<f32>
  %1 = stablehlo.sqrt %two : tensor<f32>
  %2 = stablehlo.log %zero : tensor<f32>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// clamp of constants, with scalar and full bounds, NaN propagating.
// CHECK-LABEL: func.func @clamp
// CHECK-DAG: stablehlo.constant dense<[1, 25, 11]> : tensor<3xi32>
// CHECK-DAG: stablehlo.constant dense<[2, 5, 5]> : tensor<3xi32>
// CHECK-DAG: stablehlo.constant dense<[1.000000e+00, 0x7FC00000]> : tensor<2xf32>
// CHECK-NOT: stablehlo.clamp
func.func @clamp() -> (tensor<3xi32>, tensor<3xi32>, tensor<2xf32>) {
  %min = stablehlo.constant dense<[1, 5, 10]> : tensor<3xi32>
  %max = stablehlo.constant dense<[10, 25, 12]> : tensor<3xi32>
  %x = stablehlo.constant dense<[0, 30, 11]> : tensor<3xi32>
  %0 = stablehlo.clamp %min, %x, %max : tensor<3xi32>
  %lo = stablehlo.constant dense<2> : tensor<i32>
  %hi = stablehlo.constant dense<5> : tensor<i32>
  %1 = stablehlo.clamp %lo, %x, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %flo = stablehlo.constant dense<1.0> : tensor<f32>
  %fhi = stablehlo.constant dense<2.0> : tensor<f32>
  %f = stablehlo.constant dense<[-3.0, 0x7FC00000]> : tensor<2xf32>
  %2 = stablehlo.clamp %flo, %f, %fhi : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xi32>, tensor<2xf32>
}

// -----

// case with a constant index runs that branch, out of range the last one;
// with no effects elsewhere the case goes.
// CHECK-LABEL: func.func @case_constant_index
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg1, %arg1
// CHECK-NEXT: return %[[A]], %arg2
// CHECK-NOT: stablehlo.case
func.func @case_constant_index(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = "stablehlo.case"(%one) ({
    stablehlo.return %arg0 : tensor<i32>
  }, {
    %s = stablehlo.add %arg1, %arg1 : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %big = stablehlo.constant dense<7> : tensor<i32>
  %1 = "stablehlo.case"(%big) ({
    stablehlo.return %arg0 : tensor<i32>
  }, {
    stablehlo.return %arg2 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// Another branch has effects: the case stays for them, its taken branch (now
// run before it) replaced by placeholders of each result type.
// CHECK-LABEL: func.func @case_kept_for_effects
// CHECK: %[[Z:.*]] = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<2xcomplex<f32>>
// CHECK: %[[T:.*]] = stablehlo.custom_call @taken(%arg0) {has_side_effect = true}
// CHECK: "stablehlo.case"
// CHECK-NEXT: %[[K:.*]] = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: stablehlo.return %[[Z]], %[[K]]
// CHECK: stablehlo.custom_call @other
// CHECK: return %[[T]], %arg1
func.func @case_kept_for_effects(%arg0: tensor<2xcomplex<f32>>, %arg1: !stablehlo.token) -> (tensor<2xcomplex<f32>>, !stablehlo.token) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = "stablehlo.case"(%zero) ({
    %t = stablehlo.custom_call @taken(%arg0) {has_side_effect = true} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    stablehlo.return %t, %arg1 : tensor<2xcomplex<f32>>, !stablehlo.token
  }, {
    %o = stablehlo.custom_call @other(%arg0) {has_side_effect = true} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    stablehlo.return %o, %arg1 : tensor<2xcomplex<f32>>, !stablehlo.token
  }) : (tensor<i32>) -> (tensor<2xcomplex<f32>>, !stablehlo.token)
  return %0#0, %0#1 : tensor<2xcomplex<f32>>, !stablehlo.token
}
