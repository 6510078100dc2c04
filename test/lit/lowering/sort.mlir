// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// A FLOAT compare is a strict weak order unless NaN turns up: each slice is
// checked while its buffers fill (the key moves with an index permutation,
// in buffers of 2n whose halves take turns; the values, not read by the
// comparator, are gathered through it at the end). With a NaN, the
// interpreter's merges: a binary search over the whole width of the right
// run (probes past its elements answer false), then the running maximum;
// without, any stable merge gives the same: linear scans.
// CHECK-LABEL: func.func @float_keys_and_values(%arg0: tensor<5xf32>, %arg1: tensor<5xi32>)
// CHECK-DAG: %[[INDEX:.*]] = tensor.empty() : tensor<10xindex>
// CHECK-DAG: %[[KEYS:.*]] = tensor.empty() : tensor<10xf32>
// CHECK: %[[FILLED:.*]]:3 = scf.for %[[P:.*]] = {{.*}} iter_args(%{{.*}} = %[[INDEX]], %{{.*}} = %[[KEYS]], %{{.*}} = %false)
// CHECK: %[[X:.*]] = tensor.extract %arg0[%[[P]]] : tensor<5xf32>
// CHECK: arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: scf.if %[[FILLED]]#2
// CHECK: scf.for %[[LEVEL:.*]] = %{{.*}} to %c3
// CHECK: %[[WIDTH:.*]] = arith.shli %{{.*}}, %[[LEVEL]] : index
// CHECK: scf.while (%[[LO:.*]] = %{{.*}}, %[[HI:.*]] = %[[WIDTH]])
// CHECK: arith.cmpi slt, %[[LO]], %[[HI]] : index
// CHECK: arith.shrui
// CHECK: scf.if
// CHECK: arith.cmpf olt
// CHECK: } else {
// CHECK: scf.yield %false{{.*}} : i1
// CHECK: arith.maxsi
// CHECK: } else {
// CHECK-NOT: arith.shrui
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (index) -> index
// CHECK: arith.cmpf olt
// CHECK: tensor.extract %arg1[%{{.*}}] : tensor<5xi32>
// CHECK: return
func.func @float_keys_and_values(%x: tensor<5xf32>, %y: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// An integer compare is a strict weak order whatever the data: a linear scan
// from the previous element's count. A negative dimension counts from the
// end (C4); the loop over the other dimension holds each column's sort. No
// input goes unread, so no index permutation.
// CHECK-LABEL: func.func @unsigned_columns(%arg0: tensor<3x4xi16>) -> tensor<3x4xi16>
// CHECK-NOT: tensor<6xindex>
// CHECK: scf.for %[[COLUMN:.*]] = %{{.*}} to %c4
// CHECK: tensor.extract %arg0[%{{.*}}, %[[COLUMN]]] : tensor<3x4xi16>
// CHECK-NOT: arith.shrui
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (index) -> index
// CHECK: arith.cmpi ugt, %{{.*}}, %{{.*}} : i16
// CHECK: scf.condition
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%{{.*}}, %[[COLUMN]]] : tensor<3x4xi16>
func.func @unsigned_columns(%x: tensor<3x4xui16>) -> tensor<3x4xui16> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %p = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = -2 : i64, is_stable = false} : (tensor<3x4xui16>) -> tensor<3x4xui16>
  return %0 : tensor<3x4xui16>
}

// -----

// JAX's two-key comparator, its constants hoisted out of the region (read
// once, as scalars): lexicographic TOTALORDER and integer compares are a
// strict weak order, so a scan. i1 keys are bytes in their buffer.
// CHECK-LABEL: func.func @jax_two_keys(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<4xi8>)
// CHECK-DAG: %[[ZERO:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK-DAG: tensor.empty() : tensor<8xi8>
// CHECK-NOT: arith.shrui
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (index) -> index
// CHECK: arith.trunci %{{.*}} : i8 to i1
// CHECK: arith.cmpf oeq, %{{.*}}, %[[ZERO]] : f32
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i1
// CHECK: arith.ori
// CHECK: scf.condition
func.func @jax_two_keys(%x: tensor<4xf32>, %y: tensor<4xi32>, %z: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi1>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %s:3 = "stablehlo.sort"(%x, %y, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>, %e: tensor<i1>, %f: tensor<i1>):
    %1 = stablehlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %zero, %a : tensor<i1>, tensor<f32>
    %3 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.select %3, %nan, %2 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.select %5, %zero, %b : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %nan, %6 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare LT, %e, %f, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %10 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %11 = stablehlo.compare EQ, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %12 = stablehlo.and %11, %9 : tensor<i1>
    %13 = stablehlo.or %10, %12 : tensor<i1>
    stablehlo.return %13 : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>, tensor<4xi32>, tensor<4xi1>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi1>)
  return %s#0, %s#1, %s#2 : tensor<4xf32>, tensor<4xi32>, tensor<4xi1>
}

// -----

// NE is no order at all: only the interpreter's merges.
// CHECK-LABEL: func.func @not_equal(%arg0: tensor<6xi8>) -> tensor<6xi8>
// CHECK-NOT: arith.cmpf uno
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, index) -> (index, index)
// CHECK: arith.shrui
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i8
// CHECK-NOT: scf.while
// CHECK: return
func.func @not_equal(%x: tensor<6xi8>) -> tensor<6xi8> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %p = stablehlo.compare NE, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xi8>) -> tensor<6xi8>
  return %0 : tensor<6xi8>
}

// -----

// A dimension of size 1 is in order already.
// CHECK-LABEL: func.func @unit_dimension(%arg0: tensor<3x1xf64>) -> tensor<3x1xf64>
// CHECK-NEXT: return %arg0 : tensor<3x1xf64>
func.func @unit_dimension(%x: tensor<3x1xf64>) -> tensor<3x1xf64> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x1xf64>) -> tensor<3x1xf64>
  return %0 : tensor<3x1xf64>
}

// -----

// A comparator that is not scalar code (complex exponential has no scalar
// form yet) leaves the sort, named in the error.
func.func @unsupported_comparator(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.sort' that was explicitly marked illegal}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %ea = stablehlo.exponential %a : tensor<complex<f32>>
    %eb = stablehlo.exponential %b : tensor<complex<f32>>
    %p = stablehlo.compare LT, %ea, %eb, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// A sort read only through its first k elements along the dimension (chlo's
// top_k decomposes into this) with a strict weak order: one pass per slice
// keeping the first k so far in buffers of k, no merge levels. An element
// walks down from the end of the kept ones while it goes before them
// (TOTALORDER GT: integer keys of the bits), then the ones after its place
// move up one.
// CHECK-LABEL: func.func @leading_slices(%arg0: tensor<2x64xf32>, %arg1: tensor<2x64xi32>)
// CHECK-NOT: tensor<128x
// CHECK-DAG: tensor.empty() : tensor<4xf32>
// CHECK-DAG: tensor.empty() : tensor<4xi32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64
// CHECK: scf.while (%[[J:.*]] = %{{.*}}) : (index) -> index
// CHECK: arith.cmpi sgt, %[[J]], %c0
// CHECK: arith.cmpi sgt
// CHECK: scf.if
// CHECK: arith.minsi
// CHECK-NOT: arith.shli
// CHECK: return
func.func @leading_slices(%x: tensor<2x64xf32>, %i: tensor<2x64xi32>) -> (tensor<2x4xf32>, tensor<2x3xi32>) {
  %0:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x64xf32>, tensor<2x64xi32>) -> (tensor<2x64xf32>, tensor<2x64xi32>)
  %1 = stablehlo.slice %0#0 [0:2, 0:4] : (tensor<2x64xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.slice %0#1 [0:2, 0:3] : (tensor<2x64xi32>) -> tensor<2x3xi32>
  return %1, %2 : tensor<2x4xf32>, tensor<2x3xi32>
}
