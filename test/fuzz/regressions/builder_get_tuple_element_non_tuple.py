# Builder fuzzing: GetTupleElementOp on an f32 operand aborted in result
# type inference (cast<TupleType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["f32"], lambda a: stablehlo.GetTupleElementOp(a[0], 0))
