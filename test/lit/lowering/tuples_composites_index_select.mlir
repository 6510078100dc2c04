// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file | FileCheck %s

// Tuples inside a function are names for their elements: none is left.
// CHECK-LABEL: func.func @tuple_elements(%arg0: tensor<4xf32>, %arg1: tensor<2xi32>) -> (tensor<2xi32>, tensor<4xf32>)
// CHECK-NEXT: return %arg1, %arg0 : tensor<2xi32>, tensor<4xf32>
func.func @tuple_elements(%x: tensor<4xf32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<4xf32>) {
  %0 = stablehlo.tuple %x, %y : tuple<tensor<4xf32>, tensor<2xi32>>
  %1 = stablehlo.tuple %0, %x : tuple<tuple<tensor<4xf32>, tensor<2xi32>>, tensor<4xf32>>
  %2 = stablehlo.get_tuple_element %1[0] : (tuple<tuple<tensor<4xf32>, tensor<2xi32>>, tensor<4xf32>>) -> tuple<tensor<4xf32>, tensor<2xi32>>
  %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<4xf32>, tensor<2xi32>>) -> tensor<2xi32>
  %4 = stablehlo.get_tuple_element %1[1] : (tuple<tuple<tensor<4xf32>, tensor<2xi32>>, tensor<4xf32>>) -> tensor<4xf32>
  return %3, %4 : tensor<2xi32>, tensor<4xf32>
}

// -----

// A composite is a call of its decomposition.
// CHECK-LABEL: func.func @composite(%arg0: tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: %[[R:.*]] = call @double(%arg0) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK-NEXT: return %[[R]]
// CHECK: func.func private @double(%arg0: tensor<4xi8>) -> tensor<4xi8>
// CHECK: arith.addi
func.func @composite(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.composite "my.double" %x {decomposition = @double} : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
func.func private @double(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.add %x, %x : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// torch_index_select is a gather of single elements along dim (batch
// dimensions paired), its unsigned indices clamped into [0, 3].
// CHECK-LABEL: func.func @torch_index_select
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x5x3xf32>)
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[J:.*]] = linalg.index 2 : index
// CHECK: %[[INDEX:.*]] = tensor.extract %arg1[%[[B]], %[[I]]] : tensor<2x5xi32>
// CHECK: %[[WIDE:.*]] = arith.extui %[[INDEX]] : i32 to i64
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[WIDE]], %c3_i64 : i64
// CHECK: %[[AT:.*]] = arith.index_cast %[[CLAMPED]] : i64 to index
// CHECK: %[[K:.*]] = arith.addi %{{.*}}, %[[J]] : index
// CHECK: tensor.extract %arg0[%[[B]], %[[AT]], %[[K]]] : tensor<2x4x3xf32>
func.func @torch_index_select(%x: tensor<2x4x3xf32>, %i: tensor<2x5xui32>) -> tensor<2x5x3xf32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x4x3xf32>, tensor<2x5xui32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}
