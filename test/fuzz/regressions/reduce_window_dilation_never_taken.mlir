module @conformance {
  func.func public @main() {
    %arg0 = stablehlo.constant dense<"0x00380038000000B8B800000000B8B8"> : tensor<3x5xf8E4M3>
    %result0 = func.call @tested(%arg0) : (tensor<3x5xf8E4M3>) -> (tensor<3x5xf8E4M3>)
    %expected0 = stablehlo.constant dense<"0x00383840400000B8C0C0000000B8C0"> : tensor<3x5xf8E4M3>
    stablehlo.custom_call @check.expect_eq(%result0, %expected0) {has_side_effect = true} : (tensor<3x5xf8E4M3>, tensor<3x5xf8E4M3>) -> ()
    func.return
  }
  func.func private @tested(%arg0: tensor<3x5xf8E4M3>) -> (tensor<3x5xf8E4M3> {jax.result_info = "result"}) {
    %0 = call @cumsum(%arg0) : (tensor<3x5xf8E4M3>) -> tensor<3x5xf8E4M3>
    return %0 : tensor<3x5xf8E4M3>
  }
  func.func private @cumsum(%arg0: tensor<3x5xf8E4M3>) -> tensor<3x5xf8E4M3> {
    %0 = call @cumsum_0(%arg0) : (tensor<3x5xf8E4M3>) -> tensor<3x5xf8E4M3>
    return %0 : tensor<3x5xf8E4M3>
  }
  func.func private @cumsum_0(%arg0: tensor<3x5xf8E4M3>) -> tensor<3x5xf8E4M3> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f8E4M3>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f8E4M3>) -> tensor<f8E4M3>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 9223372036854775807, 1>, window_dimensions = array<i64: 1, 5>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f8E4M3>, %arg2: tensor<f8E4M3>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f8E4M3>
      stablehlo.return %2 : tensor<f8E4M3>
    }) : (tensor<3x5xf8E4M3>, tensor<f8E4M3>) -> tensor<3x5xf8E4M3>
    return %1 : tensor<3x5xf8E4M3>
  }
}
