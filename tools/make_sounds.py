"""Synthesise the arcade's sound effects and music loops (MAGDAGDON's and QUERNI's) into
``assets/sounds/``.

Run from the repository root::

    python -m tools.make_sounds            # writes every sound into assets/sounds/
    python -m tools.make_sounds OUT roll   # writes only ``roll`` into OUT/

Only the standard library is used (no numpy): every sound is built from oscillators,
envelopes, one-pole / state-variable filters, modal "knock" resonators and a small
Schroeder/Freeverb-style reverb, then written as 16-bit PCM mono WAV.

The output is deterministic: each sound draws from its own ``random.Random`` seeded from
its name, so ``render(name)`` gives the same samples whatever else is rendered, and the
committed WAVs can be re-created bit for bit (``tests/tools/test_make_sounds.py``).

The two music loops are rendered on a circular buffer: note tails that run past the end
wrap to the start, and filters / reverb run over two periods keeping the second, so the
waveform is exactly periodic and the loop point is seamless.
"""

from __future__ import annotations

import array
import math
import random
import sys
import wave
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

SR = 44100  # effects
MUSIC_SR = 22050  # music loops (mono, half rate to keep the files small)
TAU = 2.0 * math.pi
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "assets" / "sounds"

Signal = list[float]

# ---------------------------------------------------------------------------------------------
# Basic buffers and envelopes
# ---------------------------------------------------------------------------------------------


def seconds(t: float, sr: int = SR) -> int:
    return int(round(t * sr))


def zeros(n: int) -> Signal:
    return [0.0] * n


def mix(dst: Signal, src: Sequence[float], start: int = 0, gain: float = 1.0,
        wrap: bool = False) -> None:
    """Add ``src * gain`` into ``dst`` at ``start``; with ``wrap`` the overflow wraps around."""
    n = len(dst)
    pos = start % n if wrap else start
    i = 0
    total = len(src)
    if pos < 0:  # non-wrapping start before the buffer: skip the head of src
        i, pos = -pos, 0
    while i < total:
        if pos >= n:
            if not wrap:
                return
            pos = 0
        take = min(total - i, n - pos)
        dst[pos:pos + take] = [a + b * gain for a, b in zip(dst[pos:pos + take],
                                                            src[i:i + take], strict=True)]
        i += take
        pos += take


def scale(x: Sequence[float], gain: float) -> Signal:
    return [v * gain for v in x]


def multiply(x: Sequence[float], e: Sequence[float]) -> Signal:
    return [a * b for a, b in zip(x, e, strict=False)]


def adsr(n: int, sr: int, attack: float, decay: float, sustain: float, release: float,
         gate: float | None = None) -> Signal:
    """ADSR envelope over ``n`` samples.

    Linear attack, exponential decay (``decay`` is its time constant) towards ``sustain``,
    held until ``gate`` seconds (default: so that the release ends at ``n``), then a smooth
    quadratic release of ``release`` seconds down to exactly zero.
    """
    length = n / sr
    if gate is None:
        gate = max(0.0, length - release)
    attack = max(attack, 1e-5)
    decay = max(decay, 1e-5)

    def level(t: float) -> float:
        if t < attack:
            return t / attack
        return sustain + (1.0 - sustain) * math.exp(-(t - attack) / decay)

    g_level = level(gate)
    out = []
    for i in range(n):
        t = i / sr
        if t < gate:
            out.append(level(t))
        else:
            u = (t - gate) / release if release > 0 else 1.0
            out.append(g_level * (1.0 - u) ** 2 if u < 1.0 else 0.0)
    return out


def perc(n: int, sr: int, tau: float, attack: float = 0.001) -> Signal:
    """Percussive envelope: short linear attack then exponential decay (time constant tau)."""
    a = max(1, int(attack * sr))
    k = 1.0 / (tau * sr)
    return [min(1.0, i / a) * math.exp(-i * k) for i in range(n)]


def ramp_env(n: int, sr: int, points: Sequence[tuple[float, float]]) -> Signal:
    """Piecewise-linear envelope through (time, level) breakpoints; flat past the last one."""
    out = []
    j = 0
    for i in range(n):
        t = i / sr
        while j + 1 < len(points) and t >= points[j + 1][0]:
            j += 1
        t0, v0 = points[j]
        if j + 1 < len(points):
            t1, v1 = points[j + 1]
            u = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
            out.append(v0 + (v1 - v0) * max(0.0, min(1.0, u)))
        else:
            out.append(v0)
    return out


def fade_edges(x: Signal, sr: int, fade_in: float, fade_out: float) -> Signal:
    y = list(x)
    a = max(1, int(fade_in * sr))
    b = max(1, int(fade_out * sr))
    for i in range(min(a, len(y))):
        y[i] *= i / a
    n = len(y)
    for i in range(min(b, n)):
        u = i / b  # raised-cosine fade to exactly zero at the last sample
        y[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * u)
    return y


# ---------------------------------------------------------------------------------------------
# Oscillators (band-limited wavetables, closed-form phase for sweeps and vibrato)
# ---------------------------------------------------------------------------------------------

TABLE_SIZE = 4096
_HARMONIC_STEPS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)
_tables: dict[tuple[str, int], list[float]] = {}


def _table(shape: str, harmonics: int) -> list[float]:
    key = (shape, harmonics)
    tab = _tables.get(key)
    if tab is not None:
        return tab
    size = TABLE_SIZE
    tab = [0.0] * (size + 1)
    partials: list[tuple[int, float]] = []
    if shape == "sine":
        partials = [(1, 1.0)]
    elif shape == "saw":
        partials = [(h, 2.0 / (math.pi * h)) for h in range(1, harmonics + 1)]
    elif shape == "square":
        partials = [(h, 4.0 / (math.pi * h)) for h in range(1, harmonics + 1, 2)]
    elif shape == "tri":
        partials = [(h, 8.0 / (math.pi * h) ** 2 * (1 if (h // 2) % 2 == 0 else -1))
                    for h in range(1, harmonics + 1, 2)]
    else:
        raise ValueError(shape)
    top = max(h for h, _ in partials)
    for h, amp in partials:
        # Lanczos sigma factor tames the Gibbs ripple of the truncated series.
        sigma = 1.0 if h == 1 else math.sin(math.pi * h / (top + 1)) / (math.pi * h / (top + 1))
        w = TAU * h / size
        a = amp * sigma
        for i in range(size):
            tab[i] += a * math.sin(w * i)
    tab[size] = tab[0]
    _tables[key] = tab
    return tab


def _phases(n: int, sr: int, freq: float, freq_end: float | None, phase: float,
            vib_rate: float, vib_depth: float) -> list[float]:
    """Cycle positions (in cycles, unwrapped) of an oscillator, closed form."""
    if freq_end is not None and abs(freq_end - freq) > 1e-9 and n > 1:
        k = math.log(freq_end / freq)
        c = freq * (n / sr) / k
        ph = [phase + c * (math.exp(k * i / n) - 1.0) for i in range(n)]
    else:
        inc = freq / sr
        ph = [phase + inc * i for i in range(n)]
    if vib_rate > 0 and vib_depth > 0:
        amp = freq * vib_depth / (TAU * vib_rate)
        w = TAU * vib_rate / sr
        ph = [p + amp * (1.0 - math.cos(w * i)) for i, p in enumerate(ph)]
    return ph


def osc(shape: str, freq: float, n: int, sr: int = SR, freq_end: float | None = None,
        phase: float = 0.0, vib_rate: float = 0.0, vib_depth: float = 0.0,
        duty: float = 0.5, max_harmonics: int = 128) -> Signal:
    """Band-limited oscillator: sine, tri, saw, square or pulse (with ``duty``)."""
    fmax = max(freq, freq_end or freq) * (1.0 + vib_depth)
    limit = max(1, min(max_harmonics, int(0.45 * sr / fmax)))
    harmonics = max(h for h in _HARMONIC_STEPS if h <= limit)
    ph = _phases(n, sr, freq, freq_end, phase, vib_rate, vib_depth)
    size = TABLE_SIZE
    if shape == "pulse":
        tab = _table("saw", harmonics)
        out = []
        for p in ph:
            x = (p % 1.0) * size
            i = int(x)
            a = tab[i] + (x - i) * (tab[i + 1] - tab[i])
            x = ((p + duty) % 1.0) * size
            i = int(x)
            b = tab[i] + (x - i) * (tab[i + 1] - tab[i])
            out.append(a - b)
        return out
    tab = _table(shape, harmonics)
    out = []
    for p in ph:
        x = (p % 1.0) * size
        i = int(x)
        out.append(tab[i] + (x - i) * (tab[i + 1] - tab[i]))
    return out


def noise(n: int, rng: random.Random) -> Signal:
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(n)]


def midi_hz(note: float) -> float:
    return 440.0 * 2.0 ** ((note - 69.0) / 12.0)


def cents(c: float) -> float:
    return 2.0 ** (c / 1200.0)


# ---------------------------------------------------------------------------------------------
# Filters
# ---------------------------------------------------------------------------------------------


def lowpass(x: Sequence[float], cutoff: float, sr: int = SR) -> Signal:
    """One-pole low-pass (6 dB/oct)."""
    a = 1.0 - math.exp(-TAU * cutoff / sr)
    y = 0.0
    out = []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Sequence[float], cutoff: float, sr: int = SR) -> Signal:
    """One-pole high-pass (6 dB/oct)."""
    return [a - b for a, b in zip(x, lowpass(x, cutoff, sr), strict=True)]


def svf(x: Sequence[float], cutoff: float | Sequence[float], sr: int = SR, q: float = 0.707,
        mode: str = "lp") -> Signal:
    """Topology-preserving state-variable filter (12 dB/oct), stable for any cutoff.

    ``cutoff`` may be a per-sample sequence (coefficients refreshed every 16 samples).
    ``mode`` is "lp", "hp" or "bp" (band-pass normalised to unity gain at the peak).
    """
    k = 1.0 / q
    nyq = 0.49 * sr
    varying = not isinstance(cutoff, (int, float))

    def coeffs(fc: float) -> tuple[float, float, float]:
        g = math.tan(math.pi * min(max(fc, 10.0), nyq) / sr)
        a1 = 1.0 / (1.0 + g * (g + k))
        a2 = g * a1
        return a1, a2, g * a2

    a1, a2, a3 = coeffs(cutoff[0] if varying else cutoff)  # type: ignore[index,arg-type]
    ic1 = ic2 = 0.0
    out = []
    lp, bp = mode == "lp", mode == "bp"
    for i, v0 in enumerate(x):
        if varying and i % 16 == 0:
            a1, a2, a3 = coeffs(cutoff[i])  # type: ignore[index]
        v3 = v0 - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        if lp:
            out.append(v2)
        elif bp:
            out.append(k * v1)
        else:
            out.append(v0 - k * v1 - v2)
    return out


def _comb(x: Signal, delay: int, g: float) -> Signal:
    """Feedback comb y[n] = x[n] + g*y[n-D], processed in blocks of D samples."""
    y = list(x)
    n = len(y)
    for start in range(delay, n, delay):
        end = min(start + delay, n)
        y[start:end] = [a + g * b for a, b in zip(y[start:end], y[start - delay:end - delay],
                                                  strict=True)]
    return y


def _allpass(x: Signal, delay: int, g: float) -> Signal:
    """Schroeder all-pass y[n] = -g*x[n] + x[n-D] + g*y[n-D], in blocks of D samples."""
    n = len(x)
    y = [-g * v for v in x[:delay]]
    for start in range(delay, n, delay):
        end = min(start + delay, n)
        y.extend(-g * a + b + g * c for a, b, c in zip(
            x[start:end], x[start - delay:end - delay], y[start - delay:end - delay],
            strict=True))
    return y


def reverb(x: Signal, sr: int = SR, rt60: float = 1.2, wet: float = 0.25, size: float = 1.0,
           damp: float = 5000.0, predelay: float = 0.015) -> Signal:
    """Small Freeverb-like room: parallel combs then series all-passes, mixed with the dry."""
    n = len(x)
    pre = int(predelay * sr)
    src = lowpass(highpass(x, 150.0, sr), damp, sr)
    src = ([0.0] * pre + src)[:n]
    ratio = sr / 44100.0
    acc = zeros(n)
    combs = (1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617)
    for d in combs:
        delay = max(1, int(d * size * ratio))
        g = 10.0 ** (-3.0 * delay / (rt60 * sr))
        mix(acc, _comb(src, delay, g), 0, 1.0 / len(combs))
    for d in (556, 441, 341, 225):
        acc = _allpass(acc, max(1, int(d * ratio)), 0.5)
    acc = lowpass(acc, damp, sr)
    return [a + wet * b for a, b in zip(x, acc, strict=True)]


def periodic(fn: Callable[[Signal], Signal], x: Signal) -> Signal:
    """Apply a causal process to a looping signal: run it over two periods, keep the second."""
    n = len(x)
    return fn(x + x)[n:]


# ---------------------------------------------------------------------------------------------
# Instruments and sound sources
# ---------------------------------------------------------------------------------------------


def modal(n: int, sr: int, modes: Sequence[tuple[float, float, float]],
          rng: random.Random | None = None, attack: float = 0.0004) -> Signal:
    """Sum of exponentially decaying sinusoids (freq Hz, amplitude, time constant s)."""
    out = zeros(n)
    for f, amp, tau in modes:
        if f >= 0.45 * sr or amp == 0:
            continue
        w = TAU * f / sr
        ph = rng.random() * TAU if rng else 0.0
        m = min(n, int(tau * sr * 7.0) + 1)
        k = 1.0 / (tau * sr)
        mix(out, [amp * math.exp(-i * k) * math.sin(w * i + ph) for i in range(m)])
    a = max(1, int(attack * sr))
    for i in range(min(a, n)):
        out[i] *= i / a
    return out


def burst(n: int, sr: int, rng: random.Random, tau: float, lo: float | None = None,
          hi: float | None = None) -> Signal:
    """A decaying noise burst, optionally band-limited by one-pole filters."""
    s = noise(n, rng)
    if hi:
        s = lowpass(lowpass(s, hi, sr), hi, sr)
    if lo:
        s = highpass(s, lo, sr)
    return multiply(s, perc(n, sr, tau, 0.0002))


def die_click(rng: random.Random, amp: float = 1.0, sr: int = SR) -> Signal:
    """A hard little die-on-die / die-on-cup click: bright modes plus a noise tick."""
    f0 = rng.uniform(2300.0, 4200.0)
    n = seconds(0.05, sr)
    ratios = (1.0, rng.uniform(1.38, 1.55), rng.uniform(2.0, 2.25), rng.uniform(2.6, 2.9))
    amps = (1.0, 0.6, 0.4, 0.25)
    taus = (rng.uniform(0.006, 0.016), 0.007, 0.005, 0.003)
    s = modal(n, sr, [(f0 * r, a, t) for r, a, t in zip(ratios, amps, taus, strict=True)], rng)
    mix(s, burst(seconds(0.004, sr), sr, rng, 0.0006, lo=2000.0), 0, 0.8)
    return scale(s, amp)


def wood_knock(rng: random.Random, amp: float = 1.0, f0: float | None = None,
               length: float = 0.12, sr: int = SR) -> Signal:
    """A die corner hitting a wooden table: low body modes, a mid 'tock' and a click."""
    f0 = f0 or rng.uniform(160.0, 260.0)
    n = seconds(length, sr)
    modes = [
        (f0, 1.0, rng.uniform(0.035, 0.055)),
        (f0 * rng.uniform(2.5, 2.8), 0.65, 0.03),
        (f0 * rng.uniform(4.1, 4.6), 0.45, 0.018),
        (f0 * rng.uniform(6.8, 7.6), 0.3, 0.009),
        (rng.uniform(1800.0, 2600.0), 0.25, 0.006),
    ]
    s = modal(n, sr, modes, rng)
    mix(s, burst(seconds(0.006, sr), sr, rng, 0.001, lo=300.0, hi=5000.0), 0, 0.9)
    return scale(s, amp)


def bell(freq: float, n: int, sr: int, tau: float = 0.35, bright: float = 1.0,
         detune: float = 4.0) -> Signal:
    """Arcade chime: sine with decaying 2nd/3rd harmonics and an inharmonic 'ping'."""
    e = perc(n, sr, tau, 0.002)
    s = osc("sine", freq, n, sr)
    mix(s, osc("sine", freq * cents(detune), n, sr, phase=0.25), 0, 0.5)
    mix(s, multiply(osc("sine", freq * 2.0, n, sr), perc(n, sr, tau * 0.45)), 0, 0.35 * bright)
    mix(s, multiply(osc("sine", freq * 3.0, n, sr), perc(n, sr, tau * 0.25)), 0, 0.15 * bright)
    mix(s, multiply(osc("sine", freq * 4.16, n, sr), perc(n, sr, 0.02)), 0, 0.12 * bright)
    return multiply(s, e)


def brass(freq: float, n: int, sr: int, cutoff: Sequence[float], voices: int = 3,
          spread: float = 7.0, vib: float = 0.003, rng: random.Random | None = None) -> Signal:
    """Detuned saws through a swept low-pass: a soft synth-brass voice (no envelope)."""
    s = zeros(n)
    for v in range(voices):
        c = (v - (voices - 1) / 2) * (2 * spread / max(1, voices - 1)) if voices > 1 else 0.0
        ph = rng.random() if rng else v / voices
        mix(s, osc("saw", freq * cents(c), n, sr, phase=ph, vib_rate=5.2 + 0.3 * v,
                   vib_depth=vib), 0, 1.0 / voices)
    return svf(s, cutoff, sr, q=0.9)


def pluck(freq: float, n: int, sr: int, tau: float = 0.4) -> Signal:
    """Soft marimba/kalimba-like pluck for the music arpeggios."""
    s = osc("sine", freq, n, sr)
    mix(s, multiply(osc("sine", freq * 4.0, n, sr), perc(n, sr, 0.05)), 0, 0.18)
    mix(s, multiply(osc("sine", freq * 2.0, n, sr), perc(n, sr, tau * 0.3)), 0, 0.12)
    return multiply(s, perc(n, sr, tau, 0.003))


# ---------------------------------------------------------------------------------------------
# Sound effects (each returns float samples at SR; finish() normalises them)
# ---------------------------------------------------------------------------------------------


def sfx_roll(rng: random.Random) -> Signal:
    """Four dice thrown on a wooden table: bounces that speed up and settle, plus clicks."""
    out = zeros(seconds(0.7))
    end = 0.62
    for die in range(4):
        t = rng.uniform(0.0, 0.06) + 0.012 * die
        gap = rng.uniform(0.075, 0.12)
        ratio = rng.uniform(0.62, 0.74)
        amp = rng.uniform(0.75, 1.0)
        f0 = rng.uniform(170.0, 250.0)
        while t < end and amp > 0.05:
            mix(out, wood_knock(rng, amp, f0 * rng.uniform(0.95, 1.05)), seconds(t), 1.0)
            if rng.random() < 0.7:  # the die also clicks on its corners as it tumbles
                mix(out, die_click(rng, amp * rng.uniform(0.3, 0.6)),
                    seconds(t + rng.uniform(0.003, 0.02)))
            t += gap * rng.uniform(0.85, 1.15)
            gap *= ratio
            amp *= rng.uniform(0.62, 0.78)
            if gap < 0.012:  # the final rattle as the die rocks to rest
                for _ in range(rng.randint(1, 3)):
                    t += rng.uniform(0.008, 0.02)
                    if t < end:
                        mix(out, wood_knock(rng, amp * 0.6, f0 * 1.3, 0.06), seconds(t))
                    amp *= 0.6
                break
    # Dice hitting each other in the first part of the throw.
    for _ in range(14):
        t = 0.32 * rng.random() ** 1.6
        mix(out, die_click(rng, rng.uniform(0.25, 0.7) * (1.0 - t)), seconds(t))
    # A faint scrape of dice sliding on felt/wood underneath.
    n = seconds(0.45)
    scrape = svf(noise(n, rng), 1400.0, SR, q=0.8, mode="bp")
    mix(out, multiply(scrape, ramp_env(n, SR, [(0, 0), (0.04, 1.0), (0.45, 0.0)])), 0, 0.06)
    return reverb(out, SR, rt60=0.35, wet=0.12, size=0.6)


def sfx_place(rng: random.Random) -> Signal:
    """A solid wooden 'tock' of a die set down on the board."""
    n = seconds(0.12)
    modes = [
        (205.0, 1.0, 0.045),
        (520.0, 0.75, 0.035),
        (980.0, 0.6, 0.022),
        (1630.0, 0.3, 0.012),
        (2710.0, 0.18, 0.006),
        (4100.0, 0.08, 0.003),
    ]
    s = modal(n, SR, modes, rng)
    # A slight pitch drop on the body mode makes the hit feel heavier.
    body = multiply(osc("sine", 150.0, n, SR, freq_end=110.0), perc(n, SR, 0.03, 0.001))
    mix(s, body, 0, 0.7)
    mix(s, burst(seconds(0.01), SR, rng, 0.0015, lo=200.0, hi=4500.0), 0, 0.9)
    mix(s, die_click(rng, 0.12))
    return s


def sfx_pickup(rng: random.Random) -> Signal:
    """A light, higher, softer click with a rising 'reverse' swell into it."""
    n = seconds(0.1)
    sweep = [1200.0 * (3.2 ** (i / n)) for i in range(n)]
    swell = svf(noise(n, rng), sweep, SR, q=2.5, mode="bp")
    env = ramp_env(n, SR, [(0, 0), (0.06, 1.0), (0.068, 0.15), (0.1, 0.0)])
    env = [e * e for e in env]
    s = multiply(swell, env)
    s = scale(s, 0.5)
    click = modal(seconds(0.03), SR, [(1850.0, 1.0, 0.008), (2950.0, 0.55, 0.005),
                                      (4400.0, 0.3, 0.003)], rng)
    mix(s, click, seconds(0.058), 0.8)
    sine_up = multiply(osc("sine", 700.0, n, SR, freq_end=1400.0),
                       ramp_env(n, SR, [(0, 0), (0.055, 0.4), (0.065, 0.0)]))
    mix(s, sine_up, 0, 0.5)
    return s


def sfx_confirm(rng: random.Random) -> Signal:
    """A positive rising two-note chime (B5 then E6)."""
    out = zeros(seconds(0.35))
    first = bell(midi_hz(83), seconds(0.3), SR, tau=0.12)
    second = bell(midi_hz(88), seconds(0.28), SR, tau=0.16)
    mix(out, first, 0, 0.8)
    mix(out, second, seconds(0.075), 1.0)
    # A touch of square-wave sparkle for the arcade flavour.
    n = seconds(0.2)
    sq = multiply(osc("square", midi_hz(100), n, SR, max_harmonics=7), perc(n, SR, 0.04))
    mix(out, sq, seconds(0.075), 0.05)
    return reverb(out, SR, rt60=0.6, wet=0.18, size=0.7)


def sfx_illegal(rng: random.Random) -> Signal:
    """A short, low, soft two-step 'nuh-uh' buzz (descending)."""
    out = zeros(seconds(0.2))
    for start, f, length in ((0.0, 185.0, 0.075), (0.095, 139.0, 0.1)):
        n = seconds(length)
        s = zeros(n)
        for c in (-9.0, 9.0):
            mix(s, osc("pulse", f * cents(c), n, SR, freq_end=f * cents(c) * 0.96, duty=0.35),
                0, 0.5)
        s = svf(s, 950.0, SR, q=0.9)
        mix(s, osc("sine", f, n, SR, freq_end=f * 0.96), 0, 0.6)
        s = multiply(s, adsr(n, SR, 0.005, 0.05, 0.7, 0.025))
        mix(out, s, seconds(start))
    return out


def sfx_click(rng: random.Random) -> Signal:
    """A crisp UI button click."""
    n = seconds(0.06)
    s = multiply(osc("sine", 2600.0, n, SR, freq_end=1500.0), perc(n, SR, 0.006, 0.0003))
    mix(s, multiply(osc("sine", 760.0, n, SR, freq_end=620.0), perc(n, SR, 0.011, 0.0005)),
        0, 0.8)
    mix(s, burst(seconds(0.004), SR, rng, 0.0006, lo=2500.0), 0, 0.6)
    return s


def sfx_tick(rng: random.Random) -> Signal:
    """A tiny tick for the score count-up."""
    n = seconds(0.03)
    s = modal(n, SR, [(3300.0, 1.0, 0.0035), (5200.0, 0.45, 0.0018), (1650.0, 0.3, 0.004)], rng,
              attack=0.0002)
    mix(s, burst(seconds(0.002), SR, rng, 0.0003, lo=3000.0), 0, 0.4)
    return s


def sfx_power(rng: random.Random) -> Signal:
    """Majda Power: a magical rising shimmer with sparkles."""
    total = 0.4
    out = zeros(seconds(total))
    n = seconds(0.36)
    env = adsr(n, SR, 0.22, 0.1, 0.8, 0.13)
    trem = [1.0 - 0.35 * (0.5 + 0.5 * math.sin(TAU * 22.0 * i / SR)) for i in range(n)]
    for ratio, amp in ((1.0, 1.0), (1.5, 0.6), (2.0, 0.5), (3.0, 0.25)):
        for c in (-8.0, 8.0):
            f0 = 330.0 * ratio * cents(c)
            v = osc("tri", f0, n, SR, freq_end=f0 * 4.0, phase=rng.random())
            mix(out, multiply(multiply(v, env), trem), 0, 0.18 * amp)
    # Sparkles: short high pings climbing a pentatonic scale.
    scale_notes = [84, 86, 88, 91, 93, 96, 98, 100, 103, 105]
    for k, note in enumerate(scale_notes):
        t = 0.03 + 0.3 * (k / len(scale_notes)) + rng.uniform(-0.01, 0.01)
        m = seconds(0.08)
        ping = multiply(osc("sine", midi_hz(note), m, SR), perc(m, SR, 0.02, 0.001))
        mix(out, ping, seconds(t), 0.22 * (0.5 + 0.5 * k / len(scale_notes)))
    m = seconds(total)
    air = multiply(svf(noise(m, rng), [3000.0 + 6000.0 * i / m for i in range(m)], SR, q=1.5,
                       mode="bp"), ramp_env(m, SR, [(0, 0), (0.25, 1), (0.38, 0)]))
    mix(out, air, 0, 0.08)
    return reverb(out, SR, rt60=0.9, wet=0.3, size=0.8)


def sfx_combo(rng: random.Random) -> Signal:
    """A bright arpeggio jingle: C6 E6 G6 C7 with a ringing top."""
    out = zeros(seconds(0.6))
    notes = (84, 88, 91, 96)
    step = 0.06
    for k, note in enumerate(notes):
        last = k == len(notes) - 1
        n = seconds(0.42 if last else 0.2)
        f = midi_hz(note)
        lead = osc("pulse", f, n, SR, duty=0.25, max_harmonics=10,
                   vib_rate=6.0 if last else 0.0, vib_depth=0.004)
        lead = multiply(svf(lead, 5000.0, SR), adsr(n, SR, 0.003, 0.06, 0.35, 0.12))
        chime = bell(f, n, SR, tau=0.2 if last else 0.09)
        mix(out, lead, seconds(k * step), 0.22)
        mix(out, chime, seconds(k * step), 0.6)
        if last:  # a fifth below and an octave-up ping to make the landing sparkle
            mix(out, bell(midi_hz(note - 5), n, SR, tau=0.2), seconds(k * step), 0.3)
            mix(out, bell(midi_hz(note + 12), n, SR, tau=0.08, bright=0.4), seconds(k * step),
                0.2)
    n = seconds(0.3)
    bass = multiply(osc("tri", midi_hz(60), n, SR), perc(n, SR, 0.1, 0.004))
    mix(out, bass, 0, 0.35)
    return reverb(out, SR, rt60=0.8, wet=0.22, size=0.8)


def timpani(freq: float, n: int, sr: int, rng: random.Random, amp: float = 1.0) -> Signal:
    """A timpani-like hit: membrane modes with a small pitch drop and a felt mallet thump."""
    s = zeros(n)
    for ratio, a, tau in ((1.0, 1.0, 0.5), (1.5, 0.55, 0.4), (1.98, 0.35, 0.3),
                          (2.44, 0.22, 0.22), (2.9, 0.12, 0.15), (3.36, 0.07, 0.1)):
        f = freq * ratio
        part = osc("sine", f * 1.03, n, sr, freq_end=f * 0.995, phase=rng.random())
        mix(s, multiply(part, perc(n, sr, tau, 0.002)), 0, a)
    thump = svf(noise(seconds(0.08, sr), rng), 400.0, sr, q=0.7)
    mix(s, multiply(thump, perc(len(thump), sr, 0.018, 0.001)), 0, 0.9)
    return scale(s, amp)


def sfx_magdagdon(rng: random.Random) -> Signal:
    """The MAGDAGDON sting: timpani hit, then an ominous low brass chord swelling."""
    total = 1.4
    out = zeros(seconds(total))
    mix(out, timpani(midi_hz(38), seconds(total), SR, rng), 0, 0.8)
    mix(out, timpani(midi_hz(38), seconds(0.9), SR, rng, 0.55), seconds(0.5))
    # D minor with a flat sixth on top (D2 A2 D3 F3 Bb3): dark and unresolved.
    chord = (38, 45, 50, 53, 58)
    n = seconds(1.34)
    cutoff = ramp_env(n, SR, [(0, 250), (0.5, 2000), (0.75, 1400), (1.34, 500)])
    env = ramp_env(n, SR, [(0, 0.0), (0.03, 0.45), (0.1, 0.35), (0.5, 1.0), (0.8, 0.75),
                           (1.34, 0.0)])
    env = [e ** 1.5 for e in env]
    brass_chord = zeros(n)
    for k, note in enumerate(chord):
        gain = 0.9 if k < 2 else 0.6
        mix(brass_chord, brass(midi_hz(note), n, SR, cutoff, rng=rng), 0, gain)
    mix(out, multiply(brass_chord, env), seconds(0.02), 0.9)
    # Sub rumble underneath.
    m = seconds(total)
    rumble = svf(noise(m, rng), 70.0, SR, q=0.8)
    mix(out, multiply(rumble, ramp_env(m, SR, [(0, 0), (0.05, 1), (1.2, 0.2), (1.4, 0)])), 0,
        0.8)
    return reverb(out, SR, rt60=1.6, wet=0.3, size=1.0, damp=3500.0)


def sfx_ruin(rng: random.Random) -> Signal:
    """Stone crumbling: a heavy thud, then rubble and gravel bursts trickling away."""
    total = 1.0
    out = zeros(seconds(total))
    n = seconds(0.5)
    thud = multiply(osc("sine", 120.0, n, SR, freq_end=42.0), perc(n, SR, 0.14, 0.002))
    mix(out, thud, 0, 1.0)
    mix(out, multiply(svf(noise(n, rng), 260.0, SR, q=0.7), perc(n, SR, 0.05, 0.001)), 0, 1.2)
    mix(out, modal(seconds(0.25), SR, [(180.0, 0.6, 0.05), (415.0, 0.5, 0.03),
                                       (760.0, 0.35, 0.02), (1330.0, 0.2, 0.01)], rng), 0, 0.8)
    # Rubble: many short band-passed noise grains, density and level decaying.
    t = 0.03
    while t < 0.92:
        life = math.exp(-(t - 0.03) / 0.28)
        m = seconds(rng.uniform(0.004, 0.03))
        fc = math.exp(rng.uniform(math.log(700.0), math.log(5500.0)))
        grain = svf(noise(m, rng), fc, SR, q=rng.uniform(1.2, 3.5), mode="bp")
        grain = multiply(grain, perc(m, SR, m / SR / 3.0, 0.0005))
        mix(out, grain, seconds(t), rng.uniform(0.3, 1.0) * (0.15 + 0.85 * life) * 0.9)
        t += rng.expovariate(45.0 + 160.0 * life)
    # A few larger chunks knocking as they land.
    for _ in range(9):
        t = 0.06 + 0.7 * rng.random() ** 1.5
        f0 = rng.uniform(280.0, 700.0)
        chunk = modal(seconds(0.08), SR, [(f0, 1.0, 0.015), (f0 * 2.3, 0.6, 0.01),
                                          (f0 * 3.9, 0.4, 0.006)], rng)
        mix(out, chunk, seconds(t), 0.45 * math.exp(-t / 0.4))
    m = seconds(total)
    rumble = svf(noise(m, rng), 160.0, SR, q=0.7)
    mix(out, multiply(rumble, ramp_env(m, SR, [(0, 0), (0.02, 1), (0.3, 0.5), (1.0, 0)])), 0,
        0.5)
    return reverb(out, SR, rt60=0.8, wet=0.18, size=0.9, damp=4000.0)


def sfx_gameover(rng: random.Random) -> Signal:
    """A short fanfare: a quick G-C-E-G climb landing on a held C major chord."""
    total = 1.5
    out = zeros(seconds(total))
    steps = ((0.0, 67), (0.11, 72), (0.22, 76))
    for t, note in steps:
        n = seconds(0.16)
        cut = ramp_env(n, SR, [(0, 1200), (0.02, 3500), (0.16, 1500)])
        voice = brass(midi_hz(note), n, SR, cut, voices=2, spread=5.0, rng=rng)
        mix(out, multiply(voice, adsr(n, SR, 0.008, 0.05, 0.6, 0.05)), seconds(t), 0.55)
        mix(out, bell(midi_hz(note + 12), n, SR, tau=0.06, bright=0.5), seconds(t), 0.2)
    land = 0.36
    n = seconds(total - land - 0.02)
    cut = ramp_env(n, SR, [(0, 1000), (0.05, 3200), (0.5, 1800), (1.1, 600)])
    env = adsr(n, SR, 0.02, 0.3, 0.55, 0.55)
    chord = zeros(n)
    for note in (60, 64, 67, 72, 79):
        mix(chord, brass(midi_hz(note), n, SR, cut, voices=3, spread=6.0, vib=0.004, rng=rng))
    mix(out, multiply(chord, env), seconds(land), 0.3)
    bass = multiply(osc("tri", midi_hz(36), n, SR), adsr(n, SR, 0.01, 0.4, 0.4, 0.5))
    mix(out, bass, seconds(land), 0.5)
    mix(out, bell(midi_hz(84), n, SR, tau=0.35), seconds(land), 0.35)
    mix(out, bell(midi_hz(91), n, SR, tau=0.25, bright=0.5), seconds(land + 0.07), 0.2)
    mix(out, timpani(midi_hz(36), seconds(0.9), SR, rng, 0.5), seconds(land))
    return reverb(out, SR, rt60=1.1, wet=0.25, size=0.9)


# ---------------------------------------------------------------------------------------------
# Music loops
# ---------------------------------------------------------------------------------------------


def _pad_chord(notes: Sequence[int], n: int, sr: int, rng: random.Random, cutoff: float,
               release: float) -> Signal:
    s = zeros(n)
    for note in notes:
        f = midi_hz(note)
        for c in (-6.0, 6.0):
            mix(s, osc("saw", f * cents(c), n, sr, phase=rng.random(), max_harmonics=24), 0,
                0.5)
        mix(s, osc("tri", f, n, sr, phase=rng.random()), 0, 0.5)
    cut = ramp_env(n, sr, [(0, cutoff * 0.6), (n / sr * 0.5, cutoff), (n / sr, cutoff * 0.7)])
    s = svf(s, cut, sr, q=0.6)
    return multiply(s, adsr(n, sr, 0.5, 0.8, 0.8, release))


def _bass_note(note: int, n: int, sr: int) -> Signal:
    f = midi_hz(note)
    s = osc("tri", f, n, sr)
    mix(s, osc("saw", f, n, sr, max_harmonics=8), 0, 0.25)
    s = svf(s, 650.0, sr, q=0.7)
    return multiply(s, adsr(n, sr, 0.006, 0.25, 0.55, 0.06))


def _music(rng: random.Random, bpm: float, chords: Sequence[tuple[Sequence[int], int]],
           arp_patterns: Sequence[Sequence[int | None]],
           bass_pattern: Sequence[tuple[int, int, float]], pad_cutoff: float,
           arp_gain: float, drums: bool) -> Signal:
    """Render a looping piece: one chord per bar; returns an exactly periodic float signal."""
    sr = MUSIC_SR
    beat = int(round(sr * 60.0 / bpm))
    eighth = beat // 2
    bar = beat * 4
    total = bar * len(chords)
    pad = zeros(total)
    bass = zeros(total)
    arp = zeros(total)
    perc_track = zeros(total)
    for b, (notes, root) in enumerate(chords):
        start = b * bar
        release = 0.9
        mix(pad, _pad_chord(notes, bar + int(release * sr), sr, rng, pad_cutoff, release),
            start, 1.0, wrap=True)
        for pos, interval, length in bass_pattern:
            n = int(length * eighth)
            mix(bass, _bass_note(root + interval, n, sr), start + pos * eighth, 1.0, wrap=True)
        tones = sorted(notes)
        tones = [t + 12 for t in tones] + [tones[0] + 24]
        pattern = arp_patterns[b % len(arp_patterns)]
        for k, idx in enumerate(pattern):
            if idx is None:
                continue
            n = int(0.9 * sr)
            accent = 1.0 if k % 2 == 0 else 0.7
            note = pluck(midi_hz(tones[idx % len(tones)]), n, sr, tau=0.35)
            mix(arp, note, start + k * eighth, accent * rng.uniform(0.85, 1.0), wrap=True)
        if drums:
            for k in range(8):  # shaker on the eighths, stronger off-beats
                m = int(0.06 * sr)
                sh = svf(noise(m, rng), 7000.0, sr, q=0.7, mode="hp")
                sh = multiply(sh, ramp_env(m, sr, [(0, 0), (0.006, 1), (0.06, 0)]))
                mix(perc_track, sh, start + k * eighth, 0.09 if k % 2 else 0.05, wrap=True)
            for k in (0, 2):  # soft kick on 1 and 3
                m = int(0.25 * sr)
                kick = multiply(osc("sine", 110.0, m, sr, freq_end=45.0), perc(m, sr, 0.09, 0.002))
                mix(perc_track, kick, start + k * beat, 0.35, wrap=True)
            for k in (1, 3):  # a woody rim tick on 2 and 4
                m = int(0.05 * sr)
                rim = modal(m, sr, [(820.0, 1.0, 0.012), (1900.0, 0.5, 0.006)], rng)
                mix(perc_track, rim, start + k * beat, 0.12, wrap=True)
    out = zeros(total)
    mix(out, pad, 0, 0.16)
    mix(out, bass, 0, 0.38)
    mix(out, arp, 0, arp_gain)
    mix(out, perc_track, 0, 1.0)
    return periodic(lambda x: reverb(x, sr, rt60=1.8, wet=0.3, size=1.0, damp=4000.0), out)


def music_menu(rng: random.Random) -> Signal:
    """Menu loop: 8 bars at 84 BPM in F major, dreamy and slow."""
    chords = (
        ((53, 57, 60, 64), 41),  # Fmaj7
        ((52, 57, 60, 64), 45),  # Am7 (E A C E)
        ((53, 58, 62, 65), 46),  # Bbmaj7-ish (F Bb D F) over Bb
        ((55, 60, 64, 67), 48),  # C
        ((53, 57, 60, 64), 41),  # Fmaj7
        ((53, 57, 60, 62), 38),  # Dm7
        ((53, 58, 62, 67), 43),  # Gm7 (F Bb D G)
        ((52, 58, 60, 67), 36),  # C7
    )
    patterns = (
        (0, 2, 1, 3, 2, 4, 3, None),
        (4, 3, 2, 1, 2, None, 3, 1),
        (0, 2, 4, 2, 3, 1, 2, None),
        (1, 3, 4, 3, 2, None, 1, 2),
    )
    bass = ((0, 0, 3.0), (3, 7, 1.0), (4, 12, 2.0), (6, 7, 2.0))
    return _music(rng, 84.0, chords, patterns, bass, pad_cutoff=1300.0, arp_gain=0.32,
                  drums=False)


def music_play(rng: random.Random) -> Signal:
    """In-game loop: 8 bars at 105 BPM in A minor, light and steady."""
    chords = (
        ((57, 60, 64, 67), 45),  # Am7
        ((53, 57, 60, 64), 41),  # Fmaj7
        ((55, 60, 64, 67), 48),  # C
        ((55, 59, 62, 67), 43),  # G
        ((57, 60, 64, 67), 45),  # Am7
        ((53, 57, 60, 65), 41),  # F
        ((53, 57, 60, 62), 38),  # Dm7
        ((52, 56, 59, 62), 40),  # E7
    )
    patterns = (
        (0, 2, 4, 2, 1, 3, 2, 3),
        (0, 1, 2, 4, 3, 2, 1, 2),
        (4, 2, 3, 1, 2, 0, 1, 3),
        (0, 2, 1, 3, 2, 4, None, 3),
    )
    bass = ((0, 0, 1.5), (2, 0, 0.8), (3, 12, 0.8), (4, 7, 1.5), (6, 0, 0.8), (7, 7, 0.8))
    return _music(rng, 105.0, chords, patterns, bass, pad_cutoff=1000.0, arp_gain=0.28,
                  drums=True)


# ---------------------------------------------------------------------------------------------
# QUERNI's effects and music
# ---------------------------------------------------------------------------------------------


def sfx_querni_select(rng: random.Random) -> Signal:
    """A piece picked up: a small wooden tok and a glassy ping that rises."""
    n = seconds(0.14)
    s = modal(n, SR, [(640.0, 1.0, 0.02), (1480.0, 0.5, 0.012), (2900.0, 0.25, 0.006)], rng)
    ping = multiply(osc("sine", 1320.0, n, SR, freq_end=1760.0), perc(n, SR, 0.05, 0.002))
    mix(s, ping, 0, 0.45)
    return s


def sfx_querni_step(rng: random.Random) -> Signal:
    """One step: a soft slide and a light tap."""
    n = seconds(0.12)
    slide = multiply(svf(noise(n, rng), 2400.0, SR, q=1.2, mode="bp"),
                     ramp_env(n, SR, [(0, 0), (0.03, 0.6), (0.08, 0.1), (0.12, 0)]))
    tap = modal(seconds(0.06), SR, [(420.0, 1.0, 0.014), (1100.0, 0.4, 0.007)], rng)
    out = scale(slide, 0.35)
    mix(out, tap, seconds(0.05), 0.9)
    return out


def sfx_querni_jump(rng: random.Random) -> Signal:
    """A hop: a springy upward sweep with a whoosh of air."""
    n = seconds(0.24)
    sweep = multiply(osc("tri", 240.0, n, SR, freq_end=720.0), adsr(n, SR, 0.005, 0.1, 0.5, 0.1))
    air = multiply(svf(noise(n, rng), [900.0 + 3500.0 * i / n for i in range(n)], SR, q=1.4,
                       mode="bp"), ramp_env(n, SR, [(0, 0), (0.08, 1), (0.24, 0)]))
    out = scale(sweep, 0.6)
    mix(out, air, 0, 0.25)
    return out


def sfx_querni_land(rng: random.Random) -> Signal:
    """A piece landing: a felt thud and a wooden click."""
    n = seconds(0.14)
    thud = multiply(osc("sine", 160.0, n, SR, freq_end=90.0), perc(n, SR, 0.04, 0.001))
    s = modal(n, SR, [(310.0, 0.8, 0.03), (780.0, 0.5, 0.015), (1900.0, 0.3, 0.006)], rng)
    mix(s, thud, 0, 0.9)
    mix(s, burst(seconds(0.008), SR, rng, 0.0012, lo=300.0, hi=5000.0), 0, 0.5)
    return s


def sfx_querni_chain(rng: random.Random) -> Signal:
    """A chain chosen: three links clinking up a major triad."""
    out = zeros(seconds(0.5))
    for k, note in enumerate((76, 80, 83)):
        n = seconds(0.3)
        mix(out, bell(midi_hz(note), n, SR, tau=0.12), seconds(k * 0.07), 0.5)
        clink = modal(seconds(0.05), SR, [(3800.0 + 300 * k, 1.0, 0.006),
                                          (6100.0, 0.4, 0.003)], rng)
        mix(out, clink, seconds(k * 0.07), 0.35)
    return reverb(out, SR, rt60=0.6, wet=0.2, size=0.7)


def sfx_querni_pop(rng: random.Random) -> Signal:
    """A chain removed: bubbly pops one after another, then a sparkle."""
    out = zeros(seconds(0.7))
    for k in range(5):
        n = seconds(0.09)
        f = 420.0 + 110.0 * k
        pop = multiply(osc("sine", f * 0.6, n, SR, freq_end=f * 1.9), perc(n, SR, 0.02, 0.001))
        mix(out, pop, seconds(0.02 + k * 0.09), 0.7)
        mix(out, burst(seconds(0.01), SR, rng, 0.0015, lo=1500.0), seconds(0.02 + k * 0.09),
            0.25)
    for k, note in enumerate((88, 91, 95)):
        m = seconds(0.25)
        mix(out, bell(midi_hz(note), m, SR, tau=0.07, bright=0.6), seconds(0.45 + k * 0.03),
            0.25)
    return reverb(out, SR, rt60=0.7, wet=0.22, size=0.8)


def sfx_querni_illegal(rng: random.Random) -> Signal:
    """Not allowed: a soft, low, hollow two-note bonk."""
    out = zeros(seconds(0.24))
    for start, f in ((0.0, 233.0), (0.1, 175.0)):
        n = seconds(0.12)
        s = multiply(osc("sine", f, n, SR, freq_end=f * 0.94), perc(n, SR, 0.05, 0.003))
        mix(s, multiply(osc("tri", f * 2.0, n, SR), perc(n, SR, 0.02, 0.002)), 0, 0.3)
        mix(out, s, seconds(start))
    return out


def sfx_querni_pass(rng: random.Random) -> Signal:
    """A turn passes: a gentle falling whoosh and two soft notes."""
    n = seconds(0.4)
    air = multiply(svf(noise(n, rng), [4000.0 - 3000.0 * i / n for i in range(n)], SR, q=1.0,
                       mode="bp"), ramp_env(n, SR, [(0, 0), (0.1, 1), (0.4, 0)]))
    out = scale(air, 0.4)
    for k, note in enumerate((72, 67)):
        m = seconds(0.22)
        mix(out, multiply(osc("sine", midi_hz(note), m, SR), perc(m, SR, 0.08, 0.005)),
            seconds(0.05 + k * 0.13), 0.45)
    return out


def sfx_querni_win(rng: random.Random) -> Signal:
    """A game won: a bright rising arpeggio that lands on a ringing major chord."""
    total = 1.4
    out = zeros(seconds(total))
    for k, note in enumerate((62, 66, 69, 74, 78)):
        n = seconds(0.3)
        lead = multiply(osc("pulse", midi_hz(note), n, SR, duty=0.3, max_harmonics=12),
                        adsr(n, SR, 0.004, 0.08, 0.4, 0.1))
        mix(out, svf(lead, 4200.0, SR), seconds(k * 0.08), 0.2)
        mix(out, bell(midi_hz(note), n, SR, tau=0.12), seconds(k * 0.08), 0.45)
    land = 0.42
    n = seconds(total - land - 0.02)
    chord = zeros(n)
    for note in (62, 66, 69, 74):
        mix(chord, brass(midi_hz(note), n, SR, [2600.0] * n, voices=2, spread=5.0, rng=rng))
    mix(out, multiply(chord, adsr(n, SR, 0.02, 0.3, 0.5, 0.5)), seconds(land), 0.25)
    mix(out, bell(midi_hz(86), n, SR, tau=0.3), seconds(land), 0.3)
    mix(out, multiply(osc("tri", midi_hz(38), n, SR), adsr(n, SR, 0.01, 0.4, 0.4, 0.5)),
        seconds(land), 0.45)
    return reverb(out, SR, rt60=1.0, wet=0.25, size=0.9)


def sfx_querni_draw(rng: random.Random) -> Signal:
    """A draw: two calm chords that neither rise nor fall (suspended, then open)."""
    total = 1.1
    out = zeros(seconds(total))
    for start, notes in ((0.0, (62, 67, 69)), (0.45, (62, 66, 69))):
        n = seconds(0.6)
        for note in notes:
            mix(out, bell(midi_hz(note), n, SR, tau=0.25, bright=0.5), seconds(start), 0.3)
            mix(out, multiply(osc("tri", midi_hz(note - 12), n, SR),
                              adsr(n, SR, 0.02, 0.2, 0.4, 0.3)), seconds(start), 0.12)
    return reverb(out, SR, rt60=1.2, wet=0.3, size=0.9)


def music_querni(rng: random.Random) -> Signal:
    """QUERNI's play loop: 8 bars at 112 BPM in D dorian, light and thoughtful."""
    chords = (
        ((57, 60, 62, 65), 38),  # Dm7
        ((55, 59, 62, 67), 43),  # G
        ((57, 60, 64, 67), 45),  # Am7
        ((55, 60, 64, 67), 48),  # C
        ((57, 60, 62, 65), 38),  # Dm7
        ((59, 62, 64, 67), 40),  # Em7
        ((57, 60, 64, 65), 41),  # Fmaj7
        ((55, 59, 62, 64), 43),  # G6
    )
    patterns = (
        (0, 2, 3, 2, 4, 2, 1, 2),
        (3, 2, 0, 2, 1, None, 2, 4),
        (0, 1, 2, 4, 2, 1, 0, None),
        (4, 3, 2, 3, 1, 2, None, 1),
    )
    bass = ((0, 0, 1.0), (2, 7, 0.8), (3, 12, 0.8), (4, 0, 1.0), (6, 7, 0.8), (7, 10, 0.8))
    return _music(rng, 112.0, chords, patterns, bass, pad_cutoff=1100.0, arp_gain=0.3,
                  drums=True)


# ---------------------------------------------------------------------------------------------
# Registry, rendering and writing
# ---------------------------------------------------------------------------------------------

# name -> (generator, sample rate, peak in dBFS, is a seamless loop)
SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], int, float, bool]] = {
    "roll": (sfx_roll, SR, -1.0, False),
    "place": (sfx_place, SR, -1.0, False),
    "pickup": (sfx_pickup, SR, -3.0, False),
    "confirm": (sfx_confirm, SR, -1.0, False),
    "illegal": (sfx_illegal, SR, -7.0, False),
    "click": (sfx_click, SR, -2.0, False),
    "power": (sfx_power, SR, -1.0, False),
    "combo": (sfx_combo, SR, -1.0, False),
    "magdagdon": (sfx_magdagdon, SR, -1.0, False),
    "ruin": (sfx_ruin, SR, -1.0, False),
    "gameover": (sfx_gameover, SR, -1.0, False),
    "tick": (sfx_tick, SR, -4.0, False),
    "music_menu": (music_menu, MUSIC_SR, -6.0, True),
    "music_play": (music_play, MUSIC_SR, -6.0, True),
    "querni_select": (sfx_querni_select, SR, -3.0, False),
    "querni_step": (sfx_querni_step, SR, -3.0, False),
    "querni_jump": (sfx_querni_jump, SR, -3.0, False),
    "querni_land": (sfx_querni_land, SR, -2.0, False),
    "querni_chain": (sfx_querni_chain, SR, -2.0, False),
    "querni_pop": (sfx_querni_pop, SR, -1.0, False),
    "querni_illegal": (sfx_querni_illegal, SR, -7.0, False),
    "querni_pass": (sfx_querni_pass, SR, -4.0, False),
    "querni_win": (sfx_querni_win, SR, -1.0, False),
    "querni_draw": (sfx_querni_draw, SR, -2.0, False),
    "music_querni": (music_querni, MUSIC_SR, -6.0, True),
}


def seed_for(name: str) -> int:
    return zlib.crc32(f"magdagdon:{name}".encode())


def finish(x: Signal, sr: int, peak_db: float, loop: bool) -> array.array:
    """DC-block, fade the edges (not for loops), normalise to ``peak_db`` and quantise."""
    def dc_block(s: Signal) -> Signal:
        return highpass(s, 18.0, sr)

    if loop:
        x = periodic(dc_block, x)
    else:
        x = fade_edges(dc_block(x), sr, 0.0005, min(0.05, len(x) / sr * 0.15))
    peak = max(abs(v) for v in x) or 1.0
    gain = 10.0 ** (peak_db / 20.0) / peak * 32767.0
    return array.array("h", (max(-32767, min(32767, int(round(v * gain)))) for v in x))


def render(name: str) -> tuple[int, array.array]:
    """Render one sound: returns (sample rate, 16-bit mono samples)."""
    gen, sr, peak_db, loop = SOUNDS[name]
    rng = random.Random(seed_for(name))
    return sr, finish(gen(rng), sr, peak_db, loop)


def write_wav(path: Path, sr: int, samples: array.array) -> None:
    data = array.array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(data.tobytes())


def stats(samples: Sequence[int]) -> tuple[float, float]:
    """(peak dBFS, RMS dBFS) of 16-bit samples."""
    peak = max(abs(v) for v in samples) or 1
    rms = math.sqrt(sum(v * v for v in samples) / max(1, len(samples))) or 1.0
    return 20.0 * math.log10(peak / 32768.0), 20.0 * math.log10(rms / 32768.0)


def write_all(folder: Path | str = DEFAULT_DIR, names: Sequence[str] | None = None,
              verbose: bool = False) -> list[Path]:
    """Render ``names`` (default: all) into ``folder`` as ``<name>.wav``; returns the paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in names or list(SOUNDS):
        sr, samples = render(name)
        path = folder / f"{name}.wav"
        write_wav(path, sr, samples)
        paths.append(path)
        if verbose:
            peak, rms = stats(samples)
            extra = ""
            if SOUNDS[name][3]:
                jump = abs(samples[0] - samples[-1])
                extra = f"  loop-joint jump {jump}"
            print(f"{name:11s} {len(samples) / sr:6.3f} s  {sr} Hz  peak {peak:6.1f} dBFS  "
                  f"rms {rms:6.1f} dBFS  {path.stat().st_size / 1024:7.1f} KiB{extra}")
    return paths


def main(argv: Sequence[str]) -> int:
    folder = Path(argv[0]) if argv else DEFAULT_DIR
    names = list(argv[1:]) or None
    unknown = [n for n in names or [] if n not in SOUNDS]
    if unknown:
        print(f"unknown sound(s): {', '.join(unknown)}; known: {', '.join(SOUNDS)}")
        return 2
    write_all(folder, names, verbose=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
