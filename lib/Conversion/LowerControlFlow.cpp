// stablehlo-legalize-to-linalg, control flow: while, if and case as scf ops;
// composite as a call; tokens (which order side effects) as placeholders;
// tuples as their elements (SignlessTypeConverter's 1:N conversion), so that
// a tuple crosses regions and calls as its elements.
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

// loop-limits: a while loop's site number (its index in the check's sites).
constexpr StringLiteral kLoopSiteAttr = "stablehlo_py.loop_site";
constexpr StringLiteral kLoopSitesAttr = "stablehlo_py.loop_sites";
constexpr StringLiteral kLoopCheck = "__stablehlo_py_loop_check";

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
    // loop-limits: the site number markLoopSites gave it, for addLoopChecks
    if (Attribute site = op->getAttr(kLoopSiteAttr))
      loop->setAttr(kLoopSiteAttr, site);
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

//===--- loop-limits -----------------------------------------------------===//

LogicalResult markLoopSites(ModuleOp module) {
  SmallVector<Attribute> sites;
  Builder b(module.getContext());
  module.walk<WalkOrder::PreOrder>([&](WhileOp op) { // outer loops first
    op->setAttr(kLoopSiteAttr, b.getI64IntegerAttr(sites.size()));
    // [op name, location]: what the runtime's error names, as the
    // interpreter's does (str() of the op's location).
    std::string location;
    llvm::raw_string_ostream os(location);
    op.getLoc().print(os);
    sites.push_back(b.getArrayAttr({b.getStringAttr(op->getName().getStringRef()),
                                    b.getStringAttr(location)}));
  });
  if (sites.empty())
    return success();
  OpBuilder builder(module.getContext());
  Type i64 = builder.getI64Type();
  func::FuncOp check =
      declareFunction(builder, module, kLoopCheck,
                      builder.getFunctionType({i64, i64}, {i64}), true);
  if (!check) // not reached: the name is reserved (checkReservedNames)
    return module.emitError() << "loop-limits: the module already has a symbol @"
                              << kLoopCheck;
  check->setAttr(kLoopSitesAttr, builder.getArrayAttr(sites));
  return success();
}

// An scf.while with site k, rewritten with two more carries: the iteration
// count and the count at which the check is due (1: every execution checks
// once at its first iteration, when a stop or a timeout may already hold).
// Its condition, when true, counts one more iteration; when that is the due
// one, the check runs and says when it is due next, or (negative) that the
// loop ends as if its condition were false. The body passes both on.
static void addLoopCheck(scf::WhileOp loop, func::FuncOp check) {
  auto site = loop->getAttrOfType<IntegerAttr>(kLoopSiteAttr);
  loop->removeAttr(kLoopSiteAttr);
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  Value zero = constant(0), one = constant(1), siteValue = constant(site.getInt());
  Value no = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value yes = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  SmallVector<Value> inits(loop.getInits());
  inits.append({zero, one});
  SmallVector<Type> types(loop.getResultTypes());
  types.append({i64, i64});
  auto checked = scf::WhileOp::create(b, loc, types, inits);
  checked.getBefore().takeBody(loop.getBefore());
  checked.getAfter().takeBody(loop.getAfter());

  Block &before = checked.getBefore().front();
  Value count = before.addArgument(i64, loc), due = before.addArgument(i64, loc);
  auto condition = cast<scf::ConditionOp>(before.getTerminator());
  b.setInsertionPoint(condition);
  Value going = condition.getCondition();
  Value counted = arith::AddIOp::create(b, loc, count, one);
  // (next due count, whether the loop goes on). A false condition ends the
  // loop first; then the count is compared with the due one, which is
  // expected not to be reached: LLVM keeps the loop's values in registers
  // across the check's call, spilling them only on the way to it (without:
  // bench_loops' float loop reloads its constants from the stack at every
  // iteration). The iterations that do not check pay an add, a compare and
  // a branch.
  auto branch = scf::IfOp::create(
      b, loc, going,
      [&](OpBuilder &then, Location at) {
        Value reached = arith::CmpIOp::create(
            then, at, arith::CmpIPredicate::sge, counted, due);
        auto checking = scf::IfOp::create(
            then, at, LLVM::ExpectOp::create(then, at, reached, no),
            [&](OpBuilder &inner, Location at) {
              auto call = func::CallOp::create(inner, at, check,
                                               ValueRange{siteValue, counted});
              Value next = call.getResult(0);
              Value allowed = arith::CmpIOp::create(
                  inner, at, arith::CmpIPredicate::sge, next, zero);
              scf::YieldOp::create(inner, at, ValueRange{next, allowed});
            },
            [&](OpBuilder &inner, Location at) {
              scf::YieldOp::create(inner, at, ValueRange{due, yes});
            });
        scf::YieldOp::create(then, at, checking.getResults());
      },
      [&](OpBuilder &otherwise, Location at) {
        scf::YieldOp::create(otherwise, at, ValueRange{due, no});
      });
  condition.getConditionMutable().assign(branch.getResult(1));
  condition.getArgsMutable().append({counted, branch.getResult(0)});

  Block &after = checked.getAfter().front();
  Value afterCount = after.addArgument(i64, loc), afterDue = after.addArgument(i64, loc);
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  yield.getResultsMutable().append({afterCount, afterDue});

  loop.replaceAllUsesWith(checked.getResults().drop_back(2));
  loop.erase();
}

void addLoopChecks(ModuleOp module) {
  auto check = module.lookupSymbol<func::FuncOp>(kLoopCheck);
  SmallVector<scf::WhileOp> loops;
  module.walk([&](scf::WhileOp loop) {
    if (loop->hasAttr(kLoopSiteAttr))
      loops.push_back(loop);
  });
  for (scf::WhileOp loop : loops) {
    if (check)
      addLoopCheck(loop, check);
    else
      loop->removeAttr(kLoopSiteAttr);
  }
}

void populateControlFlowPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<WhileToScf, IfToScf, CaseToScf, ReturnToScf, CompositeToCall,
               TokenToPlaceholder<CreateTokenOp>,
               TokenToPlaceholder<AfterAllOp>, TupleToElements,
               GetTupleElementToValues>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
