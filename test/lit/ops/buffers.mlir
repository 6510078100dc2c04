// Buffers (upstream's current spec, "Buffer types", custom_call's "(XLA GPU
// Support) Special custom_call targets" and "Alias"): memref values made by
// CreateBuffer and Pin, read by Unpin, handed to other targets through
// output_operand_aliases, carried by tuples, get_tuple_element, while, return
// and functions. The CHECK lines are upstream StableHLO's pretty form: jaxlib
// (StableHLO 1.17) parses and prints each function below to the same text.
// Memrefs of quantized elements: buffers_quantized.mlir. Errors:
// buffers_invalid.mlir.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
//
// A custom_call that makes, reads or writes a buffer has effects: CSE never
// merges two Pins of one tensor (each is its own buffer) nor two Unpins of one
// buffer (a target may write it in between), and neither CSE nor
// canonicalization drops an unused CreateBuffer, Pin or Update, even with
// has_side_effect = false; calls without buffers and without has_side_effect
// are still merged and dropped.
// RUN: stablehlo-opt %s --canonicalize | FileCheck %s --check-prefix=EFFECTS --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --cse | FileCheck %s --check-prefix=EFFECTS --match-full-lines --strict-whitespace

// The spec's examples of the three special targets, as written there
// (generic form); a buffer is returned like any value.
// CHECK-LABEL:  func.func @special_targets(%arg0: tensor<4xf64>) -> (tensor<4xf64>, memref<4xf64>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<4xf64>
// CHECK-NEXT:    %1 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<4xf64>) -> memref<4xf64>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Unpin(%1) {api_version = 4 : i32} : (memref<4xf64>) -> tensor<4xf64>
// CHECK-NEXT:    return %2, %0 : tensor<4xf64>, memref<4xf64>
// CHECK-NEXT:  }
func.func @special_targets(%init_value: tensor<4xf64>) -> (tensor<4xf64>, memref<4xf64>) {
  %uninitialized_buffer = "stablehlo.custom_call"() {
    call_target_name = "CreateBuffer",
    api_version = 4 : i32
  } : () -> memref<4xf64>
  %initialized_buffer = "stablehlo.custom_call"(%init_value) {
    call_target_name = "Pin",
    api_version = 4 : i32
  } : (tensor<4xf64>) -> memref<4xf64>
  %dealloc_buffer = "stablehlo.custom_call"(%initialized_buffer) {
    call_target_name = "Unpin",
    api_version = 4 : i32
  } : (memref<4xf64>) -> tensor<4xf64>
  return %dealloc_buffer, %uninitialized_buffer : tensor<4xf64>, memref<4xf64>
}

// The spec's "Update" example: a buffer output aliasing a buffer operand.
// CHECK-LABEL:  func.func @update(%arg0: memref<4xf64>) -> memref<4xf64> {
// CHECK-NEXT:    %0 = stablehlo.custom_call @Update(%arg0) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<4xf64>) -> memref<4xf64>
// CHECK-NEXT:    return %0 : memref<4xf64>
// CHECK-NEXT:  }
func.func @update(%buffer: memref<4xf64>) -> memref<4xf64> {
  %updated_buffer = "stablehlo.custom_call"(%buffer) {
    call_target_name = "Update",
    api_version = 4 : i32,
    output_operand_aliases = [
      #stablehlo.output_operand_alias<output_tuple_indices = [],
        operand_index = 0,
        operand_tuple_indices = []>]
  } : (memref<4xf64>) -> memref<4xf64>
  return %updated_buffer : memref<4xf64>
}

// Several results: each buffer output in one alias, each buffer operand in at
// most one; tensors may be aliased too or not at all; buffer operands without
// buffer outputs need no alias (@consume, @read).
// CHECK-LABEL:  func.func @several_buffers(%arg0: tensor<3xi32>, %arg1: memref<2xf32>, %arg2: memref<2x3xbf16>) -> (memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>, tensor<2xf32>) {
// CHECK-NEXT:    %0:3 = stablehlo.custom_call @foo(%arg0, %arg1, %arg2) {api_version = 4 : i32, backend_config = {scale = 2 : i32}, has_side_effect = true, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 2, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xi32>, memref<2xf32>, memref<2x3xbf16>) -> (memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>)
// CHECK-NEXT:    stablehlo.custom_call @consume(%0#0, %0#2) {has_side_effect = true} : (memref<2xf32>, memref<2x3xbf16>) -> ()
// CHECK-NEXT:    %1 = stablehlo.custom_call @read(%0#0) : (memref<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0#0, %0#1, %0#2, %1 : memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>, tensor<2xf32>
// CHECK-NEXT:  }
func.func @several_buffers(%t: tensor<3xi32>, %a: memref<2xf32>, %b: memref<2x3xbf16>) -> (memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>, tensor<2xf32>) {
  %0:3 = stablehlo.custom_call @foo(%t, %a, %b) {api_version = 4 : i32, backend_config = {scale = 2 : i32}, has_side_effect = true, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 2, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xi32>, memref<2xf32>, memref<2x3xbf16>) -> (memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>)
  stablehlo.custom_call @consume(%0#0, %0#2) {has_side_effect = true} : (memref<2xf32>, memref<2x3xbf16>) -> ()
  %1 = stablehlo.custom_call @read(%0#0) : (memref<2xf32>) -> tensor<2xf32>
  return %0#0, %0#1, %0#2, %1 : memref<2xf32>, tensor<3xi32>, memref<2x3xbf16>, tensor<2xf32>
}

// Tuples of tensors, buffers and tokens, nested; get_tuple_element gives a
// buffer or a tuple holding one; aliases address buffers inside tuples.
// CHECK-LABEL:  func.func @tuples(%arg0: tensor<2xf32>, %arg1: memref<2xf32>, %arg2: !stablehlo.token) -> (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>, memref<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<2xf32>, memref<2xf32>>
// CHECK-NEXT:    %1 = stablehlo.tuple %arg1, %arg2 : tuple<memref<2xf32>, !stablehlo.token>
// CHECK-NEXT:    %2 = stablehlo.tuple %arg0, %1 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
// CHECK-NEXT:    %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<memref<2xf32>, !stablehlo.token>
// CHECK-NEXT:    %4 = stablehlo.get_tuple_element %3[0] : (tuple<memref<2xf32>, !stablehlo.token>) -> memref<2xf32>
// CHECK-NEXT:    %5 = stablehlo.custom_call @bar(%2) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 0]>]} : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
// CHECK-NEXT:    %6 = stablehlo.custom_call @baz(%0, %4) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<2xf32>, memref<2xf32>>, memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    return %5, %6 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>, memref<2xf32>
// CHECK-NEXT:  }
func.func @tuples(%t: tensor<2xf32>, %b: memref<2xf32>, %tok: !stablehlo.token) -> (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>, memref<2xf32>) {
  %0 = stablehlo.tuple %t, %b : tuple<tensor<2xf32>, memref<2xf32>>
  %1 = stablehlo.tuple %b, %tok : tuple<memref<2xf32>, !stablehlo.token>
  %2 = stablehlo.tuple %t, %1 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
  %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<memref<2xf32>, !stablehlo.token>
  %4 = stablehlo.get_tuple_element %3[0] : (tuple<memref<2xf32>, !stablehlo.token>) -> memref<2xf32>
  %5 = stablehlo.custom_call @bar(%2) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1, 0], operand_index = 0, operand_tuple_indices = [1, 0]>]} : (tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>) -> tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>
  %6 = stablehlo.custom_call @baz(%0, %4) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>]} : (tuple<tensor<2xf32>, memref<2xf32>>, memref<2xf32>) -> memref<2xf32>
  return %5, %6 : tuple<tensor<2xf32>, tuple<memref<2xf32>, !stablehlo.token>>, memref<2xf32>
}

// A while loop carrying a buffer, which an aliased call updates in the body.
// CHECK-LABEL:  func.func @while_buffer(%arg0: tensor<i1>, %arg1: memref<2xf32>) -> memref<2xf32> {
// CHECK-NEXT:    %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i1>, memref<2xf32>
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.return %iterArg : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %1 = stablehlo.custom_call @Update(%iterArg_0) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:      %2 = stablehlo.not %iterArg : tensor<i1>
// CHECK-NEXT:      stablehlo.return %2, %1 : tensor<i1>, memref<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#1 : memref<2xf32>
// CHECK-NEXT:  }
func.func @while_buffer(%p: tensor<i1>, %b: memref<2xf32>) -> memref<2xf32> {
  %0:2 = stablehlo.while(%i = %p, %j = %b) : tensor<i1>, memref<2xf32>
   cond {
    stablehlo.return %i : tensor<i1>
  } do {
    %u = stablehlo.custom_call @Update(%j) {api_version = 4 : i32, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
    %n = stablehlo.not %i : tensor<i1>
    stablehlo.return %n, %u : tensor<i1>, memref<2xf32>
  }
  return %0#1 : memref<2xf32>
}

// Function arguments and results are builtin types: any memref, dynamic,
// rank 0, empty, with a layout; calls pass them through.
// CHECK-LABEL:  func.func @function_types(%arg0: memref<2xf32>, %arg1: memref<?x3xi8>, %arg2: memref<f64>, %arg3: memref<2xf32, strided<[2]>>, %arg4: memref<0x4xui16>) -> (memref<f64>, memref<?x3xi8>) {
// CHECK-NEXT:    return %arg2, %arg1 : memref<f64>, memref<?x3xi8>
// CHECK-NEXT:  }
// CHECK-LABEL:  func.func @call_function_types(%arg0: memref<2xf32>, %arg1: memref<?x3xi8>, %arg2: memref<f64>, %arg3: memref<2xf32, strided<[2]>>, %arg4: memref<0x4xui16>) -> memref<f64> {
// CHECK-NEXT:    %0:2 = call @function_types(%arg0, %arg1, %arg2, %arg3, %arg4) : (memref<2xf32>, memref<?x3xi8>, memref<f64>, memref<2xf32, strided<[2]>>, memref<0x4xui16>) -> (memref<f64>, memref<?x3xi8>)
// CHECK-NEXT:    return %0#0 : memref<f64>
// CHECK-NEXT:  }
func.func @function_types(%a: memref<2xf32>, %b: memref<?x3xi8>, %c: memref<f64>, %d: memref<2xf32, strided<[2]>>, %e: memref<0x4xui16>) -> (memref<f64>, memref<?x3xi8>) {
  return %c, %b : memref<f64>, memref<?x3xi8>
}
func.func @call_function_types(%a: memref<2xf32>, %b: memref<?x3xi8>, %c: memref<f64>, %d: memref<2xf32, strided<[2]>>, %e: memref<0x4xui16>) -> memref<f64> {
  %0:2 = call @function_types(%a, %b, %c, %d, %e) : (memref<2xf32>, memref<?x3xi8>, memref<f64>, memref<2xf32, strided<[2]>>, memref<0x4xui16>) -> (memref<f64>, memref<?x3xi8>)
  return %0#0 : memref<f64>
}

// Pin and Unpin take compatible types: the same element type, shapes equal
// up to dynamic sizes.
// CHECK-LABEL:  func.func @compatible_shapes(%arg0: tensor<?xf32>, %arg1: memref<?x2xi16>) -> (memref<3xf32>, tensor<4x2xi16>, memref<?xf32>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<?xf32>) -> memref<3xf32>
// CHECK-NEXT:    %1 = stablehlo.custom_call @Unpin(%arg1) {api_version = 4 : i32} : (memref<?x2xi16>) -> tensor<4x2xi16>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Pin(%arg0) : (tensor<?xf32>) -> memref<?xf32>
// CHECK-NEXT:    return %0, %1, %2 : memref<3xf32>, tensor<4x2xi16>, memref<?xf32>
// CHECK-NEXT:  }
func.func @compatible_shapes(%a: tensor<?xf32>, %b: memref<?x2xi16>) -> (memref<3xf32>, tensor<4x2xi16>, memref<?xf32>) {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<?xf32>) -> memref<3xf32>
  %1 = stablehlo.custom_call @Unpin(%b) {api_version = 4 : i32} : (memref<?x2xi16>) -> tensor<4x2xi16>
  %2 = stablehlo.custom_call @Pin(%a) : (tensor<?xf32>) -> memref<?xf32>
  return %0, %1, %2 : memref<3xf32>, tensor<4x2xi16>, memref<?xf32>
}

// Buffers of every element type of tensors (but quantized ones:
// buffers_quantized.mlir).
// CHECK-LABEL:  func.func @element_types(%arg0: tensor<2xi1>, %arg1: tensor<2xi2>, %arg2: tensor<2xi4>, %arg3: tensor<2xi8>, %arg4: tensor<2xi16>, %arg5: tensor<2xi32>, %arg6: tensor<2xi64>, %arg7: tensor<2xui2>, %arg8: tensor<2xui4>, %arg9: tensor<2xui8>, %arg10: tensor<2xui16>, %arg11: tensor<2xui32>, %arg12: tensor<2xui64>, %arg13: tensor<2xf4E2M1FN>, %arg14: tensor<2xf6E2M3FN>, %arg15: tensor<2xf6E3M2FN>, %arg16: tensor<2xf8E3M4>, %arg17: tensor<2xf8E4M3>, %arg18: tensor<2xf8E4M3FN>, %arg19: tensor<2xf8E4M3FNUZ>, %arg20: tensor<2xf8E4M3B11FNUZ>, %arg21: tensor<2xf8E5M2>, %arg22: tensor<2xf8E5M2FNUZ>, %arg23: tensor<2xf8E8M0FNU>, %arg24: tensor<2xbf16>, %arg25: tensor<2xf16>, %arg26: tensor<2xf32>, %arg27: tensor<2xf64>, %arg28: tensor<2xcomplex<f32>>, %arg29: tensor<2xcomplex<f64>>) -> (memref<2xi1>, memref<2xi2>, memref<2xi4>, memref<2xi8>, memref<2xi16>, memref<2xi32>, memref<2xi64>, memref<2xui2>, memref<2xui4>, memref<2xui8>, memref<2xui16>, memref<2xui32>, memref<2xui64>, memref<2xf4E2M1FN>, memref<2xf6E2M3FN>, memref<2xf6E3M2FN>, memref<2xf8E3M4>, memref<2xf8E4M3>, memref<2xf8E4M3FN>, memref<2xf8E4M3FNUZ>, memref<2xf8E4M3B11FNUZ>, memref<2xf8E5M2>, memref<2xf8E5M2FNUZ>, memref<2xf8E8M0FNU>, memref<2xbf16>, memref<2xf16>, memref<2xf32>, memref<2xf64>, memref<2xcomplex<f32>>, memref<2xcomplex<f64>>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) : (tensor<2xi1>) -> memref<2xi1>
// CHECK-NEXT:    %1 = stablehlo.custom_call @Pin(%arg1) : (tensor<2xi2>) -> memref<2xi2>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Pin(%arg2) : (tensor<2xi4>) -> memref<2xi4>
// CHECK-NEXT:    %3 = stablehlo.custom_call @Pin(%arg3) : (tensor<2xi8>) -> memref<2xi8>
// CHECK-NEXT:    %4 = stablehlo.custom_call @Pin(%arg4) : (tensor<2xi16>) -> memref<2xi16>
// CHECK-NEXT:    %5 = stablehlo.custom_call @Pin(%arg5) : (tensor<2xi32>) -> memref<2xi32>
// CHECK-NEXT:    %6 = stablehlo.custom_call @Pin(%arg6) : (tensor<2xi64>) -> memref<2xi64>
// CHECK-NEXT:    %7 = stablehlo.custom_call @Pin(%arg7) : (tensor<2xui2>) -> memref<2xui2>
// CHECK-NEXT:    %8 = stablehlo.custom_call @Pin(%arg8) : (tensor<2xui4>) -> memref<2xui4>
// CHECK-NEXT:    %9 = stablehlo.custom_call @Pin(%arg9) : (tensor<2xui8>) -> memref<2xui8>
// CHECK-NEXT:    %10 = stablehlo.custom_call @Pin(%arg10) : (tensor<2xui16>) -> memref<2xui16>
// CHECK-NEXT:    %11 = stablehlo.custom_call @Pin(%arg11) : (tensor<2xui32>) -> memref<2xui32>
// CHECK-NEXT:    %12 = stablehlo.custom_call @Pin(%arg12) : (tensor<2xui64>) -> memref<2xui64>
// CHECK-NEXT:    %13 = stablehlo.custom_call @Pin(%arg13) : (tensor<2xf4E2M1FN>) -> memref<2xf4E2M1FN>
// CHECK-NEXT:    %14 = stablehlo.custom_call @Pin(%arg14) : (tensor<2xf6E2M3FN>) -> memref<2xf6E2M3FN>
// CHECK-NEXT:    %15 = stablehlo.custom_call @Pin(%arg15) : (tensor<2xf6E3M2FN>) -> memref<2xf6E3M2FN>
// CHECK-NEXT:    %16 = stablehlo.custom_call @Pin(%arg16) : (tensor<2xf8E3M4>) -> memref<2xf8E3M4>
// CHECK-NEXT:    %17 = stablehlo.custom_call @Pin(%arg17) : (tensor<2xf8E4M3>) -> memref<2xf8E4M3>
// CHECK-NEXT:    %18 = stablehlo.custom_call @Pin(%arg18) : (tensor<2xf8E4M3FN>) -> memref<2xf8E4M3FN>
// CHECK-NEXT:    %19 = stablehlo.custom_call @Pin(%arg19) : (tensor<2xf8E4M3FNUZ>) -> memref<2xf8E4M3FNUZ>
// CHECK-NEXT:    %20 = stablehlo.custom_call @Pin(%arg20) : (tensor<2xf8E4M3B11FNUZ>) -> memref<2xf8E4M3B11FNUZ>
// CHECK-NEXT:    %21 = stablehlo.custom_call @Pin(%arg21) : (tensor<2xf8E5M2>) -> memref<2xf8E5M2>
// CHECK-NEXT:    %22 = stablehlo.custom_call @Pin(%arg22) : (tensor<2xf8E5M2FNUZ>) -> memref<2xf8E5M2FNUZ>
// CHECK-NEXT:    %23 = stablehlo.custom_call @Pin(%arg23) : (tensor<2xf8E8M0FNU>) -> memref<2xf8E8M0FNU>
// CHECK-NEXT:    %24 = stablehlo.custom_call @Pin(%arg24) : (tensor<2xbf16>) -> memref<2xbf16>
// CHECK-NEXT:    %25 = stablehlo.custom_call @Pin(%arg25) : (tensor<2xf16>) -> memref<2xf16>
// CHECK-NEXT:    %26 = stablehlo.custom_call @Pin(%arg26) : (tensor<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %27 = stablehlo.custom_call @Pin(%arg27) : (tensor<2xf64>) -> memref<2xf64>
// CHECK-NEXT:    %28 = stablehlo.custom_call @Pin(%arg28) : (tensor<2xcomplex<f32>>) -> memref<2xcomplex<f32>>
// CHECK-NEXT:    %29 = stablehlo.custom_call @Pin(%arg29) : (tensor<2xcomplex<f64>>) -> memref<2xcomplex<f64>>
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29 : memref<2xi1>, memref<2xi2>, memref<2xi4>, memref<2xi8>, memref<2xi16>, memref<2xi32>, memref<2xi64>, memref<2xui2>, memref<2xui4>, memref<2xui8>, memref<2xui16>, memref<2xui32>, memref<2xui64>, memref<2xf4E2M1FN>, memref<2xf6E2M3FN>, memref<2xf6E3M2FN>, memref<2xf8E3M4>, memref<2xf8E4M3>, memref<2xf8E4M3FN>, memref<2xf8E4M3FNUZ>, memref<2xf8E4M3B11FNUZ>, memref<2xf8E5M2>, memref<2xf8E5M2FNUZ>, memref<2xf8E8M0FNU>, memref<2xbf16>, memref<2xf16>, memref<2xf32>, memref<2xf64>, memref<2xcomplex<f32>>, memref<2xcomplex<f64>>
// CHECK-NEXT:  }
func.func @element_types(%a0: tensor<2xi1>, %a1: tensor<2xi2>, %a2: tensor<2xi4>, %a3: tensor<2xi8>, %a4: tensor<2xi16>, %a5: tensor<2xi32>, %a6: tensor<2xi64>, %a7: tensor<2xui2>, %a8: tensor<2xui4>, %a9: tensor<2xui8>, %a10: tensor<2xui16>, %a11: tensor<2xui32>, %a12: tensor<2xui64>, %a13: tensor<2xf4E2M1FN>, %a14: tensor<2xf6E2M3FN>, %a15: tensor<2xf6E3M2FN>, %a16: tensor<2xf8E3M4>, %a17: tensor<2xf8E4M3>, %a18: tensor<2xf8E4M3FN>, %a19: tensor<2xf8E4M3FNUZ>, %a20: tensor<2xf8E4M3B11FNUZ>, %a21: tensor<2xf8E5M2>, %a22: tensor<2xf8E5M2FNUZ>, %a23: tensor<2xf8E8M0FNU>, %a24: tensor<2xbf16>, %a25: tensor<2xf16>, %a26: tensor<2xf32>, %a27: tensor<2xf64>, %a28: tensor<2xcomplex<f32>>, %a29: tensor<2xcomplex<f64>>) -> (memref<2xi1>, memref<2xi2>, memref<2xi4>, memref<2xi8>, memref<2xi16>, memref<2xi32>, memref<2xi64>, memref<2xui2>, memref<2xui4>, memref<2xui8>, memref<2xui16>, memref<2xui32>, memref<2xui64>, memref<2xf4E2M1FN>, memref<2xf6E2M3FN>, memref<2xf6E3M2FN>, memref<2xf8E3M4>, memref<2xf8E4M3>, memref<2xf8E4M3FN>, memref<2xf8E4M3FNUZ>, memref<2xf8E4M3B11FNUZ>, memref<2xf8E5M2>, memref<2xf8E5M2FNUZ>, memref<2xf8E8M0FNU>, memref<2xbf16>, memref<2xf16>, memref<2xf32>, memref<2xf64>, memref<2xcomplex<f32>>, memref<2xcomplex<f64>>) {
  %0 = stablehlo.custom_call @Pin(%a0) : (tensor<2xi1>) -> memref<2xi1>
  %1 = stablehlo.custom_call @Pin(%a1) : (tensor<2xi2>) -> memref<2xi2>
  %2 = stablehlo.custom_call @Pin(%a2) : (tensor<2xi4>) -> memref<2xi4>
  %3 = stablehlo.custom_call @Pin(%a3) : (tensor<2xi8>) -> memref<2xi8>
  %4 = stablehlo.custom_call @Pin(%a4) : (tensor<2xi16>) -> memref<2xi16>
  %5 = stablehlo.custom_call @Pin(%a5) : (tensor<2xi32>) -> memref<2xi32>
  %6 = stablehlo.custom_call @Pin(%a6) : (tensor<2xi64>) -> memref<2xi64>
  %7 = stablehlo.custom_call @Pin(%a7) : (tensor<2xui2>) -> memref<2xui2>
  %8 = stablehlo.custom_call @Pin(%a8) : (tensor<2xui4>) -> memref<2xui4>
  %9 = stablehlo.custom_call @Pin(%a9) : (tensor<2xui8>) -> memref<2xui8>
  %10 = stablehlo.custom_call @Pin(%a10) : (tensor<2xui16>) -> memref<2xui16>
  %11 = stablehlo.custom_call @Pin(%a11) : (tensor<2xui32>) -> memref<2xui32>
  %12 = stablehlo.custom_call @Pin(%a12) : (tensor<2xui64>) -> memref<2xui64>
  %13 = stablehlo.custom_call @Pin(%a13) : (tensor<2xf4E2M1FN>) -> memref<2xf4E2M1FN>
  %14 = stablehlo.custom_call @Pin(%a14) : (tensor<2xf6E2M3FN>) -> memref<2xf6E2M3FN>
  %15 = stablehlo.custom_call @Pin(%a15) : (tensor<2xf6E3M2FN>) -> memref<2xf6E3M2FN>
  %16 = stablehlo.custom_call @Pin(%a16) : (tensor<2xf8E3M4>) -> memref<2xf8E3M4>
  %17 = stablehlo.custom_call @Pin(%a17) : (tensor<2xf8E4M3>) -> memref<2xf8E4M3>
  %18 = stablehlo.custom_call @Pin(%a18) : (tensor<2xf8E4M3FN>) -> memref<2xf8E4M3FN>
  %19 = stablehlo.custom_call @Pin(%a19) : (tensor<2xf8E4M3FNUZ>) -> memref<2xf8E4M3FNUZ>
  %20 = stablehlo.custom_call @Pin(%a20) : (tensor<2xf8E4M3B11FNUZ>) -> memref<2xf8E4M3B11FNUZ>
  %21 = stablehlo.custom_call @Pin(%a21) : (tensor<2xf8E5M2>) -> memref<2xf8E5M2>
  %22 = stablehlo.custom_call @Pin(%a22) : (tensor<2xf8E5M2FNUZ>) -> memref<2xf8E5M2FNUZ>
  %23 = stablehlo.custom_call @Pin(%a23) : (tensor<2xf8E8M0FNU>) -> memref<2xf8E8M0FNU>
  %24 = stablehlo.custom_call @Pin(%a24) : (tensor<2xbf16>) -> memref<2xbf16>
  %25 = stablehlo.custom_call @Pin(%a25) : (tensor<2xf16>) -> memref<2xf16>
  %26 = stablehlo.custom_call @Pin(%a26) : (tensor<2xf32>) -> memref<2xf32>
  %27 = stablehlo.custom_call @Pin(%a27) : (tensor<2xf64>) -> memref<2xf64>
  %28 = stablehlo.custom_call @Pin(%a28) : (tensor<2xcomplex<f32>>) -> memref<2xcomplex<f32>>
  %29 = stablehlo.custom_call @Pin(%a29) : (tensor<2xcomplex<f64>>) -> memref<2xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29 : memref<2xi1>, memref<2xi2>, memref<2xi4>, memref<2xi8>, memref<2xi16>, memref<2xi32>, memref<2xi64>, memref<2xui2>, memref<2xui4>, memref<2xui8>, memref<2xui16>, memref<2xui32>, memref<2xui64>, memref<2xf4E2M1FN>, memref<2xf6E2M3FN>, memref<2xf6E3M2FN>, memref<2xf8E3M4>, memref<2xf8E4M3>, memref<2xf8E4M3FN>, memref<2xf8E4M3FNUZ>, memref<2xf8E4M3B11FNUZ>, memref<2xf8E5M2>, memref<2xf8E5M2FNUZ>, memref<2xf8E8M0FNU>, memref<2xbf16>, memref<2xf16>, memref<2xf32>, memref<2xf64>, memref<2xcomplex<f32>>, memref<2xcomplex<f64>>
}

// EFFECTS-LABEL:  func.func @effects(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
// EFFECTS-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// EFFECTS-NEXT:    %1 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// EFFECTS-NEXT:    %2 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// EFFECTS-NEXT:    %3 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2xf32>
// EFFECTS-NEXT:    %4 = stablehlo.custom_call @Update(%0) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
// EFFECTS-NEXT:    %5 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// EFFECTS-NEXT:    %6 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// EFFECTS-NEXT:    %7 = stablehlo.custom_call @Unpin(%1) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// EFFECTS-NEXT:    %8 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// EFFECTS-NEXT:    %9 = stablehlo.add %5, %6 : tensor<2xf32>
// EFFECTS-NEXT:    return %9, %7, %8 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
// EFFECTS-NEXT:  }
// CHECK-LABEL:  func.func @effects(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
// CHECK-NEXT:    %0 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %1 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %2 = stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %3 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2xf32>
// CHECK-NEXT:    %4 = stablehlo.custom_call @Update(%0) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
// CHECK-NEXT:    %5 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %6 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %7 = stablehlo.custom_call @Unpin(%1) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %8 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %9 = stablehlo.custom_call @foo(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %10 = stablehlo.custom_call @unused(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %11 = stablehlo.add %5, %6 : tensor<2xf32>
// CHECK-NEXT:    return %11, %7, %9 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
// CHECK-NEXT:  }
func.func @effects(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %1 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %2 = stablehlo.custom_call @Pin(%a) {api_version = 4 : i32} : (tensor<2xf32>) -> memref<2xf32>
  %3 = stablehlo.custom_call @CreateBuffer() {api_version = 4 : i32} : () -> memref<2xf32>
  %4 = stablehlo.custom_call @Update(%0) {has_side_effect = false, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2xf32>) -> memref<2xf32>
  %5 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  %6 = stablehlo.custom_call @Unpin(%0) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  %7 = stablehlo.custom_call @Unpin(%1) {api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>
  %8 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %9 = stablehlo.custom_call @foo(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %10 = stablehlo.custom_call @unused(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %11 = stablehlo.add %5, %6 : tensor<2xf32>
  return %11, %7, %9 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
