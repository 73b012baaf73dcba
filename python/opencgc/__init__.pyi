"""Type stubs for opencgc (docs/api.md)."""
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy

class Error(RuntimeError):
    """Every opencgc failure: a bad model, device, input name or shape."""

class NodeArg:
    """A model input or output, as onnxruntime's NodeArg."""
    name: str
    type: str  # "tensor(float)", "tensor(int64)", ...
    shape: List[int]

class InferenceSession:
    def __init__(
        self,
        path_or_bytes: Union[str, bytes],
        device: str = "",
        input_shapes: Dict[str, Sequence[int]] = {},
        cache: bool = True,
        cache_dir: str = "",
        kernel_target: str = "",
        weights: str = "",
        precision: str = "fp32",  # "tf32", "tf32x3": cuda and nvvm-host
    ) -> None: ...
    def get_inputs(self) -> List[NodeArg]: ...
    def get_outputs(self) -> List[NodeArg]: ...
    @property
    def device(self) -> str: ...
    @property
    def fallback_note(self) -> str: ...
    def run(
        self,
        output_names: Optional[Sequence[str]],
        input_feed: Dict[str, numpy.ndarray],
        run_options: None = None,
    ) -> List[numpy.ndarray]: ...
    def run_with_timing(
        self,
        output_names: Optional[Sequence[str]],
        input_feed: Dict[str, numpy.ndarray],
    ) -> Tuple[List[numpy.ndarray], float]: ...

def devices(available: bool = False) -> List[str]: ...
def device_status() -> Dict[str, str]: ...
def compile(
    model: str,
    out_dir: str,
    target: str = "",
    input_shapes: Dict[str, Sequence[int]] = {},
    weights: str = "",
) -> str: ...
def import_onnx(
    model: str, output: str, input_shapes: Dict[str, Sequence[int]] = {}
) -> str: ...
