"""Who acts at the tables: a name the others see, the person behind it and the
address they came from. Limits count people and addresses, never names alone, and a
seat is given back only to the person who took it.

A person is an SSH login name vouched for by the host's key file for that name
(``ssh:NAME``: any of the keys filed under it), a key accepted from the shared
``--authorized-keys`` file (``key:FINGERPRINT``: that file lets a key use any
name), or a browser (``web:…``: the hash of the secret cookie the web door gave it,
so the same browser is the same person after a reload or a server restart).
"""
from __future__ import annotations

import hashlib
import ipaddress
import secrets
from dataclasses import dataclass, replace

#: Addresses sharing this IPv6 prefix count as one (a home or a host gets a whole
#: /64 to pick from); an IPv4 address counts alone.
IPV6_PREFIX = 64


def address_key(address: str) -> str:
    """The address limits count under: the IPv4 address, or the IPv6 /64 it is in
    (an IPv4-mapped IPv6 address is its IPv4 address); anything else as given."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


@dataclass(frozen=True)
class Player:
    #: What the others see; "" for a browser person that has not chosen yet.
    name: str
    #: Who it is (see the module's docstring).
    person: str
    #: Where the connection came from (see ``address_key``).
    address: str = "local"

    def named(self, name: str) -> "Player":
        return replace(self, name=name)


def ssh_player(name: str, address: str = "local", key: str | None = None) -> Player:
    """An SSH login: the person is the name its own key file vouches for, or, for a
    key from the shared file (``key`` = its fingerprint), that key."""
    person = f"key:{key}" if key else f"ssh:{name}"
    return Player(name, person, address_key(address))


def web_person(cookie: str | None) -> str:
    """The person a browser's cookie stands for (its hash: the table files never
    hold the secret itself); without one, a person for this connection alone."""
    if not cookie:
        return "tab:" + secrets.token_hex(12)
    return "web:" + hashlib.sha256(cookie.encode()).hexdigest()[:32]
