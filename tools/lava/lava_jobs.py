#!/usr/bin/env python3
"""lava_jobs: the LAVA job definitions of a build (docs/perf/lava.rst).

Usage: lava_jobs.py --config BUILD/config.mk --out DIR [--images-url URL]
                    [--device-type NAME] [--tags "T1 T2"] [--linux RECIPE]

Writes into DIR, for the build whose config.mk is given (its platform's
LAVA device type, PLAT_LAVA_DEVICE_TYPE of its platform.mk):

  rt-instr.yaml   the runtime-instrumentation payload: the six scenarios and
                  the conformance suite, their console lines turned into LAVA
                  test cases by `monitors` test actions (MONITORS below)
  linux-latency.yaml  (with --linux) Linux with the PMF latency module of
                  make linux-latency, from the boot recipe it writes
  images.txt      each image the jobs name: label, URL, sha256, local path

Jobs follow the job schema of LAVA 2023.01 (lava_common.schemas, checked by
tools/lava/validate.py). A job is written as the LAVA device type the
platform names expects it (any platform of that type: every QEMU machine
is LAVA's qemu device type, its machine in the job's context):

  qemu   deploy to tmpfs, boot method qemu: the flash image as -bios, the
         machine from tools/qemu_run's machine_args() (the build's
         QEMU_MACHINE...) through the job context that LAVA's qemu.jinja2
         reads (qemu_context())
  fvp    deploy to fvp, boot method fvp: the model parameters of
         tools/fvp_run's model_params(), the console on the model's telnet
         port (fvp_arguments())
  n1sdp  deploy to flasher (the MCC's mass storage), boot minimal on the MCC
         console, then the AP console as a new connection (n1sdp_actions())

Images are named by URL: --images-url (IMAGES_URL=) followed by the image's
name, by default file:// URLs of the build itself; each with its sha256
where the build has it (with --images-url the images are the lab's and need
not be built here). Timeouts come from the build's RUN_TIMEOUT, the limit
make run gives the same payload.
"""
import argparse
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
from tools.qemu_run import qemu_run  # the one description of the QEMU machine
from tools.fvp_run import fvp_run  # the one description of the FVP's parameters

# What LAVA shows for each job: the test suite names of its monitors.
SUITE_LATENCY = "rt-instr-latency"
SUITE_CONFORMANCE = "conformance"
SUITE_PAYLOAD = "payload"

# The payload's console lines (tests/payload/rt_instr.c, conformance.c,
# payload_main.c) as LAVA test cases. A monitor waits for its start, then
# every match of its pattern until its end is a test case (LAVA 2023.01's
# lava_dispatcher/actions/test/monitor.py; LAVA's manual, "Monitors" in
# actions-test.rst): the named groups test_case_id, result, measurement
# and units. fixupdict maps the payload's PASS/FAIL to LAVA's pass/fail.
FIXUP = {"PASS": "pass", "FAIL": "fail"}
MONITORS = [
    {   # "PAYLOAD: median test_rt_instr_X c0.1 Wakeup: PASS 0.352 us":
        # one test case per scenario, core and figure, its median in µs.
        "name": SUITE_LATENCY,
        "start": r"PAYLOAD: runtime instrumentation: iteration 1 of",
        "end": r"PAYLOAD: runtime instrumentation: (PASS|FAIL|SKIPPED)",
        "pattern": r"PAYLOAD: median (?P<test_case_id>test_rt_instr_\w+ c\d+\.\d+ [A-Za-z ]+): "
                   r"(?P<result>PASS|FAIL) (?P<measurement>\d+\.\d+) (?P<units>us)",
        "fixupdict": dict(FIXUP),
    },
    {   # "CONFORMANCE: CPU_SUSPEND: PASS": one test case per section.
        "name": SUITE_CONFORMANCE,
        "start": r"CONFORMANCE: \d+ sections",
        "end": r"CONFORMANCE: \d+ passed, \d+ failed",
        "pattern": r"CONFORMANCE: (?P<test_case_id>[A-Za-z0-9_ -]+): (?P<result>PASS|FAIL)[\r\n]",
        "fixupdict": dict(FIXUP),
    },
    {   # "PAYLOAD: RESULT: PASS": the payload's own verdict over every check,
        # and a second one, FAIL, if its last act (SYSTEM_OFF2) came back: up
        # to the firmware's power-off line (SYSTEM_OFF2's, or SYSTEM_OFF's then).
        "name": SUITE_PAYLOAD,
        "start": r"PAYLOAD: checks: \d+ passed, \d+ failed",
        "end": r"PSCI: SYSTEM_OFF",
        "pattern": r"PAYLOAD: (?P<test_case_id>RESULT): (?P<result>PASS|FAIL)",
        "fixupdict": dict(FIXUP),
    },
]


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def timeout(seconds):
    """LAVA's timeout form (lava_common.schemas.timeout)."""
    return {"minutes": -(-seconds // 60)} if seconds >= 60 else {"seconds": max(1, seconds)}


class Images:
    """The images a job names: label -> url entry; listed in images.txt."""

    def __init__(self, build, url):
        self.build = os.path.abspath(build)
        self.url = url.rstrip("/") if url else "file://" + self.build
        # Images served by the lab (--images-url) need not be built here:
        # the job names them, with the sha256 of those this build has.
        self.remote = bool(url)
        self.listed = []

    def entry(self, label, name, path=None, optional=False, **extra):
        """The url entry of image @name (@path, default the build's own);
        a missing image is an error unless @optional (then the job names
        it without its sha256, and images.txt says it is to be made)."""
        path = os.path.abspath(path or os.path.join(self.build, name))
        # The lab's URL holds each image by name; here, each is where it is.
        url = f"{self.url}/{name}" if self.remote else "file://" + path
        if not os.path.isfile(path):
            if not optional and not self.remote:
                raise SystemExit(f"lava_jobs: {path}: no such image (build it first)")
            self.listed.append((label, url, "-", path + " (not made)"))
            return {"url": url, **extra}
        digest = sha256(path)
        self.listed.append((label, url, digest, path))
        return {"url": url, "sha256sum": digest, **extra}


def qemu_context(config_path, realtime=False):
    """The job context LAVA's qemu device type (qemu.jinja2 of lava-server)
    turns into the QEMU command line: machine, cpu and memory where the
    template has a variable for them, every other argument of
    tools/qemu_run's machine_args() in extra_options. The template adds a
    NIC of its own (-net nic,model=...): with netdevice 'none' it has no
    backend, in place of qemu_run's -nic none (the firmware uses no NIC)."""
    a = qemu_run.main_args(["--config", config_path] + (["--realtime"] if realtime else []))
    if a is None:
        raise SystemExit(f"lava_jobs: {config_path}: not a build's config.mk")
    a.flash = None  # the job's deploy action gives it (-bios {flash})
    args = qemu_run.machine_args(a)
    named = {"-machine": "machine", "-cpu": "cpu", "-m": "memory"}
    ctx = {"arch": "arm64", "netdevice": "none"}
    extra = []
    i = 0
    while i < len(args):
        opt = args[i]
        value = args[i + 1] if i + 1 < len(args) and not args[i + 1].startswith("-") else None
        i += 2 if value is not None else 1
        if opt in named:
            ctx[named[opt]] = int(value) if opt == "-m" else value
        elif opt == "-nographic":
            continue  # qemu.jinja2 always passes it
        elif opt == "-nic" and value == "none":
            continue  # netdevice above
        else:
            extra.append(opt if value is None else f"{opt} {value}")
    ctx["extra_options"] = extra
    return ctx


def fvp_arguments(config_path, config):
    """The model's arguments for LAVA's fvp boot method: tools/fvp_run's
    model_params(), the images as LAVA's {BL1} and {FIP} (the deployed
    files, by label), and UART0 on the model's telnet port, which LAVA
    finds in the model's output (console_string) and connects to, in place
    of fvp_run's file."""
    clusters, cores = fvp_run.topology(config)
    build = os.path.dirname(config_path)
    params = fvp_run.model_params(build, clusters, cores, "uart0.log")
    by_path = {os.path.join(build, "bl1.bin"): "{BL1}", os.path.join(build, "fip.bin"): "{FIP}"}
    console = {"bp.pl011_uart0.out_file": None, "bp.pl011_uart0.unbuffered_output": None,
               "bp.terminal_0.start_telnet": "1"}
    out = []
    for name, value in params:
        value = by_path.get(value, value)
        if name in console:
            value = console[name]
            if value is None:
                continue
        out.append(f"-C {name}={value}")
    return out


def common(plat, config, name, device_type, tags, run_timeout):
    job = {
        "job_name": f"n1fw {name} {plat} {config.get('VERSION', '')}".strip(),
        "device_type": device_type,
        "visibility": "public",
        "priority": "medium",
        "timeouts": {
            # The payload's whole run is bounded by RUN_TIMEOUT (make run's
            # limit); the deploy and the boot to the first line by minutes.
            "job": timeout(run_timeout + 600),
            "action": timeout(run_timeout),
            "connection": timeout(run_timeout),
        },
        "metadata": {
            "n1fw.plat": plat,
            "n1fw.firmware": config.get("VERSION", "unknown"),
            "n1fw.build": "debug" if config.get("DEBUG") == "1" else "release",
            "n1fw.options": " ".join(f"{k}={v}" for k, v in sorted(config.items())
                                     if k != "VERSION"),
        },
        "actions": [],
    }
    if tags:
        job["tags"] = list(tags)
    return job


def test_action(run_timeout, **extra):
    return {"test": {**extra, "timeout": timeout(run_timeout), "monitors": MONITORS}}


def qemu_actions(config_path, images, run_timeout):
    return [
        # LAVA's manual, actions-deploy.rst "to: tmpfs": images downloaded
        # to the worker; image_arg is the QEMU argument naming each.
        {"deploy": {"to": "tmpfs", "timeout": timeout(120),
                    "images": {"flash": images.entry("flash", "flash.bin",
                                                     image_arg="-bios {flash}")}}},
        # actions-boot.rst "method: qemu": QEMU started from the device
        # type's command line and the job's context; media tmpfs.
        {"boot": {"method": "qemu", "media": "tmpfs", "timeout": timeout(60)}},
        test_action(run_timeout),
    ]


def fvp_actions(config_path, config, images, run_timeout, docker_image):
    return [
        # actions-deploy.rst "to: fvp": the images the model is given.
        {"deploy": {"to": "fvp", "timeout": timeout(120),
                    "images": {"bl1": images.entry("bl1", "bl1.bin"),
                               "fip": images.entry("fip", "fip.bin")}}},
        # actions-boot.rst "method: fvp": the model in the lab's Docker
        # image (LAVA_FVP_DOCKER=, the model in /opt/model), started with
        # these arguments; LAVA connects to the telnet port the model
        # prints (console_string). The Base RevC AEM model needs no licence.
        {"boot": {"method": "fvp", "timeout": timeout(120),
                  "docker": {"name": docker_image, "local": True},
                  "image": "/opt/model/" + os.path.basename(config.get("FVP_BASE") or
                                                            fvp_run.DEFAULT_MODEL),
                  "console_string": r"terminal_0: Listening for serial connection on port "
                                    r"(?P<PORT>\d+)",
                  "arguments": fvp_arguments(config_path, config),
                  "prompts": [r"NOTICE:  BL1: "]}},
        test_action(run_timeout),
    ]


def n1sdp_actions(images, run_timeout):
    return [
        # LAVA's n1sdp device type (n1sdp.jinja2 of lava-server): deploy
        # "to: flasher" runs the device's flasher_deploy_commands, which
        # switch the board's microSD to the worker (sdmux), format it and
        # unzip the recovery image onto it: the MCC's mass storage, whose
        # SOFTWARE/ holds scp_fw.bin (with BL1) and fip.bin
        # (docs/plat/n1sdp.rst; actions-deploy.rst "to: flasher").
        {"deploy": {"namespace": "recovery", "to": "flasher", "timeout": timeout(600),
                    "images": {"recovery_image": images.entry(
                        "recovery_image", "n1sdp-recovery.zip", optional=True,
                        compression="zip")}}},
        # actions-boot.rst "method: minimal": power on and wait on the
        # device's first console, the MCC's, for its prompt.
        {"boot": {"namespace": "recovery", "method": "minimal", "timeout": timeout(180),
                  "parameters": {"kernel-start-message": ""}, "prompts": ["Cmd>"]}},
        # actions-boot.rst "method: new_connection": the AP's console
        # (uart1 of the device dictionary's connection_list), where the
        # firmware and the payload print.
        {"boot": {"namespace": "ap", "method": "new_connection", "connection": "uart1",
                  "timeout": timeout(60)}},
        test_action(run_timeout, namespace="ap", **{"connection-namespace": "ap"}),
    ]


# The UUID under which the SCP's RAM-firmware FIP (scp_fw.bin) carries the
# AP's BL1 (docs/plat/n1sdp.rst, "Running it on the board").
N1SDP_BL1_BLOB_UUID = "cfacc2c4-15e8-4668-82be-430a38fad705"


def n1sdp_recovery(bundle, out, build, fiptool):
    """The recovery image LAVA's flasher unzips onto the MCC's card: the
    board's firmware bundle @bundle (zip) with SOFTWARE/fip.bin replaced by
    this build's and this build's BL1 put into SOFTWARE/scp_fw.bin
    (fiptool update --blob), every other file as it is."""
    import subprocess
    import tempfile
    import zipfile
    with zipfile.ZipFile(bundle) as z:
        names = {n.lower(): n for n in z.namelist()}
        for want in ("software/fip.bin", "software/scp_fw.bin"):
            if want not in names:
                raise SystemExit(f"lava_jobs: {bundle}: no {want} (not an N1SDP firmware "
                                 f"bundle?)")
        with tempfile.TemporaryDirectory() as tmp:
            scp = os.path.join(tmp, "scp_fw.bin")
            with open(scp, "wb") as f:
                f.write(z.read(names["software/scp_fw.bin"]))
            r = subprocess.run([fiptool, "update", "--blob", f"uuid={N1SDP_BL1_BLOB_UUID},"
                                f"file={os.path.join(build, 'bl1.bin')}", scp],
                               capture_output=True, text=True, check=False)
            if r.returncode != 0:
                raise SystemExit(f"lava_jobs: fiptool update of scp_fw.bin: {r.stderr.strip()}")
            with open(scp, "rb") as f:
                scp_data = f.read()
        with open(os.path.join(build, "fip.bin"), "rb") as f:
            fip_data = f.read()
        tmp_out = out + ".tmp"
        with zipfile.ZipFile(tmp_out, "w", zipfile.ZIP_DEFLATED) as o:
            for info in z.infolist():
                data = {names["software/fip.bin"]: fip_data,
                        names["software/scp_fw.bin"]: scp_data}.get(info.filename)
                o.writestr(info, data if data is not None else z.read(info.filename))
        os.replace(tmp_out, out)


# The Linux job's console (what make linux-latency's initramfs prints: its
# LATENCY: lines and the module's data as PMF_IDLE: lines): each check that failed
# is a fail test case; after the workload, each CPU's idle state is a
# measurement test case, the number of samples the module accepted.
LINUX_MONITORS = [
    {"name": "linux-latency",
     "start": r"LATENCY: init started",
     "end": r"LATENCY: workload done at",
     "pattern": r"LATENCY: (?P<result>FAIL) (?P<test_case_id>[^\r\n]+)[\r\n]",
     "fixupdict": {"FAIL": "fail"}},
    {"name": "linux-latency-states",
     "start": r"LATENCY: BEGIN DATA",
     "end": r"LATENCY: END DATA",
     "pattern": r"PMF_IDLE: state (?P<test_case_id>cpu=\d+ idx=\d+ state=\S+) [^\r\n]*?"
                r"accepted=(?P<measurement>\d+) "},
]


def read_env(path):
    """A boot recipe: the KEY=VALUE lines a shell would read (values
    quoted with '...' or bare), comments skipped."""
    import shlex
    env = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or "=" not in line:
                continue
            key, value = line.split("=", 1)
            env[key] = " ".join(shlex.split(value))
    return env


def linux_job(recipe, plat, config, images, device_type, tags):
    """Linux with the PMF latency module: make linux-latency's boot, from
    the recipe it writes (build/qemu/<type>/linux-latency/boot.env:
    KERNEL, INITRD, FLASH, APPEND), booted as make linux-latency boots it: the firmware with U-Boot as BL33 (FLASH) loads the
    kernel, initramfs and command line from QEMU's -kernel, -initrd and
    -append, on the firmware build's machine in real time (no -icount)."""
    r = read_env(recipe)
    missing = [k for k in ("KERNEL", "INITRD", "FLASH", "APPEND") if not r.get(k)]
    if missing:
        raise SystemExit(f"lava_jobs: {recipe}: no {', '.join(missing)} (make linux-latency's "
                         f"boot.env?)")
    m = re.search(r"n1fw\.seconds=(\d+)", r["APPEND"])
    # run.sh's own limit: the workload and 400 s for the boot and the copy.
    limit = (int(m.group(1)) if m else 20) + 400
    job = common(plat, config, "linux-latency", device_type, tags, limit)
    fw_config = os.path.join(os.path.dirname(r["FLASH"]), "config.mk")
    job["context"] = qemu_context(fw_config, realtime=True)
    job["context"]["extra_options"].append("-append '" + r["APPEND"] + "'")
    job["actions"] = [
        {"deploy": {"to": "tmpfs", "timeout": timeout(300), "images": {
            "flash": images.entry("flash", "flash.bin", path=r["FLASH"],
                                  image_arg="-bios {flash}"),
            "kernel": images.entry("kernel", os.path.basename(r["KERNEL"]), path=r["KERNEL"],
                                   image_arg="-kernel {kernel}"),
            "initrd": images.entry("initrd", os.path.basename(r["INITRD"]), path=r["INITRD"],
                                   image_arg="-initrd {initrd}")}}},
        {"boot": {"method": "qemu", "media": "tmpfs", "timeout": timeout(120)}},
        {"test": {"timeout": timeout(limit), "monitors": LINUX_MONITORS}},
    ]
    return job


def zipfile_error():
    """zipfile's error for a file that is no zip archive."""
    import zipfile
    return zipfile.BadZipFile


def write_yaml(path, data):
    import yaml
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("# Generated by tools/lava/lava_jobs.py: do not edit (docs/perf/lava.rst).\n")
        yaml.safe_dump(data, f, sort_keys=False, default_flow_style=False, width=1000)
    os.replace(tmp, path)


def main(argv):
    p = argparse.ArgumentParser(prog="lava_jobs", description=__doc__.split("\n")[0])
    p.add_argument("--config", required=True, help="the build's config.mk")
    p.add_argument("--out", required=True, help="where the jobs go (build/<plat>/lava)")
    p.add_argument("--images-url", default="", help="URL the images are served under "
                   "(default: file:// URLs of the build)")
    p.add_argument("--device-type", default="", help="the LAVA device type the job asks for "
                   "(default: the platform's, PLAT_LAVA_DEVICE_TYPE)")
    p.add_argument("--tags", default="", help="LAVA device tags, space-separated")
    p.add_argument("--version", default="", help="the firmware's version (the banner's)")
    p.add_argument("--linux", metavar="BOOT_ENV",
                   help="make linux-latency's boot recipe (its boot.env): the Linux job too")
    p.add_argument("--n1sdp-firmware", metavar="ZIP",
                   help="n1sdp device type: the board's firmware bundle to make "
                   "n1sdp-recovery.zip of")
    p.add_argument("--fiptool", default="fiptool", help="fiptool for --n1sdp-firmware")
    p.add_argument("--fvp-docker", default="fvp:base-revc",
                   help="fvp device type: the lab's Docker image holding the model in /opt/model")
    a = p.parse_args(argv)
    try:
        config = qemu_run.read_config(a.config)
    except OSError as e:
        print(f"lava_jobs: {a.config}: {e.strerror} (build first)", file=sys.stderr)
        return 2
    if a.version:
        config["VERSION"] = a.version
    plat = config.get("PLAT", "qemu")
    kind = config.get("PLAT_LAVA_DEVICE_TYPE", "")
    build = os.path.dirname(a.config)
    images = Images(build, a.images_url)
    device_type = a.device_type or kind
    tags = a.tags.split()
    run_timeout = int(config.get("RUN_TIMEOUT", "300"), 0) or 300
    os.makedirs(a.out, exist_ok=True)
    job = common(plat, config, "rt-instr", device_type, tags, run_timeout)
    if kind == "qemu":
        job["context"] = qemu_context(a.config)
        job["actions"] = qemu_actions(a.config, images, run_timeout)
    elif kind == "fvp":
        job["actions"] = fvp_actions(a.config, config, images, run_timeout, a.fvp_docker)
    elif kind == "n1sdp":
        recovery = os.path.join(build, "n1sdp-recovery.zip")
        if a.n1sdp_firmware:
            try:
                n1sdp_recovery(a.n1sdp_firmware, recovery, build, a.fiptool)
            except (OSError, zipfile_error()) as e:
                print(f"lava_jobs: {a.n1sdp_firmware}: {e}", file=sys.stderr)
                return 2
        job["actions"] = n1sdp_actions(images, run_timeout)
        if not os.path.isfile(recovery):
            print(f"lava_jobs: {recovery} is to be made from the board's firmware bundle: "
                  f"make lava-jobs PLAT={plat} N1SDP_FIRMWARE=<bundle.zip> (docs/perf/lava.rst)")
    else:
        print(f"lava_jobs: PLAT={plat}: its platform names "
              f"{'LAVA device type ' + kind if kind else 'no LAVA device type'}, "
              f"none this tool writes jobs for (qemu, fvp, n1sdp)", file=sys.stderr)
        return 2
    write_yaml(os.path.join(a.out, "rt-instr.yaml"), job)
    written = ["rt-instr.yaml"]
    if a.linux and kind != "qemu":
        print("lava_jobs: the Linux job boots on QEMU (make linux-latency): a platform of "
              "LAVA's qemu device type", file=sys.stderr)
        return 2
    if a.linux:
        write_yaml(os.path.join(a.out, "linux-latency.yaml"),
                   linux_job(a.linux, plat, config, images, device_type, tags))
        written.append("linux-latency.yaml")
    with open(os.path.join(a.out, "images.txt"), "w", encoding="utf-8") as f:
        for row in images.listed:
            f.write("\t".join(row) + "\n")
    print(f"lava_jobs: {', '.join(written)} for {device_type} in {a.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
