module {
  func.func @main(%arg0: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<3xi64>, tensor<3x7xf32>, tensor<7xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.reshape %0 : (tensor<3xf32>) -> tensor<3x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<3x7xf32>
    %4 = stablehlo.exponential %3 : tensor<3x7xf32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %6 = stablehlo.reshape %5 : (tensor<3xf32>) -> tensor<3x1xf32>
    %7 = stablehlo.log %6 : tensor<3x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %9 = stablehlo.subtract %3, %8 : tensor<3x7xf32>
    %10 = stablehlo.iota dim = 1 : tensor<3x7xi64>
    %11:2 = stablehlo.reduce(%arg0 init: %cst), (%10 init: %c) across dimensions = [1] : (tensor<3x7xf32>, tensor<3x7xi64>, tensor<f32>, tensor<i64>) -> (tensor<3xf32>, tensor<3xi64>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i64>, %arg4: tensor<i64>)  {
      %14 = stablehlo.compare GE, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %15 = stablehlo.select %14, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %16 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.minimum %arg2, %arg4 : tensor<i64>
      %18 = stablehlo.select %14, %arg2, %arg4 : tensor<i1>, tensor<i64>
      %19 = stablehlo.select %16, %17, %18 : tensor<i1>, tensor<i64>
      stablehlo.return %15, %19 : tensor<f32>, tensor<i64>
    }
    %12 = "stablehlo.reduce_window"(%arg0, %cst_0) <{padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %14 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %14 : tensor<f32>
    }) : (tensor<3x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %13 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3x7xf32>, tensor<f32>) -> tensor<7xf32>
    return %9, %11#1, %12, %13 : tensor<3x7xf32>, tensor<3xi64>, tensor<3x7xf32>, tensor<7xf32>
  }
}
