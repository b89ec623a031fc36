"""The network file: what is written is read back (to within its quantisation step), in
every storage and compression, and a damaged file is refused with a sentence."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from plyground.algorithms.learning.network_file import (
    COMPRESSION,
    NetworkFileError,
    read_network,
    write_network,
)

_VALUES = arrays(
    np.float32,
    st.integers(1, 300),
    elements=st.floats(-1e5, 1e5, width=32, allow_nan=False, allow_infinity=False),
)


@settings(max_examples=60, deadline=None)
@given(values=_VALUES, step=st.sampled_from([0.0, 0.5, 3.0, 64.0]))
def test_int16_is_read_back_within_half_its_step_in_every_compression(
    tmp_path_factory: pytest.TempPathFactory, values: np.ndarray, step: float
) -> None:
    where = tmp_path_factory.mktemp("net")
    read = []
    for compression in COMPRESSION:
        path = where / f"{compression}.npz"
        write_network(path, {"kind": "test"}, values, storage="int16", step=step,
                      compression=compression)  # fmt: skip
        header, got, _ = read_network(path)
        assert header["kind"] == "test" and got.dtype == np.float32
        scale = header["scale"]
        assert scale >= step and scale * 32767 >= float(np.max(np.abs(values))) * (1 - 1e-6)
        assert np.all(np.abs(got - values) <= scale / 2 * (1 + 1e-5) + 1e-3)
        read.append(got)
    assert all(np.array_equal(read[0], other) for other in read[1:])


def test_float32_round_trips_exactly_and_a_step_needs_int16(tmp_path: Path) -> None:
    values = np.linspace(-5, 5, 101, dtype=np.float32)
    path = tmp_path / "net.npz"
    write_network(path, {}, values, {"extra": np.arange(4)}, compression="lzma")
    _, got, extra = read_network(path, ("extra",))
    assert np.array_equal(got, values) and extra["extra"].tolist() == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="step is for int16"):
        write_network(tmp_path / "other.npz", {}, values, storage="float16", step=2.0)
    assert not (tmp_path / "other.npz").exists()
    with pytest.raises(ValueError, match="unknown compression"):
        write_network(tmp_path / "other.npz", {}, values, compression="bz2")


def test_a_damaged_lzma_file_is_refused(tmp_path: Path) -> None:
    values = np.random.default_rng(1).normal(0, 100, 5000).astype(np.float32)
    path = tmp_path / "net.npz"
    write_network(path, {}, values, storage="int16", step=4.0, compression="lzma")
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle : middle + 32] = bytes(b ^ 0xFF for b in data[middle : middle + 32])
    path.write_bytes(bytes(data))
    with pytest.raises(NetworkFileError, match="damaged"):
        read_network(path)
    path.write_bytes(bytes(data[: len(data) // 3]))
    with pytest.raises(NetworkFileError, match="not a plyground network file, or it is damaged"):
        read_network(path)
