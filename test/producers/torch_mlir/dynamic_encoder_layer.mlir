module {
  func.func @main(%arg0: tensor<?x5x16xf32>) -> tensor<?x5x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32_5> : tensor<16xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32_4> : tensor<16xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32_3> : tensor<16xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_16_32_torch.float32> : tensor<16x32xf32>
    %c32_i64 = arith.constant 32 : i64
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_32_torch.float32> : tensor<32xf32>
    %cst_5 = stablehlo.constant dense_resource<torch_tensor_32_16_torch.float32> : tensor<32x16xf32>
    %cst_6 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32_2> : tensor<16xf32>
    %cst_7 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32_1> : tensor<16xf32>
    %cst_8 = stablehlo.constant dense_resource<torch_tensor_16_torch.float32> : tensor<16xf32>
    %cst_9 = stablehlo.constant dense_resource<torch_tensor_16_16_torch.float32> : tensor<16x16xf32>
    %c4_i64 = arith.constant 4 : i64
    %c3_i64 = arith.constant 3 : i64
    %cst_10 = stablehlo.constant dense_resource<torch_tensor_48_torch.float32> : tensor<48xf32>
    %c48_i64 = arith.constant 48 : i64
    %c16_i64 = arith.constant 16 : i64
    %c5_i64 = arith.constant 5 : i64
    %cst_11 = stablehlo.constant dense_resource<torch_tensor_48_16_torch.float32> : tensor<48x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %0 = shape.const_shape [48] : tensor<1xindex>
    %c3 = arith.constant 3 : index
    %c1_i64 = arith.constant 1 : i64
    %cst_14 = arith.constant dense<0> : tensor<4xi64>
    %cst_15 = arith.constant dense<1> : tensor<4xi64>
    %c2_i64 = arith.constant 2 : i64
    %cst_16 = arith.constant dense<[1, 0, 0, 0]> : tensor<4xi64>
    %cst_17 = arith.constant dense<[2, 0, 0, 0]> : tensor<4xi64>
    %cst_18 = arith.constant dense<0.70710678118654757> : tensor<1xf64>
    %c4 = arith.constant 4 : index
    %cst_19 = arith.constant dense<0xFFF0000000000000> : tensor<1xf64>
    %cst_20 = arith.constant dense<1> : tensor<1xi64>
    %1 = shape.const_shape [16] : tensor<1xindex>
    %cst_21 = arith.constant dense<16> : tensor<1xi64>
    %cst_22 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %2 = shape.const_shape [32] : tensor<1xindex>
    %dim = tensor.dim %arg0, %c0 : tensor<?x5x16xf32>
    %3 = arith.index_cast %dim : index to i64
    %4 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<?x5x16xf32>) -> tensor<5x?x16xf32>
    %5 = stablehlo.transpose %cst_11, dims = [1, 0] : (tensor<48x16xf32>) -> tensor<16x48xf32>
    %from_elements = tensor.from_elements %c5, %dim, %c16 : tensor<3xindex>
    %6 = stablehlo.dynamic_broadcast_in_dim %4, %from_elements, dims = [0, 1, 2] : (tensor<5x?x16xf32>, tensor<3xindex>) -> tensor<5x?x16xf32>
    %from_elements_23 = tensor.from_elements %c5_i64, %3, %c16_i64 : tensor<3xi64>
    %7 = stablehlo.dynamic_reshape %6, %from_elements_23 : (tensor<5x?x16xf32>, tensor<3xi64>) -> tensor<5x?x16xf32>
    %8 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<16x48xf32>) -> tensor<5x16x48xf32>
    %9 = stablehlo.reshape %8 : (tensor<5x16x48xf32>) -> tensor<5x16x48xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<5x16x48xf32>) -> tensor<5x16x48xf32>
    %11 = stablehlo.dot_general %7, %10, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x?x16xf32>, tensor<5x16x48xf32>) -> tensor<5x?x48xf32>
    %from_elements_24 = tensor.from_elements %c5_i64, %3, %c48_i64 : tensor<3xi64>
    %12 = stablehlo.dynamic_reshape %11, %from_elements_24 : (tensor<5x?x48xf32>, tensor<3xi64>) -> tensor<5x?x48xf32>
    %13 = shape.shape_of %12 : tensor<5x?x48xf32> -> tensor<3xindex>
    %14 = shape.broadcast %13, %0 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
    %15 = stablehlo.dynamic_broadcast_in_dim %12, %14, dims = [0, 1, 2] : (tensor<5x?x48xf32>, tensor<3xindex>) -> tensor<5x?x48xf32>
    %16 = stablehlo.dynamic_broadcast_in_dim %cst_10, %14, dims = [2] : (tensor<48xf32>, tensor<3xindex>) -> tensor<5x?x48xf32>
    %17 = stablehlo.add %15, %16 : tensor<5x?x48xf32>
    %from_elements_25 = tensor.from_elements %c5_i64, %3, %c3_i64, %c16_i64 : tensor<4xi64>
    %18 = stablehlo.dynamic_reshape %17, %from_elements_25 : (tensor<5x?x48xf32>, tensor<4xi64>) -> tensor<5x?x3x16xf32>
    %dim_26 = tensor.dim %18, %c1 : tensor<5x?x3x16xf32>
    %from_elements_27 = tensor.from_elements %c1, %c5, %dim_26, %c3, %c16 : tensor<5xindex>
    %19 = stablehlo.dynamic_reshape %18, %from_elements_27 : (tensor<5x?x3x16xf32>, tensor<5xindex>) -> tensor<1x5x?x3x16xf32>
    %20 = stablehlo.transpose %19, dims = [3, 1, 2, 0, 4] : (tensor<1x5x?x3x16xf32>) -> tensor<3x5x?x1x16xf32>
    %dim_28 = tensor.dim %20, %c2 : tensor<3x5x?x1x16xf32>
    %from_elements_29 = tensor.from_elements %c3, %c5, %dim_28, %c16 : tensor<4xindex>
    %21 = stablehlo.dynamic_reshape %20, %from_elements_29 : (tensor<3x5x?x1x16xf32>, tensor<4xindex>) -> tensor<3x5x?x16xf32>
    %dim_30 = tensor.dim %21, %c2 : tensor<3x5x?x16xf32>
    %22 = arith.index_cast %dim_30 : index to i64
    %from_elements_31 = tensor.from_elements %c1_i64, %c5_i64, %22, %c16_i64 : tensor<4xi64>
    %23 = stablehlo.real_dynamic_slice %21, %cst_14, %from_elements_31, %cst_15 : (tensor<3x5x?x16xf32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<1x5x?x16xf32>
    %dim_32 = tensor.dim %23, %c2 : tensor<1x5x?x16xf32>
    %from_elements_33 = tensor.from_elements %c5, %dim_32, %c16 : tensor<3xindex>
    %24 = stablehlo.dynamic_reshape %23, %from_elements_33 : (tensor<1x5x?x16xf32>, tensor<3xindex>) -> tensor<5x?x16xf32>
    %from_elements_34 = tensor.from_elements %c2_i64, %c5_i64, %22, %c16_i64 : tensor<4xi64>
    %25 = stablehlo.real_dynamic_slice %21, %cst_16, %from_elements_34, %cst_15 : (tensor<3x5x?x16xf32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<1x5x?x16xf32>
    %dim_35 = tensor.dim %25, %c2 : tensor<1x5x?x16xf32>
    %from_elements_36 = tensor.from_elements %c5, %dim_35, %c16 : tensor<3xindex>
    %26 = stablehlo.dynamic_reshape %25, %from_elements_36 : (tensor<1x5x?x16xf32>, tensor<3xindex>) -> tensor<5x?x16xf32>
    %from_elements_37 = tensor.from_elements %c3_i64, %c5_i64, %22, %c16_i64 : tensor<4xi64>
    %27 = stablehlo.real_dynamic_slice %21, %cst_17, %from_elements_37, %cst_15 : (tensor<3x5x?x16xf32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<1x5x?x16xf32>
    %dim_38 = tensor.dim %27, %c2 : tensor<1x5x?x16xf32>
    %from_elements_39 = tensor.from_elements %c5, %dim_38, %c16 : tensor<3xindex>
    %28 = stablehlo.dynamic_reshape %27, %from_elements_39 : (tensor<1x5x?x16xf32>, tensor<3xindex>) -> tensor<5x?x16xf32>
    %29 = arith.muli %3, %c4_i64 : i64
    %from_elements_40 = tensor.from_elements %c5_i64, %29, %c4_i64 : tensor<3xi64>
    %30 = stablehlo.dynamic_reshape %24, %from_elements_40 : (tensor<5x?x16xf32>, tensor<3xi64>) -> tensor<5x?x4xf32>
    %31 = stablehlo.transpose %30, dims = [1, 0, 2] : (tensor<5x?x4xf32>) -> tensor<?x5x4xf32>
    %32 = stablehlo.dynamic_reshape %26, %from_elements_40 : (tensor<5x?x16xf32>, tensor<3xi64>) -> tensor<5x?x4xf32>
    %33 = stablehlo.transpose %32, dims = [1, 0, 2] : (tensor<5x?x4xf32>) -> tensor<?x5x4xf32>
    %34 = stablehlo.dynamic_reshape %28, %from_elements_40 : (tensor<5x?x16xf32>, tensor<3xi64>) -> tensor<5x?x4xf32>
    %35 = stablehlo.transpose %34, dims = [1, 0, 2] : (tensor<5x?x4xf32>) -> tensor<?x5x4xf32>
    %from_elements_41 = tensor.from_elements %3, %c4_i64, %c5_i64, %c4_i64 : tensor<4xi64>
    %36 = stablehlo.dynamic_reshape %31, %from_elements_41 : (tensor<?x5x4xf32>, tensor<4xi64>) -> tensor<?x4x5x4xf32>
    %37 = stablehlo.dynamic_reshape %33, %from_elements_41 : (tensor<?x5x4xf32>, tensor<4xi64>) -> tensor<?x4x5x4xf32>
    %38 = stablehlo.dynamic_reshape %35, %from_elements_41 : (tensor<?x5x4xf32>, tensor<4xi64>) -> tensor<?x4x5x4xf32>
    %39 = stablehlo.convert %cst_18 : (tensor<1xf64>) -> tensor<1xf32>
    %40 = stablehlo.reshape %39 : (tensor<1xf32>) -> tensor<f32>
    %41 = shape.shape_of %36 : tensor<?x4x5x4xf32> -> tensor<4xindex>
    %42 = stablehlo.dynamic_broadcast_in_dim %36, %41, dims = [0, 1, 2, 3] : (tensor<?x4x5x4xf32>, tensor<4xindex>) -> tensor<?x4x5x4xf32>
    %43 = stablehlo.dynamic_broadcast_in_dim %40, %41, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x5x4xf32>
    %44 = stablehlo.multiply %42, %43 : tensor<?x4x5x4xf32>
    %45 = stablehlo.transpose %37, dims = [0, 1, 3, 2] : (tensor<?x4x5x4xf32>) -> tensor<?x4x4x5xf32>
    %46 = shape.shape_of %45 : tensor<?x4x4x5xf32> -> tensor<4xindex>
    %47 = stablehlo.dynamic_broadcast_in_dim %45, %46, dims = [0, 1, 2, 3] : (tensor<?x4x4x5xf32>, tensor<4xindex>) -> tensor<?x4x4x5xf32>
    %48 = stablehlo.dynamic_broadcast_in_dim %40, %46, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x4x5xf32>
    %49 = stablehlo.multiply %47, %48 : tensor<?x4x4x5xf32>
    %from_elements_42 = tensor.from_elements %dim, %c4, %c5, %c4 : tensor<4xindex>
    %50 = stablehlo.dynamic_broadcast_in_dim %44, %from_elements_42, dims = [0, 1, 2, 3] : (tensor<?x4x5x4xf32>, tensor<4xindex>) -> tensor<?x4x5x4xf32>
    %from_elements_43 = tensor.from_elements %29, %c5_i64, %c4_i64 : tensor<3xi64>
    %51 = stablehlo.dynamic_reshape %50, %from_elements_43 : (tensor<?x4x5x4xf32>, tensor<3xi64>) -> tensor<?x5x4xf32>
    %from_elements_44 = tensor.from_elements %dim, %c4, %c4, %c5 : tensor<4xindex>
    %52 = stablehlo.dynamic_broadcast_in_dim %49, %from_elements_44, dims = [0, 1, 2, 3] : (tensor<?x4x4x5xf32>, tensor<4xindex>) -> tensor<?x4x4x5xf32>
    %from_elements_45 = tensor.from_elements %29, %c4_i64, %c5_i64 : tensor<3xi64>
    %53 = stablehlo.dynamic_reshape %52, %from_elements_45 : (tensor<?x4x4x5xf32>, tensor<3xi64>) -> tensor<?x4x5xf32>
    %dim_46 = tensor.dim %53, %c0 : tensor<?x4x5xf32>
    %from_elements_47 = tensor.from_elements %dim_46, %c4, %c5 : tensor<3xindex>
    %54 = stablehlo.dynamic_broadcast_in_dim %53, %from_elements_47, dims = [0, 1, 2] : (tensor<?x4x5xf32>, tensor<3xindex>) -> tensor<?x4x5xf32>
    %55 = stablehlo.dot_general %51, %54, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x5x4xf32>, tensor<?x4x5xf32>) -> tensor<?x5x5xf32>
    %from_elements_48 = tensor.from_elements %3, %c4_i64, %c5_i64, %c5_i64 : tensor<4xi64>
    %56 = stablehlo.dynamic_reshape %55, %from_elements_48 : (tensor<?x5x5xf32>, tensor<4xi64>) -> tensor<?x4x5x5xf32>
    %dim_49 = tensor.dim %56, %c0 : tensor<?x4x5x5xf32>
    %57 = stablehlo.reduce(%56 init: %cst_12) applies stablehlo.maximum across dimensions = [3] : (tensor<?x4x5x5xf32>, tensor<f32>) -> tensor<?x4x5xf32>
    %from_elements_50 = tensor.from_elements %dim_49, %c4, %c5, %c1 : tensor<4xindex>
    %58 = stablehlo.dynamic_reshape %57, %from_elements_50 : (tensor<?x4x5xf32>, tensor<4xindex>) -> tensor<?x4x5x1xf32>
    %59 = shape.shape_of %56 : tensor<?x4x5x5xf32> -> tensor<4xindex>
    %60 = shape.shape_of %58 : tensor<?x4x5x1xf32> -> tensor<4xindex>
    %61 = shape.cstr_broadcastable %59, %60 : tensor<4xindex>, tensor<4xindex>
    %62 = shape.assuming %61 -> (tensor<?x4x5x5xf32>) {
      %259 = shape.broadcast %59, %60 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %56, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %58, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x1xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %262 = stablehlo.subtract %260, %261 : tensor<?x4x5x5xf32>
      shape.assuming_yield %262 : tensor<?x4x5x5xf32>
    }
    %63 = stablehlo.exponential %62 : tensor<?x4x5x5xf32>
    %64 = stablehlo.reduce(%63 init: %cst) applies stablehlo.add across dimensions = [3] : (tensor<?x4x5x5xf32>, tensor<f32>) -> tensor<?x4x5xf32>
    %dim_51 = tensor.dim %63, %c0 : tensor<?x4x5x5xf32>
    %from_elements_52 = tensor.from_elements %dim_51, %c4, %c5, %c1 : tensor<4xindex>
    %65 = stablehlo.dynamic_reshape %64, %from_elements_52 : (tensor<?x4x5xf32>, tensor<4xindex>) -> tensor<?x4x5x1xf32>
    %66 = shape.shape_of %63 : tensor<?x4x5x5xf32> -> tensor<4xindex>
    %67 = shape.shape_of %65 : tensor<?x4x5x1xf32> -> tensor<4xindex>
    %68 = shape.cstr_broadcastable %66, %67 : tensor<4xindex>, tensor<4xindex>
    %69 = shape.assuming %68 -> (tensor<?x4x5x5xf32>) {
      %259 = shape.broadcast %66, %67 : tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %63, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %65, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x1xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %262 = stablehlo.divide %260, %261 : tensor<?x4x5x5xf32>
      shape.assuming_yield %262 : tensor<?x4x5x5xf32>
    }
    %70 = stablehlo.convert %cst_19 : tensor<1xf64>
    %71 = stablehlo.reshape %70 : (tensor<1xf64>) -> tensor<f64>
    %72 = stablehlo.convert %71 : (tensor<f64>) -> tensor<f32>
    %73 = stablehlo.dynamic_broadcast_in_dim %56, %59, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
    %74 = stablehlo.dynamic_broadcast_in_dim %72, %59, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
    %75 = stablehlo.compare EQ, %73, %74, FLOAT : (tensor<?x4x5x5xf32>, tensor<?x4x5x5xf32>) -> tensor<?x4x5x5xi1>
    %76 = stablehlo.reduce(%75 init: %c) applies stablehlo.and across dimensions = [3] : (tensor<?x4x5x5xi1>, tensor<i1>) -> tensor<?x4x5xi1>
    %dim_53 = tensor.dim %75, %c0 : tensor<?x4x5x5xi1>
    %from_elements_54 = tensor.from_elements %dim_53, %c4, %c5, %c1 : tensor<4xindex>
    %77 = stablehlo.dynamic_reshape %76, %from_elements_54 : (tensor<?x4x5xi1>, tensor<4xindex>) -> tensor<?x4x5x1xi1>
    %dim_55 = tensor.dim %69, %c0 : tensor<?x4x5x5xf32>
    %from_elements_56 = tensor.from_elements %dim_55, %c4, %c5, %c5 : tensor<4xindex>
    %78 = stablehlo.dynamic_broadcast_in_dim %cst, %from_elements_56, dims = [] : (tensor<f32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
    %79 = shape.shape_of %77 : tensor<?x4x5x1xi1> -> tensor<4xindex>
    %80 = shape.shape_of %78 : tensor<?x4x5x5xf32> -> tensor<4xindex>
    %81 = shape.shape_of %69 : tensor<?x4x5x5xf32> -> tensor<4xindex>
    %82 = shape.cstr_broadcastable %79, %80, %81 : tensor<4xindex>, tensor<4xindex>, tensor<4xindex>
    %83 = shape.assuming %82 -> (tensor<?x4x5x5xf32>) {
      %259 = shape.broadcast %79, %80, %81 : tensor<4xindex>, tensor<4xindex>, tensor<4xindex> -> tensor<4xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %77, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x1xi1>, tensor<4xindex>) -> tensor<?x4x5x5xi1>
      %261 = stablehlo.dynamic_broadcast_in_dim %78, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %262 = stablehlo.dynamic_broadcast_in_dim %69, %259, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
      %263 = stablehlo.select %260, %261, %262 : tensor<?x4x5x5xi1>, tensor<?x4x5x5xf32>
      shape.assuming_yield %263 : tensor<?x4x5x5xf32>
    }
    %from_elements_57 = tensor.from_elements %dim, %c4, %c5, %c5 : tensor<4xindex>
    %84 = stablehlo.dynamic_broadcast_in_dim %83, %from_elements_57, dims = [0, 1, 2, 3] : (tensor<?x4x5x5xf32>, tensor<4xindex>) -> tensor<?x4x5x5xf32>
    %from_elements_58 = tensor.from_elements %29, %c5_i64, %c5_i64 : tensor<3xi64>
    %85 = stablehlo.dynamic_reshape %84, %from_elements_58 : (tensor<?x4x5x5xf32>, tensor<3xi64>) -> tensor<?x5x5xf32>
    %86 = stablehlo.dynamic_broadcast_in_dim %38, %from_elements_42, dims = [0, 1, 2, 3] : (tensor<?x4x5x4xf32>, tensor<4xindex>) -> tensor<?x4x5x4xf32>
    %87 = stablehlo.dynamic_reshape %86, %from_elements_43 : (tensor<?x4x5x4xf32>, tensor<3xi64>) -> tensor<?x5x4xf32>
    %dim_59 = tensor.dim %87, %c0 : tensor<?x5x4xf32>
    %from_elements_60 = tensor.from_elements %dim_59, %c5, %c4 : tensor<3xindex>
    %88 = stablehlo.dynamic_broadcast_in_dim %87, %from_elements_60, dims = [0, 1, 2] : (tensor<?x5x4xf32>, tensor<3xindex>) -> tensor<?x5x4xf32>
    %89 = stablehlo.dot_general %85, %88, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x5x5xf32>, tensor<?x5x4xf32>) -> tensor<?x5x4xf32>
    %90 = stablehlo.dynamic_reshape %89, %from_elements_41 : (tensor<?x5x4xf32>, tensor<4xi64>) -> tensor<?x4x5x4xf32>
    %91 = stablehlo.transpose %90, dims = [2, 0, 1, 3] : (tensor<?x4x5x4xf32>) -> tensor<5x?x4x4xf32>
    %92 = stablehlo.transpose %91, dims = [1, 2, 0, 3] : (tensor<5x?x4x4xf32>) -> tensor<?x4x5x4xf32>
    %93 = stablehlo.transpose %92, dims = [2, 0, 1, 3] : (tensor<?x4x5x4xf32>) -> tensor<5x?x4x4xf32>
    %94 = arith.muli %3, %c5_i64 : i64
    %from_elements_61 = tensor.from_elements %94, %c16_i64 : tensor<2xi64>
    %95 = stablehlo.dynamic_reshape %93, %from_elements_61 : (tensor<5x?x4x4xf32>, tensor<2xi64>) -> tensor<?x16xf32>
    %96 = stablehlo.transpose %cst_9, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
    %97 = stablehlo.dot_general %95, %96, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
    %98 = stablehlo.convert %cst_20 : (tensor<1xi64>) -> tensor<1xf32>
    %99 = stablehlo.reshape %98 : (tensor<1xf32>) -> tensor<f32>
    %100 = shape.shape_of %97 : tensor<?x16xf32> -> tensor<2xindex>
    %101 = stablehlo.dynamic_broadcast_in_dim %97, %100, dims = [0, 1] : (tensor<?x16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %102 = stablehlo.dynamic_broadcast_in_dim %99, %100, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x16xf32>
    %103 = stablehlo.multiply %101, %102 : tensor<?x16xf32>
    %104 = stablehlo.broadcast_in_dim %99, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %105 = stablehlo.multiply %104, %cst_8 : tensor<16xf32>
    %106 = shape.shape_of %103 : tensor<?x16xf32> -> tensor<2xindex>
    %107 = shape.broadcast %106, %1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %108 = stablehlo.dynamic_broadcast_in_dim %103, %107, dims = [0, 1] : (tensor<?x16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %109 = stablehlo.dynamic_broadcast_in_dim %105, %107, dims = [1] : (tensor<16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %110 = stablehlo.add %108, %109 : tensor<?x16xf32>
    %111 = stablehlo.dynamic_reshape %110, %from_elements_23 : (tensor<?x16xf32>, tensor<3xi64>) -> tensor<5x?x16xf32>
    %112 = stablehlo.transpose %111, dims = [1, 0, 2] : (tensor<5x?x16xf32>) -> tensor<?x5x16xf32>
    %113 = shape.shape_of %arg0 : tensor<?x5x16xf32> -> tensor<3xindex>
    %114 = shape.shape_of %112 : tensor<?x5x16xf32> -> tensor<3xindex>
    %115 = shape.cstr_broadcastable %113, %114 : tensor<3xindex>, tensor<3xindex>
    %116 = shape.assuming %115 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %113, %114 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %arg0, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %112, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.add %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %117 = stablehlo.convert %116 : (tensor<?x5x16xf32>) -> tensor<?x5x16xf64>
    %118 = stablehlo.reduce(%117 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf64>, tensor<f64>) -> tensor<?x5xf64>
    %dim_62 = tensor.dim %117, %c0 : tensor<?x5x16xf64>
    %from_elements_63 = tensor.from_elements %dim_62, %c5, %c1 : tensor<3xindex>
    %119 = stablehlo.dynamic_reshape %118, %from_elements_63 : (tensor<?x5xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %120 = stablehlo.convert %cst_21 : (tensor<1xi64>) -> tensor<1xf64>
    %121 = stablehlo.reshape %120 : (tensor<1xf64>) -> tensor<f64>
    %122 = shape.shape_of %119 : tensor<?x5x1xf64> -> tensor<3xindex>
    %123 = stablehlo.dynamic_broadcast_in_dim %119, %122, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %124 = stablehlo.dynamic_broadcast_in_dim %121, %122, dims = [] : (tensor<f64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %125 = stablehlo.divide %123, %124 : tensor<?x5x1xf64>
    %126 = shape.shape_of %117 : tensor<?x5x16xf64> -> tensor<3xindex>
    %127 = shape.shape_of %125 : tensor<?x5x1xf64> -> tensor<3xindex>
    %128 = shape.cstr_broadcastable %126, %127 : tensor<3xindex>, tensor<3xindex>
    %129 = shape.assuming %128 -> (tensor<?x5x16xf64>) {
      %259 = shape.broadcast %126, %127 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %117, %259, dims = [0, 1, 2] : (tensor<?x5x16xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
      %261 = stablehlo.dynamic_broadcast_in_dim %125, %259, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
      %262 = stablehlo.subtract %260, %261 : tensor<?x5x16xf64>
      shape.assuming_yield %262 : tensor<?x5x16xf64>
    }
    %130 = shape.shape_of %129 : tensor<?x5x16xf64> -> tensor<3xindex>
    %131 = stablehlo.dynamic_broadcast_in_dim %129, %130, dims = [0, 1, 2] : (tensor<?x5x16xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
    %132 = stablehlo.multiply %131, %131 : tensor<?x5x16xf64>
    %133 = stablehlo.reduce(%132 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf64>, tensor<f64>) -> tensor<?x5xf64>
    %dim_64 = tensor.dim %132, %c0 : tensor<?x5x16xf64>
    %from_elements_65 = tensor.from_elements %dim_64, %c5, %c1 : tensor<3xindex>
    %134 = stablehlo.dynamic_reshape %133, %from_elements_65 : (tensor<?x5xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %135 = shape.shape_of %134 : tensor<?x5x1xf64> -> tensor<3xindex>
    %136 = stablehlo.dynamic_broadcast_in_dim %134, %135, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %137 = stablehlo.dynamic_broadcast_in_dim %121, %135, dims = [] : (tensor<f64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %138 = stablehlo.divide %136, %137 : tensor<?x5x1xf64>
    %139 = stablehlo.convert %138 : (tensor<?x5x1xf64>) -> tensor<?x5x1xf32>
    %140 = stablehlo.reduce(%116 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf32>, tensor<f32>) -> tensor<?x5xf32>
    %dim_66 = tensor.dim %116, %c0 : tensor<?x5x16xf32>
    %from_elements_67 = tensor.from_elements %dim_66, %c5, %c1 : tensor<3xindex>
    %141 = stablehlo.dynamic_reshape %140, %from_elements_67 : (tensor<?x5xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %142 = stablehlo.convert %cst_21 : (tensor<1xi64>) -> tensor<1xf32>
    %143 = stablehlo.reshape %142 : (tensor<1xf32>) -> tensor<f32>
    %144 = shape.shape_of %141 : tensor<?x5x1xf32> -> tensor<3xindex>
    %145 = stablehlo.dynamic_broadcast_in_dim %141, %144, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %146 = stablehlo.dynamic_broadcast_in_dim %143, %144, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %147 = stablehlo.divide %145, %146 : tensor<?x5x1xf32>
    %148 = stablehlo.convert %cst_22 : (tensor<1xf64>) -> tensor<1xf32>
    %149 = stablehlo.reshape %148 : (tensor<1xf32>) -> tensor<f32>
    %150 = shape.shape_of %139 : tensor<?x5x1xf32> -> tensor<3xindex>
    %151 = stablehlo.dynamic_broadcast_in_dim %139, %150, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %152 = stablehlo.dynamic_broadcast_in_dim %149, %150, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %153 = stablehlo.add %151, %152 : tensor<?x5x1xf32>
    %154 = stablehlo.rsqrt %153 : tensor<?x5x1xf32>
    %155 = shape.shape_of %116 : tensor<?x5x16xf32> -> tensor<3xindex>
    %156 = shape.shape_of %147 : tensor<?x5x1xf32> -> tensor<3xindex>
    %157 = shape.cstr_broadcastable %155, %156 : tensor<3xindex>, tensor<3xindex>
    %158 = shape.assuming %157 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %155, %156 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %116, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %147, %259, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.subtract %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %159 = shape.shape_of %158 : tensor<?x5x16xf32> -> tensor<3xindex>
    %160 = shape.shape_of %154 : tensor<?x5x1xf32> -> tensor<3xindex>
    %161 = shape.cstr_broadcastable %159, %160 : tensor<3xindex>, tensor<3xindex>
    %162 = shape.assuming %161 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %159, %160 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %158, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %154, %259, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.multiply %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %163 = shape.shape_of %162 : tensor<?x5x16xf32> -> tensor<3xindex>
    %164 = shape.broadcast %163, %1 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
    %165 = stablehlo.dynamic_broadcast_in_dim %162, %164, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %166 = stablehlo.dynamic_broadcast_in_dim %cst_7, %164, dims = [2] : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %167 = stablehlo.multiply %165, %166 : tensor<?x5x16xf32>
    %168 = shape.shape_of %167 : tensor<?x5x16xf32> -> tensor<3xindex>
    %169 = shape.broadcast %168, %1 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
    %170 = stablehlo.dynamic_broadcast_in_dim %167, %169, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %171 = stablehlo.dynamic_broadcast_in_dim %cst_6, %169, dims = [2] : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %172 = stablehlo.add %170, %171 : tensor<?x5x16xf32>
    %173 = stablehlo.dynamic_reshape %172, %from_elements_61 : (tensor<?x5x16xf32>, tensor<2xi64>) -> tensor<?x16xf32>
    %174 = stablehlo.transpose %cst_5, dims = [1, 0] : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %175 = stablehlo.dot_general %173, %174, contracting_dims = [1] x [0] : (tensor<?x16xf32>, tensor<16x32xf32>) -> tensor<?x32xf32>
    %176 = shape.shape_of %175 : tensor<?x32xf32> -> tensor<2xindex>
    %177 = stablehlo.dynamic_broadcast_in_dim %175, %176, dims = [0, 1] : (tensor<?x32xf32>, tensor<2xindex>) -> tensor<?x32xf32>
    %178 = stablehlo.dynamic_broadcast_in_dim %99, %176, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x32xf32>
    %179 = stablehlo.multiply %177, %178 : tensor<?x32xf32>
    %180 = stablehlo.broadcast_in_dim %99, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %181 = stablehlo.multiply %180, %cst_4 : tensor<32xf32>
    %182 = shape.shape_of %179 : tensor<?x32xf32> -> tensor<2xindex>
    %183 = shape.broadcast %182, %2 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %184 = stablehlo.dynamic_broadcast_in_dim %179, %183, dims = [0, 1] : (tensor<?x32xf32>, tensor<2xindex>) -> tensor<?x32xf32>
    %185 = stablehlo.dynamic_broadcast_in_dim %181, %183, dims = [1] : (tensor<32xf32>, tensor<2xindex>) -> tensor<?x32xf32>
    %186 = stablehlo.add %184, %185 : tensor<?x32xf32>
    %from_elements_68 = tensor.from_elements %3, %c5_i64, %c32_i64 : tensor<3xi64>
    %187 = stablehlo.dynamic_reshape %186, %from_elements_68 : (tensor<?x32xf32>, tensor<3xi64>) -> tensor<?x5x32xf32>
    %188 = shape.shape_of %187 : tensor<?x5x32xf32> -> tensor<3xindex>
    %189 = stablehlo.dynamic_broadcast_in_dim %cst, %188, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x5x32xf32>
    %190 = stablehlo.maximum %187, %189 : tensor<?x5x32xf32>
    %from_elements_69 = tensor.from_elements %94, %c32_i64 : tensor<2xi64>
    %191 = stablehlo.dynamic_reshape %190, %from_elements_69 : (tensor<?x5x32xf32>, tensor<2xi64>) -> tensor<?x32xf32>
    %192 = stablehlo.transpose %cst_3, dims = [1, 0] : (tensor<16x32xf32>) -> tensor<32x16xf32>
    %193 = stablehlo.dot_general %191, %192, contracting_dims = [1] x [0] : (tensor<?x32xf32>, tensor<32x16xf32>) -> tensor<?x16xf32>
    %194 = shape.shape_of %193 : tensor<?x16xf32> -> tensor<2xindex>
    %195 = stablehlo.dynamic_broadcast_in_dim %193, %194, dims = [0, 1] : (tensor<?x16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %196 = stablehlo.dynamic_broadcast_in_dim %99, %194, dims = [] : (tensor<f32>, tensor<2xindex>) -> tensor<?x16xf32>
    %197 = stablehlo.multiply %195, %196 : tensor<?x16xf32>
    %198 = stablehlo.multiply %104, %cst_2 : tensor<16xf32>
    %199 = shape.shape_of %197 : tensor<?x16xf32> -> tensor<2xindex>
    %200 = shape.broadcast %199, %1 : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
    %201 = stablehlo.dynamic_broadcast_in_dim %197, %200, dims = [0, 1] : (tensor<?x16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %202 = stablehlo.dynamic_broadcast_in_dim %198, %200, dims = [1] : (tensor<16xf32>, tensor<2xindex>) -> tensor<?x16xf32>
    %203 = stablehlo.add %201, %202 : tensor<?x16xf32>
    %from_elements_70 = tensor.from_elements %3, %c5_i64, %c16_i64 : tensor<3xi64>
    %204 = stablehlo.dynamic_reshape %203, %from_elements_70 : (tensor<?x16xf32>, tensor<3xi64>) -> tensor<?x5x16xf32>
    %205 = shape.shape_of %172 : tensor<?x5x16xf32> -> tensor<3xindex>
    %206 = shape.shape_of %204 : tensor<?x5x16xf32> -> tensor<3xindex>
    %207 = shape.cstr_broadcastable %205, %206 : tensor<3xindex>, tensor<3xindex>
    %208 = shape.assuming %207 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %205, %206 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %172, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %204, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.add %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %209 = stablehlo.convert %208 : (tensor<?x5x16xf32>) -> tensor<?x5x16xf64>
    %210 = stablehlo.reduce(%209 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf64>, tensor<f64>) -> tensor<?x5xf64>
    %dim_71 = tensor.dim %209, %c0 : tensor<?x5x16xf64>
    %from_elements_72 = tensor.from_elements %dim_71, %c5, %c1 : tensor<3xindex>
    %211 = stablehlo.dynamic_reshape %210, %from_elements_72 : (tensor<?x5xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %212 = shape.shape_of %211 : tensor<?x5x1xf64> -> tensor<3xindex>
    %213 = stablehlo.dynamic_broadcast_in_dim %211, %212, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %214 = stablehlo.dynamic_broadcast_in_dim %121, %212, dims = [] : (tensor<f64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %215 = stablehlo.divide %213, %214 : tensor<?x5x1xf64>
    %216 = shape.shape_of %209 : tensor<?x5x16xf64> -> tensor<3xindex>
    %217 = shape.shape_of %215 : tensor<?x5x1xf64> -> tensor<3xindex>
    %218 = shape.cstr_broadcastable %216, %217 : tensor<3xindex>, tensor<3xindex>
    %219 = shape.assuming %218 -> (tensor<?x5x16xf64>) {
      %259 = shape.broadcast %216, %217 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %209, %259, dims = [0, 1, 2] : (tensor<?x5x16xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
      %261 = stablehlo.dynamic_broadcast_in_dim %215, %259, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
      %262 = stablehlo.subtract %260, %261 : tensor<?x5x16xf64>
      shape.assuming_yield %262 : tensor<?x5x16xf64>
    }
    %220 = shape.shape_of %219 : tensor<?x5x16xf64> -> tensor<3xindex>
    %221 = stablehlo.dynamic_broadcast_in_dim %219, %220, dims = [0, 1, 2] : (tensor<?x5x16xf64>, tensor<3xindex>) -> tensor<?x5x16xf64>
    %222 = stablehlo.multiply %221, %221 : tensor<?x5x16xf64>
    %223 = stablehlo.reduce(%222 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf64>, tensor<f64>) -> tensor<?x5xf64>
    %dim_73 = tensor.dim %222, %c0 : tensor<?x5x16xf64>
    %from_elements_74 = tensor.from_elements %dim_73, %c5, %c1 : tensor<3xindex>
    %224 = stablehlo.dynamic_reshape %223, %from_elements_74 : (tensor<?x5xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %225 = shape.shape_of %224 : tensor<?x5x1xf64> -> tensor<3xindex>
    %226 = stablehlo.dynamic_broadcast_in_dim %224, %225, dims = [0, 1, 2] : (tensor<?x5x1xf64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %227 = stablehlo.dynamic_broadcast_in_dim %121, %225, dims = [] : (tensor<f64>, tensor<3xindex>) -> tensor<?x5x1xf64>
    %228 = stablehlo.divide %226, %227 : tensor<?x5x1xf64>
    %229 = stablehlo.convert %228 : (tensor<?x5x1xf64>) -> tensor<?x5x1xf32>
    %230 = stablehlo.reduce(%208 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<?x5x16xf32>, tensor<f32>) -> tensor<?x5xf32>
    %dim_75 = tensor.dim %208, %c0 : tensor<?x5x16xf32>
    %from_elements_76 = tensor.from_elements %dim_75, %c5, %c1 : tensor<3xindex>
    %231 = stablehlo.dynamic_reshape %230, %from_elements_76 : (tensor<?x5xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %232 = shape.shape_of %231 : tensor<?x5x1xf32> -> tensor<3xindex>
    %233 = stablehlo.dynamic_broadcast_in_dim %231, %232, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %234 = stablehlo.dynamic_broadcast_in_dim %143, %232, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %235 = stablehlo.divide %233, %234 : tensor<?x5x1xf32>
    %236 = shape.shape_of %229 : tensor<?x5x1xf32> -> tensor<3xindex>
    %237 = stablehlo.dynamic_broadcast_in_dim %229, %236, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %238 = stablehlo.dynamic_broadcast_in_dim %149, %236, dims = [] : (tensor<f32>, tensor<3xindex>) -> tensor<?x5x1xf32>
    %239 = stablehlo.add %237, %238 : tensor<?x5x1xf32>
    %240 = stablehlo.rsqrt %239 : tensor<?x5x1xf32>
    %241 = shape.shape_of %208 : tensor<?x5x16xf32> -> tensor<3xindex>
    %242 = shape.shape_of %235 : tensor<?x5x1xf32> -> tensor<3xindex>
    %243 = shape.cstr_broadcastable %241, %242 : tensor<3xindex>, tensor<3xindex>
    %244 = shape.assuming %243 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %241, %242 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %208, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %235, %259, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.subtract %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %245 = shape.shape_of %244 : tensor<?x5x16xf32> -> tensor<3xindex>
    %246 = shape.shape_of %240 : tensor<?x5x1xf32> -> tensor<3xindex>
    %247 = shape.cstr_broadcastable %245, %246 : tensor<3xindex>, tensor<3xindex>
    %248 = shape.assuming %247 -> (tensor<?x5x16xf32>) {
      %259 = shape.broadcast %245, %246 : tensor<3xindex>, tensor<3xindex> -> tensor<3xindex>
      %260 = stablehlo.dynamic_broadcast_in_dim %244, %259, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %261 = stablehlo.dynamic_broadcast_in_dim %240, %259, dims = [0, 1, 2] : (tensor<?x5x1xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
      %262 = stablehlo.multiply %260, %261 : tensor<?x5x16xf32>
      shape.assuming_yield %262 : tensor<?x5x16xf32>
    }
    %249 = shape.shape_of %248 : tensor<?x5x16xf32> -> tensor<3xindex>
    %250 = shape.broadcast %249, %1 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
    %251 = stablehlo.dynamic_broadcast_in_dim %248, %250, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %252 = stablehlo.dynamic_broadcast_in_dim %cst_1, %250, dims = [2] : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %253 = stablehlo.multiply %251, %252 : tensor<?x5x16xf32>
    %254 = shape.shape_of %253 : tensor<?x5x16xf32> -> tensor<3xindex>
    %255 = shape.broadcast %254, %1 : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
    %256 = stablehlo.dynamic_broadcast_in_dim %253, %255, dims = [0, 1, 2] : (tensor<?x5x16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %257 = stablehlo.dynamic_broadcast_in_dim %cst_0, %255, dims = [2] : (tensor<16xf32>, tensor<3xindex>) -> tensor<?x5x16xf32>
    %258 = stablehlo.add %256, %257 : tensor<?x5x16xf32>
    return %258 : tensor<?x5x16xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_16_torch.float32_5: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_4: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32_3: "0x04000000015326BE04ADE23DC02FC8BDBB5C61BD9C15313D77DF1BBE66AFC7BBAB517DBD9018653DFCAC2BBCBB8124BE14C532BD4BE1E13CC83BC63D7CB1CEBD031CDCBD",
      torch_tensor_16_32_torch.float32: "0x040000008FAE95BD0E76503D0F418C3D81B48C3D45F6F93DAC10E5BD18E22BBE043811BE4EFCC6BD8999A5BDA9159F3D25FF02BEC05904BE1AE2C13DA15CE6BD45CF073D7C060ABE3A238A3D173AE23DA64318BE234C763D83CEBDBD81C3E53D59CF223E55B618BE836B873D2480F43DD493243E58B7083EAA670E3D5A52293C2430153D25D7D7BD27DE0DBDD9AA32BBE917E5BD6D6B00BC9260C0BC117D7DBDA8645EBD2B4834BEB6822C3E2A73B23DF5DE023E29171ABE123831BE269E063ECD4CFEBC9CBCE13C598AB53DA914393C1AD8BFBB771FD73DF89C103E56C849BD088C1ABEEC84C6BD695C013E4AD97B3C15FF1A3EFF4A7DBD16852BBED1DB603D46479ABDAA72D8BDC3B5E13D3A6A493CC05077BC0C4A303E43B11D3EE9E013BE436726BE4207B3BD118C0CBE914FBEBD4D40F43D40E6F0BDC605263E5AEA613D9698FB3BD9B4F73C09D5183DC8F9683DD73813BEAC7D49BB7F2BF03DF4D7333E2F3819BC6A5001BEBE62A63D8F9F25BEEE58213ECB83DE3D3811A33DD9CFC53CA296033EB63F92BD43FC16BE5E21C8BD41B4063E07F1B4BDCE5610BE96991E3D34E4E0BD7430F5BBC6CAE5BDE0FC183D7D69ECBC6C12BF3C1A59A73D6D1DE9BD2CDF76BD486AF1BDA4BD163E8BA081BDD457883DCE1B273D1D9732BE3E8200BE7D163ABD69C50ABE98F8BF3DBE93E33DAA06AAB96652B13CF9CF3E3D67D3703D130D0CBDA2748EBD9ADBDFBDB8A8E63B05240F3EF901B4BC14C21B3ED3457D3D0B48BABDB99F8C3D1404913DCF20A1BD91D5FDBC2B6596BC459A7F3DBD3F0D3E173F1FBD346CEB3D9A35C33D86D91CBE7155043ED39DEABB77B80B3E92000D3EFC492FBE2DC116BE00D8A4BCB5AC683D5879E6BC25452EBE92EEC43DF605CFBD655BA43D3EB8FF3D193974BD4309DA3DA592C03CA25063BDBAE23B3C0C31823D1752B93D17BFCFBD8C4D073EF93AABBD4FEF1BBECF819CBDB04220BEF8BD4A3D1CFB423C490A0DBC4506F5BD37DABE3DC729ED3CD0B935BD6049003DEF5F7F3DCD82D9BD8D8C50BD9E68A4BD3A37203E540A333DF19C08BECCAEFF3D8DF2E5BC6D58473C1E5FBB3CD421A9BC975E2B3E06D39C3DFFE41B3D659F83BD2DA7263D54CD03BEA1577ABDE391B73DE42832BE21BB91BB396F85BDA2F6B83D1E25E2BDC6A7FA3C21BF50BD4DDD173E0616D8BC9E3004BEBFF360BDF138FF3D769C8A3DB7071B3D46C1E13DA7CE8B3D56ACB9BCDFBFBFBD553A2DBE7E1BAE3D592B0D3E305F8ABDC9B8A2BD23AFF93C01CD85BC64FD0A3EF68D48BBB27AAEBB9B4A28BEB2005D3D5308213A06D22A3DEC57DD3DFE049A3D9C88B039FB265FBC83DCB6BD8677233EA4AB163E1EC53BBAB9CE343E23F51E3E8923D03D671ABA3DB6548F3D6F08FEBC53E98F3CA044133EC501F4BCD2F9613D1EAE69BDA0A6ED3C5144D23DD729E13D0B27B13D8B45AC3DD9D22DBDA3D5243E045EFE3DEA5D2B3E6B5C12BE900EA4BD4F4F16BEBC48803CCD500A3E3671F7BD19803D3DFFD067BBD28928BE3078E3BBC507AABCD797AFBD4AEFE1BD9F08D63D4A9C94BCFF810FBD7D4F49BD6329B9BCD7B747BDE1E3D8BDA7779A3D82442BBBB9E021BEFFCCB5BD76B913BD85168ABDC5CF2A3D2759293E89A502BEF2FF29BB40491D3E0C09D3BDB4480DBE1B21413D9AFB06BB898D17BB0674E33DE0E31ABE8798D8BD7045FB3D5B2BFEBD2F6CC2BC6715A83D7BB6C5BDAB5F0CBE7D33D8BD43B506BE371F1BBE9A54EDBCEA0728BEFD33DCBD04BF553C1A90283EF77D323E114F173E2852A03C066CE13DBE6162BD51C4E8BD86B0B53DDBD28E3DF5DD7E3D1978A83D22F335BDFB29053EAE4EC53D00869DBDFE08053EC078823DE070C53B43072E3B93961B3EB832BC3B16A47E3DEE19043E4F8D1C3C1CFD233E4F4DD6BD477D8DBCE2356A3CB60E1D3C0C9403BE33BE2C3EB826CBBD9AA7023E0D6E90BDE6F38F3D3C7CC7BD9EAA9DBD01E63E3D50F5F83DA1C668BC0AC5873DDDB3C7BDEBE1643DB7B5A2BC09F924BD7340B23D4F5A70BDED1ADDBD4A634DBD178CB43D474B2D3E20A3233E78E5FC3DE86CDFBD53A7213EBB62933DCDB2003D1CE1D1BD1A59C0BD7BCC3A3D096680BC1E8E4CBD492D0ABE7B4A1A3EBC29603D3B48BE3C3D0F883CD1D0C23D9F53DABD0351E7BBECC61F3EDECAE0BCFBFD1ABED7F9D7BDB873E03D1AA8BE3D9DE2F93D3CE77FBDB054A8BD020920BE60D3473CF2821CBD15C02B3EBA19A3BDCD0CE6BDEBD1923DC21784BDBB7286BC3D95343E92CFE13D856B34BE02AF0B3C844CB63B9F09313E0A801CBE4FDFDE3D10BF31BE1FF331BE9F95B9BD11222DBE562D32BCD62D123EACE048BD3D4709BEF42A79BC285513BE779EF53D8160D13C608B203E6495993D0A74813DC8FB733D8D24283E907BE2BD9364DDBD45370B3EC163833D7EFE253EA6C3283D2B13833DC621DF3DECE5EB3D09A8C63DB5F40DBEF599513DCFC1F7BD8AEDBA3CA931C63D0C0572BD240E1D3EE92B213ED774503D0FF402BEC6CB713BEFD80C3E370D023DCBB21D3E5195513C86ABA7BD6140EC3DAB9D6F3D7EE3C73DD652D8BDDC4009BED27BF23D6B4E7D3D1A6F043E23EC16BEB597A6BD4191B7BBE509BCBD0030E23DD0C40F3EEBE51C3E965BCB3C696124BEC3DB81BD73FB273DE96843BD609D9A3D258041BDDC94153EBFCD1C3E1C5C333E49CD6F3D9416F5BD91663BBD9234C1BDBDD6A23D7F1C7EBC40F5903DAD2D523D933C5EBDB0A2C83C306DDEBC4BBAFA3C28ABEFBDC879563BC2FA093EC64FBB3D2AE1E0BDBF07173EC0698ABDCDCB213ED4A313BD7F9E2E3E59E7D43DD76B6FBCFEEDF33DB9C0193E3D960DBEFF27023D88D5F73D2EF595BC6828E53DAF330D3EEC910FBE3867C53D",
      torch_tensor_32_torch.float32: "0x040000000C42F8BD4C4CD13D46262DBE1846DD3DF6C735BE003CB3BA848B393EEEFD293E505B623EA0A7AE3D40BFC63D1C4D893D50EF3A3E3056063E5C13973D30A5B2BD18CAF7BD502B7DBDA458F43DF4590BBEE0E18B3D9CF95F3E66C4583EB27A3CBEFCEF913D3064273EC28768BE289D233EDC821FBEBA1939BE8008D9BDB094C0BD",
      torch_tensor_32_16_torch.float32: "0x040000002A41653EA00B503E3809863DD082ABBCA0C41B3C98C6D4BD3091F03DC053ED3B9896713DDCE624BE58C8C0BD84EC3F3E0031C73CE0AFB03D6A7D5FBE7440DBBDC07DD0BB70E8D6BC926A233E88839ABD2CA8553EB00C46BD5024C73D2E3B34BE98CE2D3D789579BE24A55BBE62D723BE84568F3D00BC9E3CF036C63C1007E0BC9A1A573E12C77A3EC470D93DD4954B3EC06E4ABC3C3ABCBD3813473D4454283EC8421EBDA09044BEB014A93D508482BD5876F6BD02B2213E00070BBC005612BEEA2E19BE3417713EBC83263E2A9137BE00A0FA38403BB1BB540DF43D22415BBE8080733BE897AA3D7847023E2025D63C90C8FDBD84C375BE165F0A3EF6B7693E3C959ABD82C664BED0CD953D327B33BEEE4227BE60908B3DC07BC2BC604E8BBC689E653EA89C33BD6CD41B3EAC589FBD9C7D3E3E74329C3D021F643E3893B23D005CB5BD3C28DF3D421B5A3E0015423DF40BEC3D1A1A34BECAB50A3E76FE71BE3C4F623ED877D33D90C6863CA29A6FBEE4CB683E743C233E92FF6B3ED445C93D1C6EAC3D08A084BD88D1D1BD54F5CA3D7890B13DE0CA04BC40E0223D04E1AF3D266377BE566462BEE04B88BDF2592E3EB4CBF93D9E5774BE30BA99BD007CD8BC6C29A83D6470513E002CB33B4E4447BEA0537B3CE4B6C5BDCC731CBEBECB0D3E909309BDE4EDF13D2656473EE047C93C1031103E64CFF1BD3AE70E3EE0A2233C9A1E2A3E50C0743EFEA641BEB206733EB06B433EC4394EBEA416963D606950BEF015A63DF0591E3D6A6174BE9CDDB93DE4A28CBDCC2C7F3EAADB793E60BFB03D4ACA493EACECB83D7633723EC015BDBC00157D3DB82529BDC0438FBB04749ABD60A0CABD2017143E8CB6DB3D2404E2BDFA9C61BE9C58FA3DB67C6BBEC04035BCFA455CBE505B563E7474503E3A6452BEFE026EBEFA5B17BE2C488D3DFA0400BE90DC73BD08C881BDD8D53B3DD02DF2BD80DDE83DB23037BEE04CB6BC0096563E945B0DBE6C68443EDE3C053EA462A5BD1C8BB13D8AF22CBE10D4A43C8807913D1A6E5D3E90400FBEC49711BEAC8AFFBD5E6379BEB8144F3DBAE853BE7C7189BDE871E4BD0003653C88509B3D12083ABE602697BD70E4C4BC34FD13BE488E6C3D608ABD3D467236BE0A4C493EE0E9353E40D199BDC85C183D405CF93C90480DBDB4CF2BBE00F3523EECF4FB3D64EE55BE6E6746BEC871733E786F233D70426BBD38802D3E3C16933D08CBB73D48184B3E90D79FBCA2EF733EC2D233BEAAC61BBE48812D3D10A3F8BC3816123E083A8BBDB005213D60C654BDEC30403E605586BC007C7B3B3E8B3B3EACE0783E72F4743E1C4C7ABED2A710BE205C5EBDE06553BD8014143E443EE73DA073A8BC0011C23B58665B3DC0AF5C3EA0A9043EFC2001BE0C2403BE28EBA13D9025CFBC043C24BEB4C677BEB0AD123D108495BD32F314BEE89F403DEE49793E00A1543E12F6113E6A1341BE581B123E6868043E44D3AA3DE0147FBDC0A58EBBA2DA0ABED8A966BDB89028BD800E11BDB4C47EBE90A0B43DF87451BE0A723FBEC40FD03D6A8E51BE4E38743EBA21753E54B4A2BD107A30BDA6DA43BE60397D3C50393B3DC06E0CBE048EA03D80A21DBC44ED96BD00BC62BAAC2578BEAC5534BE608B073D9439773EACBC17BEF81D243E806EBB3C4847DCBD009C8F393C77F53DD0A6F33CB49D623EB8CC41BDB0F32ABED854673E403A92BDA06E223E56DB283EE05A353D801C52BE82537BBEB010F33DE85B7A3D04F5143ED4A361BE20140DBD302F5D3E587F063EA6BE543EBCFD483E98417BBDF2542EBE5AA618BE8CE3AD3D2C3BCBBD00F5813AF069233D3AEB1E3EA8C50E3E101C123E4079263C5286103E78B1EFBD48EDCCBD182222BD6AAA14BEFA59643EC0E91CBDD4D9943D40B2FEBB801560BB187208BEC05B96BCA2FD64BEE4D7F4BDF001453E901D70BEA882283DB022233D740575BE9800483DACBAED3D8C6A393E00AB3F3DF61B483EA02C1A3C5815C33DA425973DD6C13CBE60C860BDEA4634BE56E9463E0C41F43D8024D9BD18633BBD54AE883D5E365FBE4051E73BBC3BF43DD84E003DF06FBCBC4295243EA0B6DE3D2A9563BECEA8163E0EEA49BE56CD0F3E6690573E50BEBC3C880AADBD5C3C04BE2859E3BD88C13CBD1044D4BD66227E3E4CD9DCBDA093D43D46656DBE08C1013E70D5593EA08437BE20A282BD500F743DD80C75BEE0F921BED410B23DAA0F713EF8F498BD003615BB262077BE90B875BE30A35E3E563E593EB00A9CBD4C74CABD109484BC3C90ED3D3E6577BED0CD0DBEA0CAA8BD60DADEBD4069D8BB7ABA3A3E18945F3DDAAC67BE18C56C3EE4204E3EB034A13D289DFA3D2466BF3D7ED5513E483876BE165D1FBE900A02BD08C942BD52042ABEE68075BE768343BE980A1FBDD04F593E0EB9293EA494933D243B1DBEC0F9CDBD204BC53CB2496DBEA0FB3ABC503B503D3872673E2C6686BDA2487B3E50829A3CFE9B31BEA2F3713E3CF25D3EBC474ABE188114BE0CD0F43DBE841DBE56112E3E9C4AF4BDFCE79EBD78FA92BD703B743E3C23ADBDC81C47BD50E61A3E5C272FBE00D79DBA94BD45BE56486CBE88CA69BDC065E23CFE4E5A3E7E8075BE5C5393BD98BC863D3056C13D9E91153EC8D84DBE38577ABDD8C76C3D1C364DBE6A00013E544474BE7EBD1F3E6C75A63DCC6E91BD841AA63D9CD3583EEA523C3E10471B3E780615BEB820933DEC1C403EA89A343D5A7D293E48C41EBE2CEE333E40DE07BC00AE65BE38B984BDCA43623E28DDB2BD705A31BDDCD1CCBDBE310BBEA067313D504C1B3E802AF23CA0A17CBCE0F06C3CCCF83FBEC6E206BE40F64C3C8E9E4CBE4498FD3DF0131C3D00852C3B506D83BC7C37583EC2A1693E04FFF93D984BFE3D",
      torch_tensor_16_torch.float32_2: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_torch.float32_1: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F",
      torch_tensor_16_torch.float32: "0x0400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_16_16_torch.float32: "0x0400000044D3EFBDA07FE03C183C8B3DE0FD0BBD2453C13D60F89B3DA2986CBE807EA13D6083A6BC4C2A30BE603B0A3C80D77BBD3CF207BED44669BEFA28563EC8771BBEE088093DE2144D3E900101BD36C927BE4EAB77BE28242A3D7C7300BE305A953C2C8BA33D341191BD9A942D3EE84005BD2055CCBD424429BE78579B3DF6451EBEE840573D283D01BDF2EF2F3E2C01FBBDFC38FCBD185604BD305C1CBE6832C33D908BBBBD9C0FD23D4E93143EC27C153EB8FC3BBD5EB50B3E268F07BEC0107FBE70E8C2BCF89D39BE945446BE0026823D16C25A3E347DC9BDA0B367BC787839BED0F8323D3CF8913D78301DBDB8C5423E2C094EBE806309BD18190EBE8CC8603EF0D5583EBED07B3E04886B3EF0C7CA3DDE0544BE1CA62DBE087A753DC08E64BEC211223E9896DE3D2052743D44715FBE083A3A3E50C0D8BCC4DAD6BDFEA8053E5011AD3C1CC2E3BD98AB6F3D34B72ABE14EE6D3E2062603E0820EC3D5C6E073E867A7EBEA44E0EBE245776BEC06D05BE323E54BE2E6F3C3E7A1D0A3E02C3163E704BE3BDB21E433EC0F713BD44A784BDB6D6093E0088293EBAFE37BE34B8733E20B4CEBCBC5D883D98E87EBEA0FEE33CA865FDBDC24A20BEFCC5D5BD00A398BAF4DB91BDFAFD23BEC44A373ED051983DB83E6EBE50CD563D708B7B3D8082163C48A7783DB077ABBC60EBDF3D023834BEB44EDABD6CC53F3E369A1EBE0C34FB3DA6DE6C3ED2166ABE404FE0BDBC765A3E40AC77BCC8264A3D38BC113DA8FED23DD0F5D2BD20F0043DE0612E3E50C6ACBC68DE6ABEBCF9B03DD8B482BD200858BD5683053EA875333D24DE1ABED845ECBD68A81BBDA8FE7CBDD0C758BD72FA2EBE0074393E66C4043E10154A3D00DB673D70C1EF3C806B3F3E38B6673DF0FC1B3DDCB90CBE80CCAA3DFC7F6FBE987AA13DE8E55DBE00E7D3BDFC26073E087A18BE90D84B3EFA710DBE1A7B723EF8CD9D3D98E0DDBD06211C3E34B662BE742C22BEF46220BEA0CC063DA033C93CFC2F5CBEAA07773E00887AB902B408BE00ADC33B18C7DBBDB8418D3D4859B93D083C91BD00CA6E3C7252183EAA8226BEF85664BDB01017BD765F29BED0CDA63CE089163C4EC74EBE680F523DEA57743E302A083E38DD0ABE78556A3E0EF92FBE802902BEF4D6E13D9AA84B3E184C743E8C655C3E1EF70CBE88516A3DFABE20BE00E8B43BE618543EC41AFC3D3A626CBECC59DCBD6AFF57BE4430F13DE0FD01BD52243BBE449BA3BD2805A83D609ABD3CE834703E808559BB980DA13D40199BBD4062F43CA0BB123C32E65B3E8C88D63D72E411BE807863BE809173BEE0EFB9BD185E043D0CD6703EB039C9BCF02FC83D0E1B023E9A1844BE66C453BE4801C23DE0A5EE3DBC67EEBD1878203D04A77ABE00844E3B78017B3D80151B3B188A22BD0C1CD53D50BB8CBD96903E3E16805CBE9E4D12BE",
      torch_tensor_48_torch.float32: "0x04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
      torch_tensor_48_16_torch.float32: "0x04000000300EED3CE0FE1F3D2AB1D73C8701A33D2D1996BE31E26D3E20BF083ED3DF1A3D0734643D0DDB7CBE9B0AB3BD28345ABC6A0F953D05FE2BBED211053D0A9CC2BD2A37643E229086BE4419033D076B543E4D8473BE06C80FBCD0E1103ED009FD3DAA7C133DE27BFD3D65905ABEB891823E4DC5DF3BD2AB4A3E61B88A3D0B850BBD754C063EBFD1943E51A39A3E55F583BE2220983C633C61BE35AE363EB615613ECE295CBEAFF790BC94F5583EB5574F3EB9BC6BBE4584523E38085EBD875385BEC3D2793D5F10123E88083C3EEF2D55BE761663BE45A952BE18AF313EFF0289BE643529BB6745B8BD05E4083EF14A763DCE531EBE640E5B3D9744903E697C4E3DCA5E1BBE34F4273C61CB8FBEA22949BE29F468BD326143BEC1C0843EF470733D92D8723E10CA8EBD686B2EBDE12C9E3DDA73BABD3FC0D5BDF1C899BE4B336C3E07E18D3E07389BBEA278CFBD64276DBE218BFEBD84B26E3E5EB7273E509FC2BC45E9053EBA44BB3D103A2B3EE3F47BBEE7D4C13D297994BE72334EBE12AEE9BD4661F4BC2DF193BE31B2F93B403B483DD2DCF8BD5964CB3DA9FC883EAB3956BD5CFB26BE75DE8ABEA4F164BE80692DBEC3C967BE5588F6BDB5B82C3E5139C43D554C8D3E5EA59B3EDDCFE1BD8592F5BD649F2B3D7FA979BE98892A3E9EB761BD0E4483BE83B66CBEFD0B58BEF459AC3DB058703E1166783EACAAACBD561E36BE5B280BBE802E56BE0EACA1BD4D958DBE6195273E778C93BE230943BEC969523EDF866ABE00E9953D4CD86A3E19879A3E34A51E3EBA48A8BD332A333E5F8F25BCC759C1BD08B4823A49A88C3D323B523E529C033EB7B5153EB69D3B3DC07D7CBCF9A6033E01D3963D570296BE5EC34A3DFC3C0BBE4C4426BEBA81F23D833A803D4C61543D55BC14BE52E0103E8F1D933E7E6D193DFCDE003E518989BE16653A3E1ED6D93D94410D3E72BF023E46EFA4BD428F96BCD0A2973EB36C653EF0BC60BE0EC4783E12059C3EF7EE243D3A9D74BE611A733D71497DBD666D613E9C9E96BE2078A03DB75A6BBB6F75C53C91AD573ED93EB53BB76B7CBE83E536BEBD14FBBD1DC1053D6CFCF13DF5176ABD967DF7BDBC94093E176D98BE98175B3E44CA11BDA82A5A3E43E96C3ECBF9053DF45BC63D565631BE83A4603EA482373E3CF944BDD76AF43D297F8CBC28F6743EA210013EDE94643E8B7F8EBE1CBE983E66A2E93D576F183EB9BA8B3DEFEC4D3E8B95933E64AED5BC7BA180BE26F48F3E5C3E84BDD83517BEEA01413E1CFA2E3E25E8273D46739DBCF8EA6FBDD2BD8F3E2B083F3E9EB83A3E29EF473E5F1724BED8ED823D299E87BE3D28363E96639BBE88AC9CBE32F69ABEBF58413EA684023D7886363A0C7A473DB050EDBD036BBEBDCA3153BE162499BDEAED40BE07FD033C9F58763E2D9981BEF82F1A3EDC3469BEA9E701BE623D753DCECB573DA78F803EFE33F0B8B8D4EEBD02AB01BE4313133CEC186BBE5AD475BE652606BEE2DD003C2DBE53BEDCF932BEBEDC5F3E26DF903E966BC4BD217F86BE6213F0BD2C16FD3D1E83CB3D2E64C2BD6C118ABE618DBCBD9E358CBD8F8D343EF2781BBE2A2C3C3EE4F82D3D043152BD3BB58BBE72C59A3E52A25FBD8C46453E7D2E22BE34AA98BE4CEB79BE92AE20BEA1B3C7BDEA1931BD08BF823E7C9490BE8A7D1C3E96E8833E9A26013B8F8843BE5873203CE7C3943D10BA0A3E189CBEBD3831D7BDA0EA13BEAAA097BE783BDC3D71096DBE5F9F16BE0D7F4EBB86B4713E32638B3E7A0D64BE59F6873EE16D8C3EDE487D3E3F60DA3C69D07B3EF955183ED6FA60BECA4125BE8DB0BC3B15325EBE8D7BCEBDE4C87C3EAFF9113E8386883E0FD5193B21DF1FBE26834F3E75EAB83CA133533D11D804BE7ACA003E548F67BE7D317A3E9325893EAF42E23D5C28743E3B4E3E3E1B7DEFBD35F887BE4408253D68DC443EDD4C00BDB40CD33CC963683EC474013E36656A3E8827383D17950C3D51FE95BD5AA253BD07A226BE3B9F513EC1FA8E3E00B7E83D0D8A0E3CB0FFCEBD0AC89ABE283968BD8A945EBE877867BE0E5778BD23B776BDF7FD7C3D8E4163BE0E53613EA5BA8EBEE87C14BE6911EEBDA8A49A3CF59B013EB840A5BD6ABB433D087394BDF9A1F6BDCB6C2FBDBA827C3DB04698BED53B5ABE09F3743E92C60D3E682106BCAA6C1E3C791D2D3DB0BE913DE90F56BE6AEEAABD96E08FBE1B7F76BE0DF96BBDB79725BDDD3A753E0605583D6F5A4BBD25FB0ABC521B2F3E71F4BDBD14746ABDC5967BBD6DD37CBE21482FBD1AEC90BEDC8728BEB59147BE638F693E5F6990BEE30C973E391EEB3D78E253BE4FE1813E452E8ABD94C784BE3A2A2EBDB8F31A3E536C98BE3CF7BBBCDA24FF3D8462F4BDCB72E43C48C3F5BD895952BEB18A753EE69F5EBE62406BBB02DAD03DDF372FBE3A63173E583082BE87B8953EADA20B3EA78D31BDBE6782BE6CB41A3C656DDE3D9D482ABE0AF11DBD0C3B9CBE85B89CBE873408BDA52C833E4E1B6CBC0198C43D48A6FABD3FC1CCBD60DA09BD73801EBE38DB3F3E1D85433EF6BD73BE8F55C03DD38501BED84B34BEC20019BD487EC2BD0C8632BE7DD4383D14F5323EA98541BDFC74AFBC04C0BC3C1EC006BE26FD253E58A5903E2C3FE5BCFC81AA3C52A07C3ED766803E0D3D69BEE03211BE15C799BE8C09403E03B7743EA63AE4BDB125C93DC9E5973D42E086BEEE68FA3D77D8193E13A7DC3BAA9C003DFEB6913D78DF613ED8838A3EE840343D71A5053EB40EA4BD47EE3A3EA2A8F6BDBC3881BE3D1A133E5592E83DDA058A3D2F66053E003D153D886AD53D2685FF3D992229BED86486BC33003D3D32683EBDB6CE83BEEEEEED3C179D3F3E8AAD27BE61EA993EF1018F3D3159053ED323F2BDDB3C80BECF5EE9BDC643193C98DE0EBE9B9C8B3E39AC48BE6C2C53BED26CDEBDE6A48C3E855D0FBECB07913EC9AC163EBD8E3EBDA129223E980E153E2E961FBE041981BD45D9973E81C1333E032319BEAE9CA8BDD4BB2F3EB72B1F3E7BD3C63CE5BD49BEA64067BEE05A84BD838DE63D37B405BD081283BE8FAE99BDD57A9C3E3C9281BE325573BEE118453E10FC9B3EECCD96BE53C98DBE5E13C4BD724D9C3EDBF231BEE074D63C61F27F3EF8FCDDBDEE4CC0BD767452BEFF9C403CC252923E5935003E63615C3E352DA6BC9E3447BD980E60BDD2D2323ED77324BDF6E885BEBF31DCBD2268F53D0ED8983EFF0A64BDDE7D88BE78DC66BEF0B076BE1BC6FC3D8D1D673E3772B93DD735D83D00434C3EBC5E563EC2383B3E1B542F3EB9ADA93DC6D5213EF82257BED5EF4ABE4BA5A83DF72B433D50D189BED56864BEE59879BE4C04793E0FFD4C3E740725BEC3393D3D043B90BD2F48883E59FD8DBE76BC64BEE08482BE6E78363E6BBB1CBE8FBE3A3E47F8D33DE04019BE26EDA8BD9CC3FDBDCD520A3E9B79FBBDD6CED43DD230B33C0C647ABE761745BE916559BE624A243ECADF873DB845FCBB05B13ABE85539BBE4CE9DDBD20F66FBE49EE9BBEBA8495BE93CC4CBE616698BE4279C33DD6A1EA3D62C0FC3DA30F9CBE8CE0413EEA82743D8352203E7D1E9ABD5E90163E36AE94BE9C95D53D249F783E95CC033E5BC593BE7808B0BD76BE1BBD1747243ECD48EDBDF160343D1C22DCBD023B47BDD0B8C7BB6B0934BE559F59BED26A813E3FB7833EFDDF17BC66B1873EF89A713E5D7D45BEF32BF9BDB15957BED3BCCA3D1ABDFD3B29FD2BBD05CA683E581AF5BD3E982BBE63E25EBE15811FBECC18973E077018BE4B8AACBD89500D3E12CE70BE774D3EBE9EC3663E1282F0BD09B222BE244222BD79B432BDC632653DA0E5E53DEEBF71BED4768E3E0C0C95BEFE60D43D7EEEB0BD816704BEB5A4923EC11197BE234EAB3C81E8483E2A268C3E948884BE7F1A173D3B1A9B3EE48E99BEB629993DA57344BEBF974B3D2ECF8DBE99421A3ECB1B8BBDBD613B3E8EDF96BBB4C332BDEE3D98BDEB8A8FBE632D05BE0F9A263CA59072BE4694893E89E94BBE1F4DF4BDEDB627BD95FB7DBE368A1EBB02FB16BE6B3883BEE118F63BC8C88A3E586A9A3DD14C813E5D3B44BB29DFDABD21B27C3E7DF626BEBA0691BEFD3D893DFD411C3E846B3BBEC1B4DC3D4379DEBD3B2B18BD2FD88ABD252086BD961C7FBE35AF993D5AF2A4BD62BD6F3E7C54513D293580BED9856EBE226723BE0525163EAB6E4ABE036F0FBE37B0633D795F59BE76641ABE80278E3E89C325BEFBEBD0BD7D3D603E2D848C3DE017763E471C8ABE0AB81C3E99D43FBD67DD48BE2A4906BE13A397BE41E5583E48A570BDA5B799BEEE11863EFE134B3E23A4013ED66E993EC4918D3E1D82923E"
    }
  }
#-}
