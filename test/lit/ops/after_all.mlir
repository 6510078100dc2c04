// Round trip of stablehlo.after_all: the CHECK lines are upstream StableHLO's output
// (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// after_all joins tokens; with no inputs it is a fresh token, as is the
// legacy create_token.
// CHECK-LABEL:  func.func @after_all(%arg0: !stablehlo.token, %arg1: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT:    %1 = stablehlo.after_all %0, %arg0, %arg1 {mhlo.x = 1 : i32} : !stablehlo.token
// CHECK-NEXT:    %2 = stablehlo.after_all %1 : !stablehlo.token
// CHECK-NEXT:    %3 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %4 = stablehlo.after_all %2, %3 : !stablehlo.token
// CHECK-NEXT:    return %4 : !stablehlo.token
// CHECK-NEXT:  }
func.func @after_all(%t0: !stablehlo.token, %t1: !stablehlo.token) -> !stablehlo.token {
  %t = "stablehlo.create_token"() : () -> !stablehlo.token
  %0 = "stablehlo.after_all"(%t, %t0, %t1) {mhlo.x = 1 : i32} : (!stablehlo.token, !stablehlo.token, !stablehlo.token) -> !stablehlo.token
  %1 = stablehlo.after_all %0 : !stablehlo.token
  %2 = stablehlo.after_all : !stablehlo.token
  %3 = stablehlo.after_all %1, %2 : !stablehlo.token
  return %3 : !stablehlo.token
}
