//===- MemoryPlanSvg.cpp - A picture of a memory plan ---------------------===//
//
// Hand-written SVG so the picture needs no Graphviz. Each location gets its
// own y scale: an output buffer of a few bytes next to megabytes of scratch
// would otherwise be invisible.
//
//===----------------------------------------------------------------------===//
#include "opencgc/Visualize/MemoryPlanSvg.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace opencgc::visualize {
namespace {
constexpr double kLeft = 110, kRight = 30, kTop = 60;
constexpr double kMinPlotWidth = 480, kStepWidth = 90;
constexpr double kPanelTitle = 28, kPanelHeight = 200, kPanelAxis = 40;
constexpr const char *kPalette[] = {"#66bbff", "#bbff66", "#ffcc66", "#ff99cc",
                                    "#66ffff", "#cc99ff", "#ffff66", "#99ddaa"};

std::string escape(StringRef text) {
  std::string result;
  raw_string_ostream os(result);
  printHTMLEscaped(text, os);
  return result;
}

/// Coordinates with at most two decimals and no trailing zeros.
std::string number(double value) {
  std::string text = formatv("{0:F2}", value).str();
  while (text.back() == '0')
    text.pop_back();
  if (text.back() == '.')
    text.pop_back();
  return text;
}

struct Location {
  std::string name;
  uint64_t capacity = 0;
  std::vector<const PlannedBuffer *> buffers;
};

/// Scratch first (its size comes from the plan when given), then borrowed
/// outputs in name order.
std::vector<Location> groupByLocation(const MemoryPlan &plan) {
  std::map<std::string, Location> others;
  Location scratch{"scratch", plan.scratchBytes.value_or(0), {}};
  for (const PlannedBuffer &buffer : plan.buffers) {
    Location &location =
        buffer.location == "scratch" ? scratch : others[buffer.location];
    location.name = buffer.location;
    location.capacity =
        std::max(location.capacity, buffer.offset + buffer.bytes);
    location.buffers.push_back(&buffer);
  }
  std::vector<Location> result;
  if (!scratch.buffers.empty() || scratch.capacity)
    result.push_back(std::move(scratch));
  for (auto &[name, location] : others)
    result.push_back(std::move(location));
  return result;
}

uint64_t countSteps(const MemoryPlan &plan) {
  uint64_t steps = plan.steps.size();
  for (const PlannedBuffer &buffer : plan.buffers)
    steps = std::max(steps, buffer.lastStep + 1);
  return std::max<uint64_t>(steps, 1);
}

std::string caption(const MemoryPlan &plan) {
  std::vector<std::string> parts;
  auto add = [&](StringRef what, const std::optional<uint64_t> &bytes) {
    if (bytes)
      parts.push_back((what + " " + formatBytes(*bytes)).str());
  };
  add("scratch", plan.scratchBytes);
  add("naive", plan.naiveBytes);
  add("lower bound", plan.lowerBoundBytes);
  add("peak live", plan.peakLiveBytes);
  add("alignment", plan.alignment);
  return join(parts, " \u00b7 ");
}

class SvgPainter {
public:
  SvgPainter(const MemoryPlan &plan, raw_ostream &os)
      : plan(plan), os(os), steps(countSteps(plan)),
        stepWidth(std::max(kStepWidth, kMinPlotWidth / steps)),
        locations(groupByLocation(plan)) {}

  void paint() {
    double width = kLeft + steps * stepWidth + kRight;
    double height = kTop + std::max<size_t>(locations.size(), 1) *
                               (kPanelTitle + kPanelHeight + kPanelAxis);
    os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << number(width)
       << "\" height=\"" << number(height)
       << "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n";
    os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    paintCaption();
    double top = kTop;
    for (const Location &location : locations) {
      paintPanel(location, top);
      top += kPanelTitle + kPanelHeight + kPanelAxis;
    }
    if (locations.empty())
      os << "<text x=\"" << number(kLeft) << "\" y=\"" << number(kTop + 20)
         << "\">no buffers are planned</text>\n";
    os << "</svg>\n";
  }

private:
  void paintCaption() {
    std::string title = "Memory plan";
    if (!plan.program.empty())
      title += " of @" + plan.program;
    if (!plan.target.empty())
      title += " (target " + plan.target +
               (plan.partitioning.empty()
                    ? ""
                    : ", " + plan.partitioning + " partitioning") +
               ")";
    os << "<text class=\"title\" x=\"10\" y=\"22\" font-size=\"15\" "
          "font-weight=\"bold\">"
       << escape(title) << "</text>\n";
    os << "<text class=\"caption\" x=\"10\" y=\"42\">" << escape(caption(plan))
       << "</text>\n";
  }

  void paintPanel(const Location &location, double top) {
    double plotTop = top + kPanelTitle;
    double plotWidth = steps * stepWidth;
    os << "<g class=\"location\" data-location=\"" << escape(location.name)
       << "\">\n";
    os << "<text x=\"" << number(kLeft) << "\" y=\"" << number(top + 18)
       << "\" font-weight=\"bold\">" << escape(location.name) << " ("
       << formatBytes(location.capacity) << ")</text>\n";
    os << "<rect class=\"lane\" x=\"" << number(kLeft) << "\" y=\""
       << number(plotTop) << "\" width=\"" << number(plotWidth)
       << "\" height=\"" << number(kPanelHeight)
       << "\" fill=\"#f4f4f4\" stroke=\"#999999\"/>\n";
    paintStepAxis(plotTop + kPanelHeight);
    paintOffsetAxis(location.capacity, plotTop);
    for (const PlannedBuffer *buffer : location.buffers)
      paintBuffer(*buffer, location.capacity, plotTop);
    os << "</g>\n";
  }

  void paintStepAxis(double y) {
    for (uint64_t step = 0; step < steps; ++step) {
      double x = kLeft + step * stepWidth;
      os << "<line x1=\"" << number(x) << "\" y1=\"" << number(y - kPanelHeight)
         << "\" x2=\"" << number(x) << "\" y2=\"" << number(y)
         << "\" stroke=\"#dddddd\"/>\n";
      os << "<text x=\"" << number(x + stepWidth / 2) << "\" y=\""
         << number(y + 16) << "\" text-anchor=\"middle\">step " << step;
      if (step < plan.steps.size() && !plan.steps[step].partition.empty())
        os << "<title>" << escape(plan.steps[step].partition) << " / "
           << escape(plan.steps[step].subgraph) << "</title>";
      os << "</text>\n";
    }
  }

  void paintOffsetAxis(uint64_t capacity, double plotTop) {
    for (double fraction : {0.0, 0.5, 1.0}) {
      double y = plotTop + fraction * kPanelHeight;
      os << "<text x=\"" << number(kLeft - 6) << "\" y=\"" << number(y + 4)
         << "\" text-anchor=\"end\">"
         << formatBytes(static_cast<uint64_t>(fraction * capacity))
         << "</text>\n";
    }
  }

  void paintBuffer(const PlannedBuffer &buffer, uint64_t capacity,
                   double plotTop) {
    double scale = capacity ? kPanelHeight / capacity : 0;
    double x = kLeft + buffer.firstStep * stepWidth;
    double width = (buffer.lastStep - buffer.firstStep + 1) * stepWidth;
    double y = plotTop + buffer.offset * scale;
    double height = std::max(1.0, buffer.bytes * scale);
    const char *fill = kPalette[colorIndex++ % std::size(kPalette)];
    std::string label = buffer.name + " (" + formatBytes(buffer.bytes) + ")";
    os << "<g class=\"buffer\"><title>" << escape(buffer.name) << ": "
       << formatBytes(buffer.bytes) << " at offset " << buffer.offset
       << ", steps " << buffer.firstStep << "-" << buffer.lastStep
       << "</title>\n";
    os << "<rect x=\"" << number(x) << "\" y=\"" << number(y) << "\" width=\""
       << number(width) << "\" height=\"" << number(height) << "\" fill=\""
       << fill << "\" stroke=\"#333333\"/>\n";
    // Slivers too thin for text keep only their tooltip; a nested <svg>
    // clips labels longer than their rectangle.
    if (height >= 14)
      os << "<svg x=\"" << number(x) << "\" y=\"" << number(y) << "\" width=\""
         << number(width) << "\" height=\"" << number(height)
         << "\"><text x=\"4\" y=\"" << number(std::min(height / 2 + 4, 16.0))
         << "\">" << escape(label) << "</text></svg>\n";
    os << "</g>\n";
  }

  const MemoryPlan &plan;
  raw_ostream &os;
  uint64_t steps;
  double stepWidth;
  std::vector<Location> locations;
  size_t colorIndex = 0;
};
} // namespace

std::string formatBytes(uint64_t bytes) {
  if (bytes < 1024)
    return std::to_string(bytes) + " B";
  static constexpr const char *kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  double value = bytes / 1024.0;
  size_t unit = 0;
  for (; value >= 1024 && unit + 1 < std::size(kUnits); ++unit)
    value /= 1024;
  return formatv("{0:F1} {1}", value, kUnits[unit]).str();
}

void writeMemoryPlanSvg(const MemoryPlan &plan, raw_ostream &os) {
  SvgPainter(plan, os).paint();
}

} // namespace opencgc::visualize
