"""opencgc.InferenceSession: every public function and error (docs/api.md),
on models built here with onnx.helper, compared with numpy and with the
reference device."""
import threading

import numpy as np
import pytest

import opencgc
from models import conv_relu_model, conv_relu_reference, save


@pytest.fixture(scope="module")
def conv_model(tmp_path_factory):
    model, w, b = conv_relu_model()
    path = save(model, tmp_path_factory.mktemp("models") / "conv.onnx")
    return path, model, w, b


def random_input(shape, seed=1):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


@pytest.mark.parametrize("device", ["vulkan", "nvvm-host", "reference"])
def test_run_matches_numpy(conv_model, device):
    path, _, w, b = conv_model
    session = opencgc.InferenceSession(
        path, device=device, input_shapes={"x": [2, 3, 8, 8]})
    x = random_input((2, 3, 8, 8))
    r, z = session.run(None, {"x": x})
    expected = conv_relu_reference(x, w, b)
    assert r.dtype == np.float32 and r.shape == (2, 4, 8, 8)
    np.testing.assert_allclose(r, expected, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(z, expected + 1, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("precision,tolerance",
                         [("tf32x3", 1e-4), ("tf32", 5e-3)])
def test_tensor_core_precisions_on_nvvm_host(conv_model, precision, tolerance):
    path, _, w, b = conv_model
    session = opencgc.InferenceSession(
        path, device="nvvm-host", input_shapes={"x": [2, 3, 8, 8]},
        precision=precision)
    x = random_input((2, 3, 8, 8))
    r, _ = session.run(None, {"x": x})
    np.testing.assert_allclose(r, conv_relu_reference(x, w, b),
                               rtol=tolerance, atol=tolerance)


def test_inputs_and_outputs_as_onnxruntime_names_them(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="reference", input_shapes={"x": [1, 3, 8, 8]})
    (x,) = session.get_inputs()
    assert (x.name, x.type, list(x.shape)) == ("x", "tensor(float)", [1, 3, 8, 8])
    assert [o.name for o in session.get_outputs()] == ["r", "z"]
    assert all(o.type == "tensor(float)" for o in session.get_outputs())
    assert "NodeArg(name='x'" in repr(x)
    assert session.device == "reference"


def test_run_selects_outputs_by_name(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="reference", input_shapes={"x": [1, 3, 8, 8]})
    x = random_input((1, 3, 8, 8))
    r, z = session.run(None, {"x": x})
    (only_z,) = session.run(["z"], {"x": x})
    np.testing.assert_array_equal(only_z, z)
    z_then_r = session.run(["z", "r"], {"x": x})
    np.testing.assert_array_equal(z_then_r[1], r)


def test_run_with_timing(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], input_shapes={"x": [1, 3, 8, 8]})
    outputs, seconds = session.run_with_timing(None, {"x": random_input((1, 3, 8, 8))})
    assert len(outputs) == 2 and seconds > 0


def test_model_from_bytes_matches_model_from_file(conv_model):
    path, model, _, _ = conv_model
    x = random_input((1, 3, 8, 8))
    from_file = opencgc.InferenceSession(path, input_shapes={"x": [1, 3, 8, 8]})
    from_bytes = opencgc.InferenceSession(
        model.SerializeToString(), input_shapes={"x": [1, 3, 8, 8]})
    np.testing.assert_array_equal(from_file.run(None, {"x": x})[0],
                                  from_bytes.run(None, {"x": x})[0])


def test_devices_lists_what_device_takes():
    names = opencgc.devices()
    assert {"vulkan", "nvvm-host", "dxil-host", "reference"} <= set(names)


def test_one_session_from_eight_threads(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="nvvm-host", input_shapes={"x": [1, 3, 8, 8]})
    inputs = [random_input((1, 3, 8, 8), seed) for seed in range(8)]
    alone = [session.run(["z"], {"x": x})[0] for x in inputs]
    results = [None] * 8

    def work(index):
        for _ in range(3):
            results[index] = session.run(["z"], {"x": inputs[index]})[0]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for got, expected in zip(results, alone):
        np.testing.assert_array_equal(got, expected)


def test_outputs_outlive_the_session(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="reference", input_shapes={"x": [1, 3, 8, 8]})
    x = random_input((1, 3, 8, 8))
    r = session.run(["r"], {"x": x})[0]
    expected = r.copy()
    del session
    np.testing.assert_array_equal(r, expected)


def test_non_contiguous_input_is_read_as_its_values(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="reference", input_shapes={"x": [1, 3, 8, 8]})
    wide = random_input((1, 3, 8, 16))
    strided = wide[:, :, :, ::2]
    assert not strided.flags["C_CONTIGUOUS"]
    np.testing.assert_array_equal(
        session.run(["r"], {"x": strided})[0],
        session.run(["r"], {"x": np.ascontiguousarray(strided)})[0])


# Errors: each an opencgc.Error naming the problem, never a crash.

def expect_error(pattern, call):
    with pytest.raises(opencgc.Error, match=pattern):
        call()


def test_error_for_a_missing_file(tmp_path):
    expect_error("missing.onnx",
                 lambda: opencgc.InferenceSession(str(tmp_path / "missing.onnx")))


def test_error_for_bytes_that_are_no_model():
    expect_error("onnx|ONNX|parse",
                 lambda: opencgc.InferenceSession(b"not a model"))


def test_error_for_an_unknown_device(conv_model):
    expect_error("unknown device 'gpu'",
                 lambda: opencgc.InferenceSession(conv_model[0], device="gpu"))


def test_error_for_a_kernel_target_the_device_does_not_read(conv_model):
    expect_error("kernel_target configures the kernels of cuda and nvvm-host",
                 lambda: opencgc.InferenceSession(
                     conv_model[0], device="reference", kernel_target="lavapipe"))


def test_error_for_an_unknown_kernel_target(conv_model):
    expect_error("unknown kernel target 'sm90'",
                 lambda: opencgc.InferenceSession(
                     conv_model[0], device="nvvm-host", kernel_target="sm90"))


def test_error_for_a_precision_the_device_does_not_have(conv_model):
    expect_error("precision tf32 uses the tensor cores of cuda and nvvm-host",
                 lambda: opencgc.InferenceSession(
                     conv_model[0], device="reference", precision="tf32"))


def test_error_for_an_unknown_precision(conv_model):
    expect_error("unknown precision 'fp16'",
                 lambda: opencgc.InferenceSession(
                     conv_model[0], device="nvvm-host", precision="fp16"))


def test_error_for_a_shape_the_model_does_not_declare(conv_model):
    expect_error("x",
                 lambda: opencgc.InferenceSession(
                     conv_model[0], input_shapes={"x": [1, 5, 8, 8]}))


@pytest.fixture(scope="module")
def session(conv_model):
    return opencgc.InferenceSession(
        conv_model[0], device="reference", input_shapes={"x": [1, 3, 8, 8]})


def test_error_for_a_missing_input(session):
    expect_error("input 'x' is missing", lambda: session.run(None, {}))


def test_error_for_an_unknown_input(session):
    expect_error("no input named 'y'", lambda: session.run(
        None, {"x": random_input((1, 3, 8, 8)), "y": random_input((1,))}))


def test_error_for_an_unknown_output(session):
    expect_error("no output named 'q'",
                 lambda: session.run(["q"], {"x": random_input((1, 3, 8, 8))}))


def test_error_for_a_wrong_shape(session):
    expect_error("input 'x' is float32 1x3x4x4 but the model expects float32 1x3x8x8",
                 lambda: session.run(None, {"x": random_input((1, 3, 4, 4))}))


def test_error_for_a_wrong_element_type(session):
    expect_error("input 'x' is float64",
                 lambda: session.run(None, {"x": np.zeros((1, 3, 8, 8))}))


def test_error_for_an_element_type_opencgc_lacks(session):
    expect_error("numpy dtype complex64",
                 lambda: session.run(None, {"x": np.zeros((1, 3, 8, 8), np.complex64)}))


def test_error_for_an_input_that_is_no_array(session):
    expect_error("input 'x'", lambda: session.run(None, {"x": "text"}))


def test_error_for_a_wrong_shape_on_a_device(conv_model):
    session = opencgc.InferenceSession(
        conv_model[0], device="nvvm-host", input_shapes={"x": [1, 3, 8, 8]})
    expect_error("input 'x' is float32 1x3x4x4 but the program expects float32 1x3x8x8",
                 lambda: session.run(None, {"x": random_input((1, 3, 4, 4))}))


# Ahead of time: import and compile, then load what they wrote.

def test_compile_then_load_the_directory(conv_model, tmp_path):
    path, _, w, b = conv_model
    out = opencgc.compile(path, str(tmp_path / "compiled"), target="vulkan",
                          input_shapes={"x": [1, 3, 8, 8]})
    assert (tmp_path / "compiled" / "output.cgc").exists()
    assert (tmp_path / "compiled" / "plan.json").exists()
    session = opencgc.InferenceSession(out, device="vulkan")
    x = random_input((1, 3, 8, 8))
    np.testing.assert_allclose(session.run(["r"], {"x": x})[0],
                               conv_relu_reference(x, w, b), rtol=1e-4, atol=1e-5)


def test_import_onnx_then_load_the_input_ir(conv_model, tmp_path):
    path, _, w, b = conv_model
    mlir = opencgc.import_onnx(path, str(tmp_path / "conv.mlir"),
                               input_shapes={"x": [1, 3, 8, 8]})
    assert (tmp_path / "conv.cgcw").exists()
    assert "cgc.entry_point" in (tmp_path / "conv.mlir").read_text()
    session = opencgc.InferenceSession(mlir, device="reference")
    x = random_input((1, 3, 8, 8))
    np.testing.assert_allclose(session.run(["r"], {"x": x})[0],
                               conv_relu_reference(x, w, b), rtol=1e-4, atol=1e-5)


def test_error_for_an_unknown_compile_target(conv_model, tmp_path):
    expect_error("unknown target 'gpu'",
                 lambda: opencgc.compile(conv_model[0], str(tmp_path / "c"), target="gpu",
                                         input_shapes={"x": [1, 3, 8, 8]}))


def test_error_for_an_import_to_an_unknown_form(conv_model, tmp_path):
    expect_error("use a .mlir, .mlirbc or .cgc extension",
                 lambda: opencgc.import_onnx(conv_model[0], str(tmp_path / "conv.txt")))


def test_cache_dir_keeps_the_compiled_partitions_there(conv_model, tmp_path):
    cache = tmp_path / "cache"
    for _ in range(2):  # the second session reads what the first wrote
        session = opencgc.InferenceSession(
            conv_model[0], device="vulkan", cache_dir=str(cache),
            input_shapes={"x": [1, 3, 8, 8]})
        session.run(None, {"x": random_input((1, 3, 8, 8))})
    assert any(path.is_file() for path in cache.rglob("*"))
    empty = tmp_path / "unused"
    opencgc.InferenceSession(conv_model[0], device="vulkan", cache=False,
                             cache_dir=str(empty), input_shapes={"x": [1, 3, 8, 8]})
    assert not empty.exists()


def test_device_status_says_what_this_machine_has():
    status = opencgc.device_status()
    assert set(status) == set(opencgc.devices())
    # Neither needs anything of the machine.
    assert status["reference"] == "available"
    assert status["nvvm-host"] == "available"
    available = opencgc.devices(available=True)
    assert available == [name for name in opencgc.devices()
                         if status[name] == "available"]
    for name, state in status.items():
        assert state == "available" or len(state) > 10, (name, state)


def test_run_takes_onnxruntimes_run_options_only_as_none(session):
    x = random_input((1, 3, 8, 8))
    np.testing.assert_array_equal(session.run(None, {"x": x}, None)[0],
                                  session.run(None, {"x": x})[0])
    expect_error("run_options are onnxruntime's",
                 lambda: session.run(None, {"x": x}, {"log_severity_level": 3}))
