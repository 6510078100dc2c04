// Verifier errors of stablehlo.fft, one case per spec constraint (each
// rejected by upstream too).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: size(fft_length) <= rank(operand).
func.func @fft_c1(%c: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C1: fft_length [2, 2] has more entries than the operand has dimensions ('tensor<2xcomplex<f32>>')}}
  %0 = stablehlo.fft %c, type = FFT, length = [2, 2] : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

// C2: FFT and IFFT take and give complex element types.
func.func @fft_c2a(%c: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op C2: FFT needs a complex operand, got 'tensor<4xf32>'}}
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// C2: FFT keeps the complex element type.
func.func @fft_c2b(%c: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C2: FFT of 'tensor<4xcomplex<f32>>' gives element type 'complex<f32>', got 'complex<f64>'}}
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return
}

// -----

// C2: RFFT takes a floating-point operand.
func.func @fft_c2c(%c: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C2: RFFT needs an f32 or f64 operand, got 'tensor<4xcomplex<f32>>'}}
  %0 = stablehlo.fft %c, type = RFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return
}

// -----

// C2: RFFT's result is complex of the same floating-point semantics (f16 has no complex type).
func.func @fft_c2d(%c: tensor<4xf16>) {
  // expected-error @+1 {{'stablehlo.fft' op C2: RFFT needs an f32 or f64 operand, got 'tensor<4xf16>'}}
  %0 = stablehlo.fft %c, type = RFFT, length = [4] : (tensor<4xf16>) -> tensor<3xcomplex<f32>>
  return
}

// -----

// C2: IRFFT gives the floating-point type of its complex operand.
func.func @fft_c2e(%c: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C2: IRFFT of 'tensor<3xcomplex<f32>>' gives element type 'f32', got 'f64'}}
  %0 = stablehlo.fft %c, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

// C3: 1 <= size(fft_length) <= 3.
func.func @fft_c3(%c: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C3: fft_length [2, 2, 2, 2] must have 1 to 3 entries}}
  %0 = stablehlo.fft %c, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

// C3: fft_length is not empty.
func.func @fft_c3b(%c: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C3: fft_length [] must have 1 to 3 entries}}
  %0 = stablehlo.fft %c, type = FFT, length = [] : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

// C4: the real operand of RFFT ends in fft_length.
func.func @fft_c4a(%c: tensor<5xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op C4: the trailing dimensions of the real operand 'tensor<5xf32>' must be fft_length [4]}}
  %0 = stablehlo.fft %c, type = RFFT, length = [4] : (tensor<5xf32>) -> tensor<3xcomplex<f32>>
  return
}

// -----

// C4: the real result of IRFFT ends in fft_length.
func.func @fft_c4b(%c: tensor<3x3xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C4: the trailing dimensions of the real result must be fft_length [2, 4], but the operand 'tensor<3x3xcomplex<f32>>' fixes them otherwise}}
  %0 = stablehlo.fft %c, type = IRFFT, length = [2, 4] : (tensor<3x3xcomplex<f32>>) -> tensor<3x4xf32>
  return
}

// -----

// C5: RFFT's last result dimension is dim(operand, -1) / 2 + 1.
func.func @fft_c5a(%c: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op C5: result shape must be 'tensor<3xcomplex<f32>>' for RFFT with fft_length [4], got 'tensor<4xcomplex<f32>>'}}
  %0 = stablehlo.fft %c, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

// C5: IRFFT's last operand dimension is dim(result, -1) / 2 + 1.
func.func @fft_c5b(%c: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C5: the last dimension of the operand 'tensor<4xcomplex<f32>>' must be fft_length[-1] / 2 + 1 = 3}}
  %0 = stablehlo.fft %c, type = IRFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return
}

// -----

// C5: otherwise shape(result) = shape(operand).
func.func @fft_c5c(%c: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C5: result shape must be 'tensor<4xcomplex<f32>>' for FFT with fft_length [4], got 'tensor<5xcomplex<f32>>'}}
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return
}

// -----

// C4: fft_length is the shape of the real tensor of RFFT and IRFFT, so it
// cannot be negative (a negative IRFFT length aborted the process when the
// shape function built the result type).
func.func @fft_c4_negative_irfft(%c: tensor<?xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op C4: fft_length [-4] must not be negative: it is the shape of the real result}}
  %0 = stablehlo.fft %c, type = IRFFT, length = [-4] : (tensor<?xcomplex<f32>>) -> tensor<?xf32>
  return
}

// -----

func.func @fft_c4_negative_rfft(%r: tensor<?xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op C4: fft_length [-4] must not be negative: it is the shape of the real operand}}
  %0 = stablehlo.fft %r, type = RFFT, length = [-4] : (tensor<?xf32>) -> tensor<?xcomplex<f32>>
  return
}
