"""A helper two calls away from the jitted step (model.step -> layers.scale -> util.clip_small)."""

import numpy as np


def clip_small(x, floor):
    return np.maximum(x, floor)  # leak: reached through layers.scale
