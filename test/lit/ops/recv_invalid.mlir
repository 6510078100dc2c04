// Verifier errors of stablehlo.recv, one case per spec constraint. Its
// source_target_pairs, which upstream does not check, load as deviations
// (test/lit/deviations/accepted_collectives.mlir).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: channel_type is HOST_TO_DEVICE (3) if is_host_transfer.
func.func @recv_c1(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.recv' op C1: channel_type must be HOST_TO_DEVICE (channel_handle type = 3) when is_host_transfer is true, got type = 2}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

// C1: channel_type is DEVICE_TO_DEVICE (1) otherwise.
func.func @recv_c1b(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.recv' op C1: channel_type must be DEVICE_TO_DEVICE (channel_handle type = 1) when is_host_transfer is false, got type = 3}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

// C2: 0 < size(results).
func.func @recv_c2(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.recv' op C2: needs at least one result (the token)}}
  "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> ()
  return
}

// -----

// C3: is_empty(result[:-1]) or is_tensor(type(results[:-1])).
func.func @recv_c3(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.recv' op C3: result #0 must be a tensor (only the last result is a token), got '!stablehlo.token'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

// C4: is_token(type(results[-1])).
func.func @recv_c4(%t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.recv' op C4: the last result must be a token, got 'tensor<2xf32>'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<2xf32>, tensor<2xf32>)
  return
}
