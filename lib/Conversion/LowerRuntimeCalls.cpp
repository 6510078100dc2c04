// stablehlo-legalize-to-linalg{enable-runtime-calls}: ops whose lowering is a
// library call, and forms of other ops no pattern takes, as calls into
// stablehlo-py's runtime.
//
// The op becomes a call of a private external function
// @__stablehlo_py_runtime_<k> taking one memref per operand, then one per
// result (destination-passing: the caller allocates the results, the callee
// writes them and reads its operands only). The op itself is kept, as a
// one-op function in text, in the declaration's `stablehlo_py.runtime_op`
// attribute: the runtime (python/stablehlo_py/lowering/runtime.py) prepares
// it once with the interpreter and runs it on the buffers. The C ABI is
// MLIR's C interface on memrefs (docs/lowering.md, "The runtime").
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

constexpr StringLiteral kRuntimeOpAttr = "stablehlo_py.runtime_op";

// `op` alone in a function of its operands' and results' (original) types,
// printed: what the runtime prepares. Fails when the op reads values from
// above through its regions or names symbols (called computations).
FailureOr<std::string> opAsProgram(Operation *op) {
  for (Region &region : op->getRegions()) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(region, above);
    if (!above.empty())
      return failure();
    // A call in a body (one the inliner left, a recursive one) names a
    // function the one-op program would not hold.
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&region);
    if (!uses || !uses->empty())
      return failure();
  }
  for (NamedAttribute attribute : op->getAttrs()) {
    bool symbol = isa<SymbolRefAttr>(attribute.getValue());
    if (auto array = dyn_cast<ArrayAttr>(attribute.getValue()))
      symbol = llvm::any_of(array, [](Attribute a) {
        return isa<SymbolRefAttr>(a);
      });
    if (symbol)
      return failure();
  }
  OpBuilder b(op->getContext());
  Location loc = op->getLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  auto type = b.getFunctionType(op->getOperandTypes(), op->getResultTypes());
  auto function = func::FuncOp::create(b, loc, "op", type);
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  IRMapping mapping;
  mapping.map(op->getOperands(), entry->getArguments());
  Operation *copy = b.clone(*op, mapping);
  func::ReturnOp::create(b, loc, copy->getResults());
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo());
  return text;
}

// Values the runtime can take: static shapes of integers, floats, complex;
// tokens (their placeholder byte: the runtime reads none, writes 0); tuples
// of them, which cross as their elements (one buffer each, in order).
bool runtimeValue(Type type) {
  if (auto tuple = dyn_cast<TupleType>(type))
    return llvm::all_of(tuple.getTypes(), runtimeValue);
  if (isa<TokenType>(type))
    return true;
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() &&
         isa<IntegerType, FloatType, ComplexType>(tensor.getElementType());
}

struct RuntimeCall : ConversionPattern {
  RuntimeCall(const TypeConverter &converter, MLIRContext *context,
              StringRef name)
      // Below every pattern of the op: the runtime takes what they leave.
      : ConversionPattern(converter, name, /*benefit=*/0, context) {}

  // 1:N: a tuple operand arrives as its elements, and a tuple result is
  // replaced by its elements' buffers.
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> adaptorOperands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->getParentOfType<func::FuncOp>())
      return rewriter.notifyMatchFailure(op, "not in a function");
    if (!llvm::all_of(op->getOperandTypes(), runtimeValue) ||
        !llvm::all_of(op->getResultTypes(), runtimeValue))
      return rewriter.notifyMatchFailure(op, "expected static tensors");
    SmallVector<Type> resultLeaves;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultLeaves)))
      return rewriter.notifyMatchFailure(op, "result type");
    SmallVector<RankedTensorType> results;
    for (Type type : resultLeaves) {
      auto converted = dyn_cast<RankedTensorType>(type);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "result type");
      results.push_back(converted);
    }
    SmallVector<Value> operands = flattened(adaptorOperands);
    FailureOr<std::string> program = opAsProgram(op);
    if (failed(program))
      return rewriter.notifyMatchFailure(op, "reads values or symbols from outside");

    // The declaration, named apart from every symbol of the module.
    auto module = op->getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    SmallVector<Type> arguments;
    for (Value operand : operands)
      arguments.push_back(anyLayout(cast<RankedTensorType>(operand.getType())));
    for (RankedTensorType result : results)
      arguments.push_back(anyLayout(result));
    Location loc = op->getLoc();
    std::string name;
    for (int64_t k = 0;; ++k) {
      name = ("__stablehlo_py_runtime_" + Twine(k)).str();
      if (!SymbolTable::lookupSymbolIn(module, name))
        break;
    }
    func::FuncOp callee = declareFunction(
        rewriter, module, name, rewriter.getFunctionType(arguments, {}), true);
    callee->setAttr(kRuntimeOpAttr, rewriter.getStringAttr(*program));

    replaceByFlat(rewriter, *getTypeConverter(), op,
                  callOnBuffers(rewriter, loc, callee, operands, results));
    return success();
  }
};

} // namespace

void populateRuntimeCallPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // Library calls (fft, linear algebra, custom calls, the generators,
  // batch norm, the ops on tokens), and the ops whose patterns leave some forms (a body the
  // scalar table does not take, mixed element types, batch groups, bitcasts
  // between widths, complex math).
  for (StringRef name :
       {FftOp::getOperationName(), CholeskyOp::getOperationName(),
        TriangularSolveOp::getOperationName(),
        CustomCallOp::getOperationName(), RngOp::getOperationName(),
        RngBitGeneratorOp::getOperationName(),
        BatchNormInferenceOp::getOperationName(),
        BatchNormTrainingOp::getOperationName(),
        BatchNormGradOp::getOperationName(), SortOp::getOperationName(),
        ScatterOp::getOperationName(), SelectAndScatterOp::getOperationName(),
        ConvolutionOp::getOperationName(), DotGeneralOp::getOperationName(),
        DotOp::getOperationName(), BitcastConvertOp::getOperationName(),
        ReduceOp::getOperationName(), ReduceWindowOp::getOperationName(),
        MapOp::getOperationName(), ReducePrecisionOp::getOperationName(),
        ConvertOp::getOperationName(),
        // Math functions of complex numbers the scalar table leaves (abs,
        // sign, pow, log1p, cbrt, atan2: numpy's own algorithms; the
        // others call the C library as numpy does, ScalarOps.cpp).
        AbsOp::getOperationName(), ExpOp::getOperationName(),
        Expm1Op::getOperationName(), LogOp::getOperationName(),
        Log1pOp::getOperationName(), LogisticOp::getOperationName(),
        PowOp::getOperationName(), RsqrtOp::getOperationName(),
        SignOp::getOperationName(), SqrtOp::getOperationName(),
        TanOp::getOperationName(), TanhOp::getOperationName(),
        CosineOp::getOperationName(), SineOp::getOperationName(),
        CbrtOp::getOperationName(), Atan2Op::getOperationName(),
        // Collectives and the process ids: each process of a grid is a
        // thread calling the native code, and the runtime runs the op as
        // the calling thread's process.
        ReplicaIdOp::getOperationName(), PartitionIdOp::getOperationName(),
        AllReduceOp::getOperationName(), AllGatherOp::getOperationName(),
        ReduceScatterOp::getOperationName(), AllToAllOp::getOperationName(),
        CollectivePermuteOp::getOperationName(),
        CollectiveBroadcastOp::getOperationName(),
        CollectiveReduceOp::getOperationName(),
        CrossReplicaSumOp::getOperationName(),
        // The ops on tokens that reach the host or other processes: the
        // run's feeds (interpret's infeed / outfeed) and the grid's channels
        // (send / recv on one process), as the interpreter has them. Their
        // calls stay in program order (calls of external functions).
        InfeedOp::getOperationName(), OutfeedOp::getOperationName(),
        SendOp::getOperationName(), RecvOp::getOperationName()})
    patterns.add<RuntimeCall>(converter, context, name);
}

} // namespace mlir::stablehlo::linalg_lowering
