func.func @main(%min: tensor<?xf32>, %x: tensor<?xf32>, %max: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.clamp %min, %x, %max : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
