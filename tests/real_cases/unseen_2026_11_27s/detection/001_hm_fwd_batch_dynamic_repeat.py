"""H&M two-tower loss: `jnp.repeat` with traced per-user history lengths ("Not jittable due to dynamic repeat").

source: public JAX recommender for the Kaggle H&M competition (repository not named by the code index): training script code-index file id 19030841802 (`fwd_batch_opt_core`, `fwd_batch_opt`, handed to `jaxopt.OptaxSolver(opt=opt, fun=fwd_batch_opt)`), model module hm_model.py code-index file id 19148143939 (`HMModel` NamedTuple with `factory`, `user_embedding_vectors`, `item_embedding_vectors`)
error: ConcretizationTypeError
category: data-dependent-shape-static-total
expect: fix
notes: fwd_batch_opt_core and fwd_batch_opt verbatim, HMModel verbatim (history_embedding_vectors and factory kept although unused here). Dropped the argparse/tqdm/data-loading/training-loop code and the jaxopt/optax imports (not installed here). The author's comment says the function is "Not jittable due to dynamic repeat"; OptaxSolver jits `fun` inside update, which is what `f = jax.jit(fwd_batch_opt)` stands for. The leak is hidden: `seq_lengths_batch` is a traced array, so `jnp.repeat(jnp.arange(batch_size), seq_lengths_batch)` has a data-dependent length, but that length always equals `flat_items.shape[0]` (the concatenated histories have static shapes), so `total_repeat_length=flat_items.shape[0]` makes it jittable with identical results.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple
import jax
import jax.numpy as jnp


_DIM = 32
_ITEM_NET_HIDDEN_DIM = 32
_USER_NET_HIDDEN_DIM = 32
_HISTORY_NET_HIDDEN_DIM = 32


class HMModel(NamedTuple):
    '''Holds all trainable weights.'''
    user_age_vector: jnp.ndarray
    user_net_input_layer: jnp.ndarray
    user_net_hidden_layer: jnp.ndarray
    user_net_output_layer: jnp.ndarray
    item_embeddings: jnp.ndarray
    color_group_embeddings: jnp.ndarray
    section_name_embeddings: jnp.ndarray
    garment_group_embeddings: jnp.ndarray
    item_net_input_layer: jnp.ndarray
    item_net_hidden_layer: jnp.ndarray
    item_net_output_layer: jnp.ndarray
    history_net_input_layer: jnp.ndarray
    history_net_hidden_layer: jnp.ndarray
    history_net_output_layer: jnp.ndarray

    @classmethod
    def factory(cls,
                rng_key,
                n_users,
                n_articles,
                n_color_groups,
                n_section_names,
                n_garment_groups):
        '''Constructs and returns initialized model parameters'''
        return HMModel(
            user_age_vector=jax.random.normal(rng_key + 1, shape=(_DIM,)) / 100,
            item_embeddings=jax.random.normal(
                rng_key + 2, shape=(n_articles, _DIM)) / 1000,
            color_group_embeddings=jax.random.normal(
                rng_key + 3, shape=(n_color_groups, _DIM)) / 100,
            section_name_embeddings=jax.random.normal(
                rng_key + 4, shape=(n_section_names, _DIM)) / 100,
            garment_group_embeddings=jax.random.normal(
                rng_key + 4, shape=(n_garment_groups, _DIM)) / 100,
            item_net_input_layer=jax.random.normal(
                rng_key + 5, shape=(_ITEM_NET_HIDDEN_DIM, _DIM))/_DIM,
            item_net_hidden_layer=jax.random.normal(
                rng_key + 6,
                shape=(_ITEM_NET_HIDDEN_DIM, _ITEM_NET_HIDDEN_DIM))/_ITEM_NET_HIDDEN_DIM,
            item_net_output_layer=jax.random.normal(
                rng_key + 7,
                shape=(_DIM, _ITEM_NET_HIDDEN_DIM))/_ITEM_NET_HIDDEN_DIM,
            user_net_input_layer=jax.random.normal(
                rng_key + 8, shape=(_USER_NET_HIDDEN_DIM, _DIM))/_DIM,
            user_net_hidden_layer=jax.random.normal(
                rng_key + 9,
                shape=(_USER_NET_HIDDEN_DIM, _USER_NET_HIDDEN_DIM))/_USER_NET_HIDDEN_DIM,
            user_net_output_layer=jax.random.normal(
                rng_key + 10,
                shape=(_DIM, _USER_NET_HIDDEN_DIM))/_USER_NET_HIDDEN_DIM,
            history_net_input_layer=jax.random.normal(
                rng_key + 11, shape=(_HISTORY_NET_HIDDEN_DIM, _DIM))/_DIM,
            history_net_hidden_layer=jax.random.normal(
                rng_key + 12,
                shape=(_HISTORY_NET_HIDDEN_DIM, _HISTORY_NET_HIDDEN_DIM))/_HISTORY_NET_HIDDEN_DIM,
            history_net_output_layer=jax.random.normal(
                rng_key + 13,
                shape=(_DIM, _HISTORY_NET_HIDDEN_DIM))/_HISTORY_NET_HIDDEN_DIM,
        )

    def history_embedding_vectors(self,
                                  batch_history_vectors):
        '''Computes the history embedding vectors.'''
        transformed_features = jnp.einsum(
            'bf,hf->bh', batch_history_vectors, self.history_net_input_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,ij->bj', transformed_features, self.history_net_hidden_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,io->bo', transformed_features, self.history_net_output_layer)
        return transformed_features

    def user_embedding_vectors(self,
                               batch_user_history_vectors,
                               batch_user_ages, skip=True):
        '''Computes the user embedding vectors.'''
        features = (
            jnp.expand_dims(batch_user_ages, axis=1) *
            jnp.expand_dims(self.user_age_vector, axis=0)
        ) + batch_user_history_vectors
        transformed_features = jnp.einsum(
            'bf,hf->bh', features, self.user_net_input_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,ij->bj', transformed_features, self.user_net_hidden_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,io->bo', transformed_features, self.user_net_output_layer)
        if skip:
            return transformed_features + batch_user_history_vectors
        else:
            return transformed_features

    def item_embedding_vectors(self,
                               articles_color_group,
                               articles_section_name,
                               articles_garment_group):
        '''Computes the item embedding vectors.'''
        features = (self.color_group_embeddings[articles_color_group] +
                    self.section_name_embeddings[articles_section_name] +
                    self.garment_group_embeddings[articles_garment_group]
                    )
        transformed_features = jnp.einsum(
            'bf,hf->bh', features, self.item_net_input_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,ij->bj', transformed_features, self.item_net_hidden_layer)
        transformed_features = jax.nn.relu(transformed_features)
        transformed_features = jnp.einsum(
            'bi,io->bo', transformed_features, self.item_net_output_layer)
        return (self.item_embeddings + transformed_features)


@partial(jax.jit, static_argnames=['batch_size'])
def fwd_batch_opt_core(model_params,
                       articles_color_group,
                       articles_section_name,
                       articles_garment_group,
                       customer_ages_batch,
                       flat_items,
                       flat_items_map,
                       seq_lengths_batch,
                       flat_labels,
                       batch_size):
    # Modify item embeddings by input features.
    input_item_embeddings = model_params.item_embedding_vectors(
        articles_color_group=articles_color_group,
        articles_section_name=articles_section_name,
        articles_garment_group=articles_garment_group
    )
    # Modify user embeddings by input features and history.
    user_history_vectors = jax.ops.segment_sum(
        input_item_embeddings[flat_items, :],
        flat_items_map,
        num_segments=batch_size
    ) / jnp.expand_dims(seq_lengths_batch, axis=1)
    input_user_embeddings = model_params.user_embedding_vectors(
        user_history_vectors, customer_ages_batch)
    # Note: negation in next line is reversed for positive examples
    # in the following line to it.
    logits = -jnp.einsum('ij,kj->ki', input_item_embeddings,
                         input_user_embeddings)
    # Compute the softmax cross entropy loss.
    log_numerator = jnp.take_along_axis(
        logits, jnp.expand_dims(flat_labels, axis=1), axis=1)
    log_denominator = jax.nn.logsumexp(logits, axis=1)
    # negative log likelihood
    loss = jnp.sum(log_denominator - jnp.squeeze(log_numerator, axis=1))
    return loss


# Not jittable due to dynamic repeat.
def fwd_batch_opt(params: HMModel,
                  customer_ages_batch,
                  articles_color_group,
                  articles_section_name,
                  articles_garment_group,
                  seq_labels_batch: jnp.ndarray,
                  seq_history_batch,
                  seq_lengths_batch: jnp.ndarray):
    batch_size = len(seq_history_batch)
    # Flatten items from all examples into a single vector.
    flat_items = jnp.concatenate(seq_history_batch, axis=0)
    flat_items_map = jnp.repeat(jnp.arange(batch_size), seq_lengths_batch)
    return fwd_batch_opt_core(params,
                              # Item features.
                              articles_color_group,
                              articles_section_name,
                              articles_garment_group,
                              # User features.
                              customer_ages_batch,
                              # Transactions.
                              flat_items,
                              flat_items_map,
                              seq_lengths_batch,
                              # Labels
                              seq_labels_batch,
                              # batch size - dynamic jit
                              customer_ages_batch.shape[0])


# jaxopt.OptaxSolver(opt=opt, fun=fwd_batch_opt) jits `fun` in solver.update.
f = jax.jit(fwd_batch_opt)
# --- end user code ---

import numpy as np

_N_ARTICLES, _N_COLOR, _N_SECTION, _N_GARMENT, _BATCH = 12, 3, 4, 5, 4


def make_inputs(rng):
    shapes = dict(
        user_age_vector=(_DIM,),
        user_net_input_layer=(_USER_NET_HIDDEN_DIM, _DIM),
        user_net_hidden_layer=(_USER_NET_HIDDEN_DIM, _USER_NET_HIDDEN_DIM),
        user_net_output_layer=(_DIM, _USER_NET_HIDDEN_DIM),
        item_embeddings=(_N_ARTICLES, _DIM),
        color_group_embeddings=(_N_COLOR, _DIM),
        section_name_embeddings=(_N_SECTION, _DIM),
        garment_group_embeddings=(_N_GARMENT, _DIM),
        item_net_input_layer=(_ITEM_NET_HIDDEN_DIM, _DIM),
        item_net_hidden_layer=(_ITEM_NET_HIDDEN_DIM, _ITEM_NET_HIDDEN_DIM),
        item_net_output_layer=(_DIM, _ITEM_NET_HIDDEN_DIM),
        history_net_input_layer=(_HISTORY_NET_HIDDEN_DIM, _DIM),
        history_net_hidden_layer=(_HISTORY_NET_HIDDEN_DIM, _HISTORY_NET_HIDDEN_DIM),
        history_net_output_layer=(_DIM, _HISTORY_NET_HIDDEN_DIM),
    )
    params = HMModel(**{k: (rng.normal(size=s) / np.sqrt(s[-1])).astype(np.float32)
                        for k, s in shapes.items()})
    # per-user history lengths between 1 and 5 (one user with a single purchase)
    lengths = rng.integers(1, 6, size=_BATCH)
    lengths[0] = 1
    seq_history_batch = [rng.integers(0, _N_ARTICLES, size=int(n)).astype(np.int32) for n in lengths]
    return (
        params,
        rng.uniform(18, 80, size=_BATCH).astype(np.float32) / 100,
        rng.integers(0, _N_COLOR, size=_N_ARTICLES).astype(np.int32),
        rng.integers(0, _N_SECTION, size=_N_ARTICLES).astype(np.int32),
        rng.integers(0, _N_GARMENT, size=_N_ARTICLES).astype(np.int32),
        rng.integers(0, _N_ARTICLES, size=_BATCH).astype(np.int32),
        seq_history_batch,
        lengths.astype(np.int32),
    )


INPUTS = make_inputs


@jax.jit
def reference_fix(params, customer_ages_batch, articles_color_group, articles_section_name,
                  articles_garment_group, seq_labels_batch, seq_history_batch, seq_lengths_batch):
    batch_size = len(seq_history_batch)
    flat_items = jnp.concatenate(seq_history_batch, axis=0)
    flat_items_map = jnp.repeat(jnp.arange(batch_size), seq_lengths_batch,
                                total_repeat_length=flat_items.shape[0])
    return fwd_batch_opt_core(params, articles_color_group, articles_section_name,
                              articles_garment_group, customer_ages_batch, flat_items,
                              flat_items_map, seq_lengths_batch, seq_labels_batch,
                              customer_ages_batch.shape[0])
