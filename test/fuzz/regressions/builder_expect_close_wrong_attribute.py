# Builder fuzzing: ExpectCloseOp given a comparison_type attribute as
# max_ulp_difference verified (the empty property read as the default) and
# then aborted in the printer (dyn_cast on a null attribute).
from _builder_case import call_builder
from stablehlo_py.dialects import check, stablehlo

call_builder(["tensor<2xf32>"], lambda a: check.ExpectCloseOp(
    a[0], a[0], max_ulp_difference=stablehlo.ComparisonTypeAttr.get("SIGNED")))
