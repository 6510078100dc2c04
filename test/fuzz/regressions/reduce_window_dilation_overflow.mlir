module @conformance {
  func.func public @main() {
    %arg0 = stablehlo.constant dense<"0x00B030B03000B0B0B030B0000000B030003000B0"> : tensor<4x5xf8E3M4>
    %result0 = func.call @tested(%arg0) : (tensor<4x5xf8E3M4>) -> (tensor<2x5xf8E3M4>)
    %expected0 = stablehlo.constant dense<"0xC0C0D00000003030B0C0"> : tensor<2x5xf8E3M4>
    stablehlo.custom_call @check.expect_eq(%result0, %expected0) {has_side_effect = true} : (tensor<2x5xf8E3M4>, tensor<2x5xf8E3M4>) -> ()
    func.return
  }
  func.func private @tested(%arg0: tensor<4x5xf8E3M4>) -> (tensor<2x5xf8E3M4> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f8E3M4>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f8E3M4>) -> tensor<f8E3M4>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 1], [1, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 9223372036854775807, 1>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>}> ({
    ^bb0(%arg1: tensor<f8E3M4>, %arg2: tensor<f8E3M4>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f8E3M4>
      stablehlo.return %2 : tensor<f8E3M4>
    }) : (tensor<4x5xf8E3M4>, tensor<f8E3M4>) -> tensor<2x5xf8E3M4>
    return %1 : tensor<2x5xf8E3M4>
  }
}
