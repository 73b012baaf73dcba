//===- ChildValidation.cpp - Untrusted work in a forked child -------------===//
#include "ChildValidation.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// Present when a sanitizer runtime is linked in (the fuzz targets).
extern "C" void __sanitizer_set_death_callback(void (*)(void))
    __attribute__((weak));
// A fuzz target's inline 8-bit coverage counters (-fsanitize=fuzzer), when
// this code is compiled into one: what the child covers is merged back, so
// the fuzzer still sees the rules it reached.
extern "C" uint8_t __start___sancov_cntrs[] __attribute__((weak));
extern "C" uint8_t __stop___sancov_cntrs[] __attribute__((weak));

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

/// The coverage counters' bytes, shared with the child; empty outside a
/// fuzz target.
class CoverageShare {
public:
  CoverageShare() {
    if (!__start___sancov_cntrs || __stop___sancov_cntrs <= __start___sancov_cntrs)
      return;
    size = __stop___sancov_cntrs - __start___sancov_cntrs;
    void *mapped = mmap(nullptr, size, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    shared = mapped == MAP_FAILED ? nullptr : static_cast<uint8_t *>(mapped);
  }
  ~CoverageShare() {
    if (shared)
      munmap(shared, size);
  }
  void publishFromChild() {
    if (shared)
      std::memcpy(shared, __start___sancov_cntrs, size);
  }
  void mergeIntoParent() {
    for (size_t i = 0; shared && i < size; ++i)
      __start___sancov_cntrs[i] |= shared[i];
  }

private:
  uint8_t *shared = nullptr;
  size_t size = 0;
};

bool writeAll(int fd, llvm::StringRef bytes) {
  while (!bytes.empty()) {
    ssize_t written = write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return false;
    bytes = bytes.drop_front(size_t(written));
  }
  return true;
}

/// In the child: die by the signal itself, without the handlers the parent
/// installed (LLVM's, a sanitizer's, a fuzzer's: a fuzzer's SIGTRAP handler
/// reported the parent's input as a crash), with nothing on stderr (the
/// parent says what happened), and never return.
[[noreturn]] void workInChild(llvm::function_ref<void(llvm::raw_ostream &)> work,
                              unsigned timeoutSeconds, int answer,
                              CoverageShare &coverage) {
  for (int sig : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGALRM, SIGTRAP,
                  SIGSYS, SIGXCPU, SIGXFSZ, SIGPIPE})
    std::signal(sig, SIG_DFL);
  if (__sanitizer_set_death_callback)
    __sanitizer_set_death_callback([] { dieQuietly(); });
  if (int null = open("/dev/null", O_WRONLY); null >= 0)
    dup2(null, STDERR_FILENO);
  limitAddressSpace();
  alarm(timeoutSeconds);
  std::string bytes;
  llvm::raw_string_ostream out(bytes);
  work(out);
  coverage.publishFromChild();
  _exit(writeAll(answer, bytes) ? 0 : 71);
}

std::string readAll(int fd) {
  std::string bytes;
  char buffer[65536];
  for (;;) {
    ssize_t got = read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return bytes;
    bytes.append(buffer, size_t(got));
  }
}

llvm::Error describeDeath(int status, unsigned timeoutSeconds) {
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return llvm::createStringError("it was still being read and checked after " +
                                   llvm::Twine(timeoutSeconds) + " s");
  if (WIFSIGNALED(status))
    return llvm::createStringError(
        llvm::Twine("reading and checking it crashed (") +
        strsignal(WTERMSIG(status)) + ")");
  return llvm::createStringError(
      "reading and checking it exited with status " +
      llvm::Twine(WEXITSTATUS(status)));
}
} // namespace

llvm::Expected<std::string>
runInChild(llvm::function_ref<void(llvm::raw_ostream &)> work,
           unsigned timeoutSeconds) {
  int pipeEnds[2];
  if (pipe(pipeEnds) != 0)
    return llvm::createStringError(llvm::Twine("cannot make a pipe: ") +
                                   std::strerror(errno));
  CoverageShare coverage;
  pid_t child = fork();
  if (child < 0) {
    close(pipeEnds[0]);
    close(pipeEnds[1]);
    return llvm::createStringError(
        llvm::Twine("cannot fork to read the bitcode apart: ") +
        std::strerror(errno));
  }
  if (child == 0) {
    close(pipeEnds[0]);
    workInChild(work, timeoutSeconds, pipeEnds[1], coverage);
  }
  close(pipeEnds[1]);
  std::string bytes = readAll(pipeEnds[0]);
  close(pipeEnds[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR)
      return llvm::createStringError(
          llvm::Twine("waiting for the bitcode reader: ") +
          std::strerror(errno));
  coverage.mergeIntoParent();
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return bytes;
  return describeDeath(status, timeoutSeconds);
}

// Each finding: a severity letter, then rule, section and message, each as
// its length, a colon and its bytes.
void writeFindings(const std::vector<DxilFinding> &findings,
                   llvm::raw_ostream &out) {
  for (const DxilFinding &finding : findings) {
    out << (finding.severity == DxilFinding::Severity::Error ? 'E' : 'W');
    for (const std::string *field :
         {&finding.rule, &finding.section, &finding.message})
      out << field->size() << ':' << *field;
  }
}

llvm::Expected<std::vector<DxilFinding>> readFindings(llvm::StringRef bytes) {
  std::vector<DxilFinding> findings;
  auto malformed = [] {
    return llvm::createStringError("the child's findings are malformed");
  };
  while (!bytes.empty()) {
    DxilFinding finding;
    char severity = bytes.front();
    if (severity != 'E' && severity != 'W')
      return malformed();
    finding.severity = severity == 'E' ? DxilFinding::Severity::Error
                                       : DxilFinding::Severity::Warning;
    bytes = bytes.drop_front();
    for (std::string *field :
         {&finding.rule, &finding.section, &finding.message}) {
      size_t colon = bytes.find(':');
      size_t length = 0;
      if (colon == llvm::StringRef::npos ||
          bytes.take_front(colon).getAsInteger(10, length) ||
          length > bytes.size() - colon - 1)
        return malformed();
      *field = bytes.substr(colon + 1, length).str();
      bytes = bytes.drop_front(colon + 1 + length);
    }
    findings.push_back(std::move(finding));
  }
  return findings;
}

} // namespace opencgc::codegen
