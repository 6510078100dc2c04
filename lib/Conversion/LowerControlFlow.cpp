// stablehlo-legalize-to-linalg, control flow: while, if and case as scf ops;
// composite as a call; tokens (which order side effects) as placeholders;
// tuples as their elements (SignlessTypeConverter's 1:N conversion), so that
// a tuple crosses regions and calls as its elements.
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

//===--- Control flow ----------------------------------------------------===//

// A rank-0 i1 tensor (stored as a byte) as an i1 scalar.
Value predicateOf(OpBuilder &b, Location loc, Value stored) {
  Value byte = tensor::ExtractOp::create(b, loc, stored, ValueRange{});
  return loadElement(b, loc, byte, b.getI1Type());
}

LogicalResult convertedTypes(const TypeConverter &converter, TypeRange types,
                             SmallVectorImpl<Type> &converted) {
  return converter.convertTypes(types, converted);
}

// while -> scf.while: the condition region becomes the before region (its
// return an scf.condition), the body the after region (its return an
// scf.yield); ReturnToScf converts the returns.
struct WhileToScf : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhileOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), types,
                                     flattened(adaptor.getOperands()));
    rewriter.inlineRegionBefore(op.getCond(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getAfter(),
                                loop.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&loop.getBefore(), *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&loop.getAfter(), *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "region types");
    replaceByFlat(rewriter, *getTypeConverter(), op, loop.getResults());
    return success();
  }
};

// if -> scf.if on the predicate's value.
struct IfToScf : OpConversionPattern<IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IfOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    Location loc = op.getLoc();
    auto branch = scf::IfOp::create(rewriter, loc, types,
                                    predicateOf(rewriter, loc, adaptor.getPred().front()),
                                    /*withElseRegion=*/true);
    rewriter.eraseBlock(&branch.getThenRegion().front());
    rewriter.eraseBlock(&branch.getElseRegion().front());
    rewriter.inlineRegionBefore(op.getTrueBranch(), branch.getThenRegion(),
                                branch.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), branch.getElseRegion(),
                                branch.getElseRegion().end());
    replaceByFlat(rewriter, *getTypeConverter(), op, branch.getResults());
    return success();
  }
};

// case -> scf.index_switch: branch i for index i < n - 1, the last branch
// for any other index (case's semantics: out of range runs the last).
struct CaseToScf : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CaseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    auto branches = op.getBranches();
    if (branches.empty() ||
        failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    Location loc = op.getLoc();
    Value index = tensor::ExtractOp::create(rewriter, loc, adaptor.getIndex().front(),
                                            ValueRange{});
    Value selector = arith::IndexCastOp::create(rewriter, loc,
                                                rewriter.getIndexType(), index);
    SmallVector<int64_t> cases;
    for (int64_t i = 0; i + 1 < int64_t(branches.size()); ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, types, selector,
                                               cases, cases.size());
    for (auto [i, region] : llvm::enumerate(switchOp.getCaseRegions()))
      rewriter.inlineRegionBefore(branches[i], region, region.end());
    rewriter.inlineRegionBefore(branches.back(), switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    replaceByFlat(rewriter, *getTypeConverter(), op, switchOp.getResults());
    return success();
  }
};

// The returns of the regions moved into scf ops: scf.condition in a while's
// condition, scf.yield elsewhere.
struct ReturnToScf : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    SmallVector<Value> operands = flattened(adaptor.getOperands());
    if (auto loop = dyn_cast<scf::WhileOp>(parent);
        loop && op->getParentRegion() == &loop.getBefore()) {
      if (operands.size() != 1)
        return rewriter.notifyMatchFailure(op, "expected one predicate");
      Block *block = op->getBlock();
      Value predicate = predicateOf(rewriter, op.getLoc(), operands[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, predicate,
                                                    block->getArguments());
      return success();
    }
    if (!isa<scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(parent))
      return rewriter.notifyMatchFailure(op, "not in a region moved to scf");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, operands);
    return success();
  }
};


// composite: a call of its decomposition (the spec defines the op by it; the
// regions some producers attach carry nothing more).
struct CompositeToCall : OpConversionPattern<CompositeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CompositeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    auto call = func::CallOp::create(rewriter, op.getLoc(), op.getDecomposition(),
                                     types, flattened(adaptor.getOperands()));
    replaceByFlat(rewriter, *getTypeConverter(), op, call.getResults());
    return success();
  }
};

//===--- Tokens ----------------------------------------------------------===//

// create_token and after_all: a token carries no data, so either is the
// placeholder (SignlessTypeConverter). The side effects tokens order are
// runtime calls (infeed, outfeed, send, recv: LowerRuntimeCalls.cpp), which
// stay in program order as calls do.
template <typename Op>
struct TokenToPlaceholder : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, tokenPlaceholder(rewriter, op.getLoc()));
    return success();
  }
};

//===--- Tuples ----------------------------------------------------------===//

// tuple: its elements (each already its converted values), in order.
struct TupleToElements : OpConversionPattern<TupleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TupleOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    SmallVector<Value> values = flattened(adaptor.getOperands());
    if (failed(convertedTypes(*getTypeConverter(), op.getType(), types)) ||
        TypeRange(values) != TypeRange(types))
      return rewriter.notifyMatchFailure(op, "element types");
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

// get_tuple_element: the converted values of element `index`, found after
// those of the elements before it.
struct GetTupleElementToValues : OpConversionPattern<GetTupleElementOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GetTupleElementOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<TupleType>(op.getOperand().getType());
    ValueRange values = adaptor.getOperand();
    uint32_t index = op.getIndex();
    if (index >= type.size()) // the verifier's C1
      return rewriter.notifyMatchFailure(op, "index out of range");
    size_t offset = 0;
    for (Type element : type.getTypes().take_front(index))
      offset += convertedCount(*getTypeConverter(), element);
    size_t count = convertedCount(*getTypeConverter(), type.getType(index));
    if (offset + count > values.size())
      return rewriter.notifyMatchFailure(op, "tuple not converted");
    rewriter.replaceOpWithMultiple(op, {values.slice(offset, count)});
    return success();
  }
};

} // namespace

void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<WhileToScf, IfToScf, CaseToScf, ReturnToScf, CompositeToCall,
               TokenToPlaceholder<CreateTokenOp>,
               TokenToPlaceholder<AfterAllOp>, TupleToElements,
               GetTupleElementToValues>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
