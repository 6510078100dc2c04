module {
  func.func @main(%arg0: tensor<1x2x8x8xf32>) -> tensor<1x1x8x8xf32> {
    %cst = stablehlo.constant dense<0.0940473079> : tensor<1xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_1_4_1_1_torch.float32> : tensor<1x4x1x1xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_2_torch.float32> : tensor<2xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_4_2_2_2_torch.float32> : tensor<4x2x2x2xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_4_2_3_3_torch.float32> : tensor<4x2x3x3xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %0 = stablehlo.convolution(%arg0, %cst_3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x4x4xf32>
    %1 = stablehlo.reshape %cst_4 : (tensor<4xf32>) -> tensor<4x1x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3] : (tensor<4x1x1xf32>) -> tensor<1x4x4x4xf32>
    %3 = stablehlo.add %0, %2 : tensor<1x4x4x4xf32>
    %4 = stablehlo.tanh %3 : tensor<1x4x4x4xf32>
    %5 = stablehlo.transpose %cst_2, dims = [2, 3, 1, 0] : (tensor<4x2x2x2xf32>) -> tensor<2x2x2x4xf32>
    %6 = stablehlo.reverse %5, dims = [0, 1] : tensor<2x2x2x4xf32>
    %7 = stablehlo.convolution(%4, %6) dim_numbers = [b, f, 0, 1]x[0, 1, o, i]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x4xf32>, tensor<2x2x2x4xf32>) -> tensor<1x2x8x8xf32>
    %8 = stablehlo.reshape %cst_1 : (tensor<2xf32>) -> tensor<2x1x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [1, 2, 3] : (tensor<2x1x1xf32>) -> tensor<1x2x8x8xf32>
    %10 = stablehlo.add %7, %9 : tensor<1x2x8x8xf32>
    %11 = stablehlo.concatenate %arg0, %10, dim = 1 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x4x8x8xf32>
    %12 = stablehlo.convolution(%11, %cst_0) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x8x8xf32>, tensor<1x4x1x1xf32>) -> tensor<1x1x8x8xf32>
    %13 = stablehlo.reshape %cst : (tensor<1xf32>) -> tensor<1x1x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [1, 2, 3] : (tensor<1x1x1xf32>) -> tensor<1x1x8x8xf32>
    %15 = stablehlo.add %12, %14 : tensor<1x1x8x8xf32>
    %16 = stablehlo.logistic %15 : tensor<1x1x8x8xf32>
    return %16 : tensor<1x1x8x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_1_4_1_1_torch.float32: "0x0400000016BFF53E106A633E189B453EA09D7DBD",
      torch_tensor_2_torch.float32: "0x04000000083C8D3EBB9774BE",
      torch_tensor_4_2_2_2_torch.float32: "0x04000000A519E93DD8507A3AB8B36FBEED4F4E3E6382A9BE09B160BE1DD4A8BD23ACA9BE91F6A2BEF089D9BD7A7E88BD8DC9843EFAF1283E8D4EA83EE0E8E03DD7AD413D328A8BBDFCBA18BEB82AA2BE5157A5BED50B1A3E9F2965BE6F8414BE2F31293E29CD5FBEFEDA053E8445A0BCAE69953D84EA24BE02FE833E8D0F94BEE0FEA8BE",
      torch_tensor_4_2_3_3_torch.float32: "0x040000007A79D93D28E110BE32CCBEBDE73D71BEBF9268BD5F7440BEF640173DCE73433EF85ED63D363749BEFF5A583E72B157BE0C37B9BDBE69073EC50CE53DDA02053E15C065BD945D53BE1C516CBEAA369E3C847F69BE2D1A1FBE2DBA1D3EB5A014BD8A7AA83D56E13DBE8B08193D1F7C593E92842F3D394A2A3DD2F114BECA832EBE38B40C3E7D1558BE47906CBCBF6541BEDDB4873C48816CBEE2CD9F3DA046D239B3B51EBE5ABDB3BD3CE7C0BDE9AFD8BD5EBF70BD1EE0313DE2DE0ABEF3A6733D73E246BE3F4C633E48A910BE4543CD3D6D3525BEC0BD24BE61B60DBDA27E09BE8C0E87BD9CF8D1BD6F0087BDE1943ABE54656B3EB120083EB571ACBDCA442F3EF410D7BDB22A45BE8A9D9A3DFD1BA6BD7285353E8DE581BDB98344BE2F854B3E",
      torch_tensor_4_torch.float32: "0x04000000D4B4583DB280923D9ABCBABC6DEA3FBE"
    }
  }
#-}
