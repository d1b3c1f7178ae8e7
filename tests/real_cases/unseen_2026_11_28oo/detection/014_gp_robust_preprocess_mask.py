"""GP emulator training: robust NaN/outlier preprocessing (a traced `if n_removed > 0` and boolean-mask selection) called from jitted code.

source: "Improved GP training with better kernel designs and robust optimization." module of a cosmology GP-emulator project (imports src.models.gp_trainer / src.models.improved_kernels or train_GP; trains one GP per radial profile bin), public code-index file id 36964070130 (preprocess_data_robust, train_improved_gp_single_bin, train_improved_conditional_gp, compare_kernel_performance); the index does not name the repository or commit.
error: TracerBoolConversionError
category: dynamic-shape-boolean-mask
expect: report
notes: preprocess_data_robust verbatim. In the project it runs eagerly before each bin's jitted loss; here `f` is that function wrapped in jax.jit (the "host preprocessing moved into jitted code" situation). Under jit it fails first on `if n_removed > 0` (a print of a traced count) and then on `X_train[valid_mask]`, whose size depends on how many rows survive; the rows dropped are data-dependent, so there is no shape-stable rewrite of the same function, only a report (or a redesign that returns a weight mask instead).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def preprocess_data_robust(X_train, y_train, remove_outliers=True, outlier_threshold=4.0):
    """
    Robust data preprocessing with outlier detection and NaN handling.
    
    Args:
        X_train: Training inputs
        y_train: Training targets
        remove_outliers: Whether to remove statistical outliers
        outlier_threshold: Z-score threshold for outlier detection
        
    Returns:
        Processed X_train, y_train, and boolean mask of valid samples
    """
    print("Applying robust data preprocessing...")
    
    # Handle NaN values
    nan_mask_y = ~jnp.isnan(y_train)
    nan_mask_X = ~jnp.any(jnp.isnan(X_train), axis=1)
    valid_mask = nan_mask_y & nan_mask_X
    
    if remove_outliers:
        # Remove statistical outliers using z-score
        z_scores = jnp.abs((y_train - jnp.nanmean(y_train)) / jnp.nanstd(y_train))
        outlier_mask = z_scores < outlier_threshold
        valid_mask = valid_mask & outlier_mask
        
    n_removed = len(y_train) - jnp.sum(valid_mask)
    if n_removed > 0:
        print(f"Removed {n_removed} samples ({n_removed/len(y_train)*100:.1f}%) due to NaN/outliers")
    
    return X_train[valid_mask], y_train[valid_mask], valid_mask


f = jax.jit(preprocess_data_robust)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    X = rng.normal(size=(40, 5)).astype(np.float32)
    y = rng.normal(size=(40,)).astype(np.float32)
    X[rng.integers(40), rng.integers(5)] = np.nan
    y[rng.integers(40)] = np.nan
    y[rng.integers(40)] = 50.0
    return (X, y)


INPUTS = make_inputs
