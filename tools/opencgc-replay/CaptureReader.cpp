//===- CaptureReader.cpp - Reads and checks a capture directory -----------===//

#include "CaptureReader.h"
#include "ReplayError.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace replay {

namespace {

/// The one format version this replayer reads.
constexpr const char *FormatVersion = "1";

/// More bindings than any kernel has: bounds what a bad count allocates.
constexpr uint64_t MaxBindings = 4096;

using Fields = std::vector<std::string>;

bool isNameChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

std::string quote(const std::string &text) { return "'" + text + "'"; }

/// Walks the manifest line by line; every failure names the line.
class ManifestParser {
public:
  ManifestParser(Capture &capture, std::string manifest,
                 std::vector<std::string> lines)
      : capture(capture), manifest(std::move(manifest)),
        lines(std::move(lines)) {}

  void parse();

private:
  [[noreturn]] void fail(const std::string &message) const;
  /// Splits the next line into fields; false at the end of the file.
  bool nextRecord(Fields &fields);
  void expectFieldCount(const Fields &fields, size_t count,
                        const std::string &syntax) const;
  uint64_t parseNumber(const std::string &field, const std::string &what,
                       uint64_t min = 0) const;
  std::string parseName(const std::string &field,
                        const std::string &what) const;
  std::string parsePath(const std::string &field,
                        const std::string &what) const;
  void checkFileSize(const std::string &path, uint64_t size,
                     const std::string &what) const;

  void parseHeader();
  void parseDevice(const Fields &fields);
  void parseKernel(const Fields &fields);
  void parseTexel(const Fields &fields);
  void parseDispatch(const Fields &fields);
  Region parseRegion(unsigned expected, unsigned dispatch);
  Binding parseBinding(unsigned expected, const Dispatch &dispatch);
  void parseEnd(const Dispatch &dispatch);
  unsigned lookupKernel(const std::string &id) const;

  Capture &capture;
  std::string manifest;
  std::vector<std::string> lines;
  /// The 1-based number of the line last read.
  unsigned line = 0;
  bool sawDevice = false;
  std::map<std::string, unsigned> kernelIndex;
  /// Kernels a dispatch used: their `texel` records can no longer change.
  std::vector<bool> kernelUsed;
};

void ManifestParser::fail(const std::string &message) const {
  throw ReplayError(manifest + ":" + std::to_string(line) + ": " + message);
}

bool ManifestParser::nextRecord(Fields &fields) {
  if (line >= lines.size())
    return false;
  const std::string &text = lines[line++];
  if (text.empty())
    fail("expected a record, found an empty line");
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = text[i];
    if (c < 0x20 || c > 0x7e) {
      std::ostringstream os;
      os << "expected printable ASCII fields separated by single spaces, "
            "found byte 0x"
         << std::hex << unsigned(c) << std::dec << " at column " << i + 1;
      fail(os.str());
    }
  }
  fields.clear();
  size_t start = 0;
  while (true) {
    size_t end = text.find(' ', start);
    std::string field = text.substr(start, end - start);
    if (field.empty())
      fail("expected fields separated by single spaces, found an empty "
           "field at column " +
           std::to_string(start + 1));
    fields.push_back(std::move(field));
    if (end == std::string::npos)
      return true;
    start = end + 1;
  }
}

void ManifestParser::expectFieldCount(const Fields &fields, size_t count,
                                      const std::string &syntax) const {
  if (fields.size() != count)
    fail("expected '" + syntax + "' (" + std::to_string(count) +
         " fields), found " + std::to_string(fields.size()) + " fields");
}

uint64_t ManifestParser::parseNumber(const std::string &field,
                                     const std::string &what,
                                     uint64_t min) const {
  uint64_t value = 0;
  for (char c : field) {
    if (c < '0' || c > '9')
      fail("expected a decimal number for " + what + ", found " + quote(field));
    uint64_t digit = c - '0';
    if (value > (UINT64_MAX - digit) / 10)
      fail("expected a 64-bit number for " + what + ", found " + quote(field));
    value = value * 10 + digit;
  }
  if (value < min)
    fail("expected " + what + " of at least " + std::to_string(min) +
         ", found " + field);
  return value;
}

std::string ManifestParser::parseName(const std::string &field,
                                      const std::string &what) const {
  for (char c : field)
    if (!isNameChar(c))
      fail("expected " + what + " of [A-Za-z0-9_.-], found " + quote(field));
  return field;
}

std::string ManifestParser::parsePath(const std::string &field,
                                      const std::string &what) const {
  // Relative and without '..': a manifest names files inside DIR only.
  bool valid = field.front() != '/' && field.back() != '/';
  size_t start = 0;
  while (valid && start <= field.size()) {
    size_t end = field.find('/', start);
    if (end == std::string::npos)
      end = field.size();
    std::string part = field.substr(start, end - start);
    valid = !part.empty() && part != "." && part != "..";
    for (char c : part)
      valid = valid && isNameChar(c);
    start = end + 1;
  }
  if (!valid)
    fail("expected " + what +
         " as a relative path of [A-Za-z0-9_.-] names inside the capture "
         "directory, found " +
         quote(field));
  return field;
}

void ManifestParser::checkFileSize(const std::string &path, uint64_t size,
                                   const std::string &what) const {
  std::string file = capture.resolve(path) + " (" + what + ")";
  std::error_code error;
  if (!fs::is_regular_file(capture.resolve(path), error))
    fail(file + " does not exist or is not a file");
  uint64_t actual = fs::file_size(capture.resolve(path), error);
  if (error)
    fail("cannot read the size of " + file + ": " + error.message());
  if (actual != size)
    fail(file + " holds " + std::to_string(actual) +
         " bytes, expected exactly " + std::to_string(size));
}

void ManifestParser::parseHeader() {
  Fields fields;
  bool empty = !nextRecord(fields);
  line = 1;
  if (empty || fields[0] != "opencgc-capture" || fields.size() != 2)
    fail("expected 'opencgc-capture " + std::string(FormatVersion) +
         "' as the first line");
  if (fields[1] != FormatVersion)
    fail("capture format version " + quote(fields[1]) +
         " is not supported, expected " + FormatVersion);
}

void ManifestParser::parseDevice(const Fields &fields) {
  expectFieldCount(fields, 3, "device KIND NAME");
  if (sawDevice)
    fail("a second 'device' record");
  if (!capture.kernels.empty() || !capture.dispatches.empty())
    fail("expected the 'device' record before kernels and dispatches");
  if (fields[1] == "vulkan")
    capture.device = DeviceKind::Vulkan;
  else if (fields[1] == "cuda")
    capture.device = DeviceKind::Cuda;
  else if (fields[1] == "d3d12")
    fail("a d3d12 capture (DXIL kernels of dxil-host): opencgc-replay runs "
         "vulkan and cuda captures; its DXIL containers are for a D3D12 "
         "runtime");
  else
    fail("expected device kind 'vulkan' or 'cuda', found " + quote(fields[1]));
  capture.deviceName = parseName(fields[2], "a device name");
  sawDevice = true;
}

void ManifestParser::parseKernel(const Fields &fields) {
  if (!sawDevice)
    fail("expected the 'device' record before the first kernel");
  // The field count follows the language the record gives.
  bool ptx = fields.size() > 2 && fields[2] == "ptx";
  if (ptx)
    expectFieldCount(fields, 10,
                     "kernel ID ptx FILE ENTRY NUMBINDINGS block X Y Z");
  else
    expectFieldCount(fields, 6, "kernel ID spirv FILE ENTRY NUMBINDINGS");
  Kernel kernel;
  kernel.id = parseName(fields[1], "a kernel id");
  if (kernelIndex.count(kernel.id))
    fail("kernel " + kernel.id + " is defined twice");
  kernel.language = fields[2];
  if (kernel.language != "spirv" && kernel.language != "ptx")
    fail("expected language 'spirv' or 'ptx', found " + quote(kernel.language));
  bool cuda = capture.device == DeviceKind::Cuda;
  if (ptx != cuda)
    fail("expected language '" + std::string(cuda ? "ptx" : "spirv") +
         "' in a " + (cuda ? "cuda" : "vulkan") + " capture, found " +
         quote(kernel.language));
  kernel.path = parsePath(fields[3], "the kernel file");
  std::error_code error;
  if (!fs::is_regular_file(capture.resolve(kernel.path), error))
    fail("kernel file " + capture.resolve(kernel.path) +
         " does not exist or is not a file");
  kernel.entry = parseName(fields[4], "an entry point name");
  uint64_t count = parseNumber(fields[5], "NUMBINDINGS");
  if (count > MaxBindings)
    fail("expected at most " + std::to_string(MaxBindings) +
         " bindings, found " + fields[5]);
  kernel.bindings.assign(count, BindingKind::Storage);
  if (ptx) {
    if (fields[6] != "block")
      fail("expected 'block X Y Z' after NUMBINDINGS, found " +
           quote(fields[6]));
    for (unsigned i = 0; i < 3; ++i) {
      uint64_t size = parseNumber(fields[7 + i], "the block size", 1);
      if (size > UINT32_MAX)
        fail("expected a 32-bit block size, found " + fields[7 + i]);
      kernel.block[i] = uint32_t(size);
    }
  }
  kernelIndex[kernel.id] = capture.kernels.size();
  capture.kernels.push_back(std::move(kernel));
  kernelUsed.push_back(false);
}

unsigned ManifestParser::lookupKernel(const std::string &id) const {
  auto it = kernelIndex.find(id);
  if (it == kernelIndex.end())
    fail("expected a kernel defined by an earlier 'kernel' record, found " +
         quote(id));
  return it->second;
}

void ManifestParser::parseTexel(const Fields &fields) {
  expectFieldCount(fields, 4, "texel ID BINDING FORMAT");
  unsigned index = lookupKernel(fields[1]);
  Kernel &kernel = capture.kernels[index];
  if (kernel.language != "spirv")
    fail("texel bindings are for SPIR-V kernels; kernel " + kernel.id + " is " +
         kernel.language);
  if (kernelUsed[index])
    fail("expected the 'texel' records of kernel " + kernel.id +
         " before its first dispatch");
  uint64_t binding = parseNumber(fields[2], "BINDING");
  if (binding >= kernel.bindings.size())
    fail("expected a binding below " + std::to_string(kernel.bindings.size()) +
         " (kernel " + kernel.id + "'s NUMBINDINGS), found " + fields[2]);
  if (kernel.bindings[binding] != BindingKind::Storage)
    fail("binding " + fields[2] + " of kernel " + kernel.id +
         " already has a texel format");
  if (fields[3] == "r32f")
    kernel.bindings[binding] = BindingKind::TexelR32f;
  else if (fields[3] == "rgba32f")
    kernel.bindings[binding] = BindingKind::TexelRgba32f;
  else
    fail("expected texel format 'r32f' or 'rgba32f', found " +
         quote(fields[3]));
}

Region ManifestParser::parseRegion(unsigned expected, unsigned dispatch) {
  Fields fields;
  std::string where = " of dispatch " + std::to_string(dispatch);
  if (!nextRecord(fields))
    fail("expected 'region " + std::to_string(expected) + " ...'" + where +
         ", found the end of the file");
  if (fields[0] != "region")
    fail("expected 'region " + std::to_string(expected) + " ...'" + where +
         ", found " + quote(fields[0]));
  expectFieldCount(fields, 6, "region B bytes SIZE BEFORE AFTER");
  if (parseNumber(fields[1], "the region number") != expected)
    fail("expected region " + std::to_string(expected) + where +
         " (regions count from 0 in order), found region " + fields[1]);
  if (fields[2] != "bytes")
    fail("expected 'bytes SIZE' after the region number, found " +
         quote(fields[2]));
  Region region;
  // An empty tensor's region is empty: a kernel never reads it.
  region.size = parseNumber(fields[3], "the region size");
  region.beforePath = parsePath(fields[4], "the BEFORE file");
  region.afterPath = parsePath(fields[5], "the AFTER file");
  std::string name = "region " + std::to_string(expected) + where;
  checkFileSize(region.beforePath, region.size, "the BEFORE file of " + name);
  checkFileSize(region.afterPath, region.size, "the AFTER file of " + name);
  return region;
}

Binding ManifestParser::parseBinding(unsigned expected,
                                     const Dispatch &dispatch) {
  Fields fields;
  const Kernel &kernel = capture.kernels[dispatch.kernel];
  std::string want =
      "'bind " + std::to_string(expected) + " B OFFSET SIZE' of dispatch " +
      std::to_string(dispatch.index) + " (kernel " + kernel.id + " has " +
      std::to_string(kernel.bindings.size()) + " bindings)";
  if (!nextRecord(fields))
    fail("expected " + want + ", found the end of the file");
  if (fields[0] != "bind")
    fail("expected " + want + ", found " + quote(fields[0]));
  expectFieldCount(fields, 5, "bind I B OFFSET SIZE");
  if (parseNumber(fields[1], "the binding number") != expected)
    fail("expected " + want + ", found binding " + fields[1]);
  Binding binding;
  uint64_t region = parseNumber(fields[2], "the region number");
  if (region >= dispatch.regions.size())
    fail("binding " + fields[1] + " names region " + fields[2] +
         ", but dispatch " + std::to_string(dispatch.index) + " has " +
         std::to_string(dispatch.regions.size()) + " regions");
  binding.region = unsigned(region);
  binding.offset = parseNumber(fields[3], "the binding offset");
  binding.size = parseNumber(fields[4], "the binding size");
  uint64_t regionSize = dispatch.regions[region].size;
  if (binding.offset > regionSize || binding.size > regionSize - binding.offset)
    fail("binding " + fields[1] + " (" + fields[4] + " bytes at offset " +
         fields[3] + ") is outside region " + fields[2] + " of " +
         std::to_string(regionSize) + " bytes");
  return binding;
}

void ManifestParser::parseEnd(const Dispatch &dispatch) {
  Fields fields;
  std::string want = "expected 'end' of dispatch " +
                     std::to_string(dispatch.index) + " after its " +
                     std::to_string(dispatch.bindings.size()) + " bindings";
  if (!nextRecord(fields))
    fail(want + ", found the end of the file");
  if (fields[0] != "end")
    fail(want + ", found " + quote(fields[0]));
  expectFieldCount(fields, 1, "end");
}

void ManifestParser::parseDispatch(const Fields &fields) {
  expectFieldCount(fields, 9, "dispatch N ID groups X Y Z buffers R");
  Dispatch dispatch;
  dispatch.line = line;
  uint64_t index = parseNumber(fields[1], "the dispatch number");
  if (index != capture.dispatches.size())
    fail("expected dispatch " + std::to_string(capture.dispatches.size()) +
         " (dispatches count from 0 in order), found dispatch " + fields[1]);
  dispatch.index = unsigned(index);
  dispatch.kernel = lookupKernel(fields[2]);
  kernelUsed[dispatch.kernel] = true;
  if (fields[3] != "groups")
    fail("expected 'groups X Y Z' after the kernel id, found " +
         quote(fields[3]));
  for (unsigned i = 0; i < 3; ++i) {
    uint64_t groups = parseNumber(fields[4 + i], "the workgroup count", 1);
    if (groups > UINT32_MAX)
      fail("expected a 32-bit workgroup count, found " + fields[4 + i]);
    dispatch.groups[i] = uint32_t(groups);
  }
  if (fields[7] != "buffers")
    fail("expected 'buffers R' after the workgroup counts, found " +
         quote(fields[7]));
  uint64_t regions = parseNumber(fields[8], "the region count");
  for (uint64_t i = 0; i < regions; ++i)
    dispatch.regions.push_back(parseRegion(unsigned(i), dispatch.index));
  size_t bindings = capture.kernels[dispatch.kernel].bindings.size();
  for (size_t i = 0; i < bindings; ++i)
    dispatch.bindings.push_back(parseBinding(unsigned(i), dispatch));
  parseEnd(dispatch);
  capture.dispatches.push_back(std::move(dispatch));
}

void ManifestParser::parse() {
  parseHeader();
  Fields fields;
  while (nextRecord(fields)) {
    const std::string &record = fields[0];
    if (record == "device")
      parseDevice(fields);
    else if (record == "kernel")
      parseKernel(fields);
    else if (record == "texel")
      parseTexel(fields);
    else if (record == "dispatch")
      parseDispatch(fields);
    else if (record == "region" || record == "bind" || record == "end")
      fail("expected " + quote(record) +
           " only inside a dispatch, after its 'dispatch' record");
    else
      fail("expected a 'device', 'kernel', 'texel' or 'dispatch' record, "
           "found " +
           quote(record));
  }
  if (!sawDevice)
    fail("expected a 'device' record, found the end of the file");
}

/// The lines of a text file; a final line break ends the last line.
std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

} // namespace

Capture readCapture(const std::string &directory) {
  Capture capture;
  // "DIR/" names the same directory; keep messages free of "//".
  capture.directory = directory;
  while (capture.directory.size() > 1 && capture.directory.back() == '/')
    capture.directory.pop_back();
  std::string manifest = capture.resolve("capture.txt");
  std::ifstream in(manifest, std::ios::binary);
  if (!in)
    throw ReplayError(manifest + ": cannot open the capture manifest");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  ManifestParser(capture, manifest, splitLines(text)).parse();
  return capture;
}

std::vector<uint8_t> readBytes(const std::string &path, uint64_t size) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes(size);
  if (!in ||
      !in.read(reinterpret_cast<char *>(bytes.data()), std::streamsize(size)) ||
      in.peek() != std::ifstream::traits_type::eof())
    throw ReplayError(path + ": cannot read exactly " + std::to_string(size) +
                      " bytes");
  return bytes;
}

} // namespace replay
