// Input IR for test/lit/Tools/vulkan.test: rows gathered from a 200 MB
// float32 table (more than lavapipe's 128 MiB maxStorageBufferRange, within
// its 2^27 texels as a texel buffer); compiled only, never allocated.
cgc.module {
  cgc.entry_point @main(%table: !cgc.tensor<50000x1024x!cgc.float32>, %ids: !cgc.tensor<4x!cgc.int64>) -> !cgc.tensor<4x1024x!cgc.float32> {
    %rows = cgc_op.gather(%table, %ids) {axis = 0 : i64} : (!cgc.tensor<50000x1024x!cgc.float32>, !cgc.tensor<4x!cgc.int64>)
    cgc.return %rows : !cgc.tensor<4x1024x!cgc.float32>
  }
}
