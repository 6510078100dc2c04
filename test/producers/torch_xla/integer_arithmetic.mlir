module @IrToHlo.17 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
    %c = stablehlo.constant dense<3> : tensor<6xi32>
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<6xi32>
    %1 = stablehlo.add %0, %c : tensor<6xi32>
    %2 = stablehlo.convert %arg1 : (tensor<6xi32>) -> tensor<6xf32>
    %3 = stablehlo.convert %arg0 : (tensor<6xi32>) -> tensor<6xf32>
    %4 = stablehlo.divide %2, %3 : tensor<6xf32>
    %5 = stablehlo.floor %4 : tensor<6xf32>
    %6 = stablehlo.convert %5 : (tensor<6xf32>) -> tensor<6xi32>
    %7 = stablehlo.remainder %arg1, %arg0 : tensor<6xi32>
    %8 = stablehlo.maximum %arg1, %arg0 : tensor<6xi32>
    return %1, %6, %7, %8 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
  }
}
