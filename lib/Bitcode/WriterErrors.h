//===- WriterErrors.h - The first error of a bitcode write ------*- C++ -*-===//
//
// Planning and emitting walk the whole module; the first thing that cannot
// be said in the legacy format is kept and reported, the walk goes on with
// placeholder ids so the code stays linear.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_BITCODE_WRITERERRORS_H
#define OPENCGC_LIB_BITCODE_WRITERERRORS_H

#include "llvm/Support/Error.h"

#include <string>

namespace opencgc::bitcode {

class WriterErrors {
public:
  void report(const llvm::Twine &message) {
    if (first.empty())
      first = message.str();
  }
  bool failed() const { return !first.empty(); }
  llvm::Error take() {
    if (first.empty())
      return llvm::Error::success();
    return llvm::createStringError(std::move(first));
  }

private:
  std::string first;
};

} // namespace opencgc::bitcode

#endif // OPENCGC_LIB_BITCODE_WRITERERRORS_H
