%update = stablehlo.constant dense<(1, 1)> : tensor<2x3x2x2xi64>
