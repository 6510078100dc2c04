module @IrToHlo.93 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<48xf32>, %arg3: tensor<48x16xf32>, %arg4: tensor<2x5xi64>, %arg5: tensor<50x16xf32>) -> tensor<2x5x16xf32> {
    %cst = stablehlo.constant dense<0.707106769> : tensor<2x4x4x5xf32>
    %cst_0 = stablehlo.constant dense<0.707106769> : tensor<2x4x5x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reshape %arg4 : (tensor<2x5xi64>) -> tensor<10xi64>
    %1 = stablehlo.convert %0 : (tensor<10xi64>) -> tensor<10xui32>
    %2 = "stablehlo.gather"(%arg5, %1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 16>}> : (tensor<50x16xf32>, tensor<10xui32>) -> tensor<10x16xf32>
    %3 = stablehlo.reshape %2 : (tensor<10x16xf32>) -> tensor<2x5x16xf32>
    %4 = stablehlo.transpose %3, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[5,2,16]{2,0,1}"} : (tensor<2x5x16xf32>) -> tensor<5x2x16xf32>
    %5 = stablehlo.transpose %arg3, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,48]{0,1}"} : (tensor<48x16xf32>) -> tensor<16x48xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<16x48xf32>) -> tensor<5x16x48xf32>
    %7 = stablehlo.dot_general %4, %6, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x2x16xf32>, tensor<5x16x48xf32>) -> tensor<5x2x48xf32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<48xf32>) -> tensor<5x2x48xf32>
    %9 = stablehlo.add %7, %8 : tensor<5x2x48xf32>
    %10 = stablehlo.reshape %9 : (tensor<5x2x48xf32>) -> tensor<1x5x2x3x16xf32>
    %11 = stablehlo.transpose %10, dims = [3, 1, 2, 0, 4] {result_layout = dense<[4, 0, 2, 1, 3]> : tensor<5xindex>, xla_shape = "f32[3,5,2,1,16]{4,0,2,1,3}"} : (tensor<1x5x2x3x16xf32>) -> tensor<3x5x2x1x16xf32>
    %12 = stablehlo.reshape %11 : (tensor<3x5x2x1x16xf32>) -> tensor<3x5x2x16xf32>
    %13 = stablehlo.slice %12 [0:1, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %15 = stablehlo.transpose %14, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %16 = stablehlo.reshape %15 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %17 = stablehlo.multiply %16, %cst_0 : tensor<2x4x5x4xf32>
    %18 = stablehlo.reshape %17 : (tensor<2x4x5x4xf32>) -> tensor<8x5x4xf32>
    %19 = stablehlo.slice %12 [1:2, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %21 = stablehlo.transpose %20, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %22 = stablehlo.reshape %21 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %23 = stablehlo.transpose %22, dims = [0, 1, 3, 2] {result_layout = dense<[2, 3, 1, 0]> : tensor<4xindex>, xla_shape = "f32[2,4,4,5]{2,3,1,0}"} : (tensor<2x4x5x4xf32>) -> tensor<2x4x4x5xf32>
    %24 = stablehlo.multiply %23, %cst : tensor<2x4x4x5xf32>
    %25 = stablehlo.reshape %24 : (tensor<2x4x4x5xf32>) -> tensor<8x4x5xf32>
    %26 = stablehlo.dot_general %18, %25, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x5x4xf32>, tensor<8x4x5xf32>) -> tensor<8x5x5xf32>
    %27 = stablehlo.reshape %26 : (tensor<8x5x5xf32>) -> tensor<2x4x5x5xf32>
    %28 = stablehlo.reduce(%27 init: %cst_2) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x4x5xf32>) -> tensor<2x4x5x5xf32>
    %30 = stablehlo.subtract %27, %29 : tensor<2x4x5x5xf32>
    %31 = stablehlo.exponential %30 : tensor<2x4x5x5xf32>
    %32 = stablehlo.reduce(%31 init: %cst_1) applies stablehlo.add across dimensions = [3] : (tensor<2x4x5x5xf32>, tensor<f32>) -> tensor<2x4x5xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<2x4x5xf32>) -> tensor<2x4x5x5xf32>
    %34 = stablehlo.divide %31, %33 : tensor<2x4x5x5xf32>
    %35 = stablehlo.reshape %34 : (tensor<2x4x5x5xf32>) -> tensor<8x5x5xf32>
    %36 = stablehlo.slice %12 [2:3, 0:5, 0:2, 0:16] : (tensor<3x5x2x16xf32>) -> tensor<1x5x2x16xf32>
    %37 = stablehlo.reshape %36 : (tensor<1x5x2x16xf32>) -> tensor<5x8x4xf32>
    %38 = stablehlo.transpose %37, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[8,5,4]{2,0,1}"} : (tensor<5x8x4xf32>) -> tensor<8x5x4xf32>
    %39 = stablehlo.dot_general %35, %38, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x5x5xf32>, tensor<8x5x4xf32>) -> tensor<8x5x4xf32>
    %40 = stablehlo.reshape %39 : (tensor<8x5x4xf32>) -> tensor<2x4x5x4xf32>
    %41 = stablehlo.transpose %40, dims = [2, 0, 1, 3] {result_layout = dense<[3, 0, 2, 1]> : tensor<4xindex>, xla_shape = "f32[5,2,4,4]{3,0,2,1}"} : (tensor<2x4x5x4xf32>) -> tensor<5x2x4x4xf32>
    %42 = stablehlo.reshape %41 : (tensor<5x2x4x4xf32>) -> tensor<10x16xf32>
    %43 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,16]{0,1}"} : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %44 = stablehlo.dot_general %42, %43, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x16xf32>, tensor<16x16xf32>) -> tensor<10x16xf32>
    %45 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xf32>) -> tensor<10x16xf32>
    %46 = stablehlo.add %44, %45 : tensor<10x16xf32>
    %47 = stablehlo.reshape %46 : (tensor<10x16xf32>) -> tensor<5x2x16xf32>
    %48 = stablehlo.transpose %47, dims = [1, 0, 2] {result_layout = dense<[2, 0, 1]> : tensor<3xindex>, xla_shape = "f32[2,5,16]{2,0,1}"} : (tensor<5x2x16xf32>) -> tensor<2x5x16xf32>
    return %48 : tensor<2x5x16xf32>
  }
}
