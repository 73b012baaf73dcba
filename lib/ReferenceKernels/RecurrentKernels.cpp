//===- RecurrentKernels.cpp - Reference RNN, GRU and LSTM -----------------===//
//
// ONNX's equations with the default activations, computed in double. Steps
// past a batch entry's sequence length leave Y at zero and the state as it
// was; the reverse direction walks each sequence from its own last step.
//
//===----------------------------------------------------------------------===//
#include "KernelUtils.h"

#include "opencgc/Dialect/CGCOp/RecurrentOps.h"

#include <cmath>
#include <optional>
#include <vector>

using namespace mlir;

namespace opencgc::reference {
namespace {

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

enum class Cell { Rnn, Gru, Lstm };

struct Recurrence {
  Cell cell;
  int64_t gates, seq, batch, inputSize, hidden, dirs;
  std::optional<double> clip;
  bool linearBeforeReset = false, inputForget = false;
  std::string direction;
};

/// The state of one batch entry in one direction.
struct State {
  std::vector<double> h, c;
};

class RecurrentRunner {
public:
  RecurrentRunner(const Recurrence &r, llvm::ArrayRef<Tensor> in)
      : r(r), in(in) {}

  /// Runs every direction, filling Y, Y_h and (LSTM) Y_c.
  void run(Tensor &y, Tensor &yh, Tensor *yc) {
    for (int64_t dir = 0; dir < r.dirs; ++dir) {
      bool reverse = r.direction == "reverse" ||
                     (r.direction == "bidirectional" && dir == 1);
      for (int64_t b = 0; b < r.batch; ++b) {
        State state = initialState(dir, b);
        int64_t length = std::clamp<int64_t>(in[4].getAsInt(b), 0, r.seq);
        for (int64_t step = 0; step < length; ++step) {
          int64_t t = reverse ? length - 1 - step : step;
          advance(dir, b, t, state);
          for (int64_t j = 0; j < r.hidden; ++j)
            y.setFromDouble(((t * r.dirs + dir) * r.batch + b) * r.hidden + j,
                            state.h[j]);
        }
        for (int64_t j = 0; j < r.hidden; ++j) {
          int64_t at = (dir * r.batch + b) * r.hidden + j;
          yh.setFromDouble(at, state.h[j]);
          if (yc)
            yc->setFromDouble(at, state.c[j]);
        }
      }
    }
  }

private:
  State initialState(int64_t dir, int64_t b) const {
    State state{std::vector<double>(r.hidden), std::vector<double>(r.hidden)};
    for (int64_t j = 0; j < r.hidden; ++j) {
      int64_t at = (dir * r.batch + b) * r.hidden + j;
      state.h[j] = in[5].getAsDouble(at);
      if (r.cell == Cell::Lstm)
        state.c[j] = in[6].getAsDouble(at);
    }
    return state;
  }

  double clipped(double v) const {
    return r.clip ? std::clamp(v, -*r.clip, *r.clip) : v;
  }

  /// x_t W_g^T + Wb_g for gate g, unit j.
  double inputPart(int64_t dir, int64_t b, int64_t t, int64_t g,
                   int64_t j) const {
    int64_t row = dir * r.gates * r.hidden + g * r.hidden + j;
    double sum =
        in[3].getAsDouble(dir * 2 * r.gates * r.hidden + g * r.hidden + j);
    for (int64_t i = 0; i < r.inputSize; ++i)
      sum += in[0].getAsDouble((t * r.batch + b) * r.inputSize + i) *
             in[1].getAsDouble(row * r.inputSize + i);
    return sum;
  }

  /// h R_g^T + Rb_g for gate g, unit j, with `h` the previous state (or a
  /// gated copy of it).
  double recurrentPart(int64_t dir, const std::vector<double> &h, int64_t g,
                       int64_t j) const {
    int64_t row = dir * r.gates * r.hidden + g * r.hidden + j;
    double sum = in[3].getAsDouble(dir * 2 * r.gates * r.hidden +
                                   (r.gates + g) * r.hidden + j);
    for (int64_t k = 0; k < r.hidden; ++k)
      sum += h[k] * in[2].getAsDouble(row * r.hidden + k);
    return sum;
  }

  void advance(int64_t dir, int64_t b, int64_t t, State &state) const {
    std::vector<double> next(r.hidden), cell(r.hidden);
    for (int64_t j = 0; j < r.hidden; ++j) {
      if (r.cell == Cell::Rnn) {
        next[j] = std::tanh(clipped(inputPart(dir, b, t, 0, j) +
                                    recurrentPart(dir, state.h, 0, j)));
      } else if (r.cell == Cell::Gru) {
        next[j] = gruUnit(dir, b, t, state.h, j);
      } else {
        lstmUnit(dir, b, t, state, j, next[j], cell[j]);
      }
    }
    state.h = next;
    if (r.cell == Cell::Lstm)
      state.c = cell;
  }

  /// GRU gates in order (z, r, h).
  double gruUnit(int64_t dir, int64_t b, int64_t t,
                 const std::vector<double> &h, int64_t j) const {
    double z = sigmoid(
        clipped(inputPart(dir, b, t, 0, j) + recurrentPart(dir, h, 0, j)));
    double candidate;
    if (r.linearBeforeReset) {
      double reset = sigmoid(
          clipped(inputPart(dir, b, t, 1, j) + recurrentPart(dir, h, 1, j)));
      candidate = std::tanh(clipped(inputPart(dir, b, t, 2, j) +
                                    reset * recurrentPart(dir, h, 2, j)));
    } else {
      // (r ⊙ h) R_h^T needs every unit's reset gate.
      std::vector<double> gated(r.hidden);
      for (int64_t k = 0; k < r.hidden; ++k)
        gated[k] = sigmoid(clipped(inputPart(dir, b, t, 1, k) +
                                   recurrentPart(dir, h, 1, k))) *
                   h[k];
      candidate = std::tanh(clipped(inputPart(dir, b, t, 2, j) +
                                    recurrentPart(dir, gated, 2, j)));
    }
    return (1 - z) * candidate + z * h[j];
  }

  /// LSTM gates in order (i, o, f, c), peepholes (i, o, f).
  void lstmUnit(int64_t dir, int64_t b, int64_t t, const State &state,
                int64_t j, double &h, double &c) const {
    auto peephole = [&](int64_t p) {
      return in[7].getAsDouble(dir * 3 * r.hidden + p * r.hidden + j);
    };
    auto pre = [&](int64_t g) {
      return inputPart(dir, b, t, g, j) + recurrentPart(dir, state.h, g, j);
    };
    double previous = state.c[j];
    double i = sigmoid(clipped(pre(0) + peephole(0) * previous));
    double f = r.inputForget
                   ? 1 - i
                   : sigmoid(clipped(pre(2) + peephole(2) * previous));
    double candidate = std::tanh(clipped(pre(3)));
    c = f * previous + i * candidate;
    double o = sigmoid(clipped(pre(1) + peephole(1) * c));
    h = o * std::tanh(c);
  }

  const Recurrence &r;
  llvm::ArrayRef<Tensor> in;
};

template <typename OpTy>
Recurrence describe(OpTy op, Cell cell, const Tensor &x) {
  Recurrence r;
  r.cell = cell;
  r.gates = cell == Cell::Rnn ? 1 : cell == Cell::Gru ? 3 : 4;
  r.seq = x.getShape()[0];
  r.batch = x.getShape()[1];
  r.inputSize = x.getShape()[2];
  r.hidden = static_cast<int64_t>(op.getHiddenSize());
  r.direction = op.getDirection().str();
  r.dirs = r.direction == "bidirectional" ? 2 : 1;
  if (auto clip = op.getClipAttr())
    r.clip = clip.getValueAsDouble();
  return r;
}

template <typename OpTy, Cell Kind>
llvm::Expected<TensorList> recurrentKernel(Operation *op,
                                           llvm::ArrayRef<Tensor> in) {
  auto recurrent = cast<OpTy>(op);
  Recurrence r = describe(recurrent, Kind, in[0]);
  if constexpr (Kind == Cell::Gru)
    r.linearBeforeReset = recurrent.getLinearBeforeReset();
  if constexpr (Kind == Cell::Lstm)
    r.inputForget = recurrent.getInputForget();
  TensorList results;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    results.push_back(allocateResult(op, i));
  RecurrentRunner(r, in).run(results[0], results[1],
                             Kind == Cell::Lstm ? &results[2] : nullptr);
  return results;
}
} // namespace

void registerRecurrentKernels(KernelRegistry &registry) {
  registry.add(cgc_op::RnnOp::getOperationName(),
               recurrentKernel<cgc_op::RnnOp, Cell::Rnn>);
  registry.add(cgc_op::GruOp::getOperationName(),
               recurrentKernel<cgc_op::GruOp, Cell::Gru>);
  registry.add(cgc_op::LstmOp::getOperationName(),
               recurrentKernel<cgc_op::LstmOp, Cell::Lstm>);
}

} // namespace opencgc::reference
