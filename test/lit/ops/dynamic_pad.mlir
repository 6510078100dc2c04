// Round trip of stablehlo.dynamic_pad: the CHECK lines are upstream StableHLO's
// printed form (checked with jaxlib by test/python/dialect/test_dynamism_ops_parity.py).
// RUN: stablehlo-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: stablehlo-opt %s --mlir-print-op-generic | stablehlo-opt | FileCheck %s --match-full-lines --strict-whitespace

// Paddings as arguments: the result sizes are known at run time.
// CHECK-LABEL:  func.func @dynamic_pad(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>, %arg2: tensor<2xi64>, %arg3: tensor<2xi64>, %arg4: tensor<2xi64>) -> tensor<?x?xi32> {
// CHECK-NEXT:    %0 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg3, %arg4 : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg3, %arg4 : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi32>
// CHECK-NEXT:    return %0 : tensor<?x?xi32>
// CHECK-NEXT:  }
func.func @dynamic_pad(%operand: tensor<2x3xi32>, %value: tensor<i32>, %low: tensor<2xi64>, %high: tensor<2xi64>, %interior: tensor<2xi64>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %high, %interior : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  %1 = stablehlo.dynamic_pad %operand, %value, %low, %high, %interior : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi32>
  return %0 : tensor<?x?xi32>
}

// Constant paddings are checked like pad's attributes: the spec example of
// pad, negative edge padding as i32.
// CHECK-LABEL:  func.func @dynamic_pad_constant(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>) -> tensor<5x9xi32> {
// CHECK-NEXT:    %c = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
// CHECK-NEXT:    %c_0 = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
// CHECK-NEXT:    %c_1 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.dynamic_pad %arg0, %arg1, %c, %c_0, %c_1 : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi32>
// CHECK-NEXT:    %c_2 = stablehlo.constant dense<[-1, 0]> : tensor<2xi32>
// CHECK-NEXT:    %c_3 = stablehlo.constant dense<[0, -2]> : tensor<2xi32>
// CHECK-NEXT:    %c_4 = stablehlo.constant dense<0> : tensor<2xi32>
// CHECK-NEXT:    %1 = stablehlo.dynamic_pad %arg0, %arg1, %c_2, %c_3, %c_4 : (tensor<2x3xi32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x1xi32>
// CHECK-NEXT:    return %0 : tensor<5x9xi32>
// CHECK-NEXT:  }
func.func @dynamic_pad_constant(%operand: tensor<2x3xi32>, %value: tensor<i32>) -> tensor<5x9xi32> {
  %low = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %operand, %value, %low, %high, %interior : (tensor<2x3xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi32>
  %nlow = stablehlo.constant dense<[-1, 0]> : tensor<2xi32>
  %nhigh = stablehlo.constant dense<[0, -2]> : tensor<2xi32>
  %zero = stablehlo.constant dense<0> : tensor<2xi32>
  %1 = stablehlo.dynamic_pad %operand, %value, %nlow, %nhigh, %zero : (tensor<2x3xi32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x1xi32>
  return %0 : tensor<5x9xi32>
}

// Dynamic and bounded operands, index padding operands.
// CHECK-LABEL:  func.func @dynamic_pad_dynamic(%arg0: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %arg1: tensor<f32>, %arg2: tensor<2xindex>) -> tensor<?x9xf32, #stablehlo.bounds<11, ?>> {
// CHECK-NEXT:    %c = stablehlo.constant dense<1> : tensor<2xi64>
// CHECK-NEXT:    %0 = stablehlo.dynamic_pad %arg0, %arg1, %c, %c, %c : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x9xf32, #stablehlo.bounds<11, ?>>
// CHECK-NEXT:    %1 = stablehlo.dynamic_pad %arg0, %arg1, %arg2, %arg2, %arg2 : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %0 : tensor<?x9xf32, #stablehlo.bounds<11, ?>>
// CHECK-NEXT:  }
func.func @dynamic_pad_dynamic(%operand: tensor<?x4xf32, #stablehlo.bounds<5, ?>>, %value: tensor<f32>, %pads: tensor<2xindex>) -> tensor<?x9xf32, #stablehlo.bounds<11, ?>> {
  %one = stablehlo.constant dense<1> : tensor<2xi64>
  %0 = stablehlo.dynamic_pad %operand, %value, %one, %one, %one : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x9xf32, #stablehlo.bounds<11, ?>>
  %1 = stablehlo.dynamic_pad %operand, %value, %pads, %pads, %pads : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  return %0 : tensor<?x9xf32, #stablehlo.bounds<11, ?>>
}
