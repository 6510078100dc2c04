// Passes whose body is a callback (CallbackPasses.h). Each registration is a
// pass of its own in MLIR's registry: its TypeID is the registration's
// address, its options are real MLIR pass options (parsed, checked and
// printed by MLIR as for any C++ pass).
#include "Transforms/CallbackPasses.h"

#include "Dialect/StablehloOps.h"

#include "mlir/Dialect/Shape/IR/Shape.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace mlir::stablehlo {
namespace {

// One per registered argument, never freed: MLIR's registry keeps its
// factory for the life of the process.
struct Registration {
  std::shared_ptr<const CallbackPassInfo> info;
};

std::mutex &registrationsMutex() {
  static std::mutex mutex;
  return mutex;
}

llvm::StringMap<Registration *> &registrations() {
  static llvm::StringMap<Registration *> map;
  return map;
}

class CallbackPass : public Pass {
public:
  CallbackPass(const Registration &registration,
               std::shared_ptr<const CallbackPassInfo> info)
      : Pass(TypeID::getFromOpaquePointer(&registration),
             info->anchor.empty() ? std::nullopt
                                  : std::optional<StringRef>(info->anchor)),
        registration(registration), info(std::move(info)) {
    for (const CallbackPassOption &option : this->info->options) {
      if (option.isList) {
        auto list = std::make_unique<ListOption<std::string>>(
            *this, option.name, llvm::cl::desc(option.description));
        ListOption<std::string> *held = list.get();
        values.push_back([held] {
          std::string joined;
          for (const std::string &value : *held)
            joined += (joined.empty() ? "" : ",") + value;
          return joined;
        });
        lists.push_back(std::move(list));
      } else {
        auto single = std::make_unique<Option<std::string>>(
            *this, option.name, llvm::cl::desc(option.description),
            llvm::cl::init(option.defaultValue));
        Option<std::string> *held = single.get();
        values.push_back([held] { return std::string(*held); });
        singles.push_back(std::move(single));
      }
    }
  }

  StringRef getName() const override { return info->argument; }
  StringRef getArgument() const override { return info->argument; }
  StringRef getDescription() const override { return info->summary; }

  // A dialect cannot be loaded while a pass manager runs (MLIR aborts), so
  // the dialects Python passes build ops of beyond the input's are declared
  // here: stablehlo (what every pass writes), chlo (upstream's
  // stablehlo-legalize-quant-to-math keeps chlo.broadcast_* ops) and shape
  // (chlo-legalize-to-stablehlo's dynamic broadcasts, as upstream's).
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<stablehlo::StablehloDialect, chlo::ChloDialect,
                    shape::ShapeDialect>();
  }

  bool canScheduleOn(RegisteredOperationName name) const override {
    return info->anchor.empty() || name.getStringRef() == info->anchor;
  }

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    std::string error;
    std::vector<std::string> texts = optionTexts();
    if (info->check && failed(info->check(views(texts), error, info->userData)))
      return errorHandler(error);
    return success();
  }

  std::unique_ptr<Pass> clonePass() const override {
    auto copy = std::make_unique<CallbackPass>(registration, info);
    copy->copyOptionValuesFrom(this);
    return copy;
  }

  void runOnOperation() override {
    std::vector<std::string> texts = optionTexts();
    if (failed(info->run(getOperation(), views(texts), info->userData)))
      signalPassFailure();
  }

private:
  // The options' values as text, in info->options' order.
  std::vector<std::string> optionTexts() const {
    std::vector<std::string> texts;
    for (const auto &value : values)
      texts.push_back(value());
    return texts;
  }
  static SmallVector<StringRef> views(const std::vector<std::string> &texts) {
    return SmallVector<StringRef>(texts.begin(), texts.end());
  }

  const Registration &registration;
  std::shared_ptr<const CallbackPassInfo> info;
  std::vector<std::unique_ptr<Option<std::string>>> singles;
  std::vector<std::unique_ptr<ListOption<std::string>>> lists;
  // The options' values in info->options' order.
  std::vector<std::function<std::string()>> values;
};

} // namespace

LogicalResult registerCallbackPass(CallbackPassInfo info) {
  std::lock_guard<std::mutex> lock(registrationsMutex());
  auto shared = std::make_shared<const CallbackPassInfo>(std::move(info));
  auto found = registrations().find(shared->argument);
  if (found != registrations().end()) {
    std::atomic_store(&found->second->info, shared);
    return success();
  }
  if (shared->argument.empty() || !shared->run ||
      PassInfo::lookup(shared->argument) ||
      PassPipelineInfo::lookup(shared->argument))
    return failure();
  auto *registration = new Registration{shared};
  registrations()[shared->argument] = registration;
  // The factory reads the registration atomically, not under the mutex:
  // registerPass calls it while this function holds that.
  registerPass([registration] {
    return std::make_unique<CallbackPass>(
        *registration, std::atomic_load(&registration->info));
  });
  return success();
}

} // namespace mlir::stablehlo
