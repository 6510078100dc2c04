// Ops that order side effects or exchange data with the outside world
// (spec: after_all, create_token; later infeed, outfeed, send, recv and the
// collectives). Verifiers: lib/Dialect/CommunicationOps.cpp.
#ifndef STABLEHLO_PY_COMMUNICATION_OPS_TD
#define STABLEHLO_PY_COMMUNICATION_OPS_TD

include "StablehloAttrs.td"

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "a token that comes after all the given tokens";
  let arguments = (ins Variadic<StableHLO_Token>:$inputs);
  let results = (outs StableHLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

// Not in the spec ("Not in HLO"); upstream keeps it: after_all without inputs.
def StableHLO_CreateTokenOp : StableHLO_Op<"create_token", [Pure]> {
  let summary = "a new token (legacy; after_all with no inputs)";
  let results = (outs StableHLO_Token:$output);
  let assemblyFormat = "attr-dict `:` type($output)";
}

#endif // STABLEHLO_PY_COMMUNICATION_OPS_TD
