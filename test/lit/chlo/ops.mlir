// Round trip of every chlo op. The CHECK lines are what upstream StableHLO
// prints for this file (generated with jaxlib's printer).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @broadcasting(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<f32>, %arg3: tensor<2x3xi32>, %arg4: tensor<3xi32>, %arg5: tensor<2x3xi1>, %arg6: tensor<i1>, %arg7: tensor<3xcomplex<f64>>, %arg8: tensor<?x3xf32>) {
// CHECK-NEXT:    %0 = chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = chlo.broadcast_add %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = chlo.broadcast_subtract %arg2, %arg0 : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = chlo.broadcast_multiply %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %4 = chlo.broadcast_divide %arg3, %arg4 {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %5 = chlo.broadcast_remainder %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %6 = chlo.broadcast_power %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %7 = chlo.broadcast_maximum %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %8 = chlo.broadcast_minimum %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %9 = chlo.broadcast_atan2 %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %10 = chlo.broadcast_and %arg5, %arg6 : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %11 = chlo.broadcast_or %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %12 = chlo.broadcast_xor %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %13 = chlo.broadcast_shift_left %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %14 = chlo.broadcast_shift_right_arithmetic %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %15 = chlo.broadcast_shift_right_logical %arg3, %arg4 : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %16 = chlo.broadcast_next_after %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %17 = chlo.broadcast_polygamma %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %18 = chlo.broadcast_zeta %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %19 = chlo.broadcast_complex %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
// CHECK-NEXT:    %20 = chlo.broadcast_compare %arg0, %arg1 {broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %21 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction GE>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %22 = chlo.broadcast_select %arg5, %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %23 = chlo.broadcast_select %arg6, %arg0, %arg2 : (tensor<i1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %24 = chlo.broadcast_add %arg8, %arg1 : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %25 = chlo.broadcast_add %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %26 = chlo.broadcast_multiply %arg7, %arg7 : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @math(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf16>, %arg2: tensor<4xbf16>, %arg3: tensor<4xf8E4M3FN>, %arg4: tensor<4xf64>, %arg5: tensor<4xcomplex<f32>>, %arg6: tensor<4xi32>, %arg7: tensor<4xui8>) {
// CHECK-NEXT:    %0 = chlo.acos %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = chlo.acosh %arg5 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %2 = chlo.asin %arg1 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %3 = chlo.asinh %arg2 : tensor<4xbf16> -> tensor<4xbf16>
// CHECK-NEXT:    %4 = chlo.atan %arg4 : tensor<4xf64> -> tensor<4xf64>
// CHECK-NEXT:    %5 = chlo.atanh %arg5 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %6 = chlo.cosh %arg3 : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>
// CHECK-NEXT:    %7 = chlo.sinh %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %8 = chlo.tan %arg5 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %9 = chlo.conj %arg5 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %10 = chlo.square %arg4 : tensor<4xf64> -> tensor<4xf64>
// CHECK-NEXT:    %11 = chlo._asin_acos_kernel %arg5 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK-NEXT:    %12 = chlo.bessel_i1e %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %13 = chlo.digamma %arg4 : tensor<4xf64> -> tensor<4xf64>
// CHECK-NEXT:    %14 = chlo.erf %arg1 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %15 = chlo.erfc %arg2 : tensor<4xbf16> -> tensor<4xbf16>
// CHECK-NEXT:    %16 = chlo.erf_inv %arg0 : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %17 = chlo.lgamma %arg4 : tensor<4xf64> -> tensor<4xf64>
// CHECK-NEXT:    %18 = chlo.is_inf %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %19 = chlo.is_neg_inf %arg1 : tensor<4xf16> -> tensor<4xi1>
// CHECK-NEXT:    %20 = chlo.is_pos_inf %arg4 : tensor<4xf64> -> tensor<4xi1>
// CHECK-NEXT:    %21 = chlo.next_after %arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %22 = chlo.polygamma %arg4, %arg4 : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
// CHECK-NEXT:    %23 = chlo.zeta %arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %24 = chlo.mulhi %arg6, %arg6 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT:    %25 = chlo.mulhi %arg7, %arg7 : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
// CHECK-NEXT:    %26 = chlo.erf %arg0 : tensor<2x3xf32> -> tensor<?x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @constants(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi32>) {
// CHECK-NEXT:    %0 = chlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %1 = chlo.constant dense<7> : tensor<i64>
// CHECK-NEXT:    %2 = "chlo.constant_like"(%arg0) <{value = 1.000000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = "chlo.constant_like"(%arg1) <{value = -3 : i32}> : (tensor<?xi32>) -> tensor<?xi32>
// CHECK-NEXT:    %4 = "chlo.constant_like"(%arg0) <{value = 2.500000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf64>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @top_k(%arg0: tensor<2x3xf32>, %arg1: tensor<?x5xi8>) {
// CHECK-NEXT:    %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
// CHECK-NEXT:    %values_0, %indices_1 = chlo.top_k(%arg1, k = 0) : tensor<?x5xi8> -> (tensor<?x0xi8>, tensor<?x0xi32>)
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @ragged_dot(%arg0: tensor<6x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<2xi64>, %arg3: tensor<3x6x4xbf16>, %arg4: tensor<3x4x5xbf16>, %arg5: tensor<2xi32>) {
// CHECK-NEXT:    %0 = "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
// CHECK-NEXT:    %1 = "chlo.ragged_dot"(%arg3, %arg4, %arg5) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2]>}> : (tensor<3x6x4xbf16>, tensor<3x4x5xbf16>, tensor<2xi32>) -> tensor<2x3x6x5xf32>
// CHECK-NEXT:    %2 = "chlo.ragged_dot"(%arg3, %arg4, %arg5) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>}> : (tensor<3x6x4xbf16>, tensor<3x4x5xbf16>, tensor<2xi32>) -> tensor<3x6x5xbf16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @scan(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xi32>, %arg2: tensor<2xf32>) {
// CHECK-NEXT:    %0:3 = chlo.scan(%arg0, %arg1) inits (%arg2) dimension=1  attributes {is_associative = false} {
// CHECK-NEXT:    ^bb0(%input: tensor<2xf32>, %input_0: tensor<2xi32>, %carry: tensor<2xf32>):
// CHECK-NEXT:      %3 = stablehlo.add %input, %carry : tensor<2xf32>
// CHECK-NEXT:      stablehlo.return %3, %input_0, %3 : tensor<2xf32>, tensor<2xi32>, tensor<2xf32>
// CHECK-NEXT:    } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>)
// CHECK-NEXT:    %1 = chlo.scan(%arg0) inits () dimension=0  attributes {is_reverse = true} {
// CHECK-NEXT:    ^bb0(%input: tensor<3xf32>):
// CHECK-NEXT:      stablehlo.return %input : tensor<3xf32>
// CHECK-NEXT:    } : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = chlo.scan(%arg0) inits (%arg2) dimension=1  {
// CHECK-NEXT:    ^bb0(%input: tensor<2xf32>, %carry: tensor<2xf32>):
// CHECK-NEXT:      stablehlo.return %carry : tensor<2xf32>
// CHECK-NEXT:    } : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @broadcasting(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %s: tensor<f32>, %i: tensor<2x3xi32>, %j: tensor<3xi32>, %p: tensor<2x3xi1>, %q: tensor<i1>, %c: tensor<3xcomplex<f64>>, %d: tensor<?x3xf32>) {
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_subtract %s, %a : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = chlo.broadcast_multiply %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = chlo.broadcast_divide %i, %j {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %5 = chlo.broadcast_remainder %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %6 = chlo.broadcast_power %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %7 = chlo.broadcast_maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %8 = chlo.broadcast_minimum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %9 = chlo.broadcast_atan2 %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %10 = chlo.broadcast_and %p, %q : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
  %11 = chlo.broadcast_or %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %12 = chlo.broadcast_xor %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %13 = chlo.broadcast_shift_left %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %14 = chlo.broadcast_shift_right_arithmetic %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %15 = chlo.broadcast_shift_right_logical %i, %j : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %16 = chlo.broadcast_next_after %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %17 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %18 = chlo.broadcast_zeta %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %19 = chlo.broadcast_complex %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  %20 = chlo.broadcast_compare %a, %b {broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %21 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %22 = chlo.broadcast_select %p, %a, %b : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %23 = chlo.broadcast_select %q, %a, %s : (tensor<i1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %24 = chlo.broadcast_add %d, %b : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %25 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %26 = chlo.broadcast_multiply %c, %c : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
  return
}

func.func @math(%a: tensor<2x3xf32>, %h: tensor<4xf16>, %g: tensor<4xbf16>, %e: tensor<4xf8E4M3FN>, %d: tensor<4xf64>, %c: tensor<4xcomplex<f32>>, %i: tensor<4xi32>, %u: tensor<4xui8>) {
  %0 = chlo.acos %a : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = chlo.acosh %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %2 = chlo.asin %h : tensor<4xf16> -> tensor<4xf16>
  %3 = chlo.asinh %g : tensor<4xbf16> -> tensor<4xbf16>
  %4 = chlo.atan %d : tensor<4xf64> -> tensor<4xf64>
  %5 = chlo.atanh %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %6 = chlo.cosh %e : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>
  %7 = chlo.sinh %a : tensor<2x3xf32> -> tensor<2x3xf32>
  %8 = chlo.tan %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %9 = chlo.conj %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %10 = chlo.square %d : tensor<4xf64> -> tensor<4xf64>
  %11 = chlo._asin_acos_kernel %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %12 = chlo.bessel_i1e %a : tensor<2x3xf32> -> tensor<2x3xf32>
  %13 = chlo.digamma %d : tensor<4xf64> -> tensor<4xf64>
  %14 = chlo.erf %h : tensor<4xf16> -> tensor<4xf16>
  %15 = chlo.erfc %g : tensor<4xbf16> -> tensor<4xbf16>
  %16 = chlo.erf_inv %a : tensor<2x3xf32> -> tensor<2x3xf32>
  %17 = chlo.lgamma %d : tensor<4xf64> -> tensor<4xf64>
  %18 = chlo.is_inf %a : tensor<2x3xf32> -> tensor<2x3xi1>
  %19 = chlo.is_neg_inf %h : tensor<4xf16> -> tensor<4xi1>
  %20 = chlo.is_pos_inf %d : tensor<4xf64> -> tensor<4xi1>
  %21 = chlo.next_after %a, %a : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %22 = chlo.polygamma %d, %d : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %23 = chlo.zeta %a, %a : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %24 = chlo.mulhi %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %25 = chlo.mulhi %u, %u : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>
  %26 = chlo.erf %a : tensor<2x3xf32> -> tensor<?x3xf32>
  return
}

func.func @constants(%a: tensor<2x3xf32>, %i: tensor<?xi32>) {
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = chlo.constant dense<7> : tensor<i64>
  %2 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "chlo.constant_like"(%i) {value = -3 : i32} : (tensor<?xi32>) -> tensor<?xi32>
  %4 = "chlo.constant_like"(%a) {value = 2.5 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return
}

func.func @top_k(%a: tensor<2x3xf32>, %b: tensor<?x5xi8>) {
  %0:2 = chlo.top_k(%a, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %1:2 = chlo.top_k(%b, k = 0) : tensor<?x5xi8> -> (tensor<?x0xi8>, tensor<?x0xi32>)
  return
}

func.func @ragged_dot(%l: tensor<6x4xf32>, %r: tensor<2x4x5xf32>, %g: tensor<2xi64>, %l3: tensor<3x6x4xbf16>, %r3: tensor<3x4x5xbf16>, %g32: tensor<2xi32>) {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]} : (tensor<6x4xf32>, tensor<2x4x5xf32>, tensor<2xi64>) -> tensor<6x5xf32>
  %1 = "chlo.ragged_dot"(%l3, %r3, %g32) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>} : (tensor<3x6x4xbf16>, tensor<3x4x5xbf16>, tensor<2xi32>) -> tensor<2x3x6x5xf32>
  %2 = "chlo.ragged_dot"(%l3, %r3, %g32) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<3x6x4xbf16>, tensor<3x4x5xbf16>, tensor<2xi32>) -> tensor<3x6x5xbf16>
  return
}

func.func @scan(%a: tensor<2x3xf32>, %c: tensor<2x3xi32>, %b: tensor<2xf32>) {
  %0:3 = chlo.scan(%a, %c) inits (%b) dimension=1 attributes {is_associative = false} {
  ^bb0(%x: tensor<2xf32>, %z: tensor<2xi32>, %y: tensor<2xf32>):
    %s = stablehlo.add %x, %y : tensor<2xf32>
    stablehlo.return %s, %z, %s : tensor<2xf32>, tensor<2xi32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<2xf32>)
  %1 = chlo.scan(%a) inits () dimension=0 attributes {is_reverse = true} {
  ^bb0(%x: tensor<3xf32>):
    stablehlo.return %x : tensor<3xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = chlo.scan(%a) inits (%b) dimension=1 {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    stablehlo.return %y : tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
