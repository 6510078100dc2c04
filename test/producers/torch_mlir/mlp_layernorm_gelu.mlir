module {
  func.func @main(%arg0: tensor<4x16xf32>) -> tensor<4x8xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_8_16_torch.float32> : tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<4x8xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<4x8xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<4x8xf32>
    %cst_8 = stablehlo.constant dense<-4.000000e+00> : tensor<4x8xf32>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<4x8xf32>
    %cst_10 = stablehlo.constant dense<-2.72614237E-10> : tensor<4x8xf32>
    %cst_11 = stablehlo.constant dense<2.77068146E-8> : tensor<4x8xf32>
    %cst_12 = stablehlo.constant dense<-2.10102394E-6> : tensor<4x8xf32>
    %cst_13 = stablehlo.constant dense<-5.69250624E-5> : tensor<4x8xf32>
    %cst_14 = stablehlo.constant dense<-7.34990637E-4> : tensor<4x8xf32>
    %cst_15 = stablehlo.constant dense<-2.954600e-03> : tensor<4x8xf32>
    %cst_16 = stablehlo.constant dense<-0.0160960332> : tensor<4x8xf32>
    %cst_17 = stablehlo.constant dense<-1.45660715E-5> : tensor<4x8xf32>
    %cst_18 = stablehlo.constant dense<-2.13374049E-4> : tensor<4x8xf32>
    %cst_19 = stablehlo.constant dense<-0.00168282702> : tensor<4x8xf32>
    %cst_20 = stablehlo.constant dense<-0.00737332925> : tensor<4x8xf32>
    %cst_21 = stablehlo.constant dense<-0.0142647391> : tensor<4x8xf32>
    %cst_22 = stablehlo.constant dense<-1.000000e+00> : tensor<4x8xf32>
    %cst_23 = arith.constant dense<1> : tensor<1xi64>
    %cst_24 = arith.constant dense<2.000000e+00> : tensor<1xf64>
    %cst_25 = arith.constant dense<8> : tensor<1xi64>
    %cst_26 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %0 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %1 = stablehlo.dot_general %arg0, %0, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
    %2 = stablehlo.convert %cst_23 : (tensor<1xi64>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %5 = stablehlo.multiply %1, %4 : tensor<4x8xf32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %7 = stablehlo.multiply %6, %cst_1 : tensor<8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %9 = stablehlo.add %5, %8 : tensor<4x8xf32>
    %10 = stablehlo.convert %cst_24 : (tensor<1xf64>) -> tensor<1xf32>
    %11 = stablehlo.reshape %10 : (tensor<1xf32>) -> tensor<f32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %13 = stablehlo.multiply %9, %12 : tensor<4x8xf32>
    %14 = stablehlo.add %13, %4 : tensor<4x8xf32>
    %15 = stablehlo.convert %14 : (tensor<4x8xf32>) -> tensor<4x8xf64>
    %16 = stablehlo.reduce(%15 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
    %17 = stablehlo.reshape %16 : (tensor<4xf64>) -> tensor<4x1xf64>
    %18 = stablehlo.convert %cst_25 : (tensor<1xi64>) -> tensor<1xf64>
    %19 = stablehlo.reshape %18 : (tensor<1xf64>) -> tensor<f64>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f64>) -> tensor<4x1xf64>
    %21 = stablehlo.divide %17, %20 : tensor<4x1xf64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x8xf64>
    %23 = stablehlo.subtract %15, %22 : tensor<4x8xf64>
    %24 = stablehlo.multiply %23, %23 : tensor<4x8xf64>
    %25 = stablehlo.reduce(%24 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
    %26 = stablehlo.reshape %25 : (tensor<4xf64>) -> tensor<4x1xf64>
    %27 = stablehlo.divide %26, %20 : tensor<4x1xf64>
    %28 = stablehlo.convert %27 : (tensor<4x1xf64>) -> tensor<4x1xf32>
    %29 = stablehlo.reduce(%14 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %30 = stablehlo.reshape %29 : (tensor<4xf32>) -> tensor<4x1xf32>
    %31 = stablehlo.convert %cst_25 : (tensor<1xi64>) -> tensor<1xf32>
    %32 = stablehlo.reshape %31 : (tensor<1xf32>) -> tensor<f32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %34 = stablehlo.divide %30, %33 : tensor<4x1xf32>
    %35 = stablehlo.convert %cst_26 : (tensor<1xf64>) -> tensor<1xf32>
    %36 = stablehlo.reshape %35 : (tensor<1xf32>) -> tensor<f32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %38 = stablehlo.add %28, %37 : tensor<4x1xf32>
    %39 = stablehlo.rsqrt %38 : tensor<4x1xf32>
    %40 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %41 = stablehlo.subtract %14, %40 : tensor<4x8xf32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %43 = stablehlo.multiply %41, %42 : tensor<4x8xf32>
    %44 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<4x8xf32>
    %46 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %47 = stablehlo.add %45, %46 : tensor<4x8xf32>
    %48 = stablehlo.multiply %47, %cst_7 : tensor<4x8xf32>
    %49 = stablehlo.rsqrt %cst_6 : tensor<4x8xf32>
    %50 = stablehlo.multiply %47, %49 : tensor<4x8xf32>
    %51 = stablehlo.clamp %cst_8, %50, %cst_9 : tensor<4x8xf32>
    %52 = stablehlo.multiply %51, %51 : tensor<4x8xf32>
    %53 = stablehlo.multiply %cst_10, %52 : tensor<4x8xf32>
    %54 = stablehlo.add %53, %cst_11 : tensor<4x8xf32>
    %55 = stablehlo.multiply %54, %52 : tensor<4x8xf32>
    %56 = stablehlo.add %55, %cst_12 : tensor<4x8xf32>
    %57 = stablehlo.multiply %56, %52 : tensor<4x8xf32>
    %58 = stablehlo.add %57, %cst_13 : tensor<4x8xf32>
    %59 = stablehlo.multiply %58, %52 : tensor<4x8xf32>
    %60 = stablehlo.add %59, %cst_14 : tensor<4x8xf32>
    %61 = stablehlo.multiply %60, %52 : tensor<4x8xf32>
    %62 = stablehlo.add %61, %cst_15 : tensor<4x8xf32>
    %63 = stablehlo.multiply %62, %52 : tensor<4x8xf32>
    %64 = stablehlo.add %63, %cst_16 : tensor<4x8xf32>
    %65 = stablehlo.multiply %cst_17, %52 : tensor<4x8xf32>
    %66 = stablehlo.add %65, %cst_18 : tensor<4x8xf32>
    %67 = stablehlo.multiply %66, %52 : tensor<4x8xf32>
    %68 = stablehlo.add %67, %cst_19 : tensor<4x8xf32>
    %69 = stablehlo.multiply %68, %52 : tensor<4x8xf32>
    %70 = stablehlo.add %69, %cst_20 : tensor<4x8xf32>
    %71 = stablehlo.multiply %70, %52 : tensor<4x8xf32>
    %72 = stablehlo.add %71, %cst_21 : tensor<4x8xf32>
    %73 = stablehlo.multiply %51, %64 : tensor<4x8xf32>
    %74 = stablehlo.divide %73, %72 : tensor<4x8xf32>
    %75 = stablehlo.clamp %cst_22, %74, %cst_5 : tensor<4x8xf32>
    %76 = stablehlo.add %75, %cst_5 : tensor<4x8xf32>
    %77 = stablehlo.multiply %76, %48 : tensor<4x8xf32>
    return %77 : tensor<4x8xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_8_torch.float32_2: "0x040000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_8_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_8_torch.float32: "0x040000005C1DB3BDBAD251BE00D259BDF8E25A3D76C626BE403452BC0042373EF088D2BC",
      torch_tensor_8_16_torch.float32: "0x040000000054F5BA5E54093E16B352BE80663CBEF432C5BDEC4B893D404FA2BBCEFA4A3E70BFB5BC4C7B873DACBB9ABD704849BDB89174BE528B29BEE80ED3BD00BB173C6069CA3D189B193E8C8D2DBEFCF4DEBD98F7B93D4E94543E48BD52BD5C913F3E400D25BD10B5D83C4ACD673ECE7B6DBE662921BEE09E81BDDC93C7BD282F5D3E1AEF25BEC0B0EBBD1ADA32BE76C26FBE047015BE9E0E5C3EBC76E43D0027F83D406A573C3A3F03BEC03E2D3D9E066FBE1AFA38BEC6F903BE2685213E2619163EC811E3BD20CB13BC40BA233E827F7E3E2434CB3DC8550A3DFEA42B3EC0BB16BEF8D03E3D6C7A46BE186E31BED23E04BE8CAAE73DF8E7CD3D6AA417BEC8AD9A3D6E890C3E203F01BD40641C3C00446D3D00D11E3E48CF753E964745BEECA1BBBD9838C93DD01B543EE8C55E3E22E2613E78CA4B3DF89C5EBE9066BC3CAC2720BE8C946EBE3E74633EF0A6423EFE5D7FBE08AA3F3DC8802CBDB88228BD1C5FEABD8CE4C43D34A117BEDCB1BB3D1676013E5C43373E4871BF3D4A5F7DBE001126BE38A6FF3D1853563D96B347BEE86813BEF2D4703E547F2C3EB03EDFBDD4DC80BD78DD73BE803E93BB78C840BEA27745BE20B061BCA0BF193DF4ADD1BD98E7173E38C91BBE6849683ED06F2F3E64E157BE88DB7EBD80D2383C1867153DD0DD723D5CECC83DE059753CCCD1F9BDD445F23D569175BEA0BB17BE3C2B80BDEC66F9BD"
    }
  }
#-}
