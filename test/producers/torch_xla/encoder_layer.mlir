module @IrToHlo.201 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16x32xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32x16xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<16x16xf32>, %arg8: tensor<48xf32>, %arg9: tensor<48x16xf32>, %arg10: tensor<2x5x16xf32>, %arg11: tensor<16xf32>, %arg12: tensor<16xf32>) -> tensor<2x5x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x5x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<10xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<10xf32>
    %cst_2 = stablehlo.constant dense<0.707106769> : tensor<2x4x4x5xf32>
    %cst_3 = stablehlo.constant dense<0.707106769> : tensor<2x4x5x4xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.transpose %arg10, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[5,2,16]{2,0,1}"} : (tensor<2x5x16xf32>) -> tensor<5x2x16xf32>
    %1 = stablehlo.transpose %arg9, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,48]{0,1}"} : (tensor<48x16xf32>) -> tensor<16x48xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<16x48xf32>) -> tensor<5x16x48xf32>
    %3 = stablehlo.dot_general %0, %2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x2x16xf32>, tensor<5x16x48xf32>) -> tensor<5x2x48xf32>
    %4 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<48xf32>) -> tensor<5x2x48xf32>
    %5 = stablehlo.add %3, %4 : tensor<5x2x48xf32>
    %6 = stablehlo.reshape %5 : (tensor<5x2x48xf32>) -> tensor<1x5x2x3x16xf32>
    %7 = stablehlo.transpose %6, dims = [3, 1, 2, 0, 4] {result_layout = dense<[4, 0, 2, 1, 3]> : tensor<5xindex>, xla_shape = "f32[3,5,2,1,16]{4,0,2,1,3}"} : (tensor<1x5x2x3x16xf32>) -> tensor<3x5x2x1x16xf32>
    %8 = stablehlo.reshape %7 : (tensor<3x5x2x1x16xf32>) -> tensor<3x5x2x16xf32>
    %9 = stablehlo.slice %8 [0:1, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %11 = stablehlo.transpose %10, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %12 = stablehlo.reshape %11 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %13 = stablehlo.multiply %12, %cst_3 : tensor<2x4x5x4xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x4x5x4xf32>) -> tensor<8x5x4xf32>
    %15 = stablehlo.slice %8 [1:2, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %16 = stablehlo.reshape %15 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %17 = stablehlo.transpose %16, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %18 = stablehlo.reshape %17 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %19 = stablehlo.transpose %18, dims = [0, 1, 3, 2] {result_layout = dense<[2, 3, 1, 0]> : tensor<4xindex>, xla_shape = "f32[2,4,4,5]{2,3,1,0}"} : (tensor<2x4x5x4xf32>) -> tensor<2x4x4x5xf32>
    %20 = stablehlo.multiply %19, %cst_2 : tensor<2x4x4x5xf32>
    %21 = stablehlo.reshape %20 : (tensor<2x4x4x5xf32>) -> tensor<8x4x5xf32>
    %22 = stablehlo.dot_general %14, %21, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x5x4xf32>, tensor<8x4x5xf32>) -> tensor<8x5x5xf32>
    %23 = stablehlo.reshape %22 : (tensor<8x5x5xf32>) -> tensor<2x4x5x5xf32>
    %24 = stablehlo.reduce(%23 init: %cst_4) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<2x4x5xf32>) -> tensor<2x4x5x5xf32>
    %26 = stablehlo.subtract %23, %25 : tensor<2x4x5x5xf32>
    %27 = stablehlo.exponential %26 : tensor<2x4x5x5xf32>
    %28 = stablehlo.reduce(%27 init: %cst_5) applies stablehlo.add across dimensions = [3] : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x4x5xf32>) -> tensor<2x4x5x5xf32>
    %30 = stablehlo.divide %27, %29 : tensor<2x4x5x5xf32>
    %31 = stablehlo.reshape %30 : (tensor<2x4x5x5xf32>) -> tensor<8x5x5xf32>
    %32 = stablehlo.slice %8 [2:3, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %33 = stablehlo.reshape %32 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %34 = stablehlo.transpose %33, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %35 = stablehlo.dot_general %31, %34, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x5x5xf32>, tensor<8x5x4xf32>) -> tensor<8x5x4xf32>
    %36 = stablehlo.reshape %35 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %37 = stablehlo.transpose %36, dims = [2, 0, 1, 3] {result_layout = dense<[3, 0, 2, 1]> : tensor<4xindex>, xla_shape = "f32[5,2,4,4]{3,0,2,1}"} : (tensor<2x4x5x4xf32>) -> tensor<5x2x4x4xf32>
    %38 = stablehlo.reshape %37 : (tensor<5x2x4x4xf32>) -> tensor<10x16xf32>
    %39 = stablehlo.transpose %arg7, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,16]{0,1}"} : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %40 = stablehlo.dot_general %38, %39, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x16xf32>, tensor<16x16xf32>) -> tensor<10x16xf32>
    %41 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<16xf32>) -> tensor<10x16xf32>
    %42 = stablehlo.add %40, %41 : tensor<10x16xf32>
    %43 = stablehlo.reshape %42 : (tensor<10x16xf32>) -> tensor<5x2x16xf32>
    %44 = stablehlo.transpose %43, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[2,5,16]{2,0,1}"} : (tensor<5x2x16xf32>) -> tensor<2x5x16xf32>
    %45 = stablehlo.add %arg10, %44 : tensor<2x5x16xf32>
    %46 = stablehlo.reshape %45 : (tensor<2x5x16xf32>) -> tensor<1x10x16xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%46, %cst_1, %cst_0) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x10x16xf32>, tensor<10xf32>, tensor<10xf32>) -> (tensor<1x10x16xf32>, tensor<10xf32>, tensor<10xf32>)
    %47 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<16xf32>) -> tensor<2x5x16xf32>
    %48 = stablehlo.reshape %output : (tensor<1x10x16xf32>) -> tensor<2x5x16xf32>
    %49 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<16xf32>) -> tensor<2x5x16xf32>
    %50 = stablehlo.multiply %48, %49 : tensor<2x5x16xf32>
    %51 = stablehlo.add %47, %50 : tensor<2x5x16xf32>
    %52 = stablehlo.reshape %51 : (tensor<2x5x16xf32>) -> tensor<10x16xf32>
    %53 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,32]{0,1}"} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %54 = stablehlo.dot_general %52, %53, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x16xf32>, tensor<16x32xf32>) -> tensor<10x32xf32>
    %55 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<32xf32>) -> tensor<10x32xf32>
    %56 = stablehlo.add %54, %55 : tensor<10x32xf32>
    %57 = stablehlo.reshape %56 : (tensor<10x32xf32>) -> tensor<2x5x32xf32>
    %58 = stablehlo.maximum %57, %cst : tensor<2x5x32xf32>
    %59 = stablehlo.reshape %58 : (tensor<2x5x32xf32>) -> tensor<10x32xf32>
    %60 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,16]{0,1}"} : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %61 = stablehlo.dot_general %59, %60, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x32xf32>, tensor<32x16xf32>) -> tensor<10x16xf32>
    %62 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<16xf32>) -> tensor<10x16xf32>
    %63 = stablehlo.add %61, %62 : tensor<10x16xf32>
    %64 = stablehlo.reshape %63 : (tensor<10x16xf32>) -> tensor<2x5x16xf32>
    %65 = stablehlo.add %51, %64 : tensor<2x5x16xf32>
    %66 = stablehlo.reshape %65 : (tensor<2x5x16xf32>) -> tensor<1x10x16xf32>
    %output_6, %batch_mean_7, %batch_var_8 = "stablehlo.batch_norm_training"(%66, %cst_1, %cst_0) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x10x16xf32>, tensor<10xf32>, tensor<10xf32>) -> (tensor<1x10x16xf32>, tensor<10xf32>, tensor<10xf32>)
    %67 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<16xf32>) -> tensor<2x5x16xf32>
    %68 = stablehlo.reshape %output_6 : (tensor<1x10x16xf32>) -> tensor<2x5x16xf32>
    %69 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<16xf32>) -> tensor<2x5x16xf32>
    %70 = stablehlo.multiply %68, %69 : tensor<2x5x16xf32>
    %71 = stablehlo.add %67, %70 : tensor<2x5x16xf32>
    return %71 : tensor<2x5x16xf32>
  }
}
