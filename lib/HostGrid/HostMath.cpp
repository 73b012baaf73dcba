//===- HostMath.cpp - libdevice functions on the host ---------------------===//
//
// libdevice's __nv_NAME functions follow the C math library's NAME (the
// libdevice user's guide documents each as its C99 counterpart), so most
// resolve to libm's symbol of that name; the few that are C macros or
// CUDA-only are defined here.
//
//===----------------------------------------------------------------------===//
#include "HostMath.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DynamicLibrary.h"

#include <cmath>

namespace opencgc::hostgrid {
namespace {

int isnanf(float x) { return std::isnan(x); }
int isinff(float x) { return std::isinf(x); }
int finitef(float x) { return std::isfinite(x); }
int signbitf(float x) { return std::signbit(x); }
float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
float exp10f(float x) { return std::pow(10.0f, x); }
float saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }

const llvm::StringMap<void *> &definedHere() {
  static const llvm::StringMap<void *> functions = {
      {"isnanf", reinterpret_cast<void *>(&isnanf)},
      {"isinff", reinterpret_cast<void *>(&isinff)},
      {"finitef", reinterpret_cast<void *>(&finitef)},
      {"signbitf", reinterpret_cast<void *>(&signbitf)},
      {"rsqrtf", reinterpret_cast<void *>(&rsqrtf)},
      {"exp10f", reinterpret_cast<void *>(&exp10f)},
      {"saturatef", reinterpret_cast<void *>(&saturatef)}};
  return functions;
}

} // namespace

void *findHostMath(llvm::StringRef name) {
  if (!name.consume_front("__nv_"))
    return nullptr;
  auto found = definedHere().find(name);
  if (found != definedHere().end())
    return found->second;
  return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name.str());
}

} // namespace opencgc::hostgrid
