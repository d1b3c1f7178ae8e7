"""pgx Geister: `Action._to_label` branches on `self.to - self.from_`, attributes that hold traced squares.

source: sotetsuk/pgx pgx/_geister.py at 6f3a8fcc741e36278f82286857ee71bbc949e327 (the Geister port under construction: DISTANCE, class Action with _from_label / _to_label)
error: TracerBoolConversionError
category: method-branch-on-traced-attribute
expect: fix
notes: DISTANCE and the Action class verbatim except that the class, which the revision constructs with keyword arguments but had not yet decorated, gets a plain @dataclass with its fields declared without defaults (dataclasses reject the unhashable jnp default values). `f` builds an Action from traced squares and asks for its label, as the env's jitted step/legal-action code does; the `if distance == -1 ... elif ...` chain in the method is the leak. Inputs include moves whose distance matches none of the four directions (direction stays -1).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as jnp

# DOWN, UP, LEFT, RIGHT
DISTANCE = jnp.int8([-1, 1, -6, 6])


# Action
# directions(4:DOWN, UP, LEFT, RIGHT) × positions(36)
@dataclass
class Action:
    from_: jnp.ndarray
    to: jnp.ndarray

    @staticmethod
    def _from_label(label: jnp.ndarray):
        direction, from_ = label // 36, label % 36
        return Action(  # type: ignore
            from_=from_,
            to=from_ + DISTANCE[direction],
        )

    def _to_label(self):
        distance = self.to - self.from_
        direction = -1
        if distance == -1:
            direction = 0
        elif distance == 1:
            direction = 1
        elif distance == -6:
            direction = 2
        elif distance == 6:
            direction = 3
        return jnp.int32(self.from_) + jnp.int32(36 * direction)


@jax.jit
def f(from_, to):
    return Action(from_=from_, to=to)._to_label()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    from_ = np.int8(rng.integers(6, 30))
    step = rng.choice([-1, 1, -6, 6, 0, 2, 7])  # the last three are no direction
    return (from_, np.int8(from_ + step))


INPUTS = make_inputs


@jax.jit
def reference_fix(from_, to):
    distance = to - from_
    direction = jnp.select(
        [distance == -1, distance == 1, distance == -6, distance == 6],
        [0, 1, 2, 3], -1)
    return jnp.int32(from_) + jnp.int32(36 * direction)
