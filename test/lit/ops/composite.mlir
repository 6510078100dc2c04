// Round trip of stablehlo.composite: the CHECK lines are upstream StableHLO's
// pretty form (checked with jaxlib). The name comes first; default
// composite_attributes ({}) and version (0) are not printed.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @composite(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    %0 = stablehlo.composite "my_namespace.my_op" %arg0, %arg1 {composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %1 = stablehlo.composite "my_namespace.my_op" %arg0, %arg1 {decomposition = @my_op} : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %2 = stablehlo.composite "a_1.b.$c2" %arg0, %arg1 {decomposition = @my_op} : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    stablehlo.composite "my.effect"  {decomposition = @nothing} : () -> ()
// CHECK-NEXT:    return %0 : tensor<f32>
// CHECK-NEXT:  }
func.func @composite(%input0: tensor<f32>, %input1: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.composite"(%input0, %input1) {name = "my_namespace.my_op", composite_attributes = {my_attribute = "my_value"}, decomposition = @my_op, version = 1 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %1 = "stablehlo.composite"(%input0, %input1) {name = "my_namespace.my_op", composite_attributes = {}, decomposition = @my_op, version = 0 : i32} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.composite "a_1.b.$c2" %input0, %input1 {decomposition = @my_op} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  stablehlo.composite "my.effect" {decomposition = @nothing} : () -> ()
  return %0 : tensor<f32>
}

func.func @my_op(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.add %a, %b : tensor<f32>
  return %0 : tensor<f32>
}

func.func @nothing() {
  return
}

// Regions (upstream since 1.14.0; kept and printed, not run: the op means its
// decomposition).
// CHECK-LABEL:  func.func @composite_regions(%arg0: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    %0 = stablehlo.composite "my.identity" %arg0 ({
// CHECK-NEXT:    ^bb0(%arg1: tensor<f32>):
// CHECK-NEXT:      stablehlo.return %arg1 : tensor<f32>
// CHECK-NEXT:    }) {decomposition = @identity, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
func.func @composite_regions(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.composite"(%arg0) ({
    ^bb0(%arg1: tensor<f32>):
      "stablehlo.return"(%arg1) : (tensor<f32>) -> ()
  }) {name = "my.identity", decomposition = @identity, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

func.func private @identity(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}
