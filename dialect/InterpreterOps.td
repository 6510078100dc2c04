// The interpreter dialect: the ops upstream's interpreter tests use to run a
// process grid inside one program and to inspect values (docs/distributed.md,
// "The interpreter dialect"). Our definitions of upstream's syntax.
#ifndef STABLEHLO_PY_INTERPRETER_OPS_TD
#define STABLEHLO_PY_INTERPRETER_OPS_TD

include "StablehloBase.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::mlir::stablehlo::interpreter";
  let summary = "process grids and value probes for the StableHLO interpreter";
  let usePropertiesForAttributes = 1;
}

def Interpreter_ProgramGridAttr : TypedArrayAttrBase<FlatSymbolRefArrayAttr,
    "rows of function symbols, one row per replica">;

// Effects keep DCE from dropping a grid run, a print or a probe whose result
// is unused.
class Interpreter_Op<string mnemonic, list<Trait> traits = []>
    : Op<Interpreter_Dialect, mnemonic,
         !listconcat(traits, [MemoryEffects<[MemWrite]>])>;

// Generic syntax only, as upstream prints it:
//   %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@g]]}
//       : (T, T) -> (T, T)
// `programs` is num_replicas rows of num_partitions functions; `inputs` and
// `results` are each process's arguments and results, concatenated in
// flattened process order. `infeed` names functions without arguments whose
// results are the grid's infeed items, taken in order.
def Interpreter_RunParallelOp : Interpreter_Op<"run_parallel"> {
  let summary = "runs functions as the processes of a StableHLO process grid";
  let arguments = (ins Variadic<HLO_TensorOrToken>:$inputs,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$infeed,
                       Interpreter_ProgramGridAttr:$programs);
  let results = (outs Variadic<HLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def Interpreter_PrintOp : Interpreter_Op<"print", [SameOperandsAndResultType]> {
  let summary = "prints the value (to stdout) and returns it";
  let arguments = (ins HLO_Tensor:$operand);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def Interpreter_ProbeOp : Interpreter_Op<"probe", [SameOperandsAndResultType]> {
  let summary = "records the value under probe_id (one file per run of the op) "
                "and returns it";
  let arguments = (ins HLO_Tensor:$operand, StrAttr:$probe_id);
  let results = (outs HLO_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `probe_id` `=` $probe_id attr-dict `:` type($result)
  }];
}

#endif // STABLEHLO_PY_INTERPRETER_OPS_TD
