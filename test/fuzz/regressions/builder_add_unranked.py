# Builder fuzzing: AddOp with an unranked operand aborted in result type
# inference (cast<RankedTensorType> of tensor<*xf32>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["tensor<*xf32>", "tensor<f32>"], lambda a: stablehlo.AddOp(a[0], a[1]))
