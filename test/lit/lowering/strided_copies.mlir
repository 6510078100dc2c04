// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-strided-copies-to-linalg)' | FileCheck %s

// A copy into a strided view (the interior a pad writes) becomes linalg.copy, which
// convert-linalg-to-loops lowers to a loop nest rather than memrefCopy's element-at-a-time walk.
// CHECK-LABEL: func.func @into_interior
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%arg0 : memref<2x4xf32>) outs(%[[VIEW]] : memref<2x4xf32, strided<[6, 1], offset: 7>>)
func.func @into_interior(%arg0: memref<2x4xf32>, %arg1: memref<4x6xf32>) {
  %view = memref.subview %arg1[1, 1] [2, 4] [1, 1] : memref<4x6xf32> to memref<2x4xf32, strided<[6, 1], offset: 7>>
  memref.copy %arg0, %view : memref<2x4xf32> to memref<2x4xf32, strided<[6, 1], offset: 7>>
  return
}

// A strided source too.
// CHECK-LABEL: func.func @from_columns
// CHECK: linalg.copy
func.func @from_columns(%arg0: memref<4x6xf32>, %arg1: memref<4x2xf32>) {
  %view = memref.subview %arg0[0, 2] [4, 2] [1, 1] : memref<4x6xf32> to memref<4x2xf32, strided<[6, 1], offset: 2>>
  memref.copy %view, %arg1 : memref<4x2xf32, strided<[6, 1], offset: 2>> to memref<4x2xf32>
  return
}

// Contiguous buffers (identity layouts, or a static contiguous view such as leading rows) keep
// memref.copy: MLIR copies them with memcpy. So do rank-0 buffers.
// CHECK-LABEL: func.func @contiguous
// CHECK-COUNT-3: memref.copy
// CHECK-NOT: linalg.copy
// CHECK: return
func.func @contiguous(%arg0: memref<2x6xf32>, %arg1: memref<4x6xf32>, %arg2: memref<?x6xf32>, %arg3: memref<?x6xf32>, %arg4: memref<f32>, %arg5: memref<f32>) {
  %rows = memref.subview %arg1[2, 0] [2, 6] [1, 1] : memref<4x6xf32> to memref<2x6xf32, strided<[6, 1], offset: 12>>
  memref.copy %arg0, %rows : memref<2x6xf32> to memref<2x6xf32, strided<[6, 1], offset: 12>>
  memref.copy %arg2, %arg3 : memref<?x6xf32> to memref<?x6xf32>
  memref.copy %arg4, %arg5 : memref<f32> to memref<f32>
  return
}
