// Two entry points: show draws one graph per run, so it refuses this.
cgc.module {
  cgc.entry_point @a(%x: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    cgc.return %x : !cgc.tensor<2x!cgc.float32>
  }
  cgc.entry_point @b(%x: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<2x!cgc.float32> {
    cgc.return %x : !cgc.tensor<2x!cgc.float32>
  }
}
