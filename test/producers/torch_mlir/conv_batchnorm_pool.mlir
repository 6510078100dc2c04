module {
  func.func @main(%arg0: tensor<2x3x8x8xf32>) -> tensor<2x4xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_4_6_torch.float32> : tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_4> : tensor<6xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_3> : tensor<6xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_2> : tensor<6xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_1> : tensor<6xf32>
    %cst_5 = stablehlo.constant dense_resource<torch_tensor_6_3_3_3_torch.float32> : tensor<6x3x3x3xf32>
    %cst_6 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<2x6x8x8xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_11 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %cst_12 = arith.constant dense<1> : tensor<1xi64>
    %cst_13 = arith.constant dense<16> : tensor<1xi64>
    %0 = stablehlo.convolution(%arg0, %cst_5) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<2x6x8x8xf32>
    %1 = stablehlo.reshape %cst_6 : (tensor<6xf32>) -> tensor<6x1x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3] : (tensor<6x1x1xf32>) -> tensor<2x6x8x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x6x8x8xf32>
    %4 = stablehlo.convert %cst_11 : (tensor<1xf64>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %7 = stablehlo.add %6, %cst_3 : tensor<6xf32>
    %8 = stablehlo.sqrt %7 : tensor<6xf32>
    %9 = stablehlo.divide %cst_7, %8 : tensor<6xf32>
    %10 = stablehlo.convert %cst_12 : (tensor<1xi64>) -> tensor<1xf32>
    %11 = stablehlo.reshape %10 : (tensor<1xf32>) -> tensor<f32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.multiply %9, %12 : tensor<6xf32>
    %14 = stablehlo.reshape %cst_4 : (tensor<6xf32>) -> tensor<6x1xf32>
    %15 = stablehlo.reshape %14 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %16 = stablehlo.reshape %13 : (tensor<6xf32>) -> tensor<6x1xf32>
    %17 = stablehlo.reshape %16 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %18 = stablehlo.broadcast_in_dim %15, dims = [1, 2, 3] : (tensor<6x1x1xf32>) -> tensor<2x6x8x8xf32>
    %19 = stablehlo.subtract %3, %18 : tensor<2x6x8x8xf32>
    %20 = stablehlo.broadcast_in_dim %17, dims = [1, 2, 3] : (tensor<6x1x1xf32>) -> tensor<2x6x8x8xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<2x6x8x8xf32>
    %22 = stablehlo.reshape %cst_2 : (tensor<6xf32>) -> tensor<6x1xf32>
    %23 = stablehlo.reshape %22 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [1, 2, 3] : (tensor<6x1x1xf32>) -> tensor<2x6x8x8xf32>
    %25 = stablehlo.multiply %21, %24 : tensor<2x6x8x8xf32>
    %26 = stablehlo.reshape %cst_1 : (tensor<6xf32>) -> tensor<6x1xf32>
    %27 = stablehlo.reshape %26 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [1, 2, 3] : (tensor<6x1x1xf32>) -> tensor<2x6x8x8xf32>
    %29 = stablehlo.add %25, %28 : tensor<2x6x8x8xf32>
    %30 = stablehlo.maximum %29, %cst_8 : tensor<2x6x8x8xf32>
    %31 = "stablehlo.reduce_window"(%30, %cst_9) <{padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %47 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %47 : tensor<f32>
    }) : (tensor<2x6x8x8xf32>, tensor<f32>) -> tensor<2x6x4x4xf32>
    %32 = stablehlo.reduce(%31 init: %cst_10) applies stablehlo.add across dimensions = [2, 3] : (tensor<2x6x4x4xf32>, tensor<f32>) -> tensor<2x6xf32>
    %33 = stablehlo.reshape %32 : (tensor<2x6xf32>) -> tensor<2x6x1x1xf32>
    %34 = stablehlo.convert %cst_13 : (tensor<1xi64>) -> tensor<1xf32>
    %35 = stablehlo.reshape %34 : (tensor<1xf32>) -> tensor<f32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<f32>) -> tensor<2x6x1x1xf32>
    %37 = stablehlo.divide %33, %36 : tensor<2x6x1x1xf32>
    %38 = stablehlo.reshape %37 : (tensor<2x6x1x1xf32>) -> tensor<2x6xf32>
    %39 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %40 = stablehlo.dot_general %38, %39, contracting_dims = [1] x [0] : (tensor<2x6xf32>, tensor<6x4xf32>) -> tensor<2x4xf32>
    %41 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %42 = stablehlo.multiply %40, %41 : tensor<2x4xf32>
    %43 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %44 = stablehlo.multiply %43, %cst : tensor<4xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
    %46 = stablehlo.add %42, %45 : tensor<2x4xf32>
    return %46 : tensor<2x4xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_4_torch.float32: "0x04000000C93B433EFA5E4BBE0D37ADBE50BEB3BE",
      torch_tensor_4_6_torch.float32: "0x040000004C31A43D8E329BBE4C358B3DE00E323EC579253E127E52BDC65AABBE16E380BDD030113E178918BEB6AE1E3E9B338B3E95485ABE28ED833B99DC2C3EF00F033D1DAE0B3D4FCC503DB452A4BE026A033D02BE903E875ABC3E03B5753EF013603D",
      torch_tensor_6_torch.float32_4: "0x04000000000000000000000000000000000000000000000000000000",
      torch_tensor_6_torch.float32_3: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_6_torch.float32_2: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_6_torch.float32_1: "0x04000000000000000000000000000000000000000000000000000000",
      torch_tensor_6_3_3_3_torch.float32: "0x040000006E43AF3BE10188BC44881F3DBD9BFA3D3AAC3A3EAE4CFA3D91193B3E9E0964BCFE0731BE0CDABABD6C2F063EF984A3BA9EE7C3BD260417BE656D38BEE85326BE29E41FBDC425D83D4B16D53D3D0F3EBE28DBF53D51351ABE4AA626BDE5CF9FBD7BD517BDACC51ABDFBD630BE21282ABEAAB2F6BC201B233B020CB3BDAD78943D9E5F31BE4FCB54BC644E2D3E01C4A0BD2EF4313E0DBD8E3DD4D831BEB45EF93DE0ECB5BC20F2AFBD38961D3E1C401FBEF52BA93C4D0A25BDB9BA0C3EF60A5C3DA462BD3D7B318B3D728F3DBD56C725BD9C6622BEAE8FD53DE8771C3EE5D6063E14020BBEC6A00C3CACEB0ABE74F7D8BD90AAE5BDD3B1863D35DFEABD729589BB25A5043CFF11FE3DE4F714BE4B4A07BE54DCE4BD63EF093EC2AD8DBDB339263EF0858E3DE4A1C73C2FC6BBBAD9D31BBDDACDC53CA0FF33BD933DB1BA2E28C93CF7251ABE7B94CEBDB7211F3E3CEE1FBE8B6962BCBCF2423E8E608E3D3E8CB23B28C82ABE453FC33D4E5E0CBE65C35FBD5B3D84BDA377E9BC49F5093B3D8B223E97D0C43C6183303E5819F13DEE2DF9BDBDC5B03DA64E0BBEA60BA7BD88D9673D2424823DBCD8133E27C27DBD9986A13953E9CA3D73953EBE1C7A0E3EEFF522BE9FD42D3B230506BDEB94CFBDD85FD03CC0F5223EA86D66BD4DFFE9BD78C491BD135343BE53E9B13D424ABDBD138303BE3710E3BDA69CE23D99B9D03D3341173E80F68E3D4AA083BD3B485CBD55E1683D5AFF213E7353563D067CBABD7846B9BD92523ABE2C4E2A3DE82EDDBDADB32FBE19CE2C3E1EF5FFBDD459B3BCFBD5613DB6E7C83BA39A04BE894B1FBE85141D3E9D5C003D427E233E892184BDDB30683D864234BDD9380CBC1E0CF0BD3A4C853DD339793D871682BBED4831BD52F5F2BD2F48083EEDB312BE",
      torch_tensor_6_torch.float32: "0x04000000F376A13DBC8784BDAC28BEBD1D9C0D3DD5BCCCBD5D9F353D"
    }
  }
#-}
