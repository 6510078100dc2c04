# Builder fuzzing: dynamic_slice whose start indices include a rank-2 tensor
# aborted in result type inference (cast<RankedTensorType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["tensor<2x3xf32>", "tensor<i32>", "tensor<3x3xf64>", "f32"],
             lambda a: stablehlo.dynamic_slice(a[0], [a[1], a[2], a[3]], slice_sizes=[1, 1]))
