"""The small PyTorch models whose exports are the fixtures of torch_mlir/, torch_xla/ and torchax/,
and the loop that writes them (their make_fixtures.py scripts import this file; torch is no
dependency of the project)."""

from __future__ import annotations

import os

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class MlpLayerNormGelu(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(16, 8)
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        return F.gelu(self.norm(self.linear(x) * 2.0 + 1))


class ConvBatchNormPool(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.norm = nn.BatchNorm2d(6)
        self.head = nn.Linear(6, 4)

    def forward(self, x):
        y = F.max_pool2d(F.relu(self.norm(self.conv(x))), 2)
        return self.head(F.adaptive_avg_pool2d(y, 1).flatten(1))


class EmbeddingAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 16)
        self.attention = nn.MultiheadAttention(16, 4, batch_first=True)

    def forward(self, tokens):
        x = self.embed(tokens)
        out, _ = self.attention(x, x, x, need_weights=False)
        return out


class Lstm(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 12, batch_first=True)

    def forward(self, x):
        out, (h, c) = self.lstm(x)
        return out, h, c


class Gru(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(8, 12, batch_first=True)

    def forward(self, x):
        out, h = self.gru(x)
        return out, h


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, batch_first=True, dropout=0.0)

    def forward(self, x):
        return self.layer(x)


class SmallUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(2, 4, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(4, 2, 2, stride=2)
        self.out = nn.Conv2d(4, 1, 1)

    def forward(self, x):
        y = self.up(torch.tanh(self.down(x)))
        return torch.sigmoid(self.out(torch.cat([x, y], dim=1)))


class Reductions(nn.Module):
    def forward(self, x):
        return F.log_softmax(x, dim=-1), torch.argmax(x, dim=-1), torch.cumsum(x, dim=0), x.amax(dim=0)


class IndexingAndMasks(nn.Module):
    def forward(self, x, index):
        picked = torch.index_select(x, 0, index)
        gathered = torch.gather(x, 1, index.view(-1, 1).expand(-1, 2) % x.shape[1])
        masked = torch.where(x > 0, x, torch.zeros_like(x))
        return picked, gathered, masked, (x > 0.5).sum(dim=1)


class IntegerArithmetic(nn.Module):
    # torch.fmod, not torch.remainder: torch-mlir lowers both to stablehlo.remainder, whose sign is
    # the dividend's (fmod's), while remainder's is the divisor's (the export is wrong for it).
    def forward(self, a, b):
        return a * b + 3, torch.div(a, b, rounding_mode="floor"), torch.fmod(a, b), a.max(b)


class ErfAndEigh(nn.Module):
    # torch-xla writes erf as `custom_call @mhlo.erf` and eigh as XLA's `custom_call @Eigh`
    def forward(self, x):
        symmetric = x @ x.T
        values, vectors = torch.linalg.eigh(symmetric)
        # eigenvectors are unique up to sign: compare what does not depend on it
        return torch.erf(x), values, vectors @ torch.diag(values) @ vectors.T


class SpecialFunctions(nn.Module):
    def forward(self, x):
        return torch.erfinv(torch.tanh(x) * 0.5), torch.asinh(x), torch.acosh(x.abs() + 1), torch.atanh(x * 0.5)


def models(rng):
    """name -> (model, inputs), inputs drawn from `rng`."""
    f32 = lambda *shape: torch.tensor(rng.standard_normal(shape).astype(np.float32))  # noqa: E731
    return {
        "mlp_layernorm_gelu": (MlpLayerNormGelu(), (f32(4, 16),)),
        "conv_batchnorm_pool": (ConvBatchNormPool(), (f32(2, 3, 8, 8),)),
        "embedding_attention": (EmbeddingAttention(), (torch.tensor(rng.integers(0, 50, (2, 5))),)),
        "lstm": (Lstm(), (f32(2, 6, 8),)),
        "gru": (Gru(), (f32(2, 6, 8),)),
        "encoder_layer": (EncoderLayer(), (f32(2, 5, 16),)),
        "small_unet": (SmallUNet(), (f32(1, 2, 8, 8),)),
        "reductions": (Reductions(), (f32(3, 7),)),
        "indexing_and_masks": (IndexingAndMasks(), (f32(4, 3), torch.tensor([3, 0, 2, 2]))),
        "integer_arithmetic": (IntegerArithmetic(), (torch.tensor(rng.integers(-50, 50, (6,)), dtype=torch.int32),
                                                    torch.tensor([3, -7, 5, 2, -1, 9], dtype=torch.int32))),
        "erf_and_eigh": (ErfAndEigh(), (f32(4, 4),)),
        "special_functions": (SpecialFunctions(), (f32(3, 5),)),
    }


def write_fixtures(folder: str, route: str, export, prefix: str = "", call=None, only=None) -> None:
    """For every model (of `only`, when given): `<prefix><name>.mlir` and `.npz` in `folder` (the
    arguments of @main as `input_<i>`, PyTorch's outputs as `output_<i>`). `export(model, inputs)`
    gives (program text, the arguments of @main as numpy arrays); `call(model, inputs)` the
    outputs for those arguments (default: the model on `inputs`). A model the route cannot export
    is reported and skipped."""
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    for name, (model, inputs) in models(rng).items():
        if only is not None and name not in only:
            continue
        model = model.eval()
        try:
            with torch.no_grad():
                outputs = (call or (lambda m, xs: m(*xs)))(model, inputs)
            outputs = outputs if isinstance(outputs, tuple) else (outputs,)
            text, arguments = export(model, inputs)
        except Exception as e:  # noqa: BLE001 - report and go on with the others
            print(f"{name}: {route} failed: {type(e).__name__}: {str(e)[:200]}")
            continue
        with open(os.path.join(folder, f"{prefix}{name}.mlir"), "w") as fh:
            fh.write(text)
        arrays = {f"input_{i}": a for i, a in enumerate(arguments)}
        arrays.update({f"output_{i}": t.numpy() for i, t in enumerate(outputs)})
        np.savez(os.path.join(folder, f"{prefix}{name}.npz"), **arrays)
        print(f"{prefix}{name}: written")

