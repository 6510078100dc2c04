func.func @slice(%operand: tensor<3x4xf32>, %scalar: tensor<i8>) -> tensor<2x2xf32> {
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %operand [0:3:2, 1:4:1] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.slice %operand [3:3, 0:4:3] : (tensor<3x4xf32>) -> tensor<0x2xf32>
  %3 = stablehlo.slice %scalar [] : (tensor<i8>) -> tensor<i8>
  return %0 : tensor<2x2xf32>
}

func.func @slice_generic(%operand: tensor<3x4xi64>) -> tensor<2x2xi64> {
  %0 = "stablehlo.slice"(%operand) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 9223372036854775807>} : (tensor<3x4xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

func.func @slice_dynamic(%operand: tensor<?x4xf32>, %bounded: tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<2x2xf32> {
  %0 = stablehlo.slice %operand [1:3, 0:4:2] : (tensor<?x4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %operand [1:3, 0:4] : (tensor<?x4xf32>) -> tensor<?x?xf32>
  %2 = stablehlo.slice %bounded [0:5, 1:2] : (tensor<?x4xf32, #stablehlo.bounds<5, ?>>) -> tensor<5x1xf32>
  return %0 : tensor<2x2xf32>
}

func.func public @main(%arg0: tensor<4x6xi32>) -> (tensor<3x3xi32> {jax.result_info = "result"}) {
  %0 = stablehlo.slice %arg0 [1:4, 0:6:2] {mhlo.frontend_attributes = {a = "b"}} : (tensor<4x6xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

func.func @slice_quantized(%operand: tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:2>> {
  %0 = stablehlo.slice %operand [1:4:2] : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:2>>
}
