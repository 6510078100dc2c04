// RUN: stablehlo-opt %s --stablehlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// scatter: loops over the scatter positions carrying the input (bufferization
// copies it if it must); the start is widened and checked against size - window
// (unsigned: a negative start is out), and only a window that fits is updated,
// element by element in window order.
// CHECK-LABEL: func.func @scatter_rows(%arg0: tensor<4x3xf32>, %arg1: tensor<2x1xi32>, %arg2: tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[R:[a-z0-9_]+]] = scf.for %[[P:[a-z0-9_]+]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %arg0) -> (tensor<4x3xf32>)
// CHECK: %[[I:[a-z0-9_]+]] = tensor.extract %arg1[%[[P]], %{{.*}}] : tensor<2x1xi32>
// CHECK: %[[WIDE:[a-z0-9_]+]] = arith.extsi %[[I]] : i32 to i64
// CHECK: %[[FITS:[a-z0-9_]+]] = arith.cmpi ule, %[[WIDE]], %c3_i64 : i64
// CHECK: %[[START:[a-z0-9_]+]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK: scf.if %[[FITS]] -> (tensor<4x3xf32>)
// CHECK: scf.for %[[W:[a-z0-9_]+]] = %{{.*}} iter_args(%[[IN:[a-z0-9_]+]] = %[[ACC]]) -> (tensor<4x3xf32>)
// CHECK: %[[COL:[a-z0-9_]+]] = arith.addi %{{.*}}, %[[W]] : index
// CHECK: %[[OLD:[a-z0-9_]+]] = tensor.extract %[[IN]][%[[START]], %[[COL]]] : tensor<4x3xf32>
// CHECK: %[[NEW:[a-z0-9_]+]] = tensor.extract %arg2[%[[P]], %[[W]]] : tensor<2x3xf32>
// CHECK: %[[SUM:[a-z0-9_]+]] = arith.addf %[[OLD]], %[[NEW]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[IN]][%[[START]], %[[COL]]] : tensor<4x3xf32>
// CHECK: } else {
// CHECK: scf.yield %[[ACC]] : tensor<4x3xf32>
// CHECK: return %[[R]] : tensor<4x3xf32>
func.func @scatter_rows(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Unsigned indices widen with zeros; i1 elements are bytes, truncated to
// compute and widened to store.
// CHECK-LABEL: func.func @scatter_unsigned_indices_of_bools(%arg0: tensor<5xi8>, %arg1: tensor<3xi8>, %arg2: tensor<3xi8>) -> tensor<5xi8>
// CHECK: %[[I:[a-z0-9_]+]] = tensor.extract %arg1[%{{.*}}] : tensor<3xi8>
// CHECK: %[[WIDE:[a-z0-9_]+]] = arith.extui %[[I]] : i8 to i64
// CHECK: arith.cmpi ule, %[[WIDE]], %c4_i64 : i64
// CHECK: scf.if
// CHECK: %[[OLD:[a-z0-9_]+]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: %[[NEW:[a-z0-9_]+]] = arith.trunci %{{.*}} : i8 to i1
// CHECK: %[[OR:[a-z0-9_]+]] = arith.ori %[[OLD]], %[[NEW]] : i1
// CHECK: %[[BYTE:[a-z0-9_]+]] = arith.extui %[[OR]] : i1 to i8
// CHECK: tensor.insert %[[BYTE]]
func.func @scatter_unsigned_indices_of_bools(%x: tensor<5xi1>, %i: tensor<3xui8>, %u: tensor<3xi1>) -> tensor<5xi1> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<5xi1>, tensor<3xui8>, tensor<3xi1>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

// A batching dimension reads the scatter position's own coordinate.
// CHECK-LABEL: func.func @scatter_batching
// CHECK: scf.for %[[B:[a-z0-9_]+]] = {{.*}} -> (tensor<3x4x2xf32>)
// CHECK: scf.for %[[P:[a-z0-9_]+]] = {{.*}} -> (tensor<3x4x2xf32>)
// CHECK: %[[I:[a-z0-9_]+]] = tensor.extract %arg1[%[[B]], %[[P]], %{{.*}}] : tensor<3x2x1xi64>
// CHECK: arith.cmpi ule, %[[I]], %c3_i64 : i64
// CHECK: %[[START:[a-z0-9_]+]] = arith.index_cast %[[I]] : i64 to index
// CHECK: scf.for %[[W:[a-z0-9_]+]] =
// CHECK: %[[COL:[a-z0-9_]+]] = arith.addi %{{.*}}, %[[W]] : index
// CHECK: %[[NEW:[a-z0-9_]+]] = tensor.extract %arg2[%[[B]], %[[P]], %[[W]]] : tensor<3x2x2xf32>
// CHECK: tensor.insert %[[NEW]] into %{{.*}}[%[[B]], %[[START]], %[[COL]]] : tensor<3x4x2xf32>
func.func @scatter_batching(%x: tensor<3x4x2xf32>, %i: tensor<3x2x1xi64>, %u: tensor<3x2x2xf32>) -> tensor<3x4x2xf32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0],
      scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<3x4x2xf32>, tensor<3x2x1xi64>, tensor<3x2x2xf32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

// A body wider than the input (C23): the input and the updates are converted.
// CHECK-LABEL: func.func @scatter_promoted
// CHECK: linalg.generic {{.*}} ins(%arg0 : tensor<4xi8>) outs(%{{.*}} : tensor<4xi32>)
// CHECK: arith.extsi %{{.*}} : i8 to i32
// CHECK: scf.for
// CHECK: %[[NEW:[a-z0-9_]+]] = tensor.extract %arg2[%{{.*}}] : tensor<2xi8>
// CHECK: %[[WIDE:[a-z0-9_]+]] = arith.extsi %[[NEW]] : i8 to i32
// CHECK: arith.addi %{{.*}}, %[[WIDE]] : i32
func.func @scatter_promoted(%x: tensor<4xi8>, %i: tensor<2x1xi32>, %u: tensor<2xi8>) -> tensor<4xi32> {
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4xi8>, tensor<2x1xi32>, tensor<2xi8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A body that is not element-wise ops fails the match and leaves nothing.
func.func @scatter_with_a_call(%x: tensor<4xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.scatter' that was explicitly marked illegal}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = func.call @plus(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @plus(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = stablehlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}

// -----

// select_and_scatter: the result filled with init_value; per source element, a
// loop over its window carries (have one, current, its index...): a position
// of the padded operand is read at a clamped index, and taken when in bounds
// and not (have and select(current, next)); then the scatter body combines the
// source element into the selected one.
// CHECK-LABEL: func.func @select_and_scatter(%arg0: tensor<4x2xi64>, %arg1: tensor<2x2xi64>, %arg2: tensor<i64>) -> tensor<4x2xi64>
// CHECK: %[[INIT:[a-z0-9_]+]] = tensor.extract %arg2[] : tensor<i64>
// CHECK: %[[FILL:[a-z0-9_]+]] = linalg.fill ins(%[[INIT]] : i64) outs(%{{.*}} : tensor<4x2xi64>)
// CHECK: scf.for %[[S0:[a-z0-9_]+]] = {{.*}} iter_args(%{{.*}} = %[[FILL]]) -> (tensor<4x2xi64>)
// CHECK: scf.for %[[S1:[a-z0-9_]+]] = {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.*}}) -> (tensor<4x2xi64>)
// CHECK: %[[SEL:[a-z0-9_]+]]:4 = scf.for %[[W0:[a-z0-9_]+]] = {{.*}} -> (i1, i64, index, index)
// CHECK: scf.for %[[W1:[a-z0-9_]+]] = {{.*}} iter_args(%[[HAVE:[a-z0-9_]+]] = %{{.*}}, %[[CUR:[a-z0-9_]+]] = %{{.*}}, %[[K0:[a-z0-9_]+]] = %{{.*}}, %[[K1:[a-z0-9_]+]] = %{{.*}}) -> (i1, i64, index, index)
// CHECK: %[[SCALED:[a-z0-9_]+]] = arith.muli %[[S0]], %c2{{.*}} : index
// CHECK: arith.addi %[[SCALED]], %[[W0]] : index
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi sle
// CHECK: %[[NEXT:[a-z0-9_]+]] = tensor.extract %arg0[%[[C0:[a-z0-9_]+]], %[[C1:[a-z0-9_]+]]] : tensor<4x2xi64>
// CHECK: %[[GE:[a-z0-9_]+]] = arith.cmpi sge, %[[CUR]], %[[NEXT]] : i64
// CHECK: %[[KEEP:[a-z0-9_]+]] = arith.andi %[[HAVE]], %[[GE]] : i1
// CHECK: %[[REPLACE:[a-z0-9_]+]] = arith.xori %[[KEEP]], %true : i1
// CHECK: %[[TAKE:[a-z0-9_]+]] = arith.andi %[[VALID:[a-z0-9_]+]], %[[REPLACE]] : i1
// CHECK: %[[HAS:[a-z0-9_]+]] = arith.ori %[[HAVE]], %[[VALID]] : i1
// CHECK: %[[V:[a-z0-9_]+]] = arith.select %[[TAKE]], %[[NEXT]], %[[CUR]] : i64
// CHECK: %[[I0:[a-z0-9_]+]] = arith.select %[[TAKE]], %[[C0]], %[[K0]] : index
// CHECK: %[[I1:[a-z0-9_]+]] = arith.select %[[TAKE]], %[[C1]], %[[K1]] : index
// CHECK: scf.yield %[[HAS]], %[[V]], %[[I0]], %[[I1]] : i1, i64, index, index
// CHECK: scf.if %[[SEL]]#0 -> (tensor<4x2xi64>)
// CHECK: %[[OLD:[a-z0-9_]+]] = tensor.extract %[[ACC]][%[[SEL]]#2, %[[SEL]]#3] : tensor<4x2xi64>
// CHECK: %[[SRC:[a-z0-9_]+]] = tensor.extract %arg1[%[[S0]], %[[S1]]] : tensor<2x2xi64>
// CHECK: %[[SUM:[a-z0-9_]+]] = arith.addi %[[OLD]], %[[SRC]] : i64
// CHECK: tensor.insert %[[SUM]] into %[[ACC]][%[[SEL]]#2, %[[SEL]]#3] : tensor<4x2xi64>
// CHECK: } else {
// CHECK: scf.yield %[[ACC]] : tensor<4x2xi64>
func.func @select_and_scatter(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// A select whose body is not element-wise ops fails the match.
func.func @select_and_scatter_with_a_call(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.select_and_scatter' that was explicitly marked illegal}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = func.call @ge(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @ge(%a: tensor<f32>, %b: tensor<f32>) -> tensor<i1> {
  %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %c : tensor<i1>
}
