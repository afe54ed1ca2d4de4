"""Colours as people with the three common colour-vision deficiencies see them, and how far apart
two colours look (CIE 1976 ΔE in CIELAB), to choose the seat colours that every student tells apart.

A colour is simulated with the matrices of Machado, Oliveira and Fernandes (2009) at full severity
(protanopia, deuteranopia, tritanopia), applied to linear sRGB.

>>> round(delta_e("#00a7a0", "#ff2fb4"))  # teal and pink
121
>>> round(delta_e("#00a7a0", "#ff2fb4", "deuteranopia"))  # without green cones: nearly the same colour
5
"""

from __future__ import annotations

import numpy as np
from matplotlib.colors import to_rgb

#: Machado et al. 2009, severity 1.0, for linear sRGB.
MACHADO = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = tuple(MACHADO)
_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
                 [0.0193339, 0.1191920, 0.9503041]])
_WHITE = np.array([0.95047, 1.0, 1.08883])  # D65


def _linear(rgb: np.ndarray) -> np.ndarray:
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def lab(colour: str, vision: str = "normal") -> np.ndarray:
    """``colour`` (any matplotlib colour) as CIELAB (L*, a*, b*), as seen with ``vision``.

    >>> [round(v) for v in lab("#ffffff")]
    [100, 0, 0]
    """
    if vision not in MACHADO:
        raise ValueError(f"vision must be one of {', '.join(VISIONS)}, got {vision!r}")
    linear = np.clip(MACHADO[vision] @ _linear(np.asarray(to_rgb(colour))), 0, 1)
    ratio = (_XYZ @ linear) / _WHITE
    f = np.where(ratio > (6 / 29) ** 3, np.cbrt(ratio), ratio / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(first: str, second: str, vision: str = "normal") -> float:
    """How far apart two colours look with ``vision`` (CIE76 ΔE: about 2.3 is just noticeable,
    over 20 clearly different colours)."""
    return float(np.linalg.norm(lab(first, vision) - lab(second, vision)))
