func.func @main(%operand: tensor<?x3xf32>, %scale: tensor<?xf32>, %offset: tensor<?xf32>) -> tensor<?x3xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<?x3xf32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x3xf32>, tensor<?xf32>, tensor<?xf32>)
  return %0#0 : tensor<?x3xf32>
}
