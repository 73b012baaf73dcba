"""PyTorch anchors for opencgc's GPU figures (issue 27), measured on the same
GPU in the same run as opencgc's (scripts/gpu/check.sh):

- torchvision's ResNet-50, MobileNetV2, SqueezeNet 1.1 and DenseNet-121 at
  batch 1, float32, 224x224: eager (cuDNN, TF32 off) and replayed from a
  CUDA graph;
- torch.matmul of two N x N float32 matrices (cuBLAS), N = 1024 and 4096,
  with TF32 off and on;
- the transformers of issue 29 at opencgc-make-models' shapes, eager and
  from a CUDA graph: BERT-base (nn.TransformerEncoder, 12 post-LN layers,
  128 tokens, the last 16 padding), GPT-2 small (pre-LN blocks with
  F.scaled_dot_product_attention: a causal prefill of 128 tokens with the
  language-model head over every position, and one decode step after 128
  cached keys/values) and ViT-B/16 (torchvision's vit_b_16, 224x224).

Each figure is the median of --runs timed runs after warm-up, timed with
CUDA events, one line each:

    python3 anchors.py [--runs N]

Random weights: the architectures are opencgc-make-models' (the same
shapes), and speed does not depend on the values."""
import argparse
import statistics

import torch
import torch.nn as nn
import torch.nn.functional as F


def time_ms(step, runs):
    """Median milliseconds of step() over `runs` runs, after 3 untimed."""
    for _ in range(3):
        step()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        step()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def graphed(model, x):
    """model(x) captured once into a CUDA graph; returns its replay."""
    static_x = x.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):  # cuDNN picks its algorithms before capture
            model(static_x)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        model(static_x)
    return graph.replay


def graphed_call(step):
    """step() (its inputs fixed tensors) captured into a CUDA graph."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        step()
    return graph.replay


class Bert(nn.Module):
    """BERT-base: embeddings (word, position, token type) and LayerNorm, then
    12 post-LN encoder layers (768 wide, 12 heads, GELU MLP of 3072)."""

    def __init__(self):
        super().__init__()
        self.words = nn.Embedding(30522, 768)
        self.positions = nn.Embedding(512, 768)
        self.types = nn.Embedding(2, 768)
        self.norm = nn.LayerNorm(768, eps=1e-12)
        layer = nn.TransformerEncoderLayer(768, 12, 3072, dropout=0.0,
                                           activation="gelu",
                                           layer_norm_eps=1e-12,
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 12,
                                             enable_nested_tensor=False)

    def forward(self, ids, padding):
        positions = torch.arange(ids.shape[1], device=ids.device)
        x = self.norm(self.words(ids) + self.positions(positions) +
                      self.types(torch.zeros_like(ids)))
        return self.encoder(x, src_key_padding_mask=padding)


class Gpt2Block(nn.Module):
    """GPT-2's pre-LN block: causal self-attention (12 heads of 64), then the
    tanh-GELU MLP; with `past` (keys, values) the new ones are appended."""

    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = nn.LayerNorm(768), nn.LayerNorm(768)
        self.qkv, self.proj = nn.Linear(768, 3 * 768), nn.Linear(768, 768)
        self.fc, self.out = nn.Linear(768, 3072), nn.Linear(3072, 768)

    def forward(self, x, past):
        batch, tokens, _ = x.shape

        def heads(y):
            return y.view(batch, tokens, 12, 64).transpose(1, 2)

        q, k, v = (heads(y) for y in self.qkv(self.ln1(x)).split(768, dim=2))
        if past is not None:
            k = torch.cat([past[0], k], dim=2)
            v = torch.cat([past[1], v], dim=2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=past is None)
        x = x + self.proj(y.transpose(1, 2).reshape(batch, tokens, 768))
        x = x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))
        return x, (k, v)


class Gpt2(nn.Module):
    """GPT-2 small: 12 blocks, the final LayerNorm and the tied head."""

    def __init__(self):
        super().__init__()
        self.words = nn.Embedding(50257, 768)
        self.positions = nn.Embedding(1024, 768)
        self.blocks = nn.ModuleList(Gpt2Block() for _ in range(12))
        self.norm = nn.LayerNorm(768)

    def forward(self, ids, past=None):
        start = 0 if past is None else past[0][0].shape[2]
        positions = torch.arange(start, start + ids.shape[1], device=ids.device)
        x = self.words(ids) + self.positions(positions)
        present = []
        for index, block in enumerate(self.blocks):
            x, cache = block(x, None if past is None else past[index])
            present.append(cache)
        return self.norm(x) @ self.words.weight.t(), present


def time_transformer(name, step, runs):
    """One line: step() eager and replayed from a CUDA graph; a failure
    (a capture PyTorch refuses) is printed in its place."""
    timings = []
    for label, context, timed in (
            ("eager", torch.inference_mode, lambda: step),
            ("CUDA graph", torch.no_grad, lambda: graphed_call(step))):
        try:
            with context():
                timings.append(f"{label} {time_ms(timed(), runs):.3f} ms")
        except RuntimeError as error:
            timings.append(f"{label} failed ({str(error).splitlines()[0]})")
    print(f"pytorch {name} fp32 (TF32 off): {', '.join(timings)}")


def transformer_anchors(runs):
    ids = torch.randint(0, 30000, (1, 128), device="cuda")
    padding = torch.zeros(1, 128, dtype=torch.bool, device="cuda")
    padding[:, -16:] = True
    bert = Bert().cuda().eval()
    time_transformer("bert", lambda: bert(ids, padding), runs)
    del bert
    gpt2 = Gpt2().cuda().eval()
    time_transformer("gpt2 (prefill 128)", lambda: gpt2(ids), runs)
    token = ids[:, :1].clone()
    past = [(torch.rand(1, 12, 128, 64, device="cuda"),
             torch.rand(1, 12, 128, 64, device="cuda")) for _ in range(12)]
    time_transformer("gpt2-decode (1 token after 128)",
                     lambda: gpt2(token, past), runs)
    del gpt2
    try:
        import torchvision.models as models
    except ImportError as error:
        print(f"torchvision missing ({error}): no ViT anchor")
        return
    vit = models.vit_b_16(weights=None).cuda().eval()
    x = torch.rand(1, 3, 224, 224, device="cuda")
    time_transformer("vit", lambda: vit(x), runs)
    del vit
    torch.cuda.empty_cache()


def cnn_anchors(runs):
    try:
        import torchvision.models as models
    except ImportError as error:
        print(f"torchvision missing ({error}): no CNN anchors")
        return
    networks = {
        "resnet50": models.resnet50,
        "mobilenetv2": models.mobilenet_v2,
        "squeezenet": models.squeezenet1_1,
        "densenet121": models.densenet121,
    }
    x = torch.rand(1, 3, 224, 224, device="cuda")
    for name, make in networks.items():
        model = make(weights=None).cuda().eval()
        with torch.inference_mode():
            eager = time_ms(lambda: model(x), runs)
        with torch.no_grad():
            replay = graphed(model, x)
            graph = time_ms(replay, runs)
        print(f"pytorch {name} fp32 (TF32 off): eager {eager:.3f} ms, "
              f"CUDA graph {graph:.3f} ms")
        del model
        torch.cuda.empty_cache()


def gemm_anchors(runs):
    for size in (1024, 4096):
        a = torch.rand(size, size, device="cuda")
        b = torch.rand(size, size, device="cuda")
        for tf32 in (False, True):
            torch.backends.cuda.matmul.allow_tf32 = tf32
            ms = time_ms(lambda: torch.matmul(a, b), runs)
            tflops = 2 * size**3 / (ms * 1e-3) / 1e12
            print(f"cublas gemm {size}^3 {'tf32' if tf32 else 'fp32'}: "
                  f"{ms:.3f} ms, {tflops:.1f} TFLOP/s")
    torch.backends.cuda.matmul.allow_tf32 = False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs
    # ONNX semantics: float32 stays float32 (TF32 only where named).
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    print(f"torch {torch.__version__} on {torch.cuda.get_device_name()}")
    gemm_anchors(runs)
    cnn_anchors(runs)
    transformer_anchors(runs)


if __name__ == "__main__":
    main()
