// chlo.scan takes upstream's current form (its scan tests in chlo_legalize_to_stablehlo.mlir;
// jaxlib's 1.17 build is older: real_dynamic_slice and the deprecated broadcast): a while loop
// carrying the step, the carries and the outputs (zeros broadcast at first), bounded by the scan
// dimension's get_dimension_size; the inputs are read from above by dynamic_slice.
// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file | FileCheck %s
// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file | stablehlo-py run - --split-input-file

// CHECK-LABEL: func.func @main
// CHECK:         %[[X:.*]] = stablehlo.constant dense<{{.*}}> : tensor<2xcomplex<f32>>
// CHECK:         %[[INIT:.*]] = stablehlo.constant dense<{{.*}}> : tensor<complex<f32>>
// CHECK:         %[[SIZE:.*]] = stablehlo.get_dimension_size %[[X]], dim = 0 : (tensor<2xcomplex<f32>>) -> tensor<i32>
// CHECK:         %[[N:.*]] = stablehlo.convert %[[SIZE]] : (tensor<i32>) -> tensor<i64>
// CHECK:         %[[FIRST:.*]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK:         %[[ZERO:.*]] = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
// CHECK:         %[[OUT0:.*]] = stablehlo.broadcast_in_dim %[[ZERO]], dims = [] : (tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
// CHECK:         %[[LOOP:.*]]:3 = stablehlo.while(%[[I:.*]] = %[[FIRST]], %[[ACC:.*]] = %[[INIT]], %[[OUT:.*]] = %[[OUT0]]) : tensor<i64>, tensor<complex<f32>>, tensor<2xcomplex<f32>>
// CHECK:           stablehlo.compare LT, %[[I]], %[[N]] : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK:         } do {
// CHECK:           %[[SLICE:.*]] = stablehlo.dynamic_slice %[[X]], %[[I]], sizes = [1] : (tensor<2xcomplex<f32>>, tensor<i64>) -> tensor<1xcomplex<f32>>
// CHECK:           %[[ELEMENT:.*]] = stablehlo.reshape %[[SLICE]] : (tensor<1xcomplex<f32>>) -> tensor<complex<f32>>
// CHECK:           %[[SUM:.*]] = stablehlo.add %[[ELEMENT]], %[[ACC]] : tensor<complex<f32>>
// CHECK:           %[[PIECE:.*]] = stablehlo.reshape %[[SUM]] : (tensor<complex<f32>>) -> tensor<1xcomplex<f32>>
// CHECK:           %[[UPDATED:.*]] = stablehlo.dynamic_update_slice %[[OUT]], %[[PIECE]], %[[I]] : (tensor<2xcomplex<f32>>, tensor<1xcomplex<f32>>, tensor<i64>) -> tensor<2xcomplex<f32>>
// CHECK:           %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i64>
// CHECK:           %[[NEXT:.*]] = stablehlo.add %[[I]], %[[ONE]] : tensor<i64>
// CHECK:           stablehlo.return %[[NEXT]], %[[SUM]], %[[UPDATED]] : tensor<i64>, tensor<complex<f32>>, tensor<2xcomplex<f32>>
// CHECK:         check.expect_eq_const %[[LOOP]]#2
// CHECK:         check.expect_eq_const %[[LOOP]]#1
func.func @main() {
  %x = stablehlo.constant dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %init = stablehlo.constant dense<(0.5, 0.25)> : tensor<complex<f32>>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 {
  ^bb0(%in: tensor<complex<f32>>, %acc: tensor<complex<f32>>):
    %1 = stablehlo.add %in, %acc : tensor<complex<f32>>
    stablehlo.return %1, %1 : tensor<complex<f32>>, tensor<complex<f32>>
  } : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<complex<f32>>)
  check.expect_eq_const %0#0, dense<[(1.5, 2.25), (4.5, 1.25)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %0#1, dense<(4.5, 1.25)> : tensor<complex<f32>>
  return
}

// -----

// A reversed scan along dimension 1 reads and writes position (N - 1) - step.
// CHECK-LABEL: func.func @main
// CHECK:         %[[N:.*]] = stablehlo.convert
// CHECK:       } do {
// CHECK-NEXT:    %[[ONE:.*]] = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT:    %[[LAST:.*]] = stablehlo.subtract %[[N]], %[[ONE]] : tensor<i64>
// CHECK-NEXT:    %[[POSITION:.*]] = stablehlo.subtract %[[LAST]], %iterArg : tensor<i64>
// CHECK-NEXT:    %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT:    stablehlo.dynamic_slice %{{.*}}, %[[ZERO]], %[[POSITION]], sizes = [2, 1] : (tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<2x1xi32>
func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<2xi32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 attributes {is_reverse = true} {
  ^bb0(%in: tensor<2xi32>, %acc: tensor<2xi32>):
    %1 = stablehlo.add %in, %acc : tensor<2xi32>
    stablehlo.return %1, %1 : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  check.expect_eq_const %0#0, dense<[[6, 5, 3], [15, 11, 6]]> : tensor<2x3xi32>
  check.expect_eq_const %0#1, dense<[6, 15]> : tensor<2xi32>
  return
}
