// Round trip of the transcendental ops, which carry an optional
// result_accuracy: cbrt, cosine, exponential, exponential_minus_one, log,
// log_plus_one, logistic, rsqrt, sine, sqrt, tan, tanh. The CHECK lines are
// upstream StableHLO's pretty form (checked with jaxlib) except for the
// quantized case.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Every op on f32: operand and result types equal print as one type.
// CHECK-LABEL:  func.func @f32(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.cbrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.cosine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.exponential %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.exponential_minus_one %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.log %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.log_plus_one %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.logistic %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.rsqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %8 = stablehlo.sine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = stablehlo.sqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %10 = stablehlo.tan %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = stablehlo.tanh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @f32(%x: tensor<2x3xf32>) {
  %0 = stablehlo.cbrt %x : tensor<2x3xf32>
  %1 = stablehlo.cosine %x : tensor<2x3xf32>
  %2 = stablehlo.exponential %x : tensor<2x3xf32>
  %3 = stablehlo.exponential_minus_one %x : tensor<2x3xf32>
  %4 = stablehlo.log %x : tensor<2x3xf32>
  %5 = stablehlo.log_plus_one %x : tensor<2x3xf32>
  %6 = stablehlo.logistic %x : tensor<2x3xf32>
  %7 = stablehlo.rsqrt %x : tensor<2x3xf32>
  %8 = stablehlo.sine %x : tensor<2x3xf32>
  %9 = stablehlo.sqrt %x : tensor<2x3xf32>
  %10 = stablehlo.tan %x : tensor<2x3xf32>
  %11 = stablehlo.tanh %x : tensor<2x3xf32>
  return
}

// The generic form parses and prints back in the pretty form.
// CHECK-LABEL:  func.func @generic(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.cbrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.cosine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.exponential %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.exponential_minus_one %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.log %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.log_plus_one %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.logistic %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.rsqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %8 = stablehlo.sine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = stablehlo.sqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %10 = stablehlo.tan %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = stablehlo.tanh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @generic(%x: tensor<2x3xf32>) {
  %0 = "stablehlo.cbrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.cosine"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.exponential"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "stablehlo.exponential_minus_one"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "stablehlo.log"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "stablehlo.log_plus_one"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "stablehlo.logistic"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "stablehlo.rsqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "stablehlo.sine"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = "stablehlo.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %10 = "stablehlo.tan"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %11 = "stablehlo.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// Floating-point and complex element types.
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<4xf16>, %arg1: tensor<4xbf16>, %arg2: tensor<4xf64>, %arg3: tensor<4xf8E4M3FN>, %arg4: tensor<4xf8E5M2>, %arg5: tensor<4xcomplex<f32>>, %arg6: tensor<4xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.cbrt %arg0 : tensor<4xf16>
// CHECK-NEXT:    %1 = stablehlo.cosine %arg0 : tensor<4xf16>
// CHECK-NEXT:    %2 = stablehlo.exponential %arg0 : tensor<4xf16>
// CHECK-NEXT:    %3 = stablehlo.exponential_minus_one %arg0 : tensor<4xf16>
// CHECK-NEXT:    %4 = stablehlo.log %arg0 : tensor<4xf16>
// CHECK-NEXT:    %5 = stablehlo.log_plus_one %arg0 : tensor<4xf16>
// CHECK-NEXT:    %6 = stablehlo.logistic %arg0 : tensor<4xf16>
// CHECK-NEXT:    %7 = stablehlo.rsqrt %arg0 : tensor<4xf16>
// CHECK-NEXT:    %8 = stablehlo.sine %arg0 : tensor<4xf16>
// CHECK-NEXT:    %9 = stablehlo.sqrt %arg0 : tensor<4xf16>
// CHECK-NEXT:    %10 = stablehlo.tan %arg0 : tensor<4xf16>
// CHECK-NEXT:    %11 = stablehlo.tanh %arg0 : tensor<4xf16>
// CHECK-NEXT:    %12 = stablehlo.cbrt %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %13 = stablehlo.cosine %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %14 = stablehlo.exponential %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %15 = stablehlo.exponential_minus_one %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %16 = stablehlo.log %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %17 = stablehlo.log_plus_one %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %18 = stablehlo.logistic %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %19 = stablehlo.rsqrt %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %20 = stablehlo.sine %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %21 = stablehlo.sqrt %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %22 = stablehlo.tan %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %23 = stablehlo.tanh %arg1 : tensor<4xbf16>
// CHECK-NEXT:    %24 = stablehlo.cbrt %arg2 : tensor<4xf64>
// CHECK-NEXT:    %25 = stablehlo.cosine %arg2 : tensor<4xf64>
// CHECK-NEXT:    %26 = stablehlo.exponential %arg2 : tensor<4xf64>
// CHECK-NEXT:    %27 = stablehlo.exponential_minus_one %arg2 : tensor<4xf64>
// CHECK-NEXT:    %28 = stablehlo.log %arg2 : tensor<4xf64>
// CHECK-NEXT:    %29 = stablehlo.log_plus_one %arg2 : tensor<4xf64>
// CHECK-NEXT:    %30 = stablehlo.logistic %arg2 : tensor<4xf64>
// CHECK-NEXT:    %31 = stablehlo.rsqrt %arg2 : tensor<4xf64>
// CHECK-NEXT:    %32 = stablehlo.sine %arg2 : tensor<4xf64>
// CHECK-NEXT:    %33 = stablehlo.sqrt %arg2 : tensor<4xf64>
// CHECK-NEXT:    %34 = stablehlo.tan %arg2 : tensor<4xf64>
// CHECK-NEXT:    %35 = stablehlo.tanh %arg2 : tensor<4xf64>
// CHECK-NEXT:    %36 = stablehlo.cbrt %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %37 = stablehlo.cosine %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %38 = stablehlo.exponential %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %39 = stablehlo.exponential_minus_one %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %40 = stablehlo.log %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %41 = stablehlo.log_plus_one %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %42 = stablehlo.logistic %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %43 = stablehlo.rsqrt %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %44 = stablehlo.sine %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %45 = stablehlo.sqrt %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %46 = stablehlo.tan %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %47 = stablehlo.tanh %arg3 : tensor<4xf8E4M3FN>
// CHECK-NEXT:    %48 = stablehlo.cbrt %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %49 = stablehlo.cosine %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %50 = stablehlo.exponential %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %51 = stablehlo.exponential_minus_one %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %52 = stablehlo.log %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %53 = stablehlo.log_plus_one %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %54 = stablehlo.logistic %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %55 = stablehlo.rsqrt %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %56 = stablehlo.sine %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %57 = stablehlo.sqrt %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %58 = stablehlo.tan %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %59 = stablehlo.tanh %arg4 : tensor<4xf8E5M2>
// CHECK-NEXT:    %60 = stablehlo.cbrt %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %61 = stablehlo.cosine %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %62 = stablehlo.exponential %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %63 = stablehlo.exponential_minus_one %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %64 = stablehlo.log %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %65 = stablehlo.log_plus_one %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %66 = stablehlo.logistic %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %67 = stablehlo.rsqrt %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %68 = stablehlo.sine %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %69 = stablehlo.sqrt %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %70 = stablehlo.tan %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %71 = stablehlo.tanh %arg5 : tensor<4xcomplex<f32>>
// CHECK-NEXT:    %72 = stablehlo.cbrt %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %73 = stablehlo.cosine %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %74 = stablehlo.exponential %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %75 = stablehlo.exponential_minus_one %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %76 = stablehlo.log %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %77 = stablehlo.log_plus_one %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %78 = stablehlo.logistic %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %79 = stablehlo.rsqrt %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %80 = stablehlo.sine %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %81 = stablehlo.sqrt %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %82 = stablehlo.tan %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    %83 = stablehlo.tanh %arg6 : tensor<4xcomplex<f64>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<4xf16>, %a1: tensor<4xbf16>, %a2: tensor<4xf64>, %a3: tensor<4xf8E4M3FN>, %a4: tensor<4xf8E5M2>, %a5: tensor<4xcomplex<f32>>, %a6: tensor<4xcomplex<f64>>) {
  %0 = stablehlo.cbrt %a0 : tensor<4xf16>
  %1 = stablehlo.cosine %a0 : tensor<4xf16>
  %2 = stablehlo.exponential %a0 : tensor<4xf16>
  %3 = stablehlo.exponential_minus_one %a0 : tensor<4xf16>
  %4 = stablehlo.log %a0 : tensor<4xf16>
  %5 = stablehlo.log_plus_one %a0 : tensor<4xf16>
  %6 = stablehlo.logistic %a0 : tensor<4xf16>
  %7 = stablehlo.rsqrt %a0 : tensor<4xf16>
  %8 = stablehlo.sine %a0 : tensor<4xf16>
  %9 = stablehlo.sqrt %a0 : tensor<4xf16>
  %10 = stablehlo.tan %a0 : tensor<4xf16>
  %11 = stablehlo.tanh %a0 : tensor<4xf16>
  %12 = stablehlo.cbrt %a1 : tensor<4xbf16>
  %13 = stablehlo.cosine %a1 : tensor<4xbf16>
  %14 = stablehlo.exponential %a1 : tensor<4xbf16>
  %15 = stablehlo.exponential_minus_one %a1 : tensor<4xbf16>
  %16 = stablehlo.log %a1 : tensor<4xbf16>
  %17 = stablehlo.log_plus_one %a1 : tensor<4xbf16>
  %18 = stablehlo.logistic %a1 : tensor<4xbf16>
  %19 = stablehlo.rsqrt %a1 : tensor<4xbf16>
  %20 = stablehlo.sine %a1 : tensor<4xbf16>
  %21 = stablehlo.sqrt %a1 : tensor<4xbf16>
  %22 = stablehlo.tan %a1 : tensor<4xbf16>
  %23 = stablehlo.tanh %a1 : tensor<4xbf16>
  %24 = stablehlo.cbrt %a2 : tensor<4xf64>
  %25 = stablehlo.cosine %a2 : tensor<4xf64>
  %26 = stablehlo.exponential %a2 : tensor<4xf64>
  %27 = stablehlo.exponential_minus_one %a2 : tensor<4xf64>
  %28 = stablehlo.log %a2 : tensor<4xf64>
  %29 = stablehlo.log_plus_one %a2 : tensor<4xf64>
  %30 = stablehlo.logistic %a2 : tensor<4xf64>
  %31 = stablehlo.rsqrt %a2 : tensor<4xf64>
  %32 = stablehlo.sine %a2 : tensor<4xf64>
  %33 = stablehlo.sqrt %a2 : tensor<4xf64>
  %34 = stablehlo.tan %a2 : tensor<4xf64>
  %35 = stablehlo.tanh %a2 : tensor<4xf64>
  %36 = stablehlo.cbrt %a3 : tensor<4xf8E4M3FN>
  %37 = stablehlo.cosine %a3 : tensor<4xf8E4M3FN>
  %38 = stablehlo.exponential %a3 : tensor<4xf8E4M3FN>
  %39 = stablehlo.exponential_minus_one %a3 : tensor<4xf8E4M3FN>
  %40 = stablehlo.log %a3 : tensor<4xf8E4M3FN>
  %41 = stablehlo.log_plus_one %a3 : tensor<4xf8E4M3FN>
  %42 = stablehlo.logistic %a3 : tensor<4xf8E4M3FN>
  %43 = stablehlo.rsqrt %a3 : tensor<4xf8E4M3FN>
  %44 = stablehlo.sine %a3 : tensor<4xf8E4M3FN>
  %45 = stablehlo.sqrt %a3 : tensor<4xf8E4M3FN>
  %46 = stablehlo.tan %a3 : tensor<4xf8E4M3FN>
  %47 = stablehlo.tanh %a3 : tensor<4xf8E4M3FN>
  %48 = stablehlo.cbrt %a4 : tensor<4xf8E5M2>
  %49 = stablehlo.cosine %a4 : tensor<4xf8E5M2>
  %50 = stablehlo.exponential %a4 : tensor<4xf8E5M2>
  %51 = stablehlo.exponential_minus_one %a4 : tensor<4xf8E5M2>
  %52 = stablehlo.log %a4 : tensor<4xf8E5M2>
  %53 = stablehlo.log_plus_one %a4 : tensor<4xf8E5M2>
  %54 = stablehlo.logistic %a4 : tensor<4xf8E5M2>
  %55 = stablehlo.rsqrt %a4 : tensor<4xf8E5M2>
  %56 = stablehlo.sine %a4 : tensor<4xf8E5M2>
  %57 = stablehlo.sqrt %a4 : tensor<4xf8E5M2>
  %58 = stablehlo.tan %a4 : tensor<4xf8E5M2>
  %59 = stablehlo.tanh %a4 : tensor<4xf8E5M2>
  %60 = stablehlo.cbrt %a5 : tensor<4xcomplex<f32>>
  %61 = stablehlo.cosine %a5 : tensor<4xcomplex<f32>>
  %62 = stablehlo.exponential %a5 : tensor<4xcomplex<f32>>
  %63 = stablehlo.exponential_minus_one %a5 : tensor<4xcomplex<f32>>
  %64 = stablehlo.log %a5 : tensor<4xcomplex<f32>>
  %65 = stablehlo.log_plus_one %a5 : tensor<4xcomplex<f32>>
  %66 = stablehlo.logistic %a5 : tensor<4xcomplex<f32>>
  %67 = stablehlo.rsqrt %a5 : tensor<4xcomplex<f32>>
  %68 = stablehlo.sine %a5 : tensor<4xcomplex<f32>>
  %69 = stablehlo.sqrt %a5 : tensor<4xcomplex<f32>>
  %70 = stablehlo.tan %a5 : tensor<4xcomplex<f32>>
  %71 = stablehlo.tanh %a5 : tensor<4xcomplex<f32>>
  %72 = stablehlo.cbrt %a6 : tensor<4xcomplex<f64>>
  %73 = stablehlo.cosine %a6 : tensor<4xcomplex<f64>>
  %74 = stablehlo.exponential %a6 : tensor<4xcomplex<f64>>
  %75 = stablehlo.exponential_minus_one %a6 : tensor<4xcomplex<f64>>
  %76 = stablehlo.log %a6 : tensor<4xcomplex<f64>>
  %77 = stablehlo.log_plus_one %a6 : tensor<4xcomplex<f64>>
  %78 = stablehlo.logistic %a6 : tensor<4xcomplex<f64>>
  %79 = stablehlo.rsqrt %a6 : tensor<4xcomplex<f64>>
  %80 = stablehlo.sine %a6 : tensor<4xcomplex<f64>>
  %81 = stablehlo.sqrt %a6 : tensor<4xcomplex<f64>>
  %82 = stablehlo.tan %a6 : tensor<4xcomplex<f64>>
  %83 = stablehlo.tanh %a6 : tensor<4xcomplex<f64>>
  return
}

// result_accuracy: the default (mode DEFAULT, zero tolerances) is elided; other
// values print in the attribute dictionary, as upstream prints them.
// CHECK-LABEL:  func.func @result_accuracy(%arg0: tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = stablehlo.sine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.cosine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.tanh %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.log %arg0 {mhlo.frontend_attributes = {a = "b"}, result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.cbrt %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %6 = stablehlo.cosine %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %7 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %8 = stablehlo.exponential_minus_one %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %9 = stablehlo.log %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %10 = stablehlo.log_plus_one %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %11 = stablehlo.logistic %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %12 = stablehlo.rsqrt %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %13 = stablehlo.sine %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %14 = stablehlo.sqrt %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %15 = stablehlo.tan %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    %16 = stablehlo.tanh %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @result_accuracy(%x: tensor<2x3xf32>) {
  %0 = "stablehlo.sine"(%x) {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.cosine"(%x) {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %3 = stablehlo.tanh %x {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.0, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
  %4 = stablehlo.log %x {mhlo.frontend_attributes = {a = "b"}, result_accuracy = #stablehlo.result_accuracy<ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x3xf32>
  %5 = stablehlo.cbrt %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %6 = stablehlo.cosine %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %7 = stablehlo.exponential %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %8 = stablehlo.exponential_minus_one %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %9 = stablehlo.log %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %10 = stablehlo.log_plus_one %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %11 = stablehlo.logistic %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %12 = stablehlo.rsqrt %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %13 = stablehlo.sine %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %14 = stablehlo.sqrt %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %15 = stablehlo.tan %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  %16 = stablehlo.tanh %x {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2x3xf32>
  return
}

// Dynamic and bounded dimensions: differing types print as a function type.
// CHECK-LABEL:  func.func @dynamic(%arg0: tensor<?x3xf32>, %arg1: tensor<?xf32, #stablehlo.bounds<8>>) {
// CHECK-NEXT:    %0 = stablehlo.sqrt %arg0 : tensor<?x3xf32>
// CHECK-NEXT:    %1 = stablehlo.sqrt %arg0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.log %arg0 : (tensor<?x3xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:    %3 = stablehlo.tanh %arg1 : tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT:    %4 = stablehlo.tanh %arg1 : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32>
// CHECK-NEXT:    %5 = stablehlo.sine %arg1 : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<4xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dynamic(%x: tensor<?x3xf32>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  %0 = stablehlo.sqrt %x : tensor<?x3xf32>
  %1 = stablehlo.sqrt %x : (tensor<?x3xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.log %x : (tensor<?x3xf32>) -> tensor<?x?xf32>
  %3 = stablehlo.tanh %b : tensor<?xf32, #stablehlo.bounds<8>>
  %4 = stablehlo.tanh %b : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32>
  %5 = stablehlo.sine %b : (tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<4xf32>
  return
}

// As JAX emits them (jax.jit(...).lower(x).as_text()).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
// CHECK-NEXT:    %0 = stablehlo.sine %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = stablehlo.tan %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %2 = stablehlo.negate %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.exponential %2 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.log_plus_one %3 : tensor<2x3xf32>
// CHECK-NEXT:    return %0, %4 : tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result[0]"}, tensor<2x3xf32> {jax.result_info = "result[1]"}) {
  %0 = stablehlo.sine %arg0 : tensor<2x3xf32>
  %1 = stablehlo.tan %arg0 : tensor<2x3xf32>
  %2 = stablehlo.negate %arg0 : tensor<2x3xf32>
  %3 = stablehlo.exponential %2 : tensor<2x3xf32>
  %4 = stablehlo.log_plus_one %3 : tensor<2x3xf32>
  return %0, %4 : tensor<2x3xf32>, tensor<2x3xf32>
}

// Per-tensor quantized operands (not checked against upstream: jaxlib has no
// quant dialect). The result may have other scales and zero points (baseline types).
// CHECK-LABEL:  func.func @quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) {
// CHECK-NEXT:    %0 = stablehlo.cbrt %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %1 = stablehlo.cosine %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %2 = stablehlo.exponential %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %3 = stablehlo.exponential_minus_one %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %4 = stablehlo.log %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %5 = stablehlo.log_plus_one %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %6 = stablehlo.logistic %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %7 = stablehlo.rsqrt %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %8 = stablehlo.sine %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %9 = stablehlo.sqrt %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %10 = stablehlo.tan %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %11 = stablehlo.tanh %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2x!quant.uniform<i8:f32, 2.500000e-01:-1>>
// CHECK-NEXT:    %12 = stablehlo.sqrt %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @quantized(%q: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  %0 = stablehlo.cbrt %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %1 = stablehlo.cosine %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %2 = stablehlo.exponential %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %3 = stablehlo.exponential_minus_one %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %4 = stablehlo.log %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %5 = stablehlo.log_plus_one %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %6 = stablehlo.logistic %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %7 = stablehlo.rsqrt %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %8 = stablehlo.sine %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %9 = stablehlo.sqrt %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %10 = stablehlo.tan %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %11 = stablehlo.tanh %q : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.25:-1>>
  %12 = stablehlo.sqrt %q : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return
}
