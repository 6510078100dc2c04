module {
  func.func @main(%arg0: tensor<?x16xf32>) -> tensor<?x8xf32> {
    %cst = stablehlo.constant dense_resource<torch_tensor_8_torch.float32_2> : tensor<8xf32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_8_torch.float32_1> : tensor<8xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_8_torch.float32> : tensor<8xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_8_16_torch.float32> : tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %cst_8 = stablehlo.constant dense<-4.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %cst_10 = stablehlo.constant dense<-2.72614237E-10> : tensor<f32>
    %cst_11 = stablehlo.constant dense<2.77068146E-8> : tensor<f32>
    %cst_12 = stablehlo.constant dense<-2.10102394E-6> : tensor<f32>
    %cst_13 = stablehlo.constant dense<-5.69250624E-5> : tensor<f32>
    %cst_14 = stablehlo.constant dense<-7.34990637E-4> : tensor<f32>
    %cst_15 = stablehlo.constant dense<-2.954600e-03> : tensor<f32>
    %cst_16 = stablehlo.constant dense<-0.0160960332> : tensor<f32>
    %cst_17 = stablehlo.constant dense<-1.45660715E-5> : tensor<f32>
    %cst_18 = stablehlo.constant dense<-2.13374049E-4> : tensor<f32>
    %cst_19 = stablehlo.constant dense<-0.00168282702> : tensor<f32>
    %cst_20 = stablehlo.constant dense<-0.00737332925> : tensor<f32>
    %cst_21 = stablehlo.constant dense<-0.0142647391> : tensor<f32>
    %cst_22 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %cst_23 = arith.constant dense<1> : tensor<1xi64>
    %0 = shape.const_shape [8] : tensor<1xindex>
    %cst_24 = arith.constant dense<2.000000e+00> : tensor<1xf64>
    %cst_25 = arith.constant dense<8> : tensor<1xi64>
    %cst_26 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %1 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x8xf32>) -> tensor<?x8xf32>
    %3 = stablehlo.convert %cst_23 : (tensor<1xi64>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = shape.shape_of %2 : tensor<?x8xf32> -> tensor<2xindex>
    %6 = stablehlo.dynamic_broadcast_in_dim %2, %5, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %7 = stablehlo.dynamic_broadcast_in_dim %4, %5, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %8 = stablehlo.multiply %6, %7 : tensor<?x8xf32>
    %9 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %10 = stablehlo.multiply %9, %cst_1 : tensor<8xf32>
    %11 = shape.shape_of %8 : tensor<?x8xf32> -> tensor<2xindex>
    %12 = shape.broadcast %11, %0 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %13 = stablehlo.dynamic_broadcast_in_dim %8, %12, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %14 = stablehlo.dynamic_broadcast_in_dim %10, %12, dims = [1] : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %15 = stablehlo.add %13, %14 : tensor<?x8xf32>
    %16 = stablehlo.convert %cst_24 : (tensor<1xf64>) -> tensor<1xf32>
    %17 = stablehlo.reshape %16 : (tensor<1xf32>) -> tensor<f32>
    %18 = shape.shape_of %15 : tensor<?x8xf32> -> tensor<2xindex>
    %19 = stablehlo.dynamic_broadcast_in_dim %15, %18, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %20 = stablehlo.dynamic_broadcast_in_dim %17, %18, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<?x8xf32>
    %22 = shape.shape_of %21 : tensor<?x8xf32> -> tensor<2xindex>
    %23 = stablehlo.dynamic_broadcast_in_dim %21, %22, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %24 = stablehlo.dynamic_broadcast_in_dim %4, %22, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %25 = stablehlo.add %23, %24 : tensor<?x8xf32>
    %26 = stablehlo.convert %25 : (tensor<?x8xf32>) -> tensor<?x8xf64>
    %27 = stablehlo.reduce(%26 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<?x8xf64>, tensor<f64>) -> tensor<?xf64>
    %dim = tensor.dim %26, %c0 : tensor<?x8xf64>
    %from_elements = tensor.from_elements %dim, %c1 : tensor<2xindex>
    %28 = stablehlo.dynamic_reshape %27, %from_elements : (tensor<?xf64>, tensor<2xindex>) -> tensor<?x1xf64>
    %29 = stablehlo.convert %cst_25 : (tensor<1xi64>) -> tensor<1xf64>
    %30 = stablehlo.reshape %29 : (tensor<1xf64>) -> tensor<f64>
    %31 = shape.shape_of %28 : tensor<?x1xf64> -> tensor<2xindex>
    %32 = stablehlo.dynamic_broadcast_in_dim %28, %31, dims = [0, 1] : (tensor<?x1xf64>, tensor<2xindex>) -> tensor<?x1xf64>
    %33 = stablehlo.dynamic_broadcast_in_dim %30, %31, dims = [] : (tensor<f64>, tensor<2xindex>) -> tensor<?x1xf64>
    %34 = stablehlo.divide %32, %33 : tensor<?x1xf64>
    %35 = shape.shape_of %26 : tensor<?x8xf64> -> tensor<2xindex>
    %36 = shape.shape_of %34 : tensor<?x1xf64> -> tensor<2xindex>
    %37 = shape.cstr_broadcastable %35, %36 : tensor<2xindex>, tensor<2xindex>
    %38 = shape.assuming %37 -> (tensor<?x8xf64>) {
      %135 = shape.broadcast %35, %36 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
      %136 = stablehlo.dynamic_broadcast_in_dim %26, %135, dims = [0, 1] : (tensor<?x8xf64>, tensor<2xindex>) -> tensor<?x8xf64>
      %137 = stablehlo.dynamic_broadcast_in_dim %34, %135, dims = [0, 1] : (tensor<?x1xf64>, tensor<2xindex>) -> tensor<?x8xf64>
      %138 = stablehlo.subtract %136, %137 : tensor<?x8xf64>
      shape.assuming_yield %138 : tensor<?x8xf64>
    }
    %39 = shape.shape_of %38 : tensor<?x8xf64> -> tensor<2xindex>
    %40 = stablehlo.dynamic_broadcast_in_dim %38, %39, dims = [0, 1] : (tensor<?x8xf64>, tensor<2xindex>) -> tensor<?x8xf64>
    %41 = stablehlo.multiply %40, %40 : tensor<?x8xf64>
    %42 = stablehlo.reduce(%41 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<?x8xf64>, tensor<f64>) -> tensor<?xf64>
    %dim_27 = tensor.dim %41, %c0 : tensor<?x8xf64>
    %from_elements_28 = tensor.from_elements %dim_27, %c1 : tensor<2xindex>
    %43 = stablehlo.dynamic_reshape %42, %from_elements_28 : (tensor<?xf64>, tensor<2xindex>) -> tensor<?x1xf64>
    %44 = shape.shape_of %43 : tensor<?x1xf64> -> tensor<2xindex>
    %45 = stablehlo.dynamic_broadcast_in_dim %43, %44, dims = [0, 1] : (tensor<?x1xf64>, tensor<2xindex>) -> tensor<?x1xf64>
    %46 = stablehlo.dynamic_broadcast_in_dim %30, %44, dims = [] : (tensor<f64>, tensor<2xindex>) -> tensor<?x1xf64>
    %47 = stablehlo.divide %45, %46 : tensor<?x1xf64>
    %48 = stablehlo.convert %47 : (tensor<?x1xf64>) -> tensor<?x1xf32>
    %49 = stablehlo.reduce(%25 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
    %dim_29 = tensor.dim %25, %c0 : tensor<?x8xf32>
    %from_elements_30 = tensor.from_elements %dim_29, %c1 : tensor<2xindex>
    %50 = stablehlo.dynamic_reshape %49, %from_elements_30 : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %51 = stablehlo.convert %cst_25 : (tensor<1xi64>) -> tensor<1xf32>
    %52 = stablehlo.reshape %51 : (tensor<1xf32>) -> tensor<f32>
    %53 = shape.shape_of %50 : tensor<?x1xf32> -> tensor<2xindex>
    %54 = stablehlo.dynamic_broadcast_in_dim %50, %53, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %55 = stablehlo.dynamic_broadcast_in_dim %52, %53, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
    %56 = stablehlo.divide %54, %55 : tensor<?x1xf32>
    %57 = stablehlo.convert %cst_26 : (tensor<1xf64>) -> tensor<1xf32>
    %58 = stablehlo.reshape %57 : (tensor<1xf32>) -> tensor<f32>
    %59 = shape.shape_of %48 : tensor<?x1xf32> -> tensor<2xindex>
    %60 = stablehlo.dynamic_broadcast_in_dim %48, %59, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x1xf32>
    %61 = stablehlo.dynamic_broadcast_in_dim %58, %59, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x1xf32>
    %62 = stablehlo.add %60, %61 : tensor<?x1xf32>
    %63 = stablehlo.rsqrt %62 : tensor<?x1xf32>
    %64 = shape.shape_of %25 : tensor<?x8xf32> -> tensor<2xindex>
    %65 = shape.shape_of %56 : tensor<?x1xf32> -> tensor<2xindex>
    %66 = shape.cstr_broadcastable %64, %65 : tensor<2xindex>, tensor<2xindex>
    %67 = shape.assuming %66 -> (tensor<?x8xf32>) {
      %135 = shape.broadcast %64, %65 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
      %136 = stablehlo.dynamic_broadcast_in_dim %25, %135, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %137 = stablehlo.dynamic_broadcast_in_dim %56, %135, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %138 = stablehlo.subtract %136, %137 : tensor<?x8xf32>
      shape.assuming_yield %138 : tensor<?x8xf32>
    }
    %68 = shape.shape_of %67 : tensor<?x8xf32> -> tensor<2xindex>
    %69 = shape.shape_of %63 : tensor<?x1xf32> -> tensor<2xindex>
    %70 = shape.cstr_broadcastable %68, %69 : tensor<2xindex>, tensor<2xindex>
    %71 = shape.assuming %70 -> (tensor<?x8xf32>) {
      %135 = shape.broadcast %68, %69 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
      %136 = stablehlo.dynamic_broadcast_in_dim %67, %135, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %137 = stablehlo.dynamic_broadcast_in_dim %63, %135, dims = [0, 1] : (tensor<?x1xf32>, tensor<2xindex>) -> tensor<?x8xf32>
      %138 = stablehlo.multiply %136, %137 : tensor<?x8xf32>
      shape.assuming_yield %138 : tensor<?x8xf32>
    }
    %72 = shape.shape_of %71 : tensor<?x8xf32> -> tensor<2xindex>
    %73 = shape.broadcast %72, %0 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %74 = stablehlo.dynamic_broadcast_in_dim %71, %73, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %75 = stablehlo.dynamic_broadcast_in_dim %cst_0, %73, dims = [1] : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %76 = stablehlo.multiply %74, %75 : tensor<?x8xf32>
    %77 = shape.shape_of %76 : tensor<?x8xf32> -> tensor<2xindex>
    %78 = shape.broadcast %77, %0 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %79 = stablehlo.dynamic_broadcast_in_dim %76, %78, dims = [0, 1] : (tensor<?x8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %80 = stablehlo.dynamic_broadcast_in_dim %cst, %78, dims = [1] : (tensor<8xf32>, tensor<2xindex>) -> tensor<?x8xf32>
    %81 = stablehlo.add %79, %80 : tensor<?x8xf32>
    %82 = shape.shape_of %81 : tensor<?x8xf32> -> tensor<2xindex>
    %83 = stablehlo.dynamic_broadcast_in_dim %cst_5, %82, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %84 = stablehlo.dynamic_broadcast_in_dim %cst_6, %82, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %85 = stablehlo.dynamic_broadcast_in_dim %cst_7, %82, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %86 = stablehlo.multiply %81, %85 : tensor<?x8xf32>
    %87 = stablehlo.rsqrt %84 : tensor<?x8xf32>
    %88 = stablehlo.multiply %81, %87 : tensor<?x8xf32>
    %89 = shape.shape_of %88 : tensor<?x8xf32> -> tensor<2xindex>
    %90 = stablehlo.dynamic_broadcast_in_dim %cst_8, %89, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %91 = stablehlo.dynamic_broadcast_in_dim %cst_9, %89, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %92 = stablehlo.clamp %90, %88, %91 : tensor<?x8xf32>
    %93 = stablehlo.multiply %92, %92 : tensor<?x8xf32>
    %94 = shape.shape_of %93 : tensor<?x8xf32> -> tensor<2xindex>
    %95 = stablehlo.dynamic_broadcast_in_dim %cst_10, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %96 = stablehlo.multiply %95, %93 : tensor<?x8xf32>
    %97 = stablehlo.dynamic_broadcast_in_dim %cst_11, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %98 = stablehlo.add %96, %97 : tensor<?x8xf32>
    %99 = stablehlo.multiply %98, %93 : tensor<?x8xf32>
    %100 = stablehlo.dynamic_broadcast_in_dim %cst_12, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %101 = stablehlo.add %99, %100 : tensor<?x8xf32>
    %102 = stablehlo.multiply %101, %93 : tensor<?x8xf32>
    %103 = stablehlo.dynamic_broadcast_in_dim %cst_13, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %104 = stablehlo.add %102, %103 : tensor<?x8xf32>
    %105 = stablehlo.multiply %104, %93 : tensor<?x8xf32>
    %106 = stablehlo.dynamic_broadcast_in_dim %cst_14, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %107 = stablehlo.add %105, %106 : tensor<?x8xf32>
    %108 = stablehlo.multiply %107, %93 : tensor<?x8xf32>
    %109 = stablehlo.dynamic_broadcast_in_dim %cst_15, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %110 = stablehlo.add %108, %109 : tensor<?x8xf32>
    %111 = stablehlo.multiply %110, %93 : tensor<?x8xf32>
    %112 = stablehlo.dynamic_broadcast_in_dim %cst_16, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %113 = stablehlo.add %111, %112 : tensor<?x8xf32>
    %114 = stablehlo.dynamic_broadcast_in_dim %cst_17, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %115 = stablehlo.multiply %114, %93 : tensor<?x8xf32>
    %116 = stablehlo.dynamic_broadcast_in_dim %cst_18, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %117 = stablehlo.add %115, %116 : tensor<?x8xf32>
    %118 = stablehlo.multiply %117, %93 : tensor<?x8xf32>
    %119 = stablehlo.dynamic_broadcast_in_dim %cst_19, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %120 = stablehlo.add %118, %119 : tensor<?x8xf32>
    %121 = stablehlo.multiply %120, %93 : tensor<?x8xf32>
    %122 = stablehlo.dynamic_broadcast_in_dim %cst_20, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %123 = stablehlo.add %121, %122 : tensor<?x8xf32>
    %124 = stablehlo.multiply %123, %93 : tensor<?x8xf32>
    %125 = stablehlo.dynamic_broadcast_in_dim %cst_21, %94, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %126 = stablehlo.add %124, %125 : tensor<?x8xf32>
    %127 = stablehlo.multiply %92, %113 : tensor<?x8xf32>
    %128 = stablehlo.divide %127, %126 : tensor<?x8xf32>
    %129 = shape.shape_of %92 : tensor<?x8xf32> -> tensor<2xindex>
    %130 = stablehlo.dynamic_broadcast_in_dim %cst_22, %129, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %131 = stablehlo.dynamic_broadcast_in_dim %cst_5, %129, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x8xf32>
    %132 = stablehlo.clamp %130, %128, %131 : tensor<?x8xf32>
    %133 = stablehlo.add %132, %83 : tensor<?x8xf32>
    %134 = stablehlo.multiply %133, %86 : tensor<?x8xf32>
    return %134 : tensor<?x8xf32>
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
