// Round trip of stablehlo.rng_bit_generator and stablehlo.rng: the CHECK
// lines are upstream StableHLO's pretty form (checked with jaxlib); results
// of rng_bit_generator are named after its outputs.
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// CHECK-LABEL:  func.func @rng_bit_generator(%arg0: tensor<2xui64>, %arg1: tensor<3xui64>) -> tensor<2x2xui64> {
// CHECK-NEXT:    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
// CHECK-NEXT:    %output_state_0, %output_1 = stablehlo.rng_bit_generator %arg1, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
// CHECK-NEXT:    %output_state_2, %output_3 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x0xi4>)
// CHECK-NEXT:    return %output : tensor<2x2xui64>
// CHECK-NEXT:  }
func.func @rng_bit_generator(%initial_state: tensor<2xui64>, %philox: tensor<3xui64>) -> tensor<2x2xui64> {
  %output_state, %output = "stablehlo.rng_bit_generator"(%initial_state) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %0:2 = stablehlo.rng_bit_generator %philox, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
  %1:2 = stablehlo.rng_bit_generator %initial_state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x0xi4>)
  return %output : tensor<2x2xui64>
}

// CHECK-LABEL:  func.func @rng(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<2xi64>) -> tensor<3x3xi32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<3> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.rng %arg0, %arg1, %c, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
// CHECK-NEXT:    %1 = stablehlo.rng %arg2, %arg2, %arg3, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK-NEXT:    return %0 : tensor<3x3xi32>
// CHECK-NEXT:  }
func.func @rng(%a: tensor<i32>, %b: tensor<i32>, %f: tensor<f32>, %s: tensor<2xi64>) -> tensor<3x3xi32> {
  %shape = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  %1 = stablehlo.rng %f, %f, %s, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<?x4xf32>
  return %0 : tensor<3x3xi32>
}
