// A function declaration (no body) through VHLO. In memory it comes back as
// written. Its VHLO text, though, prints the signature from the entry block's
// arguments, which a declaration does not have: `vhlo.func_v1 @decl() ->
// (...)`, with the argument types only in the generic form's function_type
// (legalize_to_vhlo.mlir). Parsing that text rebuilds function_type from
// the printed signature, so the declaration loses its arguments: silently
// (TEXT), or with an error where a call or arg_attrs no longer fit (CALL).
// Upstream (jaxlib, StableHLO 1.17) prints, parses and fails the same way;
// this file checks that behaviour, which is a bug shared with upstream.
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | not stablehlo-opt --split-input-file --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: stablehlo-opt %s --split-input-file --stablehlo-legalize-to-vhlo | not stablehlo-opt --split-input-file --vhlo-legalize-to-stablehlo 2>&1 | FileCheck %s --check-prefix=CALL

// CHECK-LABEL:  func.func private @decl(tensor<2xf32>, tensor<3xi32>) -> tensor<2xf32>
// TEXT:  func.func private @decl() -> tensor<2xf32>
func.func private @decl(%a: tensor<2xf32>, %b: tensor<3xi32>) -> tensor<2xf32>

// -----

// CHECK-LABEL:  func.func private @callee(tensor<2xf32>) -> tensor<2xf32>
// CHECK-LABEL:  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %0 = call @callee(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0 : tensor<2xf32>
// CHECK-NEXT:  }
// CALL: error: 'func.call' op incorrect number of operands for callee
func.func private @callee(%a: tensor<2xf32>) -> tensor<2xf32>
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @callee(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL:  func.func private @with_arg_attrs(tensor<2xf32> {jax.arg = "x"}) -> tensor<2xf32>
// CALL: error: 'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 0
func.func private @with_arg_attrs(%a: tensor<2xf32> {jax.arg = "x"}) -> tensor<2xf32>
