// Verifier errors of stablehlo.partition_id, which has no constraints beyond
// its result type, a 0-dimensional tensor of ui32; each rejected by upstream
// too.
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// Result type: a tensor of ui32.
func.func @partition_id_result_type() {
  // expected-error @+1 {{'stablehlo.partition_id' op result #0 must be 0D tensor of 32-bit unsigned integer values, but got 'tensor<i32>'}}
  %0 = stablehlo.partition_id : tensor<i32>
  return
}

// -----

// Result shape: 0-dimensional.
func.func @partition_id_result_shape() {
  // expected-error @+1 {{'stablehlo.partition_id' op result #0 must be 0D tensor of 32-bit unsigned integer values, but got 'tensor<1xui32>'}}
  %0 = stablehlo.partition_id : tensor<1xui32>
  return
}
