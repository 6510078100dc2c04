// stablehlo-aggressive-folder: the folds (and the declines) that match
// upstream's folder on its own pass tests (issue 34): iota, convert of -0.0,
// concatenate of equal splats, dynamic_slice of a splat, reduce of
// constants, case with a constant index, clamp of constants.
// test/python/passes/test_folding_upstream.py checks the values against the
// interpreter on the unfolded programs.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-aggressive-folder=fold-op-element-limit=100 | FileCheck %s

// An iota folds only when it has at most one element (upstream's choice).
// CHECK-LABEL: func.func @iota
// CHECK-DAG: [[ONE:%.+]] = stablehlo.constant dense<0> : tensor<1x1xi32>
// CHECK-DAG: [[NONE:%.+]] = stablehlo.constant dense<> : tensor<0x3xi32>
// CHECK-DAG: [[BIG:%.+]] = stablehlo.iota dim = 1 : tensor<3x4xi32>
// CHECK-DAG: [[FLOAT:%.+]] = stablehlo.iota dim = 0 : tensor<1xf32>
// CHECK: return [[ONE]], [[NONE]], [[BIG]], [[FLOAT]]
func.func @iota() -> (tensor<1x1xi32>, tensor<0x3xi32>, tensor<3x4xi32>, tensor<1xf32>) {
  %0 = stablehlo.iota dim = 1 : tensor<1x1xi32>
  %1 = stablehlo.iota dim = 1 : tensor<0x3xi32>
  %2 = stablehlo.iota dim = 1 : tensor<3x4xi32>
  %3 = stablehlo.iota dim = 0 : tensor<1xf32>
  return %0, %1, %2, %3 : tensor<1x1xi32>, tensor<0x3xi32>, tensor<3x4xi32>, tensor<1xf32>
}

// -----

// Float to integer: -0.0 is declined, as upstream declines it; +0.0 folds.
// CHECK-LABEL: func.func @convert_negative_zero
// CHECK-DAG: stablehlo.constant dense<[0, 3]> : tensor<2xi32>
// CHECK-DAG: stablehlo.convert %{{.+}} : (tensor<2xf32>) -> tensor<2xi32>
func.func @convert_negative_zero() -> (tensor<2xi32>, tensor<2xi32>) {
  %p = stablehlo.constant dense<[0.0, 3.5]> : tensor<2xf32>
  %n = stablehlo.constant dense<[-0.0, 3.5]> : tensor<2xf32>
  %0 = stablehlo.convert %p : (tensor<2xf32>) -> tensor<2xi32>
  %1 = stablehlo.convert %n : (tensor<2xf32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// -----

// Adjacent splat constants of one value merge, along any dimension;
// different values or non-adjacent ones stay apart.
// CHECK-LABEL: func.func @concatenate_splats
// CHECK-DAG: [[Z:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<3x2xf32>
// CHECK-DAG: [[O:%.+]] = stablehlo.constant dense<1.000000e+00> : tensor<1x2xf32>
// CHECK: stablehlo.concatenate [[Z]], %arg0, [[O]], %arg0, [[O]], dim = 0
func.func @concatenate_splats(%arg0: tensor<1x2xf32>) -> tensor<7x2xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<1x2xf32>
  %z2 = stablehlo.constant dense<0.0> : tensor<2x2xf32>
  %o = stablehlo.constant dense<1.0> : tensor<1x2xf32>
  %0 = stablehlo.concatenate %z, %z2, %arg0, %o, %arg0, %o, dim = 0 : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<7x2xf32>
  return %0 : tensor<7x2xf32>
}

// -----

// Splats merge beyond the element limit too (nothing is computed); when
// every input merges, the concatenate is the constant.
// CHECK-LABEL: func.func @concatenate_splats_all
// CHECK: [[C:%.+]] = stablehlo.constant dense<7> : tensor<200xi32>
// CHECK-NEXT: return [[C]]
func.func @concatenate_splats_all() -> tensor<200xi32> {
  %c = stablehlo.constant dense<7> : tensor<100xi32>
  %0 = stablehlo.concatenate %c, %c, dim = 0 : (tensor<100xi32>, tensor<100xi32>) -> tensor<200xi32>
  return %0 : tensor<200xi32>
}

// -----

// dynamic_slice of a splat is the splat, whatever the start indices; of a
// non-splat constant it stays.
// CHECK-LABEL: func.func @dynamic_slice
// CHECK-DAG: [[S:%.+]] = stablehlo.constant dense<2.500000e+00> : tensor<2x1xf32>
// CHECK-DAG: [[D:%.+]] = stablehlo.dynamic_slice
// CHECK: return [[S]], [[D]]
func.func @dynamic_slice(%i: tensor<i32>) -> (tensor<2x1xf32>, tensor<1xi32>) {
  %s = stablehlo.constant dense<2.5> : tensor<6x3xf32>
  %v = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = stablehlo.dynamic_slice %s, %i, %i, sizes = [2, 1] : (tensor<6x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x1xf32>
  %1 = stablehlo.dynamic_slice %v, %i, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
  return %0, %1 : tensor<2x1xf32>, tensor<1xi32>
}

// -----

// reduce of constants, integer bodies, init the body's identity: splat
// inputs of any size (128 elements here, beyond the limit), non-splat ones
// within the limit.
// CHECK-LABEL: func.func @reduce_integers
// CHECK-NOT: stablehlo.reduce
// CHECK-DAG: stablehlo.constant dense<false> : tensor<i1>
// CHECK-DAG: stablehlo.constant dense<[6, 15]> : tensor<2xi32>
// CHECK-DAG: stablehlo.constant dense<-128> : tensor<3xi8>
// CHECK-DAG: stablehlo.constant dense<[250, 6]> : tensor<2xui8>
func.func @reduce_integers() -> (tensor<i1>, tensor<2xi32>, tensor<3xi8>, tensor<2xui8>) {
  %f = stablehlo.constant dense<false> : tensor<4x32xi1>
  %false = stablehlo.constant dense<false> : tensor<i1>
  %0 = stablehlo.reduce(%f init: %false) applies stablehlo.or across dimensions = [0, 1] : (tensor<4x32xi1>, tensor<i1>) -> tensor<i1>
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  // 64 * 2 wraps to -128 in i8.
  %two = stablehlo.constant dense<2> : tensor<64x3xi8>
  %z8 = stablehlo.constant dense<0> : tensor<i8>
  %2 = stablehlo.reduce(%two init: %z8) applies stablehlo.add across dimensions = [0] : (tensor<64x3xi8>, tensor<i8>) -> tensor<3xi8>
  // unsigned maximum: 250 is above 1 (as i8 it would be -6).
  %u = stablehlo.constant dense<[[1, 3], [250, 6]]> : tensor<2x2xui8>
  %uz = stablehlo.constant dense<0> : tensor<ui8>
  %3 = stablehlo.reduce(%u init: %uz) applies stablehlo.maximum across dimensions = [0] : (tensor<2x2xui8>, tensor<ui8>) -> tensor<2xui8>
  return %0, %1, %2, %3 : tensor<i1>, tensor<2xi32>, tensor<3xi8>, tensor<2xui8>
}

// -----

// Float bodies stay (their rounding depends on the order); an empty
// reduction is its init, floats included; a non-splat input beyond the
// limit stays.
// CHECK-LABEL: func.func @reduce_declines
// CHECK-DAG: [[E:%.+]] = stablehlo.constant dense<1.500000e+00> : tensor<3xf32>
// CHECK-DAG: [[F:%.+]] = stablehlo.reduce(%{{.+}} init: %{{.+}}) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-DAG: [[L:%.+]] = stablehlo.reduce(%{{.+}} init: %{{.+}}) applies stablehlo.add across dimensions = [0] : (tensor<101xi32>, tensor<i32>) -> tensor<i32>
// CHECK: return [[F]], [[E]], [[L]]
func.func @reduce_declines() -> (tensor<f32>, tensor<3xf32>, tensor<i32>) {
  %x = stablehlo.constant dense<[1.0, 1.0e8, -1.0e8, 1.0]> : tensor<4xf32>
  %init = stablehlo.constant dense<1.5> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %1 = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  %i = stablehlo.iota dim = 0 : tensor<101xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.reduce(%i init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<101xi32>, tensor<i32>) -> tensor<i32>
  return %0, %1, %2 : tensor<f32>, tensor<3xf32>, tensor<i32>
}

// -----

// An init that is not the body's identity stays: the spec lets an
// implementation join init to the elements any number of times.
// CHECK-LABEL: func.func @reduce_other_init
// CHECK: stablehlo.reduce
func.func @reduce_other_init() -> tensor<i32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %seven = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %seven) applies stablehlo.add across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// A body that is not one op of its two arguments stays.
// CHECK-LABEL: func.func @reduce_other_body
// CHECK: stablehlo.reduce
func.func @reduce_other_body() -> tensor<i32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %s = stablehlo.subtract %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// case with a constant index runs that branch; an index out of range runs
// the last.
// CHECK-LABEL: func.func @case_constant_index
// CHECK-NOT: stablehlo.case
// CHECK: return %arg1, %arg2
func.func @case_constant_index(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %big = stablehlo.constant dense<7> : tensor<i32>
  %0 = "stablehlo.case"(%one) ({
    stablehlo.return %arg0 : tensor<i32>
  }, {
    stablehlo.return %arg1 : tensor<i32>
  }, {
    stablehlo.return %arg2 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  %1 = "stablehlo.case"(%big) ({
    stablehlo.return %arg0 : tensor<i32>
  }, {
    stablehlo.return %arg2 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// clamp of constants, tensor and scalar bounds.
// CHECK-LABEL: func.func @clamp
// CHECK-DAG: stablehlo.constant dense<[1, 25, 11]> : tensor<3xi32>
// CHECK-DAG: stablehlo.constant dense<[2, 5, 4]> : tensor<3xi32>
// CHECK-NOT: stablehlo.clamp
func.func @clamp() -> (tensor<3xi32>, tensor<3xi32>) {
  %min = stablehlo.constant dense<[1, 5, 10]> : tensor<3xi32>
  %max = stablehlo.constant dense<[10, 25, 12]> : tensor<3xi32>
  %x = stablehlo.constant dense<[0, 30, 11]> : tensor<3xi32>
  %0 = stablehlo.clamp %min, %x, %max : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %lo = stablehlo.constant dense<2> : tensor<i32>
  %hi = stablehlo.constant dense<5> : tensor<i32>
  %y = stablehlo.constant dense<[-3, 9, 4]> : tensor<3xi32>
  %1 = stablehlo.clamp %lo, %y, %hi : (tensor<i32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  return %0, %1 : tensor<3xi32>, tensor<3xi32>
}
