module @conformance {
  func.func public @main() {
    %arg0 = stablehlo.constant dense<"0x5A5B1A80DA80F1E6C89502A454BF46C78F18B3ED"> : tensor<4x5xui8>
    %arg1 = stablehlo.constant dense<"0x000000000400000002000000FFFFFFFF0100000007000000FDFFFFFF00000000"> : tensor<4x2xi32>
    %result0 = func.call @tested(%arg0, %arg1) : (tensor<4x5xui8>, tensor<4x2xi32>) -> (tensor<4x2x3xui8>)
    %expected0 = stablehlo.constant dense<"0x1A80DAE6C89502A454C78F18E6C89554BF465A5B1A80F1E6"> : tensor<4x2x3xui8>
    stablehlo.custom_call @check.expect_eq(%result0, %expected0) {has_side_effect = true} : (tensor<4x2x3xui8>, tensor<4x2x3xui8>) -> ()
    func.return
  }
  func.func private @tested(%arg0: tensor<4x5xui8>, %arg1: tensor<4x2xi32>) -> (tensor<4x2x3xui8> {jax.result_info = "result"}) {
    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: -9223372036854775808, 3>}> : (tensor<4x5xui8>, tensor<4x2xi32>) -> tensor<4x2x3xui8>
    return %0 : tensor<4x2x3xui8>
  }
}
