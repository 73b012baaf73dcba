//===- ReplayError.h - The error that ends a replay -------------*- C++ -*-===//
//
// Every malformed capture and every device failure ends the run with exit
// status 2, so one exception type carries the message to main instead of
// threading error values through each small step.
//
//===----------------------------------------------------------------------===//

#ifndef OPENCGC_REPLAY_REPLAYERROR_H
#define OPENCGC_REPLAY_REPLAYERROR_H

#include <stdexcept>
#include <string>

namespace replay {

/// A malformed capture (the message names the file and line) or a device
/// error (the message names the call).
class ReplayError : public std::runtime_error {
public:
  explicit ReplayError(const std::string &message)
      : std::runtime_error(message) {}
};

} // namespace replay

#endif // OPENCGC_REPLAY_REPLAYERROR_H
