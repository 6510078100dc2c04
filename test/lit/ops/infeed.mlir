// Round trip of stablehlo.infeed, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example: payload first, token last; infeed_config defaults to
// "" and always prints.
// CHECK-LABEL:  func.func @infeed(%arg0: !stablehlo.token) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
// CHECK-NEXT:    %0:2 = "stablehlo.infeed"(%arg0) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
// CHECK-NEXT:    %1:2 = "stablehlo.infeed"(%arg0) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
// CHECK-NEXT:    return %0#0, %1#0 : tensor<2x2xi64>, tensor<2x2xi64>
// CHECK-NEXT:  }
func.func @infeed(%token: !stablehlo.token) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
  %results0:2 = "stablehlo.infeed"(%token) {
    infeed_config = ""
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %results1:2 = "stablehlo.infeed"(%token) : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  return %results0#0, %results1#0 : tensor<2x2xi64>, tensor<2x2xi64>
}

// Upstream's layout: one array per payload result; a token alone.
// CHECK-LABEL:  func.func @infeed_layout(%arg0: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0:3 = "stablehlo.infeed"(%arg0) <{infeed_config = "config", layout = {{\[\[}}1, 0], []]}> : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<ui8>, !stablehlo.token)
// CHECK-NEXT:    %1 = "stablehlo.infeed"(%0#2) <{infeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %1 : !stablehlo.token
// CHECK-NEXT:  }
func.func @infeed_layout(%token: !stablehlo.token) -> !stablehlo.token {
  %0:3 = "stablehlo.infeed"(%token) {infeed_config = "config", layout = [[1, 0], []]} : (!stablehlo.token) -> (tensor<2x3xf32>, tensor<ui8>, !stablehlo.token)
  %1 = "stablehlo.infeed"(%0#2) : (!stablehlo.token) -> !stablehlo.token
  return %1 : !stablehlo.token
}
