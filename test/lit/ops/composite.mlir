// Round trip of stablehlo.composite: the CHECK lines are upstream StableHLO's output
// (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// A composite calls its decomposition (C2) with matching types (C3, C4);
// default composite_attributes ({}) and version (0) are not printed.
// CHECK-LABEL:  func.func @composite(%arg0: tensor<2x3xi64>, %arg1: !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token) {
// CHECK-NEXT:    %0 = stablehlo.composite "my_namespace.my_op" %arg0 {composite_attributes = {k = 1 : i64, s = "v"}, decomposition = @dec, version = 1 : i32} : (tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT:    %1 = stablehlo.composite "my.op" %arg0 {decomposition = @dec} : (tensor<2x3xi64>) -> tensor<2x3xi64>
// CHECK-NEXT:    %2:2 = stablehlo.composite "a.b.c$d" %0, %arg1 {decomposition = @two} : (tensor<2x3xi64>, !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token)
// CHECK-NEXT:    stablehlo.composite "my.none"  {decomposition = @none, mhlo.frontend_attributes = {a = "b"}} : () -> ()
// CHECK-NEXT:    return %1, %2#1 : tensor<2x3xi64>, !stablehlo.token
// CHECK-NEXT:  }
func.func @composite(%a: tensor<2x3xi64>, %t: !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token) {
  %0 = "stablehlo.composite"(%a) {name = "my_namespace.my_op", decomposition = @dec, composite_attributes = {k = 1 : i64, s = "v"}, version = 1 : i32} : (tensor<2x3xi64>) -> tensor<2x3xi64>
  %1 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @dec, composite_attributes = {}, version = 0 : i32} : (tensor<2x3xi64>) -> tensor<2x3xi64>
  %2:2 = stablehlo.composite "a.b.c$d" %0, %t {decomposition = @two} : (tensor<2x3xi64>, !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token)
  "stablehlo.composite"() {name = "my.none", decomposition = @none, mhlo.frontend_attributes = {a = "b"}} : () -> ()
  return %1, %2#1 : tensor<2x3xi64>, !stablehlo.token
}

// CHECK-LABEL:  func.func @dec(%arg0: tensor<2x3xi64>) -> tensor<2x3xi64> {
// CHECK-NEXT:    return %arg0 : tensor<2x3xi64>
// CHECK-NEXT:  }
func.func @dec(%a: tensor<2x3xi64>) -> tensor<2x3xi64> {
  return %a : tensor<2x3xi64>
}

// CHECK-LABEL:  func.func @two(%arg0: tensor<2x3xi64>, %arg1: !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token) {
// CHECK-NEXT:    return %arg0, %arg1 : tensor<2x3xi64>, !stablehlo.token
// CHECK-NEXT:  }
func.func @two(%a: tensor<2x3xi64>, %t: !stablehlo.token) -> (tensor<2x3xi64>, !stablehlo.token) {
  return %a, %t : tensor<2x3xi64>, !stablehlo.token
}

// CHECK-LABEL:  func.func @none() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @none() {
  return
}
