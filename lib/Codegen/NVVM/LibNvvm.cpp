//===- LibNvvm.cpp - NVIDIA's libNVVM, loaded at run time -----------------===//
//
// The C API of nvvm.h, declared here from its documentation so the build
// needs no CUDA header.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Codegen/LibNvvm.h"

#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <memory>
#include <mutex>
#include <vector>

namespace opencgc::codegen {

using NvvmProgram = struct NvvmProgramOpaque *;
using NvvmResult = int; // NVVM_SUCCESS is 0

struct LibNvvm::Api {
  const char *(*getErrorString)(NvvmResult);
  NvvmResult (*version)(int *, int *);
  NvvmResult (*irVersion)(int *, int *, int *, int *);
  NvvmResult (*createProgram)(NvvmProgram *);
  NvvmResult (*destroyProgram)(NvvmProgram *);
  NvvmResult (*addModule)(NvvmProgram, const char *, size_t, const char *);
  NvvmResult (*lazyAddModule)(NvvmProgram, const char *, size_t, const char *);
  NvvmResult (*verifyProgram)(NvvmProgram, int, const char **);
  NvvmResult (*compileProgram)(NvvmProgram, int, const char **);
  NvvmResult (*getCompiledResultSize)(NvvmProgram, size_t *);
  NvvmResult (*getCompiledResult)(NvvmProgram, char *);
  NvvmResult (*getProgramLogSize)(NvvmProgram, size_t *);
  NvvmResult (*getProgramLog)(NvvmProgram, char *);
  /// libdevice.10.bc, read once and added lazily to every program.
  std::unique_ptr<llvm::MemoryBuffer> libdevice;
};

namespace {

std::vector<std::string> candidateRoots() {
  std::vector<std::string> roots;
  if (std::optional<std::string> home = llvm::sys::Process::GetEnv("CUDA_HOME"))
    roots.push_back(*home);
  roots.push_back("/usr/local/cuda");
  return roots;
}

std::vector<std::string> candidateLibraries() {
  std::vector<std::string> paths;
  if (std::optional<std::string> path =
          llvm::sys::Process::GetEnv("OPENCGC_LIBNVVM"))
    return {*path};
  for (const std::string &root : candidateRoots())
    for (const char *relative :
         {"nvvm/lib64/libnvvm.so", "lib64/libnvvm.so", "lib/libnvvm.so"})
      paths.push_back(root + "/" + relative);
  paths.push_back("libnvvm.so.4");
  return paths;
}

std::string findLibdevice() {
  if (std::optional<std::string> path =
          llvm::sys::Process::GetEnv("OPENCGC_LIBDEVICE"))
    return *path;
  for (const std::string &root : candidateRoots()) {
    std::string path = root + "/nvvm/libdevice/libdevice.10.bc";
    if (llvm::sys::fs::exists(path))
      return path;
  }
  return {};
}

template <typename T>
bool bind(llvm::sys::DynamicLibrary &library, const char *symbol, T &slot) {
  slot = reinterpret_cast<T>(library.getAddressOfSymbol(symbol));
  return slot != nullptr;
}

llvm::Expected<std::unique_ptr<LibNvvm::Api>> loadApi() {
  std::string tried;
  for (const std::string &path : candidateLibraries()) {
    std::string error;
    llvm::sys::DynamicLibrary library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
    tried += "\n  " + path + (library.isValid() ? "" : ": " + error);
    if (!library.isValid())
      continue;
    auto api = std::make_unique<LibNvvm::Api>();
    bool complete =
        bind(library, "nvvmGetErrorString", api->getErrorString) &&
        bind(library, "nvvmVersion", api->version) &&
        bind(library, "nvvmIRVersion", api->irVersion) &&
        bind(library, "nvvmCreateProgram", api->createProgram) &&
        bind(library, "nvvmDestroyProgram", api->destroyProgram) &&
        bind(library, "nvvmAddModuleToProgram", api->addModule) &&
        bind(library, "nvvmLazyAddModuleToProgram", api->lazyAddModule) &&
        bind(library, "nvvmVerifyProgram", api->verifyProgram) &&
        bind(library, "nvvmCompileProgram", api->compileProgram) &&
        bind(library, "nvvmGetCompiledResultSize",
             api->getCompiledResultSize) &&
        bind(library, "nvvmGetCompiledResult", api->getCompiledResult) &&
        bind(library, "nvvmGetProgramLogSize", api->getProgramLogSize) &&
        bind(library, "nvvmGetProgramLog", api->getProgramLog);
    if (!complete)
      return llvm::createStringError(path + " lacks libNVVM's C API");
    std::string libdevice = findLibdevice();
    if (libdevice.empty())
      return llvm::createStringError(
          "libNVVM found at " + path +
          " but no libdevice.10.bc (set OPENCGC_LIBDEVICE)");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> bitcode =
        llvm::MemoryBuffer::getFile(libdevice);
    if (!bitcode)
      return llvm::createStringError("cannot read libdevice " + libdevice +
                                     ": " + bitcode.getError().message());
    api->libdevice = std::move(*bitcode);
    return std::move(api);
  }
  return llvm::createStringError("libNVVM not found; tried:" + tried);
}

/// A program that is destroyed on every path.
struct Program {
  const LibNvvm::Api &api;
  NvvmProgram handle = nullptr;
  explicit Program(const LibNvvm::Api &api) : api(api) {
    api.createProgram(&handle);
  }
  ~Program() {
    if (handle)
      api.destroyProgram(&handle);
  }
  std::string log() const {
    size_t size = 0;
    if (api.getProgramLogSize(handle, &size) != 0 || size <= 1)
      return {};
    std::string text(size, '\0');
    api.getProgramLog(handle, text.data());
    text.resize(size - 1);
    return text;
  }
};

} // namespace

llvm::Expected<LibNvvm &> LibNvvm::get() {
  static std::once_flag once;
  static std::unique_ptr<Api> api;
  static std::string failure;
  static std::unique_ptr<LibNvvm> instance;
  std::call_once(once, [] {
    llvm::Expected<std::unique_ptr<Api>> loaded = loadApi();
    if (!loaded) {
      failure = llvm::toString(loaded.takeError());
      return;
    }
    api = std::move(*loaded);
    instance.reset(new LibNvvm(*api));
  });
  if (!instance)
    return llvm::createStringError(failure);
  return *instance;
}

LibNvvm::LibNvvm(const Api &api) : api(api) {}

std::string LibNvvm::describe() const {
  int major = 0, minor = 0, irMajor = 0, irMinor = 0, dbgMajor = 0,
      dbgMinor = 0;
  api.version(&major, &minor);
  api.irVersion(&irMajor, &irMinor, &dbgMajor, &dbgMinor);
  return "libNVVM " + std::to_string(major) + "." + std::to_string(minor) +
         ", NVVM IR " + std::to_string(irMajor) + "." + std::to_string(irMinor);
}

llvm::Expected<std::string> LibNvvm::run(llvm::ArrayRef<char> bitcode,
                                         llvm::StringRef name,
                                         llvm::StringRef arch,
                                         bool compile) const {
  Program program(api);
  std::string moduleName = name.str();
  auto fail = [&](const char *step, NvvmResult result) {
    return llvm::createStringError(
        "kernel @" + moduleName + ": libNVVM " + step + " for " + arch.str() +
        " failed (" + api.getErrorString(result) + "): " + program.log());
  };
  if (NvvmResult r = api.addModule(program.handle, bitcode.data(),
                                   bitcode.size(), moduleName.c_str()))
    return fail("nvvmAddModuleToProgram", r);
  if (NvvmResult r =
          api.lazyAddModule(program.handle, api.libdevice->getBufferStart(),
                            api.libdevice->getBufferSize(), "libdevice"))
    return fail("nvvmLazyAddModuleToProgram", r);
  std::string archOption = "-arch=" + arch.str();
  const char *options[] = {archOption.c_str(), "-opt=3"};
  if (NvvmResult r = api.verifyProgram(program.handle, 1, options))
    return fail("nvvmVerifyProgram", r);
  if (!compile)
    return std::string();
  if (NvvmResult r = api.compileProgram(program.handle, 2, options))
    return fail("nvvmCompileProgram", r);
  size_t size = 0;
  api.getCompiledResultSize(program.handle, &size);
  std::string ptx(size, '\0');
  api.getCompiledResult(program.handle, ptx.data());
  while (!ptx.empty() && ptx.back() == '\0')
    ptx.pop_back();
  return ptx;
}

llvm::Error LibNvvm::verify(llvm::ArrayRef<char> bitcode, llvm::StringRef name,
                            llvm::StringRef arch) const {
  return run(bitcode, name, arch, /*compile=*/false).takeError();
}

llvm::Expected<std::string> LibNvvm::compileToPtx(llvm::ArrayRef<char> bitcode,
                                                  llvm::StringRef name,
                                                  llvm::StringRef arch) const {
  return run(bitcode, name, arch, /*compile=*/true);
}

} // namespace opencgc::codegen
