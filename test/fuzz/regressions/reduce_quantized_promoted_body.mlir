func.func @main(%input: tensor<4x!quant.uniform<i8:f32, 0.5>>, %init: tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i32:f32, 0.5>> {
  %0 = stablehlo.reduce(%input init: %init) across dimensions = [0] : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<!quant.uniform<i8:f32, 0.5>>) -> tensor<!quant.uniform<i32:f32, 0.5>>
   reducer(%a: tensor<!quant.uniform<i32:f32, 0.5>>, %b: tensor<!quant.uniform<i32:f32, 0.5>>)  {
    %1 = stablehlo.add %a, %b : tensor<!quant.uniform<i32:f32, 0.5>>
    stablehlo.return %1 : tensor<!quant.uniform<i32:f32, 0.5>>
  }
  return %0 : tensor<!quant.uniform<i32:f32, 0.5>>
}
