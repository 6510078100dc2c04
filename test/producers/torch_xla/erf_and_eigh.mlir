module @IrToHlo.32 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4x4xf32>
    %c = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
    %0 = stablehlo.custom_call @mhlo.erf(%arg0) {mhlo.attributes = {}, mhlo.version = 1 : i64} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,4]{0,1}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.custom_call @Eigh(%2) {backend_config = "1,1,100,0.000001", xla_shape = "(f32[4,4]{1,0}, f32[4]{0})"} : (tensor<4x4xf32>) -> tuple<tensor<4x4xf32>, tensor<4xf32>>
    %4 = stablehlo.get_tuple_element %3[1] : (tuple<tensor<4x4xf32>, tensor<4xf32>>) -> tensor<4xf32>
    %5 = stablehlo.get_tuple_element %3[0] : (tuple<tensor<4x4xf32>, tensor<4xf32>>) -> tensor<4x4xf32>
    %6 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<4xi64>) -> tensor<4x4xi64>
    %7 = stablehlo.broadcast_in_dim %c, dims = [0] : (tensor<4xi64>) -> tensor<4x4xi64>
    %8 = stablehlo.compare  EQ, %6, %7 : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %9 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
    %10 = stablehlo.select %8, %9, %cst : tensor<4x4xi1>, tensor<4x4xf32>
    %11 = stablehlo.dot_general %5, %10, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %12 = stablehlo.transpose %5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[4,4]{0,1}"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %13 = stablehlo.dot_general %11, %12, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0, %4, %13 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>
  }
}
