module {
  func.func @main(%arg0: tensor<4x3xf32>, %arg1: tensor<4xi64>) -> (tensor<4x3xf32>, tensor<4x2xf32>, tensor<4x3xf32>, tensor<4xi64>) {
    %c = stablehlo.constant dense<3> : tensor<4x2xi64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4x3xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<1xf64>
    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<4xi64>) -> tensor<4x3xf32>
    %1 = stablehlo.convert %0 : tensor<4x3xf32>
    %2 = stablehlo.reshape %arg1 : (tensor<4xi64>) -> tensor<4x1xi64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<4x1xi64>) -> tensor<4x2xi64>
    %4 = stablehlo.remainder %3, %c : tensor<4x2xi64>
    %5 = stablehlo.iota dim = 0 : tensor<4x2x1xi64>
    %6 = stablehlo.reshape %4 : (tensor<4x2xi64>) -> tensor<4x2x1xi64>
    %7 = stablehlo.concatenate %5, %6, dim = 2 : (tensor<4x2x1xi64>, tensor<4x2x1xi64>) -> tensor<4x2x2xi64>
    %8 = "stablehlo.gather"(%arg0, %7) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<4x3xf32>, tensor<4x2x2xi64>) -> tensor<4x2xf32>
    %9 = stablehlo.convert %c_0 : (tensor<i64>) -> tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %11 = stablehlo.compare GT, %arg0, %10, FLOAT : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<4x3xi1>) -> tensor<4x3xi1>
    %13 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x3xi1>, tensor<4x3xf32>
    %16 = stablehlo.convert %cst_1 : tensor<1xf64>
    %17 = stablehlo.reshape %16 : (tensor<1xf64>) -> tensor<f64>
    %18 = stablehlo.convert %17 : (tensor<f64>) -> tensor<f32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %20 = stablehlo.compare GT, %arg0, %19, FLOAT : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xi1>
    %21 = stablehlo.convert %20 : (tensor<4x3xi1>) -> tensor<4x3xi64>
    %22 = stablehlo.reduce(%21 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<4x3xi64>, tensor<i64>) -> tensor<4xi64>
    return %1, %8, %15, %22 : tensor<4x3xf32>, tensor<4x2xf32>, tensor<4x3xf32>, tensor<4xi64>
  }
}
