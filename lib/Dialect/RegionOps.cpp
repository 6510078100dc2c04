// Ops with regions or calls: reduce, return, custom_call, composite, if,
// case, while, sort, map, reduce_window, select_and_scatter.
// Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Regex.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>
#include <set>

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "RegionOps.cpp.inc"

void mlir::stablehlo::registerRegionOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "RegionOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

//===--- reduce ------------------------------------------------------------===//

// Shape function of reduce (reduce_c7, reduce_c8) over at least one input.
static void inferReduceTypes(ValueRange inputs, ValueRange inits,
                             ArrayRef<int64_t> dims, RegionRange regions,
                             SmallVectorImpl<Type> &inferred) {
  auto input = cast<RankedTensorType>(inputs[0].getType());
  ArrayRef<int64_t> bounds = getBounds(input);
  SmallVector<int64_t> shape, resultBounds;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    if (llvm::is_contained(dims, d))
      continue;
    shape.push_back(input.getDimSize(d)); // reduce_c7
    resultBounds.push_back(bounds.empty() ? ShapedType::kDynamic : bounds[d]);
  }
  for (Type element : reducerResultElementTypes(inits, regions)) // reduce_c8
    inferred.push_back(getTensorType(shape, element, resultBounds));
}

LogicalResult ReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<ReduceOp>(location, operands);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<ReduceOp>(attributes, properties);
  if (!props.dimensions)
    return builderError(location, getOperationName(), "needs dimensions");
  ReduceOp::Adaptor adaptor(operands, attributes, &props, regions);
  if (adaptor.getInputs().empty())
    return builderError(location, getOperationName(),
                        "C3: needs at least one input");
  inferReduceTypes(adaptor.getInputs(), adaptor.getInitValues(),
                   adaptor.getDimensions(), regions, inferred);
  return success();
}


// The init values of reduce (C2) and reduce_window (C3): each a 0-d tensor
// of its input's element type; an element type the body's accumulator
// promotes from (as upstream reads it) is a spec deviation.
static LogicalResult verifyInitValues(Operation *op, ValueRange inputs,
                                      ValueRange inits, Block &body,
                                      StringRef constraint) {
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, inits))) {
    auto [input, init] = pair;
    auto initType = cast<RankedTensorType>(init.getType());
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "init value " << initType
           << " must be a 0-d tensor of the element type of "
           << input.getType();
    };
    if (initType.getRank() != 0) {
      InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
      describe(error);
      return error;
    }
    if (failed(verifyElementAsUpstream(
            op, initType.getElementType(),
            getElementTypeOrSelf(input.getType()),
            reducerResultElement(body, i), constraint, describe)))
      return failure();
  }
  return success();
}

LogicalResult ReduceOp::verify() {
  ValueRange inputs = getInputs(), inits = getInitValues();
  size_t n = inputs.size();
  if (n == 0 || inits.size() != n || getNumResults() != n) // reduce_c3
    return emitOpError() << "C3: needs N > 0 inputs, N init_values and N "
                            "results, got "
                         << n << ", " << inits.size() << " and "
                         << getNumResults();
  auto input0 = cast<RankedTensorType>(inputs[0].getType());
  for (Value input : inputs.drop_front())
    if (!isCompatibleShape(input0, input.getType())) // reduce_c1
      return emitOpError() << "C1: all inputs must have the same shape, got "
                           << input0 << " and " << input.getType();
  if (failed(verifyInitValues(*this, inputs, inits, getBody().front(),
                              "C2"))) // reduce_c2 (and I2)
    return failure();
  ArrayRef<int64_t> dims = getDimensions();
  for (int64_t d : dims)
    if (d < 0 || d >= input0.getRank()) // reduce_c4
      return emitOpError() << "C4: dimensions " << formatDims(dims)
                           << " must be in [0, " << input0.getRank() << ")";
  if (!isUnique(dims)) // reduce_c5
    return emitOpError() << "C5: dimensions " << formatDims(dims)
                         << " must be unique";

  SmallVector<Type> inputElements;
  for (Value input : inputs)
    inputElements.push_back(getElementTypeOrSelf(input.getType()));
  if (failed(verifyReducerBody(*this, getBody().front(), inputElements, "C6",
                               "body"))) // reduce_c6
    return failure();

  SmallVector<Type> expected;
  inferReduceTypes(inputs, inits, dims, (*this)->getRegions(), expected);
  for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, getResultTypes()))) {
    auto [want, got] = pair;
    if (!isCompatibleShape(want, got)) // reduce_c7
      return emitOpError() << "C7: result " << i << " must have shape of "
                           << want << " (inputs without the reduced "
                           << "dimensions), got " << got;
    if (getElementTypeOrSelf(want) != getElementTypeOrSelf(got)) // reduce_c8
      return emitOpError() << "C8: result " << i << " must have element type "
                           << getElementTypeOrSelf(want) << ", got " << got;
  }
  return success();
}

// The compact form `applies stablehlo.add` stands for a body made of one
// commutative binary stablehlo op on the two block arguments of a single
// reduction (upstream's criteria E1-E5; its location is not compared, as
// upstream does not either).
static Operation *compactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return nullptr;
  Block &body = op.getBody().front();
  Operation *terminator = terminatorOf(body);
  if (!terminator || body.getNumArguments() != 2 ||
      !llvm::hasSingleElement(body.without_terminator()))
    return nullptr;
  Operation &inner = body.front();
  Type scalar = RankedTensorType::get(
      {}, getElementTypeOrSelf(op.getInputs()[0].getType()));
  bool shaped = inner.getDialect() == op->getDialect() &&
                inner.getNumOperands() == 2 && inner.getNumResults() == 1 &&
                inner.getNumRegions() == 0 &&
                inner.hasTrait<mlir::OpTrait::IsCommutative>() &&
                inner.getAttrs().empty() &&
                inner.getPropertiesStorageSize() == 0 &&
                inner.getOperand(0) == body.getArgument(0) &&
                inner.getOperand(1) == body.getArgument(1) &&
                inner.getResult(0).getType() == scalar &&
                body.getArgument(0).getType() == scalar &&
                body.getArgument(1).getType() == scalar &&
                terminator->getNumOperands() == 1 &&
                terminator->getOperand(0) == inner.getResult(0);
  return shaped ? &inner : nullptr;
}

void ReduceOp::print(OpAsmPrinter &printer) {
  llvm::interleaveComma(llvm::zip(getInputs(), getInitValues()), printer,
                        [&](auto pair) {
                          auto [input, init] = pair;
                          printer << '(' << input << " init: " << init << ')';
                        });
  Operation *reducer = compactReducer(*this);
  if (reducer)
    printer << " applies " << reducer->getName();
  printer << " across dimensions = ";
  printDimList(printer.getStream(), getDimensions());
  printer.printOptionalAttrDict(getOperation()->getDiscardableAttrDictionary()
                                    .getValue());
  printer << " : ";
  printer.printFunctionalType(*this);
  if (reducer)
    return;
  printer.printNewline();
  // One `(%element, %accumulator) ` pair per input, then a space: upstream
  // prints `reducer(%a0, %b0) (%a1, %b1)  {`.
  printer << " reducer";
  Block &body = getBody().front();
  size_t n = getInputs().size();
  for (size_t i = 0; i < n && n + i < body.getNumArguments(); ++i) {
    printer << '(';
    printer.printRegionArgument(body.getArgument(i));
    printer << ", ";
    printer.printRegionArgument(body.getArgument(n + i));
    printer << ") ";
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand input, init;
        if (parser.parseLParen() || parser.parseOperand(input) ||
            parser.parseKeyword("init") || parser.parseColon() ||
            parser.parseOperand(init) || parser.parseRParen())
          return failure();
        inputs.push_back(input);
        inits.push_back(init);
        return success();
      }))
    return failure();

  std::optional<OperationName> reducerName;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    reducerName = *name;
  }
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseDimList(parser, dims) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  result.getOrAddProperties<ReduceOp::Properties>().dimensions =
      DenseI64ArrayAttr::get(parser.getContext(), dims);

  llvm::SMLoc typesLoc = parser.getCurrentLocation();
  FunctionType fnType;
  if (parser.parseType(fnType))
    return failure();
  if (fnType.getNumInputs() != 2 * inputs.size())
    return parser.emitError(typesLoc)
           << "expected " << 2 * inputs.size() << " operand types, got "
           << fnType.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  operands.append(inits);
  if (parser.resolveOperands(operands, fnType.getInputs(), loc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());

  Region *body = result.addRegion();
  if (reducerName) {
    // Rebuild the one-op body the compact form stands for.
    Location opLoc = result.location;
    Type scalar = RankedTensorType::get(
        {}, getElementTypeOrSelf(fnType.getInput(0)));
    Block *block = new Block();
    body->push_back(block);
    block->addArguments({scalar, scalar}, {opLoc, opLoc});
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToStart(block);
    OperationState innerState(opLoc, *reducerName);
    innerState.addOperands(block->getArguments());
    innerState.addTypes(scalar);
    Operation *inner = builder.create(innerState);
    builder.create<ReturnOp>(opLoc, inner->getResults());
    return success();
  }
  // `reducer(%a0: T0, %b0: T0) (%a1: T1, %b1: T1) ...`: the block takes all
  // the first arguments of the pairs, then all the second ones.
  SmallVector<OpAsmParser::Argument> elements, accumulators;
  if (parser.parseKeyword("reducer"))
    return failure();
  while (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseArgument(elements.emplace_back(), /*allowType=*/true,
                             /*allowAttrs=*/false) ||
        parser.parseComma() ||
        parser.parseArgument(accumulators.emplace_back(), /*allowType=*/true,
                             /*allowAttrs=*/false) ||
        parser.parseRParen())
      return failure();
  }
  elements.append(accumulators);
  return parser.parseRegion(*body, elements);
}

//===--- custom_call -------------------------------------------------------===//

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // A call that makes, reads or writes a buffer is never merged with
  // another or dropped: each Pin is its own buffer.
  auto isBuffer = [](Type type) { return isa<MemRefType>(type); };
  if (!getHasSideEffect() && llvm::none_of(getOperandTypes(), isBuffer) &&
      llvm::none_of(getResultTypes(), isBuffer))
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

// A layout is a permutation of the dimensions of a tensor.
static LogicalResult verifyLayouts(CustomCallOp op, ArrayAttr layouts,
                                   TypeRange types, StringRef what) {
  if (layouts.size() != types.size())
    return op.emitOpError() << "has " << layouts.size() << " " << what
                            << " layouts for " << types.size() << " " << what
                            << "s";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(layouts, types))) {
    auto [layoutAttr, type] = pair;
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    SmallVector<int64_t> layout;
    for (APInt v : cast<DenseIntElementsAttr>(layoutAttr).getValues<APInt>())
      layout.push_back(v.getSExtValue());
    SmallVector<int64_t> sorted(layout);
    llvm::sort(sorted);
    bool permutation = static_cast<int64_t>(layout.size()) == tensor.getRank();
    for (auto [i, v] : llvm::enumerate(sorted))
      permutation &= v == static_cast<int64_t>(i);
    if (!permutation)
      return op.emitOpError()
             << what << " layout " << index << " " << formatDims(layout)
             << " must be a permutation of [0, " << tensor.getRank() << ")";
  }
  return success();
}

// The type at `indices` inside nested tuples of `type`, or null.
static Type tupleElement(Type type, ArrayRef<int64_t> indices) {
  for (int64_t i : indices) {
    auto tuple = dyn_cast<TupleType>(type);
    if (!tuple || i < 0 || i >= static_cast<int64_t>(tuple.size()))
      return {};
    type = tuple.getType(i);
  }
  return type;
}

// The buffer rules of custom_call (upstream's current spec, "(XLA GPU
// Support) Special custom_call targets" and "Alias"), with upstream's
// messages: CreateBuffer makes a buffer, Pin a buffer holding a tensor, Unpin
// the tensor a buffer holds; any other target hands buffers through aliases,
// each buffer operand in at most one pair and each buffer output in exactly
// one.
static LogicalResult verifyBuffers(CustomCallOp op) {
  StringRef target = op.getCallTargetName();
  auto one = [&](TypeRange types, StringRef what, bool memref,
                 StringRef kind) -> LogicalResult {
    if (types.size() != 1)
      return op.emitOpError() << target << " custom_call should have one "
                              << what;
    if (isa<MemRefType>(types[0]) != memref ||
        (!memref && !isa<RankedTensorType>(types[0])))
      return op.emitOpError() << target << " custom_call should have a "
                              << kind << " " << what;
    return success();
  };
  auto compatible = [&]() -> LogicalResult {
    auto in = cast<ShapedType>(op.getOperand(0).getType());
    auto out = cast<ShapedType>(op.getResult(0).getType());
    if (in.getElementType() != out.getElementType() ||
        failed(verifyCompatibleShape(in.getShape(), out.getShape())))
      return op.emitOpError() << target << " custom_call should have "
                              << "compatible input and output types";
    return success();
  };
  if (target == "CreateBuffer") {
    if (op.getNumOperands() != 0)
      return op.emitOpError() << "CreateBuffer custom_call shouldn't have "
                                 "any inputs";
    if (op.getNumResults() != 1)
      return op.emitOpError() << "CreateBuffer custom_call should have one "
                                 "result";
    if (!isa<MemRefType>(op.getResult(0).getType()))
      return op.emitOpError() << "CreateBuffer custom_call should have a "
                                 "memref result";
    return success();
  }
  if (target == "Pin" || target == "Unpin") {
    bool pin = target == "Pin";
    if (failed(one(op.getOperandTypes(), "input", !pin, pin ? "tensor" : "memref")) ||
        failed(one(op.getResultTypes(), "output", pin, pin ? "memref" : "tensor")))
      return failure();
    return compatible();
  }
  // Other targets: the buffers among the aliased parts.
  std::set<SmallVector<int64_t>> outputs;
  std::set<std::pair<int64_t, SmallVector<int64_t>>> operands;
  for (Attribute attr : op.getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(attr); // checked by the caller
    Type operand = tupleElement(op.getOperand(alias.getOperandIndex()).getType(),
                                alias.getOperandTupleIndices());
    if (!isa<MemRefType>(operand))
      continue;
    // The spec's "Alias": a buffer is in at most one pair. Upstream reports
    // a second pair but accepts the program, so it is a spec deviation.
    SmallVector<int64_t> output(alias.getOutputTupleIndices());
    if (!outputs.insert(output).second &&
        failed(reportSpecDeviation(op, "Alias", [&](InFlightDiagnostic &d) {
          d << "buffer output " << formatDims(output)
            << " is used in output_operand_alias more than once";
        })))
      return failure();
    SmallVector<int64_t> path(alias.getOperandTupleIndices());
    if (!operands.insert({alias.getOperandIndex(), path}).second &&
        failed(reportSpecDeviation(op, "Alias", [&](InFlightDiagnostic &d) {
          d << "buffer operand " << alias.getOperandIndex()
            << formatDims(path)
            << " is used in output_operand_alias more than once";
        })))
      return failure();
  }
  Type resultRoot = op.getNumResults() == 1
                        ? op.getResult(0).getType()
                        : TupleType::get(op.getContext(), op.getResultTypes());
  SmallVector<int64_t> path;
  std::function<LogicalResult(Type)> visit = [&](Type type) -> LogicalResult {
    if (auto tuple = dyn_cast<TupleType>(type)) {
      for (auto [i, element] : llvm::enumerate(tuple.getTypes())) {
        path.push_back(i);
        if (failed(visit(element)))
          return failure();
        path.pop_back();
      }
      return success();
    }
    if (isa<MemRefType>(type) && !outputs.count(path))
      return op.emitOpError() << "buffer output " << formatDims(path)
                              << " is not used in output_operand_alias";
    return success();
  };
  return visit(resultRoot);
}

LogicalResult CustomCallOp::verify() {
  if (getOperandLayouts().has_value() != getResultLayouts().has_value())
    return emitOpError() << "operand_layouts and result_layouts must be "
                            "given together";
  if (auto layouts = getOperandLayouts())
    if (failed(verifyLayouts(*this, *layouts, getOperandTypes(), "operand")))
      return failure();
  if (auto layouts = getResultLayouts()) {
    TypeRange results = getResultTypes();
    SmallVector<Type> flat(results.begin(), results.end());
    if (results.size() == 1)
      if (auto tuple = dyn_cast<TupleType>(results[0]))
        flat.assign(tuple.getTypes().begin(), tuple.getTypes().end());
    if (failed(verifyLayouts(*this, *layouts, flat, "result")))
      return failure();
  }
  if (auto config = getBackendConfig())
    if (isa<DictionaryAttr>(*config) &&
        getApiVersion() != CustomCallApiVersion::API_VERSION_TYPED_FFI)
      return emitOpError() << "a dictionary backend_config requires "
                              "api_version = 4 (typed FFI)";
  for (Attribute attr : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(attr);
    int64_t index = alias.getOperandIndex();
    if (index < 0 || index >= getNumOperands())
      return emitOpError() << "output_operand_alias operand_index " << index
                           << " is out of range for " << getNumOperands()
                           << " operands";
    Type operand = tupleElement(getOperand(index).getType(),
                                alias.getOperandTupleIndices());
    Type resultRoot = getNumResults() == 1
                          ? getResult(0).getType()
                          : TupleType::get(getContext(), getResultTypes());
    Type output = tupleElement(resultRoot, alias.getOutputTupleIndices());
    if (!operand || !output)
      return emitOpError() << "output_operand_alias tuple indices do not "
                              "address an element";
    if (!isCompatibleType(operand, output))
      return emitOpError() << "output_operand_alias aliases " << operand
                           << " with output " << output
                           << "; their types must be compatible";
  }
  return verifyBuffers(*this);
}

//===--- composite ---------------------------------------------------------===//

LogicalResult CompositeOp::verify() {
  // composite_c1: is_namespaced_op_name(name).
  static const llvm::Regex namespaced(
      "^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$");
  if (!namespaced.match(getName()))
    return emitOpError() << "C1: name \"" << getName()
                         << "\" must be a namespaced op name such as "
                            "\"my_namespace.my_op\"";
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto decomposition = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getDecompositionAttr());
  if (!decomposition) // composite_c2
    return emitOpError() << "C2: decomposition " << getDecompositionAttr()
                         << " must be a function defined in the parent scope";
  ArrayRef<Type> inputs = decomposition.getArgumentTypes();
  ArrayRef<Type> outputs = decomposition.getResultTypes();
  if (TypeRange(inputs) != getOperandTypes()) // composite_c3
    return emitOpError() << "C3: operand types (" << getOperandTypes()
                         << ") must be the input types of "
                         << getDecompositionAttr() << " ("
                         << TypeRange(inputs) << ")";
  if (TypeRange(outputs) != getResultTypes()) // composite_c4
    return emitOpError() << "C4: result types (" << getResultTypes()
                         << ") must be the output types of "
                         << getDecompositionAttr() << " ("
                         << TypeRange(outputs) << ")";
  return success();
}

//===--- if, case, while ---------------------------------------------------===//

// Types agree up to dynamic dimensions (dynamism RFC): tensors with the same
// element type and compatible shapes; other types (tokens) equal.
static bool sameTypeUpToDynamism(Type a, Type b) {
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  return ta && tb && ta.getElementType() == tb.getElementType() &&
         isCompatibleShape(ta, tb);
}

static bool sameTypesUpToDynamism(TypeRange a, TypeRange b) {
  return a.size() == b.size() &&
         llvm::all_of(llvm::zip(a, b), [](auto pair) {
           return sameTypeUpToDynamism(std::get<0>(pair), std::get<1>(pair));
         });
}

// `(T0, T1)`.
static std::string formatTypes(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(types, os);
  os << ')';
  return text;
}

// The output types of a region: the operand types of its stablehlo.return.
static FailureOr<SmallVector<Type>> outputTypes(Operation *op, Region &region,
                                                const Twine &name) {
  Block &block = region.front();
  auto ret = block.empty() ? ReturnOp() : dyn_cast<ReturnOp>(block.back());
  if (!ret) {
    op->emitOpError() << name << " must end with stablehlo.return";
    return failure();
  }
  return SmallVector<Type>(ret->getOperandTypes());
}

LogicalResult IfOp::verifyRegions() {
  for (auto [region, name] : {std::pair(&getTrueBranch(), "true_branch"),
                              std::pair(&getFalseBranch(), "false_branch")})
    if (region->getNumArguments() != 0) // if_c1
      return emitOpError() << "C1: " << name << " must take no arguments, "
                           << "it takes "
                           << formatTypes(region->getArgumentTypes());
  auto onTrue = outputTypes(*this, getTrueBranch(), "true_branch");
  auto onFalse = outputTypes(*this, getFalseBranch(), "false_branch");
  if (failed(onTrue) || failed(onFalse))
    return failure();
  if (!sameTypesUpToDynamism(*onTrue, *onFalse)) // if_c2
    return emitOpError() << "C2: true_branch and false_branch must return the "
                            "same types, got "
                         << formatTypes(*onTrue) << " and "
                         << formatTypes(*onFalse);
  if (!sameTypesUpToDynamism(getResultTypes(), *onTrue)) // if_c3
    return emitOpError() << "C3: result types "
                         << formatTypes(getResultTypes())
                         << " must be the output types of true_branch "
                         << formatTypes(*onTrue);
  return success();
}

LogicalResult CaseOp::verifyRegions() {
  MutableArrayRef<Region> branches = getBranches();
  if (branches.empty()) // case_c1
    return emitOpError() << "C1: needs at least one branch";
  for (auto [i, branch] : llvm::enumerate(branches))
    if (branch.getNumArguments() != 0) // case_c2
      return emitOpError() << "C2: branch " << i << " must take no arguments, "
                           << "it takes "
                           << formatTypes(branch.getArgumentTypes());
  auto first = outputTypes(*this, branches[0], "branch 0");
  if (failed(first))
    return failure();
  for (auto [i, branch] : llvm::enumerate(branches.drop_front())) {
    auto outputs = outputTypes(*this, branch, "branch " + Twine(i + 1));
    if (failed(outputs))
      return failure();
    if (!sameTypesUpToDynamism(*outputs, *first)) // case_c3
      return emitOpError() << "C3: all branches must return the same types, "
                              "branch 0 returns "
                           << formatTypes(*first) << " and branch " << i + 1
                           << " returns " << formatTypes(*outputs);
  }
  if (!sameTypesUpToDynamism(getResultTypes(), *first)) // case_c4
    return emitOpError() << "C4: result types "
                         << formatTypes(getResultTypes())
                         << " must be the output types of branch 0 "
                         << formatTypes(*first);
  return success();
}

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes()); // while_c3
  return success();
}


LogicalResult WhileOp::verifyRegions() {
  TypeRange operands = getOperand().getTypes();
  Block &cond = getCond().front(), &body = getBody().front();
  if (!sameTypesUpToDynamism(cond.getArgumentTypes(), operands)) // while_c1
    return emitOpError() << "C1: cond must take the operand types "
                         << formatTypes(operands) << ", it takes "
                         << formatTypes(cond.getArgumentTypes());
  auto condOutputs = outputTypes(*this, getCond(), "cond");
  if (failed(condOutputs))
    return failure();
  Type predicate = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (condOutputs->size() != 1 || (*condOutputs)[0] != predicate) // while_c1
    return emitOpError() << "C1: cond must return tensor<i1>, it returns "
                         << formatTypes(*condOutputs);
  if (!sameTypesUpToDynamism(body.getArgumentTypes(), operands)) // while_c2
    return emitOpError() << "C2: body must take the operand types "
                         << formatTypes(operands) << ", it takes "
                         << formatTypes(body.getArgumentTypes());
  auto bodyOutputs = outputTypes(*this, getBody(), "body");
  if (failed(bodyOutputs))
    return failure();
  if (!sameTypesUpToDynamism(*bodyOutputs, operands)) // while_c2
    return emitOpError() << "C2: body must return the operand types "
                         << formatTypes(operands) << ", it returns "
                         << formatTypes(*bodyOutputs);
  if (!sameTypesUpToDynamism(getResultTypes(), operands)) // while_c3
    return emitOpError() << "C3: result types "
                         << formatTypes(getResultTypes())
                         << " must be the operand types "
                         << formatTypes(operands);
  return success();
}

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

// The pretty form has one list of types for the operands, the arguments of
// both regions and the results. When they differ (only up to dynamic
// dimensions in a valid op), the op prints in the generic form after its name
// (`stablehlo.while(%0) ({...}, {...}) : (T) -> U`), which parse() accepts
// too; upstream prints the pretty form and loses the other types.
static bool hasUniformTypes(WhileOp op) {
  TypeRange types = op.getOperand().getTypes();
  auto same = [&](TypeRange other) { return llvm::equal(types, other); };
  return op.getCond().hasOneBlock() && op.getBody().hasOneBlock() &&
         same(op.getResultTypes()) &&
         same(op.getCond().front().getArgumentTypes()) &&
         same(op.getBody().front().getArgumentTypes());
}

void WhileOp::print(OpAsmPrinter &printer) {
  if (!hasUniformTypes(*this)) {
    printer.printGenericOp(*this, /*printOpName=*/false);
    return;
  }
  printer << '(';
  llvm::interleaveComma(
      llvm::zip(getBody().front().getArguments(), getOperand()), printer,
      [&](auto pair) {
        printer << std::get<0>(pair) << " = " << std::get<1>(pair);
      });
  printer << ')';
  if (!getOperand().empty()) {
    printer << " : ";
    llvm::interleaveComma(getOperand().getTypes(), printer);
  }
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  printer.printNewline();
  printer << "cond ";
  printer.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  printer << " do ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseLParen())
    return failure();
  bool generic = false;
  if (failed(parser.parseOptionalRParen())) {
    OpAsmParser::UnresolvedOperand first;
    if (parser.parseOperand(first))
      return failure();
    generic = failed(parser.parseOptionalEqual());
    if (generic) {
      // `(%0, %1) ({...}, {...}) {attrs} : (T0, T1) -> (U0, U1)`.
      operands.push_back(first);
      while (succeeded(parser.parseOptionalComma()))
        if (parser.parseOperand(operands.emplace_back()))
          return failure();
      FunctionType type;
      if (parser.parseRParen() || parser.parseLParen() ||
          parser.parseRegion(*result.addRegion()) || parser.parseComma() ||
          parser.parseRegion(*result.addRegion()) || parser.parseRParen() ||
          parser.parseOptionalAttrDict(result.attributes) ||
          parser.parseColonType(type) ||
          parser.resolveOperands(operands, type.getInputs(), loc,
                                 result.operands))
        return failure();
      result.addTypes(type.getResults());
      return success();
    }
    // `(%iterArg = %0, %iterArg_0 = %1) : T0, T1`.
    args.emplace_back().ssaName = first;
    if (parser.parseOperand(operands.emplace_back()))
      return failure();
    while (succeeded(parser.parseOptionalComma()))
      if (parser.parseOperand(args.emplace_back().ssaName) ||
          parser.parseEqual() || parser.parseOperand(operands.emplace_back()))
        return failure();
    if (parser.parseRParen())
      return failure();
  }
  SmallVector<Type> types;
  if (!operands.empty() &&
      (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc) << "expected " << operands.size()
                                 << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip(args, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("cond") || parser.parseRegion(*result.addRegion(), args) ||
      parser.parseKeyword("do") || parser.parseRegion(*result.addRegion(), args))
    return failure();
  result.addTypes(types);
  return success();
}

//===--- sort, map ---------------------------------------------------------===//

// `(T0, T1) -> (U0)`: the signature of a region's block, for errors.
static std::string formatSignature(Block &block) {
  std::string text = formatTypes(block.getArgumentTypes()) + " -> ";
  Operation *terminator = block.empty() ? nullptr : &block.back();
  return text + formatTypes(terminator ? TypeRange(terminator->getOperandTypes())
                                       : TypeRange());
}

static RankedTensorType scalarOf(Type shaped) {
  return RankedTensorType::get({}, getElementTypeOrSelf(shaped));
}

LogicalResult SortOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       ValueRange operands, DictionaryAttr,
                                       OpaqueProperties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes()); // sort_c2
  return success();
}

LogicalResult SortOp::verify() {
  ValueRange inputs = getInputs();
  if (inputs.empty()) // sort_c1
    return emitOpError() << "C1: needs at least one input";
  auto first = cast<RankedTensorType>(inputs[0].getType());
  for (Value input : inputs.drop_front())
    if (!isCompatibleShape(first, input.getType())) // sort_c3
      return emitOpError() << "C3: all inputs must have the same shape, got "
                           << first << " and " << input.getType();
  if (getNumResults() != inputs.size()) // sort_c2
    return emitOpError() << "C2: needs one result per input, got "
                         << getNumResults() << " results for "
                         << inputs.size() << " inputs";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, getResultTypes()))) {
    auto [input, result] = pair;
    if (!isCompatibleShape(first, result)) // sort_c3
      return emitOpError() << "C3: result " << i << " " << result
                           << " must have the shape of the inputs " << first;
    if (!sameTypeUpToDynamism(input.getType(), result)) // sort_c2
      return emitOpError() << "C2: result " << i << " must have type "
                           << input.getType() << ", got " << result;
  }
  int64_t rank = first.getRank(), dim = getDimension();
  if (dim < -rank || dim >= rank) // sort_c4
    return emitOpError() << "C4: dimension " << dim << " must be in [" << -rank
                         << ", " << rank << ")";
  Block &comparator = getComparator().front();
  SmallVector<Type> expected;
  for (Value input : inputs)
    expected.append(2, scalarOf(input.getType()));
  auto outputs = outputTypes(*this, getComparator(), "comparator");
  if (failed(outputs))
    return failure();
  Type predicate = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (!llvm::equal(comparator.getArgumentTypes(), expected) ||
      outputs->size() != 1 || (*outputs)[0] != predicate) // sort_c5
    return emitOpError() << "C5: comparator must have type "
                         << formatTypes(expected) << " -> (tensor<i1>), got "
                         << formatSignature(comparator);
  return success();
}

// The element type of a region's single output when it has one, else
// `fallback` (a builder infers before filling the region).
static Type regionElementType(RegionRange regions, unsigned index,
                              Type fallback) {
  if (hasBody(regions, index)) {
    Block &block = regions[index]->front();
    if (!block.empty() && block.back().getNumOperands() == 1 &&
        block.back().hasTrait<mlir::OpTrait::IsTerminator>())
      return getElementTypeOrSelf(block.back().getOperand(0).getType());
  }
  return getElementTypeOrSelf(fallback);
}

LogicalResult MapOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> location,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange regions,
                                      SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<MapOp>(location, operands);
  if (failed(ranked))
    return failure();
  if (operands.empty()) // map_c2
    return builderError(location, getOperationName(),
                        "C2: needs at least one input");
  RankedTensorType shape = ranked->front();
  for (RankedTensorType type : llvm::drop_begin(*ranked))
    if (isCompatibleShape(shape, type)) // map_c1 (else the verifier reports it)
      shape = mostSpecificType(shape, type);
  Type element = regionElementType(regions, 0, shape); // map_c4
  inferred.push_back(shape.clone(element));
  return success();
}

LogicalResult MapOp::verify() {
  ValueRange inputs = getInputs();
  if (inputs.empty()) // map_c2
    return emitOpError() << "C2: needs at least one input";
  auto result = cast<RankedTensorType>(getType());
  for (Value input : inputs)
    if (!isCompatibleShape(input.getType(), result)) // map_c1
      return emitOpError() << "C1: result " << result
                           << " must have the shape of input "
                           << input.getType();
  ArrayRef<int64_t> dims = getDimensions();
  int64_t rank = result.getRank();
  bool identity = static_cast<int64_t>(dims.size()) == rank;
  for (auto [i, d] : llvm::enumerate(dims))
    identity &= d == static_cast<int64_t>(i);
  if (!identity) // map_c3
    return emitOpError() << "C3: dimensions " << formatDims(dims)
                         << " must be range(" << rank << ")";
  Block &computation = getComputation().front();
  SmallVector<Type> expected;
  for (Value input : inputs)
    expected.push_back(scalarOf(input.getType()));
  auto outputs = outputTypes(*this, getComputation(), "computation");
  if (failed(outputs))
    return failure();
  if (!llvm::equal(computation.getArgumentTypes(), expected) ||
      outputs->size() != 1 || (*outputs)[0] != scalarOf(result)) // map_c4
    return emitOpError() << "C4: computation must have type "
                         << formatTypes(expected) << " -> "
                         << formatTypes(TypeRange{scalarOf(result)}) << ", got "
                         << formatSignature(computation);
  return success();
}

//===--- reduce_window, select_and_scatter --------------------------------===//

// Window attributes with their defaults filled in, checked against the rank.
struct Window {
  SmallVector<int64_t> dimensions, strides, baseDilations, windowDilations;
  SmallVector<std::pair<int64_t, int64_t>> padding;
};

// The constraint ids of the window attributes of an op: size and positivity
// of window_dimensions, window_strides, base_dilations, window_dilations, and
// the shape of padding. Empty ids for attributes the op does not have.
struct WindowIds {
  const char *dimsSize, *dimsPositive, *stridesSize, *stridesPositive,
      *baseSize, *basePositive, *dilationsSize, *dilationsPositive, *padding;
};

// Upstream reads an explicitly empty window_strides, base_dilations,
// window_dilations (`array<i64>`) or padding (`dense<> : tensor<0x2xi64>`) of
// an operand of rank > 0 as absent, and XLA runs it so: a spec deviation
// citing `id` (when verifying; a shape function just takes the defaults).
static LogicalResult emptyAsAbsent(const ErrorSink &error, StringRef id,
                                   StringRef name, StringRef expected) {
  if (!error.op)
    return success();
  return reportSpecDeviation(error.op, id, [&](InFlightDiagnostic &diag) {
    diag << name << " must have " << expected
         << ", got an empty one (read as absent)";
  });
}

// The window attributes of reduce_window or select_and_scatter with their
// defaults filled in (absent fields: 1 in every dimension; no padding),
// checked against the operand rank.
static FailureOr<Window>
checkWindow(const ErrorSink &error, int64_t rank, const WindowIds &ids,
            std::optional<ArrayRef<int64_t>> dims,
            std::optional<ArrayRef<int64_t>> strides,
            std::optional<ArrayRef<int64_t>> baseDilations,
            std::optional<ArrayRef<int64_t>> windowDilations,
            std::optional<DenseIntElementsAttr> padding) {
  Window window;
  auto fill = [&](std::optional<ArrayRef<int64_t>> given, const char *sizeId,
                  const char *positiveId, StringRef name,
                  SmallVector<int64_t> &out,
                  bool emptyIsAbsent = true) -> LogicalResult {
    if (given && given->empty() && rank > 0 && emptyIsAbsent) {
      if (failed(emptyAsAbsent(error, sizeId, name,
                               std::to_string(rank) +
                                   " entries, one per dimension")))
        return failure();
      given = std::nullopt;
    }
    if (!given) {
      out.assign(rank, 1);
      return success();
    }
    out.assign(given->begin(), given->end());
    return checkWindowField(error, name, *given, rank, "", sizeId, positiveId);
  };
  // window_dimensions has no default: empty stays an error, as upstream has it.
  if (failed(fill(dims, ids.dimsSize, ids.dimsPositive, "window_dimensions",
                  window.dimensions, /*emptyIsAbsent=*/false)) ||
      failed(fill(strides, ids.stridesSize, ids.stridesPositive,
                  "window_strides", window.strides)) ||
      failed(fill(baseDilations, ids.baseSize, ids.basePositive,
                  "base_dilations", window.baseDilations)) ||
      failed(fill(windowDilations, ids.dilationsSize, ids.dilationsPositive,
                  "window_dilations", window.windowDilations)))
    return failure();
  window.padding.assign(rank, {0, 0});
  if (padding && *padding && rank > 0 &&
      padding->getType().getShape() == ArrayRef<int64_t>{0, 2}) {
    if (failed(emptyAsAbsent(error, ids.padding, "padding",
                             "shape [" + std::to_string(rank) + ", 2]")))
      return failure();
    padding = std::nullopt;
  }
  if (padding && *padding) {
    if (failed(checkWindowPadding(error, padding->getType().getShape(), rank,
                                  ids.padding)))
      return failure();
    auto values = llvm::to_vector(padding->getValues<int64_t>());
    for (int64_t d = 0; d < rank; ++d)
      window.padding[d] = {values[2 * d], values[2 * d + 1]};
  }
  return window;
}

// num_windows of reduce_window (reduce_window_c15) and select_and_scatter
// (select_and_scatter_c2): the window count of every static dimension,
// dynamic input dimensions give dynamic ones; `id` is cited when the window
// geometry overflows int64.
static FailureOr<SmallVector<int64_t>> numWindows(const ErrorSink &error,
                                                  StringRef id,
                                                  ArrayRef<int64_t> shape,
                                                  const Window &window) {
  SmallVector<int64_t> result;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size)) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    FailureOr<int64_t> count = checkedWindowCount(
        error, id, "", d, size, window.baseDilations[d],
        window.padding[d].first, window.padding[d].second, window.dimensions[d],
        window.windowDilations[d], window.strides[d]);
    if (failed(count))
      return failure();
    result.push_back(*count);
  }
  return result;
}

static const WindowIds kReduceWindowIds = {"C4", "C5",  "C6",  "C7", "C8",
                                           "C9", "C10", "C11", "C12"};
static const WindowIds kSelectAndScatterIds = {"C4", "C5", "C6", "C7", "",
                                               "",   "",   "",   "C8"};

// Shape function of reduce_window (reduce_window_c15, reduce_window_c16) over
// at least one input; checks the window attributes (reduce_window_c4-c12) it
// needs.
static LogicalResult
inferReduceWindowTypes(const ErrorSink &error, ValueRange inputs,
                       ValueRange inits,
                       const ReduceWindowOp::Properties &props,
                       RegionRange regions, SmallVectorImpl<Type> &inferred) {
  auto input = cast<RankedTensorType>(inputs[0].getType());
  auto optional = [](DenseI64ArrayAttr attr) {
    return attr ? std::optional<ArrayRef<int64_t>>(attr.asArrayRef())
                : std::nullopt;
  };
  FailureOr<SmallVector<int64_t>> shape = failure();
  auto window = checkWindow(
      error, input.getRank(), kReduceWindowIds,
      optional(props.window_dimensions), optional(props.window_strides),
      optional(props.base_dilations), optional(props.window_dilations),
      props.padding ? std::optional(props.padding) : std::nullopt);
  if (succeeded(window))
    shape = numWindows(error, "C15", input.getShape(), *window);
  if (failed(shape)) {
    if (error.op)
      return failure();
    shape = llvm::to_vector(
        input.getShape()); // placeholder: the verifier reports it
  }
  for (Type element : reducerResultElementTypes(inits, regions)) // reduce_window_c16
    inferred.push_back(RankedTensorType::get(*shape, element));
  return success();
}

LogicalResult ReduceWindowOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<ReduceWindowOp>(location, operands);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<ReduceWindowOp>(attributes, properties);
  if (!props.window_dimensions)
    return builderError(location, getOperationName(),
                        "needs window_dimensions");
  ReduceWindowOp::Adaptor adaptor(operands, attributes, &props, regions);
  if (adaptor.getInputs().empty())
    return builderError(location, getOperationName(),
                        "C1: needs at least one input");
  return inferReduceWindowTypes({}, adaptor.getInputs(),
                                adaptor.getInitValues(), props, regions,
                                inferred);
}

LogicalResult ReduceWindowOp::verify() {
  ValueRange inputs = getInputs(), inits = getInitValues();
  size_t n = inputs.size();
  if (n == 0 || inits.size() != n || getNumResults() != n) // reduce_window_c1
    return emitOpError() << "C1: needs N > 0 inputs, N init_values and N "
                            "results, got "
                         << n << ", " << inits.size() << " and "
                         << getNumResults();
  auto input0 = cast<RankedTensorType>(inputs[0].getType());
  for (Value input : inputs.drop_front())
    if (!isCompatibleShape(input0, input.getType())) // reduce_window_c2
      return emitOpError() << "C2: all inputs must have the same shape, got "
                           << input0 << " and " << input.getType();
  if (failed(verifyInitValues(*this, inputs, inits, getBody().front(),
                              "C3"))) // reduce_window_c3 (and I2)
    return failure();
  SmallVector<Type> inputElements;
  for (Value input : inputs)
    inputElements.push_back(getElementTypeOrSelf(input.getType()));
  if (failed(verifyReducerBody(*this, getBody().front(), inputElements, "C13",
                               "body")))
    return failure();
  SmallVector<Type> expected;
  if (failed(inferReduceWindowTypes({*this}, inputs, inits, getProperties(),
                                    (*this)->getRegions(), expected)))
    return failure();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, getResultTypes()))) {
    auto [want, got] = pair;
    if (!isCompatibleShape(getResultTypes()[0], got)) // reduce_window_c14
      return emitOpError() << "C14: all results must have the same shape, got "
                           << getResultTypes()[0] << " and " << got;
    if (!isCompatibleShape(want, got)) // reduce_window_c15
      return emitOpError() << "C15: result " << i << " must have shape "
                           << formatShape(cast<ShapedType>(want).getShape())
                           << " (the number of windows), got " << got;
    if (getElementTypeOrSelf(want) != getElementTypeOrSelf(got)) // reduce_window_c16
      return emitOpError() << "C16: result " << i << " must have element type "
                           << getElementTypeOrSelf(want) << ", got " << got;
  }
  return success();
}

// Shape function of select_and_scatter: the operand's shape
// (select_and_scatter_c11) and the element type the scatter region returns
// (select_and_scatter_c12).
LogicalResult SelectAndScatterOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<SelectAndScatterOp>(location, operands, 3);
  if (failed(ranked))
    return failure();
  RankedTensorType operand = (*ranked)[0];
  inferred.push_back(operand.clone(regionElementType(regions, 1, operand)));
  return success();
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  auto init = cast<RankedTensorType>(getInitValue().getType());
  Type element = operand.getElementType();
  Block &select = getSelect().front(), &scatter = getScatter().front();
  // Upstream compares the source and the select's arguments with the operand
  // ignoring the precision of floats: another float type is a spec deviation.
  auto otherFloat = [&](Type type) {
    return isa<FloatType>(type) && isa<FloatType>(element);
  };
  auto describeSource = [&](InFlightDiagnostic &diag) {
    diag << "source " << source << " must have the element type of operand "
         << operand;
  };
  if (source.getElementType() != element) { // select_and_scatter_c1
    if (!otherFloat(source.getElementType())) {
      InFlightDiagnostic error = emitOpError() << "C1: ";
      describeSource(error);
      return error;
    }
    if (failed(reportSpecDeviation(*this, "C1", describeSource)))
      return failure();
  }
  auto describeInit = [&](InFlightDiagnostic &diag) {
    diag << "init_value " << init
         << " must be a 0-d tensor of the element type of operand " << operand;
  };
  if (init.getRank() != 0) { // select_and_scatter_c3 (and I3)
    InFlightDiagnostic error = emitOpError() << "C3: ";
    describeInit(error);
    return error;
  }
  // An init value scatter's accumulator promotes from, as upstream reads it.
  if (failed(verifyElementAsUpstream(*this, init.getElementType(), element,
                                     reducerResultElement(scatter, 0), "C3",
                                     describeInit))) // select_and_scatter_c3
    return failure();
  auto window =
      checkWindow({*this}, operand.getRank(), kSelectAndScatterIds,
                  // absent window_dimensions count as [] (upstream)
                  getWindowDimensions().value_or(ArrayRef<int64_t>()),
                  getWindowStrides(), std::nullopt, std::nullopt, getPadding());
  if (failed(window))
    return failure();
  auto windows = numWindows({*this}, "C2", operand.getShape(), *window);
  if (failed(windows))
    return failure();
  if (!isCompatibleShape(RankedTensorType::get(*windows, element), source)) // select_and_scatter_c2
    return emitOpError() << "C2: source " << source << " must have shape "
                         << formatDims(*windows) << " (the number of windows)";
  Type scalar = RankedTensorType::get({}, element);
  Type predicate = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  auto selectOutputs = outputTypes(*this, getSelect(), "select");
  if (failed(selectOutputs))
    return failure();
  auto describeSelect = [&](InFlightDiagnostic &diag) {
    diag << "select must have type " << formatTypes(TypeRange{scalar, scalar})
         << " -> (tensor<i1>), got " << formatSignature(select);
  };
  bool deviates = false, wrong = select.getNumArguments() != 2;
  for (Type argument : select.getArgumentTypes()) {
    if (argument == scalar)
      continue;
    auto tensor = dyn_cast<RankedTensorType>(argument);
    if (tensor && tensor.getRank() == 0 && otherFloat(tensor.getElementType()))
      deviates = true;
    else
      wrong = true;
  }
  if (wrong || selectOutputs->size() != 1 ||
      (*selectOutputs)[0] != predicate) { // select_and_scatter_c9
    InFlightDiagnostic error = emitOpError() << "C9: ";
    describeSelect(error);
    return error;
  }
  if (deviates && failed(reportSpecDeviation(*this, "C9", describeSelect)))
    return failure();
  // scatter is a reducer body of one input (the operand's element type).
  if (failed(verifyReducerBody(*this, scatter, TypeRange{element}, "C10",
                               "scatter"))) // select_and_scatter_c10
    return failure();
  auto scatterType = cast<RankedTensorType>(
      terminatorOf(scatter)->getOperand(0).getType()); // checked just above
  auto result = cast<RankedTensorType>(getType());
  if (!isCompatibleShape(operand, result)) // select_and_scatter_c11
    return emitOpError() << "C11: result " << result
                         << " must have the shape of operand " << operand;
  if (result.getElementType() != scatterType.getElementType()) // select_and_scatter_c12
    return emitOpError() << "C12: result " << result
                         << " must have the element type scatter returns, "
                         << scatterType.getElementType();
  return success();
}

//===--- async_start, async_done ------------------------------------------===//

// The tensors the body returns (async_start_c4), or none while it is not built.
static std::optional<SmallVector<Type>> bodyResultTypes(Region &body) {
  if (body.empty() || body.front().empty() ||
      !body.front().back().hasTrait<mlir::OpTrait::IsTerminator>())
    return std::nullopt;
  return SmallVector<Type>(body.front().back().getOperandTypes());
}

LogicalResult AsyncStartOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location, ValueRange,
    DictionaryAttr, OpaqueProperties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  std::optional<SmallVector<Type>> types;
  if (!regions.empty())
    types = bodyResultTypes(*regions.front());
  if (!types || types->empty() ||
      !llvm::all_of(*types, llvm::IsaPred<RankedTensorType>)) // async_start_c4
    return builderError(location, getOperationName(),
                        "C4: the body must return tensors, the future's");
  inferred.push_back(FutureType::get(context, *types));
  return success();
}

LogicalResult AsyncStartOp::verify() {
  Block &body = getBody().front();
  // async_start_c1: one op and the return.
  if (body.getOperations().size() != 2)
    return emitOpError() << "C1: the body must hold one op and a return, got "
                         << body.getOperations().size() << " ops";
  Operation &inner = body.front();
  // Upstream also takes collective_reduce, which the spec's list lacks.
  if (isa<CollectiveReduceOp>(inner) &&
      failed(reportSpecDeviation(*this, "C2", [](InFlightDiagnostic &diag) {
        diag << "the body's op must be one the spec lists; collective_reduce "
                "is not among them";
      })))
    return failure();
  if (!isa<AllReduceOp, AllGatherOp, AllToAllOp, CollectivePermuteOp,
           ReduceScatterOp, CollectiveBroadcastOp, CollectiveReduceOp, SliceOp,
           DynamicSliceOp, DynamicUpdateSliceOp>(inner)) // async_start_c2
    return emitOpError() << "C2: the body's op must be a collective "
                            "(all_reduce, all_gather, all_to_all, "
                            "collective_permute, reduce_scatter, "
                            "collective_broadcast) or a slice (slice, "
                            "dynamic_slice, dynamic_update_slice), got "
                         << inner.getName();
  // async_start_c3: the body's op takes the arguments async_start is given,
  // through the block arguments (the body is isolated from above).
  if (!areCompatibleTypes(body.getArgumentTypes(), getOperands().getTypes()))
    return emitOpError() << "C3: the body's arguments must have the types of "
                            "the operands";
  // Upstream does not check that the op takes them as they come.
  if (!llvm::equal(inner.getOperands(), body.getArguments()) &&
      failed(reportSpecDeviation(*this, "C3", [](InFlightDiagnostic &diag) {
        diag << "the body's op must take the body's arguments, in order";
      })))
    return failure();
  if (inner.getNumResults() != 1) // async_start_c4: "returns type T", as upstream
    return emitOpError() << "C4: the body's op must return one tensor, got "
                         << inner.getNumResults();
  if (!llvm::equal(body.back().getOperands(), inner.getResults())) // async_start_c4
    return emitOpError() << "C4: the body must return the result of its op";
  auto future = FutureType::get(getContext(),
                                SmallVector<Type>(inner.getResultTypes()));
  if (!areCompatibleTypes(getType().getTypes(), future.getTypes())) // async_start_c4
    return emitOpError() << "C4: the result must be " << Type(future)
                         << ", the future of the body's op, got "
                         << getType();
  return success();
}

LogicalResult AsyncDoneOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto future =
      operands.empty() ? FutureType() : dyn_cast<FutureType>(operands[0].getType());
  if (!future) // I1
    return builderError(location, getOperationName(), "I1: needs a future");
  if (future.getTypes().empty()) // async_done_c1: no T to give
    return builderError(location, getOperationName(),
                        "C1: awaits a future of one tensor, got ",
                        Type(future));
  inferred.push_back(future.getTypes().front()); // async_done_c1
  return success();
}

LogicalResult AsyncDoneOp::verify() {
  ArrayRef<Type> types = getOperand().getType().getTypes();
  if (types.size() != 1) // async_done_c1: future<T> gives T, one tensor
    return emitOpError() << "C1: awaits a future of one tensor, got "
                         << Type(getOperand().getType());
  if (!isCompatibleType(getType(), types.front())) // async_done_c1
    return emitOpError() << "C1: the result must be " << types.front()
                         << ", which " << Type(getOperand().getType())
                         << " holds, got " << getType();
  return success();
}

} // namespace mlir::stablehlo

