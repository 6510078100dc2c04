// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-math --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// A math function of a whole f32 tensor calls numpy's own loop for it (the
// interpreter's kernel) on the tensor's buffer viewed as one dimension: slot
// 2 * (its index in NumpyLoops.h) + 0 for f32, so exp is slot 0 and tanh 8.
// CHECK-LABEL: func.func private @__stablehlo_py_numpy_loop_f32(memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @exp_then_tanh(%arg0: tensor<4x8xf32>)
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK: %[[EXP:.*]] = arith.constant 0 : i64
// CHECK: memref.alloc() : memref<32xf32>
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[EXP]])
// CHECK: %[[TANH:.*]] = arith.constant 8 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[TANH]])
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
// PLAIN-LABEL: func.func @exp_then_tanh
// PLAIN-NOT: __stablehlo_py_numpy_loop
// PLAIN: math.exp
func.func @exp_then_tanh(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.exponential %x : tensor<4x8xf32>
  %1 = stablehlo.tanh %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// f64 takes the f64 loop (odd slots: log_plus_one is 2 * 3 + 1); f16 and
// bf16 compute in f32 and round once, as the interpreter does (cosine: 12).
// CHECK-LABEL: func.func @wide_and_narrow
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[LOG1P:.*]] = arith.constant 7 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f64(%{{.*}}, %{{.*}}, %[[LOG1P]])
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[COS:.*]] = arith.constant 12 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[COS]])
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @wide_and_narrow(%x: tensor<3xf64>, %y: tensor<5xf16>) -> (tensor<3xf64>, tensor<5xf16>) {
  %0 = stablehlo.log_plus_one %x : tensor<3xf64>
  %1 = stablehlo.cosine %y : tensor<5xf16>
  return %0, %1 : tensor<3xf64>, tensor<5xf16>
}

// -----

// A scalar stays scalar code (in a loop body it is a register, not a
// call).
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: __stablehlo_py_numpy_loop
// CHECK: math.sin
// CHECK: return
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.sine %x : tensor<f32>
  return %0 : tensor<f32>
}
