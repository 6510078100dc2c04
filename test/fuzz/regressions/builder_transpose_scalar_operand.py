# Builder fuzzing: transpose of an f32 (not a tensor) operand aborted in
# result type inference (cast<RankedTensorType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["f32"], lambda a: stablehlo.transpose(a[0], permutation=[2]))
