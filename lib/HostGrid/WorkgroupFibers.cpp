//===- WorkgroupFibers.cpp - A workgroup's invocations as fibers ----------===//
//
// A barrier needs every invocation of the workgroup to reach it before any
// goes on, so invocations cannot simply run one after another. Each runs as
// a fiber instead (Boost.Context's fcontext, which switches without a
// system call: ucontext's swapcontext saves the signal mask with one each
// time, and kernels that stage tiles in shared memory switch at two
// barriers per stage): the scheduler resumes the ready fibers in order, a
// barrier marks its fiber waiting and jumps back, and once a pass
// leaves every fiber waiting at the same barrier they are all ready again.
// A pass that leaves some waiting and some returned is a divergent barrier,
// reported instead of hanging.
//
//===----------------------------------------------------------------------===//
#include "WorkgroupFibers.h"

#include "opencgc/HostGrid/HostGrid.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <cassert>
#include <sys/mman.h>
#include <unistd.h>

using namespace llvm;

namespace opencgc::hostgrid {
namespace {

std::string formatIndex(const std::array<uint32_t, 3> &index) {
  return ("(" + Twine(index[0]) + ", " + Twine(index[1]) + ", " +
          Twine(index[2]) + ")")
      .str();
}

} // namespace

Expected<std::unique_ptr<WorkgroupFibers>>
WorkgroupFibers::create(unsigned numInvocations) {
  assert(numInvocations > 0 && "a workgroup without invocations");
  size_t guardBytes = size_t(sysconf(_SC_PAGESIZE));
  size_t slotBytes = guardBytes + kStackBytes;
  size_t totalBytes = slotBytes * numInvocations;
  // Reserved, not committed: a stack costs the pages it touches.
  void *mapping = mmap(nullptr, totalBytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED)
    return createStringError("no memory for " + Twine(numInvocations) +
                             " fiber stacks");
  for (unsigned i = 0; i < numInvocations; ++i)
    if (mprotect(static_cast<char *>(mapping) + i * slotBytes, guardBytes,
                 PROT_NONE) != 0) {
      munmap(mapping, totalBytes);
      return createStringError("cannot guard the fiber stacks");
    }
  return std::unique_ptr<WorkgroupFibers>(new WorkgroupFibers(
      static_cast<char *>(mapping), slotBytes, numInvocations));
}

WorkgroupFibers::WorkgroupFibers(char *mapping, size_t slotBytes,
                                 unsigned numInvocations)
    : mapping(mapping), slotBytes(slotBytes), fibers(numInvocations) {
  size_t warps = (numInvocations + 31) / 32;
  exchange.lanes.assign(warps * 32, {});
  exchange.rounds.assign(warps * 32, 0);
  exchange.computed.assign(warps, 0);
}

WorkgroupFibers::~WorkgroupFibers() {
  munmap(mapping, slotBytes * fibers.size());
}

void WorkgroupFibers::start(Transfer from) {
  WorkgroupFibers &self = *static_cast<WorkgroupFibers *>(from.data);
  self.scheduler = from.fctx;
  unsigned index = self.current;
  self.invoke(&self.contexts[index], self.parameters);
  self.fibers[index].state = State::Returned;
  // Never resumed: the next prepare() makes the context again.
  boost::context::detail::jump_fcontext(self.scheduler, nullptr);
}

Error WorkgroupFibers::prepare() {
  for (auto [index, fiber] : enumerate(fibers)) {
    fiber.state = State::Ready;
    // The stack is the slot above its guard page; it grows down from the
    // slot's end.
    fiber.context = boost::context::detail::make_fcontext(
        mapping + (index + 1) * slotBytes, kStackBytes,
        &WorkgroupFibers::start);
    if (!fiber.context)
      return createStringError("cannot create a fiber");
  }
  return Error::success();
}

Error WorkgroupFibers::run(InvocationFn invoke,
                           MutableArrayRef<GridContext> contexts,
                           void *const *parameters) {
  assert(contexts.size() == fibers.size() && "one context per fiber");
  this->invoke = invoke;
  this->contexts = contexts.data();
  this->parameters = parameters;
  for (GridContext &context : contexts)
    context.fibers = this;
  if (Error error = prepare())
    return error;
  for (;;) {
    for (current = 0; current < fibers.size(); ++current)
      if (fibers[current].state == State::Ready)
        fibers[current].context =
            boost::context::detail::jump_fcontext(fibers[current].context, this)
                .fctx;
    if (none_of(fibers,
                [](const Fiber &f) { return f.state == State::Waiting; }))
      return Error::success();
    if (Error error = releaseBarrier())
      return error;
  }
}

/// After a pass: every fiber waits at the same barrier, or the workgroup
/// cannot go on.
Error WorkgroupFibers::releaseBarrier() {
  std::string workgroup = "workgroup " + formatIndex(contexts[0].blockId);
  auto isWaiting = [](const Fiber &f) { return f.state == State::Waiting; };
  size_t waiting = count_if(fibers, isWaiting);
  size_t first = find_if(fibers, isWaiting) - fibers.begin();
  if (waiting < fibers.size())
    return createStringError(
        workgroup + ": invocation " + formatIndex(contexts[first].threadId) +
        " waits at a barrier that " + Twine(fibers.size() - waiting) +
        " of its " + Twine(fibers.size()) +
        " invocations returned without reaching (a divergent barrier)");
  for (auto [index, fiber] : enumerate(fibers))
    if (fiber.barrier != fibers[first].barrier)
      return createStringError(
          workgroup + ": invocations " + formatIndex(contexts[first].threadId) +
          " and " + formatIndex(contexts[index].threadId) +
          " wait at different barriers (" + Twine(fibers[first].barrier) +
          " and " + Twine(fiber.barrier) + ")");
  released =
      uint32_t(count_if(fibers, [](const Fiber &f) { return f.predicate; }));
  for (Fiber &fiber : fibers)
    fiber.state = State::Ready;
  return Error::success();
}

uint32_t WorkgroupFibers::arrive(uint32_t id, BarrierReduction reduction,
                                 uint32_t predicate) {
  Fiber &fiber = fibers[current];
  fiber.state = State::Waiting;
  fiber.barrier = id;
  fiber.predicate = predicate != 0;
  scheduler = boost::context::detail::jump_fcontext(scheduler, nullptr).fctx;
  // Resumed: every invocation reached this barrier.
  switch (reduction) {
  case BarrierReduction::Count:
    return released;
  case BarrierReduction::All:
    return released == fibers.size();
  case BarrierReduction::Any:
    return released != 0;
  }
  return 0;
}

uint32_t hostBarrier(GridContext *context, uint32_t id, uint32_t reduction,
                     uint32_t predicate) {
  return static_cast<WorkgroupFibers *>(context->fibers)
      ->arrive(id, BarrierReduction(reduction), predicate);
}

} // namespace opencgc::hostgrid
