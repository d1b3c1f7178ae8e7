import jax
from flax.training.train_state import TrainState

from models.linen_mlp import MLP

model = MLP()


def create_state(params, tx):
    return TrainState.create(apply_fn=model.apply, params=params, tx=tx)


@jax.jit
def train_step(state, batch):
    logits = state.apply_fn(state.params, batch)
    return logits.mean()
