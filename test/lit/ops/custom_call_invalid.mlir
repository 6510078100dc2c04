// Verifier errors of stablehlo.custom_call. The spec lists no constraints for
// custom_call; these checks mirror upstream's verifier (layouts, typed-FFI
// backend_config, output_operand_aliases).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// operand_layouts and result_layouts come together.
func.func @layouts_together(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op operand_layouts and result_layouts must be given together}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// One layout per operand.
func.func @layouts_count(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op has 2 operand layouts for 1 operands}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A layout is a permutation of the tensor's dimensions.
func.func @layout_permutation(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op result layout 0 [0, 0] must be a permutation of [0, 2)}}
  %0 = stablehlo.custom_call @foo(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A dictionary backend_config is for the typed FFI (api_version = 4).
func.func @backend_config_dict(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op a dictionary backend_config requires api_version = 4 (typed FFI)}}
  %0 = stablehlo.custom_call @foo(%x) {backend_config = {a = 1 : i32}} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// output_operand_aliases name an existing operand.
func.func @alias_operand_index(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias operand_index 1 is out of range for 1 operands}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// output_operand_aliases' tuple indices address an element.
func.func @alias_tuple_index(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias tuple indices do not address an element}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [0]>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// An output aliases an operand of the same type.
func.func @alias_type(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias aliases 'tensor<2xf32>' with output 'tensor<3xf32>'; their types must be compatible}}
  %0 = stablehlo.custom_call @foo(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Unranked, but of an element type no tensor may hold.
func.func @custom_call_unranked_bad_element(%x: tensor<*xindex>) {
  // expected-error @+1 {{'stablehlo.custom_call' op operand #0 must be variadic of}}
  %0 = stablehlo.custom_call @foo(%x) : (tensor<*xindex>) -> tensor<*xf32>
  return
}
