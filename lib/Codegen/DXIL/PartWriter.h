//===- PartWriter.h - Little-endian bytes of a container part ---*- C++ -*-===//
//
// Every field of a DX container part is little-endian and packed
// (shared/reference/dxil-format.md section 1.2).
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_LIB_CODEGEN_DXIL_PARTWRITER_H
#define OPENCGC_LIB_CODEGEN_DXIL_PARTWRITER_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace opencgc::dxil {

class PartWriter {
public:
  void u8(uint8_t value) { bytes.push_back(value); }
  void u16(uint16_t value) {
    u8(value & 0xFF);
    u8(value >> 8);
  }
  void u32(uint32_t value) {
    u16(value & 0xFFFF);
    u16(value >> 16);
  }
  void u64(uint64_t value) {
    u32(static_cast<uint32_t>(value));
    u32(static_cast<uint32_t>(value >> 32));
  }
  void zeros(size_t count) { bytes.insert(bytes.end(), count, 0); }
  void append(llvm::ArrayRef<uint8_t> data) {
    bytes.insert(bytes.end(), data.begin(), data.end());
  }
  /// Zero bytes up to the next multiple of 4.
  void padToDword() { zeros((4 - bytes.size() % 4) % 4); }
  size_t size() const { return bytes.size(); }
  std::vector<uint8_t> take() { return std::move(bytes); }

private:
  std::vector<uint8_t> bytes;
};

} // namespace opencgc::dxil

#endif // OPENCGC_LIB_CODEGEN_DXIL_PARTWRITER_H
