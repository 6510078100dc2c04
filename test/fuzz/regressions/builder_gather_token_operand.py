# Builder fuzzing: GatherOp with !stablehlo.token start indices aborted in
# result type inference (cast<RankedTensorType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["tensor<2x2xbf16>", "!stablehlo.token"], lambda a: stablehlo.GatherOp(
    a[0], a[1], dimension_numbers=stablehlo.GatherDimensionNumbers.get(), slice_sizes=[1, 4]))
