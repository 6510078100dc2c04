// stablehlo-legalize-to-linalg, library-math (ours): math functions on whole
// tensors as calls of numpy's own inner loop for the function
// (lib/Runtime/NumpyLoops.h). The interpreter computes them by numpy's
// ufuncs (f16 and bf16 in f32, rounded once), so the compiled code gets its
// results bit for bit, and at numpy's SIMD speed where a scalar loop of the C
// library's functions runs 10-20 times slower. Math on scalars (rank 0, loop
// carries, the bodies of element-wise code on dynamic shapes, f64 logistic's
// exp) calls the same loops on one element. f32 exponential, log_plus_one,
// exponential_minus_one and tanh are the project's own (ScalarMath.cpp,
// expF32, log1pF32, expm1F32 and tanhF32: vectorized arith code), so only
// their f64 forms come here (and f32 logistic's exp is expF32 too).
#include "Conversion/LibraryReductions.h"
#include "Conversion/LoweringCommon.h"
#include "Runtime/NumpyLoops.h"

#include "Conversion/ScalarOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

// The index of `name` in kNumpyUnaryLoops.
int64_t loopIndex(StringRef name) {
  for (int64_t i = 0; i < kNumpyUnaryLoopCount; ++i)
    if (name == kNumpyUnaryLoops[i])
      return i;
  llvm_unreachable("not a numpy loop of NumpyLoops.h");
}

// @__stablehlo_py_numpy_loop_f32/_f64(memref<?xT, any layout> in, out, slot).
func::FuncOp loopKernel(OpBuilder &b, ModuleOp module, Type element) {
  Type buffer =
      anyLayout(RankedTensorType::get({ShapedType::kDynamic}, element));
  return nativeKernel(b, module, kNumpyLoopKernel, element,
                      {buffer, buffer, b.getI64Type()});
}

template <typename OpTy>
struct MathToNumpyLoop : OpConversionPattern<OpTy> {
  MathToNumpyLoop(const TypeConverter &converter, MLIRContext *context,
                  StringRef function, bool f64Only = false)
      : OpConversionPattern<OpTy>(converter, context, /*benefit=*/2),
        function(loopIndex(function)), f64Only(f64Only) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(adaptor.getOperand().getType());
    // Rank 0 stays scalar code (in loops it is a register, not a call).
    if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
        type.getNumElements() == 0 || type != op.getType())
      return rewriter.notifyMatchFailure(op, "expected a static tensor");
    Type element = type.getElementType();
    if (!element.isF16() && !element.isBF16() && !element.isF32() &&
        !element.isF64())
      return rewriter.notifyMatchFailure(op, "expected f16, bf16, f32 or f64");
    if (f64Only && !element.isF64())
      return rewriter.notifyMatchFailure(op, "computed by our own f32 code");
    auto module = op->template getParentOfType<ModuleOp>();
    if (!module)
      return rewriter.notifyMatchFailure(op, "not in a module");
    Location loc = op.getLoc();
    Type compute = element.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    auto computeType = type.clone(compute);
    Value x = adaptor.getOperand();
    if (element != compute) // converted by the elementwise patterns
      x = ConvertOp::create(rewriter, loc, computeType, x);
    // One dimension: the buffer is contiguous (an identity layout), so the
    // loop runs once over all of it.
    auto flatType = RankedTensorType::get({type.getNumElements()}, compute);
    Value flat = reshapedTo(rewriter, loc, x, flatType.getShape());
    Value slot = arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI64Type(), 2 * function + (element.isF64() ? 1 : 0));
    Value y = callOnBuffers(rewriter, loc, loopKernel(rewriter, module, compute),
                            {flat}, {flatType}, {slot})
                  .front();
    y = reshapedTo(rewriter, loc, y, type.getShape());
    if (element != compute)
      y = ConvertOp::create(rewriter, loc, type, y);
    rewriter.replaceOp(op, y);
    return success();
  }

  int64_t function;
  bool f64Only;
};

// The numpy-loop slot of a real math op of kNumpyUnaryLoops on f32 or f64
// scalars, or -1.
int64_t scalarSlot(Operation *op) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      op->hasAttr(kCLibraryFunction))
    return -1;
  Type type = op->getResult(0).getType();
  if (!type.isF32() && !type.isF64())
    return -1;
  StringRef name = TypeSwitch<Operation *, StringRef>(op)
                       .Case([](math::ExpOp) { return "exp"; })
                       .Case([](math::ExpM1Op) { return "expm1"; })
                       .Case([](math::LogOp) { return "log"; })
                       .Case([](math::Log1pOp) { return "log1p"; })
                       .Case([](math::TanhOp) { return "tanh"; })
                       .Case([](math::SinOp) { return "sin"; })
                       .Case([](math::CosOp) { return "cos"; })
                       .Case([](math::TanOp) { return "tan"; })
                       .Default([](Operation *) { return StringRef(); });
  if (name.empty())
    return -1;
  return 2 * loopIndex(name) + (type.isF64() ? 1 : 0);
}

} // namespace

void callNumpyLoopsOnScalars(ModuleOp module) {
  SmallVector<std::pair<Operation *, int64_t>> ops; // with their slots
  module.walk([&](Operation *op) {
    if (!isa<math::MathDialect>(op->getDialect()))
      return;
    if (int64_t slot = scalarSlot(op); slot >= 0)
      ops.push_back({op, slot});
  });
  OpBuilder b(module.getContext());
  for (auto [op, slotIndex] : ops) {
    Type type = op->getResult(0).getType();
    func::FuncOp callee =
        nativeKernel(b, module, "__stablehlo_py_numpy_scalar", type,
                     {type, b.getI64Type()}, {type}, /*cInterface=*/false);
    b.setInsertionPoint(op);
    Value slot = arith::ConstantIntOp::create(b, op->getLoc(), b.getI64Type(),
                                              slotIndex);
    auto call = func::CallOp::create(b, op->getLoc(), callee,
                                     ValueRange{op->getOperand(0), slot});
    op->getResult(0).replaceAllUsesWith(call.getResult(0));
    op->erase();
  }
}

void populateLibraryMathPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<MathToNumpyLoop<ExpOp>>(converter, context, "exp",
                                       /*f64Only=*/true);
  patterns.add<MathToNumpyLoop<Expm1Op>>(converter, context, "expm1",
                                         /*f64Only=*/true);
  patterns.add<MathToNumpyLoop<LogOp>>(converter, context, "log");
  patterns.add<MathToNumpyLoop<Log1pOp>>(converter, context, "log1p",
                                         /*f64Only=*/true);
  patterns.add<MathToNumpyLoop<TanhOp>>(converter, context, "tanh",
                                        /*f64Only=*/true);
  patterns.add<MathToNumpyLoop<SineOp>>(converter, context, "sin");
  patterns.add<MathToNumpyLoop<CosineOp>>(converter, context, "cos");
  patterns.add<MathToNumpyLoop<TanOp>>(converter, context, "tan");
  populateLibraryReductionPatterns(converter, patterns);
}

} // namespace mlir::stablehlo::linalg_lowering
