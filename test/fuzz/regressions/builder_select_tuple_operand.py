# Builder fuzzing: SelectOp with a scalar f32 predicate and a tuple operand
# aborted in result type inference (cast<RankedTensorType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["f32", "tensor<2x4x3xf32>", "tuple<tensor<f32>, tensor<2xi32>>"],
             lambda a: stablehlo.SelectOp(a[0], a[1], a[2]))
