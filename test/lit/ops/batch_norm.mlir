// Round trip of stablehlo.batch_norm_inference, batch_norm_training and
// batch_norm_grad: upstream prints them in the generic form, with results
// named after the outputs of the multi-result ops (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's examples; dynamic sizes are allowed where the constraints
// compare sizes.
// CHECK-LABEL:  func.func @batch_norm(%arg0: tensor<2x2x2xf64>, %arg1: tensor<2xf64>, %arg2: tensor<2xf64>, %arg3: tensor<2xf64>, %arg4: tensor<2xf64>, %arg5: tensor<?x3xbf16>, %arg6: tensor<?xbf16>) -> tensor<2x2x2xf64> {
// CHECK-NEXT:    %0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg2, %arg3, %arg4) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
// CHECK-NEXT:    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
// CHECK-NEXT:    %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg3, %arg4, %arg0) <{epsilon = 0.000000e+00 : f32, feature_index = 2 : i64}> : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
// CHECK-NEXT:    %output_0, %batch_mean_1, %batch_var_2 = "stablehlo.batch_norm_training"(%arg5, %arg6, %arg6) <{epsilon = 1.000000e+00 : f32, feature_index = 1 : i64}> : (tensor<?x3xbf16>, tensor<?xbf16>, tensor<?xbf16>) -> (tensor<?x3xbf16>, tensor<3xbf16>, tensor<?xbf16>)
// CHECK-NEXT:    return %0 : tensor<2x2x2xf64>
// CHECK-NEXT:  }
func.func @batch_norm(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %offset: tensor<2xf64>, %mean: tensor<2xf64>, %variance: tensor<2xf64>, %dyn: tensor<?x3xbf16>, %dscale: tensor<?xbf16>) -> tensor<2x2x2xf64> {
  %0 = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  %1:3 = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %2:3 = "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %operand) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %3:3 = "stablehlo.batch_norm_training"(%dyn, %dscale, %dscale) {epsilon = 1.0 : f32, feature_index = 1 : i64} : (tensor<?x3xbf16>, tensor<?xbf16>, tensor<?xbf16>) -> (tensor<?x3xbf16>, tensor<3xbf16>, tensor<?xbf16>)
  return %0 : tensor<2x2x2xf64>
}
