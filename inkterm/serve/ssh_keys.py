"""The SSH server's keys (needs asyncssh): players' public keys, read as OpenSSH's
StrictModes would trust them, and the server's own host key."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from urllib.parse import unquote_to_bytes

import asyncssh

log = logging.getLogger("inkterm.serve.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"
#: The single keys file of old: it let any of its keys in under any name, so it
#: is read only when asked for (``--authorized-keys``).
AUTHORIZED_KEYS_NAME = "authorized_keys"
#: ``<data dir>/keys/NAME.pub``: NAME's public keys, in authorized_keys format.
KEYS_DIR_NAME = "keys"


def untrusted_because(path: Path) -> str | None:
    """Why a key file or folder must not be trusted, as OpenSSH's StrictModes
    decides: someone else (not this user, not root) owns it, or its group or
    everyone may write to it (so others could add their keys). None if it is fine."""
    st = path.stat()
    if st.st_uid not in (os.getuid(), 0):
        return f"{path} is owned by uid {st.st_uid}, not by the server's user"
    mode = stat.S_IMODE(st.st_mode)
    if mode & 0o022:
        return f"{path} is writable by its group or by everyone (mode {mode:o}; chmod go-w it)"
    return None


def read_key_file(path: Path) -> asyncssh.SSHAuthorizedKeys | None:
    """The keys in an authorized_keys-format file, re-read at every call; None if
    it is missing, or (logged, with the reason) unreadable or not to be trusted."""
    try:
        for part in (path.parent, path):
            reason = untrusted_because(part)
            if reason is not None:
                log.error("refusing the keys in %s: %s", path, reason)
                return None
        return asyncssh.read_authorized_keys(str(path))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.error("cannot read keys %s: %s", path, exc)
        return None


def key_names(directory: Path) -> list[str]:
    """The login names a key file in ``directory`` is filed under (``NAME.pub``; an
    unusual name's file is ``~`` and its escaped bytes, see safe_user_dir_name)."""
    try:
        stems = [p.name[: -len(".pub")] for p in directory.iterdir() if p.name.endswith(".pub")]
    except OSError:
        return []
    names = []
    for stem in stems:
        if stem.startswith("~~"):  # hashed: the name cannot be read back
            continue
        if stem.startswith("~"):
            try:
                stem = unquote_to_bytes(stem[1:]).decode("utf-8")
            except UnicodeDecodeError:
                continue
        names.append(stem)
    return names


def ensure_host_key(path: Path) -> asyncssh.SSHKey:
    """Load the server's host key, creating it (ed25519, mode 0600) on first start,
    so clients see the same key every time."""
    path = Path(path)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="inkterm host key")
        data = key.export_private_key()
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another server won the race: use its key
            return asyncssh.read_private_key(path)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        log.info("created SSH host key %s", path)
        return key
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        os.chmod(path, 0o600)
        log.warning("host key %s was readable by others; now owner-only", path)
    return asyncssh.read_private_key(path)
