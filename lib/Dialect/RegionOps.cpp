// Ops with regions or calls: reduce, return, custom_call, if, case, while.
// Each check cites its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "RegionOps.cpp.inc"

namespace mlir::stablehlo {

//===--- reduce ------------------------------------------------------------===//

// Result element types come from the body's return when it exists (C8),
// otherwise from the init values (a builder infers before filling the body).
static SmallVector<Type> reduceElementTypes(ValueRange inits,
                                            RegionRange regions) {
  SmallVector<Type> types;
  if (!regions.empty() && !regions[0]->empty()) {
    Operation *terminator = regions[0]->front().getTerminator();
    if (terminator && terminator->getNumOperands() == inits.size()) {
      for (Type t : terminator->getOperandTypes())
        types.push_back(getElementTypeOrSelf(t));
      return types;
    }
  }
  for (Value init : inits)
    types.push_back(getElementTypeOrSelf(init.getType()));
  return types;
}

// Shape function of reduce (C7, C8).
static LogicalResult inferReduceTypes(std::optional<Location> location,
                                      ValueRange inputs, ValueRange inits,
                                      ArrayRef<int64_t> dims,
                                      RegionRange regions,
                                      SmallVectorImpl<Type> &inferred) {
  if (inputs.empty())
    return emitOptionalError(location,
                             "'stablehlo.reduce' op C3: needs at least one input");
  auto input = cast<RankedTensorType>(inputs[0].getType());
  ArrayRef<int64_t> bounds = getBounds(input);
  SmallVector<int64_t> shape, resultBounds;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    if (llvm::is_contained(dims, d))
      continue;
    shape.push_back(input.getDimSize(d)); // C7
    resultBounds.push_back(bounds.empty() ? ShapedType::kDynamic : bounds[d]);
  }
  for (Type element : reduceElementTypes(inits, regions)) // C8
    inferred.push_back(getTensorType(shape, element, resultBounds));
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<ReduceOp>(attributes, properties);
  if (!props.dimensions)
    return emitOptionalError(location, "'stablehlo.reduce' op needs dimensions");
  ReduceOp::Adaptor adaptor(operands, attributes, &props, regions);
  return inferReduceTypes(location, adaptor.getInputs(),
                          adaptor.getInitValues(), adaptor.getDimensions(),
                          regions, inferred);
}


LogicalResult ReduceOp::verify() {
  ValueRange inputs = getInputs(), inits = getInitValues();
  size_t n = inputs.size();
  if (n == 0 || inits.size() != n || getNumResults() != n) // C3
    return emitOpError() << "C3: needs N > 0 inputs, N init_values and N "
                            "results, got "
                         << n << ", " << inits.size() << " and "
                         << getNumResults();
  auto input0 = cast<RankedTensorType>(inputs[0].getType());
  for (Value input : inputs.drop_front())
    if (!isCompatibleShape(input0, input.getType())) // C1
      return emitOpError() << "C1: all inputs must have the same shape, got "
                           << input0 << " and " << input.getType();
  for (auto [input, init] : llvm::zip(inputs, inits)) {
    auto initType = cast<RankedTensorType>(init.getType());
    if (initType.getRank() != 0 ||
        getElementTypeOrSelf(input.getType()) !=
            initType.getElementType()) // C2
      return emitOpError() << "C2: init value " << initType
                           << " must be a 0-d tensor of the element type of "
                           << input.getType();
  }
  ArrayRef<int64_t> dims = getDimensions();
  for (int64_t d : dims)
    if (d < 0 || d >= input0.getRank()) // C4
      return emitOpError() << "C4: dimensions " << formatDims(dims)
                           << " must be in [0, " << input0.getRank() << ")";
  if (!isUnique(dims)) // C5
    return emitOpError() << "C5: dimensions " << formatDims(dims)
                         << " must be unique";

  SmallVector<Type> inputElements;
  for (Value input : inputs)
    inputElements.push_back(getElementTypeOrSelf(input.getType()));
  if (failed(verifyReducerBody(*this, getBody().front(), inputElements, "C6",
                               "body"))) // C6
    return failure();

  SmallVector<Type> expected;
  if (failed(inferReduceTypes(getLoc(), inputs, inits, dims,
                              (*this)->getRegions(), expected)))
    return failure();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(expected, getResultTypes()))) {
    auto [want, got] = pair;
    if (!isCompatibleShape(want, got)) // C7
      return emitOpError() << "C7: result " << i << " must have shape of "
                           << want << " (inputs without the reduced "
                           << "dimensions), got " << got;
    if (getElementTypeOrSelf(want) != getElementTypeOrSelf(got)) // C8
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
  if (body.getNumArguments() != 2 || !llvm::hasSingleElement(
                                         body.without_terminator()))
    return nullptr;
  Operation &inner = body.front();
  Operation *terminator = body.getTerminator();
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
  if (!getHasSideEffect())
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
    if (operand != output)
      return emitOpError() << "output_operand_alias aliases " << operand
                           << " with output " << output
                           << "; their types must be equal";
  }
  return success();
}

//===--- composite ---------------------------------------------------------===//

LogicalResult CompositeOp::verify() {
  // C1: is_namespaced_op_name(name).
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
  if (!decomposition) // C2
    return emitOpError() << "C2: decomposition " << getDecompositionAttr()
                         << " must be a function defined in the parent scope";
  ArrayRef<Type> inputs = decomposition.getArgumentTypes();
  ArrayRef<Type> outputs = decomposition.getResultTypes();
  if (TypeRange(inputs) != getOperandTypes()) // C3
    return emitOpError() << "C3: operand types (" << getOperandTypes()
                         << ") must be the input types of "
                         << getDecompositionAttr() << " ("
                         << TypeRange(inputs) << ")";
  if (TypeRange(outputs) != getResultTypes()) // C4
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
    if (region->getNumArguments() != 0) // C1
      return emitOpError() << "C1: " << name << " must take no arguments, "
                           << "it takes "
                           << formatTypes(region->getArgumentTypes());
  auto onTrue = outputTypes(*this, getTrueBranch(), "true_branch");
  auto onFalse = outputTypes(*this, getFalseBranch(), "false_branch");
  if (failed(onTrue) || failed(onFalse))
    return failure();
  if (!sameTypesUpToDynamism(*onTrue, *onFalse)) // C2
    return emitOpError() << "C2: true_branch and false_branch must return the "
                            "same types, got "
                         << formatTypes(*onTrue) << " and "
                         << formatTypes(*onFalse);
  if (!sameTypesUpToDynamism(getResultTypes(), *onTrue)) // C3
    return emitOpError() << "C3: result types "
                         << formatTypes(getResultTypes())
                         << " must be the output types of true_branch "
                         << formatTypes(*onTrue);
  return success();
}

LogicalResult CaseOp::verifyRegions() {
  MutableArrayRef<Region> branches = getBranches();
  if (branches.empty()) // C1
    return emitOpError() << "C1: needs at least one branch";
  for (auto [i, branch] : llvm::enumerate(branches))
    if (branch.getNumArguments() != 0) // C2
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
    if (!sameTypesUpToDynamism(*outputs, *first)) // C3
      return emitOpError() << "C3: all branches must return the same types, "
                              "branch 0 returns "
                           << formatTypes(*first) << " and branch " << i + 1
                           << " returns " << formatTypes(*outputs);
  }
  if (!sameTypesUpToDynamism(getResultTypes(), *first)) // C4
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
  llvm::append_range(inferred, operands.getTypes()); // C3
  return success();
}


LogicalResult WhileOp::verifyRegions() {
  TypeRange operands = getOperand().getTypes();
  Block &cond = getCond().front(), &body = getBody().front();
  if (!sameTypesUpToDynamism(cond.getArgumentTypes(), operands)) // C1
    return emitOpError() << "C1: cond must take the operand types "
                         << formatTypes(operands) << ", it takes "
                         << formatTypes(cond.getArgumentTypes());
  auto condOutputs = outputTypes(*this, getCond(), "cond");
  if (failed(condOutputs))
    return failure();
  Type predicate = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (condOutputs->size() != 1 || (*condOutputs)[0] != predicate) // C1
    return emitOpError() << "C1: cond must return tensor<i1>, it returns "
                         << formatTypes(*condOutputs);
  if (!sameTypesUpToDynamism(body.getArgumentTypes(), operands)) // C2
    return emitOpError() << "C2: body must take the operand types "
                         << formatTypes(operands) << ", it takes "
                         << formatTypes(body.getArgumentTypes());
  auto bodyOutputs = outputTypes(*this, getBody(), "body");
  if (failed(bodyOutputs))
    return failure();
  if (!sameTypesUpToDynamism(*bodyOutputs, operands)) // C2
    return emitOpError() << "C2: body must return the operand types "
                         << formatTypes(operands) << ", it returns "
                         << formatTypes(*bodyOutputs);
  if (!sameTypesUpToDynamism(getResultTypes(), operands)) // C3
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

} // namespace mlir::stablehlo
