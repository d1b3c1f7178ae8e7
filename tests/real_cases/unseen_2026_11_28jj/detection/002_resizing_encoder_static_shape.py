"""jaxrl_m ResizingEncoder: a module whose __call__ branches only on shapes, config flags and `is not None` (look-alike).

source: jaxrl_m-based vision-encoder module in the public code index (code-index file id 16585656330: `from jaxrl_m.vision
    import resnet_v1`, preprocess_observations, class ResizingEncoder(nn.Module), merge_dicts, load_pretrained_params;
    near-identical copies are ids 16787413405 and 19045924171). The index does not name the repository.
error: none
category: negative (module method, static shape tests, config flags, `is not None`)
expect: untouched
notes: preprocess_observations and ResizingEncoder are verbatim. Every `if` tests something static under jit:
    `len(observations.shape) == 3`, `obs.shape[-3] != final_shape[0]`, dataclass flags (resize, center_crop,
    normalize_imagenet, freeze_encoder) and `self.default_kwargs is not None`; the prints run once at trace time.
    Adapted: flax is not installed here, so `nn` is a small stand-in (Module subclasses become dataclasses, as in
    flax; `compact` is a no-op), and the wrapped `encoder` (a ResNet from jaxrl_m.vision in the project) is a stand-in
    global-average-pool function. The entry point calls the module directly (no init/apply) under jax.jit, on a single
    unbatched 40x40 RGB frame, resized to the pre-crop shape and centre-cropped.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


class nn:  # stand-in for flax.linen (not installed): Module fields make a dataclass, compact is a no-op
    class Module:
        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            dataclasses.dataclass(cls)

    @staticmethod
    def compact(fn):
        return fn


def preprocess_observations(obs,
                            normalize_imagenet=False,
                            resize=False,
                            final_shape=(224, 224),
                            center_crop=False,
                            pre_crop_shape=(256, 256)):
    if resize:
        if obs.shape[-3] != final_shape[0] or obs.shape[-2] != final_shape[1]: # Already resized
            resize_shape = pre_crop_shape if center_crop else final_shape
            if obs.shape[-3] != resize_shape[0] or obs.shape[-2] != resize_shape[1]:
                print('Resizing to %s' % str(resize_shape))
                obs = jax.image.resize(obs, (*obs.shape[:-3], *resize_shape, 3), method='bilinear')

            if center_crop:
                start_y, start_x = (pre_crop_shape[0] - final_shape[0]) // 2, (pre_crop_shape[1] - final_shape[1]) // 2
                obs = obs[..., start_y:start_y + final_shape[0], start_x:start_x + final_shape[1], :]
                print('Cropping to %s' % str(obs.shape))

    if normalize_imagenet:
        obs = obs / 255.0
        obs = obs - jnp.array([0.485, 0.456, 0.406])
        obs = obs / jnp.array([0.229, 0.224, 0.225])

    return obs

class ResizingEncoder(nn.Module):
    encoder: nn.Module
    normalize_imagenet: bool = False

    resize: bool = True
    final_shape: tuple = (224, 224)
    center_crop: bool = False
    pre_crop_shape: tuple = (256, 256)

    freeze_encoder: bool = False
    default_kwargs: dict = None

    @nn.compact
    def __call__(self, observations, **kwargs):
        no_batch_dim = len(observations.shape) == 3
        if no_batch_dim:
            print('Adding batch dimension')
            observations = jnp.expand_dims(observations, 0)
        observations = preprocess_observations(observations, self.normalize_imagenet, self.resize, self.final_shape, self.center_crop, self.pre_crop_shape)
        if self.default_kwargs is not None:
            kwargs = {**self.default_kwargs, **kwargs}
        output = self.encoder(observations, **kwargs)
        if self.freeze_encoder:
            output = jax.lax.stop_gradient(output)        

        if no_batch_dim:
            print('Removing batch dimension')
            output = jnp.squeeze(output, 0)
        return output


def _pool_encoder(x, train=False):  # stand-in for the jaxrl_m ResNet encoder
    return jnp.mean(x, axis=(-3, -2))


_module = ResizingEncoder(encoder=_pool_encoder, normalize_imagenet=True, resize=True,
                          final_shape=(24, 24), center_crop=True, pre_crop_shape=(32, 32),
                          freeze_encoder=True, default_kwargs={'train': False})


@jax.jit
def f(observations):
    return _module(observations)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0, 255, size=(40, 40, 3)).astype(np.float32),)


INPUTS = make_inputs
