// Every value of every enumeration attribute, printed as
// `#stablehlo<mnemonic VALUE>` (and `#stablehlo.result_accuracy_mode<VALUE>`).
// The CHECK lines are upstream StableHLO's output (checked with jaxlib).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @comparison_direction() attributes {v0 = #stablehlo<comparison_direction EQ>, v1 = #stablehlo<comparison_direction NE>, v2 = #stablehlo<comparison_direction GE>, v3 = #stablehlo<comparison_direction GT>, v4 = #stablehlo<comparison_direction LE>, v5 = #stablehlo<comparison_direction LT>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @comparison_direction() attributes {v0 = #stablehlo<comparison_direction EQ>, v1 = #stablehlo<comparison_direction NE>, v2 = #stablehlo<comparison_direction GE>, v3 = #stablehlo<comparison_direction GT>, v4 = #stablehlo<comparison_direction LE>, v5 = #stablehlo<comparison_direction LT>} {
  return
}

// CHECK-LABEL:  func.func @comparison_type() attributes {v0 = #stablehlo<comparison_type NOTYPE>, v1 = #stablehlo<comparison_type FLOAT>, v2 = #stablehlo<comparison_type TOTALORDER>, v3 = #stablehlo<comparison_type SIGNED>, v4 = #stablehlo<comparison_type UNSIGNED>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @comparison_type() attributes {v0 = #stablehlo<comparison_type NOTYPE>, v1 = #stablehlo<comparison_type FLOAT>, v2 = #stablehlo<comparison_type TOTALORDER>, v3 = #stablehlo<comparison_type SIGNED>, v4 = #stablehlo<comparison_type UNSIGNED>} {
  return
}

// CHECK-LABEL:  func.func @precision() attributes {v0 = #stablehlo<precision DEFAULT>, v1 = #stablehlo<precision HIGH>, v2 = #stablehlo<precision HIGHEST>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @precision() attributes {v0 = #stablehlo<precision DEFAULT>, v1 = #stablehlo<precision HIGH>, v2 = #stablehlo<precision HIGHEST>} {
  return
}

// CHECK-LABEL:  func.func @fft_type() attributes {v0 = #stablehlo<fft_type FFT>, v1 = #stablehlo<fft_type IFFT>, v2 = #stablehlo<fft_type RFFT>, v3 = #stablehlo<fft_type IRFFT>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @fft_type() attributes {v0 = #stablehlo<fft_type FFT>, v1 = #stablehlo<fft_type IFFT>, v2 = #stablehlo<fft_type RFFT>, v3 = #stablehlo<fft_type IRFFT>} {
  return
}

// CHECK-LABEL:  func.func @rng_distribution() attributes {v0 = #stablehlo<rng_distribution UNIFORM>, v1 = #stablehlo<rng_distribution NORMAL>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @rng_distribution() attributes {v0 = #stablehlo<rng_distribution UNIFORM>, v1 = #stablehlo<rng_distribution NORMAL>} {
  return
}

// CHECK-LABEL:  func.func @rng_algorithm() attributes {v0 = #stablehlo<rng_algorithm DEFAULT>, v1 = #stablehlo<rng_algorithm THREE_FRY>, v2 = #stablehlo<rng_algorithm PHILOX>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @rng_algorithm() attributes {v0 = #stablehlo<rng_algorithm DEFAULT>, v1 = #stablehlo<rng_algorithm THREE_FRY>, v2 = #stablehlo<rng_algorithm PHILOX>} {
  return
}

// CHECK-LABEL:  func.func @transpose() attributes {v0 = #stablehlo<transpose TRANSPOSE_INVALID>, v1 = #stablehlo<transpose NO_TRANSPOSE>, v2 = #stablehlo<transpose TRANSPOSE>, v3 = #stablehlo<transpose ADJOINT>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @transpose() attributes {v0 = #stablehlo<transpose TRANSPOSE_INVALID>, v1 = #stablehlo<transpose NO_TRANSPOSE>, v2 = #stablehlo<transpose TRANSPOSE>, v3 = #stablehlo<transpose ADJOINT>} {
  return
}

// CHECK-LABEL:  func.func @result_accuracy_mode() attributes {v0 = #stablehlo.result_accuracy_mode<DEFAULT>, v1 = #stablehlo.result_accuracy_mode<HIGHEST>, v2 = #stablehlo.result_accuracy_mode<TOLERANCE>} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @result_accuracy_mode() attributes {v0 = #stablehlo.result_accuracy_mode<DEFAULT>, v1 = #stablehlo.result_accuracy_mode<HIGHEST>, v2 = #stablehlo.result_accuracy_mode<TOLERANCE>} {
  return
}

// Arrays of enums, as in dot_general's precision_config.
// CHECK-LABEL:  func.func @precision_config() attributes {config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @precision_config() attributes {config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]} {
  return
}
