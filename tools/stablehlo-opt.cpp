// stablehlo-opt: parse, verify, transform and print StableHLO programs.
#include "Dialect/StablehloOps.h"
#include "Support/TextUpgrade.h"
#include "Transforms/Passes.h"
#include "Vhlo/Serialization.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

#include <unistd.h>

#include "PythonPassNames.inc"

static llvm::cl::opt<bool> strictSpec(
    "strict-spec",
    llvm::cl::desc("Reject programs the spec rejects but upstream StableHLO "
                   "accepts (by default they verify silently, as upstream's "
                   "stablehlo-opt verifies them)"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> warnSpecDeviations(
    "warn-spec-deviations",
    llvm::cl::desc("Warn about programs the spec rejects but upstream "
                   "StableHLO accepts (naming the op and the constraint)"),
    llvm::cl::init(false));

// Whether `text` names `pass` as a whole word of a pipeline.
static bool namesPass(llvm::StringRef text, llvm::StringRef pass) {
  auto inName = [](char c) { return llvm::isAlnum(c) || c == '-' || c == '_'; };
  for (size_t at = text.find(pass); at != llvm::StringRef::npos;
       at = text.find(pass, at + 1)) {
    size_t end = at + pass.size();
    if ((at == 0 || !inName(text[at - 1])) &&
        (end == text.size() || !inName(text[end])))
      return true;
  }
  return false;
}

// The Python passes live in the Python package, not in this process: a
// command line naming one (as a flag, or in --pass-pipeline) is run by
// `stablehlo-py opt`, which takes the same arguments. Returns only if
// nothing names one, or stablehlo-py cannot be started (after an error).
static void runPythonPassesElsewhere(int argc, char **argv) {
  llvm::StringRef pythonPass;
  for (int i = 1; i < argc && pythonPass.empty(); ++i) {
    llvm::StringRef arg(argv[i]);
    // Flags only (not file names): --name[=options], --pass-pipeline=...,
    // and the value after a bare --pass-pipeline.
    bool pipelineValue =
        i > 1 && llvm::StringRef(argv[i - 1]).ltrim('-') == "pass-pipeline";
    if (!arg.starts_with("-") && !pipelineValue)
      continue;
    for (llvm::StringRef pass : kPythonPassNames)
      if (namesPass(arg.ltrim('-'), pass)) {
        pythonPass = pass;
        break;
      }
  }
  if (pythonPass.empty())
    return;
  llvm::SmallString<256> tool(
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&namesPass));
  llvm::sys::path::remove_filename(tool);
  llvm::sys::path::append(tool, "stablehlo-py");
  std::vector<char *> args = {tool.data(), const_cast<char *>("opt")};
  args.insert(args.end(), argv + 1, argv + argc);
  args.push_back(nullptr);
  execv(tool.c_str(), args.data());
  llvm::errs() << "stablehlo-opt: " << pythonPass
               << " is a Python pass, run by stablehlo-py opt, and " << tool
               << " could not be started\n";
  exit(1);
}

int main(int argc, char **argv) {
  runPythonPassesElsewhere(argc, argv);
  mlir::registerTransformsPasses();
  mlir::stablehlo::registerPasses();
  mlir::vhlo::registerVhloPasses();
  mlir::DialectRegistry registry;
  mlir::stablehlo::registerAllDialects(registry);
  // Buffers, which the IR around a lowering holds (upstream's tests of
  // stablehlo-convert-to-signless use them).
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::bufferization::BufferizationDialect>();
  mlir::func::registerInlinerExtension(registry);
  registry.addExtension(+[](mlir::MLIRContext *,
                            mlir::stablehlo::StablehloDialect *dialect) {
    dialect->setStrictSpec(strictSpec);
    dialect->setWarnSpecDeviations(warnSpecDeviations);
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
