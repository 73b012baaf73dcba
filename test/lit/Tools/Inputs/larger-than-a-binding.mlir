// Input IR for test/lit/Tools/vulkan.test: a relu over 6 GB (past any
// Vulkan driver's maxStorageBufferRange, which is at most 4 GiB) beside a
// small one; compiled only, never allocated.
cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<1500000000x!cgc.float32>, %y: !cgc.tensor<8x!cgc.float32>) -> (!cgc.tensor<1500000000x!cgc.float32>, !cgc.tensor<8x!cgc.float32>) {
    %a = cgc_op.relu(%x) : (!cgc.tensor<1500000000x!cgc.float32>)
    %b = cgc_op.relu(%y) : (!cgc.tensor<8x!cgc.float32>)
    cgc.return %a, %b : !cgc.tensor<1500000000x!cgc.float32>, !cgc.tensor<8x!cgc.float32>
  }
}
