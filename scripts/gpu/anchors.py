"""PyTorch anchors for opencgc's GPU figures (issue 27), measured on the same
GPU in the same run as opencgc's (scripts/gpu/check.sh):

- torchvision's ResNet-50, MobileNetV2, SqueezeNet 1.1 and DenseNet-121 at
  batch 1, float32, 224x224: eager (cuDNN, TF32 off) and replayed from a
  CUDA graph;
- torch.matmul of two N x N float32 matrices (cuBLAS), N = 1024 and 4096,
  with TF32 off and on.

Each figure is the median of --runs timed runs after warm-up, timed with
CUDA events, one line each:

    python3 anchors.py [--runs N]

Random weights: the architectures are opencgc-make-models' (the same
shapes), and speed does not depend on the values."""
import argparse
import statistics

import torch


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


if __name__ == "__main__":
    main()
