module @IrToHlo.64 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<3xi64>, tensor<3x7xf32>, tensor<7xf32>) {
    %cst = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<3xf32>) -> tensor<3x7xf32>
    %2 = stablehlo.subtract %arg0, %1 : tensor<3x7xf32>
    %3 = stablehlo.exponential %2 : tensor<3x7xf32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.log %4 : tensor<3xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xf32>) -> tensor<3x7xf32>
    %7 = stablehlo.subtract %2, %6 : tensor<3x7xf32>
    %8 = stablehlo.iota dim = 0 : tensor<7xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1] : (tensor<7xi32>) -> tensor<3x7xi32>
    %10:2 = stablehlo.reduce(%arg0 init: %cst_1), (%9 init: %c) across dimensions = [1] : (tensor<3x7xf32>, tensor<3x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %14 = stablehlo.compare  GE, %arg1, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %15 = stablehlo.select %14, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %16 = stablehlo.compare  EQ, %arg1, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.minimum %arg2, %arg4 : tensor<i32>
      %18 = stablehlo.select %14, %arg2, %arg4 : tensor<i1>, tensor<i32>
      %19 = stablehlo.select %16, %17, %18 : tensor<i1>, tensor<i32>
      stablehlo.return %15, %19 : tensor<f32>, tensor<i32>
    }
    %11 = stablehlo.convert %10#1 : (tensor<3xi32>) -> tensor<3xi64>
    %12 = "stablehlo.reduce_window"(%arg0, %cst_0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %14 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %14 : tensor<f32>
    }) : (tensor<3x7xf32>, tensor<f32>) -> tensor<3x7xf32>
    %13 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3x7xf32>, tensor<f32>) -> tensor<7xf32>
    return %7, %11, %12, %13 : tensor<3x7xf32>, tensor<3xi64>, tensor<3x7xf32>, tensor<7xf32>
  }
}
