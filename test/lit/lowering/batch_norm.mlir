// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=enable-runtime-calls --split-input-file | FileCheck %s

// batch_norm_inference is the spec's element-wise decomposition, in the
// interpreter's steps and types (bf16 computed in f32): stddev = sqrt(variance
// + epsilon) per feature, (x - mean) / stddev, scale * that + offset, rounded
// back to bf16 once. No runtime call.
// CHECK-LABEL: func.func @inference
// CHECK: %[[EPS:.*]] = arith.constant dense<1.000000e-03> : tensor<3xf32>
// CHECK: arith.addf
// CHECK: math.sqrt
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<2x3xbf16>)
// CHECK-NOT: call @__stablehlo_py_runtime
// CHECK: return
func.func @inference(%x: tensor<2x3xbf16>, %s: tensor<3xbf16>, %o: tensor<3xbf16>, %m: tensor<3xbf16>, %v: tensor<3xbf16>) -> tensor<2x3xbf16> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// f64 stays f64: epsilon, an f32 attribute, is exact there.
// CHECK-LABEL: func.func @inference_f64
// CHECK: arith.constant dense<0.0010000000474974513> : tensor<4xf64>
// CHECK-NOT: truncf
func.func @inference_f64(%x: tensor<4x2xf64>, %s: tensor<4xf64>, %o: tensor<4xf64>, %m: tensor<4xf64>, %v: tensor<4xf64>) -> tensor<4x2xf64> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 0 : i64} : (tensor<4x2xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<4x2xf64>
  return %0 : tensor<4x2xf64>
}

// -----

// batch_norm_training's means are the interpreter's numpy sums: a runtime call.
// CHECK-LABEL: func.func @training
// CHECK: call @__stablehlo_py_runtime_0
func.func @training(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}
