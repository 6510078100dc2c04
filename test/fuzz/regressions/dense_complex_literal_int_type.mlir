stablehlo.constant dense<("0x142F", "0x142F")> : tensor<3xi16>
