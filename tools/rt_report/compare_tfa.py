#!/usr/bin/env python3
"""compare_tfa: make compare-tfa, this firmware and TF-A side by side on the
same QEMU, the same payloads, measured the same way.

Usage: compare_tfa.py --plat PLAT --work DIR --runs DIR --tfa-src DIR
                      --tfa-cache DIR --mbedtls-src DIR --patch FILE
                      [--cpu MODEL] [--memory MIB] [--reduced] [--timeout S]

TF-A is Debian's 2.8 source (make_helpers/debian_sources.mk), built by
make_helpers/tfa_build.sh for its QEMU port (PLAT=qemu, GICv3; sbsa:
qemu_sbsa) with runtime instrumentation and the build patch --patch (its
PMF calls answered: tests/tfa/qemu-pmf-sip.patch). Ours is built by this
tree's make in DIR/n1fw-<variant>/ for the CPU and topology TF-A's port
runs (its cores per cluster from its platform_def.h; QEMU virt numbers
every CPU in Aff0, so one cluster of them), with PAYLOAD_POWERDOWN_SUSPEND=0
(TF-A's port does not come back from a power-down suspend). Both boot
the same payload images, packed by each side's own tools: the report's
(its runtime-instrumentation scenarios, stopped when they end), make
bench's and make profile's, on the same machine through tools/qemu_run.
TF-A's BL33 address and FIP offset are read from its platform_def.h, not
restated: the payloads are linked where TF-A loads BL33, or the compare
stops saying where each is.

Variants: mitigations as ours (TF-A: the same CVEs mitigated) or all off,
each with trusted boot off (every figure) and on (the boot). --reduced:
mitigations as ours, trusted boot off, no profile and no failure runs
(make check's form).

Writes DIR/../report/compare-tfa-<time>/ (RUNS): compare-tfa-<plat>.rst,
the report (printed too), comparison.json and comparison.csv (every figure
with its unit), profile.csv, every console log, and links latest-compare-tfa
to it.

Exit status: 0 when every like-for-like row was measured on both sides (a
scenario TF-A cannot run is reported, not a failure); 1 when a run of ours
failed, or a row a table needs is missing; 2 on bad arguments or when a
build of ours failed.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

from tools.common import module
from tools.common.config_mk import read_config
from tools.common.elf64 import Elf
from tools.profile import paths, report, symbols
from tools.profile import profile as profile_tool
from tools.rt_report import bench_report
from tools.rt_report import rt_report as rt

QEMU_RUN = "tools.qemu_run.qemu_run"
PROFILE = "tools.profile.profile"

# Per platform of ours: TF-A's port, the TF-A options it needs, and how our
# build is given the topology TF-A's port runs.
PLATS = {
    "qemu": {
        "tfa_plat": "qemu",
        # GICv3, as the machine has; BL33 gets the DTB in x0, as ours gives it.
        "tfa_options": ["QEMU_USE_GIC_DRIVER=QEMU_GICV3", "ARM_LINUX_KERNEL_AS_BL33=1"],
        "title": "QEMU virt",
    },
    "sbsa": {
        "tfa_plat": "qemu_sbsa",
        # BL33 from the FIP into DRAM (its default is EDK2 in flash).
        "tfa_options": ["ARM_LINUX_KERNEL_AS_BL33=1", "PRELOADED_BL33_BASE="],
        "title": "QEMU sbsa-ref",
    },
}
# Every TF-A build: runtime instrumentation (which turns PMF on), and DWARF
# for make profile (-g changes no instruction: the images are the same).
TFA_COMMON = ["ENABLE_RUNTIME_INSTRUMENTATION=1", "CFLAGS=-g", "BL1_ASFLAGS=-g",
              "BL2_ASFLAGS=-g", "BL31_ASFLAGS=-g"]
# The mitigations: ours (the build's defaults, N1SDP's) and TF-A's for the
# same CVEs. On Cortex-A57/A72 TF-A 2.8 mitigates CVE-2022-23960 with the
# CVE-2017-5715 vectors (TFA_SRC/lib/cpus/aarch64/cortex_a57.S installs
# wa_cve_2017_5715_mmu_vbar for either flag) and links them only with
# WORKAROUND_CVE_2017_5715=1: "as ours" needs it on (TFA_EXACT_MITIGATIONS,
# tried in the full compare, shows why).
OUR_MITIGATIONS = ["WORKAROUND_CVE_2018_3639", "WORKAROUND_CVE_2022_23960",
                   "WORKAROUND_CVE_2025_10263"]
TFA_MITIGATIONS = {
    "ours": ["WORKAROUND_CVE_2017_5715=1", "WORKAROUND_CVE_2018_3639=1",
             "WORKAROUND_CVE_2022_23960=1"],
    "off": ["WORKAROUND_CVE_2017_5715=0", "WORKAROUND_CVE_2018_3639=0",
            "WORKAROUND_CVE_2022_23960=0"],
}
TFA_EXACT_MITIGATIONS = ["WORKAROUND_CVE_2017_5715=0", "WORKAROUND_CVE_2018_3639=1",
                         "WORKAROUND_CVE_2022_23960=1"]
MITIGATION_TITLES = {"ours": "mitigations as ours", "off": "all mitigations off"}
# Trusted boot on TF-A: its chain of trust (TBBR) with the keys ours
# generates by default (RSA-2048, RSASSA-PSS, SHA-256), mbed TLS from the
# same Debian source as ours.
TFA_TBB = ["TRUSTED_BOARD_BOOT=1", "GENERATE_COT=1", "KEY_ALG=rsa", "KEY_SIZE=2048",
           "HASH_ALG=sha256"]
# A TF-A CPU library's QEMU -cpu name, where it is not the library's name
# with '-' for '_' (tfa_cpus()); None: no QEMU model.
TFA_CPU_QEMU_NAMES = {"qemu_max": "max", "aem_generic": None}

# The report payload ends its runtime instrumentation with this line; the
# run stops there (the conformance suite after it is not a measurement, and
# TF-A's port fails parts of it: CPU_ON of an entry point PSCI 5.6 forbids
# sends a core to a vector the payload never set).
RT_DONE = r"^PAYLOAD: runtime instrumentation: (PASS|FAIL)"
BOOT_DONE = r"^PAYLOAD: BL33 entered \d+ us after reset"
# ... or the boot stopped in TF-A's BL1 or BL2 (its words for a refused image).
BOOT_STOPPED = r"^ERROR: +Failed to load .*"

# The rows every table has, in order: (key, title, where, unit of the
# figure shown). where: ("bench", bench row name) | ("rt", test, figure) |
# ("boot",).
ISSUE_ROWS = [
    ("psci_version", "PSCI_VERSION round trip", ("bench", "PSCI_VERSION"), "ns/call"),
    ("psci_version_pmf", "PSCI_VERSION ENTER_PSCI → EXIT_PSCI",
     ("rt", "test_rt_instr_psci_version_parallel", "Latency"), "ns"),
    ("warm_boot", "warm boot EXIT_HW_LOW_PWR → EXIT_PSCI",
     ("rt", "test_rt_instr_cpu_off_serial", "Wakeup"), "ns"),
    ("cpu_off_powerdown", "CPU_OFF power-down ENTER_PSCI → ENTER_HW_LOW_PWR",
     ("rt", "test_rt_instr_cpu_off_serial", "Powerdown"), "ns"),
    ("cpu_off_flush", "CPU_OFF set/way flush ENTER_CFLUSH → EXIT_CFLUSH",
     ("rt", "test_rt_instr_cpu_off_serial", "Cache Flush"), "ns"),
    ("cpu_on", "CPU_ON call → secondary at its entry",
     ("bench", "CPU_ON call -> target at its entry point"), "ns/call"),
]
# make bench's rows not in the table, and why.
NOT_COMPARED = {
    "DRAM zeroing for ECC, 1 MiB (DC ZVA)": "the payload's own loop (lib/aarch64's "
    "zero_normal_mem), no firmware path",
}
# What PAYLOAD_POWERDOWN_SUSPEND=0 leaves out, as the report names it.
SUSPEND_ITEM = "The four CPU_SUSPEND scenarios and CPU_OFF_SERIAL's lead row"
# make bench's rows named by what both firmwares were asked, where the
# payload names them by ours.
BENCH_TITLES = {
    "floor: an SMC the vectors answer": "an SMC with a reserved function-ID bit (our floor)",
    "unknown SMC (SiP, no service)": "unknown SiP call 0xc200ff00",
}
# The issue's goals: a row's ratio at most this.
GOALS = {"cpu_on": 0.30, "cpu_off_powerdown": 0.30}

# make profile's windows compared, each (name, title, arguments of
# tools/profile/profile.py). The boot's window ("reset to the first ERET")
# is not: TF-A's BL1 enters BL2 at S-EL1 by an ERET, so it ends in BL1.
PROFILE_WINDOWS = [
    ("psci_version/smc", "PSCI_VERSION: SMC entry to ERET", ["--path", "psci_version"]),
    ("psci_version/pmf", "PSCI_VERSION: ENTER_PSCI → EXIT_PSCI", None),
    ("cpu_on/call", "CPU_ON: the caller's SMC entry to ERET, then the target from "
     "bl31_warm_entrypoint to its ERET", ["--path", "cpu_on"]),
    ("cpu_off/powerdown", "CPU_OFF: ENTER_PSCI → ENTER_HW_LOW_PWR", ["--path", "cpu_off"]),
    ("cpu_off/smc", "CPU_OFF: SMC entry to the core's first WFI/WFE", None),
    ("range/cflush", "CPU_OFF: ENTER_CFLUSH → EXIT_CFLUSH",
     ["--from", "capture:ENTER_CFLUSH", "--to", "capture:EXIT_CFLUSH",
      "--via", "profile_smc_cpu_off"]),
    ("range/warm_boot", "warm boot: EXIT_HW_LOW_PWR → EXIT_PSCI",
     ["--from", "capture:EXIT_HW_LOW_PWR", "--to", "capture:EXIT_PSCI"]),
]
# DC CISW, Xt (DDI 0487 C5.3: SYS #0, C7, C14, #2): the set/way operation
# whose count is the flush's floor.
DC_CISW_MASK, DC_CISW = 0xFFFFFFE0, 0xD5087E40


class Problem(Exception):
    """A failure of the compare itself (exit 2)."""


def say(msg):
    print(f"compare-tfa: {msg}", flush=True)


def make_env():
    """The environment for our builds' make: not this make's command line."""
    env = dict(os.environ)
    for k in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"):
        env.pop(k, None)
    return env


# --- TF-A's facts, from its source --------------------------------------------

def tfa_platform_dir(src, plat):
    """TF-A's folder of PLAT (its Makefile finds plat/**/PLAT/platform.mk)."""
    for root, _, files in os.walk(os.path.join(src, "plat")):
        if os.path.basename(root) == plat and "platform.mk" in files:
            return root
    raise Problem(f"TF-A's source has no platform {plat}")


def tfa_constants(src, plat, names, cross="aarch64-linux-gnu-"):
    """{name: int} of @names as TF-A's platform_def.h for @plat defines
    them, through the preprocessor in assembler mode (its U()/ULL() are
    plain numbers there)."""
    pdir = tfa_platform_dir(src, plat)
    incs = [os.path.join(pdir, "include"), os.path.join(os.path.dirname(pdir), "common", "include")]
    incs += [os.path.join(src, d) for d in ("include", "include/arch/aarch64", "include/lib/libc",
                                            "include/lib/libc/aarch64", "include/plat/arm/common",
                                            "include/plat/arm/common/aarch64",
                                            "include/plat/common", "include/common/tbbr")]
    cmd = [cross + "gcc", "-E", "-P", "-x", "assembler-with-cpp", "-D__ASSEMBLER__", "-nostdinc"]
    cmd += [f"-I{d}" for d in incs] + ["-include", "platform_def.h", "-"]
    r = subprocess.run(cmd, input="\n".join(names) + "\n", capture_output=True, text=True,
                       check=False)
    if r.returncode != 0:
        raise Problem(f"TF-A's {plat} platform_def.h: {r.stderr.strip()}")
    lines = [ln for ln in r.stdout.splitlines() if ln.strip()][-len(names):]
    out = {}
    for name, expr in zip(names, lines):
        text = re.sub(r"(?<=[0-9a-fA-F])[uUlL]+\b", "", expr)
        if not re.fullmatch(r"[0-9a-fA-FxX()+\-*/<>| ]+", text):
            raise Problem(f"TF-A's {plat}: {name} is '{expr}', not a number")
        out[name] = int(eval(text.replace("/", "//")))  # noqa: S307 (digits and operators only)
    return out


def tfa_cpus(src, plat):
    """The QEMU -cpu models TF-A's @plat has a CPU library for: the
    lib/cpus/aarch64/*.S its platform.mk links, by QEMU's names."""
    with open(os.path.join(tfa_platform_dir(src, plat), "platform.mk"), encoding="utf-8") as f:
        libs = set(re.findall(r"lib/cpus/aarch64/(\w+)\.S", f.read()))
    names = {TFA_CPU_QEMU_NAMES.get(n, n.replace("_", "-")) for n in libs}
    return sorted(n for n in names if n)


def tfa_version(src):
    """The Debian version of TF-A's source (its debian/changelog's first line)."""
    try:
        with open(os.path.join(src, "debian", "changelog"), encoding="utf-8") as f:
            m = re.match(r"\S+ \(([^)]+)\)", f.readline())
        return m.group(1) if m else "2.8"
    except OSError:
        return "2.8"


def compiler_version(cc="aarch64-linux-gnu-gcc"):
    r = subprocess.run([cc, "--version"], capture_output=True, text=True, check=False)
    return r.stdout.splitlines()[0] if r.returncode == 0 and r.stdout else cc


# --- builds -------------------------------------------------------------------

class Tfa:
    """TF-A builds through make_helpers/tfa_build.sh."""

    def __init__(self, a):
        self.a = a

    def cmd(self, plat, options, patches=()):
        return ["bash", os.path.join(module.TOP, "make_helpers", "tfa_build.sh"),
                "--src", self.a.tfa_src, "--cache", self.a.tfa_cache, "--plat", plat,
                "--patch", self.a.patch] + [x for p in patches for x in ("--patch", p)] + options

    def build(self, plat, options, patches=()):
        """(images folder or None, TF-A's own output when it did not build),
        with the PMF patch and @patches."""
        r = subprocess.run(self.cmd(plat, options, patches), capture_output=True, text=True,
                           check=False)
        sys.stderr.write(r.stderr if r.returncode else "")
        if r.returncode != 0:
            return None, r.stderr
        return r.stdout.strip().splitlines()[-1], None

    def fip(self, plat, options, bl33, out, patches=()):
        r = subprocess.run(self.cmd(plat, ["--fip", bl33, out] + options, patches),
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise Problem(f"TF-A's make fip with {bl33}: {r.stderr.strip()}")


def our_build(a, name, variables, extra_targets):
    """Our build with @variables in WORK/n1fw-NAME; its build folder."""
    base = os.path.join(a.work, f"n1fw-{name}")
    bdir = os.path.join(base, a.plat, "release")
    targets = ["all"] + [os.path.join(bdir, t) for t in extra_targets]
    cmd = ["make", "-C", module.TOP, "--no-print-directory", "-j2", f"BUILD_BASE={base}"] + \
        variables + targets
    say("n1fw: " + " ".join(shlex.quote(c) for c in cmd[5:]))
    log = os.path.join(a.work, f"n1fw-{name}.log")
    with open(log, "w", encoding="utf-8") as f:
        rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=make_env(),
                            check=False).returncode
    if rc != 0:
        with open(log, encoding="utf-8", errors="replace") as f:
            tail = f.read().splitlines()[-15:]
        raise Problem(f"our build {name} failed (log: {log}):\n" +
                      "\n".join("    " + t for t in tail))
    return bdir


def flash_image(path, bl1, fip, offset, size):
    """A secure flash image: @bl1 at 0, @fip at @offset, @size bytes."""
    with open(bl1, "rb") as f:
        first = f.read()
    with open(fip, "rb") as f:
        image = f.read()
    if len(first) > offset or offset + len(image) > size:
        raise Problem(f"{bl1} ({len(first)} B) and {fip} ({len(image)} B) do not fit a "
                      f"{size >> 20} MiB flash with the FIP at {offset:#x}")
    with open(path, "wb") as f:
        f.write(first + bytes(offset - len(first)) + image)


# --- runs ---------------------------------------------------------------------

def qemu_run(a, config, flash, log, stop=None, timeout=None, elfs=()):
    """Boot @flash on the machine of @config (our build's: the same for
    both); the exit status, the console in @log."""
    cmd = module.command(QEMU_RUN) + ["--config", config, "--flash", flash, "--quiet",
                                      "--log", log, "--timeout", str(timeout or a.timeout)]
    if a.cpu:
        cmd += ["--cpu", a.cpu]
    for e in elfs:
        cmd += ["--elf", e]
    if stop:
        cmd += ["--stop", stop]
    r = subprocess.run(cmd, capture_output=True, text=True, env=module.env(), check=False)
    with open(log, "a", encoding="utf-8") as f:
        if r.stderr:
            f.write(r.stderr)
    return r.returncode


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def rt_figures(text):
    """{(test, figure): {"ns": median, "min_ns", "max_ns", "samples"}} over
    every core and sample of the report payload's rows."""
    run = rt.parse(text)
    out = {}
    for test, per in rt.collect(run).items():
        merged = {}
        for figs in per.values():
            for name, s in figs.items():
                merged.setdefault(name, []).extend(s)
        for name, s in merged.items():
            out[(test, name)] = {"ns": median(s), "min_ns": min(s), "max_ns": max(s),
                                 "samples": len(s), "cores": len(per)}
    return out


def bench_figures(text):
    return {name: {"ns": ns, "unit": unit} for name, ns, unit in bench_report.parse(text)}


def boot_us(text):
    m = rt.BL33_ENTRY.search(text)
    return int(m.group(1)) if m else None


def quote(text, pattern=None, limit=8):
    """TF-A's own lines: those matching @pattern, or the last @limit."""
    # (Paths in a TF-A build's copy of the source as TF-A names them.)
    lines = [re.sub(r"\S*/tfa-builds/[^/]+/(?:src|build)/", "", ln.strip())
             for ln in text.splitlines()
             if ln.strip() and not ln.startswith(("qemu-system-aarch64:", "qemu_run:"))]
    if pattern:
        lines = [ln for ln in lines if re.search(pattern, ln)]
    # Once each (every core prints the same assertion), in order.
    lines = list(dict.fromkeys(lines))
    return lines[-limit:]


# --- make profile ---------------------------------------------------------------

def profile(out, images, flash, config):
    """make profile's windows (PROFILE_WINDOWS) of one firmware: {window:
    summary}, and "dc_cisw": the DC CISW instructions of one flush. The
    named paths through tools/profile (which records the trace, kept for
    the rest), the explicit windows on the same trace here."""
    trace = os.path.join(out, "trace.log")
    for f in (trace, trace + ".meta", trace + ".streams"):
        if os.path.exists(f):
            os.unlink(f)
    named = [args[1] for _, _, args in PROFILE_WINDOWS if args and args[0] == "--path"]
    cmd = module.command(PROFILE) + [f"--elf={k}={v}" for k, v in images.items()] + \
        ["--flash", flash, "--config", config, "--out", out, "--keep", "--path", ",".join(named)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=module.env(), check=False)
    with open(os.path.join(out, "profile.log"), "w", encoding="utf-8") as f:
        f.write(r.stdout + r.stderr)
    found = {}
    for label in named:
        try:
            with open(os.path.join(out, f"{label}.json"), encoding="utf-8") as f:
                for s in json.load(f):
                    if s["occurrences"]:
                        found[f"{s['path']}/{s['window']}"] = s
        except (OSError, ValueError):
            pass
    if os.path.exists(trace):
        sym = symbols.Symbolizer([symbols.Image(k, v) for k, v in images.items()])
        streams = profile_tool.recorded_streams(trace)
        resolver = paths.Resolver(sym, symbols.capture_points(sym))
        for name, _, args in PROFILE_WINDOWS:
            if not args or args[0] != "--from":
                continue
            window = paths.explicit(args[1], args[3], args[5] if len(args) > 5 else None)[0]
            legs = paths.find_legs(window, streams, resolver, {})
            s = report.summarise("range", window, legs, streams, sym, 10)
            if s["occurrences"]:
                found[name] = s
            if name.endswith("cflush"):
                found["dc_cisw"] = dc_cisw_count(sym, streams, legs[0])
    for f in (trace, trace + ".streams", trace + ".meta"):
        if os.path.exists(f):
            os.unlink(f)
    return found


def dc_cisw_count(sym, streams, occurrences):
    """DC CISW instructions in the most common of @occurrences."""
    counts = []
    for occ in occurrences:
        n = 0
        for pc in streams[occ.cpu][occ.start:occ.end]:
            img = sym.image_of(pc)
            w = img.elf.word(pc) if img else None
            n += w is not None and (w & DC_CISW_MASK) == DC_CISW
        counts.append(n)
    return max(set(counts), key=counts.count) if counts else None


# --- the report -----------------------------------------------------------------

def ratio(ours, theirs):
    if ours is None or theirs in (None, 0):
        return None
    return ours / theirs


def fmt_ratio(r):
    return "—" if r is None else f"{r:.3f}×"


def fmt_num(v):
    if v is None:
        return "—"
    return f"{v:.1f}" if isinstance(v, float) and v != int(v) else f"{int(v)}"


def simple_table(header, rows):
    """An rST simple table (readable as text)."""
    w = [max(len(str(r[c])) for r in [header] + rows) for c in range(len(header))]
    rule = "  ".join("=" * n for n in w)
    line = lambda r: "  ".join(f"{str(c):<{n}}" for c, n in zip(r, w)).rstrip()  # noqa: E731
    return [rule, line(header), rule] + [line(r) for r in rows] + [rule]


def rst_table(header, rows):
    """A table directive of an rST simple table, and a blank line."""
    return [".. table::", ""] + ["   " + ln for ln in simple_table(header, rows)] + [""]


def literal(lines):
    return ["::", ""] + ["   " + ln for ln in lines] + [""]


class Compare:
    def __init__(self, a):
        self.a = a
        self.spec = PLATS[a.plat]
        self.tfa = Tfa(a)
        self.cannot = []        # (what, why, TF-A's own lines)
        self.rows = {}          # variant -> [(key, title, unit, ours, tfa, how)]
        self.boot = []          # (title, ours_us, tfa_us)
        self.sizes = []         # (title, ours bytes, TF-A's bytes)
        self.builds = {}        # variant -> {"ours": dir, "tfa": dir}
        self.profiles = {}
        self.notes = []
        self.run_dir = None
        self.failed = []

    # -- what the machine is --
    def topology(self):
        """Our build's topology variables for the cores TF-A's port runs:
        QEMU virt numbers every CPU in Aff0 (hw/arm/virt.c), TF-A's port a
        cluster's cores in Aff0 up to its PLATFORM_MAX_CPUS_PER_CLUSTER:
        one cluster of that many."""
        if getattr(self, "cores", None):
            pass
        elif self.a.plat == "qemu":
            c = tfa_constants(self.a.tfa_src, "qemu", ["PLATFORM_MAX_CPUS_PER_CLUSTER"])
            self.cores = c["PLATFORM_MAX_CPUS_PER_CLUSTER"]
        else:
            self.cores = 4      # sbsa-ref's default -smp
        if self.a.plat == "qemu":
            return ["QEMU_CLUSTERS=1", f"QEMU_CORES_PER_CLUSTER={self.cores}"]
        return [f"SBSA_CORES={self.cores}"]

    def variables(self, mit, tbb, suspend=0):
        v = [f"PLAT={self.a.plat}", f"QEMU_CPU={self.a.cpu}", f"TRUSTED_BOARD_BOOT={tbb}",
             f"PAYLOAD_POWERDOWN_SUSPEND={suspend}"] + self.topology()
        if self.a.memory:
            v.append(f"QEMU_MEMORY_MB={self.a.memory}")
        if mit == "off":
            v += [f"{o}=0" for o in OUR_MITIGATIONS]
        return v

    def tfa_options(self, mit, tbb, debug=False):
        o = self.spec["tfa_options"] + TFA_COMMON + TFA_MITIGATIONS[mit]
        if tbb:
            o += TFA_TBB + [f"MBEDTLS_DIR={self.a.mbedtls_src}"]
        if debug:
            o.append("DEBUG=1")
        return o

    def check_layout(self, bdir):
        """TF-A's BL33 base and FIP offset, from its platform_def.h, against
        where our payloads are linked; the FIP offset for TF-A's flash."""
        c = tfa_constants(self.a.tfa_src, self.spec["tfa_plat"],
                          ["NS_IMAGE_OFFSET", "PLAT_QEMU_FIP_BASE"])
        # (A payload's binary starts at its entry point: payload.ld.S.)
        entry = Elf(os.path.join(bdir, "payload.elf")).entry
        if entry != c["NS_IMAGE_OFFSET"]:
            raise Problem(f"TF-A's {self.spec['tfa_plat']} loads and enters BL33 at "
                          f"{c['NS_IMAGE_OFFSET']:#x} (NS_IMAGE_OFFSET), our payloads are "
                          f"linked at {entry:#x}: they cannot be the same image on both")
        self.bl33_base = c["NS_IMAGE_OFFSET"]
        return c["PLAT_QEMU_FIP_BASE"]

    # -- one variant --
    def variant(self, mit, tbb, profile_it):
        name = f"{mit}-tbb{tbb}"
        say(f"== {MITIGATION_TITLES[mit]}, trusted boot {'on' if tbb else 'off'}")
        extra = ["bench/flash.bin", "payload_bench.bin"]
        if profile_it:
            extra += ["profile/flash.bin", "payload_profile.bin", "payload_profile.elf"]
        bdir = our_build(self.a, name, self.variables(mit, tbb), extra)
        config = os.path.join(bdir, "config.mk")
        fip_offset = self.check_layout(bdir)
        flash_size = int(read_config(config)["QEMU_FLASH_SIZE"], 0)
        topts = self.tfa_options(mit, tbb)
        vdir = os.path.join(self.run_dir, name)
        os.makedirs(vdir, exist_ok=True)
        # Trusted boot: TF-A as it is first (its BL1 refuses), then with
        # the patch that lets it boot (TBB_PATCH's words).
        patches = [self.a.tbb_patch] if tbb else []
        if tbb:
            self.tbb_as_it_is(bdir, topts, config, fip_offset, flash_size, vdir)
        say("TF-A: " + " ".join(topts) + "".join(f" (+ {os.path.basename(p)})" for p in patches))
        tdir, why = self.tfa.build(self.spec["tfa_plat"], topts, patches)
        self.builds[name] = {"ours": bdir, "tfa": tdir, "tfa_options": topts,
                             "tfa_patches": patches, "ours_options": self.variables(mit, tbb)}
        if tdir is not None:
            for image in ("bl1", "bl2", "bl31"):
                self.sizes.append((f"{image}.bin, trusted boot {'on' if tbb else 'off'}, "
                                   f"{MITIGATION_TITLES[mit]}",
                                   os.path.getsize(os.path.join(bdir, f"{image}.bin")),
                                   os.path.getsize(os.path.join(tdir, f"{image}.bin"))))
        if tdir is None:
            self.cannot.append((f"TF-A with {MITIGATION_TITLES[mit]}, trusted boot "
                                f"{'on' if tbb else 'off'}", "it does not build",
                                quote(why)))
            return

        def tfa_flash(payload):
            fip = os.path.join(vdir, f"tfa-{payload}-fip.bin")
            self.tfa.fip(self.spec["tfa_plat"], topts, os.path.join(bdir, f"{payload}.bin"), fip,
                         patches)
            flash = os.path.join(vdir, f"tfa-{payload}-flash.bin")
            flash_image(flash, os.path.join(tdir, "bl1.bin"), fip, fip_offset, flash_size)
            return flash

        logs = {}
        kinds = [("report", "payload", "flash.bin",
                  RT_DONE if not tbb else f"{BOOT_DONE}|{BOOT_STOPPED}")]
        if not tbb:
            kinds.append(("bench", "payload_bench", "bench/flash.bin", None))
        for kind, payload, ours_flash, stop in kinds:
            for side, flash in (("n1fw", os.path.join(bdir, ours_flash)),
                                ("tfa", tfa_flash(payload))):
                log = os.path.join(vdir, f"{side}-{kind}.log")
                say(f"{side} {kind} ({log})")
                rc = qemu_run(self.a, config, flash, log, stop=stop, timeout=60 if tbb else None)
                logs[(side, kind)] = (rc, read(log))
        self.collect(name, mit, tbb, logs)
        if profile_it:
            images = {"bl1": os.path.join(tdir, "bl1", "bl1.elf"),
                      "bl2": os.path.join(tdir, "bl2", "bl2.elf"),
                      "bl31": os.path.join(tdir, "bl31", "bl31.elf"),
                      "bl33": os.path.join(bdir, "payload_profile.elf")}
            ours = {k: os.path.join(bdir, f"{k}.elf") for k in ("bl1", "bl2", "bl31")}
            ours["bl33"] = images["bl33"]
            for side, imgs, flash in (("n1fw", ours, os.path.join(bdir, "profile", "flash.bin")),
                                      ("tfa", images, tfa_flash("payload_profile"))):
                say(f"{side} profile")
                out = os.path.join(vdir, f"{side}-profile")
                os.makedirs(out, exist_ok=True)
                self.profiles[side] = profile(out, imgs, flash, config)

    def collect(self, name, mit, tbb, logs):
        ours_rc, ours_report = logs[("n1fw", "report")]
        tfa_rc, tfa_report = logs[("tfa", "report")]
        if ours_rc != 0:
            self.failed.append(f"{name}: our report run exited {ours_rc}")
        self.boot.append((f"trusted boot {'on' if tbb else 'off'}, {MITIGATION_TITLES[mit]}",
                          boot_us(ours_report), boot_us(tfa_report)))
        if tbb:
            if boot_us(tfa_report) is None:
                self.cannot.append((
                    "trusted boot, even with the build patch "
                    f"``tests/tfa/{os.path.basename(self.a.tbb_patch)}``",
                    "its boot stopped. Its own output:", quote(tfa_report, limit=6)))
            return
        o_rt, t_rt = rt_figures(ours_report), rt_figures(tfa_report)
        o_b = bench_figures(logs[("n1fw", "bench")][1])
        t_b = bench_figures(logs[("tfa", "bench")][1])
        if logs[("n1fw", "bench")][0] != 0:
            self.failed.append(f"{name}: our bench run exited {logs[('n1fw', 'bench')][0]}")
        for side, (rc, text) in (("TF-A's report payload", logs[("tfa", "report")]),
                                 ("TF-A's bench payload", logs[("tfa", "bench")])):
            if rc != 0:
                self.cannot.append((f"{side} ({MITIGATION_TITLES[mit]})",
                                    f"the run ended with exit status {rc}",
                                    quote(text, limit=10)))
        rows = []
        for key, title, where, unit in ISSUE_ROWS:
            if where[0] == "bench":
                o, t = o_b.get(where[1]), t_b.get(where[1])
                rows.append((key, title, unit, o and o["ns"], t and t["ns"], "bench"))
            else:
                o, t = o_rt.get(where[1:]), t_rt.get(where[1:])
                how = f"PMF (N={(o or t or {}).get('samples', 0)})"
                rows.append((key, title, unit, o and o["ns"], t and t["ns"], how))
        issue = {w[1] for _, _, w, _ in ISSUE_ROWS if w[0] == "bench"}
        for bench_name, fig in o_b.items():
            if bench_name in issue or bench_name in NOT_COMPARED:
                continue
            t = t_b.get(bench_name)
            rows.append((None, BENCH_TITLES.get(bench_name, bench_name), fig["unit"], fig["ns"],
                         t and t["ns"], "bench"))
        self.rows[mit] = rows

    def tbb_as_it_is(self, bdir, topts, config, fip_offset, flash_size, vdir):
        """TF-A 2.8 with trusted boot as it is, beside Debian's mbed TLS:
        what its BL1 says of its own certificates."""
        say("TF-A as it is: " + " ".join(topts))
        tdir, why = self.tfa.build(self.spec["tfa_plat"], topts)
        if tdir is None:
            self.cannot.append(("trusted boot", "it does not build. Its own output:", quote(why)))
            return
        fip = os.path.join(vdir, "tfa-as-it-is-payload-fip.bin")
        self.tfa.fip(self.spec["tfa_plat"], topts, os.path.join(bdir, "payload.bin"), fip)
        flash = os.path.join(vdir, "tfa-as-it-is-payload-flash.bin")
        flash_image(flash, os.path.join(tdir, "bl1.bin"), fip, fip_offset, flash_size)
        log = os.path.join(vdir, "tfa-as-it-is-report.log")
        rc = qemu_run(self.a, config, flash, log, stop=f"{BOOT_DONE}|{BOOT_STOPPED}", timeout=60)
        text = read(log)
        if boot_us(text) is not None:
            self.notes.append(f"TF-A with trusted boot as it is reached BL33 too ({log}).")
            return
        self.cannot.append((
            "trusted boot, as TF-A 2.8 is",
            "its BL1 refuses the certificates its own cert_create made (ours accept them, "
            "tests/host/cot_verify): its X.509 parser looks each extension up by the text "
            "mbedtls_oid_get_numeric_string() makes of its OID, which since mbed TLS 2.28.3 "
            "(Debian 12's, both sides' mbed TLS) writes the first component with ``%c``, a "
            "conversion TF-A 2.8's libc snprintf() lacks, so no extension is found "
            "(auth_nvctr: IMG_PARSER_ERR_NOT_FOUND). The trusted boot row is TF-A with the "
            f"build patch ``tests/tfa/{os.path.basename(self.a.tbb_patch)}``, which gives its "
            f"snprintf() ``%c`` and nothing else. Its own output without it (exit status {rc}):",
            quote(text, limit=6)))

    # -- what TF-A cannot run, shown by running it --
    def failures(self):
        """The scenarios TF-A's port cannot pass, with its own output: its
        debug build (assertions on) under the report payload with every
        scenario; and the exact mitigation set, which it cannot link."""
        base = self.builds.get("ours-tbb0")
        if not base or not base.get("tfa"):
            return
        src = os.path.dirname(os.path.dirname(base["ours"]))
        dst = os.path.join(self.a.work, "n1fw-suspend")
        if not os.path.isdir(os.path.join(dst, self.a.plat)):
            shutil.copytree(src, dst, symlinks=True)
            shutil.rmtree(os.path.join(dst, self.a.plat, "report"), ignore_errors=True)
        bdir = our_build(self.a, "suspend", self.variables("ours", 0, suspend=1), [])
        topts = self.tfa_options("ours", 0, debug=True)
        say("TF-A (debug): " + " ".join(topts))
        tdir, why = self.tfa.build(self.spec["tfa_plat"], topts)
        if tdir is None:
            self.notes.append("TF-A's debug build did not build: " + " / ".join(quote(why, limit=3)))
        else:
            vdir = os.path.join(self.run_dir, "suspend")
            os.makedirs(vdir, exist_ok=True)
            fip = os.path.join(vdir, "tfa-debug-payload-fip.bin")
            self.tfa.fip(self.spec["tfa_plat"], topts, os.path.join(bdir, "payload.bin"), fip)
            config = os.path.join(bdir, "config.mk")
            flash = os.path.join(vdir, "tfa-debug-payload-flash.bin")
            flash_image(flash, os.path.join(tdir, "bl1.bin"), fip, self.check_layout(bdir),
                        int(read_config(config)["QEMU_FLASH_SIZE"], 0))
            log = os.path.join(vdir, "tfa-debug-report.log")
            say(f"tfa (debug) report, every scenario ({log})")
            rc = qemu_run(self.a, config, flash, log, stop=RT_DONE, timeout=120)
            text = read(log)
            # The first refusal of the payload's deepest state, then TF-A's assertion.
            own = quote(text, r"CPU_SUSPEND returned", limit=1000)[:1] + \
                quote(text, r"^(ASSERT|PANIC|BACKTRACE|ERROR)", limit=8)
            self.cannot.append((
                SUSPEND_ITEM,
                f"left out on both sides (``PAYLOAD_POWERDOWN_SUSPEND=0``): TF-A's QEMU port "
                f"cannot come back from a power-down CPU_SUSPEND: its "
                f"qemu_pwr_domain_suspend() and qemu_pwr_domain_suspend_finish() are assert(0) "
                f"(plat/qemu/common/qemu_pm.c), and its release build (the one measured) sends "
                f"the core to the hold pen (plat_secondary_cold_boot_setup), which only CPU_ON "
                f"releases; the payload's deepest power_state (three levels) is not one of its "
                f"own (two), hence INVALID_PARAMETERS first. Its debug build under the report "
                f"payload with every scenario (exit status {rc}), its own lines:", own))
        if self.a.plat == "qemu":
            opts = self.spec["tfa_options"] + TFA_COMMON + TFA_EXACT_MITIGATIONS
            say("TF-A, exactly our mitigations: " + " ".join(TFA_EXACT_MITIGATIONS))
            tdir, why = self.tfa.build(self.spec["tfa_plat"], opts)
            if tdir is None:
                self.cannot.append((
                    "our mitigations exactly (CVE-2018-3639 and CVE-2022-23960, not "
                    "CVE-2017-5715)",
                    "TF-A 2.8 mitigates CVE-2022-23960 on Cortex-A57/A72 with the CVE-2017-5715 "
                    "vectors and links them only with WORKAROUND_CVE_2017_5715=1; \"as ours\" "
                    "is therefore its three flags on. Its own output:",
                    quote(why, r"undefined reference|Error", limit=4)))

    # -- the report --
    def render(self, started):
        a = self.a
        run = os.path.basename(self.run_dir)
        cfg = {}
        base = self.builds.get("ours-tbb0") or self.builds.get("sbsa")
        if base:
            cfg = read_config(os.path.join(base["ours"], "config.mk"))
        title = f"n1fw and TF-A {tfa_version(a.tfa_src)} side by side: {self.spec['title']}"
        out = [title, "=" * len(title), ""]
        out += [f"``make compare-tfa PLAT={a.plat}``"
                f"{' with COMPARE_TFA_REDUCED=1 (make check)' if a.reduced else ''}, run "
                f"``{run}`` of {started:%Y-%m-%d %H:%M}: n1fw {cfg.get('VERSION', '?')} against "
                f"Debian's TF-A {tfa_version(a.tfa_src)}, the source of its fiptool and "
                "cert_create. Every figure here was measured in this run, the same way on "
                "both; the ratio is n1fw's figure over TF-A's (below 1: n1fw runs fewer "
                "instructions).", ""]
        measured = bool(self.rows or self.boot)
        if not measured:
            out += ["No figure could be compared: TF-A's port could not run our payload, as "
                    "below.", ""]
        out += self.render_method(base)
        out += self.render_builds(cfg, base)
        for mit in ("ours", "off"):
            if mit not in self.rows:
                continue
            h = f"Runtime paths, {MITIGATION_TITLES[mit]}"
            out += [h, "-" * len(h), ""]
            table = [[name, unit, fmt_num(o), fmt_num(t), fmt_ratio(ratio(o, t)), how]
                     for _, name, unit, o, t, how in self.rows[mit]]
            out += rst_table(["path", "unit", "n1fw", "TF-A", "ratio", "by"], table)
        if self.boot:
            out += ["Boot", "----", ""]
            out += rst_table(["reset → BL33 (the payload's first instruction)", "unit", "n1fw",
                              "TF-A", "ratio"],
                             [[t, "µs", fmt_num(o), fmt_num(f), fmt_ratio(ratio(o, f))]
                              for t, o, f in self.boot])
        if self.sizes:
            out += ["Image sizes", "-----------", ""]
            out += rst_table(["image", "unit", "n1fw", "TF-A", "ratio"],
                             [[t, "bytes", fmt_num(o), fmt_num(f), fmt_ratio(ratio(o, f))]
                              for t, o, f in self.sizes])
        if measured:
            out += self.render_profile()
            out += self.render_goals()
        out += ["What TF-A could not run, and why", "--------------------------------", ""]
        if measured and not any(w.startswith(SUSPEND_ITEM) for w, _, _ in self.cannot):
            out += [f"- **{SUSPEND_ITEM}**, left out on both sides "
                    "(``PAYLOAD_POWERDOWN_SUSPEND=0``): TF-A's QEMU port does not come back from "
                    "a power-down suspend; the full ``make compare-tfa`` runs them on TF-A to "
                    "show it.", ""]
        for what, why, own in self.cannot:
            out += [f"- **{what}**: {why}", ""]
            if own:
                out += ["  " + ln if ln else ln for ln in literal(own)]
        out += ["Not in the tables", "-----------------", ""]
        out += [f"- {k}: {v}." for k, v in NOT_COMPARED.items()]
        out += ["- The PMF call ring (``PMF_GET_RING``) and the conformance suite: TF-A has no "
                "ring, and the suite checks PSCI 1.3's answers (TF-A 2.8 implements PSCI 1.1); "
                "neither is a figure."]
        if measured:
            out += ["- make profile's boot window (reset to the primary's first ERET): TF-A's BL1 "
                    "enters BL2 at S-EL1 by an ERET, so on TF-A it would end in BL1; the boot rows "
                    "compare reset → BL33. Its cpu_suspend windows: a power-down suspend (above)."]
        out += [""]
        out += self.notes_text()
        out += [f"Consoles, logs and the figures as JSON and CSV: ``{self.run_dir}/``.", ""]
        return "\n".join(out)

    def render_method(self, base):
        a = self.a
        describe = {}
        if base:
            r = subprocess.run(module.command(QEMU_RUN) + [
                "--config", os.path.join(base["ours"], "config.mk"), "--describe"],
                capture_output=True, text=True, env=module.env(), check=False)
            try:
                describe = json.loads(r.stdout)
            except ValueError:
                describe = {}
        args = describe.get("args", [])
        if "-bios" in args:
            args = args[:args.index("-bios")] + args[args.index("-bios") + 2:]
        out = ["How it was measured", "-------------------", ""]
        if describe:
            out += [f"- Machine: QEMU {describe.get('version')}, the same binary for both: "
                    f"``{' '.join(args)}``, ``-bios`` each firmware's flash image. Under "
                    f"``-icount {describe.get('icount')}`` an instruction takes a nanosecond: "
                    "every figure in ns counts instructions."]
        shape = (f"{self.cores} cores in one cluster: what TF-A's port runs on this machine "
                 "(its PLATFORM_MAX_CPUS_PER_CLUSTER, in Aff0, where QEMU numbers every CPU); "
                 "ours is built for the same shape." if a.plat == "qemu" else
                 f"{self.cores} cores, sbsa-ref's default.")
        out += [f"- CPU ``{a.cpu}``: TF-A's {self.spec['tfa_plat']} port has CPU libraries for "
                f"{', '.join(tfa_cpus(a.tfa_src, self.spec['tfa_plat']))} only (its "
                f"platform.mk), not the board's Neoverse N1. {shape}"]
        out += [f"- Payloads: the same images on both, built by this tree with "
                f"``PAYLOAD_POWERDOWN_SUSPEND=0`` and linked at {getattr(self, 'bl33_base', 0):#x}, "
                "where TF-A loads and enters BL33 (its NS_IMAGE_OFFSET, read from its "
                "platform_def.h like its FIP's offset in flash); each firmware packs them into its "
                "own FIP with its own tools. TF-A hands over the DTB in x0 "
                "(ARM_LINUX_KERNEL_AS_BL33=1), as ours does. The payload reads PMF through the "
                "ID each answers (TF-A 2.8: the SiP 0xc2000010; ours: 0xc7000020) and enables "
                "the GIC distributor's Non-secure Group 1 itself, which TF-A leaves to the "
                "normal world."]
        if not (self.rows or self.boot):
            return out + [""]
        out += ["- ``bench`` rows: make bench's payload, 4000 calls per row (200 cycles for "
                "CPU_ON): instructions per round trip, its loop's own included, the same on "
                "both."]
        out += ["- ``PMF`` rows: the report payload's runtime instrumentation, the firmware's "
                "own timestamps read back by PMF call (16 ns counter ticks): the median over "
                "every core and sample (N)."]
        out += ["- Boot rows: the payload's ``BL33 entered N us after reset`` (the counter "
                "from reset: every core's instructions), the report payload as BL33 on both.", ""]
        return out

    def render_builds(self, cfg, base):
        ours = (base or {}).get("ours_options", [])
        theirs = (base or {}).get("tfa_options", [])
        out = ["The builds", "----------", ""]
        out += [f"- n1fw {cfg.get('VERSION', '?')}, release, {cfg.get('CC_VERSION', '?')}: "
                f"``{' '.join(ours)}``, the other options the board's defaults.",
                f"- TF-A {tfa_version(self.a.tfa_src)}, Debian's source with the build patch "
                "``tests/tfa/qemu-pmf-sip.patch`` (its QEMU ports answer the PMF calls through a "
                f"SiP service), release, {compiler_version()}: ``{' '.join(theirs)}``."]
        if self.rows:
            out += [f"- Mitigations as ours: n1fw's defaults, "
                    f"``{' '.join(f'{o}=1' for o in OUR_MITIGATIONS)}`` (CVE-2025-10263 has no "
                    f"Cortex-A57 row); TF-A ``{' '.join(TFA_MITIGATIONS['ours'])}`` (on Cortex-A57 "
                    "it mitigates CVE-2022-23960 with CVE-2017-5715's vectors, which it links only "
                    "with that flag). All off: the three ``=0`` on each side.",
                    "- Trusted boot (the boot row that says so): n1fw ``TRUSTED_BOARD_BOOT=1``, "
                    f"RSA-2048 keys, SHA-256; TF-A ``{' '.join(TFA_TBB)}`` and the build patch "
                    f"``tests/tfa/{os.path.basename(self.a.tbb_patch)}`` (below); both with "
                    "Debian's mbed TLS source. Every other row: trusted boot off on both."]
        return out + [""]

    def render_profile(self):
        o, t = self.profiles.get("n1fw"), self.profiles.get("tfa")
        out = ["Instructions per path (make profile)", "------------------------------------", ""]
        if not o or not t:
            out += ["Not profiled in this run" + (" (the reduced form)" if self.a.reduced else
                                                  "") + ".", ""]
            return out
        out += ["Each window's instructions from QEMU's instruction trace of the profiling "
                "payload (``tools/profile``, the same windows on both; mean per occurrence), "
                "then the functions that take most of them on each side.", ""]
        table = []
        for key, title, _ in PROFILE_WINDOWS:
            a_, b_ = o.get(key), t.get(key)
            ma = a_ and a_["per_occurrence"]["mean"]
            mb = b_ and b_["per_occurrence"]["mean"]
            table.append([title, "instructions", fmt_num(ma), fmt_num(mb), fmt_ratio(ratio(ma, mb))])
        out += [".. table::", ""]
        out += ["   " + ln for ln in simple_table(["window", "unit", "n1fw", "TF-A", "ratio"],
                                                   table)] + [""]
        for side, prof in (("n1fw", o), ("TF-A", t)):
            for key in ("cpu_on/call", "cpu_off/powerdown", "range/cflush"):
                s = prof.get(key)
                if not s:
                    continue
                top = [f"{f['function']} {f['per_call']:.0f}" for f in s["functions"][:5]]
                out += [f"- {side}, {key}: {', '.join(top)} (instructions per occurrence)"]
        out += [""]
        for side, prof in (("n1fw", o), ("TF-A", t)):
            n = prof.get("dc_cisw")
            fl = prof.get("range/cflush")
            if n and fl:
                mean = fl["per_occurrence"]["mean"]
                out += [f"- {side}'s flush ran {n} DC CISW (one per line of the L1 data cache "
                        f"as QEMU models it): its set/way floor, each DC CISW and its operand, "
                        f"is {2 * n} instructions; the flush is {fmt_num(mean)} "
                        f"({fmt_num(mean - 2 * n)} above it)."]
        return out + [""]

    def render_goals(self):
        out = ["Goals", "-----", ""]
        rows = {k: (o, t) for k, _, _, o, t, _ in self.rows.get("ours", []) if k}
        prof_o, prof_t = self.profiles.get("n1fw", {}), self.profiles.get("tfa", {})
        for key, goal in GOALS.items():
            o, t = rows.get(key, (None, None))
            r = ratio(o, t)
            title = next(title for k, title, _, _ in ISSUE_ROWS if k == key)
            out += [f"- {title}, mitigations as ours: {fmt_ratio(r)} of TF-A's (goal: at most "
                    f"{goal:.2f}×): " + ("met." if r is not None and r <= goal else
                                        "not met." if r is not None else "not measured.")]
        whole = [prof_o.get("cpu_off/smc"), prof_t.get("cpu_off/smc")]
        if all(whole):
            mo, mt = (w["per_occurrence"]["mean"] for w in whole)
            out += [f"- The whole CPU_OFF, SMC entry to the core's first WFI/WFE (make profile): "
                    f"{fmt_num(mo)} against {fmt_num(mt)} instructions, {fmt_ratio(ratio(mo, mt))}."]
        if prof_o.get("dc_cisw") and prof_o.get("range/cflush"):
            n = prof_o["dc_cisw"]
            mean = prof_o["range/cflush"]["per_occurrence"]["mean"]
            out += [f"- CPU_OFF's set/way flush at its floor, {2 * n} instructions ({n} DC CISW "
                    f"and their operands): {fmt_num(mean)}, "
                    + ("at it." if mean <= 2 * n else f"{fmt_num(mean - 2 * n)} above it.")]
        else:
            out += ["- CPU_OFF's set/way flush against its floor: make profile tells (not in "
                    "the reduced form)."]
        out += ["", "Where the instructions go: the profile above; docs/perf/runtime-paths.rst.",
                ""]
        return out

    def notes_text(self):
        return ([f"- {n}" for n in self.notes] + [""]) if self.notes else []

    def json(self):
        data = {"tool": "compare_tfa", "format": 2, "run": os.path.basename(self.run_dir),
                "builds": {name: {"n1fw": b["ours"], "tfa": b["tfa"],
                                  "tfa_options": b["tfa_options"]}
                           for name, b in self.builds.items()},
                "issue_rows": [k for k, _, _, _ in ISSUE_ROWS],
                "plat": self.a.plat, "cpu": self.a.cpu, "cores": self.cores,
                "tfa_version": tfa_version(self.a.tfa_src), "tables": {}, "boot": [],
                "profile": [], "tfa_could_not": [{"what": w, "why": y, "output": o}
                                                  for w, y, o in self.cannot]}
        for mit, rows in self.rows.items():
            data["tables"][mit] = [
                {"key": key, "path": name,
                 "per": unit.split("/")[1] if "/" in unit else "interval",
                 "n1fw_ns": o, "tfa_ns": t, "ratio_x": ratio(o, t), "measured_by": how}
                for key, name, unit, o, t, how in rows]
        data["boot"] = [{"row": t, "n1fw_ns": o and o * 1000, "tfa_ns": f and f * 1000,
                         "ratio_x": ratio(o, f)} for t, o, f in self.boot]
        data["sizes"] = [{"image": t, "n1fw_bytes": o, "tfa_bytes": f, "ratio_x": ratio(o, f)}
                         for t, o, f in self.sizes]
        o, t = self.profiles.get("n1fw", {}), self.profiles.get("tfa", {})
        for key, title, _ in PROFILE_WINDOWS:
            ma = o.get(key) and o[key]["per_occurrence"]["mean"]
            mb = t.get(key) and t[key]["per_occurrence"]["mean"]
            if ma is not None or mb is not None:
                data["profile"].append({"window": title, "n1fw_instructions": ma,
                                        "tfa_instructions": mb, "ratio_x": ratio(ma, mb)})
        return data

    def csv(self):
        import csv
        import io
        f = io.StringIO()
        w = csv.writer(f, dialect="unix")
        w.writerow(["table", "path", "per", "n1fw_ns", "tfa_ns", "ratio_x"])
        for mit, rows in self.rows.items():
            for _, name, unit, o, t, _ in rows:
                w.writerow([MITIGATION_TITLES[mit], name, unit.split("/")[1] if "/" in unit
                            else "interval", fmt_csv(o), fmt_csv(t), fmt_csv(ratio(o, t))])
        for t, o, f_ in self.boot:
            w.writerow(["boot", t, "boot", fmt_csv(o and o * 1000), fmt_csv(f_ and f_ * 1000),
                        fmt_csv(ratio(o, f_))])
        return f.getvalue()


def wrap(text, width=100):
    """@text with its paragraphs and bullets wrapped at @width columns
    (tables, literal blocks and headings as they are)."""
    import textwrap
    out = []
    for line in text.split("\n"):
        if len(line) <= width or line.startswith(("   ", "  ::", "..")) or \
                set(line) <= set("=-~ "):
            out.append(line)
            continue
        lead = "  " if line.startswith("- ") else ""
        out += textwrap.wrap(line, width, subsequent_indent=lead, break_long_words=False,
                             break_on_hyphens=False)
    return "\n".join(out)


def fmt_csv(v):
    if v is None:
        return ""
    return f"{v:.4f}" if isinstance(v, float) and v != int(v) else str(int(v))


def new_run_dir(runs):
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(runs, exist_ok=True)
    path, n = os.path.join(runs, f"compare-tfa-{stamp}"), 1
    while os.path.exists(path):
        n += 1
        path = os.path.join(runs, f"compare-tfa-{stamp}-{n}")
    os.makedirs(path)
    link = os.path.join(runs, "latest-compare-tfa")
    tmp = link + ".tmp"
    if os.path.lexists(tmp):
        os.unlink(tmp)
    os.symlink(os.path.basename(path), tmp)
    os.replace(tmp, link)
    return path


def sbsa(c):
    """TF-A 2.8's qemu_sbsa, tried as ours would be compared: what stops it."""
    spec = c.spec
    opts = spec["tfa_options"] + TFA_COMMON + TFA_MITIGATIONS["ours"]
    say("TF-A: " + " ".join(opts))
    tdir, why = c.tfa.build(spec["tfa_plat"], opts)
    if tdir is None:
        c.cannot.append(("qemu_sbsa with runtime instrumentation", "it does not link: its BL31's "
                         "PMF timestamps lie beyond the reach of bl31_entrypoint.S's ADR. Its "
                         "own output:", quote(why, r"relocation truncated|Error", limit=4)))
    plain = [o for o in opts if o != "ENABLE_RUNTIME_INSTRUMENTATION=1"]
    say("TF-A: " + " ".join(plain))
    tdir, why = c.tfa.build(spec["tfa_plat"], plain)
    if tdir is None:
        c.cannot.append(("qemu_sbsa without runtime instrumentation", "it does not build. Its "
                         "own output:", quote(why)))
        return
    ours = c.variables("ours", 0) + ["ENABLE_RUNTIME_INSTRUMENTATION=0"]
    bdir = our_build(c.a, "sbsa", ours, ["bench/flash.bin", "payload_bench.bin"])
    c.builds["sbsa"] = {"ours": bdir, "tfa": tdir, "tfa_options": plain, "ours_options": ours}
    config = os.path.join(bdir, "config.mk")
    offset = c.check_layout(bdir)
    vdir = os.path.join(c.run_dir, "sbsa")
    os.makedirs(vdir, exist_ok=True)
    fip = os.path.join(vdir, "tfa-payload_bench-fip.bin")
    c.tfa.fip(spec["tfa_plat"], plain, os.path.join(bdir, "payload_bench.bin"), fip)
    flash = os.path.join(vdir, "tfa-payload_bench-flash.bin")
    flash_image(flash, os.path.join(tdir, "bl1.bin"), fip, offset,
                int(read_config(config)["QEMU_FLASH_SIZE"], 0))
    log = os.path.join(vdir, "tfa-bench.log")
    rc = qemu_run(c.a, config, flash, log, timeout=60)
    limits = tfa_constants(c.a.tfa_src, "qemu_sbsa", ["NS_DRAM0_SIZE", "NS_IMAGE_MAX_SIZE"])
    c.cannot.append((
        "qemu_sbsa with our payload as BL33 (make bench's)",
        f"its BL2 loads no BL33 from the FIP: NS_IMAGE_MAX_SIZE is "
        f"{limits['NS_IMAGE_MAX_SIZE']:#x} (NS_DRAM0_SIZE {limits['NS_DRAM0_SIZE']:#x} less the "
        f"{0x20000000:#x} below NS_IMAGE_OFFSET), and its PSCI takes CPU_ON entry points only "
        "below NS_DRAM0_BASE + NS_DRAM0_SIZE (qemu_validate_ns_entrypoint), under where it "
        "would load BL33: it runs a BL33 in flash (EDK2) only. Its run (exit status "
        f"{rc}), its own output:", quote(read(log), r"ERROR|PANIC|ASSERT|PAYLOAD", limit=6)))


def check_rows(path):
    """--check-rows: every table of a comparison.json has each of the
    issue's rows, both figures, and their ratio n1fw/TF-A; 0, or 1 naming
    each row that does not."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    problems = []
    if not data.get("tables"):
        problems.append("no table")
    for table, rows in data.get("tables", {}).items():
        by_key = {r.get("key"): r for r in rows}
        for key in data.get("issue_rows", []):
            r = by_key.get(key)
            if r is None:
                problems.append(f"{table}: no row {key}")
            elif not r.get("n1fw_ns") or not r.get("tfa_ns"):
                problems.append(f"{table}: {r['path']}: a side has no figure")
            elif abs(r["ratio_x"] - r["n1fw_ns"] / r["tfa_ns"]) > 1e-9:
                problems.append(f"{table}: {r['path']}: ratio {r['ratio_x']} is not "
                                f"{r['n1fw_ns']}/{r['tfa_ns']}")
    for q in problems:
        print(f"compare-tfa: {path}: {q}", file=sys.stderr)
    return 1 if problems else 0


def json_get(path, key):
    """--json-get: the value at dotted @key of a comparison.json, printed
    (a list one item a line), for the shell tests."""
    with open(path, encoding="utf-8") as f:
        v = json.load(f)
    for k in key.split("."):
        v = v[k]
    print("\n".join(v) if isinstance(v, list) else v)
    return 0


def main(argv):
    if argv[:1] == ["--check-rows"]:
        return check_rows(argv[1])
    if argv[:1] == ["--json-get"]:
        return json_get(argv[1], argv[2])
    p = argparse.ArgumentParser(prog="compare_tfa", description="make compare-tfa: this "
                                "firmware and TF-A 2.8 side by side (see the module's text).")
    p.add_argument("--plat", required=True, choices=sorted(PLATS))
    p.add_argument("--work", required=True)
    p.add_argument("--runs", required=True)
    p.add_argument("--tfa-src", required=True)
    p.add_argument("--tfa-cache", required=True)
    p.add_argument("--mbedtls-src", required=True)
    p.add_argument("--patch", required=True)
    p.add_argument("--tbb-patch", required=True)
    p.add_argument("--cpu", default="cortex-a57")
    p.add_argument("--memory", type=int)
    p.add_argument("--reduced", action="store_true")
    p.add_argument("--timeout", type=float, default=300)
    a = p.parse_args(argv)
    for d in (a.tfa_src, a.mbedtls_src):
        if not os.path.isdir(d):
            print(f"compare-tfa: {d}: no such folder (make fetches it)", file=sys.stderr)
            return 2
    cpus = tfa_cpus(a.tfa_src, PLATS[a.plat]["tfa_plat"])
    if a.cpu not in cpus:
        print(f"compare-tfa: QEMU_CPU={a.cpu}: TF-A {tfa_version(a.tfa_src)}'s "
              f"{PLATS[a.plat]['tfa_plat']} port has CPU libraries for {', '.join(cpus)} only "
              "(its platform.mk): give one of them", file=sys.stderr)
        return 2
    a.work = os.path.abspath(a.work)
    os.makedirs(a.work, exist_ok=True)
    started = datetime.datetime.now()
    c = Compare(a)
    c.run_dir = new_run_dir(a.runs)
    try:
        c.topology()
        if a.plat == "sbsa":
            sbsa(c)
        else:
            # Trusted boot once: TF-A 2.8 cannot boot with it here (its entry in
            # "could not run"), so its row has our figure alone.
            variants = [("ours", 0)] if a.reduced else [("ours", 0), ("off", 0), ("ours", 1)]
            for mit, tbb in variants:
                c.variant(mit, tbb, profile_it=not a.reduced and (mit, tbb) == ("ours", 0))
            if not a.reduced:
                c.failures()
    except Problem as e:
        print(f"compare-tfa: {e}", file=sys.stderr)
        return 2
    text = wrap(c.render(started))
    report = os.path.join(c.run_dir, f"compare-tfa-{a.plat}.rst")
    with open(report, "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(c.run_dir, "comparison.json"), "w", encoding="utf-8") as f:
        json.dump(c.json(), f, indent=1, ensure_ascii=False)
        f.write("\n")
    with open(os.path.join(c.run_dir, "comparison.csv"), "w", encoding="utf-8") as f:
        f.write(c.csv())
    print(text)
    missing = [f"{MITIGATION_TITLES[m]}: {name}" for m, rows in c.rows.items()
               for key, name, _, o, t, _ in rows if key and (o is None or t is None)]
    for m in missing:
        print(f"compare-tfa: no figure on both sides: {m}", file=sys.stderr)
    for f_ in c.failed:
        print(f"compare-tfa: {f_}", file=sys.stderr)
    say(f"report in {report}")
    if a.plat == "sbsa":
        return 0
    return 1 if missing or c.failed or not c.rows else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
