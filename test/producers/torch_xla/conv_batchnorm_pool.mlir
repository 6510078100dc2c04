module @IrToHlo.96 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<6xf32>, %arg5: tensor<6xf32>, %arg6: tensor<6xf32>, %arg7: tensor<6x3x3x3xf32>, %arg8: tensor<2x3x8x8xf32>) -> tensor<2x4xf32> {
    %cst = stablehlo.constant dense<6.250000e-02> : tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<2x6x8x8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.convolution(%arg8, %arg7) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<2x6x8x8xf32>
    %1 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<6xf32>) -> tensor<2x6x8x8xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x6x8x8xf32>
    %3 = "stablehlo.batch_norm_inference"(%2, %arg5, %arg4, %arg3, %arg2) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x6x8x8xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<2x6x8x8xf32>
    %4 = stablehlo.maximum %3, %cst_0 : tensor<2x6x8x8xf32>
    %5 = "stablehlo.reduce_window"(%4, %cst_1) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %12 = stablehlo.maximum %arg9, %arg10 : tensor<f32>
      stablehlo.return %12 : tensor<f32>
    }) : (tensor<2x6x8x8xf32>, tensor<f32>) -> tensor<2x6x4x4xf32>
    %6 = stablehlo.reduce(%5 init: %cst_2) applies stablehlo.add across dimensions = [3, 2] : (tensor<2x6x4x4xf32>, tensor<f32>) -> tensor<2x6xf32>
    %7 = stablehlo.multiply %6, %cst : tensor<2x6xf32>
    %8 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[6,4]{0,1}"} : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %9 = stablehlo.dot_general %7, %8, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6xf32>, tensor<6x4xf32>) -> tensor<2x4xf32>
    %10 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
    %11 = stablehlo.add %9, %10 : tensor<2x4xf32>
    return %11 : tensor<2x4xf32>
  }
}
