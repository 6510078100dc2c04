module @IrToHlo.27 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<1xf32>, %arg1: tensor<1x4x1x1xf32>, %arg2: tensor<2xf32>, %arg3: tensor<4x2x2x2xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4x2x3x3xf32>, %arg6: tensor<1x2x8x8xf32>) -> tensor<1x1x8x8xf32> {
    %0 = stablehlo.convolution(%arg6, %arg5) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<4xf32>) -> tensor<1x4x4x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<1x4x4x4xf32>
    %3 = stablehlo.tanh %2 : tensor<1x4x4x4xf32>
    %4 = stablehlo.transpose %arg3, dims = [2, 3, 1, 0] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[2,2,2,4]{1,0,2,3}"} : (tensor<4x2x2x2xf32>) -> tensor<2x2x2x4xf32>
    %5 = stablehlo.reverse %4, dims = [0, 1] {result_layout = dense<[1, 0, 2, 3]> : tensor<4xindex>, xla_shape = "f32[2,2,2,4]{1,0,2,3}"} : tensor<2x2x2x4xf32>
    %6 = stablehlo.convolution(%3, %5) dim_numbers = [b, f, 0, 1]x[0, 1, o, i]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x4xf32>, tensor<2x2x2x4xf32>) -> tensor<1x2x8x8xf32>
    %7 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<2xf32>) -> tensor<1x2x8x8xf32>
    %8 = stablehlo.add %6, %7 : tensor<1x2x8x8xf32>
    %9 = stablehlo.concatenate %arg6, %8, dim = 1 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32>
    %10 = stablehlo.convolution(%9, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x8x8xf32>, tensor<1x4x1x1xf32>) -> tensor<1x1x8x8xf32>
    %11 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<1xf32>) -> tensor<1x1x8x8xf32>
    %12 = stablehlo.add %10, %11 : tensor<1x1x8x8xf32>
    %13 = stablehlo.logistic %12 : tensor<1x1x8x8xf32>
    return %13 : tensor<1x1x8x8xf32>
  }
}
