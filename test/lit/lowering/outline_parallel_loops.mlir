// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-outline-parallel-loops{min-ops-per-access=0})' | FileCheck %s
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin --load-pass-plugin=%stablehlo_plugin %s --pass-pipeline='builtin.module(stablehlo-py-outline-parallel-loops)' | FileCheck %s --check-prefix=DEFAULT

// By default a loop must also compute: 8 computing ops (results other than indices and buffers)
// per memory access or more. @large (a load, a product, a store) is bound by memory bandwidth
// and stays; @heavy (16 products and sums per element) runs on threads.
// DEFAULT-LABEL: func.func @large
// DEFAULT: scf.parallel
// DEFAULT-LABEL: func.func @heavy
// DEFAULT: call @stablehlo_py_parallel_for
// DEFAULT-NOT: scf.parallel
// DEFAULT: return

// A large parallel loop becomes a call of the runtime's thread pool on a function running the
// iterations [begin, end): the values it uses travel in an LLVM struct on the caller's stack
// (memrefs as their descriptors), constants are copied in.
// CHECK-LABEL: func.func private @stablehlo_py_parallel_for((!llvm.ptr, i64, i64) -> (), !llvm.ptr, i64, i64)
// CHECK-LABEL: func.func @large
// CHECK: %[[SLOT:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, f32, struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>)>
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<1048576xf32> to !llvm.struct
// CHECK: llvm.insertvalue %[[X]], %{{.*}}[0]
// CHECK: llvm.insertvalue %arg2, %{{.*}}[1]
// CHECK: llvm.store %{{.*}}, %[[SLOT]]
// CHECK: %[[F:.*]] = constant @large_parallel_0 : (!llvm.ptr, i64, i64) -> ()
// CHECK-DAG: %[[N:.*]] = arith.constant 1048576 : i64
// CHECK-DAG: %[[CHUNK:.*]] = arith.constant 8192 : i64
// CHECK: call @stablehlo_py_parallel_for(%[[F]], %[[SLOT]], %[[N]], %[[CHUNK]])
// CHECK-NOT: scf.parallel
// CHECK: return
// CHECK-LABEL: func.func private @large_parallel_0(%arg0: !llvm.ptr, %arg1: i64, %arg2: i64)
// CHECK: %[[C:.*]] = llvm.load %arg0
// CHECK: %[[IN:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<1048576xf32>
// CHECK: %[[S:.*]] = llvm.extractvalue %[[C]][1]
// CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<1048576xf32>
// CHECK: %[[B:.*]] = arith.index_cast %arg1 : i64 to index
// CHECK: %[[E:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK: scf.for %[[I:.*]] = %[[B]] to %[[E]]
// CHECK: memref.load %[[IN]]
// CHECK: arith.mulf %{{.*}}, %[[S]]
// CHECK: memref.store %{{.*}}, %[[OUT]]
func.func @large(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1048576 = arith.constant 1048576 : index
  scf.parallel (%i) = (%c0) to (%c1048576) step (%c1) {
    %v = memref.load %x[%i] : memref<1048576xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %y[%i] : memref<1048576xf32>
    scf.reduce
  }
  return
}

func.func @heavy(%x: memref<1048576xf32>, %y: memref<1048576xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1048576 = arith.constant 1048576 : index
  scf.parallel (%i) = (%c0) to (%c1048576) step (%c1) {
    %v = memref.load %x[%i] : memref<1048576xf32>
    %a = arith.mulf %v, %v : f32
    %b = arith.addf %a, %v : f32
    %c = arith.mulf %b, %a : f32
    %d = arith.addf %c, %b : f32
    %e = arith.mulf %d, %c : f32
    %f = arith.addf %e, %d : f32
    %g = arith.mulf %f, %e : f32
    %h = arith.addf %g, %f : f32
    %j = arith.mulf %h, %g : f32
    %k = arith.addf %j, %h : f32
    %l = arith.mulf %k, %j : f32
    %m = arith.addf %l, %k : f32
    %n = arith.mulf %m, %l : f32
    %o = arith.addf %n, %m : f32
    %q = arith.mulf %o, %n : f32
    %r = arith.addf %q, %o : f32
    memref.store %r, %y[%i] : memref<1048576xf32>
    scf.reduce
  }
  return
}

// Two dimensions of 8 x 16 iterations, each a reduction loop of 4096 steps: both split (the
// fewest leading dimensions giving 64 iterations); the chunk [begin, end) of the 128 runs by rows
// of the last dimension: a loop over the rows it touches, in each a loop over the row's part of
// [begin, end), whose induction variable is the last index (LLVM vectorizes such a loop; a
// remainder of the linear index made an operand read by column a gather). The reduction stays
// whole inside an iteration (the single-thread order).
// CHECK-LABEL: func.func @nest
// CHECK: call @stablehlo_py_parallel_for(%{{.*}}, %{{.*}}, %c128_i64, %c64_i64)
// CHECK-LABEL: func.func private @nest_parallel_0
// CHECK: %[[B:.*]] = arith.index_cast %arg1 : i64 to index
// CHECK: %[[E:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK: %[[FIRST:.*]] = arith.divui %[[B]], %[[C16:.*]] : index
// CHECK: %[[LAST:.*]] = arith.ceildivui %[[E]], %[[C16]] : index
// CHECK: scf.for %[[ROW:.*]] = %[[FIRST]] to %[[LAST]] step
// CHECK-NOT: arith.remui
// CHECK: %[[START:.*]] = arith.muli %[[ROW]], %[[C16]] : index
// CHECK: %[[STOP:.*]] = arith.addi %[[START]], %[[C16]] : index
// CHECK: %[[LO:.*]] = arith.maxui %[[B]], %[[START]] : index
// CHECK: %[[FROM:.*]] = arith.subi %[[LO]], %[[START]] : index
// CHECK: %[[HI:.*]] = arith.minui %[[E]], %[[STOP]] : index
// CHECK: %[[TO:.*]] = arith.subi %[[HI]], %[[START]] : index
// CHECK: scf.for %[[J:.*]] = %[[FROM]] to %[[TO]] step
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4096
// CHECK: memref.store
func.func @nest(%x: memref<8x16x4096xf32>, %y: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c16) step (%c1, %c1) {
    %sum = scf.for %k = %c0 to %c4096 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %x[%i, %j, %k] : memref<8x16x4096xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    memref.store %sum, %y[%i, %j] : memref<8x16xf32>
    scf.reduce
  }
  return
}

// Three dimensions of 2 x 3 x 1000, all split: the two leading indices come from the row's
// number, the last from the loop in the row.
// CHECK-LABEL: func.func private @deep_parallel_0
// CHECK: arith.ceildivui %{{.*}}, %[[C1000:.*]] : index
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[J:.*]] = arith.remui %[[ROW]], %[[C3:.*]] : index
// CHECK: %[[I:.*]] = arith.divui %[[ROW]], %[[C3]] : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[KS:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK: %[[KI:.*]] = arith.addi %{{.*}}, %[[KS]] : index
// CHECK: memref.load %{{.*}}[%[[KI]]] : memref<1000xf32>
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %[[KI]]] : memref<2x3x1000xf32>
func.func @deep(%x: memref<2x3x1000xf32>, %s: memref<1000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c1000 = arith.constant 1000 : index
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c2, %c3, %c1000) step (%c1, %c1, %c1) {
    %v = memref.load %s[%k] : memref<1000xf32>
    %a = arith.mulf %v, %v : f32
    %b = arith.mulf %a, %a : f32
    %c = arith.mulf %b, %b : f32
    %d = arith.mulf %c, %c : f32
    %e = arith.mulf %d, %d : f32
    %f = arith.mulf %e, %e : f32
    %g = arith.mulf %f, %f : f32
    %h = arith.mulf %g, %g : f32
    %l = arith.mulf %h, %h : f32
    %m = arith.mulf %l, %l : f32
    %n = arith.mulf %m, %m : f32
    %o = arith.mulf %n, %n : f32
    %q = arith.mulf %o, %o : f32
    %r = arith.mulf %q, %q : f32
    %t = arith.mulf %r, %r : f32
    %u = arith.mulf %t, %t : f32
    %w = arith.mulf %u, %u : f32
    %y = arith.mulf %w, %w : f32
    %z = arith.mulf %y, %y : f32
    %zz = arith.mulf %z, %z : f32
    memref.store %zz, %x[%i, %j, %k] : memref<2x3x1000xf32>
    scf.reduce
  }
  return
}

// A split over the leading dimension only: the inner dimension stays a parallel loop inside.
// CHECK-LABEL: func.func private @rows_parallel_0
// CHECK: scf.for
// CHECK: scf.parallel (%{{.*}}) = (%c0{{.*}}) to (%c4096{{.*}})
func.func @rows(%x: memref<256x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c256, %c4096) step (%c1, %c1) {
    memref.store %one, %x[%i, %j] : memref<256x4096xf32>
    scf.reduce
  }
  return
}

// Too little work for threads: the loop stays.
// CHECK-LABEL: func.func @small
// CHECK: scf.parallel
// CHECK-NOT: stablehlo_py_parallel_for
func.func @small(%x: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    memref.store %one, %x[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}

// Iterations writing one element (a store not indexed by the induction variable), a function
// call, or bounds known only at run time: the loop stays.
// CHECK-LABEL: func.func @shared_element
// CHECK: scf.parallel
// CHECK-NOT: stablehlo_py_parallel_for
func.func @shared_element(%x: memref<1048576xf32>, %y: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1048576 = arith.constant 1048576 : index
  scf.parallel (%i) = (%c0) to (%c1048576) step (%c1) {
    %v = memref.load %x[%i] : memref<1048576xf32>
    memref.store %v, %y[%c0] : memref<1xf32>
    scf.reduce
  }
  return
}
// CHECK-LABEL: func.func @calls
// CHECK: scf.parallel
// CHECK-NOT: stablehlo_py_parallel_for
func.func @calls(%x: memref<1048576xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1048576 = arith.constant 1048576 : index
  scf.parallel (%i) = (%c0) to (%c1048576) step (%c1) {
    %v = func.call @callback(%i) : (index) -> f32
    memref.store %v, %x[%i] : memref<1048576xf32>
    scf.reduce
  }
  return
}
func.func private @callback(index) -> f32
// CHECK-LABEL: func.func @dynamic
// CHECK: scf.parallel
// CHECK-NOT: stablehlo_py_parallel_for
func.func @dynamic(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %x[%i] : memref<?xf32>
    scf.reduce
  }
  return
}
