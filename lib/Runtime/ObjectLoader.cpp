// Machine code of the compiled backend loaded back from its on-disk cache
// (python/stablehlo_py/lowering/cache.py): the object MLIR's ExecutionEngine
// produced for a module, linked in process by LLVM's ORC, as the engine links
// it (RTDyld, section memory), without the LLVM optimization and code
// generation that take 90% of a cold compile. The same libLLVM.so as MLIR's:
// the process holds one LLVM. A plain C interface, called through ctypes;
// every LLVM error becomes a message for the caller, never an abort.
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#define STABLEHLO_PY_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct LoadedObject {
  std::unique_ptr<llvm::orc::LLJIT> jit;
};

// Writes `text` into the caller's buffer (truncated, always terminated).
void report(char *buffer, size_t size, const std::string &text) {
  if (buffer && size)
    std::snprintf(buffer, size, "%s", text.c_str());
}

bool failed(llvm::Error error, char *buffer, size_t size) {
  if (!error)
    return false;
  report(buffer, size, llvm::toString(std::move(error)));
  return true;
}

// As MLIR's ExecutionEngine links: the object was built for RTDyld's stubs.
llvm::Expected<std::unique_ptr<llvm::orc::ObjectLayer>> rtdyldLayer(llvm::orc::ExecutionSession &session) {
  return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
      session, [](const llvm::MemoryBuffer &) { return std::make_unique<llvm::SectionMemoryManager>(); });
}

} // namespace

// A JIT with the process's symbols and the shared libraries `libraries`
// (paths, `count`) visible to the code it will link; null and a message on
// failure.
STABLEHLO_PY_EXPORT void *stablehlo_py_object_jit(const char *const *libraries, int count, char *error,
                                                  size_t errorSize) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  auto jit = llvm::orc::LLJITBuilder().setObjectLinkingLayerCreator(rtdyldLayer).create();
  if (!jit) {
    failed(jit.takeError(), error, errorSize);
    return nullptr;
  }
  auto loaded = std::make_unique<LoadedObject>();
  loaded->jit = std::move(*jit);
  llvm::orc::JITDylib &main = loaded->jit->getMainJITDylib();
  char prefix = loaded->jit->getDataLayout().getGlobalPrefix();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process) {
    failed(process.takeError(), error, errorSize);
    return nullptr;
  }
  main.addGenerator(std::move(*process));
  for (int i = 0; i < count; ++i) {
    auto library = llvm::orc::DynamicLibrarySearchGenerator::Load(libraries[i], prefix);
    if (!library) {
      failed(library.takeError(), error, errorSize);
      return nullptr;
    }
    main.addGenerator(std::move(*library));
  }
  return loaded.release();
}

// Makes `address` the definition of `name` for the code linked later; 0 on
// success.
STABLEHLO_PY_EXPORT int stablehlo_py_object_define(void *handle, const char *name, uint64_t address, char *error,
                                                   size_t errorSize) {
  auto *loaded = static_cast<LoadedObject *>(handle);
  llvm::orc::SymbolMap symbols;
  symbols[loaded->jit->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr(address),
                                                 llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  return failed(loaded->jit->getMainJITDylib().define(llvm::orc::absoluteSymbols(std::move(symbols))), error,
                errorSize)
             ? 1
             : 0;
}

// Adds the relocatable object `bytes` (copied); 0 on success.
STABLEHLO_PY_EXPORT int stablehlo_py_object_add(void *handle, const char *bytes, size_t size, char *error,
                                                size_t errorSize) {
  auto *loaded = static_cast<LoadedObject *>(handle);
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(bytes, size), "stablehlo-py-cached-object");
  return failed(loaded->jit->addObjectFile(std::move(buffer)), error, errorSize) ? 1 : 0;
}

// The address of `name` (linking the object on the first lookup), or 0 and
// a message (an undefined symbol, a malformed object).
STABLEHLO_PY_EXPORT uint64_t stablehlo_py_object_lookup(void *handle, const char *name, char *error,
                                                        size_t errorSize) {
  auto *loaded = static_cast<LoadedObject *>(handle);
  auto address = loaded->jit->lookup(name);
  if (!address) {
    failed(address.takeError(), error, errorSize);
    return 0;
  }
  return address->getValue();
}

STABLEHLO_PY_EXPORT void stablehlo_py_object_free(void *handle) { delete static_cast<LoadedObject *>(handle); }

// What the code generated for this host depends on, as MLIR's JIT detects it:
// "triple cpu +feature,-feature,..." (features sorted), for the cache key.
STABLEHLO_PY_EXPORT void stablehlo_py_host_cpu(char *buffer, size_t size) {
  std::vector<std::string> features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features.push_back((feature.second ? "+" : "-") + feature.first().str());
  std::sort(features.begin(), features.end());
  std::string text = llvm::sys::getProcessTriple() + " " + llvm::sys::getHostCPUName().str() + " ";
  for (size_t i = 0; i < features.size(); ++i)
    text += (i ? "," : "") + features[i];
  report(buffer, size, text);
}
