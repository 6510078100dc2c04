// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// A tuple is its elements, flattened (1:N): a private function taking and
// returning nested tuples takes and returns their elements in order, the
// call passes them, and get_tuple_element picks the element's values.
// CHECK-LABEL: func.func @calls(%arg0: tensor<4xf32>, %arg1: tensor<2xi8>, %arg2: tensor<i8>) -> (tensor<2xi8>, tensor<i8>, tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]]:3 = call @swap(%arg0, %arg1, %arg2) : (tensor<4xf32>, tensor<2xi8>, tensor<i8>) -> (tensor<2xi8>, tensor<4xf32>, tensor<i8>)
// CHECK-NEXT: return %[[R]]#0, %[[R]]#2, %[[R]]#1 : tensor<2xi8>, tensor<i8>, tensor<4xf32>
// CHECK-LABEL: func.func private @swap(%arg0: tensor<4xf32>, %arg1: tensor<2xi8>, %arg2: tensor<i8>) -> (tensor<2xi8>, tensor<4xf32>, tensor<i8>)
// CHECK-NEXT: return %arg1, %arg0, %arg2 : tensor<2xi8>, tensor<4xf32>, tensor<i8>
func.func @calls(%x: tensor<4xf32>, %y: tensor<2xi1>, %t: !stablehlo.token) -> (tensor<2xi1>, !stablehlo.token, tensor<4xf32>) {
  %a = stablehlo.tuple %x, %y : tuple<tensor<4xf32>, tensor<2xi1>>
  %b = stablehlo.tuple %a, %t : tuple<tuple<tensor<4xf32>, tensor<2xi1>>, !stablehlo.token>
  %c = func.call @swap(%b) : (tuple<tuple<tensor<4xf32>, tensor<2xi1>>, !stablehlo.token>) -> tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>>
  %f = stablehlo.get_tuple_element %c[0] : (tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>>) -> tensor<2xi1>
  %i = stablehlo.get_tuple_element %c[1] : (tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>>) -> tuple<tensor<4xf32>, !stablehlo.token>
  %e = stablehlo.get_tuple_element %i[0] : (tuple<tensor<4xf32>, !stablehlo.token>) -> tensor<4xf32>
  %u = stablehlo.get_tuple_element %i[1] : (tuple<tensor<4xf32>, !stablehlo.token>) -> !stablehlo.token
  return %f, %u, %e : tensor<2xi1>, !stablehlo.token, tensor<4xf32>
}
func.func private @swap(%a: tuple<tuple<tensor<4xf32>, tensor<2xi1>>, !stablehlo.token>) -> tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>> {
  %i = stablehlo.get_tuple_element %a[0] : (tuple<tuple<tensor<4xf32>, tensor<2xi1>>, !stablehlo.token>) -> tuple<tensor<4xf32>, tensor<2xi1>>
  %t = stablehlo.get_tuple_element %a[1] : (tuple<tuple<tensor<4xf32>, tensor<2xi1>>, !stablehlo.token>) -> !stablehlo.token
  %x = stablehlo.get_tuple_element %i[0] : (tuple<tensor<4xf32>, tensor<2xi1>>) -> tensor<4xf32>
  %y = stablehlo.get_tuple_element %i[1] : (tuple<tensor<4xf32>, tensor<2xi1>>) -> tensor<2xi1>
  %j = stablehlo.tuple %x, %t : tuple<tensor<4xf32>, !stablehlo.token>
  %r = stablehlo.tuple %y, %j : tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>>
  return %r : tuple<tensor<2xi1>, tuple<tensor<4xf32>, !stablehlo.token>>
}

// -----

// A tuple used inside the regions of if, case and while (regions return no
// tuples: the spec's if, case and while results are tensors and tokens).
// CHECK-LABEL: func.func @regions(%arg0: tensor<i8>, %arg1: tensor<i32>, %arg2: tensor<3xcomplex<f32>>, %arg3: tensor<i64>)
// CHECK-NEXT: %[[T:.*]]:2 = call @pack(%arg2, %arg3) : (tensor<3xcomplex<f32>>, tensor<i64>) -> (tensor<3xcomplex<f32>>, tensor<i64>)
// CHECK: scf.if %{{.*}} -> (tensor<3xcomplex<f32>>)
// CHECK-NEXT: scf.yield %[[T]]#0 : tensor<3xcomplex<f32>>
// CHECK: scf.index_switch %{{.*}} -> tensor<i64>
// CHECK: scf.yield %[[T]]#1 : tensor<i64>
// CHECK: scf.while (%{{.*}} = %arg1)
// CHECK: ins(%[[T]]#1, %[[T]]#1 : tensor<i64>, tensor<i64>)
// CHECK: arith.addi %{{.*}}, %{{.*}} : i64
// CHECK-NOT: stablehlo.
func.func @regions(%p: tensor<i1>, %n: tensor<i32>, %z: tensor<3xcomplex<f32>>, %w: tensor<i64>) -> (tensor<3xcomplex<f32>>, tensor<i64>, tensor<i32>) {
  %t = func.call @pack(%z, %w) : (tensor<3xcomplex<f32>>, tensor<i64>) -> tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>
  %0 = "stablehlo.if"(%p) ({
    %e = stablehlo.get_tuple_element %t[0] : (tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>) -> tensor<3xcomplex<f32>>
    stablehlo.return %e : tensor<3xcomplex<f32>>
  }, {
    %m = stablehlo.negate %z : tensor<3xcomplex<f32>>
    stablehlo.return %m : tensor<3xcomplex<f32>>
  }) : (tensor<i1>) -> tensor<3xcomplex<f32>>
  %1 = "stablehlo.case"(%n) ({
    %i = stablehlo.get_tuple_element %t[1] : (tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
    %e = stablehlo.get_tuple_element %i[0] : (tuple<tensor<i64>>) -> tensor<i64>
    stablehlo.return %e : tensor<i64>
  }, {
    stablehlo.return %w : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  %2 = stablehlo.while(%i = %n) : tensor<i32>
    cond {
      %zero = stablehlo.constant dense<0> : tensor<i32>
      %q = stablehlo.compare GT, %i, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %in = stablehlo.get_tuple_element %t[1] : (tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
      %e = stablehlo.get_tuple_element %in[0] : (tuple<tensor<i64>>) -> tensor<i64>
      %s = stablehlo.add %e, %e : tensor<i64>
      %c = stablehlo.convert %s : (tensor<i64>) -> tensor<i32>
      %m = stablehlo.subtract %i, %c : tensor<i32>
      stablehlo.return %m : tensor<i32>
    }
  return %0, %1, %2 : tensor<3xcomplex<f32>>, tensor<i64>, tensor<i32>
}
func.func private @pack(%z: tensor<3xcomplex<f32>>, %w: tensor<i64>) -> tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>> {
  %i = stablehlo.tuple %w : tuple<tensor<i64>>
  %t = stablehlo.tuple %z, %i : tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>
  return %t : tuple<tensor<3xcomplex<f32>>, tuple<tensor<i64>>>
}

// -----

// A composite's tuple operand and result are their elements too; an empty
// tuple is no value at all.
// CHECK-LABEL: func.func @composite(%arg0: tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT: %[[R:.*]] = call @first(%arg0) : (tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT: return %[[R]] : tensor<2xi32>
// CHECK-LABEL: func.func private @first(%arg0: tensor<2xi32>) -> tensor<2xi32>
// CHECK-NEXT: return %arg0 : tensor<2xi32>
func.func @composite(%x: tensor<2xi32>) -> tensor<2xi32> {
  %e = stablehlo.tuple : tuple<>
  %t = stablehlo.tuple %x, %e : tuple<tensor<2xi32>, tuple<>>
  %0 = stablehlo.composite "my.first" %t {decomposition = @first} : (tuple<tensor<2xi32>, tuple<>>) -> tuple<tensor<2xi32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2xi32>>) -> tensor<2xi32>
  return %1 : tensor<2xi32>
}
func.func private @first(%t: tuple<tensor<2xi32>, tuple<>>) -> tuple<tensor<2xi32>> {
  %x = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xi32>, tuple<>>) -> tensor<2xi32>
  %r = stablehlo.tuple %x : tuple<tensor<2xi32>>
  return %r : tuple<tensor<2xi32>>
}

// -----

// A tuple-typed custom_call result is refused: the runtime's calls take
// tensors and tokens only (LowerRuntimeCalls.cpp).
func.func @custom_call_tuple(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.custom_call'}}
  %0 = stablehlo.custom_call @foo(%x) : (tensor<2xf32>) -> tuple<tensor<2xf32>>
  %1 = stablehlo.get_tuple_element %0[0] : (tuple<tensor<2xf32>>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A tuple holding a quantized tensor does not convert (quantized tensors do
// not lower yet): the function taking it is the error.
// expected-error @+1 {{failed to legalize operation 'func.func'}}
func.func @quantized(%t: tuple<tensor<2x!quant.uniform<i8:f32, 0.5>>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2x!quant.uniform<i8:f32, 0.5>>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5>>
}

// -----

// A tuple inside a body the patterns read as scalar code is forwarded to its
// elements first, so the body stays scalar code (not a runtime call).
// CHECK-LABEL: func.func @tuple_in_a_body
// CHECK: arith.addf
// CHECK-NOT: stablehlo.
// CHECK: return
func.func @tuple_in_a_body(%x: tensor<4xf32>, %i: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %t = stablehlo.tuple %a, %b : tuple<tensor<f32>, tensor<f32>>
    %u = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>, tensor<f32>>) -> tensor<f32>
    %s = stablehlo.add %u, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
