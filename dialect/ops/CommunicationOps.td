// Ops that order side effects or exchange data with the outside world or
// other processes (spec: after_all, create_token, infeed, outfeed, send, recv,
// the collectives all_gather, all_reduce, all_to_all, reduce_scatter,
// collective_broadcast, collective_permute, and partition_id, replica_id).
// Verifiers and shape functions: lib/Dialect/CommunicationOps.cpp.
//
// Syntax is upstream's: the generic form for all but partition_id,
// replica_id, after_all and create_token. Like upstream, all_gather,
// all_reduce and all_to_all take a variadic list of operands (the spec's single
// operand applied to each), replica_groups is a 2-D i64 tensor (all_reduce's
// variadic 1-D groups padded with -1; collective_broadcast's, as upstream
// has them, of one length), and send/recv take upstream's optional
// source_target_pairs.
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

//===----------------------------------------------------------------------===//
// Collectives.
//===----------------------------------------------------------------------===//

// Ops whose verifier checks the number of results itself (citing the
// constraint on their types) instead of the inference interface.
class StableHLO_VariadicInferringOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, !listconcat(traits,
          [DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange,
                                        ::mlir::TypeRange) {
      return true;
    }
  }];
}

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather"> {
  let summary = "concatenate the operands of a process group";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands,
                       I64Attr:$all_gather_dim,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let hasVerifier = 1;
}

def StableHLO_AllReduceOp : StableHLO_VariadicInferringOp<"all_reduce"> {
  let summary = "reduce the operands of a process group";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let hasVerifier = 1;
}

// XLA's CrossReplicaSum: all_reduce with stablehlo.add across the replicas of
// each group. Not in the spec; upstream keeps it (deprecated) and VHLO has it
// (cross-replica-sum_v1), so programs and artifacts holding it load and run.
// Operand and result shapes need only be compatible (dynamism RFC); the
// inferred result type is the operand's, as upstream infers it.
def StableHLO_CrossReplicaSumOp : StableHLO_InferringOp<"cross-replica-sum",
    [SameOperandsAndResultElementType, SameOperandsAndResultShape]> {
  let summary = "sum the operand over each replica group (XLA's CrossReplicaSum)";
  let arguments = (ins HLO_Tensor:$operand, I64ElementsAttr:$replica_groups);
  let results = (outs HLO_Tensor:$result);
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter"> {
  let summary = "reduce the operands of a process group and scatter the parts";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       I64Attr:$scatter_dimension,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs HLO_PerTensorTensor);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_VariadicInferringOp<"all_to_all"> {
  let summary = "split, exchange and concatenate within a process group";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands,
                       I64Attr:$split_dimension,
                       I64Attr:$concat_dimension,
                       I64Attr:$split_count,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_PerTensorTensor>);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp
    : StableHLO_InferringOp<"collective_broadcast"> {
  let summary = "send the operands of each group's source processes to the group";
  // Variadic, as in upstream's current spec: with has_dynamic_root the last
  // operand holds, per result, the index of its source within the group.
  // has_dynamic_root is a unit attribute in upstream's implementation and an
  // i1 constant in the spec: both are taken.
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       OptionalAttr<AnyAttrOf<[UnitAttr, BoolAttr]>>:$has_dynamic_root);
  let results = (outs Variadic<HLO_PerTensorTensor>:$results);
  let hasVerifier = 1;
}

// Upstream's current spec: the reduction of each group lands on its root only
// (the group's first process, or with has_dynamic_root the index the last
// operand names per result); the other processes get zeros. Results take the
// element type the computation returns (C4, as all_reduce_c7).
def StableHLO_CollectiveReduceOp
    : StableHLO_VariadicInferringOp<"collective_reduce"> {
  let summary = "reduce the operands of a process group onto its root";
  let arguments = (ins Variadic<HLO_PerTensorTensor>:$operands,
                       StableHLO_ReplicaGroups:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids,
                       OptionalAttr<AnyAttrOf<[UnitAttr, BoolAttr]>>:$has_dynamic_root);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<HLO_PerTensorTensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp
    : StableHLO_InferringOp<"collective_permute"> {
  let summary = "send the operand from source to target processes";
  let arguments = (ins HLO_PerTensorTensor:$operand,
                       I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs HLO_PerTensorTensor);
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Point-to-point and streaming communication.
//===----------------------------------------------------------------------===//

// The token result is inferred (ODS builds it).
def StableHLO_SendOp : StableHLO_InferringOp<"send"> {
  let summary = "send tensors to a channel";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs StableHLO_Token:$result);
  let hasVerifier = 1;
}

def StableHLO_RecvOp : StableHLO_Op<"recv"> {
  let summary = "receive tensors from a channel";
  let arguments = (ins StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed"> {
  let summary = "read tensors from the infeed";
  let arguments = (ins StableHLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_TensorOrToken>);
  let hasVerifier = 1;
}

// The token result is inferred (ODS builds it).
def StableHLO_OutfeedOp : StableHLO_InferringOp<"outfeed"> {
  let summary = "write tensors to the outfeed";
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       StableHLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs StableHLO_Token:$result);
}

//===----------------------------------------------------------------------===//
// The position of the process in the process grid.
//===----------------------------------------------------------------------===//

def HLO_ProcessIdTensor : 0DTensorOf<[UI32]>;

def StableHLO_PartitionIdOp : StableHLO_InferringOp<"partition_id", [Pure]> {
  let summary = "the partition_id of the current process";
  let results = (outs HLO_ProcessIdTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_ReplicaIdOp : StableHLO_InferringOp<"replica_id", [Pure]> {
  let summary = "the replica_id of the current process";
  let results = (outs HLO_ProcessIdTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

#endif // STABLEHLO_PY_COMMUNICATION_OPS_TD
