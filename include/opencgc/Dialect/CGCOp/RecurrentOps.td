//===- RecurrentOps.td - cgc_op recurrent family -----*- tablegen -*-===//
//
// ONNX RNN, GRU and LSTM with their default activations (tanh; sigmoid and
// tanh for the gated cells). Every operand is present: the importer
// supplies ONNX's defaults (zero bias, zero initial state, zero peepholes,
// full sequence lengths) when a model leaves them out. Layout 0 only:
// the importer transposes batch-major (layout 1) models around the op.
//
//===----------------------------------------------------------------------===//
#ifndef OPENCGC_DIALECT_CGCOP_RECURRENTOPS_TD
#define OPENCGC_DIALECT_CGCOP_RECURRENTOPS_TD

include "opencgc/Dialect/CGCOp/CGCOpBase.td"

// X [seq, batch, input], W [dirs, G*hidden, input], R [dirs, G*hidden,
// hidden], B [dirs, 2*G*hidden], sequence_lens [batch] (int32),
// initial_h [dirs, batch, hidden].
class CGCOp_RecurrentOp<string mnemonic, dag extraOperands, dag resultList>
    : CGCOp_LayerOp<mnemonic> {
  let arguments = !con((ins CGC_AnyTensor:$input, CGC_AnyTensor:$weight,
                            CGC_AnyTensor:$recurrence, CGC_AnyTensor:$bias,
                            CGC_AnyTensor:$sequence_lens,
                            CGC_AnyTensor:$initial_h),
                       extraOperands,
                       (ins I64Attr:$hidden_size,
                            DefaultValuedAttr<StrAttr, "\"forward\"">:$direction,
                            OptionalAttr<F32Attr>:$clip));
  let results = resultList;
}

def CGCOp_RnnOp : CGCOp_RecurrentOp<"rnn", (ins),
    (outs CGC_AnyTensor:$output, CGC_AnyTensor:$output_h)> {
  let summary = "Elman RNN: H = tanh(X W^T + H R^T + Wb + Rb)";
}

def CGCOp_GruOp : CGCOp_RecurrentOp<"gru",
    (ins DefaultValuedAttr<BoolAttr, "false">:$linear_before_reset),
    (outs CGC_AnyTensor:$output, CGC_AnyTensor:$output_h)> {
  let summary = "GRU with gates (z, r, h)";
}

def CGCOp_LstmOp : CGCOp_RecurrentOp<"lstm",
    (ins CGC_AnyTensor:$initial_c, CGC_AnyTensor:$peepholes,
         DefaultValuedAttr<BoolAttr, "false">:$input_forget),
    (outs CGC_AnyTensor:$output, CGC_AnyTensor:$output_h,
          CGC_AnyTensor:$output_c)> {
  let summary = "LSTM with gates (i, o, f, c) and peepholes (i, o, f)";
}

#endif // OPENCGC_DIALECT_CGCOP_RECURRENTOPS_TD
