//===- SpirvFile.h - A SPIR-V kernel file, as words -------------*- C++ -*-===//
//
// Reads a captured kernel and lists its compute entry points, so that a
// wrong ENTRY is reported by name instead of as a driver's pipeline error.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_SPIRVFILE_H
#define OPENCGC_REPLAY_SPIRVFILE_H

#include <cstdint>
#include <string>
#include <vector>

namespace replay {

/// The file's SPIR-V words; throws ReplayError unless it is SPIR-V.
std::vector<uint32_t> readSpirv(const std::string &path);

/// The names of the GLCompute OpEntryPoints of a SPIR-V module; throws
/// ReplayError naming `path` when an instruction runs past the end.
std::vector<std::string>
getComputeEntryPoints(const std::vector<uint32_t> &words,
                      const std::string &path);

} // namespace replay

#endif // OPENCGC_REPLAY_SPIRVFILE_H
