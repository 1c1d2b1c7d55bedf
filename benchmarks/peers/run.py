#!/usr/bin/env python3
"""LiquidKit peer benchmark.

Runs the raster workloads W1-W7 and the glass workloads G1-G3 (see ../WORKLOADS.md) in LiquidKit
(`liquid bench`) and in peer libraries (OpenCV, Pillow, cairo, Skia, shapely, optionally libvips; the glass
workloads as compositions of OpenCV primitives, glass_peers.py) on one core, prints the ratio
LiquidKit / peer per workload and the error of every blur against an exact float Gaussian.

The script bootstraps itself: run with any Python >= 3.11, it creates benchmarks/peers/.venv, installs
requirements.txt into it (binary wheels only) and re-executes itself inside it. See README.md.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
VENV = HERE / ".venv"
REQ = HERE / "requirements.txt"
REQ_OPT = HERE / "requirements-optional.txt"
STAMP = VENV / ".liquidkit-requirements"

# Library threading off. These must be in the environment before numpy & co are imported; the
# re-exec into the venv carries them.
THREAD_ENV = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
    "VECLIB_MAXIMUM_THREADS": "1",
    "VIPS_CONCURRENCY": "1",
}

# id -> liquid bench name, title, target ratio, the target peer
WORKLOADS = {
    "W1a": ("raster.w1.sigma10", "blur 1170x2532 s10", 0.25, "cv 3×box"),
    "W1b": ("raster.w1.sigma30", "blur 1170x2532 s30", 0.25, "cv 3×box"),
    "W2": ("raster.w2.sigma10", "blur 1170x250 s10", 0.5, "cv 3×box"),
    "W3": ("raster.w3.goo", "goo 1024² s12+thr", 0.5, "cv stack+thr"),
    "W4": ("raster.w4.remap", "remap 1170x250", 1.0, "cv remap"),
    "W5": ("raster.w5.stroke", "stroke 2000 pts", 1.0, "Skia"),
    "W6": ("raster.w6.simplify", "DP 100k pts e=1", 0.5, "cv approxPolyDP"),
    "W7": ("raster.w7.rrects", "64 rrects 1170x2532", 1.0, "cairo"),
    "G1": ("glass.g1.tabbar", "glass tab bar 1170x249", 0.5, "cv comp stackBlur"),
    "G2": ("glass.g2.lenses", "16 glass lenses 1170x2532", 0.5, "cv comp stackBlur"),
    "G3": ("glass.g3.switch", "goo switch 195x135", None, "cv comp"),
}
GLASS_REFERENCES = {"G1": "glass-g1.png", "G2": "glass-g2.png", "G3": "glass-g3.png"}
ACCURACY_SIGMAS = (10.0, 30.0)
ACC_MEAN_MAX = 0.5  # the blur accuracy target: mean error at most half a level
ACC_MAX_MAX = 3.0

INPUT_SIZES = {"w1": (1170, 2532), "w2": (1170, 250), "w3": (1024, 1024), "w4": (1170, 250)}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# Arguments and bootstrap
# --------------------------------------------------------------------------------------------------

def parse_args(argv):
    p = argparse.ArgumentParser(
        description="Run LiquidKit's raster workloads W1-W7 against OpenCV, Pillow, cairo, Skia, "
                    "shapely (and libvips if it installs) on one core; print ratios and blur accuracy.")
    p.add_argument("--liquid", metavar="PATH",
                   help="use this liquid binary instead of building it (swift build -c release --product liquid)")
    p.add_argument("--skip-liquid", action="store_true",
                   help="run the peers only (LiquidKit columns read 'skipped')")
    p.add_argument("--runs", type=int, default=15, metavar="N", help="timed runs per measurement (default 15)")
    try:
        default_core = max(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        default_core = 0
    p.add_argument("--core", type=int, default=default_core, metavar="K",
                   help=f"CPU core to pin to (default {default_core}, the last one allowed)")
    p.add_argument("--only", metavar="LIST",
                   help="comma-separated workloads, e.g. W1,W5,G1 (W1 = W1a+W1b; W1a, W1b also accepted; "
                        "W = all raster, G = all glass)")
    p.add_argument("--json", metavar="OUT", help="also write every figure to this JSON file")
    p.add_argument("--inputs", metavar="DIR",
                   help="use the w1..w4 PNGs in DIR instead of `liquid bench --write-inputs`")
    p.add_argument("--stand-in-inputs", action="store_true",
                   help="generate stand-in inputs in Python instead of asking liquid (figures then are "
                        "not on LiquidKit's exact pixels; timings are still comparable)")
    p.add_argument("--no-accuracy", action="store_true", help="skip the blur accuracy table")
    p.add_argument("--save-outputs", metavar="DIR",
                   help="write every peer's output image (straight RGBA PNG) to DIR, for visual checks")
    p.add_argument("--no-optional", action="store_true",
                   help="do not try to install the optional peers (libvips) into the venv")
    p.add_argument("--no-ui", action="store_true",
                   help="with glass workloads, skip the ui.* rows (liquid bench --filter ui.) printed beside them")
    p.add_argument("--reinstall", action="store_true", help="reinstall the venv's requirements")
    p.add_argument("--install-system-deps", action="store_true",
                   help="apt-get install libcairo2 if libcairo.so.2 is missing (needs root)")
    p.add_argument("--timeout", type=float, default=3600.0, metavar="S",
                   help="time limit for `liquid bench` (default 3600 s)")
    a = p.parse_args(argv)
    if a.runs < 1:
        p.error("--runs must be >= 1")
    return a


def in_venv() -> bool:
    try:
        return Path(sys.prefix).resolve() == VENV.resolve()
    except OSError:
        return False


def requirements_digest(optional: bool) -> str:
    h = hashlib.sha256()
    h.update(REQ.read_bytes())
    if optional and REQ_OPT.exists():
        h.update(b"\0optional\0")
        h.update(REQ_OPT.read_bytes())
    return h.hexdigest()


def ensure_venv(args) -> None:
    """Create .venv if needed and install the pinned requirements (binary wheels only)."""
    if sys.version_info < (3, 11):
        sys.exit(f"run.py needs Python >= 3.11 (the pinned wheels are cp311+); this is {platform.python_version()}")
    py = VENV / "bin" / "python"
    if not py.exists():
        log(f"[setup] creating virtualenv {VENV}")
        r = subprocess.run([sys.executable, "-m", "venv", str(VENV)])
        if r.returncode != 0 or not py.exists():
            sys.exit("[setup] could not create the virtualenv (is Python's venv module installed?)")
    want_optional = not args.no_optional
    digest = requirements_digest(want_optional)
    if not args.reinstall and STAMP.exists() and STAMP.read_text().strip() == digest:
        return
    pip = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "--no-input"]
    log(f"[setup] installing {REQ.name} into {VENV} (binary wheels only)")
    r = subprocess.run(pip + ["--only-binary=:all:", "-r", str(REQ)])
    if r.returncode != 0:
        sys.exit("[setup] pip install -r requirements.txt failed (see above)")
    if want_optional and REQ_OPT.exists():
        log(f"[setup] installing optional peers from {REQ_OPT.name} (failure is not fatal)")
        r = subprocess.run(pip + ["-r", str(REQ_OPT)])
        if r.returncode != 0:
            log("[setup] optional peers did not install; their columns will read 'not installed'")
    STAMP.write_text(digest + "\n")


def bootstrap(args) -> None:
    for k, v in THREAD_ENV.items():
        os.environ.setdefault(k, v)
    if in_venv():
        return
    if os.environ.get("LIQUIDKIT_PEERS_REEXEC") == "1":
        sys.exit("[setup] re-executed but not inside the venv; giving up")
    ensure_venv(args)
    os.environ["LIQUIDKIT_PEERS_REEXEC"] = "1"
    py = str(VENV / "bin" / "python")
    os.execv(py, [py, str(Path(__file__).resolve())] + sys.argv[1:])


def select_workloads(only):
    if not only:
        return list(WORKLOADS)
    chosen = []
    for tok in only.split(","):
        t = tok.strip().upper()
        if not t:
            continue
        if t == "W1":
            ids = ["W1a", "W1b"]
        elif t in ("W", "G"):
            ids = [w for w in WORKLOADS if w.startswith(t)]
        elif t in ("W1A", "W1B"):
            ids = ["W1" + t[2].lower()]
        elif t in WORKLOADS:
            ids = [t]
        else:
            sys.exit(f"--only: unknown workload {tok!r} (known: W1, W1a, W1b, W2 ... W7, G1 ... G3, W, G)")
        for i in ids:
            if i not in chosen:
                chosen.append(i)
    return [w for w in WORKLOADS if w in chosen]


# --------------------------------------------------------------------------------------------------
# LiquidKit side
# --------------------------------------------------------------------------------------------------

def build_liquid():
    """swift build -c release --product liquid; returns (path or None, message)."""
    swift = shutil.which("swift")
    if not swift:
        return None, "swift not found"
    log("[liquid] swift build -c release --product liquid (this may take a while)")
    r = subprocess.run([swift, "build", "-c", "release", "--product", "liquid"], cwd=REPO)
    if r.returncode != 0:
        return None, f"swift build failed (exit {r.returncode})"
    r = subprocess.run([swift, "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                       capture_output=True, text=True)
    path = Path(r.stdout.strip().splitlines()[-1]) / "liquid" if r.returncode == 0 and r.stdout.strip() else None
    if not path or not path.exists():
        return None, "built, but could not find the liquid binary"
    return str(path), "built"


def run_cmd(cmd, timeout):
    """Run a command, stderr passed through; returns (returncode, stdout, error message)."""
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=None, text=True, timeout=timeout)
        return r.returncode, r.stdout, None if r.returncode == 0 else f"exit {r.returncode}"
    except FileNotFoundError as e:
        return None, "", f"not found: {e.filename}"
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout:.0f} s"
    except OSError as e:
        return None, "", f"{type(e).__name__}: {e}"


def parse_bench_json(text):
    start = text.find("{")
    if start < 0:
        raise ValueError("no JSON object in output")
    obj, _ = json.JSONDecoder().raw_decode(text[start:])
    out = {}
    for b in obj.get("benchmarks", []):
        if isinstance(b, dict) and "name" in b:
            out[b["name"]] = b
    return out


def run_liquid_bench(liquid, core, runs, timeout, filters=("raster",)):
    """One `liquid bench --filter F` run per filter ("raster", "glass"); results merged by name."""
    results, errors = {}, []
    for f in filters:
        cmd = [liquid, "bench", "--filter", f, "--json", "--runs", str(runs)]
        if shutil.which("taskset"):
            cmd = ["taskset", "-c", str(core)] + cmd  # we are pinned already; taskset makes it explicit
        log("[liquid] " + " ".join(cmd))
        rc, out, err = run_cmd(cmd, timeout)
        try:
            results.update(parse_bench_json(out) if out else {})
        except (ValueError, json.JSONDecodeError) as e:
            err = (err + "; " if err else "") + f"unparsable JSON: {e}"
        if err:
            errors.append(f"{f}: {err}")
    return results, "; ".join(errors) or None


# --------------------------------------------------------------------------------------------------
# Peer libraries (imported after pinning)
# --------------------------------------------------------------------------------------------------

class Libs:
    def __init__(self, install_system_deps=False):
        self.mods = {}
        self.errors = {}
        self.versions = {}
        import importlib
        for name in ("numpy", "cv2", "PIL", "skia", "cairocffi", "shapely", "scipy", "pyvips"):
            if name == "cairocffi":
                self._check_libcairo(install_system_deps)
            try:
                m = importlib.import_module(name)
            except Exception as e:  # ImportError, OSError (missing libcairo), ...
                msg = f"{type(e).__name__}: {e}".splitlines()[0]
                if name == "cairocffi" and isinstance(e, OSError):
                    msg += " (install Debian's libcairo2, or pass --install-system-deps)"
                if name == "pyvips" and isinstance(e, ModuleNotFoundError):
                    msg = "not installed (optional)"
                self.errors[name] = msg
                continue
            self.mods[name] = m
            self.versions[name] = getattr(m, "__version__", "?")
        if "cv2" in self.mods:
            cv2 = self.mods["cv2"]
            cv2.setNumThreads(1)
            try:
                cv2.ocl.setUseOpenCL(False)
            except Exception:
                pass
        if "PIL" in self.mods:
            import PIL.Image, PIL.ImageFilter  # noqa: F401
        if "scipy" in self.mods:
            import scipy.ndimage  # noqa: F401
        if "cairocffi" in self.mods:
            self.versions["libcairo"] = self.mods["cairocffi"].cairo_version_string()
        if "shapely" in self.mods:
            self.versions["GEOS"] = ".".join(map(str, self.mods["shapely"].geos_version))
        if "pyvips" in self.mods:
            v = self.mods["pyvips"]
            try:
                v.concurrency_set(1)
                v.cache_set_max(0)
                v.cache_set_max_mem(0)
                v.cache_set_max_files(0)
                self.versions["libvips"] = f"{v.version(0)}.{v.version(1)}.{v.version(2)}"
            except Exception as e:
                self.errors["pyvips"] = f"{type(e).__name__}: {e}"
                del self.mods["pyvips"]

    @staticmethod
    def _check_libcairo(install):
        import ctypes.util
        if ctypes.util.find_library("cairo"):
            return
        if not install:
            log("[setup] libcairo.so.2 not found: cairo columns will be missing "
                "(apt-get install -y libcairo2, or rerun with --install-system-deps)")
            return
        if not shutil.which("apt-get"):
            log("[setup] libcairo missing and apt-get not available")
            return
        log("[setup] apt-get install -y libcairo2")
        r = subprocess.run(["apt-get", "install", "-y", "libcairo2"])
        if r.returncode != 0:
            subprocess.run(["apt-get", "update"])
            subprocess.run(["apt-get", "install", "-y", "libcairo2"])

    def need(self, name):
        if name in self.mods:
            return self.mods[name]
        raise MissingLib(name, self.errors.get(name, "not available"))


class MissingLib(Exception):
    def __init__(self, lib, why):
        super().__init__(f"no {lib}: {why}")
        self.lib = lib
        self.why = why


# --------------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------------

def write_png(libs, path, rgba):
    if "cv2" in libs.mods:
        cv2 = libs.mods["cv2"]
        if not cv2.imwrite(str(path), cv2.cvtColor(rgba, cv2.COLOR_RGBA2BGRA)):
            raise OSError(f"cv2.imwrite failed for {path}")
    else:
        from PIL import Image
        Image.fromarray(rgba, "RGBA").save(str(path))


def load_rgba(libs, path):
    """Load a PNG as a contiguous H x W x 4 uint8 RGBA array (straight alpha)."""
    np = libs.need("numpy")
    if "cv2" in libs.mods:
        cv2 = libs.mods["cv2"]
        im = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        if im is None:
            raise OSError(f"cannot read {path}")
        if im.dtype == np.uint16:
            im = (im >> 8).astype(np.uint8)
        if im.ndim == 2:
            im = cv2.cvtColor(im, cv2.COLOR_GRAY2RGBA)
        elif im.shape[2] == 3:
            im = cv2.cvtColor(im, cv2.COLOR_BGR2RGBA)
        else:
            im = cv2.cvtColor(im, cv2.COLOR_BGRA2RGBA)
        return np.ascontiguousarray(im)
    from PIL import Image
    with Image.open(str(path)) as im:
        return np.ascontiguousarray(np.asarray(im.convert("RGBA")))


def make_stand_in_inputs(libs, outdir):
    """Stand-ins with the contract's sizes and kind of content (not LiquidKit's exact pixels)."""
    np = libs.need("numpy")
    rng = np.random.default_rng(20240601)
    w, h = INPUT_SIZES["w1"]
    blocks = rng.integers(0, 256, size=((h + 15) // 16, (w + 15) // 16, 3), dtype=np.int16)
    rgb = np.repeat(np.repeat(blocks, 16, axis=0), 16, axis=1)[:h, :w]
    rgb = np.clip(rgb + rng.integers(-24, 25, size=(h, w, 3), dtype=np.int16), 0, 255).astype(np.uint8)
    w1 = np.dstack([rgb, np.full((h, w), 255, np.uint8)])
    w2 = np.ascontiguousarray(w1[:250])
    n = INPUT_SIZES["w3"][0]
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64) + 0.5
    cov = np.zeros((n, n))
    circles = [(220, 240, 120), (420, 260, 90), (700, 210, 140), (260, 620, 100),
               (470, 560, 60), (760, 560, 110), (330, 860, 80), (720, 850, 130)]
    for cx, cy, r in circles:
        d = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2)
        cov = np.maximum(cov, np.clip(r + 0.5 - d, 0.0, 1.0))
    a = np.rint(cov * 255).astype(np.uint8)
    c = np.where(a > 0, 255, 0).astype(np.uint8)
    w3 = np.dstack([c, c, c, a])
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    for name, img in (("w1", w1), ("w2", w2), ("w3", w3), ("w4", w2)):
        write_png(libs, outdir / f"{name}.png", img)


def load_inputs(libs, indir):
    imgs, problems = {}, []
    for name, (w, h) in INPUT_SIZES.items():
        p = Path(indir) / f"{name}.png"
        try:
            im = load_rgba(libs, p)
        except Exception as e:
            problems.append(f"{name}: {e}")
            continue
        if im.shape[:2] != (h, w):
            problems.append(f"{name}: expected {w}x{h}, got {im.shape[1]}x{im.shape[0]}")
        imgs[name] = im
    return imgs, problems


# --------------------------------------------------------------------------------------------------
# Workload parameters shared with WORKLOADS.md
# --------------------------------------------------------------------------------------------------

def boxes_for_gauss(sigma, n=3):
    """Box widths whose n-fold convolution approximates a Gaussian of std dev sigma."""
    w_ideal = math.sqrt(12.0 * sigma * sigma / n + 1.0)
    wl = int(math.floor(w_ideal))
    if wl % 2 == 0:
        wl -= 1
    wu = wl + 2
    m_ideal = (12.0 * sigma * sigma - n * wl * wl - 4.0 * n * wl - 3.0 * n) / (-4.0 * wl - 4.0)
    m = int(math.floor(m_ideal + 0.5))
    return [wl if i < m else wu for i in range(n)]


def boxes_sigma(sizes):
    return math.sqrt(sum((w * w - 1) / 12.0 for w in sizes))


def stack_ksize(sigma):
    """Stack blur: OpenCV's stackBlur(ksize) is a separable tent (triangle) kernel of radius r = ksize // 2.

    r is chosen to minimise the L1 distance between the normalised tent and the normalised Gaussian of
    std dev sigma (both sampled at integer offsets, the Gaussian out to 6 sigma). This is ~2.2 sigma and
    gives about half the error of matching the variance r(r+2)/6 = sigma^2 (~2.45 sigma).
    Returns (ksize, the tent's own sigma).
    """
    reach = int(math.ceil(6.0 * sigma))
    g = [math.exp(-(i * i) / (2.0 * sigma * sigma)) for i in range(-reach, reach + 1)]
    gs = sum(g)
    g = [v / gs for v in g]

    def l1(r):
        norm = float((r + 1) * (r + 1))
        total = 0.0
        for i in range(-max(r, reach), max(r, reach) + 1):
            t = (r + 1 - abs(i)) / norm if abs(i) <= r else 0.0
            gv = g[i + reach] if abs(i) <= reach else 0.0
            total += abs(t - gv)
        return total

    lo, hi = max(1, int(1.5 * sigma)), int(3.0 * sigma) + 2
    r = min(range(lo, hi + 1), key=l1)
    return 2 * r + 1, math.sqrt(r * (r + 2) / 6.0)


def gauss_ksize(sigma):
    return 2 * int(math.ceil(3.0 * sigma)) + 1


def w5_points():
    pts = []
    for i in range(2000):
        t = i / 1999.0
        pts.append((512.0 + 440.0 * math.sin(2.0 * math.pi * 3.0 * t + 0.3),
                    512.0 + 440.0 * math.sin(2.0 * math.pi * 4.0 * t)))
    return pts


def hash32(x):
    x &= 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    x ^= x >> 16
    return x


def w6_points():
    assert (hash32(1), hash32(2), hash32(3)) == (1753845952, 3507691905, 1408362973)
    n = 100_000
    xs, ys = [0.0] * n, [0.0] * n
    x = y = 0.0
    for i in range(1, n):
        theta = (2.0 * math.pi * float(hash32(i))) / 4294967296.0
        x += math.cos(theta)
        y += math.sin(theta)
        xs[i], ys[i] = x, y
    return xs, ys


def w7_rects():
    out = []
    for i in range(64):
        x = 15 + (i % 5) * 230 + 0.25 * (i % 4)
        y = 12 + (i // 5) * 190 + 0.5 * (i % 3)
        out.append((x, y, (37 * i) % 256, (91 * i) % 256, (53 * i) % 256, 200))
    return out


# --------------------------------------------------------------------------------------------------
# Peers. A factory returns (fn, info); fn() runs one timed iteration and returns its output.
# --------------------------------------------------------------------------------------------------

class Peer:
    def __init__(self, name, factory, reference_only=False, accuracy=False):
        self.name = name
        self.factory = factory
        self.reference_only = reference_only
        self.accuracy = accuracy  # output is a blur of w1 that goes into the accuracy table


def blur_peers(libs, src, sigma):
    def cv_3box():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        sizes = boxes_for_gauss(sigma)
        a, b = np.empty_like(src), np.empty_like(src)
        k0, k1, k2 = ((s, s) for s in sizes)
        rep = cv2.BORDER_REPLICATE

        def run():
            cv2.blur(src, k0, dst=a, borderType=rep)
            cv2.blur(a, k1, dst=b, borderType=rep)
            cv2.blur(b, k2, dst=a, borderType=rep)
            return a
        return run, {"boxes": sizes, "effective_sigma": round(boxes_sigma(sizes), 3)}

    def cv_stack():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        k, s_eff = stack_ksize(sigma)
        out = np.empty_like(src)

        def run():
            cv2.stackBlur(src, (k, k), dst=out)
            return out
        return run, {"ksize": k, "effective_sigma": round(s_eff, 3)}

    def cv_gauss():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        k = gauss_ksize(sigma)
        out = np.empty_like(src)

        def run():
            cv2.GaussianBlur(src, (k, k), sigmaX=sigma, sigmaY=sigma, dst=out, borderType=cv2.BORDER_REPLICATE)
            return out
        return run, {"ksize": k}

    def pillow():
        libs.need("PIL")
        from PIL import Image, ImageFilter
        im = Image.fromarray(src, "RGBA")
        f = ImageFilter.GaussianBlur(sigma)

        def run():
            return im.filter(f)
        return run, {"radius": sigma}

    def vips():
        pyvips = libs.need("pyvips")
        h, w = src.shape[:2]
        buf = src.tobytes()
        img = pyvips.Image.new_from_memory(buf, w, h, 4, "uchar")

        def run():
            return img.gaussblur(sigma).write_to_memory()
        return run, {"min_ampl": 0.2, "_keep": buf}

    return [Peer("cv 3×box", cv_3box, accuracy=True), Peer("cv stackBlur", cv_stack, accuracy=True),
            Peer("cv Gaussian", cv_gauss, accuracy=True), Peer("Pillow", pillow, accuracy=True),
            Peer("libvips", vips, accuracy=True)]


def goo_peers(libs, src):
    sigma = 12.0

    def cv_common(blur_alpha_only, exact):
        cv2, np = libs.need("cv2"), libs.need("numpy")
        h, w = src.shape[:2]
        k, _ = stack_ksize(sigma)
        kg = gauss_ksize(sigma)
        # premultiplied input: white with coverage a -> (a, a, a, a)
        pm = np.ascontiguousarray(np.repeat(src[:, :, 3:4], 4, axis=2))
        blurred = np.empty_like(pm)
        alpha = np.empty((h, w), np.uint8)
        alpha_b = np.empty((h, w), np.uint8)
        out = np.empty_like(pm)

        def blur(img, dst):
            if exact:
                cv2.GaussianBlur(img, (kg, kg), sigmaX=sigma, sigmaY=sigma, dst=dst, borderType=cv2.BORDER_REPLICATE)
            else:
                cv2.stackBlur(img, (k, k), dst=dst)

        if blur_alpha_only:
            def run():
                cv2.extractChannel(pm, 3, dst=alpha)
                blur(alpha, alpha_b)
                cv2.threshold(alpha_b, 127, 255, cv2.THRESH_BINARY, dst=alpha_b)
                cv2.merge([alpha_b, alpha_b, alpha_b, alpha_b], dst=out)
                return out
        else:
            def run():
                blur(pm, blurred)
                cv2.extractChannel(blurred, 3, dst=alpha)
                cv2.threshold(alpha, 127, 255, cv2.THRESH_BINARY, dst=alpha)
                cv2.merge([alpha, alpha, alpha, alpha], dst=out)
                return out
        return run, ({"ksize": kg} if exact else {"ksize": k})

    def pillow():
        libs.need("PIL")
        from PIL import Image, ImageFilter
        np = libs.need("numpy")
        pm = np.ascontiguousarray(np.repeat(src[:, :, 3:4], 4, axis=2))
        im = Image.fromarray(pm, "RGBA")
        f = ImageFilter.GaussianBlur(sigma)
        lut = [255 if v >= 128 else 0 for v in range(256)]
        white = Image.new("L", im.size, 255)

        def run():
            a = im.filter(f).getchannel("A").point(lut)
            return Image.merge("RGBA", (white, white, white, a))
        return run, {"radius": sigma}

    return [Peer("cv stack+thr", lambda: cv_common(False, False)),
            Peer("cv stack+thr α", lambda: cv_common(True, False)),
            Peer("cv Gauss+thr", lambda: cv_common(False, True)),
            Peer("Pillow+point", pillow)]


def remap_maps(np, w, h):
    xs = np.arange(w, dtype=np.float64)
    ys = np.arange(h, dtype=np.float64)
    mx = xs[None, :] + 12.0 * np.sin(2.0 * math.pi * ys[:, None] / 83.0)
    my = ys[:, None] + 12.0 * np.cos(2.0 * math.pi * xs[None, :] / 97.0)
    return (np.ascontiguousarray(mx.astype(np.float32)), np.ascontiguousarray(my.astype(np.float32)))


def remap_peers(libs, src):
    def cv():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        h, w = src.shape[:2]
        mx, my = remap_maps(np, w, h)
        out = np.empty_like(src)

        def run():
            cv2.remap(src, mx, my, cv2.INTER_LINEAR, dst=out, borderMode=cv2.BORDER_REPLICATE)
            return out
        return run, {}

    def vips():
        pyvips, np = libs.need("pyvips"), libs.need("numpy")
        h, w = src.shape[:2]
        mx, my = remap_maps(np, w, h)
        ibuf = np.ascontiguousarray(np.dstack([mx, my])).tobytes()
        sbuf = src.tobytes()
        img = pyvips.Image.new_from_memory(sbuf, w, h, 4, "uchar")
        index = pyvips.Image.new_from_memory(ibuf, w, h, 2, "float")
        interp = pyvips.Interpolate.new("bilinear")

        def run():
            return img.mapim(index, interpolate=interp, extend="copy").write_to_memory()
        return run, {"_keep": (ibuf, sbuf)}

    return [Peer("cv remap", cv), Peer("libvips mapim", vips)]


def cairo_lowlevel(cairo, ctx, surface):
    """cairocffi's raw cffi lib + pointers, to keep per-call binding overhead out of the timing."""
    lib = getattr(cairo, "cairo", None)
    ptr = getattr(ctx, "_pointer", None)
    sptr = getattr(surface, "_pointer", None)
    if lib is None or ptr is None or sptr is None:
        raise RuntimeError("cairocffi internals changed (no .cairo lib / ._pointer)")
    return lib, ptr, sptr


def stroke_peers(libs):
    pts = w5_points()
    colour = (30, 144, 255, 255)

    def skia():
        sk = libs.need("skia")
        surface = sk.Surface(1024, 1024)
        canvas = surface.getCanvas()
        path = sk.Path()
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        paint = sk.Paint(AntiAlias=True, Style=sk.Paint.kStroke_Style, StrokeWidth=8.0,
                         StrokeCap=sk.Paint.kRound_Cap, StrokeJoin=sk.Paint.kRound_Join,
                         Color=sk.Color(*colour))
        clear = sk.ColorTRANSPARENT

        def run():
            canvas.clear(clear)
            canvas.drawPath(path, paint)
            return surface
        return run, {}

    def cairo():
        cr = libs.need("cairocffi")
        surface = cr.ImageSurface(cr.FORMAT_ARGB32, 1024, 1024)
        ctx = cr.Context(surface)
        ctx.set_line_width(8.0)
        ctx.set_line_cap(cr.LINE_CAP_ROUND)
        ctx.set_line_join(cr.LINE_JOIN_ROUND)
        ctx.set_source_rgba(*(c / 255.0 for c in colour))
        lib, ptr, sptr = cairo_lowlevel(cr, ctx, surface)
        ctx.move_to(*pts[0])
        for p in pts[1:]:
            ctx.line_to(*p)
        path = cr.ffi.gc(lib.cairo_copy_path(ptr), lib.cairo_path_destroy)
        ctx.new_path()
        op_clear, op_over = cr.OPERATOR_CLEAR, cr.OPERATOR_OVER

        def run():
            lib.cairo_set_operator(ptr, op_clear)
            lib.cairo_paint(ptr)
            lib.cairo_set_operator(ptr, op_over)
            lib.cairo_append_path(ptr, path)
            lib.cairo_stroke(ptr)
            lib.cairo_surface_flush(sptr)
            return surface
        return run, {"_keep": (ctx, path)}

    def cv():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        img = np.zeros((1024, 1024, 4), np.uint8)
        ipts = np.rint(np.array(pts, np.float64) * 16.0).astype(np.int32).reshape(-1, 1, 2)

        def run():
            img.fill(0)
            cv2.polylines(img, [ipts], False, colour, 8, cv2.LINE_AA, 4)
            return img
        return run, {"note": "not a true round-join AA stroke: per-segment thick lines, overlaps blended repeatedly"}

    return [Peer("Skia", skia), Peer("cairo", cairo), Peer("cv polylines (ref)", cv, reference_only=True)]


def glass_composition_peers(libs, w1, wid):
    """G1/G2 from OpenCV primitives (glass_peers.py): the frost by stackBlur (target) or GaussianBlur."""
    import glass_peers  # noqa: PLC0415 (beside this script)
    scene = glass_peers.g1_scene if wid == "G1" else glass_peers.g2_scene

    def factory(blur):
        def make():
            run, reset, info = glass_peers.glass_peers(libs, w1, scene, blur, stack_ksize)
            info["_prepare"] = reset
            return run, info
        return make
    return [Peer("cv comp stackBlur", factory("stack")), Peer("cv comp Gaussian", factory("gauss"))]


def goo_switch_peers(libs):
    import glass_peers  # noqa: PLC0415

    def make():
        run, reset, info = glass_peers.goo_switch_peer(libs, stack_ksize)
        info["_prepare"] = reset
        return run, info
    return [Peer("cv comp", make)]


def glass_difference(libs, out, reference_path):
    """How far a peer's composition is from LiquidKit's own result (same pixels; RGBA levels)."""
    np = libs.need("numpy")
    try:
        ref = load_rgba(libs, reference_path)
    except Exception as e:  # no reference written (older liquid) or unreadable
        return {"vs_liquidkit": f"no reference ({type(e).__name__})"}
    if ref.shape != out.shape:
        return {"vs_liquidkit": f"reference is {ref.shape[1]}x{ref.shape[0]}"}
    d = np.abs(out.astype(np.int16) - ref.astype(np.int16))
    return {"vs_liquidkit": f"|Δ| mean {float(d.mean()):.2f}, max {int(d.max())} levels"}


def simplify_peers(libs, pts_x, pts_y):
    def cv():
        cv2, np = libs.need("cv2"), libs.need("numpy")
        arr = np.ascontiguousarray(np.stack([pts_x, pts_y], axis=1).astype(np.float32).reshape(-1, 1, 2))

        def run():
            return cv2.approxPolyDP(arr, 1.0, False)
        return run, {}

    def shp():
        shapely, np = libs.need("shapely"), libs.need("numpy")
        line = shapely.LineString(np.stack([pts_x, pts_y], axis=1))

        def run():
            return shapely.simplify(line, 1.0, preserve_topology=False)
        return run, {}

    return [Peer("cv approxPolyDP", cv), Peer("shapely", shp)]


def rrect_peers(libs):
    rects = w7_rects()
    W, H = 1170, 2532

    def skia():
        sk = libs.need("skia")
        surface = sk.Surface(W, H)
        canvas = surface.getCanvas()
        items = [(sk.RRect.MakeRectXY(sk.Rect.MakeXYWH(x, y, 200, 80), 20, 20),
                  sk.Paint(AntiAlias=True, Color=sk.Color(r, g, b, a))) for x, y, r, g, b, a in rects]
        clear = sk.ColorTRANSPARENT

        def run():
            canvas.clear(clear)
            for rr, paint in items:
                canvas.drawRRect(rr, paint)
            return surface
        return run, {}

    def cairo():
        cr = libs.need("cairocffi")
        surface = cr.ImageSurface(cr.FORMAT_ARGB32, W, H)
        ctx = cr.Context(surface)
        lib, ptr, sptr = cairo_lowlevel(cr, ctx, surface)
        items = []
        rad = 20.0
        for x, y, r, g, b, a in rects:
            ctx.new_path()
            ctx.new_sub_path()
            ctx.arc(x + 200 - rad, y + rad, rad, -math.pi / 2, 0)
            ctx.arc(x + 200 - rad, y + 80 - rad, rad, 0, math.pi / 2)
            ctx.arc(x + rad, y + 80 - rad, rad, math.pi / 2, math.pi)
            ctx.arc(x + rad, y + rad, rad, math.pi, 3 * math.pi / 2)
            ctx.close_path()
            path = cr.ffi.gc(lib.cairo_copy_path(ptr), lib.cairo_path_destroy)
            items.append((path, r / 255.0, g / 255.0, b / 255.0, a / 255.0))
        ctx.new_path()
        op_clear, op_over = cr.OPERATOR_CLEAR, cr.OPERATOR_OVER

        def run():
            lib.cairo_set_operator(ptr, op_clear)
            lib.cairo_paint(ptr)
            lib.cairo_set_operator(ptr, op_over)
            for path, r, g, b, a in items:
                lib.cairo_set_source_rgba(ptr, r, g, b, a)
                lib.cairo_append_path(ptr, path)
                lib.cairo_fill(ptr)
            lib.cairo_surface_flush(sptr)
            return surface
        return run, {"_keep": (ctx, items)}

    return [Peer("cairo", cairo), Peer("Skia", skia)]


# --------------------------------------------------------------------------------------------------
# Timing and output conversion
# --------------------------------------------------------------------------------------------------

def time_fn(fn, runs, prepare=None):
    """1 warm-up + `runs` timed calls of fn; `prepare` (untimed) runs before each call.

    Returns (wall times, thread CPU times, last output), times in ms."""
    if prepare:
        prepare()
    out = fn()  # warm-up
    times, cpu = [], []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(runs):
            if prepare:
                prepare()
            c0 = time.thread_time_ns()
            t0 = time.perf_counter_ns()
            out = fn()
            t1 = time.perf_counter_ns()
            cpu.append((time.thread_time_ns() - c0) / 1e6)
            times.append((t1 - t0) / 1e6)
    finally:
        if gc_was:
            gc.enable()
    return times, cpu, out


def to_rgba_array(libs, out, shape_hw):
    """Convert a peer's output object to a straight-alpha H x W x 4 uint8 RGBA array."""
    np = libs.need("numpy")
    h, w = shape_hw
    if isinstance(out, np.ndarray):
        return out
    mod = type(out).__module__ or ""
    if isinstance(out, (bytes, bytearray, memoryview)) or mod.startswith("_cffi"):  # libvips write_to_memory
        return np.frombuffer(out, np.uint8).reshape(h, w, -1)
    if mod.startswith("PIL"):
        return np.asarray(out.convert("RGBA"))
    if "skia" in mod:
        sk = libs.need("skia")
        img = out.makeImageSnapshot()
        return np.asarray(img.toarray(colorType=sk.kRGBA_8888_ColorType, alphaType=sk.kUnpremul_AlphaType))
    if "cairocffi" in mod:
        stride = out.get_stride()
        data = np.frombuffer(out.get_data(), np.uint8).reshape(h, stride // 4, 4)[:, :w]
        # ARGB32 native-endian premultiplied = B, G, R, A bytes on little-endian
        bgra = data.astype(np.float64)
        a = bgra[:, :, 3:4]
        rgb = np.where(a > 0, bgra[:, :, 2::-1] * 255.0 / np.maximum(a, 1), 0)
        return np.dstack([np.clip(np.rint(rgb), 0, 255), a]).astype(np.uint8)
    raise TypeError(f"don't know how to convert {type(out)}")


def fmt_ms(v):
    if v is None:
        return "—"
    if v >= 100:
        return f"{v:.0f}"
    if v >= 10:
        return f"{v:.1f}"
    if v >= 1:
        return f"{v:.2f}"
    return f"{v:.3f}"


def fmt_ratio(v):
    return "—" if v is None else f"{v:.2f}"


def print_table(headers, rows, title=None):
    cols = len(headers)
    widths = [len(h) for h in headers]
    for r in rows:
        for i in range(cols):
            widths[i] = max(widths[i], len(str(r[i])))
    if title:
        print()
        print(title)
    line = " | ".join(h.ljust(widths[i]) for i, h in enumerate(headers))
    print(line)
    print("-+-".join("-" * widths[i] for i in range(cols)))
    for r in rows:
        print(" | ".join(str(r[i]).ljust(widths[i]) for i in range(cols)))


# --------------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------------

def main():
    args = parse_args(sys.argv[1:])
    bootstrap(args)  # may re-exec inside .venv
    selected = select_workloads(args.only)

    # 1. Build LiquidKit before pinning (the build wants both cores).
    liquid, liquid_status = None, "skipped (--skip-liquid)"
    if not args.skip_liquid:
        if args.liquid:
            if Path(args.liquid).exists():
                liquid = str(Path(args.liquid).resolve())
            else:
                liquid = shutil.which(args.liquid)
            liquid_status = "given" if liquid else f"not found: {args.liquid}"
        else:
            liquid, liquid_status = build_liquid()
    if liquid is None:
        log(f"[liquid] unavailable: {liquid_status}; LiquidKit columns will read 'missing'")

    # 2. Pin to one core before importing any peer library: threads created later inherit it.
    allowed = sorted(os.sched_getaffinity(0))
    if args.core not in allowed:
        sys.exit(f"--core {args.core} is not one of the allowed CPUs {allowed}")
    os.sched_setaffinity(0, {args.core})
    libs = Libs(install_system_deps=args.install_system_deps)
    if "numpy" not in libs.mods:
        sys.exit(f"numpy is required: {libs.errors.get('numpy')}")
    np = libs.mods["numpy"]
    for name, why in libs.errors.items():
        log(f"[peers] {name}: {why}")

    report = {
        "meta": {
            "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "host": platform.node(),
            "cpu": cpu_model(),
            "cpus_allowed": allowed,
            "core": args.core,
            "runs": args.runs,
            "python": platform.python_version(),
            "versions": libs.versions,
            "missing_libs": libs.errors,
            "liquid": liquid,
            "liquid_status": liquid_status,
            "loadavg_start": list(os.getloadavg()),
        },
        "liquid_bench": {},
        "workloads": {},
        "accuracy": {},
    }

    # 3. Inputs.
    tmp = tempfile.TemporaryDirectory(prefix="liquid-peers-")
    indir = Path(tmp.name) / "inputs"
    input_source = None
    if args.inputs:
        indir, input_source = Path(args.inputs), f"given: {args.inputs}"
    elif args.stand_in_inputs:
        make_stand_in_inputs(libs, indir)
        input_source = "stand-in (--stand-in-inputs)"
    else:
        err = "liquid unavailable"
        if liquid:
            indir.mkdir(parents=True, exist_ok=True)
            log(f"[liquid] {liquid} bench --write-inputs {indir}")
            _, _, err = run_cmd([liquid, "bench", "--write-inputs", str(indir)], 600)
            if err is None and not all((indir / f"{n}.png").exists() for n in INPUT_SIZES):
                err = "it did not write all of w1..w4.png"
            if err is None:
                input_source = "liquid bench --write-inputs"
        if input_source is None:
            log(f"[inputs] liquid bench --write-inputs failed ({err}); using Python stand-in inputs")
            make_stand_in_inputs(libs, indir)
            input_source = f"stand-in (liquid bench --write-inputs: {err})"
    imgs, problems = load_inputs(libs, indir)
    for p in problems:
        log(f"[inputs] {p}")
    report["meta"]["inputs"] = input_source
    report["meta"]["input_problems"] = problems

    # 4. LiquidKit timings.
    bench, bench_err = {}, None
    if liquid:
        filters = [f for f, prefix in (("raster", "W"), ("glass", "G")) if any(w.startswith(prefix) for w in selected)]
        # The UI rows (each with its multiple of the screen copy) go beside the glass rows.
        if "glass" in filters and not args.no_ui:
            filters.append("ui.")
        bench, bench_err = run_liquid_bench(liquid, args.core, args.runs, args.timeout, filters)
        if bench_err:
            log(f"[liquid] bench: {bench_err}")
    report["liquid_bench"] = {"error": bench_err, "results": bench}

    # 5. Peers.
    save_dir = Path(args.save_outputs) if args.save_outputs else None
    if save_dir:
        save_dir.mkdir(parents=True, exist_ok=True)
    blur_outputs = {}  # sigma -> {peer: RGBA array}
    w6_counts = {}
    summary_rows, detail_rows = [], []

    for wid in selected:
        lname, title, target, target_peer = WORKLOADS[wid]
        peers, shape, needs = [], None, None
        try:
            if wid in ("W1a", "W1b"):
                needs = "w1"
                sigma = 10.0 if wid == "W1a" else 30.0
                peers = blur_peers(libs, imgs["w1"], sigma)
                shape = imgs["w1"].shape[:2]
            elif wid == "W2":
                needs = "w2"
                peers = blur_peers(libs, imgs["w2"], 10.0)
                shape = imgs["w2"].shape[:2]
            elif wid == "W3":
                needs = "w3"
                peers = goo_peers(libs, imgs["w3"])
                shape = imgs["w3"].shape[:2]
            elif wid == "W4":
                needs = "w4"
                peers = remap_peers(libs, imgs["w4"])
                shape = imgs["w4"].shape[:2]
            elif wid == "W5":
                peers, shape = stroke_peers(libs), (1024, 1024)
            elif wid == "W6":
                xs, ys = w6_points()
                peers = simplify_peers(libs, np.array(xs), np.array(ys))
            elif wid == "W7":
                peers, shape = rrect_peers(libs), (2532, 1170)
            elif wid in ("G1", "G2"):
                needs = "w1"
                peers = glass_composition_peers(libs, imgs["w1"], wid)
                shape = (249 if wid == "G1" else 2532, 1170)
            elif wid == "G3":
                peers, shape = goo_switch_peers(libs), (135, 195)
        except KeyError:
            log(f"[{wid}] input {needs}.png unavailable; peers skipped")
            peers = []

        entry = {"title": title, "liquid_name": lname, "target_ratio": target, "target_peer": target_peer,
                 "peers": {}}
        lk = bench.get(lname)
        lk_ms = lk.get("median_ms") if isinstance(lk, dict) else None
        if isinstance(lk_ms, (int, float)):
            lk_ms = float(lk_ms)
        else:
            lk_ms = None
        entry["liquid_median_ms"] = lk_ms
        if lk:
            entry["liquid"] = lk
        lk_note = ("skipped" if args.skip_liquid else "missing") if lk_ms is None else fmt_ms(lk_ms)
        if lk_ms is not None and isinstance(lk.get("cpu_median_ms"), (int, float)):
            lk_note += f" (CPU {fmt_ms(float(lk['cpu_median_ms']))})"

        for peer in peers:
            log(f"[{wid}] {peer.name} ...")
            pe = {"reference_only": peer.reference_only}
            try:
                fn, info = peer.factory()
                pe.update({k: v for k, v in info.items() if not k.startswith("_")})
                times, cpu, out = time_fn(fn, args.runs, info.get("_prepare"))
                pe.update(median_ms=statistics.median(times), min_ms=min(times), max_ms=max(times),
                          runs_ms=[round(t, 4) for t in times], cpu_median_ms=statistics.median(cpu))
            except MissingLib as e:
                pe["status"] = f"no {e.lib}" if e.lib != "pyvips" else "not installed"
                pe["why"] = e.why
                out = None
            except Exception as e:
                pe["status"] = "error"
                pe["why"] = f"{type(e).__name__}: {e}"
                log(f"[{wid}] {peer.name} failed: {pe['why']}")
                out = None
            if out is not None and wid == "W6":
                try:
                    cnt = int(out.shape[0]) if hasattr(out, "shape") else int(
                        libs.need("shapely").get_num_coordinates(out))
                    pe["output_points"] = cnt
                    w6_counts[peer.name] = cnt
                except Exception as e:
                    pe["output_points_error"] = str(e)
            if out is not None and wid in GLASS_REFERENCES:
                pe.update(glass_difference(libs, out, indir / GLASS_REFERENCES[wid]))
            if out is not None and shape is not None and (peer.accuracy and wid in ("W1a", "W1b") or save_dir):
                try:
                    arr = to_rgba_array(libs, out, shape)
                    if peer.accuracy and wid in ("W1a", "W1b"):
                        blur_outputs.setdefault(10.0 if wid == "W1a" else 30.0, {})[peer.name] = np.array(arr)
                    if save_dir:
                        fname = f"{wid}_{peer.name}".replace(" ", "_").replace("×", "x").replace("+", "_").replace("α", "alpha")
                        fname = "".join(c for c in fname if (c.isascii() and c.isalnum()) or c in "_-.") + ".png"
                        write_png(libs, save_dir / fname, np.ascontiguousarray(arr[:, :, :4]))
                except Exception as e:
                    log(f"[{wid}] {peer.name}: output conversion failed: {e}")
            entry["peers"][peer.name] = pe

        # best peer, ratios
        timed = {n: p["median_ms"] for n, p in entry["peers"].items()
                 if "median_ms" in p and not p["reference_only"]}
        best = min(timed, key=timed.get) if timed else None
        entry["best_peer"] = best
        entry["ratio_best"] = lk_ms / timed[best] if (lk_ms is not None and best) else None
        tp = timed.get(target_peer)
        entry["ratio_target_peer"] = lk_ms / tp if (lk_ms is not None and tp) else None
        # The same ratio in thread CPU time (liquid bench's cpu_median_ms): on a loaded machine wall time also
        # counts other processes' time slices on the core, which need not hit both sides alike.
        lk_cpu = lk.get("cpu_median_ms") if isinstance(lk, dict) else None
        tp_cpu = entry["peers"].get(target_peer, {}).get("cpu_median_ms")
        entry["ratio_target_peer_cpu"] = lk_cpu / tp_cpu if (isinstance(lk_cpu, (int, float)) and tp_cpu) else None
        for n, p in entry["peers"].items():
            if "median_ms" in p and lk_ms is not None:
                p["ratio_liquid_over_peer"] = lk_ms / p["median_ms"]
        if target is None:
            met = "— (no target)"
        elif lk_ms is None:
            met = "?"
        elif tp is None:
            met = f"? ({target_peer} missing)"
        else:
            met = "yes" if entry["ratio_target_peer"] <= target else "NO"
        entry["met"] = met
        report["workloads"][wid] = entry

        peer_cells = []
        for n, p in entry["peers"].items():
            v = fmt_ms(p["median_ms"]) if "median_ms" in p else p.get("status", "?")
            peer_cells.append(f"{n} {v}")
        summary_rows.append([
            f"{wid} {title}", lk_note, " · ".join(peer_cells) or "—",
            f"{best} {fmt_ms(timed[best])}" if best else "—", fmt_ratio(entry["ratio_best"]),
            f"≤ {target} × {target_peer}" if target is not None else "—", fmt_ratio(entry["ratio_target_peer"]),
            fmt_ratio(entry["ratio_target_peer_cpu"]), met])
        for n, p in entry["peers"].items():
            note = []
            if p.get("reference_only"):
                note.append("reference only")
            for k in ("boxes", "ksize", "effective_sigma", "output_points", "frost", "frost_region", "surfaces",
                      "glass_pixels", "vs_liquidkit"):
                if k in p:
                    note.append(f"{k}={p[k]}")
            if "why" in p:
                note.append(p["why"])
            detail_rows.append([wid, n, fmt_ms(p.get("median_ms")), fmt_ms(p.get("min_ms")),
                                fmt_ms(p.get("max_ms")), fmt_ms(p.get("cpu_median_ms")),
                                fmt_ratio(p.get("ratio_liquid_over_peer")), "; ".join(note)])

    # 6. Blur accuracy against an exact float Gaussian (RGB of the opaque w1).
    acc_rows = []
    if not args.no_accuracy and any(w in selected for w in ("W1a", "W1b")) and "w1" in imgs:
        acc_rows = accuracy(args, libs, liquid, imgs["w1"], indir, blur_outputs, selected, report)
        for wid, sigma in (("W1a", 10.0), ("W1b", 30.0)):
            acc = report["accuracy"].get(f"sigma{sigma:g}", {}).get("LiquidKit")
            e = report["workloads"].get(wid)
            if e and acc and "mean" in acc:
                ok = acc["mean"] <= ACC_MEAN_MAX and acc["max"] <= ACC_MAX_MAX
                e["accuracy_met"] = ok
                if not ok and e["met"] == "yes":
                    e["met"] = "NO (accuracy)"
                for row in summary_rows:
                    if row[0].startswith(wid + " "):
                        row[8] = e["met"]

    # 7. Print.
    report["meta"]["loadavg_end"] = list(os.getloadavg())
    print()
    print(f"LiquidKit vs peers — one core (CPU {args.core}), median of {args.runs} runs after 1 warm-up; "
          f"inputs: {input_source}; liquid: {liquid or liquid_status}")
    la0, la1 = report["meta"]["loadavg_start"][0], report["meta"]["loadavg_end"][0]
    print(f"load average (1 min) at start {la0:.2f}, at end {la1:.2f} on {len(allowed)} CPUs"
          + ("  — busy machine: expect noisy figures" if max(la0, la1) > 0.5 * len(allowed) else ""))
    if bench_err:
        print(f"liquid bench: {bench_err}")
    print_table(["workload", "LiquidKit ms", "peers (median ms)", "best peer ms", "LK/best",
                 "target", "LK/target peer", "same, CPU time", "met?"], summary_rows, "Summary")
    print_table(["wl", "peer", "median ms", "min ms", "max ms", "CPU ms", "LK/peer", "notes"], detail_rows,
                "All peers")
    ui_rows = ui_table(bench, selected, report)
    if ui_rows:
        print_table(["row", "median ms per unit", "unit", "× screen copy"], ui_rows,
                    "Glass and UI rows as multiples of reference.screen-copy (one full-screen RGBA8 memory copy, "
                    "same liquid bench run as the ui rows)")
    if "W6" in selected:
        lk6 = bench.get("raster.w6.simplify", {})
        counts = dict(w6_counts)
        if isinstance(lk6, dict) and "output_count" in lk6:
            counts["LiquidKit"] = lk6["output_count"]
        report["workloads"]["W6"]["output_counts"] = counts
        print()
        print("W6 kept points (of 100000): " + ", ".join(f"{k} {v}" for k, v in counts.items())
              + "  (OpenCV: distance to line; shapely/GEOS and LiquidKit: distance to segment)")
    if acc_rows:
        print_table(["σ", "implementation", "mean err", "max err", "max ≥3σ from edge", "per-channel mean R/G/B", "meets issue (≤0.5/≤3)?"],
                    acc_rows, "Blur accuracy vs exact float Gaussian (scipy, float64, mode=nearest, "
                              "truncate=6), RGB of w1, 8-bit levels")
    print()
    print("Ratios < 1 mean LiquidKit is faster. The machine is shared: read medians and ratios, not lone times.")

    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2, default=str) + "\n")
        print(f"wrote {args.json}")
    tmp.cleanup()


def ui_table(bench, selected, report):
    """Rows for the glass workloads and every `ui.*` row of `bench`, each as a multiple of the screen copy.

    `liquid bench` computes a ui row's multiple itself (per frame or move, its `screen_copy_multiple`); a glass
    row's multiple is its median over the screen copy's median (one image per run). Empty when no ui row or
    no screen copy was measured."""
    copy = bench.get("reference.screen-copy")
    ui = sorted(n for n, b in bench.items() if n.startswith("ui.") and isinstance(b, dict))
    if not isinstance(copy, dict) or not copy.get("ns_per_iteration") or not ui:
        return []
    copy_ns = copy["ns_per_iteration"]
    rows = [["reference.screen-copy", fmt_ms(copy_ns / 1e6), copy.get("unit", "copy"), "1.00"]]
    multiples = {}
    for wid in selected:
        name = WORKLOADS[wid][0]
        b = bench.get(name)
        if wid.startswith("G") and isinstance(b, dict) and b.get("ns_per_iteration"):
            m = b["ns_per_iteration"] / copy_ns
            multiples[name] = m
            rows.append([name, fmt_ms(b["ns_per_iteration"] / 1e6), b.get("unit", "?"), f"{m:.2f}"])
    for n in ui:
        b = bench[n]
        m = b.get("screen_copy_multiple")
        if not isinstance(m, (int, float)) and b.get("ns_per_iteration"):
            m = b["ns_per_iteration"] / copy_ns
        multiples[n] = m
        per = b.get("ns_per_iteration")
        rows.append([n, fmt_ms(per / 1e6 if per else None), b.get("unit", "?"), "—" if m is None else f"{m:.2f}"])
    report["screen_copy_multiples"] = {"screen_copy_ms": copy_ns / 1e6, "rows": multiples}
    return rows


def accuracy(args, libs, liquid, w1, indir, blur_outputs, selected, report):
    np = libs.need("numpy")
    try:
        libs.need("scipy")
    except MissingLib as e:
        log(f"[accuracy] skipped: {e}")
        report["accuracy"]["error"] = str(e)
        return []
    from scipy import ndimage
    rows = []
    src = w1[:, :, :3].astype(np.float64)
    w1_path = indir / "w1.png"
    for sigma in ACCURACY_SIGMAS:
        wid = "W1a" if sigma == 10.0 else "W1b"
        if wid not in selected:
            continue
        log(f"[accuracy] exact reference σ={sigma:g} (scipy, float64)")
        ref = np.empty_like(src)
        for c in range(3):
            ndimage.gaussian_filter(src[:, :, c], sigma, output=ref[:, :, c], mode="nearest", truncate=6.0)
        outs = {}
        if liquid:
            out_png = Path(tempfile.mkdtemp(prefix="liquid-blur-")) / f"blur{sigma:g}.png"
            cmd = [liquid, "filter", "blur", "--sigma", f"{sigma:g}", "--edge", "clamp", str(w1_path), str(out_png)]
            log("[accuracy] " + " ".join(cmd))
            _, _, err = run_cmd(cmd, 600)
            if err is None:
                try:
                    outs["LiquidKit"] = load_rgba(libs, out_png)
                except Exception as e:
                    err = str(e)
            if err is not None:
                outs["LiquidKit"] = f"missing ({err})"
        else:
            outs["LiquidKit"] = "missing (no liquid binary)"
        outs.update(blur_outputs.get(sigma, {}))
        res = {}
        for name, out in outs.items():
            if isinstance(out, str):
                res[name] = {"status": out}
                rows.append([f"{sigma:g}", name, out, "", "", "", ""])
                continue
            if out.shape[:2] != ref.shape[:2]:
                msg = f"wrong size {out.shape[1]}x{out.shape[0]}"
                res[name] = {"status": msg}
                rows.append([f"{sigma:g}", name, msg, "", "", "", ""])
                continue
            err = np.abs(out[:, :, :3].astype(np.float64) - ref)
            mean, mx = float(err.mean()), float(err.max())
            m = int(math.ceil(3 * sigma))  # away from the edges, where per-pass clamping does not matter
            mx_in = float(err[m:-m, m:-m].max()) if err.shape[0] > 2 * m and err.shape[1] > 2 * m else None
            per_mean = [float(err[:, :, c].mean()) for c in range(3)]
            per_max = [float(err[:, :, c].max()) for c in range(3)]
            ok = mean <= ACC_MEAN_MAX and mx <= ACC_MAX_MAX
            res[name] = {"mean": mean, "max": mx, "max_interior": mx_in, "interior_margin_px": m,
                         "per_channel_mean": per_mean, "per_channel_max": per_max,
                         "meets_issue": ok}
            rows.append([f"{sigma:g}", name, f"{mean:.3f}", f"{mx:.2f}",
                         "—" if mx_in is None else f"{mx_in:.2f}",
                         "/".join(f"{m:.3f}" for m in per_mean), "yes" if ok else "no"])
        report["accuracy"][f"sigma{sigma:g}"] = res
    return rows


def cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


if __name__ == "__main__":
    main()
