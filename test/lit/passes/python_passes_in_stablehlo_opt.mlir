// Upstream-style RUN lines name the Python passes as stablehlo-opt flags or in
// --pass-pipeline; stablehlo-opt hands them to stablehlo-py opt, which takes
// the same arguments and nests each pass where it runs, as mlir-opt does.
// RUN: stablehlo-opt %s --stablehlo-refine-arguments='types=tensor<4xf32>' --stablehlo-refine-shapes --stablehlo-canonicalize-dynamism | FileCheck %s
// RUN: stablehlo-opt %s '-stablehlo-refine-arguments=types=tensor<4xf32>' -stablehlo-refine-shapes -stablehlo-canonicalize-dynamism | FileCheck %s
// RUN: stablehlo-opt %s --pass-pipeline='builtin.module(stablehlo-refine-arguments{types=tensor<4xf32>},stablehlo-refine-shapes,func.func(stablehlo-canonicalize-dynamism,stablehlo-aggressive-folder))' | FileCheck %s
// RUN: stablehlo-opt %s --pass-pipeline 'builtin.module(stablehlo-refine-arguments{types=tensor<4xf32>},stablehlo-refine-shapes,func.func(stablehlo-canonicalize-dynamism))' | FileCheck %s
// RUN: not stablehlo-opt %s --pass-pipeline='builtin.module(func.func(stablehlo-refine-shapes))' 2>&1 | FileCheck %s --check-prefix=NESTED

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: stablehlo.reshape %arg0 : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: dynamic_reshape
// NESTED: Can't add pass 'stablehlo-refine-shapes' restricted to 'builtin.module'
func.func @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %n = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s = stablehlo.reshape %n : (tensor<i32>) -> tensor<1xi32>
  %0 = stablehlo.dynamic_reshape %arg0, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
