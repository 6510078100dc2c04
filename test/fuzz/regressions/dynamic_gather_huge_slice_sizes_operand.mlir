func.func @f(%operand: tensor<3xf32>, %start_indices: tensor<1xi32>, %sizes: tensor<4294967297xi64>) -> tensor<?xf32> {
  %0 = "stablehlo.dynamic_gather"(%operand, %start_indices, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [0], start_index_map = [0], index_vector_dim = 0>} : (tensor<3xf32>, tensor<1xi32>, tensor<4294967297xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
