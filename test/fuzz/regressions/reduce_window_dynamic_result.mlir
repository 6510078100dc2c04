// reduce_window with a `?` result dimension: the kernel took the window count from the result
// type (None) instead of inferring it from the attributes (TypeError while preparing).
func.func @main(%a: tensor<3xf32>, %init: tensor<f32>) -> tensor<?xf32> {
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 4>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
