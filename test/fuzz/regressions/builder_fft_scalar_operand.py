# Builder fuzzing: FftOp on a non-tensor operand (i32) aborted in result
# type inference (cast<RankedTensorType>).
from _builder_case import call_builder
from stablehlo_py.dialects import stablehlo

call_builder(["i32"], lambda a: stablehlo.FftOp(a[0], fft_length=[], fft_type=stablehlo.FftTypeAttr.get("FFT")))
