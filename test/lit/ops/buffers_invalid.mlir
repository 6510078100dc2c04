// Verifier errors of buffers (upstream's current spec: custom_call's "(XLA
// GPU Support) Special custom_call targets" and "Alias"). The messages are
// upstream's, word for word: jaxlib (StableHLO 1.17) rejects each program
// below with the same message. The two "more than once" rules, which jaxlib
// 1.17 reports but then lets the program through, are spec deviations: see
// test/lit/deviations/accepted_as_upstream.mlir.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// CreateBuffer takes no inputs.
func.func @create_buffer_input(%a: tensor<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op CreateBuffer custom_call shouldn't have any inputs}}
  %0 = stablehlo.custom_call @CreateBuffer(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// CreateBuffer has one result: not two...
func.func @create_buffer_two_results() -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op CreateBuffer custom_call should have one result}}
  %0:2 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> (memref<2xf32>, memref<2xf32>)
  return %0#0 : memref<2xf32>
}

// -----

// ... nor none.
func.func @create_buffer_no_result() {
  // expected-error @+1 {{'stablehlo.custom_call' op CreateBuffer custom_call should have one result}}
  stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> ()
  return
}

// -----

// CreateBuffer's result is a memref: not a tensor...
func.func @create_buffer_tensor() -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op CreateBuffer custom_call should have a memref result}}
  %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ... nor a tuple holding a memref.
func.func @create_buffer_tuple() -> tuple<memref<2xf32>> {
  // expected-error @+1 {{'stablehlo.custom_call' op CreateBuffer custom_call should have a memref result}}
  %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> tuple<memref<2xf32>>
  return %0 : tuple<memref<2xf32>>
}

// -----

// Pin takes one input: not none...
func.func @pin_no_input() -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have one input}}
  %0 = stablehlo.custom_call @Pin() {api_version = 4 : i32} : () -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... nor two.
func.func @pin_two_inputs(%a: tensor<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have one input}}
  %0 = stablehlo.custom_call @Pin(%a, %a) {api_version = 4 : i32} : (tensor<2xf32>, tensor<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// Pin's input is a tensor: not a buffer...
func.func @pin_memref_input(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have a tensor input}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... nor a tuple...
func.func @pin_tuple_input(%a: tuple<tensor<2xf32>>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have a tensor input}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tuple<tensor<2xf32>>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... nor a token.
func.func @pin_token_input(%a: !stablehlo.token) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have a tensor input}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (!stablehlo.token) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// Pin has one output: not none...
func.func @pin_no_output(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have one output}}
  stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> ()
  return
}

// -----

// ... nor two.
func.func @pin_two_outputs(%a: tensor<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have one output}}
  %0:2 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> (memref<2xf32>, memref<2xf32>)
  return %0#0 : memref<2xf32>
}

// -----

// Pin's output is a memref.
func.func @pin_tensor_output(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have a memref output}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Pin's input and output have compatible types: the same shape...
func.func @pin_shape(%a: tensor<2xf32>) -> memref<3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<3xf32>
  return %0 : memref<3xf32>
}

// -----

// ... and rank...
func.func @pin_rank(%a: tensor<2xf32>) -> memref<2x1xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2x1xf32>
  return %0 : memref<2x1xf32>
}

// -----

// ... and the same element type.
func.func @pin_element_type(%a: tensor<2xf32>) -> memref<2xf64> {
  // expected-error @+1 {{'stablehlo.custom_call' op Pin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf64>
  return %0 : memref<2xf64>
}

// -----

// Unpin takes one input: not none...
func.func @unpin_no_input() -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have one input}}
  %0 = stablehlo.custom_call @Unpin() {api_version = 4 : i32} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ... nor two.
func.func @unpin_two_inputs(%a: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have one input}}
  %0 = stablehlo.custom_call @Unpin(%a, %a) {api_version = 4 : i32} : (memref<2xf32>, memref<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Unpin's input is a memref.
func.func @unpin_tensor_input(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have a memref input}}
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Unpin has one output: not none...
func.func @unpin_no_output(%a: memref<2xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have one output}}
  stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> ()
  return
}

// -----

// ... nor two.
func.func @unpin_two_outputs(%a: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have one output}}
  %0:2 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#0 : tensor<2xf32>
}

// -----

// Unpin's output is a tensor: not a buffer...
func.func @unpin_memref_output(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have a tensor output}}
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... nor a tuple.
func.func @unpin_tuple_output(%a: memref<2xf32>) -> tuple<tensor<2xf32>> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have a tensor output}}
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> tuple<tensor<2xf32>>
  return %0 : tuple<tensor<2xf32>>
}

// -----

// Unpin's input and output have compatible types: the same shape...
func.func @unpin_shape(%a: memref<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ... and the same element type (signedness included).
func.func @unpin_element_type(%a: memref<2xi32>) -> tensor<2xui32> {
  // expected-error @+1 {{'stablehlo.custom_call' op Unpin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Unpin(%a) {api_version = 4 : i32} : (memref<2xi32>) -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

// A buffer output is in one alias: a single result...
func.func @output_not_aliased(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op buffer output [] is not used in output_operand_alias}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32} : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... even without buffer operands (only CreateBuffer and Pin make buffers)...
func.func @output_from_nothing() -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op buffer output [] is not used in output_operand_alias}}
  %0 = stablehlo.custom_call @foo() {api_version = 4 : i32} : () -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... one of several results (the first one not aliased is named)...
func.func @second_output_not_aliased(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op buffer output [1] is not used in output_operand_alias}}
  %0:2 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> (memref<2xf32>, memref<2xf32>)
  return %0#0 : memref<2xf32>
}

// -----

// ... a buffer in a nested tuple result.
func.func @nested_output_not_aliased(%a: memref<2xf32>) -> tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>> {
  // expected-error @+1 {{'stablehlo.custom_call' op buffer output [1, 1] is not used in output_operand_alias}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32} : (memref<2xf32>) -> tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>>
  return %0 : tuple<tensor<2xf32>, tuple<tensor<1xf32>, memref<2xf32>>>
}

// -----

// An alias pairs parts of the same type: a buffer output does not alias a
// tensor operand... (upstream: "shapes mismatch in the output_operand_alias
// attribute: operand part has type 'tensor<2xf32>' and output part has type
// 'memref<2xf32>'", this build's wording of the check custom_call_invalid.mlir
// tests on tensors)
func.func @buffer_output_aliases_tensor(%a: memref<2xf32>, %t: tensor<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias aliases 'tensor<2xf32>' with output 'memref<2xf32>'; their types must be compatible}}
  %0 = stablehlo.custom_call @foo(%a, %t) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (memref<2xf32>, tensor<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// ... nor a tensor output a buffer operand.
func.func @tensor_output_aliases_buffer(%a: memref<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias aliases 'memref<2xf32>' with output 'tensor<2xf32>'; their types must be compatible}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Only custom_call reads and writes buffers: other ops take none.
func.func @add(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'memref<2xf32>'}}
  %0 = stablehlo.add %a, %a : memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// if does not return a buffer (while carries them, if and case do not).
func.func @if(%p: tensor<i1>, %a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.if' op result #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects, but got 'memref<2xf32>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : memref<2xf32>
  }, {
    stablehlo.return %a : memref<2xf32>
  }) : (tensor<i1>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

func.func @case(%i: tensor<i32>, %a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.case' op result #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects, but got 'memref<2xf32>'}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : memref<2xf32>
  }) : (tensor<i32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// composite takes no buffer operand (as upstream: a tuple holding one passes).
func.func private @decomposition(%a: memref<2xf32>) -> memref<2xf32> {
  return %a : memref<2xf32>
}
func.func @composite(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.composite' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects or nested tuple with any combination of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or memref of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects values, but got 'memref<2xf32>'}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @decomposition} : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

func.func @optimization_barrier(%a: memref<2xf32>) -> memref<2xf32> {
  // expected-error @+1 {{'stablehlo.optimization_barrier' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values or token: an opaque value that orders side effects, but got 'memref<2xf32>'}}
  %0 = stablehlo.optimization_barrier %a : memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

// A buffer is ranked: no unranked memref.
func.func @unranked(%a: memref<*xf32>) -> tuple<memref<*xf32>> {
  // expected-error @+1 {{'stablehlo.tuple' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects or nested tuple with any combination of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or memref of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values or token: an opaque value that orders side effects values or memref of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or quantized integer values, but got 'memref<*xf32>'}}
  %0 = stablehlo.tuple %a : tuple<memref<*xf32>>
  return %0 : tuple<memref<*xf32>>
}
