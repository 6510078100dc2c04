module {
  func.func @main(%arg0: tensor<?x3x8x8xf32>) -> tensor<?x4xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_4_torch.float32> : tensor<4xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_4_6_torch.float32> : tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_4> : tensor<6xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_3> : tensor<6xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_2> : tensor<6xf32>
    %c6_i64 = arith.constant 6 : i64
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32_1> : tensor<6xf32>
    %cst_5 = stablehlo.constant dense_resource<torch_tensor_6_torch.float32> : tensor<6xf32>
    %cst_6 = stablehlo.constant dense_resource<torch_tensor_6_3_3_3_torch.float32> : tensor<6x3x3x3xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = shape.const_shape [6, 1, 1] : tensor<3xindex>
    %cst_10 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %cst_11 = arith.constant dense<1> : tensor<1xi64>
    %c6 = arith.constant 6 : index
    %cst_12 = arith.constant dense<16> : tensor<1xi64>
    %1 = shape.const_shape [4] : tensor<1xindex>
    %dim = tensor.dim %arg0, %c0 : tensor<?x3x8x8xf32>
    %2 = arith.index_cast %dim : index to i64
    %3 = stablehlo.convolution(%arg0, %cst_6) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<?x6x8x8xf32>
    %4 = stablehlo.reshape %cst_5 : (tensor<6xf32>) -> tensor<6x1x1xf32>
    %5 = shape.shape_of %3 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %6 = shape.broadcast %5, %0 : tensor<4xindex>, tensor<3xindex> -> tensor<4xindex>
    %7 = stablehlo.dynamic_broadcast_in_dim %3, %6, dims = [0, 1, 2, 3] : (tensor<?x6x8x8xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %8 = stablehlo.dynamic_broadcast_in_dim %4, %6, dims = [1, 2, 3] : (tensor<6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %9 = stablehlo.add %7, %8 : tensor<?x6x8x8xf32>
    %10 = stablehlo.convert %cst_10 : (tensor<1xf64>) -> tensor<1xf32>
    %11 = stablehlo.reshape %10 : (tensor<1xf32>) -> tensor<f32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.add %12, %cst_3 : tensor<6xf32>
    %14 = stablehlo.sqrt %13 : tensor<6xf32>
    %15 = stablehlo.divide %cst_7, %14 : tensor<6xf32>
    %16 = stablehlo.convert %cst_11 : (tensor<1xi64>) -> tensor<1xf32>
    %17 = stablehlo.reshape %16 : (tensor<1xf32>) -> tensor<f32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %19 = stablehlo.multiply %15, %18 : tensor<6xf32>
    %20 = stablehlo.reshape %cst_4 : (tensor<6xf32>) -> tensor<6x1xf32>
    %21 = stablehlo.reshape %20 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %22 = stablehlo.reshape %19 : (tensor<6xf32>) -> tensor<6x1xf32>
    %23 = stablehlo.reshape %22 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %24 = shape.shape_of %9 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %25 = shape.broadcast %24, %0 : tensor<4xindex>, tensor<3xindex> -> tensor<4xindex>
    %26 = stablehlo.dynamic_broadcast_in_dim %9, %25, dims = [0, 1, 2, 3] : (tensor<?x6x8x8xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %27 = stablehlo.dynamic_broadcast_in_dim %21, %25, dims = [1, 2, 3] : (tensor<6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %28 = stablehlo.subtract %26, %27 : tensor<?x6x8x8xf32>
    %29 = shape.shape_of %28 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %30 = shape.broadcast %29, %0 : tensor<4xindex>, tensor<3xindex> -> tensor<4xindex>
    %31 = stablehlo.dynamic_broadcast_in_dim %28, %30, dims = [0, 1, 2, 3] : (tensor<?x6x8x8xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %32 = stablehlo.dynamic_broadcast_in_dim %23, %30, dims = [1, 2, 3] : (tensor<6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %33 = stablehlo.multiply %31, %32 : tensor<?x6x8x8xf32>
    %34 = stablehlo.reshape %cst_2 : (tensor<6xf32>) -> tensor<6x1xf32>
    %35 = stablehlo.reshape %34 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %36 = shape.shape_of %33 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %37 = shape.broadcast %36, %0 : tensor<4xindex>, tensor<3xindex> -> tensor<4xindex>
    %38 = stablehlo.dynamic_broadcast_in_dim %33, %37, dims = [0, 1, 2, 3] : (tensor<?x6x8x8xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %39 = stablehlo.dynamic_broadcast_in_dim %35, %37, dims = [1, 2, 3] : (tensor<6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %40 = stablehlo.multiply %38, %39 : tensor<?x6x8x8xf32>
    %41 = stablehlo.reshape %cst_1 : (tensor<6xf32>) -> tensor<6x1xf32>
    %42 = stablehlo.reshape %41 : (tensor<6x1xf32>) -> tensor<6x1x1xf32>
    %43 = shape.shape_of %40 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %44 = shape.broadcast %43, %0 : tensor<4xindex>, tensor<3xindex> -> tensor<4xindex>
    %45 = stablehlo.dynamic_broadcast_in_dim %40, %44, dims = [0, 1, 2, 3] : (tensor<?x6x8x8xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %46 = stablehlo.dynamic_broadcast_in_dim %42, %44, dims = [1, 2, 3] : (tensor<6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %47 = stablehlo.add %45, %46 : tensor<?x6x8x8xf32>
    %48 = shape.shape_of %47 : tensor<?x6x8x8xf32> -> tensor<4xindex>
    %49 = stablehlo.dynamic_broadcast_in_dim %cst_8, %48, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x6x8x8xf32>
    %50 = stablehlo.maximum %47, %49 : tensor<?x6x8x8xf32>
    %51 = "stablehlo.reduce_window"(%50, %cst_9) <{padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %74 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %74 : tensor<f32>
    }) : (tensor<?x6x8x8xf32>, tensor<f32>) -> tensor<?x6x4x4xf32>
    %52 = stablehlo.reduce(%51 init: %cst_8) applies stablehlo.add across dimensions = [2, 3] : (tensor<?x6x4x4xf32>, tensor<f32>) -> tensor<?x6xf32>
    %dim_13 = tensor.dim %51, %c0 : tensor<?x6x4x4xf32>
    %from_elements = tensor.from_elements %dim_13, %c6, %c1, %c1 : tensor<4xindex>
    %53 = stablehlo.dynamic_reshape %52, %from_elements : (tensor<?x6xf32>, tensor<4xindex>) -> tensor<?x6x1x1xf32>
    %54 = stablehlo.convert %cst_12 : (tensor<1xi64>) -> tensor<1xf32>
    %55 = stablehlo.reshape %54 : (tensor<1xf32>) -> tensor<f32>
    %56 = shape.shape_of %53 : tensor<?x6x1x1xf32> -> tensor<4xindex>
    %57 = stablehlo.dynamic_broadcast_in_dim %53, %56, dims = [0, 1, 2, 3] : (tensor<?x6x1x1xf32>, tensor<4xindex>) -> tensor<?x6x1x1xf32>
    %58 = stablehlo.dynamic_broadcast_in_dim %55, %56, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x6x1x1xf32>
    %59 = stablehlo.divide %57, %58 : tensor<?x6x1x1xf32>
    %from_elements_14 = tensor.from_elements %2, %c6_i64 : tensor<2xi64>
    %60 = stablehlo.dynamic_reshape %59, %from_elements_14 : (tensor<?x6x1x1xf32>, tensor<2xi64>) -> tensor<?x6xf32>
    %61 = stablehlo.transpose %cst_0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %62 = stablehlo.dot_general %60, %61, contracting_dims = [1] x [0] : (tensor<?x6xf32>, tensor<6x4xf32>) -> tensor<?x4xf32>
    %63 = shape.shape_of %62 : tensor<?x4xf32> -> tensor<2xindex>
    %64 = stablehlo.dynamic_broadcast_in_dim %62, %63, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
    %65 = stablehlo.dynamic_broadcast_in_dim %17, %63, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x4xf32>
    %66 = stablehlo.multiply %64, %65 : tensor<?x4xf32>
    %67 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %68 = stablehlo.multiply %67, %cst : tensor<4xf32>
    %69 = shape.shape_of %66 : tensor<?x4xf32> -> tensor<2xindex>
    %70 = shape.broadcast %69, %1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %71 = stablehlo.dynamic_broadcast_in_dim %66, %70, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
    %72 = stablehlo.dynamic_broadcast_in_dim %68, %70, dims = [1] : (tensor<4xf32>, tensor<2xindex>) -> tensor<?x4xf32>
    %73 = stablehlo.add %71, %72 : tensor<?x4xf32>
    return %73 : tensor<?x4xf32>
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
      torch_tensor_6_torch.float32: "0x04000000F376A13DBC8784BDAC28BEBD1D9C0D3DD5BCCCBD5D9F353D",
      torch_tensor_6_3_3_3_torch.float32: "0x040000006E43AF3BE10188BC44881F3DBD9BFA3D3AAC3A3EAE4CFA3D91193B3E9E0964BCFE0731BE0CDABABD6C2F063EF984A3BA9EE7C3BD260417BE656D38BEE85326BE29E41FBDC425D83D4B16D53D3D0F3EBE28DBF53D51351ABE4AA626BDE5CF9FBD7BD517BDACC51ABDFBD630BE21282ABEAAB2F6BC201B233B020CB3BDAD78943D9E5F31BE4FCB54BC644E2D3E01C4A0BD2EF4313E0DBD8E3DD4D831BEB45EF93DE0ECB5BC20F2AFBD38961D3E1C401FBEF52BA93C4D0A25BDB9BA0C3EF60A5C3DA462BD3D7B318B3D728F3DBD56C725BD9C6622BEAE8FD53DE8771C3EE5D6063E14020BBEC6A00C3CACEB0ABE74F7D8BD90AAE5BDD3B1863D35DFEABD729589BB25A5043CFF11FE3DE4F714BE4B4A07BE54DCE4BD63EF093EC2AD8DBDB339263EF0858E3DE4A1C73C2FC6BBBAD9D31BBDDACDC53CA0FF33BD933DB1BA2E28C93CF7251ABE7B94CEBDB7211F3E3CEE1FBE8B6962BCBCF2423E8E608E3D3E8CB23B28C82ABE453FC33D4E5E0CBE65C35FBD5B3D84BDA377E9BC49F5093B3D8B223E97D0C43C6183303E5819F13DEE2DF9BDBDC5B03DA64E0BBEA60BA7BD88D9673D2424823DBCD8133E27C27DBD9986A13953E9CA3D73953EBE1C7A0E3EEFF522BE9FD42D3B230506BDEB94CFBDD85FD03CC0F5223EA86D66BD4DFFE9BD78C491BD135343BE53E9B13D424ABDBD138303BE3710E3BDA69CE23D99B9D03D3341173E80F68E3D4AA083BD3B485CBD55E1683D5AFF213E7353563D067CBABD7846B9BD92523ABE2C4E2A3DE82EDDBDADB32FBE19CE2C3E1EF5FFBDD459B3BCFBD5613DB6E7C83BA39A04BE894B1FBE85141D3E9D5C003D427E233E892184BDDB30683D864234BDD9380CBC1E0CF0BD3A4C853DD339793D871682BBED4831BD52F5F2BD2F48083EEDB312BE"
    }
  }
#-}
