// Round trip of stablehlo.outfeed, which prints in the generic form as upstream
// does: the CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// The spec's example; outfeed_config defaults to "" and always prints.
// CHECK-LABEL:  func.func @outfeed(%arg0: tensor<2x2x2xi64>, %arg1: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = "stablehlo.outfeed"(%arg0, %arg1) <{outfeed_config = ""}> : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %0 : !stablehlo.token
// CHECK-NEXT:  }
func.func @outfeed(%input0: tensor<2x2x2xi64>, %token: !stablehlo.token) -> !stablehlo.token {
  %result = "stablehlo.outfeed"(%input0, %token) {
    outfeed_config = ""
  } : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  return %result : !stablehlo.token
}

// Several inputs or none.
// CHECK-LABEL:  func.func @outfeed_variadic(%arg0: tensor<f32>, %arg1: tensor<?xi1>, %arg2: !stablehlo.token) -> !stablehlo.token {
// CHECK-NEXT:    %0 = "stablehlo.outfeed"(%arg0, %arg1, %arg2) <{outfeed_config = "config"}> : (tensor<f32>, tensor<?xi1>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    %1 = "stablehlo.outfeed"(%0) <{outfeed_config = ""}> : (!stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %1 : !stablehlo.token
// CHECK-NEXT:  }
func.func @outfeed_variadic(%a: tensor<f32>, %b: tensor<?xi1>, %token: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.outfeed"(%a, %b, %token) {outfeed_config = "config"} : (tensor<f32>, tensor<?xi1>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.outfeed"(%0) : (!stablehlo.token) -> !stablehlo.token
  return %1 : !stablehlo.token
}
