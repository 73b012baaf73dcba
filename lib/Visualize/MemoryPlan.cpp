//===- MemoryPlan.cpp - Reading plan.json ---------------------------------===//
#include "opencgc/Visualize/MemoryPlan.h"

#include "llvm/Support/JSON.h"

using namespace llvm;

namespace opencgc::visualize {
namespace {
constexpr int64_t kPlanVersion = 1;

Error fail(const Twine &path, const Twine &problem) {
  return createStringError(inconvertibleErrorCode(),
                           (path + ": " + problem).str());
}

std::string member(StringRef path, StringRef key) {
  return path.empty() ? key.str() : (path + "." + key).str();
}

Error readString(const json::Object &object, StringRef key, StringRef path,
                 std::string &out, bool required) {
  const json::Value *value = object.get(key);
  if (!value)
    return required ? fail(member(path, key), "missing") : Error::success();
  std::optional<StringRef> text = value->getAsString();
  if (!text)
    return fail(member(path, key), "expected a string");
  out = text->str();
  return Error::success();
}

Error readCount(const json::Object &object, StringRef key, StringRef path,
                std::optional<uint64_t> &out, bool required) {
  const json::Value *value = object.get(key);
  if (!value)
    return required ? fail(member(path, key), "missing") : Error::success();
  std::optional<int64_t> number = value->getAsInteger();
  if (!number || *number < 0)
    return fail(member(path, key), "expected a non-negative integer");
  out = *number;
  return Error::success();
}

Error readRequiredCount(const json::Object &object, StringRef key,
                        StringRef path, uint64_t &out) {
  std::optional<uint64_t> value;
  if (Error error = readCount(object, key, path, value, /*required=*/true))
    return error;
  out = *value;
  return Error::success();
}

Expected<const json::Object *> readObject(const json::Value &value,
                                          StringRef path) {
  if (const json::Object *object = value.getAsObject())
    return object;
  return fail(path, "expected an object");
}

/// An array under `key`, or null when it is optional and missing.
Expected<const json::Array *> readArray(const json::Object &object,
                                        StringRef key, StringRef path,
                                        bool required) {
  const json::Value *value = object.get(key);
  if (!value) {
    if (required)
      return fail(member(path, key), "missing");
    return nullptr;
  }
  if (const json::Array *array = value->getAsArray())
    return array;
  return fail(member(path, key), "expected an array");
}

Error readHeader(const json::Object &root, MemoryPlan &plan) {
  std::string format;
  if (Error error = readString(root, "format", "", format, false))
    return error;
  if (!format.empty() && format != "opencgc-plan")
    return fail("format",
                "expected \"opencgc-plan\", found \"" + format + "\"");
  std::optional<uint64_t> version;
  if (Error error = readCount(root, "version", "", version, false))
    return error;
  if (version && *version > kPlanVersion)
    return fail("version", Twine(*version) + " is newer than this reader (" +
                               Twine(kPlanVersion) + ")");
  for (auto [key, out] :
       {std::pair<StringRef, std::string *>{"program", &plan.program},
        {"target", &plan.target},
        {"partitioning", &plan.partitioning},
        {"output_ir", &plan.outputIr}})
    if (Error error = readString(root, key, "", *out, false))
      return error;
  return Error::success();
}

Error readSteps(const json::Object &root, MemoryPlan &plan) {
  Expected<const json::Array *> steps = readArray(root, "steps", "", false);
  if (!steps || !*steps)
    return steps.takeError();
  for (auto [index, value] : enumerate(**steps)) {
    std::string path = "steps[" + std::to_string(index) + "]";
    Expected<const json::Object *> object = readObject(value, path);
    if (!object)
      return object.takeError();
    PlanStep step;
    std::optional<uint64_t> number = index;
    if (Error error = readCount(**object, "step", path, number, false))
      return error;
    step.step = *number;
    if (Error error =
            readString(**object, "partition", path, step.partition, false))
      return error;
    if (Error error =
            readString(**object, "subgraph", path, step.subgraph, false))
      return error;
    plan.steps.push_back(std::move(step));
  }
  return Error::success();
}

Expected<PlannedBuffer> readBuffer(const json::Value &value, StringRef path) {
  Expected<const json::Object *> object = readObject(value, path);
  if (!object)
    return object.takeError();
  PlannedBuffer buffer;
  if (Error error = readString(**object, "name", path, buffer.name, true))
    return std::move(error);
  if (Error error =
          readString(**object, "location", path, buffer.location, true))
    return std::move(error);
  for (auto [key, out] :
       {std::pair<StringRef, uint64_t *>{"bytes", &buffer.bytes},
        {"first_step", &buffer.firstStep},
        {"last_step", &buffer.lastStep},
        {"offset", &buffer.offset}})
    if (Error error = readRequiredCount(**object, key, path, *out))
      return std::move(error);
  if (buffer.lastStep < buffer.firstStep)
    return fail(member(path, "last_step"), Twine(buffer.lastStep) +
                                               " is before first_step " +
                                               Twine(buffer.firstStep));
  return buffer;
}

Error readMemory(const json::Object &root, MemoryPlan &plan) {
  const json::Value *value = root.get("memory");
  if (!value)
    return fail("memory", "missing");
  Expected<const json::Object *> memory = readObject(*value, "memory");
  if (!memory)
    return memory.takeError();
  for (auto [key, out] : {std::pair<StringRef, std::optional<uint64_t> *>{
                              "scratch_bytes", &plan.scratchBytes},
                          {"naive_bytes", &plan.naiveBytes},
                          {"lower_bound_bytes", &plan.lowerBoundBytes},
                          {"peak_live_bytes", &plan.peakLiveBytes},
                          {"alignment", &plan.alignment}})
    if (Error error = readCount(**memory, key, "memory", *out, false))
      return error;
  Expected<const json::Array *> buffers =
      readArray(**memory, "buffers", "memory", true);
  if (!buffers)
    return buffers.takeError();
  for (auto [index, item] : enumerate(**buffers)) {
    Expected<PlannedBuffer> buffer =
        readBuffer(item, "memory.buffers[" + std::to_string(index) + "]");
    if (!buffer)
      return buffer.takeError();
    plan.buffers.push_back(std::move(*buffer));
  }
  return Error::success();
}
} // namespace

Expected<MemoryPlan> parseMemoryPlan(StringRef text) {
  Expected<json::Value> root = json::parse(text);
  if (!root)
    return createStringError(inconvertibleErrorCode(),
                             "not valid JSON: " + toString(root.takeError()));
  const json::Object *object = root->getAsObject();
  if (!object)
    return fail("(top level)", "expected an object");
  MemoryPlan plan;
  if (Error error = readHeader(*object, plan))
    return std::move(error);
  if (Error error = readSteps(*object, plan))
    return std::move(error);
  if (Error error = readMemory(*object, plan))
    return std::move(error);
  return plan;
}

} // namespace opencgc::visualize
