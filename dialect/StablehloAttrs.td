// Structured attributes of the spec. Each prints as
// `#stablehlo.<mnemonic><field = value, ...>` exactly as upstream does; the
// shared field syntax lives in lib/Dialect/AttrSyntax.cpp.
#ifndef STABLEHLO_PY_ATTRS_TD
#define STABLEHLO_PY_ATTRS_TD

include "StablehloEnums.td"
include "mlir/IR/SymbolInterfaces.td"

class StableHLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Stablehlo_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  // Every structured attribute converts to and from a dictionary of builtin
  // attributes: that is what the C API and the Python accessors use.
  let extraClassDeclaration = [{
    ::mlir::DictionaryAttr toFields() const;
    static ::mlir::Attribute fromFields(::mlir::DictionaryAttr fields);
  }];
}

def HLO_DimsParameter : ArrayRefParameter<"int64_t", "dimension numbers">;

def StableHLO_DotDimensionNumbers : StableHLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dot_general batching and contracting dimensions";
  let parameters = (ins HLO_DimsParameter:$lhsBatchingDimensions,
                        HLO_DimsParameter:$rhsBatchingDimensions,
                        HLO_DimsParameter:$lhsContractingDimensions,
                        HLO_DimsParameter:$rhsContractingDimensions);
}

def StableHLO_GatherDimensionNumbers
    : StableHLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "gather dimension numbers";
  let parameters = (ins HLO_DimsParameter:$offsetDims,
                        HLO_DimsParameter:$collapsedSliceDims,
                        HLO_DimsParameter:$operandBatchingDims,
                        HLO_DimsParameter:$startIndicesBatchingDims,
                        HLO_DimsParameter:$startIndexMap,
                        "int64_t":$indexVectorDim);
}

def StableHLO_ScatterDimensionNumbers
    : StableHLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "scatter dimension numbers";
  let parameters = (ins HLO_DimsParameter:$updateWindowDims,
                        HLO_DimsParameter:$insertedWindowDims,
                        HLO_DimsParameter:$inputBatchingDims,
                        HLO_DimsParameter:$scatterIndicesBatchingDims,
                        HLO_DimsParameter:$scatterDimsToOperandDims,
                        "int64_t":$indexVectorDim);
}

def StableHLO_ConvDimensionNumbers
    : StableHLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "convolution dimension numbers";
  let parameters = (ins "int64_t":$inputBatchDimension,
                        "int64_t":$inputFeatureDimension,
                        HLO_DimsParameter:$inputSpatialDimensions,
                        "int64_t":$kernelInputFeatureDimension,
                        "int64_t":$kernelOutputFeatureDimension,
                        HLO_DimsParameter:$kernelSpatialDimensions,
                        "int64_t":$outputBatchDimension,
                        "int64_t":$outputFeatureDimension,
                        HLO_DimsParameter:$outputSpatialDimensions);
}

def StableHLO_DotAlgorithm : StableHLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "dot_general algorithm: precisions, accumulation, components";
  let parameters = (ins "::mlir::Type":$lhsPrecisionType,
                        "::mlir::Type":$rhsPrecisionType,
                        "::mlir::Type":$accumulationType,
                        "int64_t":$lhsComponentCount,
                        "int64_t":$rhsComponentCount,
                        "int64_t":$numPrimitiveOperations,
                        "bool":$allowImpreciseAccumulation);
  // Upstream's checks: positive counts (dot_general C22-C24) and a known
  // algorithm (the spec's "best effort verification").
  let genVerifyDecl = 1;
}

def StableHLO_ChannelHandle : StableHLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "channel handle of collective and send/recv ops";
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
}

def StableHLO_OutputOperandAlias
    : StableHLO_Attr<"OutputOperandAlias", "output_operand_alias"> {
  let summary = "custom_call output aliasing an operand";
  let parameters = (ins HLO_DimsParameter:$outputTupleIndices,
                        "int64_t":$operandIndex,
                        HLO_DimsParameter:$operandTupleIndices);
}

def StableHLO_ResultAccuracy
    : StableHLO_Attr<"ResultAccuracy", "result_accuracy"> {
  let summary = "requested accuracy of a transcendental op";
  let parameters = (ins "::llvm::APFloat":$atol, "::llvm::APFloat":$rtol,
                        "int64_t":$ulps,
                        "::mlir::stablehlo::ResultAccuracyModeAttr":$mode);
  // Upstream's checks: no negative tolerance; all zero unless mode TOLERANCE.
  let genVerifyDecl = 1;
}

// Replica groups named by mesh axes (upstream's current spec, "Replica
// groups"): `#stablehlo.replica_group_mesh_axes<mesh = @m | #stablehlo.mesh<...>,
// axes = [#stablehlo.axis_ref<name = "x", sub_axis_info = (1)2>, ...]>`.
def StableHLO_SubAxisInfo : StableHLO_Attr<"SubAxisInfo", "sub_axis_info"> {
  let summary = "a part of a mesh axis: the product of the parts before it, and its size";
  let parameters = (ins "int64_t":$preSize, "int64_t":$size);
}

def StableHLO_AxisRef : StableHLO_Attr<"AxisRef", "axis_ref"> {
  let summary = "a mesh axis, or a part of one, by name";
  let parameters = (ins StringRefParameter<"the axis name">:$name,
                        OptionalParameter<"SubAxisInfoAttr">:$subAxisInfo);
}

def StableHLO_MeshAxis : StableHLO_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "a named dimension of a device mesh";
  let parameters = (ins StringRefParameter<"the axis name">:$name,
                        "int64_t":$size);
}

def StableHLO_Mesh : StableHLO_Attr<"Mesh", "mesh"> {
  let summary = "a named grid of devices";
  let parameters = (ins ArrayRefParameter<"MeshAxisAttr", "the axes">:$axes,
                        OptionalParameter<"DenseIntElementsAttr">:$deviceIds);
}

// A symbol user wherever it appears: as upstream, every attribute of every op
// that holds one names an existing symbol (the symbol table's verifier asks).
def StableHLO_ReplicaGroupMeshAxes
    : StableHLO_Attr<"ReplicaGroupMeshAxes", "replica_group_mesh_axes",
                     [DeclareAttrInterfaceMethods<SymbolUserAttrInterface>]> {
  let summary = "replica groups: the devices of a mesh along some of its axes";
  // mesh: a MeshAttr or a FlatSymbolRefAttr naming an op that holds one (an
  // sdy.mesh); axes: AxisRefAttrs.
  let parameters = (ins "::mlir::Attribute":$mesh, "::mlir::ArrayAttr":$axes);
  let genVerifyDecl = 1;
}

// What the collectives take as replica_groups: a 2-dimensional tensor of ids,
// or mesh axes.
def StableHLO_ReplicaGroups : AnyAttrOf<[I64ElementsAttr, StableHLO_ReplicaGroupMeshAxes]>;

// The encoding of bounded dynamic tensors: tensor<?x3xf32, #stablehlo.bounds<4, ?>>.
// `#stablehlo.type_extensions<bounds = [...]>` parses to the same attribute.
def StableHLO_TypeExtensions : AttrDef<Stablehlo_Dialect, "TypeExtensions",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = "bounds";
  let summary = "upper bounds of the dynamic dimensions of a tensor";
  let parameters = (ins HLO_DimsParameter:$bounds);
  let hasCustomAssemblyFormat = 1;
}

#endif // STABLEHLO_PY_ATTRS_TD
