"""The two models of examples/jax (README.md): an FP8 MLP and a small
transformer block, f8E4M3FN weights and bf16 activations, with inputs drawn
from a fixed seed. Each function is plain JAX; run.py checks it against
ir-run with irrun.jax.check."""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np

BF16 = jnp.bfloat16


def fp8_weight(rng, shape, scale):
    """Normal weights times `scale`, rounded once into f8E4M3FN."""
    return (rng.standard_normal(shape) * scale).astype(ml_dtypes.float8_e4m3fn)


def mlp_fp8(x, w1, w2):
    """x @ w1, GELU (tanh form), @ w2: the FP8 weights widened to bf16 (exact),
    every dot and activation in bf16, as jnp.dot does by default."""
    h = jnp.dot(x, w1.astype(BF16))
    h = jax.nn.gelu(h)
    return jnp.dot(h, w2.astype(BF16))


def mlp_inputs(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((16, 64)).astype(ml_dtypes.bfloat16)
    return x, fp8_weight(rng, (64, 256), 0.125), fp8_weight(rng, (256, 64), 0.0625)


def layer_norm(x, eps=1e-5):
    """Normalised over the last axis, in f32, back to bf16."""
    x32 = x.astype(jnp.float32)
    mean = jnp.mean(x32, axis=-1, keepdims=True)
    c = x32 - mean
    var = jnp.mean(jnp.square(c), axis=-1, keepdims=True)  # chlo.square (README.md)
    return (c * jax.lax.rsqrt(var + eps)).astype(BF16)


def transformer_block(x, wq, wk, wv, wo, w1, w2):
    """A pre-norm block: 4-head causal self-attention and a ReLU MLP, each
    with a residual. Matmuls in bf16 (FP8 weights widened), softmax in f32."""
    seq, d = x.shape
    heads = 4
    hd = d // heads
    h = layer_norm(x)
    q = jnp.dot(h, wq.astype(BF16)).reshape(seq, heads, hd).transpose(1, 0, 2)
    k = jnp.dot(h, wk.astype(BF16)).reshape(seq, heads, hd).transpose(1, 0, 2)
    v = jnp.dot(h, wv.astype(BF16)).reshape(seq, heads, hd).transpose(1, 0, 2)
    scores = jnp.einsum("hqd,hkd->hqk", q, k) * BF16(1.0 / np.sqrt(hd))
    mask = jnp.tril(jnp.ones((seq, seq), bool))
    scores = jnp.where(mask, scores, BF16(-1e4))
    p = jax.nn.softmax(scores.astype(jnp.float32), axis=-1).astype(BF16)
    a = jnp.einsum("hqk,hkd->hqd", p, v).transpose(1, 0, 2).reshape(seq, d)
    x = x + jnp.dot(a, wo.astype(BF16))
    h = layer_norm(x)
    h = jax.nn.relu(jnp.dot(h, w1.astype(BF16)))
    return x + jnp.dot(h, w2.astype(BF16))


def transformer_inputs(seed=1):
    rng = np.random.default_rng(seed)
    d, ff = 64, 128
    x = rng.standard_normal((16, d)).astype(ml_dtypes.bfloat16)
    ws = [fp8_weight(rng, (d, d), 0.125) for _ in range(4)]
    return (x, *ws, fp8_weight(rng, (d, ff), 0.125), fp8_weight(rng, (ff, d), 0.0884))


MODELS = {"mlp_fp8": (mlp_fp8, mlp_inputs), "transformer_block": (transformer_block, transformer_inputs)}
