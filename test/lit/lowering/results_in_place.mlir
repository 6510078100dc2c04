// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-results-in-place)' | FileCheck %s

// A result computed into the function's own buffer and copied into the out-parameter is
// computed in the out-parameter: no alloc, no copy.
// CHECK-LABEL: func.func @one(
// CHECK-SAME: %[[X:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
func.func @one(%x: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<4xf32>) outs(%a : memref<4xf32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %in : f32
    linalg.yield %s : f32
  }
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}

// One buffer returned twice: written in the first out-parameter, copied from it to the second.
// CHECK-LABEL: func.func @twice(
// CHECK-SAME: %[[X:.*]]: memref<2xf32>, %[[O1:.*]]: memref<2xf32>, %[[O2:.*]]: memref<2xf32>)
// CHECK-NOT: memref.alloc
// CHECK: memref.store {{.*}}, %[[O1]]
// CHECK: memref.copy %[[O1]], %[[O2]]
// CHECK-NEXT: return
func.func @twice(%x: memref<2xf32>, %o1: memref<2xf32>, %o2: memref<2xf32>) {
  %a = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  memref.copy %a, %o1 : memref<2xf32> to memref<2xf32>
  memref.copy %a, %o2 : memref<2xf32> to memref<2xf32>
  return
}

// Kept: an input copied out (not the function's buffer), and a buffer copied into an
// out-parameter the function also reads.
// CHECK-LABEL: func.func @kept(
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: memref.copy %arg0, %arg1
// CHECK-NEXT: memref.copy %{{.*}}, %arg2
// CHECK-NEXT: return
func.func @kept(%x: memref<2xf32>, %o1: memref<2xf32>, %o2: memref<2xf32>) {
  %b = memref.alloc() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %o2[%c0] : memref<2xf32>
  memref.store %v, %b[%c0] : memref<2xf32>
  memref.copy %x, %o1 : memref<2xf32> to memref<2xf32>
  memref.copy %b, %o2 : memref<2xf32> to memref<2xf32>
  return
}
