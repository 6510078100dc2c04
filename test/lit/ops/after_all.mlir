// Round trip of stablehlo.after_all and the legacy stablehlo.create_token:
// the CHECK lines are upstream StableHLO's pretty form (checked with jaxlib);
// an after_all without inputs keeps upstream's two spaces.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @tokens(%arg0: !stablehlo.token, %arg1: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = stablehlo.after_all %arg0, %arg1 : !stablehlo.token
// CHECK-NEXT:    %1 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %2 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT:    %3 = stablehlo.after_all %0, %1, %2 : !stablehlo.token
// CHECK-NEXT:    return %3 : !stablehlo.token
// CHECK-NEXT:  }
func.func @tokens(%input0: !stablehlo.token, %input1: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.after_all"(%input0, %input1) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %1 = stablehlo.after_all : !stablehlo.token
  %2 = "stablehlo.create_token"() : () -> !stablehlo.token
  %3 = stablehlo.after_all %0, %1, %2 : !stablehlo.token
  return %3 : !stablehlo.token
}
