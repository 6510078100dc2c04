// RUN: stablehlo-py opt %s --pipeline chlo-legalize-to-stablehlo --split-input-file | FileCheck %s

// chlo-legalize-to-stablehlo (upstream's name) emits its ops in upstream's order, without cse:
// upstream's own lit test pins every op of that order. These cases pin the points where ours
// differed (values unchanged: test/python/passes/test_chlo_upstream.py checks them).

// is_inf takes |x| before the infinity; atanh makes its NaN before the formula.
// CHECK-LABEL: func.func @inf_test_and_atanh
// CHECK: %[[A:.*]] = stablehlo.abs %arg0
// CHECK-NEXT: %[[INF:.*]] = stablehlo.constant dense<0x7F800000>
// CHECK-NEXT: stablehlo.compare EQ, %[[A]], %[[INF]]
// CHECK: %[[BEYOND:.*]] = stablehlo.compare GT
// CHECK-NEXT: %[[NAN:.*]] = stablehlo.constant dense<0x7FC00000>
// CHECK-NEXT: stablehlo.log_plus_one %arg0
// CHECK: stablehlo.select %[[BEYOND]], %[[NAN]], %{{.*}}
func.func @inf_test_and_atanh(%arg0: tensor<3xf32>) -> (tensor<3xi1>, tensor<3xf32>) {
  %0 = chlo.is_inf %arg0 : tensor<3xf32> -> tensor<3xi1>
  %1 = chlo.atanh %arg0 : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xi1>, tensor<3xf32>
}

// -----

// asinh takes sign(x) first and multiplies it last.
// CHECK-LABEL: func.func @asinh_sign_first
// CHECK: %[[S:.*]] = stablehlo.sign %arg0
// CHECK-NEXT: stablehlo.abs %arg0
// CHECK: %[[SEL:.*]] = stablehlo.select
// CHECK-NEXT: %[[R:.*]] = stablehlo.multiply %[[S]], %[[SEL]]
// CHECK-NEXT: return %[[R]]
func.func @asinh_sign_first(%arg0: tensor<3xf64>) -> tensor<3xf64> {
  %0 = chlo.asinh %arg0 : tensor<3xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// Complex square: the real part's tests before the imaginary part is read, 0 and 2 made just
// before their uses.
// CHECK-LABEL: func.func @complex_square_order
// CHECK: %[[RE:.*]] = stablehlo.real %arg0
// CHECK-NEXT: stablehlo.is_finite %[[RE]]
// CHECK-NEXT: stablehlo.abs %[[RE]]
// CHECK-NEXT: %[[IM:.*]] = stablehlo.imag %arg0
// CHECK: stablehlo.and
// CHECK-NEXT: stablehlo.constant dense<0.000000e+00>
// CHECK-NEXT: stablehlo.subtract %[[RE]], %[[IM]]
// CHECK: stablehlo.select
// CHECK-NEXT: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK-NEXT: %[[P:.*]] = stablehlo.multiply %[[RE]], %[[IM]]
// CHECK-NEXT: stablehlo.multiply %[[TWO]], %[[P]]
func.func @complex_square_order(%arg0: tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  %0 = chlo.square %arg0 : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

// sinh below |x| = 1: expm1(x) before its constants.
// CHECK-LABEL: func.func @sinh_small_branch
// CHECK: %[[U:.*]] = stablehlo.exponential_minus_one %arg0
// CHECK-NEXT: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00>
// CHECK-NEXT: stablehlo.constant dense<5.000000e-01>
// CHECK-NEXT: stablehlo.add %[[U]], %[[ONE]]
func.func @sinh_small_branch(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %0 = chlo.sinh %arg0 : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// next_after: the NaN test and the NaN's bits first, the masks after them, the two sign tests
// (signs differ, then |x| > |y|) before their or.
// CHECK-LABEL: func.func @next_after_order
// CHECK: stablehlo.bitcast_convert %arg0
// CHECK-NEXT: stablehlo.bitcast_convert %arg1
// CHECK-NEXT: stablehlo.compare NE, %arg0, %arg0
// CHECK-NEXT: stablehlo.compare NE, %arg1, %arg1
// CHECK-NEXT: stablehlo.or
// CHECK-NEXT: stablehlo.constant dense<0x7FC00000>
// CHECK-NEXT: stablehlo.bitcast_convert
// CHECK-NEXT: stablehlo.constant dense<-2147483648>
// CHECK-NEXT: stablehlo.constant dense<2147483647>
// CHECK: %[[DIFFER:.*]] = stablehlo.compare NE
// CHECK-NEXT: %[[AWAY:.*]] = stablehlo.compare GT
// CHECK-NEXT: stablehlo.or %[[AWAY]], %[[DIFFER]]
func.func @next_after_order(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
  %0 = chlo.next_after %arg0, %arg1 : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// erf (f32): both polynomials before x times the numerator; erfc (f32): the |x| >= 1 form
// first, 2 - erfc(-x) with the threshold's own constant 2.
// CHECK-LABEL: func.func @erf_and_erfc_order
// CHECK: %[[B0:.*]] = stablehlo.constant dense<-1.45660715E-5>
// CHECK-COUNT-4: stablehlo.add
// CHECK-NEXT: %[[NUM:.*]] = stablehlo.multiply %{{.*}}, %{{.*}}
// CHECK-NEXT: stablehlo.divide %[[NUM]]
// CHECK: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK-NEXT: stablehlo.compare LT, %{{.*}}, %[[TWO]]
// CHECK: stablehlo.constant dense<-88.7228394>
// CHECK: stablehlo.subtract %[[TWO]], %{{.*}}
// CHECK: stablehlo.constant dense<7.85386146E-5>
func.func @erf_and_erfc_order(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = chlo.erf %arg0 : tensor<3xf32> -> tensor<3xf32>
  %1 = chlo.erfc %arg0 : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// lgamma: the reflection's 1 is the one of x - 1; the lgamma's own is_inf test takes |x| anew.
// digamma: the derivative sum starts from the zero that also tests x <= 0.
// CHECK-LABEL: func.func @lgamma_and_digamma_constants
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<3xf64>
// CHECK-NEXT: stablehlo.subtract %arg0, %[[ONE]]
// CHECK: %[[FL:.*]] = stablehlo.floor %[[ABS:.*]] :
// CHECK-NEXT: %[[FRAC:.*]] = stablehlo.subtract %[[ABS]], %[[FL]]
// CHECK-NEXT: stablehlo.compare LT, %{{.*}}, %[[FRAC]]
// CHECK-NEXT: stablehlo.subtract %[[ONE]], %[[FRAC]]
// CHECK: %[[ABS2:.*]] = stablehlo.abs %arg0
// CHECK-NEXT: %[[INF:.*]] = stablehlo.constant dense<0x7FF0000000000000>
// CHECK-NEXT: stablehlo.compare EQ, %[[ABS2]], %[[INF]]
// CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<3xf64>
// CHECK: stablehlo.subtract %[[ZERO]], %{{.*}}
// CHECK: stablehlo.compare LE, %arg0, %[[ZERO]]
func.func @lgamma_and_digamma_constants(%arg0: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
  %0 = chlo.lgamma %arg0 : tensor<3xf64> -> tensor<3xf64>
  %1 = chlo.digamma %arg0 : tensor<3xf64> -> tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3xf64>
}

// -----

// bessel_i1e: its four constants up front, three separate zeros for each recurrence, sign last.
// erf_inv: p * x before the |x| = 1 test.
// CHECK-LABEL: func.func @bessel_and_erf_inv_order
// CHECK: stablehlo.abs %arg0
// CHECK-NEXT: stablehlo.constant dense<5.000000e-01>
// CHECK-NEXT: stablehlo.constant dense<2.000000e+00>
// CHECK-NEXT: stablehlo.constant dense<3.200000e+01>
// CHECK-NEXT: stablehlo.constant dense<8.000000e+00>
// CHECK: stablehlo.constant dense<0.000000e+00>
// CHECK-NEXT: stablehlo.constant dense<0.000000e+00>
// CHECK-NEXT: stablehlo.constant dense<0.000000e+00>
// CHECK: %[[SEL:.*]] = stablehlo.select
// CHECK-NEXT: %[[S:.*]] = stablehlo.sign %arg0
// CHECK-NEXT: stablehlo.multiply %[[S]], %[[SEL]]
// CHECK: %[[PX:.*]] = stablehlo.multiply %{{.*}}, %arg0
// CHECK-NEXT: stablehlo.abs %arg0
// CHECK: stablehlo.select %{{.*}}, %{{.*}}, %[[PX]]
func.func @bessel_and_erf_inv_order(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = chlo.bessel_i1e %arg0 : tensor<3xf32> -> tensor<3xf32>
  %1 = chlo.erf_inv %arg0 : tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// A bounded `?` size: constant_like broadcasts to the bound, then sets the size to the operand's.
// CHECK-LABEL: func.func @constant_like_of_bounded
// CHECK: %[[C:.*]] = stablehlo.constant dense<7> : tensor<i32>
// CHECK-NEXT: %[[B:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = [] : (tensor<i32>) -> tensor<3x4xi32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.get_dimension_size %arg0, dim = 0
// CHECK-NEXT: %[[R:.*]] = stablehlo.set_dimension_size %[[B]], %[[N]], dim = 0 : (tensor<3x4xi32>, tensor<i32>) -> tensor<?x4xi32, #stablehlo.bounds<3, ?>>
// CHECK-NEXT: return %[[R]]
func.func @constant_like_of_bounded(%arg0: tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<?x4xi32, #stablehlo.bounds<3, ?>> {
  %0 = "chlo.constant_like"(%arg0) <{value = 7 : i32}> : (tensor<?x4xf32, #stablehlo.bounds<3, ?>>) -> tensor<?x4xi32, #stablehlo.bounds<3, ?>>
  return %0 : tensor<?x4xi32, #stablehlo.bounds<3, ?>>
}
