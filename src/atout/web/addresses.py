"""The addresses other devices at the table can use to reach ``atout serve``: the
machine's own addresses on the local network when it listens on every interface
(``--host 0.0.0.0``), none when it listens on this machine only (127.0.0.1)."""

from __future__ import annotations

import ipaddress
import socket

WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices of its networks can reach
    (private or public, never the loopback), the one of the default route first."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # no packet is sent: connecting a UDP socket only picks the outgoing address
        probe.connect(("192.0.2.1", 9))
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found += [str(info[4][0]) for info in infos]
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and address not in usable:
            usable.append(address)
    return usable


def is_local_only(host: str) -> bool:
    """Whether a server listening on ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def table_bases(host: str, port: int) -> list[str]:
    """The base URLs the other devices can use (``http://192.168.1.20:8000``): every
    LAN address when listening on all interfaces, the host itself when it is one
    address of the network, none when listening on this machine only."""
    if host in WILDCARDS:
        return [f"http://{address}:{port}" for address in lan_addresses()]
    if is_local_only(host):
        return []
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}"]
