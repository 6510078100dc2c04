module {
  func.func @main(%arg0: tensor<?x3xf32>, %arg1: tensor<?xi64>) -> (tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x3xf32>, tensor<?xi64>) {
    %c = stablehlo.constant dense<3> : tensor<i64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c1_i64 = arith.constant 1 : i64
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<1xf64>
    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<?x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
    %1 = stablehlo.convert %0 : tensor<?x3xf32>
    %2 = shape.shape_of %arg1 : tensor<?xi64> -> tensor<1xindex>
    %3 = shape.num_elements %2 : tensor<1xindex> -> index
    %4 = arith.index_cast %3 : index to i64
    %from_elements = tensor.from_elements %4, %c1_i64 : tensor<2xi64>
    %5 = stablehlo.dynamic_reshape %arg1, %from_elements : (tensor<?xi64>, tensor<2xi64>) -> tensor<?x1xi64>
    %dim = tensor.dim %5, %c0 : tensor<?x1xi64>
    %from_elements_2 = tensor.from_elements %dim, %c2 : tensor<2xindex>
    %6 = stablehlo.dynamic_broadcast_in_dim %5, %from_elements_2, dims = [0, 1] : (tensor<?x1xi64>, tensor<2xindex>) -> tensor<?x2xi64>
    %7 = shape.shape_of %6 : tensor<?x2xi64> -> tensor<2xindex>
    %8 = stablehlo.dynamic_broadcast_in_dim %6, %7, dims = [0, 1] : (tensor<?x2xi64>, tensor<2xindex>) -> tensor<?x2xi64>
    %9 = stablehlo.dynamic_broadcast_in_dim %c, %7, dims = [] : (tensor<i64>, tensor<2xindex>) -> tensor<?x2xi64>
    %10 = stablehlo.remainder %8, %9 : tensor<?x2xi64>
    %dim_3 = tensor.dim %10, %c0 : tensor<?x2xi64>
    %from_elements_4 = tensor.from_elements %dim_3, %c2, %c1 : tensor<3xindex>
    %11 = stablehlo.dynamic_iota %from_elements_4, dim = 0 : (tensor<3xindex>) -> tensor<?x2x1xi64>
    %12 = stablehlo.dynamic_reshape %10, %from_elements_4 : (tensor<?x2xi64>, tensor<3xindex>) -> tensor<?x2x1xi64>
    %13 = stablehlo.concatenate %11, %12, dim = 2 : (tensor<?x2x1xi64>, tensor<?x2x1xi64>) -> tensor<?x2x2xi64>
    %14 = "stablehlo.gather"(%arg0, %13) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>}> : (tensor<?x3xf32>, tensor<?x2x2xi64>) -> tensor<?x2xf32>
    %15 = stablehlo.convert %c_0 : (tensor<i64>) -> tensor<f32>
    %16 = shape.shape_of %arg0 : tensor<?x3xf32> -> tensor<2xindex>
    %17 = stablehlo.dynamic_broadcast_in_dim %arg0, %16, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    %18 = stablehlo.dynamic_broadcast_in_dim %15, %16, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x3xf32>
    %19 = stablehlo.compare GT, %17, %18, FLOAT : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xi1>
    %dim_5 = tensor.dim %arg0, %c0 : tensor<?x3xf32>
    %from_elements_6 = tensor.from_elements %dim_5, %c3 : tensor<2xindex>
    %20 = stablehlo.dynamic_broadcast_in_dim %cst, %from_elements_6, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x3xf32>
    %21 = shape.shape_of %19 : tensor<?x3xi1> -> tensor<2xindex>
    %22 = shape.shape_of %20 : tensor<?x3xf32> -> tensor<2xindex>
    %23 = shape.cstr_broadcastable %21, %16, %22 : tensor<2xindex>, tensor<2xindex>, tensor<2xindex>
    %24 = shape.assuming %23 -> (tensor<?x3xf32>) {
      %32 = shape.broadcast %21, %16, %22 : tensor<2xindex>, tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
      %33 = stablehlo.dynamic_broadcast_in_dim %19, %32, dims = [0, 1] : (tensor<?x3xi1>, tensor<2xindex>) -> tensor<?x3xi1>
      %34 = stablehlo.dynamic_broadcast_in_dim %arg0, %32, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
      %35 = stablehlo.dynamic_broadcast_in_dim %20, %32, dims = [0, 1] : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
      %36 = stablehlo.select %33, %34, %35 : tensor<?x3xi1>, tensor<?x3xf32>
      shape.assuming_yield %36 : tensor<?x3xf32>
    }
    %25 = stablehlo.convert %cst_1 : tensor<1xf64>
    %26 = stablehlo.reshape %25 : (tensor<1xf64>) -> tensor<f64>
    %27 = stablehlo.convert %26 : (tensor<f64>) -> tensor<f32>
    %28 = stablehlo.dynamic_broadcast_in_dim %27, %16, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x3xf32>
    %29 = stablehlo.compare GT, %17, %28, FLOAT : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xi1>
    %30 = stablehlo.convert %29 : (tensor<?x3xi1>) -> tensor<?x3xi64>
    %31 = stablehlo.reduce(%30 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<?x3xi64>, tensor<i64>) -> tensor<?xi64>
    return %1, %14, %24, %31 : tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x3xf32>, tensor<?xi64>
  }
}
