module {
  func.func @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
    %c = stablehlo.constant dense<3> : tensor<6xi32>
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<6xi32>
    %1 = stablehlo.add %0, %c : tensor<6xi32>
    %2 = stablehlo.convert %arg0 : (tensor<6xi32>) -> tensor<6xf64>
    %3 = stablehlo.convert %arg1 : (tensor<6xi32>) -> tensor<6xf64>
    %4 = stablehlo.divide %2, %3 : tensor<6xf64>
    %5 = stablehlo.floor %4 : tensor<6xf64>
    %6 = stablehlo.convert %5 : (tensor<6xf64>) -> tensor<6xi32>
    %7 = stablehlo.divide %arg0, %arg1 : tensor<6xi32>
    %8 = stablehlo.multiply %7, %arg1 : tensor<6xi32>
    %9 = stablehlo.subtract %arg0, %8 : tensor<6xi32>
    %10 = stablehlo.maximum %arg0, %arg1 : tensor<6xi32>
    return %1, %6, %9, %10 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
  }
}
