// Round trip of stablehlo.return, the terminator of stablehlo regions: the
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// One value per reduction, types after a colon.
// CHECK-LABEL:  func.func @return_in_reduce(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> tensor<f32> {
// CHECK-NEXT:    %0:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
// CHECK-NEXT:     reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT:      stablehlo.return %arg6, %arg7 : tensor<f32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0#0 : tensor<f32>
// CHECK-NEXT:  }
func.func @return_in_reduce(%x: tensor<4xf32>, %i: tensor<4xi32>, %fx: tensor<f32>, %fi: tensor<i32>) -> tensor<f32> {
  %0:2 = stablehlo.reduce(%x init: %fx), (%i init: %fi) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>)  {
    "stablehlo.return"(%b, %d) : (tensor<f32>, tensor<i32>) -> ()
  }
  return %0#0 : tensor<f32>
}
