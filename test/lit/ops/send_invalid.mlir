// Verifier errors of stablehlo.send, one case per spec constraint. Its
// source_target_pairs, which upstream does not check, load as deviations
// (test/lit/deviations/accepted_collectives.mlir).
// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// C1: channel_type is DEVICE_TO_HOST (2) if is_host_transfer.
func.func @send_c1(%a: tensor<2xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.send' op C1: channel_type must be DEVICE_TO_HOST (channel_handle type = 2) when is_host_transfer is true, got type = 1}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// C1: channel_type is DEVICE_TO_DEVICE (1) otherwise.
func.func @send_c1b(%a: tensor<2xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.send' op C1: channel_type must be DEVICE_TO_DEVICE (channel_handle type = 1) when is_host_transfer is false, got type = 2}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// I3: channel_handle is required.
func.func @send_i3(%a: tensor<2xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{'stablehlo.send' op requires attribute 'channel_handle'}}
  %0 = "stablehlo.send"(%a, %t) : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}
