// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg=library-contractions --split-input-file | FileCheck %s
// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s --check-prefix=PLAIN

// A counted loop's dots of the rows of a loop-invariant tensor (lax.scan's
// x_t @ W) are one product of rows 0 .. clamp(N - 1) = 0 .. 5 before the loop
// (the interpreter's loops._stack_row_dots): one gemm call on 6 x 4 = 24 rows,
// each iteration a slice of the product at the counter (clamped to 0 .. 5).
// The plain pass keeps the dot in the loop.
// CHECK-LABEL: func.func @rows
// CHECK: tensor.extract_slice %arg0[0, 0, 0] [6, 4, 300] [1, 1, 1]
// CHECK: call @__stablehlo_py_gemm_f32
// CHECK: %[[PRODUCT:.*]] = tensor.expand_shape %{{.*}} output_shape [6, 4, 40]
// CHECK: scf.while
// CHECK: } do {
// CHECK-NOT: __stablehlo_py_gemm
// CHECK: arith.minsi %{{.*}}, %c5_i64
// CHECK-NOT: __stablehlo_py_gemm
// CHECK: tensor.extract_slice %[[PRODUCT]][%{{.*}}, %{{.*}}, %{{.*}}] [1, 4, 40] [1, 1, 1]
// CHECK: scf.yield
// PLAIN-LABEL: func.func @rows
// PLAIN: scf.while
// PLAIN: } do {
// PLAIN: linalg.generic
func.func @rows(%x: tensor<8x4x300xf32>, %w: tensor<300x40xf32>, %i0: tensor<i32>) -> tensor<4x40xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<4x40xf32>
  %r:4 = stablehlo.while(%i = %i0, %acc = %zero, %xs = %x, %ws = %w)
      : tensor<i32>, tensor<4x40xf32>, tensor<8x4x300xf32>, tensor<300x40xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.dynamic_slice %xs, %i, %c0, %c0, sizes = [1, 4, 300]
        : (tensor<8x4x300xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x300xf32>
    %xi = stablehlo.reshape %s : (tensor<1x4x300xf32>) -> tensor<4x300xf32>
    %d = stablehlo.dot_general %xi, %ws, contracting_dims = [1] x [0]
        : (tensor<4x300xf32>, tensor<300x40xf32>) -> tensor<4x40xf32>
    %acc2 = stablehlo.add %acc, %d : tensor<4x40xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %acc2, %xs, %ws : tensor<i32>, tensor<4x40xf32>, tensor<8x4x300xf32>, tensor<300x40xf32>
  }
  return %r#1 : tensor<4x40xf32>
}

// -----

// Not a counted loop (the counter steps by 2): the dot stays in the loop.
// CHECK-LABEL: func.func @step_two
// CHECK: scf.while
// CHECK: } do {
// CHECK: call @__stablehlo_py_gemm_f32
func.func @step_two(%x: tensor<8x4x300xf32>, %w: tensor<300x40xf32>, %i0: tensor<i32>) -> tensor<4x40xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<4x40xf32>
  %r:4 = stablehlo.while(%i = %i0, %acc = %zero, %xs = %x, %ws = %w)
      : tensor<i32>, tensor<4x40xf32>, tensor<8x4x300xf32>, tensor<300x40xf32>
  cond {
    %n = stablehlo.constant dense<6> : tensor<i32>
    %go = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.dynamic_slice %xs, %i, %c0, %c0, sizes = [1, 4, 300]
        : (tensor<8x4x300xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x300xf32>
    %xi = stablehlo.reshape %s : (tensor<1x4x300xf32>) -> tensor<4x300xf32>
    %d = stablehlo.dot_general %xi, %ws, contracting_dims = [1] x [0]
        : (tensor<4x300xf32>, tensor<300x40xf32>) -> tensor<4x40xf32>
    %acc2 = stablehlo.add %acc, %d : tensor<4x40xf32>
    %two = stablehlo.constant dense<2> : tensor<i32>
    %j = stablehlo.add %i, %two : tensor<i32>
    stablehlo.return %j, %acc2, %xs, %ws : tensor<i32>, tensor<4x40xf32>, tensor<8x4x300xf32>, tensor<300x40xf32>
  }
  return %r#1 : tensor<4x40xf32>
}
