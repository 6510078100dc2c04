// RUN: stablehlo-py opt %s --pipeline "func.func(shape-legalize-to-stablehlo)" --split-input-file --verify-diagnostics

// An op that must be rewritten and cannot be fails the pass at it, as upstream's conversion does.
func.func @dim_not_constant(%x: tensor<?x3xf32>, %i: index) -> index {
  // expected-error@+1 {{failed to legalize operation 'tensor.dim' that was explicitly marked illegal: expected a constant index}}
  %0 = tensor.dim %x, %i : tensor<?x3xf32>
  return %0 : index
}

// -----

func.func @shape_type(%x: tensor<?x3xf32>) -> !shape.shape {
  // expected-error@+1 {{failed to legalize operation 'shape.shape_of' that was explicitly marked illegal: the result must be tensor<2xindex>}}
  %0 = shape.shape_of %x : tensor<?x3xf32> -> !shape.shape
  return %0 : !shape.shape
}

// -----

func.func @three_shapes(%a: tensor<2xindex>, %b: tensor<2xindex>, %c: tensor<2xindex>) -> tensor<2xindex> {
  // expected-error@+1 {{failed to legalize operation 'shape.broadcast' that was explicitly marked illegal: only two shapes are supported}}
  %0 = shape.broadcast %a, %b, %c : tensor<2xindex>, tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

func.func @constraint(%a: tensor<2xindex>, %b: tensor<2xindex>) -> !shape.witness {
  // expected-error@+1 {{failed to legalize operation 'shape.cstr_broadcastable' that was explicitly marked illegal}}
  %0 = shape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<2xindex>
  return %0 : !shape.witness
}

// -----

func.func @index_cast_i8(%a: tensor<2xindex>) -> tensor<2xi8> {
  // expected-error@+1 {{failed to legalize operation 'arith.index_cast' that was explicitly marked illegal: expected a result of index or i32 elements}}
  %0 = arith.index_cast %a : tensor<2xindex> to tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @index_operand(%n: tensor<1xindex>) -> tensor<?xi32> {
  // expected-error@+1 {{failed to legalize operation 'stablehlo.dynamic_iota' that was explicitly marked illegal: no rewrite of this op}}
  %0 = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xindex>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
