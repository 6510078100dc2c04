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

// A generic reading operands by row (a value per row of its trailing loops, as softmax's
// x - max and e / sum) joins a run: blocks of whole rows, 8 times block-elements (here 32 rows of
// 256), the generic on the block as [rows, 256], the row operand's values the block's rows of it.
// No prefetching in runs by rows.
// CHECK-LABEL: func.func @rows(
// CHECK: %[[STEP:.*]] = arith.constant 8192 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[STEP]]) {
// CHECK: %[[N:.*]] = arith.minsi
// CHECK-NOT: memref.prefetch
// CHECK: %[[ROW:.*]] = arith.constant 256 : index
// CHECK: %[[ROWS:.*]] = arith.divui %[[N]], %[[ROW]] : index
// CHECK: %[[FIRST:.*]] = arith.divui %[[I]], %[[ROW]] : index
// CHECK: %[[X:.*]] = memref.subview %{{.*}}[%[[I]]] [%[[N]]] [1] : memref<16384xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[X2:.*]] = memref.expand_shape %[[X]] {{\[}}[0, 1]] output_shape [%[[ROWS]], 256] : memref<?xf32, strided<[1], offset: ?>> into memref<?x256xf32, strided<[256, 1], offset: ?>>
// CHECK: %[[M:.*]] = memref.subview %arg1[%[[FIRST]]] [%[[ROWS]]] [1] : memref<64xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[T:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%[[ROWS]], 256]
// CHECK: linalg.generic {indexing_maps = [#[[MAP2:.*]], #[[MAP1:.*]], #[[MAP2]]], iterator_types = ["parallel", "parallel"]} ins(%[[X2]], %[[M]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK: arith.subf
// CHECK-NOT: memref.prefetch
// CHECK: call @__stablehlo_py_numpy_loop_f32
// CHECK: } {stablehlo_py.blocks}
// CHECK-NOT: memref.alloc() : memref<64x256xf32>
// CHECK: return
func.func @rows(%arg0: memref<64x256xf32>, %arg1: memref<64xf32>, %arg2: memref<16384xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<64x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<64x256xf32>, memref<64xf32>) outs(%a : memref<64x256xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<64x256xf32> into memref<16384xf32>
  %ca = memref.cast %f : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<64x256xf32>
  return
}

// Rows as long as 8 blocks: one row a block. Longer ones: not blocked.
// CHECK-LABEL: func.func @long_rows(
// CHECK: %[[STEP:.*]] = arith.constant 8192 : index
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%[[STEP]]) {
// CHECK: } {stablehlo_py.blocks}
// CHECK-LABEL: func.func @too_long_rows(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @long_rows(%arg0: memref<2x8192xf32>, %arg1: memref<2xf32>, %arg2: memref<16384xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<2x8192xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<2x8192xf32>, memref<2xf32>) outs(%a : memref<2x8192xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<2x8192xf32> into memref<16384xf32>
  %ca = memref.cast %f : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<2x8192xf32>
  return
}
func.func @too_long_rows(%arg0: memref<2x8208xf32>, %arg1: memref<2xf32>, %arg2: memref<16416xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<2x8208xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<2x8208xf32>, memref<2xf32>) outs(%a : memref<2x8208xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<2x8208xf32> into memref<16416xf32>
  %ca = memref.cast %f : memref<16416xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<16416xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<2x8208xf32>
  return
}

// An operand indexed by the trailing loops (a column broadcast, as layer norm's scale and
// offset) is read whole by each block's rows: (d0, d1) -> (d1) on the block as [rows, 256].
// CHECK-LABEL: func.func @by_column(
// CHECK: scf.parallel
// CHECK: %[[X2:.*]] = memref.expand_shape %{{.*}} output_shape [%{{.*}}, 256]
// CHECK: %[[T:.*]] = memref.expand_shape %{{.*}} output_shape [%{{.*}}, 256]
// CHECK: linalg.generic {indexing_maps = [#[[MAP2:.*]], #[[COL:.*]], #[[MAP2]]], iterator_types = ["parallel", "parallel"]} ins(%[[X2]], %arg1 : memref<?x256xf32, strided<[256, 1], offset: ?>>, memref<256xf32>) outs(%[[T]] : memref<?x256xf32>)
// CHECK: call @__stablehlo_py_numpy_loop_f32
// CHECK: } {stablehlo_py.blocks}
func.func @by_column(%arg0: memref<16x256xf32>, %arg1: memref<256xf32>, %arg2: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<16x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d1)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<16x256xf32>, memref<256xf32>) outs(%a : memref<16x256xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<16x256xf32> into memref<4096xf32>
  %ca = memref.cast %f : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<16x256xf32>
  return
}

// Left alone: an operand indexed by a middle loop (neither the leading nor the trailing ones),
// operands by row and by column splitting the loops differently, and a row of one element.
// CHECK-LABEL: func.func @by_middle(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @by_middle(%arg0: memref<4x16x64xf32>, %arg1: memref<16xf32>, %arg2: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<4x16x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1 : memref<4x16x64xf32>, memref<16xf32>) outs(%a : memref<4x16x64xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1, 2]] : memref<4x16x64xf32> into memref<4096xf32>
  %ca = memref.cast %f : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<4x16x64xf32>
  return
}
// CHECK-LABEL: func.func @split_differently(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @split_differently(%arg0: memref<4x16x64xf32>, %arg1: memref<4xf32>, %arg2: memref<64xf32>, %arg3: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<4x16x64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %arg1, %arg2 : memref<4x16x64xf32>, memref<4xf32>, memref<64xf32>) outs(%a : memref<4x16x64xf32>) {
  ^bb0(%in: f32, %m: f32, %c: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = arith.mulf %0, %c : f32
    linalg.yield %1 : f32
  }
  %f = memref.collapse_shape %a [[0, 1, 2]] : memref<4x16x64xf32> into memref<4096xf32>
  %ca = memref.cast %f : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg3 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<4x16x64xf32>
  return
}
// CHECK-LABEL: func.func @rows_of_one(
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @rows_of_one(%arg0: memref<4096x1xf32>, %arg1: memref<4096xf32>, %arg2: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %a = memref.alloc() : memref<4096x1xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<4096x1xf32>, memref<4096xf32>) outs(%a : memref<4096x1xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %f = memref.collapse_shape %a [[0, 1]] : memref<4096x1xf32> into memref<4096xf32>
  %ca = memref.cast %f : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cb = memref.cast %arg2 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %cb, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.dealloc %a : memref<4096x1xf32>
  return
}

// Without a library call nothing is blocked, but a generic whose result is copied into another
// buffer (a function's result into its out-parameter) writes that buffer itself: no temporary,
// no copy (softmax's division). Not when the target is read in the run, nor when the temporary
// has another use.
// CHECK-LABEL: func.func @direct(
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : memref<16x256xf32>, memref<16xf32>) outs(%arg2 : memref<16x256xf32>)
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @direct(%arg0: memref<16x256xf32>, %arg1: memref<16xf32>, %arg2: memref<16x256xf32>) attributes {llvm.emit_c_interface} {
  %a = memref.alloc() : memref<16x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<16x256xf32>, memref<16xf32>) outs(%a : memref<16x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.copy %a, %arg2 : memref<16x256xf32> to memref<16x256xf32>
  memref.dealloc %a : memref<16x256xf32>
  return
}
// CHECK-LABEL: func.func @target_read(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @target_read(%arg0: memref<16x256xf32>, %arg1: memref<16xf32>, %arg2: memref<16x256xf32>) attributes {llvm.emit_c_interface} {
  %a = memref.alloc() : memref<16x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg2, %arg1 : memref<16x256xf32>, memref<16xf32>) outs(%a : memref<16x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.copy %a, %arg2 : memref<16x256xf32> to memref<16x256xf32>
  memref.dealloc %a : memref<16x256xf32>
  return
}
// CHECK-LABEL: func.func @temporary_used_again(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @temporary_used_again(%arg0: memref<16x256xf32>, %arg1: memref<16xf32>, %arg2: memref<16x256xf32>, %arg3: memref<16x256xf32>) attributes {llvm.emit_c_interface} {
  %a = memref.alloc() : memref<16x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : memref<16x256xf32>, memref<16xf32>) outs(%a : memref<16x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.copy %a, %arg2 : memref<16x256xf32> to memref<16x256xf32>
  memref.copy %a, %arg3 : memref<16x256xf32> to memref<16x256xf32>
  memref.dealloc %a : memref<16x256xf32>
  return
}

// Row reductions join a run (softmax whole): numpy's max and the BLAS sum on each block's rows
// (as [rows, 1, 256] and [rows, 256] views) into the block's outputs, read by row after. A BLAS
// sum takes blocks of a multiple of 4 rows (32 x 256 here; OpenBLAS's gemv sums each output
// so only then), no whole-size temporary is left, and the division writes the result's block.
// CHECK-LABEL: func.func @softmax(
// CHECK: %[[STEP:.*]] = arith.constant 8192 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%[[STEP]]) {
// CHECK: %[[X:.*]] = memref.expand_shape %{{.*}} {{\[}}[0, 1, 2]] output_shape [%[[R:.*]], 1, 256] : memref<?xf32, strided<[1], offset: ?>> into memref<?x1x256xf32, strided<[256, 256, 1], offset: ?>>
// CHECK: %[[M:.*]] = memref.subview %[[MAX:.*]][%{{.*}}] [%[[R]]] [1] : memref<64xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: %[[XC:.*]] = memref.cast %[[X]]
// CHECK: %[[MC:.*]] = memref.cast %[[M]]
// CHECK: call @__stablehlo_py_numpy_reduce_f32(%[[XC]], %[[MC]], %{{.*}})
// CHECK: arith.subf
// CHECK: call @__stablehlo_py_numpy_loop_f32
// CHECK: memref.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [%{{.*}}, 256] : memref<?xf32, strided<[1]>> into memref<?x256xf32>
// CHECK: memref.subview %[[SUM:.*]][%{{.*}}] [%{{.*}}] [1] : memref<64xf32>
// CHECK: call @__stablehlo_py_blas_sum_f32
// CHECK: memref.subview %{{.*}}[%[[I]]] [%{{.*}}] [1] : memref<16384xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: arith.divf
// CHECK: } {stablehlo_py.blocks}
// CHECK-NOT: memref.copy
// CHECK-NOT: memref<64x256xf32>
// CHECK: return
func.func private @__stablehlo_py_numpy_reduce_f32(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
func.func private @__stablehlo_py_blas_sum_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
func.func @softmax(%arg0: memref<64x256xf32>, %arg1: memref<64x256xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %c22_i64 = arith.constant 22 : i64
  %x3 = memref.expand_shape %arg0 [[0], [1, 2]] output_shape [64, 1, 256] : memref<64x256xf32> into memref<64x1x256xf32>
  %cx3 = memref.cast %x3 : memref<64x1x256xf32> to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
  %max = memref.alloc() : memref<64xf32>
  %cmax = memref.cast %max : memref<64xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_reduce_f32(%cx3, %cmax, %c22_i64) : (memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %d = memref.alloc() : memref<64x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %max : memref<64x256xf32>, memref<64xf32>) outs(%d : memref<64x256xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  %df = memref.collapse_shape %d [[0, 1]] : memref<64x256xf32> into memref<16384xf32>
  %cd = memref.cast %df : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  %e = memref.alloc() : memref<16384xf32>
  %ce = memref.cast %e : memref<16384xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%cd, %ce, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %e2 = memref.expand_shape %e [[0, 1]] output_shape [64, 256] : memref<16384xf32> into memref<64x256xf32>
  %ce2 = memref.cast %e2 : memref<64x256xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %sum = memref.alloc() : memref<64xf32>
  %csum = memref.cast %sum : memref<64xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_blas_sum_f32(%ce2, %csum, %c0_i64) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %y = memref.alloc() : memref<64x256xf32>
  linalg.generic {indexing_maps = [#map2, affine_map<(d0, d1) -> (d0)>, #map2], iterator_types = ["parallel", "parallel"]} ins(%e2, %sum : memref<64x256xf32>, memref<64xf32>) outs(%y : memref<64x256xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.copy %y, %arg1 : memref<64x256xf32> to memref<64x256xf32>
  memref.dealloc %max : memref<64xf32>
  memref.dealloc %d : memref<64x256xf32>
  memref.dealloc %e : memref<16384xf32>
  memref.dealloc %sum : memref<64xf32>
  memref.dealloc %y : memref<64x256xf32>
  return
}

// Left out of the run (it ends before them): a BLAS sum of a number of rows not a multiple of 4
// (a block's outputs would not all be summed as in the whole call), and one over columns.
// CHECK-LABEL: func.func @sums_left_whole(
// CHECK: } {stablehlo_py.blocks}
// CHECK-NEXT: memref.expand_shape
// CHECK: call @__stablehlo_py_blas_sum_f32(%{{.*}}, %{{.*}}, %c0_i64)
// CHECK: call @__stablehlo_py_blas_sum_f32(%{{.*}}, %{{.*}}, %c1_i64)
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @sums_left_whole(%arg0: memref<4096xf32>, %arg1: memref<10xf32>, %arg2: memref<4096xf32>) attributes {llvm.emit_c_interface} {
  %c0_i64 = arith.constant 0 : i64
  %c1_i64 = arith.constant 1 : i64
  %ca = memref.cast %arg0 : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  %e = memref.alloc() : memref<4096xf32>
  %ce = memref.cast %e : memref<4096xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_numpy_loop_f32(%ca, %ce, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  call @__stablehlo_py_numpy_loop_f32(%ce, %ce, %c0_i64) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %rows = memref.expand_shape %e [[0, 1]] output_shape [2, 2048] : memref<4096xf32> into memref<2x2048xf32>
  %crows = memref.cast %rows : memref<2x2048xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %sum = memref.alloc() : memref<2xf32>
  %csum = memref.cast %sum : memref<2xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_blas_sum_f32(%crows, %csum, %c0_i64) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  %cols = memref.expand_shape %e [[0, 1]] output_shape [2048, 2] : memref<4096xf32> into memref<2048x2xf32>
  %ccols = memref.cast %cols : memref<2048x2xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %sum2 = memref.alloc() : memref<2xf32>
  %csum2 = memref.cast %sum2 : memref<2xf32> to memref<?xf32, strided<[?], offset: ?>>
  call @__stablehlo_py_blas_sum_f32(%ccols, %csum2, %c1_i64) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) -> ()
  memref.copy %e, %arg2 : memref<4096xf32> to memref<4096xf32>
  memref.dealloc %e : memref<4096xf32>
  memref.dealloc %sum : memref<2xf32>
  memref.dealloc %sum2 : memref<2xf32>
  return
}
