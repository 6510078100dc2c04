// Round trip of stablehlo.custom_call: the CHECK lines are upstream
// StableHLO's pretty form (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The target prints as a symbol; defaulted attributes are elided.
// CHECK-LABEL:  func.func @custom_call_minimal(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    stablehlo.custom_call @no_results() {has_side_effect = true} : () -> ()
// CHECK-NEXT:    %1 = stablehlo.custom_call @"target.with-dots"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
func.func @custom_call_minimal(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @foo(%x) : (tensor<2xf32>) -> tensor<2xf32>
  stablehlo.custom_call @no_results() {has_side_effect = true} : () -> ()
  %1 = stablehlo.custom_call @"target.with-dots"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Every attribute of the spec's example, as written there (generic form).
// CHECK-LABEL:  func.func @custom_call_spec_example(%arg0: tensor<f64>) -> tensor<f64> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @foo(%arg0) {backend_config = "bar", called_computations = [@foo]} : (tensor<f64>) -> tensor<f64>
// CHECK-NEXT:    return %0 : tensor<f64>
// CHECK-NEXT:  }
func.func @custom_call_spec_example(%input0: tensor<f64>) -> tensor<f64> {
  %results = "stablehlo.custom_call"(%input0) {
    call_target_name = "foo",
    has_side_effect = false,
    backend_config = "bar",
    api_version = 1 : i32,
    called_computations = [@foo]
  } : (tensor<f64>) -> tensor<f64>
  return %results : tensor<f64>
}

// Non-default api_version, has_side_effect, layouts, aliases and a
// dictionary backend_config (typed FFI).
// CHECK-LABEL:  func.func @custom_call_attributes(%arg0: tensor<2x3xf32>, %arg1: !stablehlo.token) -> (tensor<3x2xf32>, !stablehlo.token) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @bar(%arg0) {api_version = 2 : i32, backend_config = "config", called_computations = [@callee], has_side_effect = true} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %1 = stablehlo.custom_call @baz(%arg0) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %2 = stablehlo.custom_call @ffi(%arg0) {api_version = 4 : i32, backend_config = {alpha = 1.000000e+00 : f32, mode = "fast"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = stablehlo.custom_call @inplace(%arg0) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %4 = stablehlo.custom_call @token(%arg1) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %0, %4 : tensor<3x2xf32>, !stablehlo.token
// CHECK-NEXT:  }
func.func @custom_call_attributes(%x: tensor<2x3xf32>, %t: !stablehlo.token) -> (tensor<3x2xf32>, !stablehlo.token) {
  %0 = stablehlo.custom_call @bar(%x) {api_version = 2 : i32, backend_config = "config", has_side_effect = true, called_computations = [@callee]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.custom_call @baz(%x) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = stablehlo.custom_call @ffi(%x) {api_version = 4 : i32, backend_config = {alpha = 1.000000e+00 : f32, mode = "fast"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.custom_call @inplace(%x) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.custom_call @token(%t) {has_side_effect = true} : (!stablehlo.token) -> !stablehlo.token
  return %0, %4 : tensor<3x2xf32>, !stablehlo.token
}

// Tuples appear in the HLO ABI of custom calls.
// CHECK-LABEL:  func.func @custom_call_tuple(%arg0: tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<i32>> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @make_tuple(%arg0) : (tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<i32>>
// CHECK-NEXT:    %1 = stablehlo.custom_call @nested(%0) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<2xf32>, tensor<i32>>) -> tuple<tensor<2xf32>, tensor<i32>>
// CHECK-NEXT:    return %1 : tuple<tensor<2xf32>, tensor<i32>>
// CHECK-NEXT:  }
func.func @custom_call_tuple(%x: tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<i32>> {
  %0 = stablehlo.custom_call @make_tuple(%x) : (tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<i32>>
  %1 = stablehlo.custom_call @nested(%0) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<2xf32>, tensor<i32>>) -> tuple<tensor<2xf32>, tensor<i32>>
  return %1 : tuple<tensor<2xf32>, tensor<i32>>
}

// CHECK-LABEL:  func.func private @callee(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    return %arg0 : tensor<2x3xf32>
// CHECK-NEXT:  }
func.func private @callee(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

// As JAX emits it (jnp.linalg.cholesky on CPU: a LAPACK typed-FFI call with
// discardable mhlo.* attributes and aliasing).
// CHECK-LABEL:  func.func public @main(%arg0: tensor<2x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result"}) {
// CHECK-NEXT:    %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
// CHECK-NEXT:    return %0#0 : tensor<2x2xf32>
// CHECK-NEXT:  }
func.func public @main(%arg0: tensor<2x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result"}) {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %0#0 : tensor<2x2xf32>
}

// Unranked tensors in and out, as upstream accepts (its shape refinement
// wraps an unranked argument so); no other op takes them.
// CHECK-LABEL:  func.func @custom_call_unranked(%arg0: tensor<*xf32>) -> tensor<*xi8> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @foo(%arg0) : (tensor<*xf32>) -> tensor<*xi8>
// CHECK-NEXT:    return %0 : tensor<*xi8>
// CHECK-NEXT:  }
func.func @custom_call_unranked(%x: tensor<*xf32>) -> tensor<*xi8> {
  %0 = stablehlo.custom_call @foo(%x) : (tensor<*xf32>) -> tensor<*xi8>
  return %0 : tensor<*xi8>
}

// Futures as operands and results, as upstream accepts them (VHLO 1.17.0 on).
// CHECK-LABEL:  func.func @custom_call_future(%arg0: !stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @foo(%arg0) : (!stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>>
// CHECK-NEXT:    return %0 : !stablehlo.future<tensor<f32>>
// CHECK-NEXT:  }
func.func @custom_call_future(%arg0: !stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>> {
  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo"} : (!stablehlo.future<tensor<f32>>) -> !stablehlo.future<tensor<f32>>
  func.return %0 : !stablehlo.future<tensor<f32>>
}
