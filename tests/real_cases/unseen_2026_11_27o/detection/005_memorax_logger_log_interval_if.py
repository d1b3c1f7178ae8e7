"""memorax's Logger.log tests `step % self.log_interval == 0` on a traced step and prints from inside jit.

source: memory-rl/memorax memory_rl/logger/logger.py (revision before the `@callback` decorator; the index holds it without a resolvable commit, and the later revision 678c81c0df5d97e6fde040e986c88eab91d62a60 wraps `log` in memory_rl.utils.callback) and memory_rl/logger/console.py at 5b9a0cda654d4029f7c6102eb4c5e5579474b15f (ConsoleLogger.emit)
error: TracerBoolConversionError
category: dataclass-method-if-and-side-effect
expect: report
notes: Logger.log/emit and ConsoleLogger.emit are verbatim. chex and omegaconf are not installed, so the
  chex.dataclass(frozen=True) classes are plain dataclasses(frozen=True) and the `cfg: DictConfig`
  annotation of init is dropped. `f` is a stand-in for the jitted training step of the repository's
  algorithms, which calls logger.log(data, step) with a traced timestep. The branch on the traced
  step guards a print of formatted metrics (a host side effect); the project resolved it by moving
  `log` into a host callback, so a fixer should report this rather than rewrite it into a select.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class Logger:
    log_interval: int = (
        1  # be careful with this, as it should be a multiple of the number of envs
    )
    debug: bool = False

    def init(self, cfg):
        pass

    def log(self, data, step):
        if step % self.log_interval == 0:
            self.emit(data, step)

    def emit(self, data, step):
        pass


@dataclass(frozen=True)
class ConsoleLogger(Logger):
    metrics: list[str] = field(
        default_factory=lambda: [
            "evaluation/episodic_returns",
            "evaluation/episodic_lengths",
            "training/episodic_returns",
            "training/episodic_lengths",
        ],
        hash=False,
    )

    def emit(self, data, step):
        metrics = " | ".join(
            [f"{k}: {v:.3f}" for k, v in data.items() if k in self.metrics]
        )
        if metrics:
            print(f"Timestep: {step} - {metrics}")


logger = ConsoleLogger(log_interval=8)


@jax.jit
def f(params, grads, rewards, timestep):
    params = params - 0.01 * grads
    data = {
        "training/episodic_returns": jnp.sum(rewards),
        "training/episodic_lengths": jnp.asarray(rewards.shape[0], dtype=jnp.float32),
        "losses/grad_norm": jnp.linalg.norm(grads),
    }
    logger.log(data, timestep)
    return params, timestep + rewards.shape[0]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    params = rng.normal(size=(4,)).astype(np.float32)
    grads = rng.normal(size=(4,)).astype(np.float32)
    rewards = rng.normal(size=(8,)).astype(np.float32)
    timestep = np.int32(rng.choice([0, 3, 8, 16, 21]))
    return (params, grads, rewards, timestep)


INPUTS = make_inputs
