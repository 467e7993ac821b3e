"""The build backend of the irrun package (PEP 517 and PEP 660), in the
tree so that `pip install ./python` needs nothing it would download: the
package is pure Python (ctypes over libirrun.so), so a wheel is a zip of
irrun/ with its metadata, written here without setuptools. Nothing is
written beside the sources (no build/, no *.egg-info): only into the
directories pip hands over.

The metadata lives here, the version in irrun/__init__.py (__version__)."""

import base64
import hashlib
import io
import os
import re
import sysconfig
import tarfile
import zipfile

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
_NAME = "irrun"
_SUMMARY = "Python bindings (ctypes) for ir-run, a reference interpreter for StableHLO-style tensor programs"


def _version():
    with open(os.path.join(_HERE, _NAME, "__init__.py"), encoding="utf-8") as f:
        m = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not m:
        raise RuntimeError("irrun/__init__.py has no __version__ line")
    return m.group(1)


def _metadata():
    with open(os.path.join(_HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: %s\n"
            "License: see the ir-run repository\n"
            "Requires-Python: >=3.8\n"
            "Requires-Dist: numpy\n"
            "Requires-Dist: ml_dtypes\n"
            "Provides-Extra: jax\n"
            "Requires-Dist: jax[cpu]; extra == \"jax\"\n"
            "Description-Content-Type: text/markdown\n"
            "\n%s" % (_NAME, _version(), _SUMMARY, readme))


def _package_files():
    """(path in the wheel, path on disk) of irrun/: its modules and any
    libirrun.so* copied there; no caches."""
    out = []
    root = os.path.join(_HERE, _NAME)
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if os.path.isfile(path) and (name.endswith(".py") or name.startswith("libirrun.so")):
            out.append((_NAME + "/" + name, path))
    return out


def _tag(files):
    """py3-none-any, or the platform's tag when a shared library is inside."""
    if any(os.path.basename(disk).startswith("libirrun.so") for _, disk in files):
        return "py3-none-" + re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
    return "py3-none-any"


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (name, digest, len(data))


def _write_wheel(directory, entries, tag):
    """A wheel of `entries` ((name, bytes) pairs) plus its dist-info."""
    dist_info = "%s-%s.dist-info" % (_NAME, _version())
    entries = list(entries) + [
        (dist_info + "/METADATA", _metadata().encode("utf-8")),
        (dist_info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: irrun_backend\nRoot-Is-Purelib: %s\nTag: %s\n" % (
            "true" if tag.endswith("-any") else "false", tag)).encode()),
    ]
    record = "".join(_record_line(name, data) for name, data in entries) + dist_info + "/RECORD,,\n"
    filename = "%s-%s-%s.whl" % (_NAME, _version(), tag)
    tmp = os.path.join(directory, filename + ".part")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries + [(dist_info + "/RECORD", record.encode())]:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    os.replace(tmp, os.path.join(directory, filename))
    return filename


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = "%s-%s.dist-info" % (_NAME, _version())
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    with open(os.path.join(metadata_directory, dist_info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = _package_files()
    return _write_wheel(wheel_directory, [(name, _read(disk)) for name, disk in files], _tag(files))


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """A wheel whose only file puts this directory on sys.path: changes to
    irrun/ take effect without reinstalling."""
    return _write_wheel(wheel_directory, [("irrun_editable.pth", (_HERE + "\n").encode())], "py3-none-any")


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (_NAME, _version())
    files = [("pyproject.toml", os.path.join(_HERE, "pyproject.toml")),
             ("README.md", os.path.join(_HERE, "README.md")),
             ("backend/irrun_backend.py", os.path.abspath(__file__))]
    files += [(name, disk) for name, disk in _package_files() if name.endswith(".py")]
    filename = base + ".tar.gz"
    tmp = os.path.join(sdist_directory, filename + ".part")
    with tarfile.open(tmp, "w:gz", format=tarfile.PAX_FORMAT) as t:
        for name, data in [("PKG-INFO", _metadata().encode("utf-8"))] + [(n, _read(d)) for n, d in files]:
            info = tarfile.TarInfo(base + "/" + name)
            info.size = len(data)
            info.mode = 0o644
            t.addfile(info, io.BytesIO(data))
    os.replace(tmp, os.path.join(sdist_directory, filename))
    return filename
