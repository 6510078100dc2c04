// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s

// The small floats (f8, f6, f4) are held as their bits: widened to f32 with integer ops, the op
// in f32, rounded back with integer ops; no extf or truncf on a type LLVM does not have.
// CHECK-LABEL: func.func @add_f8(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> tensor<4xi8>
// CHECK: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK: arith.extui %[[X]] : i8 to i32
// CHECK: %[[WX:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: arith.extui %[[Y]] : i8 to i32
// CHECK: %[[WY:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WX]], %[[WY]] : f32
// CHECK: arith.bitcast %[[SUM]] : f32 to i32
// CHECK: %[[R:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT: linalg.yield %[[R]] : i8
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
func.func @add_f8(%x: tensor<4xf8E4M3FN>, %y: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  %0 = stablehlo.add %x, %y : tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

// f4 is held one per byte, as ml_dtypes holds it, and computed in 4 bits: negate flips the sign.
// CHECK-LABEL: func.func @negate_f4(%arg0: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[B:.*]] = arith.trunci %in : i8 to i4
// CHECK: %[[N:.*]] = arith.xori %[[B]], %c-8_i4 : i4
// CHECK: %[[S:.*]] = arith.extui %[[N]] : i4 to i8
// CHECK: linalg.yield %[[S]] : i8
func.func @negate_f4(%x: tensor<4xf4E2M1FN>) -> tensor<4xf4E2M1FN> {
  %0 = stablehlo.negate %x : tensor<4xf4E2M1FN>
  return %0 : tensor<4xf4E2M1FN>
}

// -----

// Constants keep their bits: f8E5M2 1.0, -2.0, inf are 0x3C, 0xC0, 0x7C; f4E2M1FN -0.0 and
// 6.0 are 0x8 and 0x7, each in a byte.
// CHECK-LABEL: func.func @constants() -> (tensor<3xi8>, tensor<2xi8>)
// CHECK: arith.constant dense<[60, -64, 124]> : tensor<3xi8>
// CHECK: arith.constant dense<[8, 7]> : tensor<2xi8>
func.func @constants() -> (tensor<3xf8E5M2>, tensor<2xf4E2M1FN>) {
  %0 = stablehlo.constant dense<[1.0, -2.0, 0x7C]> : tensor<3xf8E5M2>
  %1 = stablehlo.constant dense<[-0.0, 6.0]> : tensor<2xf4E2M1FN>
  return %0, %1 : tensor<3xf8E5M2>, tensor<2xf4E2M1FN>
}

// -----

// Products accumulate in f32, rounded once into the bits at the end.
// CHECK-LABEL: func.func @dot(%arg0: tensor<2x3xi8>, %arg1: tensor<3xi8>) -> tensor<2xi8>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<2xf32>) -> tensor<2xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<2x3xi8>, tensor<3xi8>) outs(%[[INIT]] : tensor<2xf32>)
// CHECK: ^bb0(%{{.*}}: i8, %{{.*}}: i8, %[[ACC:.*]]: f32):
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: %[[A:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK: linalg.yield %[[A]] : f32
// CHECK: linalg.generic {{.*}} ins(%[[SUM]] : tensor<2xf32>) outs(%{{.*}} : tensor<2xi8>)
// CHECK: ^bb0(%[[V:.*]]: f32, %{{.*}}: i8):
// CHECK: arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[R:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK-NEXT: linalg.yield %[[R]] : i8
func.func @dot(%x: tensor<2x3xf8E5M2>, %y: tensor<3xf8E5M2>) -> tensor<2xf8E5M2> {
  %0 = stablehlo.dot %x, %y : (tensor<2x3xf8E5M2>, tensor<3xf8E5M2>) -> tensor<2xf8E5M2>
  return %0 : tensor<2xf8E5M2>
}
