"""A small JAX training library, about 500 lines: the module the save-action benchmark rewrites.

It mixes what real projects mix: host-side NumPy data handling, pure functions under `jax.jit`,
`vmap` and `grad`, `lax.scan` loops, a dataclass config, and a few tracer leaks for tracerfix to
find (and fix where it can), so the benchmark pays for analysis, fixing and re-parsing.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from typing import Any, Callable, Iterator, NamedTuple, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

Params = dict[str, Any]
PRNGKey = jax.Array


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    vocab_size: int = 512
    width: int = 128
    depth: int = 4
    heads: int = 4
    mlp_ratio: int = 4
    dropout: float = 0.1
    max_length: int = 256
    dtype: Any = jnp.float32

    @property
    def head_dim(self) -> int:
        return self.width // self.heads


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 3e-4
    warmup_steps: int = 1000
    total_steps: int = 100_000
    weight_decay: float = 0.01
    beta1: float = 0.9
    beta2: float = 0.98
    epsilon: float = 1e-8
    grad_clip: float = 1.0
    batch_size: int = 32
    seed: int = 0


class AdamState(NamedTuple):
    step: jax.Array
    mu: Params
    nu: Params


class TrainState(NamedTuple):
    params: Params
    opt: AdamState
    rng: PRNGKey


# --- initialisation -----------------------------------------------------------------------------


def glorot(key: PRNGKey, shape: Sequence[int], dtype=jnp.float32) -> jax.Array:
    fan_in, fan_out = shape[0], shape[-1]
    limit = math.sqrt(6.0 / (fan_in + fan_out))
    return jax.random.uniform(key, shape, dtype, -limit, limit)


def init_dense(key: PRNGKey, n_in: int, n_out: int) -> Params:
    return {"w": glorot(key, (n_in, n_out)), "b": jnp.zeros((n_out,))}


def init_layer_norm(width: int) -> Params:
    return {"scale": jnp.ones((width,)), "bias": jnp.zeros((width,))}


def init_block(key: PRNGKey, config: ModelConfig) -> Params:
    keys = jax.random.split(key, 4)
    hidden = config.width * config.mlp_ratio
    return {
        "ln1": init_layer_norm(config.width),
        "qkv": init_dense(keys[0], config.width, 3 * config.width),
        "proj": init_dense(keys[1], config.width, config.width),
        "ln2": init_layer_norm(config.width),
        "fc1": init_dense(keys[2], config.width, hidden),
        "fc2": init_dense(keys[3], hidden, config.width),
    }


def init_model(key: PRNGKey, config: ModelConfig) -> Params:
    embed_key, position_key, head_key, *block_keys = jax.random.split(key, 3 + config.depth)
    return {
        "embed": jax.random.normal(embed_key, (config.vocab_size, config.width)) * 0.02,
        "position": jax.random.normal(position_key, (config.max_length, config.width)) * 0.01,
        "blocks": [init_block(k, config) for k in block_keys],
        "ln_f": init_layer_norm(config.width),
        "head": init_dense(head_key, config.width, config.vocab_size),
    }


def count_parameters(params: Params) -> int:
    return sum(int(np.prod(leaf.shape)) for leaf in jax.tree_util.tree_leaves(params))


# --- layers -------------------------------------------------------------------------------------


def dense(params: Params, x: jax.Array) -> jax.Array:
    return x @ params["w"] + params["b"]


def layer_norm(params: Params, x: jax.Array, eps: float = 1e-6) -> jax.Array:
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    normed = (x - mean) * lax.rsqrt(variance + eps)
    return normed * params["scale"] + params["bias"]


def gelu(x: jax.Array) -> jax.Array:
    return 0.5 * x * (1.0 + jnp.tanh(0.7978845608 * (x + 0.044715 * x**3)))


def dropout(key: PRNGKey, x: jax.Array, rate: float, deterministic: bool) -> jax.Array:
    if deterministic or rate == 0.0:
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


def causal_mask(length: int) -> jax.Array:
    return jnp.tril(jnp.ones((length, length), dtype=bool))


def attention(params: Params, x: jax.Array, config: ModelConfig) -> jax.Array:
    length = x.shape[0]
    qkv = dense(params["qkv"], x)
    q, k, v = jnp.split(qkv, 3, axis=-1)
    q = q.reshape(length, config.heads, config.head_dim).transpose(1, 0, 2)
    k = k.reshape(length, config.heads, config.head_dim).transpose(1, 0, 2)
    v = v.reshape(length, config.heads, config.head_dim).transpose(1, 0, 2)
    scores = q @ k.transpose(0, 2, 1) / math.sqrt(config.head_dim)
    scores = jnp.where(causal_mask(length), scores, -1e9)
    weights = jax.nn.softmax(scores, axis=-1)
    out = (weights @ v).transpose(1, 0, 2).reshape(length, config.width)
    return dense(params["proj"], out)


def mlp(params: Params, x: jax.Array) -> jax.Array:
    return dense(params["fc2"], gelu(dense(params["fc1"], x)))


def block(params: Params, x: jax.Array, key: PRNGKey, config: ModelConfig, deterministic: bool) -> jax.Array:
    attention_key, mlp_key = jax.random.split(key)
    h = attention(params, layer_norm(params["ln1"], x), config)
    x = x + dropout(attention_key, h, config.dropout, deterministic)
    h = mlp(params, layer_norm(params["ln2"], x))
    return x + dropout(mlp_key, h, config.dropout, deterministic)


def forward(params: Params, tokens: jax.Array, key: PRNGKey, config: ModelConfig, deterministic: bool = False):
    length = tokens.shape[0]
    x = params["embed"][tokens] + params["position"][:length]
    keys = jax.random.split(key, config.depth)
    for block_params, block_key in zip(params["blocks"], keys):
        x = block(block_params, x, block_key, config, deterministic)
    x = layer_norm(params["ln_f"], x)
    return dense(params["head"], x)


# --- losses and metrics -------------------------------------------------------------------------


def cross_entropy(logits: jax.Array, labels: jax.Array, mask: jax.Array | None = None) -> jax.Array:
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    picked = jnp.take_along_axis(log_probs, labels[..., None], axis=-1)[..., 0]
    if mask is None:
        return -picked.mean()
    return -(picked * mask).sum() / jnp.maximum(mask.sum(), 1.0)


def accuracy(logits: jax.Array, labels: jax.Array) -> jax.Array:
    return (logits.argmax(axis=-1) == labels).mean()


def label_smoothing(labels: jax.Array, classes: int, smoothing: float) -> jax.Array:
    one_hot = jax.nn.one_hot(labels, classes)
    return one_hot * (1.0 - smoothing) + smoothing / classes


def smoothed_loss(logits: jax.Array, labels: jax.Array, smoothing: float = 0.1) -> jax.Array:
    targets = label_smoothing(labels, logits.shape[-1], smoothing)
    return -(targets * jax.nn.log_softmax(logits)).sum(axis=-1).mean()


@jax.jit
def perplexity(loss: jax.Array) -> jax.Array:
    result = jnp.exp(loss)
    if loss > 20.0:
        result = jnp.inf
    return result


# --- optimiser ----------------------------------------------------------------------------------


def warmup_cosine(step: jax.Array, config: TrainConfig) -> jax.Array:
    warmup = jnp.minimum(step / config.warmup_steps, 1.0)
    progress = jnp.clip((step - config.warmup_steps) / (config.total_steps - config.warmup_steps), 0.0, 1.0)
    cosine = 0.5 * (1.0 + jnp.cos(jnp.pi * progress))
    return config.learning_rate * warmup * cosine


def init_adam(params: Params) -> AdamState:
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    return AdamState(jnp.zeros((), jnp.int32), zeros, zeros)


def global_norm(tree: Params) -> jax.Array:
    return jnp.sqrt(sum(jnp.sum(leaf**2) for leaf in jax.tree_util.tree_leaves(tree)))


@jax.jit
def clip_by_global_norm(grads: Params, max_norm: float) -> Params:
    norm = global_norm(grads)
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree_util.tree_map(lambda g: g * scale, grads)


def adam_update(grads: Params, state: AdamState, params: Params, config: TrainConfig):
    step = state.step + 1
    mu = jax.tree_util.tree_map(lambda m, g: config.beta1 * m + (1 - config.beta1) * g, state.mu, grads)
    nu = jax.tree_util.tree_map(lambda v, g: config.beta2 * v + (1 - config.beta2) * g**2, state.nu, grads)
    mu_hat_scale = 1.0 / (1 - config.beta1**step)
    nu_hat_scale = 1.0 / (1 - config.beta2**step)
    lr = warmup_cosine(step, config)

    def update(p, m, v):
        direction = (m * mu_hat_scale) / (jnp.sqrt(v * nu_hat_scale) + config.epsilon)
        return p - lr * (direction + config.weight_decay * p)

    new_params = jax.tree_util.tree_map(update, params, mu, nu)
    return new_params, AdamState(step, mu, nu)


# --- training -----------------------------------------------------------------------------------


def loss_fn(params: Params, batch: dict[str, jax.Array], key: PRNGKey, config: ModelConfig):
    keys = jax.random.split(key, batch["tokens"].shape[0])
    apply = functools.partial(forward, config=config)
    logits = jax.vmap(lambda t, k: apply(params, t, k))(batch["tokens"], keys)
    loss = cross_entropy(logits, batch["labels"], batch.get("mask"))
    return loss, {"loss": loss, "accuracy": accuracy(logits, batch["labels"])}


@functools.partial(jax.jit, static_argnames=("model_config", "train_config"))
def train_step(state: TrainState, batch, model_config: ModelConfig, train_config: TrainConfig):
    rng, step_key = jax.random.split(state.rng)
    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    (loss, metrics), grads = grad_fn(state.params, batch, step_key, model_config)
    grads = clip_by_global_norm(grads, train_config.grad_clip)
    params, opt = adam_update(grads, state.opt, state.params, train_config)
    metrics["grad_norm"] = global_norm(grads)
    return TrainState(params, opt, rng), metrics


@functools.partial(jax.jit, static_argnames=("config",))
def eval_step(params: Params, batch, config: ModelConfig):
    key = jax.random.PRNGKey(0)
    logits = jax.vmap(lambda t: forward(params, t, key, config, deterministic=True))(batch["tokens"])
    loss = cross_entropy(logits, batch["labels"], batch.get("mask"))
    return {"loss": loss, "accuracy": accuracy(logits, batch["labels"])}


@jax.jit
def loss_scale_update(scale: jax.Array, grads_finite: jax.Array) -> jax.Array:
    if grads_finite:
        new_scale = scale * 2.0
    else:
        new_scale = scale / 2.0
    return new_scale


@jax.jit
def early_stop_flag(history: jax.Array, patience_scores: jax.Array) -> jax.Array:
    best = history.min()
    latest = history[-1]
    if latest > best:
        stalled = patience_scores + 1
    else:
        stalled = jnp.zeros_like(patience_scores)
    return stalled


def ema_update(ema: Params, params: Params, decay: float) -> Params:
    return jax.tree_util.tree_map(lambda e, p: decay * e + (1.0 - decay) * p, ema, params)


@jax.jit
def cumulative_returns(rewards: jax.Array, gamma: float) -> jax.Array:
    def step(carry, reward):
        carry = reward + gamma * carry
        return carry, carry

    _, returns = lax.scan(step, jnp.zeros(()), rewards[::-1])
    return returns[::-1]


@jax.jit
def running_statistics(values: jax.Array):
    def step(carry, value):
        count, mean, m2 = carry
        count = count + 1
        delta = value - mean
        mean = mean + delta / count
        m2 = m2 + delta * (value - mean)
        return (count, mean, m2), mean

    (count, mean, m2), means = lax.scan(step, (0.0, 0.0, 0.0), values)
    return mean, m2 / jnp.maximum(count - 1, 1), means


@jax.jit
def warn_on_nan(loss: jax.Array) -> jax.Array:
    if jnp.isnan(loss):
        jax.debug.print("loss is NaN")
    return loss


# --- data (host side: plain NumPy, never traced) ------------------------------------------------


class Batch(NamedTuple):
    tokens: np.ndarray
    labels: np.ndarray
    mask: np.ndarray


def tokenize(text: str, vocab: dict[str, int], unknown: int = 1) -> list[int]:
    return [vocab.get(word, unknown) for word in text.lower().split()]


def build_vocab(texts: Sequence[str], size: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for text in texts:
        for word in text.lower().split():
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts, key=lambda w: (-counts[w], w))
    vocab = {"<pad>": 0, "<unk>": 1}
    for word in ranked[: size - len(vocab)]:
        vocab[word] = len(vocab)
    return vocab


def pad_batch(sequences: Sequence[list[int]], length: int) -> Batch:
    tokens = np.zeros((len(sequences), length), dtype=np.int32)
    mask = np.zeros((len(sequences), length), dtype=np.float32)
    for row, sequence in enumerate(sequences):
        sequence = sequence[: length + 1]
        if len(sequence) < 2:
            continue
        tokens[row, : len(sequence) - 1] = sequence[:-1]
        mask[row, : len(sequence) - 1] = 1.0
    labels = np.roll(tokens, -1, axis=1)
    return Batch(tokens, labels, mask)


def batches(data: Sequence[list[int]], batch_size: int, length: int, seed: int) -> Iterator[Batch]:
    order = np.random.default_rng(seed).permutation(len(data))
    for start in range(0, len(order) - batch_size + 1, batch_size):
        chosen = [data[i] for i in order[start : start + batch_size]]
        yield pad_batch(chosen, length)


def to_device(batch: Batch) -> dict[str, jax.Array]:
    return {"tokens": jnp.asarray(batch.tokens), "labels": jnp.asarray(batch.labels), "mask": jnp.asarray(batch.mask)}


def shard(batch: dict[str, jax.Array], devices: int) -> dict[str, jax.Array]:
    return jax.tree_util.tree_map(lambda x: x.reshape(devices, -1, *x.shape[1:]), batch)


# --- sampling -----------------------------------------------------------------------------------


@functools.partial(jax.jit, static_argnames=("config",))
def next_token_logits(params: Params, tokens: jax.Array, config: ModelConfig) -> jax.Array:
    logits = forward(params, tokens, jax.random.PRNGKey(0), config, deterministic=True)
    return logits[-1]


@jax.jit
def sample_token(key: PRNGKey, logits: jax.Array, temperature: jax.Array) -> jax.Array:
    scaled = logits / jnp.maximum(temperature, 1e-6)
    greedy = logits.argmax()
    sampled = jax.random.categorical(key, scaled)
    return jnp.where(temperature > 0, sampled, greedy)


@jax.jit
def top_k_filter(logits: jax.Array, k: int) -> jax.Array:
    values, _ = lax.top_k(logits, 40)
    threshold = values[-1]
    return jnp.where(logits < threshold, -jnp.inf, logits)


@jax.jit
def repetition_penalty(logits: jax.Array, previous: jax.Array, penalty: jax.Array) -> jax.Array:
    seen = jnp.zeros_like(logits, dtype=bool).at[previous].set(True)
    penalised = jnp.where(logits > 0, logits / penalty, logits * penalty)
    return jnp.where(seen, penalised, logits)


def generate(params: Params, prompt: list[int], steps: int, config: ModelConfig, seed: int = 0) -> list[int]:
    key = jax.random.PRNGKey(seed)
    tokens = list(prompt)
    for _ in range(steps):
        key, sample_key = jax.random.split(key)
        window = jnp.asarray(tokens[-config.max_length :], dtype=jnp.int32)
        logits = next_token_logits(params, window, config)
        token = int(sample_token(sample_key, logits, jnp.asarray(0.8)))
        tokens.append(token)
        if token == 0:
            break
    return tokens


# --- checkpoints and logging (host side) --------------------------------------------------------


def flatten_params(params: Params, prefix: str = "") -> dict[str, np.ndarray]:
    flat: dict[str, np.ndarray] = {}
    if isinstance(params, dict):
        for name, value in params.items():
            flat.update(flatten_params(value, f"{prefix}{name}/"))
    elif isinstance(params, (list, tuple)):
        for index, value in enumerate(params):
            flat.update(flatten_params(value, f"{prefix}{index}/"))
    else:
        flat[prefix.rstrip("/")] = np.asarray(params)
    return flat


def save_checkpoint(path: str, params: Params, step: int) -> None:
    arrays = flatten_params(params)
    np.savez(path, step=np.asarray(step), **arrays)


def load_arrays(path: str) -> dict[str, np.ndarray]:
    with np.load(path) as archive:
        return {name: archive[name] for name in archive.files}


class MetricLogger:
    def __init__(self, every: int = 100) -> None:
        self.every = every
        self.history: dict[str, list[float]] = {}

    def log(self, step: int, metrics: dict[str, jax.Array]) -> None:
        for name, value in metrics.items():
            self.history.setdefault(name, []).append(float(value))
        if step % self.every == 0:
            summary = ", ".join(f"{k}={v[-1]:.4f}" for k, v in self.history.items())
            print(f"step {step}: {summary}")

    def best(self, name: str) -> float:
        values = self.history.get(name, [])
        return min(values) if values else math.inf


# --- the loop -----------------------------------------------------------------------------------


def train(texts: Sequence[str], model_config: ModelConfig, train_config: TrainConfig, steps: int) -> TrainState:
    vocab = build_vocab(texts, model_config.vocab_size)
    data = [tokenize(text, vocab) for text in texts]
    key = jax.random.PRNGKey(train_config.seed)
    init_key, state_key = jax.random.split(key)
    params = init_model(init_key, model_config)
    state = TrainState(params, init_adam(params), state_key)
    logger = MetricLogger()
    step = 0
    while step < steps:
        for batch in batches(data, train_config.batch_size, model_config.max_length, seed=step):
            state, metrics = train_step(state, to_device(batch), model_config, train_config)
            logger.log(step, metrics)
            step += 1
            if step >= steps:
                break
    return state


def evaluate(params: Params, texts: Sequence[str], vocab: dict[str, int], config: ModelConfig) -> dict[str, float]:
    data = [tokenize(text, vocab) for text in texts]
    totals: dict[str, float] = {}
    count = 0
    for batch in batches(data, 8, config.max_length, seed=0):
        metrics = eval_step(params, to_device(batch), config)
        for name, value in metrics.items():
            totals[name] = totals.get(name, 0.0) + float(value)
        count += 1
    return {name: total / max(count, 1) for name, total in totals.items()}


def describe(config: ModelConfig) -> str:
    fields = dataclasses.asdict(config)
    return ", ".join(f"{name}={value}" for name, value in fields.items() if name != "dtype")


def schedule_table(config: TrainConfig, points: int = 10) -> list[tuple[int, float]]:
    steps = np.linspace(0, config.total_steps, points).astype(int)
    return [(int(s), float(warmup_cosine(jnp.asarray(s), config))) for s in steps]


def check_finite(tree: Params) -> bool:
    return all(bool(np.isfinite(np.asarray(leaf)).all()) for leaf in jax.tree_util.tree_leaves(tree))


def main(argv: Sequence[str] | None = None) -> int:
    texts = ["the quick brown fox jumps over the lazy dog"] * 64
    model_config = ModelConfig(vocab_size=64, width=32, depth=2, heads=2, max_length=16)
    train_config = TrainConfig(total_steps=20, warmup_steps=5, batch_size=8)
    state = train(texts, model_config, train_config, steps=10)
    print(describe(model_config))
    print("parameters:", count_parameters(state.params))
    print("finite:", check_finite(state.params))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
