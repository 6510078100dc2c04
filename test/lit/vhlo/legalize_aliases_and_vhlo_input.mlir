// Two things upstream's stablehlo-legalize-to-vhlo does (CHECK lines:
// jaxlib's output, StableHLO 1.17), each once different in ours:
// #vhlo.output_operand_alias_v1 prints its tuple index lists in brackets
// (`outputTupleIndices = [1, 0]`) and parses them back (BACK, the text round
// trip); and input that is VHLO already is left as it is, so the pass may run
// twice (IDEM) and completes a module mixing VHLO and StableHLO functions.
// RUN: stablehlo-opt %s --split-input-file --pass-pipeline='builtin.module(stablehlo-legalize-to-vhlo,vhlo-to-version{target=1.17.0})' | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | stablehlo-opt --split-input-file --vhlo-legalize-to-stablehlo | FileCheck %s --check-prefix=BACK
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo --stablehlo-legalize-to-vhlo | FileCheck %s --check-prefix=IDEM --match-full-lines --strict-whitespace

// Empty tuple index lists.
// CHECK-LABEL:  vhlo.func_v1 @aliases(%arg0: !vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"inplace">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = []>]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x3x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x3x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// BACK-LABEL: func.func @aliases
// BACK: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]
func.func @aliases(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.custom_call @inplace(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Two-element tuple index lists.
// CHECK-LABEL:  vhlo.func_v1 @tuple_aliases(%arg0: !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>>>) -> (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>>>) {
// CHECK-NEXT:    %0 = "vhlo.custom_call_v1"(%arg0) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"inplace">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [1, 0], operandIndex = 0, operandTupleIndices = [1, 1]>]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>>>) -> !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>>>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tuple_v1<!vhlo.tensor_v1<2x!vhlo.f32_v1>, !vhlo.tensor_v1<2x!vhlo.f32_v1>>>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// BACK-LABEL: func.func @tuple_aliases
// BACK: output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 1]>]
func.func @tuple_aliases(%a: tuple<tensor<2xf32>, tuple<tensor<2xf32>, tensor<2xf32>>>) -> tuple<tensor<2xf32>, tuple<tensor<2xf32>, tensor<2xf32>>> {
  %0 = stablehlo.custom_call @inplace(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 1]>]} : (tuple<tensor<2xf32>, tuple<tensor<2xf32>, tensor<2xf32>>>) -> tuple<tensor<2xf32>, tuple<tensor<2xf32>, tensor<2xf32>>>
  return %0 : tuple<tensor<2xf32>, tuple<tensor<2xf32>, tensor<2xf32>>>
}

// -----

// A module with a VHLO function and a StableHLO one: the VHLO function is
// kept, the StableHLO one legalized.
// CHECK-LABEL:  vhlo.func_v1 @already_vhlo(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// CHECK-LABEL:  vhlo.func_v1 @stablehlo(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// CHECK-NEXT:    %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
// CHECK-NEXT:    "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
// CHECK-NEXT:  } {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
// IDEM-LABEL:  vhlo.func_v1 @already_vhlo(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// IDEM-LABEL:  vhlo.func_v1 @stablehlo(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
// IDEM-NEXT:    %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
vhlo.func_v1 @already_vhlo(%arg0: !vhlo.tensor_v1<2x!vhlo.f32_v1>) -> (!vhlo.tensor_v1<2x!vhlo.f32_v1>) {
  %0 = "vhlo.abs_v1"(%arg0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> !vhlo.tensor_v1<2x!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<2x!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
func.func @stablehlo(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
