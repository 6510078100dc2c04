module @IrToHlo.62 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<4xi64>, %arg1: tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x2xf32>, tensor<4x3xf32>, tensor<4xi64>) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<4x3xf64>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<4x3xf32>
    %c = stablehlo.constant dense<0> : tensor<4x2xi64>
    %c_1 = stablehlo.constant dense<3> : tensor<4x2xi64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.convert %arg0 : (tensor<4xi64>) -> tensor<4xui32>
    %1 = "stablehlo.gather"(%arg1, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<4xui32>) -> tensor<4x3xf32>
    %2 = stablehlo.iota dim = 0 : tensor<4xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xui32>) -> tensor<4x2x1xui32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<4xi64>) -> tensor<4x2xi64>
    %5 = stablehlo.remainder %4, %c_1 : tensor<4x2xi64>
    %6 = stablehlo.sign %5 : tensor<4x2xi64>
    %7 = stablehlo.compare  LT, %6, %c : (tensor<4x2xi64>, tensor<4x2xi64>) -> tensor<4x2xi1>
    %8 = stablehlo.convert %7 : (tensor<4x2xi1>) -> tensor<4x2xi64>
    %9 = stablehlo.multiply %8, %c_1 : tensor<4x2xi64>
    %10 = stablehlo.add %5, %9 : tensor<4x2xi64>
    %11 = stablehlo.convert %10 : (tensor<4x2xi64>) -> tensor<4x2xui32>
    %12 = stablehlo.reshape %11 : (tensor<4x2xui32>) -> tensor<4x2x1xui32>
    %13 = stablehlo.concatenate %3, %12, dim = 2 : (tensor<4x2x1xui32>, tensor<4x2x1xui32>) -> tensor<4x2x2xui32>
    %14 = "stablehlo.gather"(%arg1, %13) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x3xf32>, tensor<4x2x2xui32>) -> tensor<4x2xf32>
    %15 = stablehlo.compare  GT, %arg1, %cst_0 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
    %16 = stablehlo.select %15, %arg1, %cst_0 : tensor<4x3xi1>, tensor<4x3xf32>
    %17 = stablehlo.convert %arg1 : (tensor<4x3xf32>) -> tensor<4x3xf64>
    %18 = stablehlo.compare  GT, %17, %cst : (tensor<4x3xf64>, tensor<4x3xf64>) -> tensor<4x3xi1>
    %19 = stablehlo.convert %18 : (tensor<4x3xi1>) -> tensor<4x3xi64>
    %20 = stablehlo.reduce(%19 init: %c_2) applies stablehlo.add across dimensions = [1] : (tensor<4x3xi64>, tensor<i64>) -> tensor<4xi64>
    return %1, %14, %16, %20 : tensor<4x3xf32>, tensor<4x2xf32>, tensor<4x3xf32>, tensor<4xi64>
  }
}
