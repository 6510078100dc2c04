func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xcomplex<f32>> {
  %0 = stablehlo.complex %a, %b : tensor<?xcomplex<f32>>
  return %0 : tensor<?xcomplex<f32>>
}
