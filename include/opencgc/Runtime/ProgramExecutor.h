//===- ProgramExecutor.h - Run CGC Output IR on a device --------*- C++ -*-===//
//
// The "DXCGC runtime" of the D3D12 MLIR programs specification: executes
// CGC Output IR. It isolates each partition, compiles it once through the
// device (CreateStateObject), allocates one host buffer per program argument
// and named constant, and walks the cgc.program body in order, dispatching
// each invoked partition (DispatchGraph) with bindings into those buffers.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_RUNTIME_PROGRAMEXECUTOR_H
#define OPENCGC_RUNTIME_PROGRAMEXECUTOR_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/Runtime/Reference/Executor.h"
#include "opencgc/Runtime/Tensor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opencgc::device {
class CompiledPartition;
class Device;
} // namespace opencgc::device

namespace opencgc::runtime {

/// The argument attribute that records what a program argument is.
inline constexpr llvm::StringLiteral kRoleAttr = "cgc.role";
/// Its values.
inline constexpr llvm::StringLiteral kInputRole = "input";
inline constexpr llvm::StringLiteral kOutputRole = "output";
inline constexpr llvm::StringLiteral kScratchRole = "scratch";

enum class ArgumentRole { Input, Output, Scratch };

/// What each cgc.program argument is, and the inputs and outputs in
/// argument order.
struct ProgramSignature {
  std::vector<ArgumentRole> roles;
  std::vector<unsigned> inputs;
  std::vector<unsigned> outputs;
};

/// Reads the roles of `program`'s arguments. When any argument carries
/// `cgc.role`, every argument must (input, output or scratch). Without roles
/// (hand-written Output IR such as the specification's example) they are
/// inferred: the last rank-1 `!cgc.int8` argument that is viewed through
/// cgc.view_memref is scratch; of the others, an argument whose first use in
/// program order is as a written operand of a partition (a bind point the
/// partition's subgraphs write) is an output, every other one an input.
llvm::Expected<ProgramSignature> getProgramSignature(cgc::ProgramOp program);

/// Output IR with every partition compiled for one device, ready to run any
/// number of times. Holds on to the module, which must outlive it.
/// How long one partition dispatch took (DispatchGraph to completion).
struct DispatchTiming {
  std::string partition;
  double seconds = 0;
};

class CompiledProgram {
public:
  /// Isolates, serializes (CGC_SUBGRAPH_PARTITION container) and compiles
  /// every partition of the single cgc.program in `outputIR` on `device`.
  static llvm::Expected<std::unique_ptr<CompiledProgram>>
  compile(cgc::ModuleOp outputIR, device::Device &device);

  /// The same with several devices: each partition is compiled by the device
  /// named like its subgraphs' origin, else by the one named "reference",
  /// else by the last one.
  /// With `progress`, reports each partition compiled ("partition 2/5").
  static llvm::Expected<std::unique_ptr<CompiledProgram>>
  compile(cgc::ModuleOp outputIR, llvm::ArrayRef<device::Device *> devices,
          llvm::raw_ostream *progress = nullptr);

  /// The device each partition was compiled for, by partition name.
  const llvm::StringMap<std::string> &getPartitionDevices() const {
    return partitionDevices;
  }
  ~CompiledProgram();

  cgc::ProgramOp getProgram() const { return program; }
  const ProgramSignature &getSignature() const { return signature; }

  /// Runs the program on `inputs` (one per input argument, checked for
  /// element type and shape), binding each cgc.constant through
  /// `constants`. Returns one tensor per output argument. Unwritten output
  /// bytes keep the poison pattern kPoisonByte.
  /// With `timings`, appends the wall time of every partition dispatch.
  llvm::Expected<std::vector<Tensor>>
  run(llvm::ArrayRef<Tensor> inputs, reference::ConstantLookup constants,
      std::vector<DispatchTiming> *timings = nullptr);

  /// Fills outputs and scratch before a run: 0xff is NaN in every float
  /// type and -1 in every signed integer type, so an output a program fails
  /// to write never passes as zeros.
  static constexpr uint8_t kPoisonByte = 0xff;

private:
  CompiledProgram(cgc::ProgramOp program, ProgramSignature signature);

  cgc::ProgramOp program;
  ProgramSignature signature;
  llvm::StringMap<std::unique_ptr<device::CompiledPartition>> partitions;
  llvm::StringMap<std::string> partitionDevices;
};

/// CompiledProgram::compile + run, for a single run.
llvm::Expected<std::vector<Tensor>>
executeProgram(cgc::ModuleOp outputIR, llvm::ArrayRef<Tensor> inputs,
               reference::ConstantLookup constants, device::Device &device);

} // namespace opencgc::runtime

#endif // OPENCGC_RUNTIME_PROGRAMEXECUTOR_H
