//===- BitcodeProbe.cpp - LLVM's bitcode reader tried in a child ----------===//
#include "BitcodeProbe.h"

#include "opencgc/Codegen/DxilValidator.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <csignal>
#include <cstdio>
#include <sys/resource.h>
#include <fcntl.h>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

// Present when a sanitizer runtime is linked in (the fuzz targets).
extern "C" void __sanitizer_set_death_callback(void (*)(void))
    __attribute__((weak));

namespace opencgc::codegen {

namespace {
[[noreturn]] void dieQuietly() { _exit(70); }

/// Bitcode that asks the reader for gigabytes (a 2^32-entry table) fails
/// at once instead of paging them in: the child may map at most 1 GiB
/// more than it has.
void limitAddressSpace() {
  std::FILE *statm = std::fopen("/proc/self/statm", "r");
  unsigned long long pages = 0;
  bool read = statm && std::fscanf(statm, "%llu", &pages) == 1;
  if (statm)
    std::fclose(statm);
  if (!read)
    return;
  rlim_t limit = rlim_t(pages) * rlim_t(sysconf(_SC_PAGESIZE)) +
                 (rlim_t(1) << 30);
  struct rlimit bound = {limit, limit};
  setrlimit(RLIMIT_AS, &bound);
}

/// In the child: die by the signal itself, without the handlers the
/// parent installed (LLVM's, a sanitizer's, a fuzzer's), with nothing on
/// stderr (the parent says what happened), and never return.
[[noreturn]] void readInChild(llvm::ArrayRef<uint8_t> bitcode,
                              unsigned timeoutSeconds) {
  // SIGTRAP: LLVM's unreachable paths trap; a fuzzer's handler in the child
  // reported the parent's input as a crash (found by the dxil-validator
  // campaign: crash files with the parent still running).
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM, SIGTRAP,
                  SIGSYS, SIGXCPU, SIGXFSZ})
    std::signal(sig, SIG_DFL);
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback([] { dieQuietly(); });
  if (int null = open("/dev/null", O_WRONLY); null >= 0)
    dup2(null, STDERR_FILENO);
  limitAddressSpace();
  alarm(timeoutSeconds);
  llvm::LLVMContext context;
  llvm::Expected<DxilBitcodeModule> module = readDxilBitcode(bitcode, context);
  if (!module)
    llvm::consumeError(module.takeError());
  _exit(0);
}
} // namespace

llvm::Error probeBitcodeInChild(llvm::ArrayRef<uint8_t> bitcode,
                                unsigned timeoutSeconds) {
  pid_t child = fork();
  if (child < 0)
    return llvm::createStringError(
        llvm::Twine("cannot fork to read the bitcode apart: ") +
        std::strerror(errno));
  if (child == 0)
    readInChild(bitcode, timeoutSeconds);
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR)
      return llvm::createStringError(
          llvm::Twine("waiting for the bitcode reader: ") +
          std::strerror(errno));
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return llvm::Error::success();
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return llvm::createStringError(
        "LLVM's bitcode reader was still reading it after " +
        llvm::Twine(timeoutSeconds) + " s");
  if (WIFSIGNALED(status))
    return llvm::createStringError(
        llvm::Twine("it crashes LLVM's bitcode reader (") +
        strsignal(WTERMSIG(status)) + ")");
  return llvm::createStringError(
      "LLVM's bitcode reader exited with status " +
      llvm::Twine(WEXITSTATUS(status)) + " on it");
}

} // namespace opencgc::codegen
