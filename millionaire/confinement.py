"""The fences around a league's bot process: its own session, a memory limit, no signals outward.

A league (:mod:`millionaire.league`) plays each student's bot in a process forked for one game.
:func:`confine`, called first thing in that process, puts it

* in a session and process group of its own, so the league can end it together with every process
  it started (``os.killpg``), and a signal to "my group" reaches only them;
* under a cap on its address space (``RLIMIT_AS``): what it already holds when forked, plus the
  league's allowance, so an allocation beyond it fails with a ``MemoryError``;
* on Linux (x86-64 and ARM64), behind a seccomp filter that refuses, with ``EPERM``, every signal
  to another process than itself and its group (``kill``, ``tgkill``, ``pidfd_send_signal``, ...),
  tracing or reading another process (``ptrace``, ``process_vm_readv``/``writev``), leaving the
  group (``setsid``, ``setpgid``) and changing another process's limits (``prlimit``). The filter
  stays on the bot's own children, and on any program it runs.

This is a fence against accidents and casual tricks, not a sandbox: the process runs as the same
user as the notebook, so it can read and write that user's files, open the network, and reach the
notebook's process in other ways (its memory through ``/proc``, its kernel through the connection
file). The README's league section says so.

Examples
--------
>>> offset = _SECCOMP_DATA_ARGS
>>> len(_filter(4242, _SYSCALLS["x86_64"])) > 10, offset
(True, 16)
"""

from __future__ import annotations

import ctypes
import os
import platform
import struct

# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6] (little-endian: the low
# half of an argument comes first).
_SECCOMP_DATA_NR, _SECCOMP_DATA_ARCH, _SECCOMP_DATA_ARGS = 0, 4, 16

#: Megabytes (MiB) a student's bot process may take beyond what its parent held when it was forked:
#: the league's default allowance, and the trial load of a class's bot files.
BOT_MEMORY_MB = 1024

_LOAD, _JUMP_EQUAL, _JUMP_AT_LEAST, _RETURN = 0x20, 0x15, 0x35, 0x06  # BPF_LD|W|ABS, BPF_JMP|JEQ|K, ...|JGE|K, BPF_RET|K
_ALLOW, _REFUSE = 0x7FFF0000, 0x00050000 | 1  # SECCOMP_RET_ALLOW; SECCOMP_RET_ERRNO with EPERM
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2

#: Per machine: the audit architecture, then system call numbers by what the filter does with them.
_SYSCALLS = {
    "x86_64": {
        "arch": 0xC000003E,
        "refused": (200, 424, 101, 310, 311, 438, 112, 109),  # tkill pidfd_send_signal ptrace process_vm_readv/writev
        #                                                        pidfd_getfd setsid setpgid
        "kill": 62,
        "own_process": (234, 129, 297),  # tgkill rt_sigqueueinfo rt_tgsigqueueinfo: the first argument is a process
        "prlimit": 302,
    },
    "aarch64": {
        "arch": 0xC00000B7,
        "refused": (130, 424, 117, 270, 271, 438, 157, 154),
        "kill": 129,
        "own_process": (131, 138, 240),
        "prlimit": 261,
    },
}


def _filter(pid: int, calls: dict) -> list[tuple[int, int, int, int]]:
    """The seccomp program (BPF instructions: code, jump if true, jump if false, constant) for the
    process ``pid``: signals and limits only for itself (``pid``, 0 and ``-pid`` name it and its group)."""
    own = pid & 0xFFFFFFFF
    group = -pid & 0xFFFFFFFF
    program: list[tuple[int, int, int, int]] = []
    labels: dict[str, int] = {}
    jumps: list[tuple[int, str, str]] = []  # (instruction, label if true, label if false)

    def load(offset: int) -> None:
        program.append((_LOAD, 0, 0, offset))

    def jump(code: int, value: int, if_true: str, if_false: str = "") -> None:
        jumps.append((len(program), if_true, if_false))
        program.append((code, 0, 0, value))

    def label(name: str) -> None:
        labels[name] = len(program)

    load(_SECCOMP_DATA_ARCH)
    jump(_JUMP_EQUAL, calls["arch"], "", "refuse")
    load(_SECCOMP_DATA_NR)
    jump(_JUMP_AT_LEAST, 0x40000000, "refuse")  # the x32 calls of x86-64: none is needed
    for number in calls["refused"]:
        jump(_JUMP_EQUAL, number, "refuse")
    jump(_JUMP_EQUAL, calls["kill"], "kill")
    for number in calls["own_process"]:
        jump(_JUMP_EQUAL, number, "own")
    jump(_JUMP_EQUAL, calls["prlimit"], "own")
    program.append((_RETURN, 0, 0, _ALLOW))
    label("kill")
    load(_SECCOMP_DATA_ARGS)
    jump(_JUMP_EQUAL, 0, "allow")
    jump(_JUMP_EQUAL, group, "allow")
    label("own")
    load(_SECCOMP_DATA_ARGS)
    jump(_JUMP_EQUAL, 0, "allow")
    jump(_JUMP_EQUAL, own, "allow", "refuse")
    label("allow")
    program.append((_RETURN, 0, 0, _ALLOW))
    label("refuse")
    program.append((_RETURN, 0, 0, _REFUSE))
    for at, if_true, if_false in jumps:  # a jump counts the instructions it skips
        code, _, _, value = program[at]
        true = labels[if_true] - at - 1 if if_true else 0
        false = labels[if_false] - at - 1 if if_false else 0
        program[at] = (code, true, false, value)
    return program


def forbid_signals() -> bool:
    """Install the filter in this process (Linux x86-64 or ARM64); False where it cannot be had.

    After it, the process cannot signal, trace or limit any other process, nor leave its process
    group; its children inherit the filter.
    """
    calls = _SYSCALLS.get(platform.machine())
    if platform.system() != "Linux" or calls is None:
        return False
    program = _filter(os.getpid(), calls)
    code = b"".join(struct.pack("=HBBI", *instruction) for instruction in program)
    buffer = ctypes.create_string_buffer(code)

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, None, 0, 0) != 0:
        return False
    fprog = Program(len(program), ctypes.cast(buffer, ctypes.c_void_p))
    return libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0) == 0


def _address_space() -> int | None:
    """Bytes of address space this process holds now (Linux), or None."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def limit_memory(allowance: int) -> bool:
    """Cap this process's address space at what it holds now plus ``allowance`` bytes (soft and hard
    limits both, so it cannot raise them again); False where the system gives no such limit."""
    import resource

    held = _address_space()
    if held is None:
        return False
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = held + allowance if hard == resource.RLIM_INFINITY else min(hard, held + allowance)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):
        return False
    return True


def confine(allowance: int | None) -> None:
    """Fence this (newly forked) process: a session of its own, ``allowance`` bytes more memory at
    most (None: no cap), and no signals to other processes where the system allows the filter."""
    os.setsid()
    if allowance is not None:
        limit_memory(allowance)
    forbid_signals()
