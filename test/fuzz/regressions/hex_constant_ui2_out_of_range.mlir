func.func @main() -> tensor<ui2> {
  %0 = stablehlo.constant dense<"0xA3"> : tensor<ui2>
  return %0 : tensor<ui2>
}
