# lit configuration for opencgc: IR in, IR out, checked with FileCheck.
import os
import sys

import lit.formats

config.name = "opencgc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.opencgc_obj_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.opencgc_tools_dir, config.llvm_tools_dir,
     config.environment.get("PATH", "")])

config.substitutions.append(("%examples",
                             os.path.join(config.opencgc_src_root, "examples")))
config.substitutions.append(("%docs",
                             os.path.join(config.opencgc_src_root, "docs")))
config.substitutions.append(("%shared", config.shared_dir))
config.substitutions.append(("%onnxdata", config.onnx_testdata_dir))
config.substitutions.append(("%python", sys.executable))

# 'cuda-driver' where the NVIDIA driver's libcuda.so.1 loads, so tests of
# --device cuda's no-driver error run only where that is the case.
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
