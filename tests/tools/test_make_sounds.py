"""The committed sound assets and their generator, tools/make_sounds.py."""

import array
import sys
import wave
from pathlib import Path

import pytest

from tools import make_sounds

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"

# name -> (sample rate, shortest, longest plausible duration in seconds). The names are a
# contract with the game's audio code.
EXPECTED = {
    "roll": (44100, 0.5, 0.9),
    "place": (44100, 0.08, 0.2),
    "pickup": (44100, 0.06, 0.16),
    "confirm": (44100, 0.25, 0.5),
    "illegal": (44100, 0.12, 0.3),
    "click": (44100, 0.03, 0.1),
    "power": (44100, 0.3, 0.6),
    "combo": (44100, 0.45, 0.8),
    "magdagdon": (44100, 1.1, 1.8),
    "ruin": (44100, 0.8, 1.3),
    "gameover": (44100, 1.2, 1.9),
    "tick": (44100, 0.015, 0.05),
    "music_menu": (22050, 16.0, 24.0),
    "music_play": (22050, 16.0, 24.0),
    "querni_select": (44100, 0.08, 0.2),
    "querni_step": (44100, 0.06, 0.2),
    "querni_jump": (44100, 0.15, 0.35),
    "querni_land": (44100, 0.08, 0.2),
    "querni_chain": (44100, 0.3, 0.7),
    "querni_pop": (44100, 0.4, 0.9),
    "querni_illegal": (44100, 0.12, 0.3),
    "querni_pass": (44100, 0.25, 0.6),
    "querni_win": (44100, 1.0, 1.9),
    "querni_draw": (44100, 0.8, 1.5),
    "music_querni": (22050, 16.0, 24.0),
}
LOOPS = ("music_menu", "music_play", "music_querni")


def read(name: str) -> tuple:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as w:
        params = w.getparams()
        samples = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        samples.byteswap()
    return params, samples


def test_generator_knows_exactly_the_contract_names():
    assert set(make_sounds.SOUNDS) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_committed_wav_is_sane(name):
    rate, shortest, longest = EXPECTED[name]
    params, samples = read(name)
    assert params.nchannels == 1
    assert params.sampwidth == 2  # 16-bit PCM
    assert params.framerate == rate
    assert params.comptype == "NONE"
    duration = params.nframes / params.framerate
    assert shortest <= duration <= longest, duration
    peak = max(abs(v) for v in samples)
    assert peak > 6000, f"{name} is (nearly) silent: peak {peak}"
    assert peak < 32767, f"{name} clips"


def test_sound_folder_stays_small():
    total = sum((SOUNDS_DIR / f"{name}.wav").stat().st_size for name in EXPECTED)
    assert total < 4 * 1024 * 1024  # two games' effects and three music loops


@pytest.mark.parametrize("name", LOOPS)
def test_music_loop_point_is_seamless(name):
    _, samples = read(name)
    steps = sorted(abs(b - a) for a, b in zip(samples, samples[1:], strict=False))
    joint = abs(samples[0] - samples[-1])
    # The wrap-around step is an ordinary step of the waveform, not a click.
    assert joint <= steps[int(len(steps) * 0.99)], (joint, steps[-1])


@pytest.mark.parametrize("name", ["tick", "click"])
def test_generator_is_deterministic(tmp_path, monkeypatch, name):
    rendered: list[str] = []
    render = make_sounds.render

    def counted(sound: str):
        rendered.append(sound)
        return render(sound)

    monkeypatch.setattr(make_sounds, "render", counted)
    (path,) = make_sounds.write_all(tmp_path, [name])
    assert rendered == [name]  # only the sound asked for (not every sound, music included)
    assert [p.name for p in tmp_path.iterdir()] == [f"{name}.wav"]
    assert path.name == f"{name}.wav"
    assert path.read_bytes() == (SOUNDS_DIR / f"{name}.wav").read_bytes()


def test_render_returns_rate_and_16_bit_samples():
    rate, samples = make_sounds.render("tick")
    assert rate == 44100
    assert samples.typecode == "h"
    assert samples == read("tick")[1]
