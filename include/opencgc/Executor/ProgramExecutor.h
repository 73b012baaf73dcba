//===- ProgramExecutor.h - Run CGC Output IR on a device --------*- C++ -*-===//
//
// The "DXCGC runtime" of the D3D12 MLIR programs specification: executes
// CGC Output IR. It isolates each partition and compiles it through its
// device (CreateStateObject, on parallel threads), allocates one resource
// per program argument and named constant, and records the cgc.program body
// once into command lists (SetProgram + DispatchGraph per invoke, bind
// points bound by GPU address ranges, a barrier only where cgc.depends
// needs one): one list per run of consecutive invokes on the same device,
// so a program whose partitions all run on one device is one submission.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_EXECUTOR_PROGRAMEXECUTOR_H
#define OPENCGC_EXECUTOR_PROGRAMEXECUTOR_H

#include "opencgc/Dialect/CGC/CGCOps.h"
#include "opencgc/ReferenceKernels/Executor.h"
#include "opencgc/Tensor/Tensor.h"
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
class CommandList;
class Device;
class StateObject;
struct BindPoint;
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

/// How long one partition dispatch took (DispatchGraph to completion).
struct DispatchTiming {
  std::string partition;
  double seconds = 0;
};

class ProgramMemory;
struct RecordedSegment;

/// Output IR with every partition compiled, ready to run any number of
/// times. Holds on to the module, which must outlive it.
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
  /// The command lists a run submits (one per device segment); 0 before
  /// the first run.
  size_t getNumCommandLists() const;
  const ProgramSignature &getSignature() const { return signature; }

  /// Runs the program on `inputs` (one per input argument, checked for
  /// element type and shape), binding each cgc.constant through
  /// `constants` (a constant whose lookup returns the same tensor storage
  /// as in the previous run is not copied again). Returns one tensor per
  /// output argument. Unwritten output bytes keep the poison pattern
  /// kPoisonByte. With `timings`, every invoke is submitted on its own and
  /// its wall time appended (a profile; without it, the whole program is
  /// one submission per device segment).
  llvm::Expected<std::vector<Tensor>>
  run(llvm::ArrayRef<Tensor> inputs, reference::ConstantLookup constants,
      std::vector<DispatchTiming> *timings = nullptr);

  /// Fills outputs and scratch before a run: 0xff is NaN in every float
  /// type and -1 in every signed integer type, so an output a program fails
  /// to write never passes as zeros.
  static constexpr uint8_t kPoisonByte = 0xff;

private:
  CompiledProgram(cgc::ProgramOp program, ProgramSignature signature);

  /// One compiled partition: its device, state object and identifier.
  struct PartitionProgram {
    device::Device *device = nullptr;
    std::shared_ptr<device::StateObject> stateObject;
  };

  llvm::ArrayRef<device::BindPoint> bindPointsOf(cgc::InvokeOp invoke) const;
  llvm::Error prepareMemory();
  llvm::Error record(bool onePerInvoke,
                     std::vector<RecordedSegment> &segments) const;
  llvm::Error execute(std::vector<RecordedSegment> &segments,
                      std::vector<DispatchTiming> *timings) const;

  // Op handles are values whose accessors are not const.
  mutable cgc::ProgramOp program;
  ProgramSignature signature;
  llvm::StringMap<PartitionProgram> partitions;
  llvm::StringMap<std::string> partitionDevices;
  /// The device whose resources every partition binds.
  device::Device *memoryDevice = nullptr;
  // Declared before the command lists that refer to its addresses.
  std::unique_ptr<ProgramMemory> memory;
  std::vector<RecordedSegment> programSegments, profileSegments;
};

/// CompiledProgram::compile + run, for a single run.
llvm::Expected<std::vector<Tensor>>
executeProgram(cgc::ModuleOp outputIR, llvm::ArrayRef<Tensor> inputs,
               reference::ConstantLookup constants, device::Device &device);

} // namespace opencgc::runtime

#endif // OPENCGC_EXECUTOR_PROGRAMEXECUTOR_H
