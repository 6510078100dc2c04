// stablehlo-opt: parse, verify, transform and print StableHLO programs.
#include "Dialect/StablehloOps.h"
#include "Support/TextUpgrade.h"
#include "Transforms/Passes.h"
#include "Vhlo/Serialization.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

static llvm::cl::opt<bool> strictSpec(
    "strict-spec",
    llvm::cl::desc("Reject programs the spec rejects but upstream StableHLO "
                   "accepts (by default they verify with a warning)"),
    llvm::cl::init(false));

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::stablehlo::registerPasses();
  mlir::vhlo::registerVhloPasses();
  mlir::DialectRegistry registry;
  mlir::stablehlo::registerAllDialects(registry);
  registry.insert<mlir::func::FuncDialect>();
  mlir::func::registerInlinerExtension(registry);
  registry.addExtension(+[](mlir::MLIRContext *,
                            mlir::stablehlo::StablehloDialect *dialect) {
    dialect->setStrictSpec(strictSpec);
  });

  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      argc, argv, "StableHLO optimizer driver\n", registry);
  auto config = mlir::MlirOptMainConfig::createFromCLOptions();

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // Text printed by other MLIR versions (e.g. JAX's) is upgraded first.
  std::unique_ptr<llvm::MemoryBuffer> upgraded =
      llvm::MemoryBuffer::getMemBufferCopy(
          mlir::stablehlo::upgradeProgramText(input->getBuffer()),
          input->getBufferIdentifier());
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(upgraded),
                                     registry, config)))
    return 1;
  output->keep();
  return 0;
}
