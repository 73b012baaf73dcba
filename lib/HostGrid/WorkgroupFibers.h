//===- WorkgroupFibers.h - A workgroup's invocations as fibers --*- C++ -*-===//
#ifndef OPENCGC_LIB_HOSTGRID_WORKGROUPFIBERS_H
#define OPENCGC_LIB_HOSTGRID_WORKGROUPFIBERS_H

#include "GridRewrite.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <boost/context/detail/fcontext.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace opencgc::hostgrid {

/// Runs the invocations of one workgroup at a time as fibers on the calling
/// thread: each has its own stack, a barrier switches back to a round-robin
/// scheduler, and every fiber waiting at the same barrier releases them all.
/// The stacks are mapped once and reused for every workgroup.
class WorkgroupFibers {
public:
  /// Each fiber's stack; a guard page below it faults on overflow.
  static constexpr size_t kStackBytes = 64 * 1024;

  static llvm::Expected<std::unique_ptr<WorkgroupFibers>>
  create(unsigned numInvocations);
  ~WorkgroupFibers();
  WorkgroupFibers(const WorkgroupFibers &) = delete;
  WorkgroupFibers &operator=(const WorkgroupFibers &) = delete;

  /// Runs `invoke` once per context, each context's `fibers` set to this,
  /// until all return. Fails (abandoning the waiting fibers) when some
  /// return while others wait at a barrier, or they wait at different ones.
  llvm::Error run(InvocationFn invoke,
                  llvm::MutableArrayRef<GridContext> contexts,
                  void *const *parameters);

  /// The running fiber reaches barrier `id`: returns once every invocation
  /// has, with the reduction of their predicates.
  uint32_t arrive(uint32_t id, BarrierReduction reduction, uint32_t predicate);

  /// The running fiber's invocation (x fastest, then y, then z).
  unsigned getCurrent() const { return current; }

  /// What the lanes of a warp exchange for an instruction they execute
  /// together (WarpMatrix.cpp): each invocation's operands and results,
  /// how many such instructions it reached, and per warp the last round
  /// computed. Sized once: every lane of a warp reaches the same
  /// instructions in every workgroup (a launch where they do not fails at
  /// the barrier), so the rounds stay in step from one workgroup to the
  /// next without a reset, and lanes a partial warp lacks stay zero.
  struct WarpExchange {
    std::vector<std::array<uint32_t, 16>> lanes;
    std::vector<uint64_t> rounds;
    std::vector<uint64_t> computed;
  };
  WarpExchange &getWarpExchange() { return exchange; }

private:
  enum class State { Ready, Waiting, Returned };
  using Context = boost::context::detail::fcontext_t;
  using Transfer = boost::context::detail::transfer_t;
  struct Fiber {
    /// Where the fiber goes on when resumed.
    Context context = nullptr;
    State state = State::Ready;
    uint32_t barrier = 0;
    bool predicate = false;
  };

  WorkgroupFibers(char *mapping, size_t slotBytes, unsigned numInvocations);
  static void start(Transfer from);
  llvm::Error prepare();
  llvm::Error releaseBarrier();

  char *mapping;
  size_t slotBytes;
  std::vector<Fiber> fibers;
  /// Where the running fiber returns to at a barrier or its end.
  Context scheduler = nullptr;
  unsigned current = 0;
  uint32_t released = 0;
  InvocationFn invoke = nullptr;
  GridContext *contexts = nullptr;
  void *const *parameters = nullptr;
  WarpExchange exchange;
};

/// kBarrierFunction: the barrier of the context's workgroup.
uint32_t hostBarrier(GridContext *context, uint32_t id, uint32_t reduction,
                     uint32_t predicate);

} // namespace opencgc::hostgrid

#endif // OPENCGC_LIB_HOSTGRID_WORKGROUPFIBERS_H
