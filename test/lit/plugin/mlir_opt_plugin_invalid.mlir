// The plugin's verifiers report through stock mlir-opt, spec constraints cited.
// RUN: %mlir_opt --load-dialect-plugin=%stablehlo_plugin %s -split-input-file -verify-diagnostics

func.func @add_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
