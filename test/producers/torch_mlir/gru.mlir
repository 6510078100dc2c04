module {
  func.func @main(%arg0: tensor<2x6x8xf32>) -> (tensor<2x6x12xf32>, tensor<1x2x12xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<2x12xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<1x2x12xf32>
    %cst_1 = stablehlo.constant dense_resource<torch_tensor_36_torch.float32_1> : tensor<36xf32>
    %cst_2 = stablehlo.constant dense_resource<torch_tensor_36_12_torch.float32> : tensor<36x12xf32>
    %cst_3 = stablehlo.constant dense_resource<torch_tensor_36_torch.float32> : tensor<36xf32>
    %cst_4 = stablehlo.constant dense_resource<torch_tensor_36_8_torch.float32> : tensor<36x8xf32>
    %cst_5 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<2x6x8xf32>) -> tensor<6x2x8xf32>
    %1 = stablehlo.transpose %cst_4, dims = [1, 0] : (tensor<36x8xf32>) -> tensor<8x36xf32>
    %2 = stablehlo.reshape %0 : (tensor<6x2x8xf32>) -> tensor<6x2x8xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<8x36xf32>) -> tensor<6x8x36xf32>
    %4 = stablehlo.reshape %3 : (tensor<6x8x36xf32>) -> tensor<6x8x36xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<6x8x36xf32>) -> tensor<6x8x36xf32>
    %6 = stablehlo.dot_general %2, %5, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x2x8xf32>, tensor<6x8x36xf32>) -> tensor<6x2x36xf32>
    %7 = stablehlo.reshape %6 : (tensor<6x2x36xf32>) -> tensor<6x2x36xf32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [2] : (tensor<36xf32>) -> tensor<6x2x36xf32>
    %9 = stablehlo.add %7, %8 : tensor<6x2x36xf32>
    %10 = stablehlo.slice %9 [0:1, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %11 = stablehlo.slice %9 [1:2, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %12 = stablehlo.slice %9 [2:3, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %13 = stablehlo.slice %9 [3:4, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %14 = stablehlo.slice %9 [4:5, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %15 = stablehlo.slice %9 [5:6, 0:2, 0:36] : (tensor<6x2x36xf32>) -> tensor<1x2x36xf32>
    %16 = stablehlo.reshape %10 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %17 = stablehlo.reshape %11 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %18 = stablehlo.reshape %12 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %19 = stablehlo.reshape %13 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %20 = stablehlo.reshape %14 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %21 = stablehlo.reshape %15 : (tensor<1x2x36xf32>) -> tensor<2x36xf32>
    %22 = stablehlo.slice %16 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %23 = stablehlo.slice %16 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %24 = stablehlo.slice %16 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %25 = stablehlo.transpose %cst_2, dims = [1, 0] : (tensor<36x12xf32>) -> tensor<12x36xf32>
    %26 = stablehlo.dot_general %cst, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %27 = stablehlo.convert %cst_5 : (tensor<1xi64>) -> tensor<1xf32>
    %28 = stablehlo.reshape %27 : (tensor<1xf32>) -> tensor<f32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<2x36xf32>
    %30 = stablehlo.multiply %26, %29 : tensor<2x36xf32>
    %31 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %32 = stablehlo.multiply %31, %cst_1 : tensor<36xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [1] : (tensor<36xf32>) -> tensor<2x36xf32>
    %34 = stablehlo.add %30, %33 : tensor<2x36xf32>
    %35 = stablehlo.reshape %34 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %36 = stablehlo.slice %35 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %37 = stablehlo.slice %35 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %38 = stablehlo.slice %35 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %39 = stablehlo.broadcast_in_dim %22, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %40 = stablehlo.add %36, %39 : tensor<1x2x12xf32>
    %41 = stablehlo.logistic %40 : tensor<1x2x12xf32>
    %42 = stablehlo.broadcast_in_dim %23, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %43 = stablehlo.add %37, %42 : tensor<1x2x12xf32>
    %44 = stablehlo.logistic %43 : tensor<1x2x12xf32>
    %45 = stablehlo.multiply %38, %41 : tensor<1x2x12xf32>
    %46 = stablehlo.broadcast_in_dim %24, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %47 = stablehlo.add %46, %45 : tensor<1x2x12xf32>
    %48 = stablehlo.tanh %47 : tensor<1x2x12xf32>
    %49 = stablehlo.subtract %cst_0, %48 : tensor<1x2x12xf32>
    %50 = stablehlo.multiply %49, %44 : tensor<1x2x12xf32>
    %51 = stablehlo.add %50, %48 : tensor<1x2x12xf32>
    %52 = stablehlo.slice %17 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %53 = stablehlo.slice %17 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %54 = stablehlo.slice %17 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %55 = stablehlo.reshape %51 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %56 = stablehlo.dot_general %55, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %57 = stablehlo.multiply %56, %29 : tensor<2x36xf32>
    %58 = stablehlo.add %57, %33 : tensor<2x36xf32>
    %59 = stablehlo.reshape %58 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %60 = stablehlo.slice %59 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %61 = stablehlo.slice %59 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %62 = stablehlo.slice %59 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %63 = stablehlo.broadcast_in_dim %52, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %64 = stablehlo.add %60, %63 : tensor<1x2x12xf32>
    %65 = stablehlo.logistic %64 : tensor<1x2x12xf32>
    %66 = stablehlo.broadcast_in_dim %53, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %67 = stablehlo.add %61, %66 : tensor<1x2x12xf32>
    %68 = stablehlo.logistic %67 : tensor<1x2x12xf32>
    %69 = stablehlo.multiply %62, %65 : tensor<1x2x12xf32>
    %70 = stablehlo.broadcast_in_dim %54, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %71 = stablehlo.add %70, %69 : tensor<1x2x12xf32>
    %72 = stablehlo.tanh %71 : tensor<1x2x12xf32>
    %73 = stablehlo.subtract %51, %72 : tensor<1x2x12xf32>
    %74 = stablehlo.multiply %73, %68 : tensor<1x2x12xf32>
    %75 = stablehlo.add %74, %72 : tensor<1x2x12xf32>
    %76 = stablehlo.slice %18 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %77 = stablehlo.slice %18 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %78 = stablehlo.slice %18 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %79 = stablehlo.reshape %75 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %80 = stablehlo.dot_general %79, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %81 = stablehlo.multiply %80, %29 : tensor<2x36xf32>
    %82 = stablehlo.add %81, %33 : tensor<2x36xf32>
    %83 = stablehlo.reshape %82 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %84 = stablehlo.slice %83 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %85 = stablehlo.slice %83 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %86 = stablehlo.slice %83 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %87 = stablehlo.broadcast_in_dim %76, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %88 = stablehlo.add %84, %87 : tensor<1x2x12xf32>
    %89 = stablehlo.logistic %88 : tensor<1x2x12xf32>
    %90 = stablehlo.broadcast_in_dim %77, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %91 = stablehlo.add %85, %90 : tensor<1x2x12xf32>
    %92 = stablehlo.logistic %91 : tensor<1x2x12xf32>
    %93 = stablehlo.multiply %86, %89 : tensor<1x2x12xf32>
    %94 = stablehlo.broadcast_in_dim %78, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %95 = stablehlo.add %94, %93 : tensor<1x2x12xf32>
    %96 = stablehlo.tanh %95 : tensor<1x2x12xf32>
    %97 = stablehlo.subtract %75, %96 : tensor<1x2x12xf32>
    %98 = stablehlo.multiply %97, %92 : tensor<1x2x12xf32>
    %99 = stablehlo.add %98, %96 : tensor<1x2x12xf32>
    %100 = stablehlo.slice %19 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %101 = stablehlo.slice %19 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %102 = stablehlo.slice %19 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %103 = stablehlo.reshape %99 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %104 = stablehlo.dot_general %103, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %105 = stablehlo.multiply %104, %29 : tensor<2x36xf32>
    %106 = stablehlo.add %105, %33 : tensor<2x36xf32>
    %107 = stablehlo.reshape %106 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %108 = stablehlo.slice %107 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %109 = stablehlo.slice %107 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %110 = stablehlo.slice %107 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %111 = stablehlo.broadcast_in_dim %100, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %112 = stablehlo.add %108, %111 : tensor<1x2x12xf32>
    %113 = stablehlo.logistic %112 : tensor<1x2x12xf32>
    %114 = stablehlo.broadcast_in_dim %101, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %115 = stablehlo.add %109, %114 : tensor<1x2x12xf32>
    %116 = stablehlo.logistic %115 : tensor<1x2x12xf32>
    %117 = stablehlo.multiply %110, %113 : tensor<1x2x12xf32>
    %118 = stablehlo.broadcast_in_dim %102, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %119 = stablehlo.add %118, %117 : tensor<1x2x12xf32>
    %120 = stablehlo.tanh %119 : tensor<1x2x12xf32>
    %121 = stablehlo.subtract %99, %120 : tensor<1x2x12xf32>
    %122 = stablehlo.multiply %121, %116 : tensor<1x2x12xf32>
    %123 = stablehlo.add %122, %120 : tensor<1x2x12xf32>
    %124 = stablehlo.slice %20 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %125 = stablehlo.slice %20 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %126 = stablehlo.slice %20 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %127 = stablehlo.reshape %123 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %128 = stablehlo.dot_general %127, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %129 = stablehlo.multiply %128, %29 : tensor<2x36xf32>
    %130 = stablehlo.add %129, %33 : tensor<2x36xf32>
    %131 = stablehlo.reshape %130 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %132 = stablehlo.slice %131 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %133 = stablehlo.slice %131 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %134 = stablehlo.slice %131 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %135 = stablehlo.broadcast_in_dim %124, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %136 = stablehlo.add %132, %135 : tensor<1x2x12xf32>
    %137 = stablehlo.logistic %136 : tensor<1x2x12xf32>
    %138 = stablehlo.broadcast_in_dim %125, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %139 = stablehlo.add %133, %138 : tensor<1x2x12xf32>
    %140 = stablehlo.logistic %139 : tensor<1x2x12xf32>
    %141 = stablehlo.multiply %134, %137 : tensor<1x2x12xf32>
    %142 = stablehlo.broadcast_in_dim %126, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %143 = stablehlo.add %142, %141 : tensor<1x2x12xf32>
    %144 = stablehlo.tanh %143 : tensor<1x2x12xf32>
    %145 = stablehlo.subtract %123, %144 : tensor<1x2x12xf32>
    %146 = stablehlo.multiply %145, %140 : tensor<1x2x12xf32>
    %147 = stablehlo.add %146, %144 : tensor<1x2x12xf32>
    %148 = stablehlo.slice %21 [0:2, 0:12] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %149 = stablehlo.slice %21 [0:2, 12:24] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %150 = stablehlo.slice %21 [0:2, 24:36] : (tensor<2x36xf32>) -> tensor<2x12xf32>
    %151 = stablehlo.reshape %147 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %152 = stablehlo.dot_general %151, %25, contracting_dims = [1] x [0] : (tensor<2x12xf32>, tensor<12x36xf32>) -> tensor<2x36xf32>
    %153 = stablehlo.multiply %152, %29 : tensor<2x36xf32>
    %154 = stablehlo.add %153, %33 : tensor<2x36xf32>
    %155 = stablehlo.reshape %154 : (tensor<2x36xf32>) -> tensor<1x2x36xf32>
    %156 = stablehlo.slice %155 [0:1, 0:2, 0:12] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %157 = stablehlo.slice %155 [0:1, 0:2, 12:24] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %158 = stablehlo.slice %155 [0:1, 0:2, 24:36] : (tensor<1x2x36xf32>) -> tensor<1x2x12xf32>
    %159 = stablehlo.broadcast_in_dim %148, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %160 = stablehlo.add %156, %159 : tensor<1x2x12xf32>
    %161 = stablehlo.logistic %160 : tensor<1x2x12xf32>
    %162 = stablehlo.broadcast_in_dim %149, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %163 = stablehlo.add %157, %162 : tensor<1x2x12xf32>
    %164 = stablehlo.logistic %163 : tensor<1x2x12xf32>
    %165 = stablehlo.multiply %158, %161 : tensor<1x2x12xf32>
    %166 = stablehlo.broadcast_in_dim %150, dims = [1, 2] : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    %167 = stablehlo.add %166, %165 : tensor<1x2x12xf32>
    %168 = stablehlo.tanh %167 : tensor<1x2x12xf32>
    %169 = stablehlo.subtract %147, %168 : tensor<1x2x12xf32>
    %170 = stablehlo.multiply %169, %164 : tensor<1x2x12xf32>
    %171 = stablehlo.add %170, %168 : tensor<1x2x12xf32>
    %172 = stablehlo.concatenate %51, %75, %99, %123, %147, %171, dim = 0 : (tensor<1x2x12xf32>, tensor<1x2x12xf32>, tensor<1x2x12xf32>, tensor<1x2x12xf32>, tensor<1x2x12xf32>, tensor<1x2x12xf32>) -> tensor<6x2x12xf32>
    %173 = stablehlo.reshape %171 : (tensor<1x2x12xf32>) -> tensor<2x12xf32>
    %174 = stablehlo.transpose %172, dims = [1, 0, 2] : (tensor<6x2x12xf32>) -> tensor<2x6x12xf32>
    %175 = stablehlo.reshape %173 : (tensor<2x12xf32>) -> tensor<1x2x12xf32>
    return %174, %175 : tensor<2x6x12xf32>, tensor<1x2x12xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      torch_tensor_36_torch.float32_1: "0x0400000071C678BE4A752C3D9B0086BE7F026ABECEA36EBE4600CDBD8CFE203D65BA58BE4BD5953DF109323EB9F9703ED3DE823E3C9F423EBB16AEBDADF0D9BC6CC5823EEC0C133E9DC89CBD242E5F3EE52A81BE57FF7C3E4E64253E48D058BE121971BE602B673EE7CE913EB45CCE3C6001E7BD0152283E0E5C053E549113BD43AA6C3E419A3F3E6963933D527C193EFF718ABE",
      torch_tensor_36_12_torch.float32: "0x040000005DBB5EBEAF9D443D6BAF4D3E1B95693DA1158D3EE4F0093E942069BE18B5E8BD0A458EBDE8DAB03DA1E506BCFBDE6D3E445B093D6E353BBEE5BED8BD35EE75BE5D03A3BDDE55113E42B0363BBEF18CBEF0C87FBEF456D63DD5B981BE72C76BBE3C3E30BE5BDF8C3E6B1BA8BD5AC1F3BD5D9847BE7C193D3E3CEC3EBDB002643DBB3B8D3D6DBCA63D5A363D3E2A70753CA39CF43C739299BC25B465BEF24B87BDBDAB8C3E2D8051BED68E3ABE68AA92BECE658F3C013E8ABE036817BEC630883E68DBF43D337D1D3E4B774A3D9E327BBED18C09BEE64E6FBEF8C936BEFF54C93D3EF9A3BDEE70903E6D7B57BE56457CBE92F0913ED45B7FBEC3897B3EE7329F3DCAB686BE71BB803EDDF3A0BDD1C6F3BD949966BEEE087ABE84A1833D022E91BE33F1F23DB41792BD497BCF3D6AC090BD4173CC3D163201BC02C4AD3D4187F0BD5E544BBE1C96163D65AD3CBE573F37BE111F8EBE2072BCBDC98445BEB633663EAF06553EC7458C3DE22D703E51560E3E853B8BBEEB9CECBC9AEE3FBDC07A33BED161A83D0186B8BDEC590DBE818A5CBBAF8944BE11A8743E520D3B3E7AE88B3ED46D51BDCE15C13D813C3EBC119B74BE6BBC053E017A4EBE1D6AD5BDDB6004BED53090BE27A5293C1EB5413DB3CFAFBC0A67593E72C6623CE75F57BD193C21BE748F2FBEC01A28BDA97D2DBE640043BE8F631CBD1BC650BD687134BECDB72C3EC2B17A3EFB8C49BE1D7A013EBB2909BEAB8CF5BC38F9893E344D173DCDEC8CBE56DF873EDB1B48BCC50414BE701C1CBE557D7D3EC2A59F3BA445233E6147423E4777E5BD9BB8C83C6D363FBE3BD8763E36501CBE8058443E1ECB953D1F59363EF04550BE351613BC752B193E20C93CBCCEB987BB840C103E3AEF5CBE8F0F6DBD17A5063E70FA103E8D46893E83E669BD6F148C3DDC7111BE2E7346BDDD6514BE0B105B3E0B7CE63AB082F03D7098223E3B575C3D81A9FB3CD415ADBCED657ABEE5813E3D77FA82BD867678BE55B4893E411CFCBC1E8813BE31E38FBED82188BE2C22E13DBAF106BEA862FFBDDB0A2BBEF39C6E3E8E1E8EBDD49A3F3E82AC6A3E882E65BE8C885C3E81CA61BD528F8D3E34FD163E452C8FBED1AA5B3D06D3CF3D3779D6BDBA28603EEACB74BEE897BBBD6FD48C3EA059903E94AA133E957530BE65567EBE885870BE50CB93BD4975273E182DBB3DE4970FBDEEEC843EB920683EE4280ABE4B0300BE3CF65DBB345F753D0A6F07BB513EE43D6DF34B3E183455BD1B2B113E93D0203D99EFE23D5F63F33DEE049EBD34CC03BED3B3FC3DAD423DBE44311B3E4FAA3DBE51CB4A3E2537ED3D31D690BD09F7283E23B3C2BD0AE87B3DB910AE3D2784F13C9C726D3D5CC9BBBB17CCAABD83EB243EB830E93D6884DC3DFA90473E62AA1ABE225C89BD1DCF06BC1D8C6E3E62646BBED18E29BE52D38CBD2E817CBE158C69BE987E4A3EE3A15C3C54CE6DBE2D3D43BD007F1BBCF82ED2BDC94177BECBE0203EAD0A12BDBB4D903E966462BE544822BE30B875BCE1D94DBE766D573EFB98643E0CE6853E609A3ABE6A52523E4B3F4D3EFD3CEBBD2DBF013D73DC0C3EDB87533EDA0B8ABECA25933E74A494BD59E2F03D929837BEC57A63BE613148BE1C372E3EAECF11BE5BD62B3EEBBAB23D122BEB3DA77F83BD2F03BBBD974E0ABE9F3B25BE1B47883EE28480BCC987FDBDF18389BE40C14D3CA8B692BE15C65EBB6DA53A3E21422ABE916A223ED396BCBD015A63BE766392BE83D9123EF72962BE1556103EEA4B293DA3A8203ED2335EBE6E40813E103793BE935F60BE0A45313EEBBD203CDBFD25BE490778BDAB8883BE14A280BEA1AE7DBD6E80613E998FB03DFCF75E3DC1AF9CBD6786863E5230353B629FC73D0E59963BC282383DE325C53D1ED7623ED2262A3EDE52173D495DEC3D5BCBB1BD530E4A3E85F6A53D07165F3E769D38BD5B5A71BEA394693D3874F03D89DA6E3E8325E53DCD6FDA3D203E6B3EBA2CCBBD8B7F823EDB8D173ED86A453E45D2523E138171BEADF7193E3BA7893EE6AA4FBE8AAECABCA36734BE53C28EBD6536303DEE1E1E3EF9A2ABBDEAF48BBE6A9D1F3EB0D7253E445B56BD2A0F7D3E0DE1633E2E4E82BD47A4363C5148503D51B467BDDEA691BD6D6F05BE0A1B28BED5A0133E988DAFBDF0CF0DBE9E32823E7E0C3D3DCA48553ED0B0863E1B9126BD9B5F303D6008893EAF624BBE8A42B1BD7841283DE76FA0BCDD669D3DBD6F1B3EC03BF3BD1023B83CE2B7853EA04427BEE57448BEDEB262BE11B3303E839187BE8FC00FBE18A6473E613531BE9163703E172F0ABED60E3B3DA8C71A3D8205E8BB681D383EF70F7B3E489038BEC2C8253E71F69D3D1E45B0BB2DB04EBEE05FAF3D5B8F563E59BA7DBEB98088BE2C4D91BEDD9A883DCADFA9BD25A5B7BD74A0893EE0CB96BDDEB83BBE1CB8D43C",
      torch_tensor_36_torch.float32: "0x04000000C93E22BE6138ADBD73251C3E6572883D5FD94ABE7DB68C3E83FE473E218249BE7AC2003E2BF0F23D471C54BE83BF4FBE46C474BE2CAD033E7B014E3DE7DAF93D2AD601BE6E455E3E2FFB163DB6DE6BBEA2CE94BD79DB163E03FF813D76E334BD79864EBEB0E237BEADF77E3E095529BE207A513EDCE2C5BD3E1A3D3B83ED8FBE1C2EC0BD0230793E3FB284BE81BC143E",
      torch_tensor_36_8_torch.float32: "0x0400000053D1893EBB72163E6B47D63D6C5021BC2190493EE330D7BD59B8F03DC7CA0CBE379430BB34B32E3E43A3073E68AB84BDFD8C6FBB671924BE4CEC083EF0E7463EAB81CB3DA9058FBECF9B53BEB5E4453E9D4D29BDDD89353E2CE4593E4B2EADBDDC6F2DBE080D8BBEC725E23D3A9C173E7EFD4CBD557D8FBEB5663EBE20D67EBC11EA063E601AC6BD36D43EBEABCA4DBE153E843EE316D63D5A0170BE798E36BEA9EF7ABEE7122B3D8C11F0BD081680BA430E3BBD826081BE521484BE474765BE829AF7BD07E8373DF1030BBE609628BC1AA20DBDA82B873EB5C106BE5ADD8A3E44EE62BED5A176BEB441C03D2A0A2CBE429F173EB08A23BEF7C6683E7C1D8F3E2965973C88B47C3D69CC893E0E3D2F3E720781BEAD6617BCD06A85BEB5CE613EEB9358BD67DF03BB989D35BE4EBC20BE4874193DD2E4733EFB9514BE0776DF3C83CA853E3B76843E322B67BD60878A3E8B4CD73DBE9C863EBE530C3CB5857ABEC4EDA0BD2552B13D39A31D3EBF3D93BE57EF653EDC9684BE38332D3EB5D4913E88B1913D8E285FBDC4C2223EB878AFBD8AF65ABE3BC951BEC3FC0A3E67C2613E4C843F3C984E8FBE293B91BEB57F85BD87921F3E17FD44BEB45A9F3D649121BED781703E1EEA9ABDFA6976BD4BA281BE7D6284BE84D39F3C922F3F3D70B41F3EF93D81BEE52E4F3D92CF2ABD50662D3EDE6806BEE922B03D023DEE3D217E143E0BC7CABDB841BE3D6DBB67BD23339F3D75C435BEA0E36ABEACCC71BE05D339BE0B37FABD2C01303DA55181BDA44728BE4CED1E3B7DB3BABD0938363EE47573BE3238DABDE6F63DBE29E6113DD403813CFC0988BCF4A5923E2889E1BD84F229BD18BE983DCCB6763E730F603EBF13073D53ABDFBDEB38C23D44FD393EC7DFC9BBD24B223E92ED713EFD5F1EBEA6B382BD701185BEA6B6873D72AC523E389D65BD29AD3C3D1DE9BC3D9FC2C9BB68D0653E8F4D2C3DF04791BEEA1A74BED06F92BE6DF0423C2ECB1F3E11FF1BBDF1E3843E38B854BDAEBE713D5E47853E399A153EC3E316BCB05D8E3ECC9C30BEC735DC3D37AF3A3EFD0837BE28D68ABEC81ABD3D154CE0BD7B2C15BE37306B3D627056BEF2EE843EE347D4BCDA55BDBD6D1E773ED39DA43DB046613D4C560DBEB4DD8C3E2210B4BDB9DC753EBAD5ADBC2649143E6ED84F3ED0135CBE440545BE802792BE2735553EF3367E3E6C11D8BDC7C710BEA8EC453D8F251F3E47EE913D396D76BD9C063CBEEED17C3ECF6F3FBE14D28EBE770DECBD62C86B3D02BFDB3DAA99E43D1D3E2BBE2EE6E2BDE57203BE12260FBE93FA78BE220A723DE4EEABBD8F428EBE9F9B2CBEFE8531BE4806FFBD90A736BEA00D4DBDD1DDD33D633C6FBEFE94CABCA824AABD302117BEC44683BD6492FABD3C0C183C9B6155BE443B603D94B3873EB2F0743E558904BE023AB63DE7B38BBE9BE1783E3F4B93BE561484BECCAB84BEB14189BE5222203D98559CBDFA808D3D575292BC6432CBBB8B97D5BD41612FBEDC7E77BE1928153EB36918BE517A70BDB0920F3E596B92BD4F1095BD091045BE1BEB7CBE3BE10D3E0E6385BD78E0393E09A59B3C563DC0B97D6F85BECAD7D03B5C9C85BD72AE28BEDCD388BDA942773C"
    }
  }
#-}
