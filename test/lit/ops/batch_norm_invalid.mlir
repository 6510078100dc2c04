// Verifier errors of stablehlo.batch_norm_inference, batch_norm_training and
// batch_norm_grad, one case per spec constraint (each agrees with upstream
// on rejecting it).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// batch_norm_inference C1: 0 <= feature_index < rank(operand).
func.func @bi_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C1: feature_index 2 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference C2: operand, scale, offset, mean, variance and result have the same baseline_element_type.
func.func @bi_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C2: operand, scale, offset, mean, variance and result must have the same baseline element type; operand is 'tensor<2x3xf32>' but offset is 'tensor<3xf64>'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference C3: size(scale) = dim(operand, feature_index).
func.func @bi_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C3: size(scale) = 2 must be dim(operand, feature_index) = 3}}
  %0 = "stablehlo.batch_norm_inference"(%x, %b, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference C6: size(variance) = dim(operand, feature_index).
func.func @bi_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C6: size(variance) = 2 must be dim(operand, feature_index) = 3}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %b) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference C7: baseline_type(operand) = baseline_type(result).
func.func @bi_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C7: result must have the operand's baseline type 'tensor<2x3xf32>', got 'tensor<3x3xf32>'}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// batch_norm_training C2: operand, scale, offset, batch_mean, batch_var and output have the same baseline_element_type.
func.func @bt_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C2: operand, scale, offset, batch_mean, batch_var and output must have the same baseline element type; operand is 'tensor<2x3xf32>' but batch_mean is 'tensor<3xf16>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf32>)
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_training C5: size(batch_mean) = dim(operand, feature_index).
func.func @bt_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C5: size(batch_mean) = 2 must be dim(operand, feature_index) = 3}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training C7: baseline_type(output) = baseline_type(operand).
func.func @bt_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C7: output must have the operand's baseline type 'tensor<2x3xf32>', got 'tensor<2x4xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_grad C3: operand, grad_output and grad_operand have the same shape.
func.func @bg_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<3x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C3: grad_output must have the operand's baseline type 'tensor<2x3xf32>', got 'tensor<3x3xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_grad C4: scale, mean, variance, grad_scale and grad_offset have the same shape.
func.func @bg_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C4: scale, mean, variance, grad_scale and grad_offset must have the same shape; scale is 'tensor<3xf32>' but mean is 'tensor<2xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_grad C5: size(scale) = dim(operand, feature_index).
func.func @bg_c5(%x: tensor<2x3xf32>, %s: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C5: size(scale) = 2 must be dim(operand, feature_index) = 3}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>)
  return %x : tensor<2x3xf32>
}

// -----

// batch_norm_inference C4: size(offset) = dim(operand, feature_index).
func.func @bi_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C4: size(offset) = 2 must be dim(operand, feature_index) = 3}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %b, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_inference C5: size(mean) = dim(operand, feature_index).
func.func @bi_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_inference' op C5: size(mean) = 2 must be dim(operand, feature_index) = 3}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %b, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// batch_norm_training C1: 0 <= feature_index < rank(operand).
func.func @bt_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C1: feature_index -1 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training C3: size(scale) = dim(operand, feature_index).
func.func @bt_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C3: size(scale) = 2 must be dim(operand, feature_index) = 3}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %b, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training C4: size(offset) = dim(operand, feature_index).
func.func @bt_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C4: size(offset) = 2 must be dim(operand, feature_index) = 3}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %b) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_training C6: size(batch_var) = dim(operand, feature_index).
func.func @bt_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_training' op C6: size(batch_var) = 4 must be dim(operand, feature_index) = 3}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad C1: 0 <= feature_index < rank(operand).
func.func @bg_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C1: feature_index 5 must be in [0, 2) for operand 'tensor<2x3xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 5 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad C2: all operands and results share one baseline element type.
func.func @bg_c2(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C2: operand, scale, mean, variance, grad_output, grad_operand, grad_scale and grad_offset must have the same baseline element type; operand is 'tensor<2x3xf32>' but grad_offset is 'tensor<3xf64>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>)
  return %0#0 : tensor<2x3xf32>
}

// -----

// batch_norm_grad C3: grad_operand has the operand's shape too.
func.func @bg_c3_result(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'stablehlo.batch_norm_grad' op C3: grad_operand must have the operand's baseline type 'tensor<2x3xf32>', got 'tensor<3x2xf32>'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>, tensor<3xf32>)
  return %x : tensor<2x3xf32>
}
