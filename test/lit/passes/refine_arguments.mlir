// RUN: stablehlo-py opt %s --split-input-file --pipeline 'stablehlo-refine-arguments{types=tensor<2x4xf32>,tensor<i32>}' | FileCheck %s
// RUN: stablehlo-py opt %s --split-input-file --pipeline 'stablehlo-refine-arguments{types=tensor<2x4xf32>,tensor<i32>},stablehlo-refine-shapes' | FileCheck %s --check-prefix=SHAPES

// The refined argument is wrapped so the body still sees the old type; an unchanged one is not.
// CHECK-LABEL: func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<i32>) -> tensor<?x4xf32>
// CHECK-NEXT: %[[SHAPE:.*]] = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
// CHECK-NEXT: %[[W:.*]] = stablehlo.custom_call @stablehlo.shape_refinement_operand_wrapper(%arg0, %[[SHAPE]]) {indices_of_shape_operands = dense<1> : tensor<1xi64>} : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK-NEXT: stablehlo.add %[[W]], %[[W]] : tensor<?x4xf32>
// SHAPES-LABEL: func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32>
// SHAPES-NOT: shape_refinement_operand_wrapper
// SHAPES: stablehlo.add %arg0, %arg0 : tensor<2x4xf32>
func.func @main(%arg0: tensor<?x4xf32>, %arg1: tensor<i32>) -> tensor<?x4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Without a @main, the module's only function is refined.
// CHECK-LABEL: func.func @only(%arg0: tensor<2x4xf32>, %arg1: tensor<i32>)
func.func @only(%arg0: tensor<?x?xf32>, %arg1: tensor<i32>) -> tensor<?x?xf32> {
  return %arg0 : tensor<?x?xf32>
}
