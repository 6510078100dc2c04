// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-refine-arguments{types=tensor<2x}' 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not stablehlo-py opt %s --pipeline 'stablehlo-refine-arguments{shapes=tensor<2xf32>}' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: stablehlo-py opt %s --pipeline 'stablehlo-refine-arguments{types=tensor<2xf32>}' | FileCheck %s

// TYPE: 'builtin.module' op Invalid type string: tensor<2x
// OPTION: no such option shapes
// CHECK: func.func @main(%arg0: tensor<2xf32>)
func.func @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  return %arg0 : tensor<?xf32>
}
