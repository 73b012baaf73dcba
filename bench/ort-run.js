// ort-run.js MODEL INPUTS OUTPUT.npy ITERATIONS ORT_PATH
//
// Runs MODEL on ONNX Runtime (CPU, 2 threads, all graph optimizations) with
// INPUTS bound: a float32 or int64 .npy file for the model's first input,
// or NAME=FILE.npy,... by name (a transformer's ids and mask). Writes its
// first output to OUTPUT.npy and prints "median MS" over ITERATIONS timed
// runs after one warm-up. Used by compare-ort.sh.
'use strict';
const fs = require('fs');

function readNpy(path) {
  const data = fs.readFileSync(path);
  const headerLength = data.readUInt16LE(8);
  const header = data.toString('latin1', 10, 10 + headerLength);
  const type = header.includes("'<f4'") ? 'float32'
      : header.includes("'<i8'") ? 'int64' : null;
  if (!type)
    throw new Error(`${path}: neither a float32 nor an int64 .npy`);
  const shape = header.match(/\(([^)]*)\)/)[1].split(',')
      .map((s) => s.trim()).filter((s) => s.length).map(Number);
  const body = data.subarray(10 + headerLength);
  const bytes = body.buffer.slice(body.byteOffset,
                                  body.byteOffset + body.length);
  const values = type === 'float32' ? new Float32Array(bytes)
                                    : new BigInt64Array(bytes);
  return {type, shape, values};
}

/// The feeds of INPUTS: one file for the first input, or NAME=FILE,...
function readFeeds(ort, session, inputs) {
  const feeds = {};
  for (const entry of inputs.split(',')) {
    const [name, path] = entry.includes('=') ? entry.split('=')
                                             : [session.inputNames[0], entry];
    const input = readNpy(path);
    feeds[name] = new ort.Tensor(input.type, input.values, input.shape);
  }
  return feeds;
}

function writeNpy(path, shape, values) {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${
      shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  // The header is padded with spaces to a multiple of 64 bytes, then '\n'.
  const total = Math.ceil((10 + header.length + 1) / 64) * 64;
  header = header.padEnd(total - 10 - 1, ' ') + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix.writeUInt8(1, 6);
  prefix.writeUInt8(0, 7);
  prefix.writeUInt16LE(header.length, 8);
  fs.writeFileSync(path, Buffer.concat([
    prefix, Buffer.from(header, 'latin1'),
    Buffer.from(values.buffer, values.byteOffset, values.byteLength)]));
}

async function main() {
  const [model, inputPath, outputPath, iterationsText, ortPath] =
      process.argv.slice(2);
  const ort = require(ortPath);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: 2, interOpNumThreads: 1,
    graphOptimizationLevel: 'all'});
  const feeds = readFeeds(ort, session, inputPath);
  let results = await session.run(feeds);
  const times = [];
  for (let i = 0; i < Number(iterationsText); ++i) {
    const start = process.hrtime.bigint();
    results = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const output = results[session.outputNames[0]];
  writeNpy(outputPath, output.dims, output.data);
  console.log(`median ${times[Math.floor(times.length / 2)].toFixed(3)}`);
}

main().catch((error) => {
  console.error(`error: ${error.message}`);
  process.exit(1);
});
