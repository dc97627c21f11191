#!/usr/bin/env python3
"""nle_flanking as a wheel an agent builder installs with pip (./dev wheel).

    tools/wheel.py [OUTDIR]     (default target/wheels; prints the wheel's path last)

The wheel carries the package (python/nle_flanking) with the variant's NLE
build in it (_game/libnethack.so and _game/nhdat, made by tools/nle/build.sh,
which ./dev wheel runs first), and NetHack's licence.  It depends on
``nle==1.3.0`` (whose _pynethack loads the library: the library is built
against NLE 1.3.0's C, so no other NLE will do) and ``gymnasium``.

Its tag is ``py3-none-linux_x86_64``: the library is x86-64 Linux machine
code (it is loaded by NLE's own extension, so it is the same for every
CPython 3 that NLE supports), built on this machine's glibc and linked
with the system's libbz2.so.1.0.  Not manylinux: auditwheel would copy
libbz2 into the wheel and point the library at it by RPATH, which does not
survive NLE's loading each environment's game from a memory file of its
own.  pip refuses it on another platform, and the package refuses to
import on one (nle_flanking.settings.check_platform).

Written with the standard library alone (a wheel is a zip file with its
metadata: PEP 427, 376, 566), byte for byte the same from the same files:
every member's date is fixed.
"""

import base64
import csv
import hashlib
import io
import os
import re
import stat
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(REPO, "python", "nle_flanking")
NAME = "nle_flanking"
TAG = "py3-none-linux_x86_64"
REQUIRES = ["nle==1.3.0", "gymnasium"]
# Files of the package that go in (what is in python/nle_flanking besides).
GAME = ["_game/libnethack.so", "_game/nhdat"]
DATE = (2020, 1, 1, 0, 0, 0)


def version():
    """The variant's version, VARIANT_VERSION of the series' patchlevel.h."""
    with open(os.path.join(REPO, "patches", "0005-variant-version-string.patch")) as f:
        m = re.search(r'#define VARIANT_VERSION "([^"]+)"', f.read())
    if not m:
        sys.exit("tools/wheel.py: no VARIANT_VERSION in patches/0005-variant-version-string.patch")
    return m.group(1)


def metadata(ver):
    # The description is the agent builders' guide, up to the whole-game
    # study (the repository's, not the package's).
    with open(os.path.join(REPO, "docs", "AGENTS.md"), encoding="utf-8") as f:
        readme = f.read()
    start = 0
    end = readme.index("\n## Whole games")
    lines = [
        "Metadata-Version: 2.1",
        "Name: nle-flanking",
        "Version: " + ver,
        "Summary: NetHack Flanking (NetHack 3.6.7 with arc flanking) in the "
        "NetHack Learning Environment, as Gymnasium environments",
        "License: NetHack General Public License",
        "Classifier: Operating System :: POSIX :: Linux",
        "Classifier: Programming Language :: Python :: 3",
        "Requires-Python: >=3.10",
    ]
    lines += ["Requires-Dist: " + r for r in REQUIRES]
    lines += ["Description-Content-Type: text/markdown", "", readme[start:end].strip(), ""]
    return "\n".join(lines).encode("utf-8")


def members():
    """(name in the wheel, bytes, executable) of every package file."""
    out = []
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py"):
            out.append(name)
    for rel in GAME:
        if not os.path.isfile(os.path.join(PACKAGE, rel)):
            sys.exit(
                "tools/wheel.py: %s is missing: the variant's NLE build is made by "
                "tools/nle/build.sh (./dev wheel runs it)" % os.path.join(PACKAGE, rel)
            )
        out.append(rel)
    for rel in out:
        path = os.path.join(PACKAGE, rel)
        with open(path, "rb") as f:
            yield "%s/%s" % (NAME, rel), f.read(), bool(os.stat(path).st_mode & stat.S_IXUSR)


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def build(outdir):
    ver = version()
    dist = "%s-%s.dist-info" % (NAME, ver)
    files = list(members())
    with open(os.path.join(REPO, "nethack-src", "NetHack-3.6.7", "dat", "license"), "rb") as f:
        licence = f.read()
    files += [
        (dist + "/METADATA", metadata(ver), False),
        (
            dist + "/WHEEL",
            ("Wheel-Version: 1.0\nGenerator: nle_flanking tools/wheel.py\n"
             "Root-Is-Purelib: false\nTag: %s\n" % TAG).encode("ascii"),
            False,
        ),
        (dist + "/top_level.txt", (NAME + "\n").encode("ascii"), False),
        (dist + "/licenses/NetHack-license", licence, False),
    ]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data, _ in files:
        writer.writerow([name, record_hash(data), len(data)])
    writer.writerow([dist + "/RECORD", "", ""])
    files.append((dist + "/RECORD", record.getvalue().encode("utf-8"), False))

    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "%s-%s-%s.whl" % (NAME, ver, TAG))
    tmp = path + ".part"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data, executable in files:
            info = zipfile.ZipInfo(name, DATE)
            info.external_attr = (0o755 if executable else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            whl.writestr(info, data)
    os.replace(tmp, path)
    return path


if __name__ == "__main__":
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, "target", "wheels")
    path = build(os.path.abspath(outdir))
    print("%s (%d bytes)" % (os.path.relpath(path, REPO), os.path.getsize(path)), file=sys.stderr)
    print(path)
