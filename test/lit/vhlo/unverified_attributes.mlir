// VHLO attributes are not verified as their StableHLO forms are: a dot
// algorithm or a result accuracy the StableHLO verifier refuses is an error of
// vhlo-legalize-to-stablehlo in the verifier's words (never an assertion of
// an unchecked build).
// RUN: split-file %s %t
// RUN: not stablehlo-opt %t/algorithm.mlir --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %t/algorithm.mlir
// RUN: not stablehlo-opt %t/accuracy.mlir --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %t/accuracy.mlir

//--- algorithm.mlir
// CHECK: error: dot algorithm not known to be supported on any hardware: {lhs:'tf32', rhs:'tf32', accum:'f32', lhs_components:3, rhs_components:3, primitive_ops:6, imprecise:1}
vhlo.func_v1 @dot_general(%arg0: !vhlo.tensor_v1<2x4x!vhlo.f32_v1>, %arg1: !vhlo.tensor_v1<4x5x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x5x!vhlo.f32_v1>) {
  %0 = "vhlo.dot_general_v2"(%arg0, %arg1) <{accumulation_type = #vhlo.type_v1<!vhlo.f32_v1>, allow_imprecise_accumulation = #vhlo.bool_v1<true>, lhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, lhs_component_count = #vhlo.integer_v1<3 : i64>, lhs_contracting_dimensions = #vhlo.tensor_v1<dense<1> : tensor<1xi64>>, lhs_precision_type = #vhlo.type_v1<!vhlo.tf31_v1>, num_primitive_operations = #vhlo.integer_v1<6 : i64>, precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 DEFAULT>]>, rhs_batching_dimensions = #vhlo.tensor_v1<dense<> : tensor<0xi64>>, rhs_component_count = #vhlo.integer_v1<3 : i64>, rhs_contracting_dimensions = #vhlo.tensor_v1<dense<0> : tensor<1xi64>>, rhs_precision_type = #vhlo.type_v1<!vhlo.tf31_v1>}> : (!vhlo.tensor_v1<2x4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x5x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x5x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x5x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}

//--- accuracy.mlir
// CHECK: error: Invalid tolerances for ResultAccuracyAttr with mode HIGHEST, must be all zero.
vhlo.func_v1 @exponential(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
  %0 = "vhlo.exponential_v2"(%arg0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 3, mode = #vhlo<result_accuracy_mode_v1 HIGHEST>>}> : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
