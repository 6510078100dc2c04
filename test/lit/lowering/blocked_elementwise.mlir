// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-blocked-elementwise{block-elements=1024})' | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-blocked-elementwise{block-elements=1024},func.func(convert-linalg-to-parallel-loops),stablehlo-py-outline-parallel-loops)' | FileCheck %s --check-prefix=POOL
// RUN: not %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-blocked-elementwise{block-elements=1000})' 2>&1 | FileCheck %s --check-prefix=BAD

// The outlining takes a block loop whatever its estimated work (4 blocks of a few ops and a
// call, which it cannot count), one block a chunk.
// POOL-LABEL: func.func @chain(
// POOL-DAG: %[[N:.*]] = arith.constant 4 : i64
// POOL-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// POOL: call @stablehlo_py_parallel_for(%{{.*}}, %{{.*}}, %[[N]], %[[ONE]])
// POOL-LABEL: func.func private @chain_parallel_0(
// POOL: call @__stablehlo_py_numpy_loop_f32

// A block length that is not a multiple of 16 is refused.
// BAD: error: stablehlo-py-blocked-elementwise: block-elements must be a positive multiple of 16

// A run of element-wise work on whole buffers with a numpy-loop call in it becomes one
// scf.parallel over blocks (marked for the thread pool); the temporaries only the run uses
// become 64-byte aligned slices of one block-sized buffer, allocated and freed in each block (a
// slice serves again once its temporary is dead: %a's for %b's would be the call's own input,
// so two slices); the argument and the result are read and written through subviews of the
// block, and the last generic writes the result's block itself (no copy). Before each op, a
// share of the next block of the argument and the result is prefetched.
// CHECK-LABEL: func.func @chain(
// CHECK-NOT: memref.alloc() : memref<4096xf32>
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK: %[[N:.*]] = arith.minsi
// CHECK: %[[T:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8192xi8>
// CHECK: memref.prefetch %arg0[%{{.*}}], read, locality<2>, data
// CHECK: memref.prefetch %arg1[%{{.*}}], write, locality<2>, data
// CHECK: %[[X:.*]] = memref.subview %arg0[%[[I]]] [%[[N]]] [1] : memref<4096xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[V0:.*]] = memref.view %[[T]][%{{.*}}][] : memref<8192xi8> to memref<1024xf32>
// CHECK: %[[TV:.*]] = memref.subview %[[V0]][0] [%[[N]]] [1]
// CHECK: linalg.generic {{.*}} ins(%[[X]] : {{.*}}) outs(%[[TV]] : {{.*}})
// CHECK: %[[S1:.*]] = arith.constant 4096 : index
// CHECK: memref.view %[[T]][%[[S1]]][]
// CHECK: call @__stablehlo_py_numpy_loop_f32
// CHECK: %[[Y:.*]] = memref.subview %arg1[%[[I]]] [%[[N]]] [1]
// CHECK: linalg.generic {{.*}} outs(%[[Y]] : {{.*}})
// CHECK-NOT: linalg.copy
// CHECK: memref.dealloc %[[T]] : memref<8192xi8>
// CHECK: } {stablehlo_py.blocks}
// CHECK-NOT: memref.dealloc
// CHECK: return
#map = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @__stablehlo_py_numpy_loop_f32(memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
func.func @chain(%arg0: memref<4096xf32>, %arg1: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4096xf32>) outs(%a : memref<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  %ca = memref.cast %a : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %b = memref.alloc() : memref<4096xf32>
  %cb = memref.cast %b : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %c = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%b, %arg0 : memref<4096xf32>, memref<4096xf32>) outs(%c : memref<4096xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.addf %in, %in2 : f32
    linalg.yield %0 : f32
  }
  memref.copy %c, %arg1 : memref<4096xf32> to memref<4096xf32>
  memref.dealloc %a : memref<4096xf32>
  memref.dealloc %b : memref<4096xf32>
  memref.dealloc %c : memref<4096xf32>
  return
}

// Ranks above 1 take the flat index: a 2-d generic on a collapsed view of each buffer.
// CHECK-LABEL: func.func @two_d(
// CHECK: scf.parallel
// CHECK: memref.collapse_shape %arg0 {{\[}}[0, 1]] : memref<64x64xf32> into memref<4096xf32>
// CHECK: linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
// CHECK: call @__stablehlo_py_numpy_loop_f32
// CHECK: } {stablehlo_py.blocks}
func.func @two_d(%arg0: memref<64x64xf32>, %arg1: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<64x64xf32>
  linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0 : memref<64x64xf32>) outs(%a : memref<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<64x64xf32> into memref<4096xf32>
  %ca = memref.cast %f : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg1 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<64x64xf32>
  return
}

// Left alone: fewer than two blocks of elements; no library call; a write into a view of part
// of a buffer (a subview's flat index is not the run's); a written argument of a function that is
// not the entry (its caller may pass overlapping buffers); a reduction between two calls ends
// the run (one op each side).
// CHECK-LABEL: func.func @small(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @small(%arg0: memref<1024xf32>, %arg1: memref<1024xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<1024xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<1024xf32>) outs(%a : memref<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  %ca = memref.cast %a : memref<1024xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg1 : memref<1024xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<1024xf32>
  return
}
// CHECK-LABEL: func.func @no_call(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @no_call(%arg0: memref<4096xf32>, %arg1: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4096xf32>) outs(%arg1 : memref<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4096xf32>) outs(%arg1 : memref<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %in : f32
    linalg.yield %0 : f32
  }
  return
}
// CHECK-LABEL: func.func @into_a_view(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @into_a_view(%arg0: memref<4096xf32>, %arg1: memref<8192xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<4096xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<4096xf32>) outs(%a : memref<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %in : f32
    linalg.yield %0 : f32
  }
  %ca = memref.cast %a : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %v = memref.subview %arg1[4096] [4096] [1] : memref<8192xf32> to memref<4096xf32, strided<[1], offset: 4096>>
  %cb = memref.cast %v : memref<4096xf32, strided<[1], offset: 4096>> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<4096xf32>
  return
}
// CHECK-LABEL: func.func private @not_the_entry(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func private @not_the_entry(%arg0: memref<4096xf32>, %arg1: memref<4096xf32>) {
  %c0_i64 = arith.constant 0 : i64
  %ca = memref.cast %arg0 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg1 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  call @__stablehlo_py_numpy_loop_f32(%cb, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  return
}
// CHECK-LABEL: func.func @split_by_a_reduction(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @split_by_a_reduction(%arg0: memref<4096xf32>, %arg1: memref<4096xf32>, %arg2: memref<f32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %ca = memref.cast %arg0 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg1 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  linalg.generic {indexing_maps = [#map, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%arg1 : memref<4096xf32>) outs(%arg2 : memref<f32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  }
  call @__stablehlo_py_numpy_loop_f32(%cb, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  return
}
