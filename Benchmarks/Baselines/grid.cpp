// The C++ baseline for the band workload (docs/Benchmarks.md): a
// straightforward incremental uniform grid, written for PointerSim as the
// yardstick its band engine is measured against (Tools/compare-bench.sh).
//
// Items: four float edges each (exact for this workload). Grid: cells of
// side max(mean item side, sqrt(area / n)), each item registered in every
// cell it touches, compressed (CSR) by a counting sort. Update: for each band
// edge that moved, visit the cells of the strip it swept (across both bands'
// extent on the other axis), re-test their items (an item in several cells
// is re-tested idempotently) and apply the mode. Selection state: a
// byte per item plus a count, as the workload describes.
//
// Build: g++ -O2 -std=c++17 -o grid grid.cpp
// Run:   ./grid N MODE    (MODE: replace, add, toggle, addSticky)
// Prints one JSON object like `pointersim bench band --json`.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using Clock = std::chrono::steady_clock;

static uint64_t splitmix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

struct Band { double x0, y0, x1, y1; };

static Band band(int64_t k, int64_t n) {
    int64_t rows = (n + 79) / 80, h = 40 * rows - 10;
    auto tri = [](int64_t u, int64_t p) { return std::llabs(2 * (u % p) - p); };
    int64_t g = k <= 1000 ? 2 * k : 3000 - k;
    int64_t ax = 950 + (100 * tri(k, 150)) / 150, ay = 950 + (100 * tri(k + 27, 110)) / 110;
    int64_t dx = 4000 / 2 - 5, dy = h / 2 - 5;
    int64_t x = 5 + (dx * g * ax) / (2000 * 1000), y = 5 + (dy * g * ay) / (2000 * 1000);
    return {5, 5, double(x) + 0.5, double(y) + 0.5};
}

int main(int argc, char** argv) {
    if (argc < 3) { std::fprintf(stderr, "usage: grid N MODE\n"); return 64; }
    const int64_t n = std::atoll(argv[1]);
    const std::string mode = argv[2];
    if (n <= 0 || (mode != "replace" && mode != "add" && mode != "toggle" && mode != "addSticky")) { std::fprintf(stderr, "bad arguments\n"); return 64; }

    auto t0 = Clock::now();
    std::vector<float> ix0(n), iy0(n), ix1(n), iy1(n);
    double bx0 = 1e300, by0 = 1e300, bx1 = -1e300, by1 = -1e300, sumSide = 0;
    for (int64_t id = 0; id < n; id++) {
        float x = float(50 * (id % 80)), y = float(40 * (id / 80));
        ix0[id] = x; iy0[id] = y; ix1[id] = x + 40; iy1[id] = y + 30;
        bx0 = std::min(bx0, double(ix0[id])); by0 = std::min(by0, double(iy0[id]));
        bx1 = std::max(bx1, double(ix1[id])); by1 = std::max(by1, double(iy1[id]));
        sumSide += std::max(ix1[id] - ix0[id], iy1[id] - iy0[id]);
    }
    const double w = std::max(bx1 - bx0, 1.0), h = std::max(by1 - by0, 1.0);
    const double side = std::max(sumSide / double(n), std::sqrt(w * h / double(n)));
    const int cols = std::max(1, int(w / side)), rows = std::max(1, int(h / side));
    const double sx = cols / w, sy = rows / h;
    auto col = [&](double v) { return std::clamp(int((v - bx0) * sx), 0, cols - 1); };
    auto row = [&](double v) { return std::clamp(int((v - by0) * sy), 0, rows - 1); };
    std::vector<int32_t> start(size_t(cols) * rows + 1, 0);
    for (int64_t i = 0; i < n; i++)
        for (int r = row(iy0[i]); r <= row(iy1[i]); r++)
            for (int c = col(ix0[i]); c <= col(ix1[i]); c++) start[size_t(r) * cols + c + 1]++;
    for (size_t c = 0; c + 1 < start.size(); c++) start[c + 1] += start[c];
    std::vector<int32_t> items(start.back()), fill(start.begin(), start.end() - 1);
    for (int64_t i = 0; i < n; i++)
        for (int r = row(iy0[i]); r <= row(iy1[i]); r++)
            for (int c = col(ix0[i]); c <= col(ix1[i]); c++) items[fill[size_t(r) * cols + c]++] = int32_t(i);
    std::vector<int32_t>().swap(fill);
    const int64_t buildNs = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count();

    // Per item: bit 0 selected, 1 in the band, 2 ever hit, 3 initially selected.
    std::vector<uint8_t> state(n, 0);
    int64_t count = 0;
    if (mode != "replace")
        for (int64_t i = 0; i < n; i += 7) { state[i] = 1 | 8; count++; }
    auto apply = [&](int64_t i, bool now) {
        uint8_t s = state[i];
        if (bool(s & 2) == now) return;
        s = now ? (s | 2 | 4) : (s & ~2);
        bool start = s & 8, ever = s & 4, sel;
        if (mode == "replace") sel = now;
        else if (mode == "add") sel = start || now;
        else if (mode == "toggle") sel = start != now;
        else sel = start || ever;
        if (sel != bool(s & 1)) { count += sel ? 1 : -1; s = sel ? (s | 1) : (s & ~1); }
        state[i] = s;
    };

    std::vector<int64_t> samples;
    std::string checkpoints;
    Band old{0, 0, 0, 0};
    bool first = true;
    for (int64_t k = 1; k <= 2000; k++) {
        Band b = band(k, n);
        auto s = Clock::now();
        // The first band: its cells. Then, for each band edge that moved, the
        // cells of the strip it swept (across both bands' extent on the other
        // axis): only items with an edge in such a strip can change.
        auto visit = [&](double x0, double y0, double x1, double y1) {
            for (int r = row(y0); r <= row(y1); r++)
                for (int c = col(x0); c <= col(x1); c++) {
                    size_t cell = size_t(r) * cols + c;
                    for (int32_t p = start[cell]; p < start[cell + 1]; p++) {
                        int32_t i = items[p];
                        bool now = std::max(b.x0, double(ix0[i])) < std::min(b.x1, double(ix1[i])) &&
                                   std::max(b.y0, double(iy0[i])) < std::min(b.y1, double(iy1[i]));
                        apply(i, now);
                    }
                }
        };
        if (first) {
            visit(b.x0, b.y0, b.x1, b.y1);
        } else {
            double ux0 = std::min(old.x0, b.x0), uy0 = std::min(old.y0, b.y0);
            double ux1 = std::max(old.x1, b.x1), uy1 = std::max(old.y1, b.y1);
            if (old.x0 != b.x0) visit(std::min(old.x0, b.x0), uy0, std::max(old.x0, b.x0), uy1);
            if (old.x1 != b.x1) visit(std::min(old.x1, b.x1), uy0, std::max(old.x1, b.x1), uy1);
            if (old.y0 != b.y0) visit(ux0, std::min(old.y0, b.y0), ux1, std::max(old.y0, b.y0));
            if (old.y1 != b.y1) visit(ux0, std::min(old.y1, b.y1), ux1, std::max(old.y1, b.y1));
        }
        samples.push_back(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - s).count());
        old = b; first = false;
        if (k == 40 || k == 250 || k == 500 || k == 1000 || k == 1500 || k == 2000) {
            uint64_t sum = 0;
            for (int64_t i = 0; i < n; i++) if (state[i] & 1) sum += splitmix64(uint64_t(i));
            char buf[128];
            std::snprintf(buf, sizeof buf, "%s{\"k\":%lld,\"count\":%lld,\"sum\":\"%016llx\"}", checkpoints.empty() ? "" : ",",
                          (long long)k, (long long)count, (unsigned long long)sum);
            checkpoints += buf;
        }
    }
    std::vector<int64_t> sorted = samples;
    std::sort(sorted.begin(), sorted.end());
    auto rank = [&](double q) { size_t r = size_t(std::ceil(q * sorted.size())); return sorted[std::max<size_t>(1, r) - 1]; };
    std::printf("{\"items\":%lld,\"mode\":\"%s\",\"stride\":1,\"checkpoints\":[%s],\"build_ns\":%lld,\"median_ns\":%lld,\"p99_ns\":%lld}\n",
                (long long)n, mode.c_str(), checkpoints.c_str(), (long long)buildNs, (long long)rank(0.5), (long long)rank(0.99));
    return 0;
}
