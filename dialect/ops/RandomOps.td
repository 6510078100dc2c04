// Random numbers (spec: rng_bit_generator, rng). Verifiers and shape
// functions: lib/Dialect/RandomOps.cpp.
#ifndef STABLEHLO_PY_RANDOM_OPS_TD
#define STABLEHLO_PY_RANDOM_OPS_TD

include "StablehloAttrs.td"

// The spec's state is a 1-D tensor of ui64 (I2); upstream accepts any integer
// or float tensor, which the verifier reports as a spec deviation.
def HLO_RngStateTensor : RankedTensorOf<[HLO_Int, HLO_Float]>;

def StableHLO_RngBitGeneratorOp : StableHLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bits and the next state of a counter-based generator";
  let arguments = (ins StableHLO_RngAlgorithmAttr:$rng_algorithm,
                       HLO_RngStateTensor:$initial_state);
  // The output is statically shaped, as upstream requires (the spec is
  // silent): its size decides how far the state advances.
  let results = (outs HLO_RngStateTensor:$output_state,
                      StaticShapeTensorOf<[HLO_Int, HLO_Float]>:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` custom<EnumKeyword>($rng_algorithm)
      attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def HLO_RngValue : 0DTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>;

// The result type is inferred as upstream infers it: a's element type, the
// sizes a constant `shape` holds (else dynamic ones).
def StableHLO_RngOp : StableHLO_InferringOp<"rng"> {
  let summary = "random numbers of a uniform or normal distribution";
  let arguments = (ins HLO_RngValue:$a, HLO_RngValue:$b,
                       // si64 in the spec (I3); upstream accepts any
                       // integer or index, a deviation the verifier reports.
                       1DTensorOf<[AnyInteger, Index]>:$shape,
                       StableHLO_RngDistributionAttr:$rng_distribution);
  let results = (outs RankedTensorOf<[HLO_Pred, HLO_Int, HLO_Float]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $shape `,` `distribution` `=`
      custom<EnumKeyword>($rng_distribution) attr-dict
      `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

#endif // STABLEHLO_PY_RANDOM_OPS_TD
