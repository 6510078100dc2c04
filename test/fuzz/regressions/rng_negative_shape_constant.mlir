func.func @rng(%a: tensor<i32>, %b: tensor<i32>) -> tensor<3x3xi32> {
  %shape = stablehlo.constant dense<[2, -3]> : tensor<2xi64>
  %0 = "stablehlo.rng"(%a, %b, %shape) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}
