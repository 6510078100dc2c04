// Verifier errors of stablehlo.uniform_quantize and stablehlo.uniform_dequantize,
// one case per spec constraint, plus the operand and result types of their
// Inputs and Outputs tables.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// uniform_quantize C1: shape(operand) = shape(result).
func.func @uniform_quantize_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op C1: result shape [3] must equal the operand shape [2]}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

// uniform_quantize C2: expressed_type(result) = element_type(operand) for a float operand.
func.func @uniform_quantize_c2_float(%x: tensor<2xf16>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op C2: the expressed type of the result 'f32' must be the element type of the operand, 'f16'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

// uniform_quantize C2: expressed_type(result) = expressed_type(operand) for a quantized one.
func.func @uniform_quantize_c2_quantized(%x: tensor<2x!quant.uniform<i8:bf16, 0.5>>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op C2: the expressed type of the result 'f32' must be the expressed type of the operand, 'bf16'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2x!quant.uniform<i8:bf16, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

// uniform_quantize (I1): a tensor of floating-point or quantized type.
func.func @uniform_quantize_i1(%x: tensor<2xi32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op operand #0 must be ranked tensor of}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xi32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  return
}

// -----

// uniform_quantize (O1): the result is a quantized tensor.
func.func @uniform_quantize_o1(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op result #0 must be ranked tensor of quantized integer values}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2xi8>
  return
}

// -----

// uniform_dequantize C1: shape(operand) = shape(result).
func.func @uniform_dequantize_c1(%x: tensor<2x3x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op C1: result shape [3, 2] must equal the operand shape [2, 3]}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x3x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<3x2xf32>
  return
}

// -----

// uniform_dequantize C2: element_type(result) = expressed_type(operand).
func.func @uniform_dequantize_c2(%x: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op C2: the result element type 'f64' must be the expressed type of the operand, 'f32'}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf64>
  return
}

// -----

// uniform_dequantize (I1): a quantized tensor.
func.func @uniform_dequantize_i1(%x: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op operand #0 must be ranked tensor of quantized integer values}}
  %0 = stablehlo.uniform_dequantize %x : (tensor<2xf32>) -> tensor<2xf32>
  return
}


// -----

// The one-type form of uniform_dequantize names a quantized result, which its Outputs table
// does not allow (a float tensor).
func.func @uniform_dequantize_one_type(%q: tensor<2x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op result #0 must be ranked tensor of}}
  %0 = stablehlo.uniform_dequantize %q : tensor<2x!quant.uniform<i8:f32, 0.5>>
  return
}
