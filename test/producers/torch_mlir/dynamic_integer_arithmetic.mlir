module {
  func.func @main(%arg0: tensor<?xi32>, %arg1: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
    %c = stablehlo.constant dense<3> : tensor<i32>
    %0 = shape.shape_of %arg0 : tensor<?xi32> -> tensor<1xindex>
    %1 = shape.shape_of %arg1 : tensor<?xi32> -> tensor<1xindex>
    %2 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
    %3 = shape.assuming %2 -> (tensor<?xi32>) {
      %27 = shape.broadcast %0, %1 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %arg0, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %29 = stablehlo.dynamic_broadcast_in_dim %arg1, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %30 = stablehlo.multiply %28, %29 : tensor<?xi32>
      shape.assuming_yield %30 : tensor<?xi32>
    }
    %4 = shape.shape_of %3 : tensor<?xi32> -> tensor<1xindex>
    %5 = stablehlo.dynamic_broadcast_in_dim %3, %4, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
    %6 = stablehlo.dynamic_broadcast_in_dim %c, %4, dims = [] : (tensor<i32>, tensor<1xindex>) -> tensor<?xi32>
    %7 = stablehlo.add %5, %6 : tensor<?xi32>
    %8 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
    %9 = stablehlo.convert %arg0 : (tensor<?xi32>) -> tensor<?xf64>
    %10 = stablehlo.convert %arg1 : (tensor<?xi32>) -> tensor<?xf64>
    %11 = shape.shape_of %9 : tensor<?xf64> -> tensor<1xindex>
    %12 = shape.shape_of %10 : tensor<?xf64> -> tensor<1xindex>
    %13 = shape.cstr_broadcastable %11, %12 : tensor<1xindex>, tensor<1xindex>
    %14 = shape.assuming %13 -> (tensor<?xf64>) {
      %27 = shape.broadcast %11, %12 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %9, %27, dims = [0] : (tensor<?xf64>, tensor<1xindex>) -> tensor<?xf64>
      %29 = stablehlo.dynamic_broadcast_in_dim %10, %27, dims = [0] : (tensor<?xf64>, tensor<1xindex>) -> tensor<?xf64>
      %30 = stablehlo.divide %28, %29 : tensor<?xf64>
      shape.assuming_yield %30 : tensor<?xf64>
    }
    %15 = stablehlo.floor %14 : tensor<?xf64>
    %16 = stablehlo.convert %15 : (tensor<?xf64>) -> tensor<?xi32>
    %17 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
    %18 = shape.assuming %17 -> (tensor<?xi32>) {
      %27 = shape.broadcast %0, %1 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %arg0, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %29 = stablehlo.dynamic_broadcast_in_dim %arg1, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %30 = stablehlo.divide %28, %29 : tensor<?xi32>
      shape.assuming_yield %30 : tensor<?xi32>
    }
    %19 = shape.shape_of %18 : tensor<?xi32> -> tensor<1xindex>
    %20 = shape.cstr_broadcastable %19, %1 : tensor<1xindex>, tensor<1xindex>
    %21 = shape.assuming %20 -> (tensor<?xi32>) {
      %27 = shape.broadcast %19, %1 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %18, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %29 = stablehlo.dynamic_broadcast_in_dim %arg1, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %30 = stablehlo.multiply %28, %29 : tensor<?xi32>
      shape.assuming_yield %30 : tensor<?xi32>
    }
    %22 = shape.shape_of %21 : tensor<?xi32> -> tensor<1xindex>
    %23 = shape.cstr_broadcastable %0, %22 : tensor<1xindex>, tensor<1xindex>
    %24 = shape.assuming %23 -> (tensor<?xi32>) {
      %27 = shape.broadcast %0, %22 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %arg0, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %29 = stablehlo.dynamic_broadcast_in_dim %21, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %30 = stablehlo.subtract %28, %29 : tensor<?xi32>
      shape.assuming_yield %30 : tensor<?xi32>
    }
    %25 = shape.cstr_broadcastable %0, %1 : tensor<1xindex>, tensor<1xindex>
    %26 = shape.assuming %25 -> (tensor<?xi32>) {
      %27 = shape.broadcast %0, %1 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>
      %28 = stablehlo.dynamic_broadcast_in_dim %arg0, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %29 = stablehlo.dynamic_broadcast_in_dim %arg1, %27, dims = [0] : (tensor<?xi32>, tensor<1xindex>) -> tensor<?xi32>
      %30 = stablehlo.maximum %28, %29 : tensor<?xi32>
      shape.assuming_yield %30 : tensor<?xi32>
    }
    return %7, %16, %24, %26 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
  }
}
