// Verifier errors of stablehlo.collective_reduce (upstream's current spec),
// one case per check: I2, C1 and C2 on replica_groups as all_reduce's (-1 pads
// groups; the bound of C2, num_replicas or num_processes, is compared at run
// time), upstream's use_global_device_ids rule, the counts and types of C3,
// the computation of C4.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// I2: replica_groups is a 2-dimensional tensor.
func.func @collective_reduce_i2(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op I2: replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C1: is_unique(replica_groups); -1 padding is no id.
func.func @collective_reduce_c1(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C1: replica_groups must be unique, but 1 appears more than once}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [1, -1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C2: 0 <= replica_groups < size(replica_groups), here 2 ids.
func.func @collective_reduce_c2(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C2: replica_groups must be in [0, size(replica_groups)) = [0, 2) (-1 pads groups and counts as no id), got 2}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C2: -1 only pads groups; other negative ids are out of range.
func.func @collective_reduce_c2_negative(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C2: replica_groups must be in [0, size(replica_groups)) = [0, 2) (-1 pads groups and counts as no id), got -2}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C2: flattened_ids groups list all num_processes (at least one) process ids.
func.func @collective_reduce_c2_flattened_empty(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C2: with use_global_device_ids (flattened_ids), replica_groups must list all num_processes process ids, got none}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<-1> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// use_global_device_ids (not in the spec's collective_reduce) needs channel_id > 0, as
// upstream checks it (all_reduce_c4); here channel_handle is absent.
func.func @collective_reduce_global_ids(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// use_global_device_ids with channel_id 0 written out.
func.func @collective_reduce_global_ids_channel_zero(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op use_global_device_ids needs a positive channel_id (the handle of channel_handle), got 0}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C3: size(operands) >= 1.
func.func @collective_reduce_c3_no_operand() {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: needs at least 1 operand, got 0}}
  "stablehlo.collective_reduce"() ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()
  return
}

// -----

// C3: with has_dynamic_root, size(operands) >= 2 (the last the roots).
func.func @collective_reduce_c3_roots_only(%roots: tensor<0xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: needs at least 2 operands (the last the roots), got 1}}
  "stablehlo.collective_reduce"(%roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<0xi32>) -> ()
  return
}

// -----

// C3: size(results) = size(operands).
func.func @collective_reduce_c3_results(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: size(results) must be size(operands) = 2, got 1}}
  %0 = "stablehlo.collective_reduce"(%a, %b) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C3: size(results) = size(operands) - 1 with has_dynamic_root.
func.func @collective_reduce_c3_results_dynamic_root(%a: tensor<4xf32>, %roots: tensor<1xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: size(results) must be size(operands) - 1 = 1, got 2}}
  %0:2 = "stablehlo.collective_reduce"(%a, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<1xi32>) -> (tensor<4xf32>, tensor<1xf32>)
  return
}

// -----

// C3: num_elements(roots) = size(operands) - 1: one root per data operand.
func.func @collective_reduce_c3_roots_count(%a: tensor<4xf32>, %roots: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: the last operand holds the roots, of type 'tensor<1xi32>', got 'tensor<2xi32>'}}
  %0 = "stablehlo.collective_reduce"(%a, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

// C3: the roots are si32.
func.func @collective_reduce_c3_roots_element(%a: tensor<4xf32>, %roots: tensor<1xi64>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: the last operand holds the roots, of type 'tensor<1xi32>', got 'tensor<1xi64>'}}
  %0 = "stablehlo.collective_reduce"(%a, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<1xi64>) -> tensor<4xf32>
  return
}

// -----

// C3: the roots are a 1-dimensional tensor (dim(roots) = 1).
func.func @collective_reduce_c3_roots_rank(%a: tensor<4xf32>, %roots: tensor<1x1xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: the last operand holds the roots, of type 'tensor<1xi32>', got 'tensor<1x1xi32>'}}
  %0 = "stablehlo.collective_reduce"(%a, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<1x1xi32>) -> tensor<4xf32>
  return
}

// -----

// C3: shape(results) = shape(operands).
func.func @collective_reduce_c3_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: result #0 'tensor<5xf32>' must have the shape of operand #0 'tensor<4xf32>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

// C3: shape(results) = shape(operands[0:size(operands)-1]), result by result.
func.func @collective_reduce_c3_shape_second(%a: tensor<4xf32>, %b: tensor<2x3xf32>, %roots: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C3: result #1 'tensor<3x2xf32>' must have the shape of operand #1 'tensor<2x3xf32>'}}
  %0:2 = "stablehlo.collective_reduce"(%a, %b, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<2x3xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<3x2xf32>)
  return
}

// -----

// C4: computation has type (tensor<E>, tensor<E>) -> (tensor<E>).
func.func @collective_reduce_c4_arity(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %x2: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C4: the computation's values are 0-dimensional.
func.func @collective_reduce_c4_rank(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<1xf32>, tensor<1xf32>) -> (tensor<1xf32>)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<1xf32>, %x1: tensor<1xf32>):
      %r = stablehlo.add %x0, %x1 : tensor<1xf32>
      stablehlo.return %r : tensor<1xf32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C4: a computation without a terminator is reported, not read.
func.func @collective_reduce_c4_no_return(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: computation must have type (tensor<E>, tensor<E>) -> (tensor<E>), got (tensor<f32>, tensor<f32>) -> ()}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C4: is_promotable(element_type(operand), E): i32 does not narrow to i8.
func.func @collective_reduce_c4_promotable(%a: tensor<4xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the computation's element type E = 'i8' must be promotable from the element type of operand 'tensor<4xi32>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<i8>, %x1: tensor<i8>):
      %r = stablehlo.add %x0, %x1 : tensor<i8>
      stablehlo.return %r : tensor<i8>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi8>
  return
}

// -----

// C4: every data operand promotes to E (here the second), the roots aside.
func.func @collective_reduce_c4_promotable_second(%a: tensor<4xf16>, %b: tensor<4xf64>, %roots: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the computation's element type E = 'f32' must be promotable from the element type of operand 'tensor<4xf64>'}}
  %0:2 = "stablehlo.collective_reduce"(%a, %b, %roots) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf16>, tensor<4xf64>, tensor<2xi32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// C4: booleans promote to booleans only.
func.func @collective_reduce_c4_boolean(%a: tensor<4xi1>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the computation's element type E = 'i8' must be promotable from the element type of operand 'tensor<4xi1>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<i8>, %x1: tensor<i8>):
      %r = stablehlo.add %x0, %x1 : tensor<i8>
      stablehlo.return %r : tensor<i8>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi1>) -> tensor<4xi8>
  return
}

// -----

// C4: a quantized operand does not promote to its expressed type.
func.func @collective_reduce_c4_quantized(%a: tensor<4x!quant.uniform<i8:f32, 0.5:2>>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the computation's element type E = 'f32' must be promotable from the element type of operand 'tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<4xf32>
  return
}

// -----

// C4: element_type(results) = E.
func.func @collective_reduce_c4_result_element(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op C4: the element type of result #0 'tensor<4xf32>' must be the computation's E = 'f64'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f64>, %x1: tensor<f64>):
      %r = stablehlo.add %x0, %x1 : tensor<f64>
      stablehlo.return %r : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// I1: per-tensor quantized tensors only (no per-axis quantization).
func.func @collective_reduce_i1_per_axis(%a: tensor<4x2x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:0}>>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op operand #0 must be variadic of ranked tensor of bool or integer or floating-point or complex type with 32-bit float or 64-bit float elements or per-tensor quantized integer values, but got 'tensor<4x2x!quant.uniform<i8:f32:1, {1.000000e-01:-1,2.000000e-01}>>'}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<!quant.uniform<i8:f32, 0.5:2>>, %x1: tensor<!quant.uniform<i8:f32, 0.5:2>>):
      %r = stablehlo.add %x0, %x1 : tensor<!quant.uniform<i8:f32, 0.5:2>>
      stablehlo.return %r : tensor<!quant.uniform<i8:f32, 0.5:2>>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:0}>>) -> tensor<4x2x!quant.uniform<i8:f32, 0.5:2>>
  return
}

// -----

// I4: has_dynamic_root is a boolean (or upstream's unit attribute).
func.func @collective_reduce_i4(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.collective_reduce' op attribute 'has_dynamic_root' failed to satisfy constraint: unit attribute or bool attribute}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x0: tensor<f32>, %x1: tensor<f32>):
      %r = stablehlo.add %x0, %x1 : tensor<f32>
      stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
