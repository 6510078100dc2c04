// stablehlo-py-widen-bool-buffers: memrefs of i1 become memrefs of i8.
// MLIR's memref-to-LLVM lowering takes no sub-byte element types unless they
// are emulated packed, and MLIR's buffer deallocation lowers its ownership
// flags to memrefs of i1; the compiled backend also keeps i1 tensors as
// bytes (LegalizeToLinalg.cpp), so a byte per flag is the one layout.
#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYWIDENBOOLBUFFERSPASS
#include "Passes.h.inc"

namespace {

bool isBoolBuffer(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  return memref && memref.getElementType().isInteger(1);
}

struct BoolBufferConverter : TypeConverter {
  BoolBufferConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](MemRefType type) -> Type {
      if (!type.getElementType().isInteger(1))
        return type;
      return MemRefType::get(type.getShape(),
                             IntegerType::get(type.getContext(), 8),
                             type.getLayout(), type.getMemorySpace());
    });
    addConversion([](UnrankedMemRefType type) -> Type {
      if (!type.getElementType().isInteger(1))
        return type;
      return UnrankedMemRefType::get(IntegerType::get(type.getContext(), 8),
                                     type.getMemorySpace());
    });
  }
};

struct LoadBool : OpConversionPattern<memref::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBoolBuffer(op.getMemRefType()))
      return failure();
    Value byte = memref::LoadOp::create(rewriter, op.getLoc(), adaptor.getMemref(),
                                        adaptor.getIndices());
    rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, rewriter.getI1Type(), byte);
    return success();
  }
};

struct StoreBool : OpConversionPattern<memref::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(memref::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBoolBuffer(op.getMemRefType()))
      return failure();
    Value byte = arith::ExtUIOp::create(rewriter, op.getLoc(),
                                        rewriter.getI8Type(), adaptor.getValue());
    rewriter.replaceOpWithNewOp<memref::StoreOp>(op, byte, adaptor.getMemref(),
                                                 adaptor.getIndices());
    return success();
  }
};

// Any other memref op (alloc, alloca, dealloc, cast, dim, subview, ...)
// moves buffers without reading elements: the same op on the new types.
struct RetypeMemRefOp : ConversionPattern {
  RetypeMemRefOp(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<memref::MemRefDialect>(op->getDialect()) ||
        isa<memref::LoadOp, memref::StoreOp>(op) || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs(), op->getSuccessors());
    Operation *retyped = rewriter.create(state);
    rewriter.replaceOp(op, retyped->getResults());
    return success();
  }
};

struct WidenBoolBuffers
    : impl::StablehloPyWidenBoolBuffersPassBase<WidenBoolBuffers> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    BoolBufferConverter converter;
    RewritePatternSet patterns(context);
    patterns.add<LoadBool, StoreBool, RetypeMemRefOp>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto function = dyn_cast<func::FuncOp>(op))
        return converter.isSignatureLegal(function.getFunctionType());
      return converter.isLegal(op);
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::stablehlo
