// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --stablehlo-py-scalarize-rank-zero --canonicalize --split-input-file | FileCheck %s

// A scalar while loop: its carries are scalars, its body scalar arith; only
// the function's own tensors are read (tensor.extract) and made (from_elements).
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME: (%[[X:.*]]: tensor<f32>, %[[N:.*]]: tensor<i32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[X0:.*]] = tensor.extract %[[X]][] : tensor<f32>
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[I:.*]] = %[[ZERO]], %[[ACC:.*]] = %[[X0]]) : (i32, f32) -> (i32, f32)
// CHECK: %[[BOUND:.*]] = tensor.extract %[[N]][] : tensor<i32>
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[BOUND]] : i32
// CHECK: scf.condition(%[[LT]]) %[[I]], %[[ACC]] : i32, f32
// CHECK: ^bb0(%[[I2:.*]]: i32, %[[ACC2:.*]]: f32):
// CHECK: %[[NEXT:.*]] = arith.addi %[[I2]], %[[ONE]] : i32
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[ACC2]], %[[ACC2]] : f32
// CHECK: scf.yield %[[NEXT]], %[[SQUARE]] : i32, f32
// CHECK-NOT: linalg.generic
// CHECK-DAG: tensor.from_elements %[[LOOP]]#1 : tensor<f32>
// CHECK-DAG: tensor.from_elements %[[LOOP]]#0 : tensor<i32>
func.func @while_loop(%x: tensor<f32>, %n: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %zero, %acc = %x) : tensor<i32>, tensor<f32>
  cond {
    %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %next = stablehlo.add %i, %one : tensor<i32>
    %m = stablehlo.multiply %acc, %acc : tensor<f32>
    stablehlo.return %next, %m : tensor<i32>, tensor<f32>
  }
  return %0#1, %0#0 : tensor<f32>, tensor<i32>
}

// -----

// An if with rank-0 results yields scalars; a non-scalar result stays a tensor.
// CHECK-LABEL: func.func @if_results
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (f32, tensor<2xf32>)
// CHECK: scf.yield %{{.*}}, %{{.*}} : f32, tensor<2xf32>
// CHECK: } else {
// CHECK: scf.yield %{{.*}}, %{{.*}} : f32, tensor<2xf32>
// CHECK: tensor.from_elements %[[R]]#0 : tensor<f32>
func.func @if_results(%p: tensor<i1>, %x: tensor<f32>, %v: tensor<2xf32>) -> (tensor<f32>, tensor<2xf32>) {
  %0:2 = "stablehlo.if"(%p) ({
    %n = stablehlo.negate %x : tensor<f32>
    stablehlo.return %n, %v : tensor<f32>, tensor<2xf32>
  }, {
    %a = stablehlo.abs %x : tensor<f32>
    %w = stablehlo.negate %v : tensor<2xf32>
    stablehlo.return %a, %w : tensor<f32>, tensor<2xf32>
  }) : (tensor<i1>) -> (tensor<f32>, tensor<2xf32>)
  return %0#0, %0#1 : tensor<f32>, tensor<2xf32>
}

// -----

// Element-wise ops on rank-0 operands become scalar code, each result a
// from_elements that the next op's extract folds away.
// CHECK-LABEL: func.func @chain
// CHECK-NOT: linalg.generic
// CHECK: %[[A:.*]] = tensor.extract %{{.*}}[] : tensor<f64>
// CHECK: %[[B:.*]] = tensor.extract %{{.*}}[] : tensor<f64>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f64
// CHECK: %[[P:.*]] = arith.mulf %[[S]], %{{.*}} : f64
// CHECK: %[[T:.*]] = tensor.from_elements %[[P]] : tensor<f64>
// CHECK: return %[[T]]
func.func @chain(%a: tensor<f64>, %b: tensor<f64>) -> tensor<f64> {
  %0 = stablehlo.add %a, %b : tensor<f64>
  %1 = stablehlo.multiply %0, %a : tensor<f64>
  return %1 : tensor<f64>
}
