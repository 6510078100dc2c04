// RUN: stablehlo-opt %s --stablehlo-py-widen-bool-buffers | FileCheck %s

// Buffers of i1 (MLIR's deallocation flags) become buffers of bytes: loads truncate, stores
// zero-extend, and signatures, calls and the other memref ops take the new types.
// CHECK-LABEL: func.func @flags(%arg0: memref<?xi8>, %arg1: index) -> i1
// CHECK: %[[A:.*]] = memref.alloc() : memref<2xi8>
// CHECK: %[[W:.*]] = arith.extui %true : i1 to i8
// CHECK: memref.store %[[W]], %[[A]][%arg1] : memref<2xi8>
// CHECK: %[[C:.*]] = memref.cast %[[A]] : memref<2xi8> to memref<?xi8>
// CHECK: call @helper(%[[C]]) : (memref<?xi8>) -> ()
// CHECK: %[[L:.*]] = memref.load %arg0[%arg1] : memref<?xi8>
// CHECK: %[[T:.*]] = arith.trunci %[[L]] : i8 to i1
// CHECK: memref.dealloc %[[A]] : memref<2xi8>
// CHECK: return %[[T]] : i1
// CHECK: func.func private @helper(memref<?xi8>)
func.func @flags(%m: memref<?xi1>, %i: index) -> i1 {
  %true = arith.constant true
  %a = memref.alloc() : memref<2xi1>
  memref.store %true, %a[%i] : memref<2xi1>
  %c = memref.cast %a : memref<2xi1> to memref<?xi1>
  call @helper(%c) : (memref<?xi1>) -> ()
  %v = memref.load %m[%i] : memref<?xi1>
  memref.dealloc %a : memref<2xi1>
  return %v : i1
}
func.func private @helper(%m: memref<?xi1>)
