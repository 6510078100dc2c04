// Machine code of the compiled backend loaded back from its on-disk cache
// (python/stablehlo_py/lowering/cache.py): the object MLIR's ExecutionEngine
// produced for a module, linked in process by LLVM's ORC, as the engine links
// it (RTDyld, section memory), without the LLVM optimization and code
// generation that take 90% of a cold compile. The same libLLVM.so as MLIR's:
// the process holds one LLVM. Python reaches it as the extension's
// `LoadedObject` (lib/Bindings/ObjectLoaderBindings.cpp).
#include "Runtime/ObjectLoader.h"

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>

namespace stablehlo_py {
namespace {

bool failed(llvm::Error error, std::string &message) {
  if (!error)
    return false;
  message = llvm::toString(std::move(error));
  return true;
}

// As MLIR's ExecutionEngine links: the object was built for RTDyld's stubs.
llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> rtdyldLayer(llvm::orc::ExecutionSession &session) {
  return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
      session, [](const llvm::MemoryBuffer &) { return std::make_unique<llvm::SectionMemoryManager>(); });
}

} // namespace

ObjectLoader::ObjectLoader(std::unique_ptr<llvm::orc::LLJIT> jit) : jit(std::move(jit)) {}
ObjectLoader::ObjectLoader(ObjectLoader &&) noexcept = default;
ObjectLoader::~ObjectLoader() = default;

std::optional<ObjectLoader> ObjectLoader::create(const std::vector<std::string> &libraries, std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto jit = llvm::orc::LLJITBuilder().setObjectLinkingLayerCreator(rtdyldLayer).create();
  if (!jit) {
    failed(jit.takeError(), error);
    return std::nullopt;
  }
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process) {
    failed(process.takeError(), error);
    return std::nullopt;
  }
  main.addGenerator(std::move(*process));
  for (const std::string &path : libraries) {
    auto library = llvm::orc::DynamicLibrarySearchGenerator::Load(path.c_str(), prefix);
    if (!library) {
      failed(library.takeError(), error);
      return std::nullopt;
    }
    main.addGenerator(std::move(*library));
  }
  return ObjectLoader(std::move(*jit));
}

bool ObjectLoader::define(const std::string &name, uint64_t address, std::string &error) {
  llvm::orc::SymbolMap symbols;
  symbols[jit->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr(address),
                                         llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  return !failed(jit->getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(symbols))), error);
}

bool ObjectLoader::add(std::string_view bytes, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(bytes.data(), bytes.size()),
                                                     "stablehlo-py-cached-object");
  return !failed(jit->addObjectFile(std::move(buffer)), error);
}

uint64_t ObjectLoader::lookup(const std::string &name, std::string &error) {
  auto address = jit->lookup(name);
  if (!address) {
    failed(address.takeError(), error);
    return 0;
  }
  return address->getValue();
}

std::string hostCpu() {
  std::vector<std::string> features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features.push_back((feature.second ? "+" : "-") + feature.first().str());
  std::sort(features.begin(), features.end());
  std::string text = llvm::sys::getProcessTriple() + " " + llvm::sys::getHostCPUName().str() + " ";
  for (size_t i = 0; i < features.size(); ++i)
    text += (i ? "," : "") + features[i];
  return text;
}

} // namespace stablehlo_py
