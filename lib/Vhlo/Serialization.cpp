#include "Vhlo/Serialization.h"

#include "Dialect/StablehloOps.h"
#include "Vhlo/Legalize.h"
#include "Vhlo/VhloOps.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::vhlo;

namespace {

// Puts every use list in the order MLIR's bytecode reader rebuilds it (each
// new use goes first, ops read in pre-order), so the writer needs no use-list
// order entries: upstream's writer emits none after its conversion, and our
// rebuilt module would otherwise cost a few bytes more than upstream's
// artifact of the same program.
void orderUseListsAsRead(Operation *root) {
  DenseMap<Operation *, unsigned> position;
  root->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { position.try_emplace(op, position.size()); });
  auto reorder = [&](Value value) {
    if (value.use_empty() || value.hasOneUse())
      return;
    SmallVector<std::pair<unsigned, unsigned>> keys;
    for (OpOperand &use : value.getUses())
      keys.push_back({position.lookup(use.getOwner()), use.getOperandNumber()});
    SmallVector<unsigned> byKey(keys.size());
    for (unsigned i = 0; i < byKey.size(); ++i)
      byKey[i] = i;
    llvm::sort(byKey, [&](unsigned a, unsigned b) { return keys[a] > keys[b]; });
    SmallVector<unsigned> newPosition(keys.size());
    for (unsigned rank = 0; rank < byKey.size(); ++rank)
      newPosition[byKey[rank]] = rank;
    value.shuffleUseList(newPosition);
  };
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      reorder(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          reorder(arg);
  });
}

} // namespace

LogicalResult mlir::vhlo::serializePortableArtifact(ModuleOp module,
                                                    StringRef target,
                                                    raw_ostream &os,
                                                    bool allowOtherDialects) {
  FailureOr<Version> version = Version::fromString(target);
  if (failed(version))
    return module.emitError() << "Invalid target version argument '" << target
                              << "'\nTarget version must be of the form "
                                 "`#.#.#`.";
  if (failed(validateTargetVersion(module, *version)))
    return failure();
  FailureOr<int64_t> bytecodeVersion = version->getBytecodeVersion();
  if (failed(bytecodeVersion))
    return module.emitError() << "no bytecode version for " << *version;
  OwningOpRef<ModuleOp> copy = module.clone();
  if (failed(legalizeToVhlo(*copy, allowOtherDialects)))
    return failure();
  orderUseListsAsRead(*copy);
  if (failed(convertToVersion(*copy, *version)))
    return failure();
  // The config keeps a reference to the producer string.
  std::string producer = "StableHLO_v" + target.str();
  BytecodeWriterConfig config(producer);
  config.setDesiredBytecodeVersion(*bytecodeVersion);
  return writeBytecodeToFile(*copy, os, config);
}

LogicalResult mlir::vhlo::deserializePortableArtifact(ModuleOp module) {
  if (failed(convertToVersion(module, Version::getCurrentVersion())))
    return failure();
  return legalizeToStablehlo(module);
}

namespace {

struct StablehloLegalizeToVhloPass
    : PassWrapper<StablehloLegalizeToVhloPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(StablehloLegalizeToVhloPass)
  StablehloLegalizeToVhloPass() = default;
  StablehloLegalizeToVhloPass(const StablehloLegalizeToVhloPass &other)
      : PassWrapper(other) {}
  StringRef getArgument() const final { return "stablehlo-legalize-to-vhlo"; }
  StringRef getDescription() const final {
    return "Legalize StableHLO to the newest version of each VHLO op";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<VhloDialect>();
  }
  Option<bool> allowOtherDialects{
      *this, "allow-other-dialects",
      llvm::cl::desc("Keep ops of other dialects, behind unrealized casts"),
      llvm::cl::init(false)};
  void runOnOperation() override {
    if (failed(legalizeToVhlo(getOperation(), allowOtherDialects)))
      signalPassFailure();
  }
};

struct VhloLegalizeToStablehloPass
    : PassWrapper<VhloLegalizeToStablehloPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VhloLegalizeToStablehloPass)
  StringRef getArgument() const final { return "vhlo-legalize-to-stablehlo"; }
  StringRef getDescription() const final {
    return "Legalize VHLO (of the current version) to StableHLO";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<stablehlo::StablehloDialect, func::FuncDialect,
                    quant::QuantDialect>();
  }
  void runOnOperation() override {
    if (failed(legalizeToStablehlo(getOperation())))
      signalPassFailure();
  }
};

struct VhloToVersionPass
    : PassWrapper<VhloToVersionPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VhloToVersionPass)
  VhloToVersionPass() = default;
  VhloToVersionPass(const VhloToVersionPass &other) : PassWrapper(other) {}
  StringRef getArgument() const final { return "vhlo-to-version"; }
  StringRef getDescription() const final {
    return "Convert VHLO ops to the versions of a target release";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<VhloDialect>();
  }
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("The target version: #.#.#")};
  void runOnOperation() override {
    if (target.empty()) {
      getOperation().emitError() << "No target version specified.\nTarget "
                                    "version must be of the form `#.#.#`.";
      return signalPassFailure();
    }
    FailureOr<Version> version = Version::fromString(target);
    if (failed(version)) {
      getOperation().emitError()
          << "Invalid target version argument '" << target
          << "'\nTarget version must be of the form `#.#.#`.";
      return signalPassFailure();
    }
    if (failed(validateTargetVersion(getOperation(), *version)))
      return signalPassFailure();
    if (failed(convertToVersion(getOperation(), *version))) {
      getOperation().emitError() << "failed to convert VHLO to v"
                                 << Version(version->getMajor(),
                                            version->getMinor(), 0);
      signalPassFailure();
    }
  }
};

} // namespace

void mlir::vhlo::registerVhloPasses() {
  PassRegistration<StablehloLegalizeToVhloPass>();
  PassRegistration<VhloLegalizeToStablehloPass>();
  PassRegistration<VhloToVersionPass>();
}
