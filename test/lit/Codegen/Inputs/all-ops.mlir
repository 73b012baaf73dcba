// One single-op subgraph per supported elementwise op (docs/kernel-ir.md),
// broadcasting where an op takes several operands.
cgc.module {
  cgc.subgraph @relu attributes {origin = "test"} {
    cgc.functional_definition private @reluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.relu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sigmoid attributes {origin = "test"} {
    cgc.functional_definition private @sigmoidFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sigmoid(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @tanh attributes {origin = "test"} {
    cgc.functional_definition private @tanhFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.tanh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @abs attributes {origin = "test"} {
    cgc.functional_definition private @absFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.abs(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @neg attributes {origin = "test"} {
    cgc.functional_definition private @negFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.neg(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sign attributes {origin = "test"} {
    cgc.functional_definition private @signFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sign(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @ceil attributes {origin = "test"} {
    cgc.functional_definition private @ceilFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.ceil(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @floor attributes {origin = "test"} {
    cgc.functional_definition private @floorFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.floor(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @round attributes {origin = "test"} {
    cgc.functional_definition private @roundFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.round(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @reciprocal attributes {origin = "test"} {
    cgc.functional_definition private @reciprocalFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.reciprocal(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sqrt attributes {origin = "test"} {
    cgc.functional_definition private @sqrtFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sqrt(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @exp attributes {origin = "test"} {
    cgc.functional_definition private @expFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.exp(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @log attributes {origin = "test"} {
    cgc.functional_definition private @logFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.log(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @erf attributes {origin = "test"} {
    cgc.functional_definition private @erfFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.erf(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sin attributes {origin = "test"} {
    cgc.functional_definition private @sinFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sin(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @cos attributes {origin = "test"} {
    cgc.functional_definition private @cosFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.cos(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @tan attributes {origin = "test"} {
    cgc.functional_definition private @tanFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.tan(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @asin attributes {origin = "test"} {
    cgc.functional_definition private @asinFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.asin(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @acos attributes {origin = "test"} {
    cgc.functional_definition private @acosFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.acos(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @atan attributes {origin = "test"} {
    cgc.functional_definition private @atanFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.atan(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sinh attributes {origin = "test"} {
    cgc.functional_definition private @sinhFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sinh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @cosh attributes {origin = "test"} {
    cgc.functional_definition private @coshFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.cosh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @asinh attributes {origin = "test"} {
    cgc.functional_definition private @asinhFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.asinh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @acosh attributes {origin = "test"} {
    cgc.functional_definition private @acoshFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.acosh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @atanh attributes {origin = "test"} {
    cgc.functional_definition private @atanhFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.atanh(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @softplus attributes {origin = "test"} {
    cgc.functional_definition private @softplusFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.softplus(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @softsign attributes {origin = "test"} {
    cgc.functional_definition private @softsignFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.softsign(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @hard_swish attributes {origin = "test"} {
    cgc.functional_definition private @hard_swishFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.hard_swish(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @elu attributes {origin = "test"} {
    cgc.functional_definition private @eluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.elu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @selu attributes {origin = "test"} {
    cgc.functional_definition private @seluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.selu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @leaky_relu attributes {origin = "test"} {
    cgc.functional_definition private @leaky_reluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.leaky_relu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @hard_sigmoid attributes {origin = "test"} {
    cgc.functional_definition private @hard_sigmoidFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.hard_sigmoid(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @thresholded_relu attributes {origin = "test"} {
    cgc.functional_definition private @thresholded_reluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.thresholded_relu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @celu attributes {origin = "test"} {
    cgc.functional_definition private @celuFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.celu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @shrink attributes {origin = "test"} {
    cgc.functional_definition private @shrinkFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.shrink(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @gelu attributes {origin = "test"} {
    cgc.functional_definition private @geluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.gelu(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @gelu_tanh attributes {origin = "test"} {
    cgc.functional_definition private @gelu_tanhFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.gelu(%x0) {approximate = "tanh"} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @elu_alpha attributes {origin = "test"} {
    cgc.functional_definition private @elu_alphaFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.elu(%x0) {alpha = 0.5 : f32} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @is_nan attributes {origin = "test"} {
    cgc.functional_definition private @is_nanFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.is_nan(%x0) : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @is_inf attributes {origin = "test"} {
    cgc.functional_definition private @is_infFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.is_inf(%x0) {detect_negative = false} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @not attributes {origin = "test"} {
    cgc.functional_definition private @notFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.not(%x0) : (!cgc.tensor<2x3x!cgc.bool>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @add attributes {origin = "test"} {
    cgc.functional_definition private @addFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.add(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sub attributes {origin = "test"} {
    cgc.functional_definition private @subFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sub(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @mul attributes {origin = "test"} {
    cgc.functional_definition private @mulFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.mul(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @div attributes {origin = "test"} {
    cgc.functional_definition private @divFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.div(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @pow attributes {origin = "test"} {
    cgc.functional_definition private @powFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.pow(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @prelu attributes {origin = "test"} {
    cgc.functional_definition private @preluFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.prelu(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @max attributes {origin = "test"} {
    cgc.functional_definition private @maxFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.max(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @min attributes {origin = "test"} {
    cgc.functional_definition private @minFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.min(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sum attributes {origin = "test"} {
    cgc.functional_definition private @sumFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sum(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @mean attributes {origin = "test"} {
    cgc.functional_definition private @meanFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.mean(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @sum3 attributes {origin = "test"} {
    cgc.functional_definition private @sum3Functional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>, %x2: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.sum(%x0, %x1, %x2) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>, !cgc.tensor<!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @equal attributes {origin = "test"} {
    cgc.functional_definition private @equalFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.equal(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @greater attributes {origin = "test"} {
    cgc.functional_definition private @greaterFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.greater(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @greater_or_equal attributes {origin = "test"} {
    cgc.functional_definition private @greater_or_equalFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.greater_or_equal(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @less attributes {origin = "test"} {
    cgc.functional_definition private @lessFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.less(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @less_or_equal attributes {origin = "test"} {
    cgc.functional_definition private @less_or_equalFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.less_or_equal(%x0, %x1) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @and attributes {origin = "test"} {
    cgc.functional_definition private @andFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>, %x1: !cgc.tensor<3x!cgc.bool>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.and(%x0, %x1) : (!cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<3x!cgc.bool>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @or attributes {origin = "test"} {
    cgc.functional_definition private @orFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>, %x1: !cgc.tensor<3x!cgc.bool>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.or(%x0, %x1) : (!cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<3x!cgc.bool>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @xor attributes {origin = "test"} {
    cgc.functional_definition private @xorFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>, %x1: !cgc.tensor<3x!cgc.bool>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.xor(%x0, %x1) : (!cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<3x!cgc.bool>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @where attributes {origin = "test"} {
    cgc.functional_definition private @whereFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>, %x1: !cgc.tensor<2x3x!cgc.float32>, %x2: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.where(%x0, %x1, %x2) : (!cgc.tensor<2x3x!cgc.bool>, !cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @clip attributes {origin = "test"} {
    cgc.functional_definition private @clipFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.clip(%x0) {min_value = 0.0 : f64, max_value = 6.0 : f64} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @clip_operands attributes {origin = "test"} {
    cgc.functional_definition private @clip_operandsFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<!cgc.float32>, %x2: !cgc.tensor<!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.clip(%x0, %x1, %x2) : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<!cgc.float32>, !cgc.tensor<!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @cast_to_half attributes {origin = "test"} {
    cgc.functional_definition private @cast_to_halfFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float16> {
      %0 = cgc_op.cast(%x0) {to = !cgc.float16} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float16>
    }
  }
  cgc.subgraph @cast_to_bool attributes {origin = "test"} {
    cgc.functional_definition private @cast_to_boolFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.bool> {
      %0 = cgc_op.cast(%x0) {to = !cgc.bool} : (!cgc.tensor<2x3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.bool>
    }
  }
  cgc.subgraph @cast_from_bool attributes {origin = "test"} {
    cgc.functional_definition private @cast_from_boolFunctional(%x0: !cgc.tensor<2x3x!cgc.bool>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.cast(%x0) {to = !cgc.float32} : (!cgc.tensor<2x3x!cgc.bool>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @cast_from_half attributes {origin = "test"} {
    cgc.functional_definition private @cast_from_halfFunctional(%x0: !cgc.tensor<2x3x!cgc.float16>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.cast(%x0) {to = !cgc.float32} : (!cgc.tensor<2x3x!cgc.float16>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
  cgc.subgraph @mod attributes {origin = "test"} {
    cgc.functional_definition private @modFunctional(%x0: !cgc.tensor<2x3x!cgc.float32>, %x1: !cgc.tensor<3x!cgc.float32>) -> !cgc.tensor<2x3x!cgc.float32> {
      %0 = cgc_op.mod(%x0, %x1) {fmod = 1 : i64} : (!cgc.tensor<2x3x!cgc.float32>, !cgc.tensor<3x!cgc.float32>)
      cgc.return %0 : !cgc.tensor<2x3x!cgc.float32>
    }
  }
}
