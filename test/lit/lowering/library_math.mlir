// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-math --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// A math function of a whole f32 tensor calls numpy's own loop for it (the
// interpreter's kernel) on the tensor's buffer viewed as one dimension: slot
// 2 * (its index in NumpyLoops.h) + 0 for f32, so log is slot 4 and tan 14.
// CHECK-LABEL: func.func private @__stablehlo_py_numpy_loop_f32(memref<?xf32, strided<[?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, i64) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @log_then_tan(%arg0: tensor<4x8xf32>)
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK: %[[LOG:.*]] = arith.constant 4 : i64
// CHECK: memref.alloc() : memref<32xf32>
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[LOG]])
// CHECK: %[[TAN:.*]] = arith.constant 14 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[TAN]])
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
// PLAIN-LABEL: func.func @log_then_tan
// PLAIN-NOT: __stablehlo_py_numpy_loop
// PLAIN: math.log
func.func @log_then_tan(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.log %x : tensor<4x8xf32>
  %1 = stablehlo.tan %0 : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// f64 takes the f64 loop (odd slots: log_plus_one is 2 * 3 + 1, exp 1); f16
// and bf16 compute in f32 and round once, as the interpreter does (cosine: 12).
// CHECK-LABEL: func.func @wide_and_narrow
// CHECK-NOT: tensor.collapse_shape
// CHECK: %[[LOG1P:.*]] = arith.constant 7 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f64(%{{.*}}, %{{.*}}, %[[LOG1P]])
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[COS:.*]] = arith.constant 12 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f32(%{{.*}}, %{{.*}}, %[[COS]])
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[EXP:.*]] = arith.constant 1 : i64
// CHECK: call @__stablehlo_py_numpy_loop_f64(%{{.*}}, %{{.*}}, %[[EXP]])
func.func @wide_and_narrow(%x: tensor<3xf64>, %y: tensor<5xf16>) -> (tensor<3xf64>, tensor<5xf16>, tensor<3xf64>) {
  %0 = stablehlo.log_plus_one %x : tensor<3xf64>
  %1 = stablehlo.cosine %y : tensor<5xf16>
  %2 = stablehlo.exponential %x : tensor<3xf64>
  return %0, %1, %2 : tensor<3xf64>, tensor<5xf16>, tensor<3xf64>
}

// -----

// A scalar stays scalar code, the function a call of numpy's loop on one
// element (no buffers: in a loop body the value is a register): f32 sine is
// slot 10, f16 computes in f32 and rounds once (log: 4), f64 tan is
// 15. f64 logistic's exp is numpy's too (slot 1; 1 / (1 + exp(-x)), the
// interpreter's).
// CHECK-LABEL: func.func private @__stablehlo_py_numpy_scalar_f32(f32, i64) -> f32
// CHECK-NOT: attributes
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: __stablehlo_py_numpy_loop
// CHECK: %[[SIN:.*]] = arith.constant 10 : i64
// CHECK: call @__stablehlo_py_numpy_scalar_f32(%{{.*}}, %[[SIN]]) : (f32, i64) -> f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: %[[LOG:.*]] = arith.constant 4 : i64
// CHECK: call @__stablehlo_py_numpy_scalar_f32(%{{.*}}, %[[LOG]])
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[TAN:.*]] = arith.constant 15 : i64
// CHECK: call @__stablehlo_py_numpy_scalar_f64(%{{.*}}, %[[TAN]]) : (f64, i64) -> f64
// CHECK: arith.negf
// CHECK: %[[EXP:.*]] = arith.constant 1 : i64
// CHECK: call @__stablehlo_py_numpy_scalar_f64(%{{.*}}, %[[EXP]])
// CHECK: arith.divf
// CHECK-NOT: math.
// CHECK: return
// PLAIN-LABEL: func.func @scalar
// PLAIN-NOT: __stablehlo_py_numpy_scalar
// PLAIN: math.sin
// PLAIN: math.log
// PLAIN: math.tan
// PLAIN: math.exp
func.func @scalar(%x: tensor<f32>, %y: tensor<f16>, %z: tensor<f64>) -> (tensor<f32>, tensor<f16>, tensor<f64>, tensor<f64>) {
  %0 = stablehlo.sine %x : tensor<f32>
  %1 = stablehlo.log %y : tensor<f16>
  %2 = stablehlo.tan %z : tensor<f64>
  %3 = stablehlo.logistic %z : tensor<f64>
  return %0, %1, %2, %3 : tensor<f32>, tensor<f16>, tensor<f64>, tensor<f64>
}

// -----

// f32 logistic's exp is ours (expF32: inline arith code, no call), with or
// without library-math.
// CHECK-LABEL: func.func @logistic_f32
// CHECK-NOT: call
// CHECK: arith.negf
// CHECK: arith.divf
// CHECK-NOT: math.
// CHECK: return
// PLAIN-LABEL: func.func @logistic_f32
// PLAIN-NOT: math.exp
// PLAIN: return
func.func @logistic_f32(%x: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.logistic %x : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// Complex expm1 is numpy's formula on the C library's real functions, which
// stay math ops (lowered to the C library's calls).
// CHECK-LABEL: func.func @complex_expm1
// CHECK-NOT: __stablehlo_py_numpy_scalar
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.expm1
// CHECK: math.exp
func.func @complex_expm1(%x: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %0 = stablehlo.exponential_minus_one %x : tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// f32 log_plus_one and exponential_minus_one are the project's own
// (ScalarMath.cpp) in the element-wise loop, no numpy loop and no math op, on
// tensors and on scalars; f16 computes in f32. log1p is f32 arith code (k by
// a shift of u's bits, one division), expm1 f64 arith code rounded once.
// f32 exponential too, in f32 arith code (the 2^n halves by shifts of i32).
// CHECK-LABEL: func.func @ours_in_f32
// CHECK-NOT: __stablehlo_py_numpy
// CHECK-NOT: math.
// CHECK: linalg.generic
// CHECK-NOT: f64
// CHECK: arith.shrsi %{{.*}} : i32
// CHECK: arith.divf %{{.*}} : f32
// CHECK: arith.sitofp %{{.*}} : i32 to f32
// CHECK: linalg.yield
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.shli %{{.*}} : i64
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: linalg.generic
// CHECK-NOT: f64
// CHECK: arith.mulf %{{.*}} : f32
// CHECK: arith.shrsi %{{.*}} : i32
// CHECK: arith.shli %{{.*}} : i32
// CHECK: linalg.yield
// CHECK-NOT: __stablehlo_py_numpy
// CHECK-NOT: math.
// CHECK: return
// PLAIN-LABEL: func.func @ours_in_f32
// PLAIN-NOT: math.
// PLAIN: return
func.func @ours_in_f32(%x: tensor<1024xf32>, %y: tensor<f16>) -> (tensor<1024xf32>, tensor<f16>, tensor<1024xf32>) {
  %0 = stablehlo.log_plus_one %x : tensor<1024xf32>
  %1 = stablehlo.exponential_minus_one %y : tensor<f16>
  %2 = stablehlo.exponential %x : tensor<1024xf32>
  return %0, %1, %2 : tensor<1024xf32>, tensor<f16>, tensor<1024xf32>
}

// -----

// f32 tanh is the project's own (ScalarMath.cpp, tanhF32): f32 arith code
// (e^2a's steps, one division) in the element-wise loop, no call, no math op.
// CHECK-LABEL: func.func @tanh_f32
// CHECK-NOT: call
// CHECK: linalg.generic
// CHECK-NOT: f64
// CHECK: arith.shli %{{.*}} : i32
// CHECK: arith.divf %{{.*}} : f32
// CHECK-NOT: math.
// CHECK: return
// PLAIN-LABEL: func.func @tanh_f32
// PLAIN-NOT: math.
// PLAIN: return
func.func @tanh_f32(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = stablehlo.tanh %x : tensor<1024xf32>
  return %0 : tensor<1024xf32>
}
