"""Types lines into an interactive `bash --norc` on a pseudo-terminal, as a
user does, with tools/ir-run.bash loaded and `ir-run` a function that
prints its arguments as <ARG>: each line's TABs go through readline's own
word splitting (COMP_WORDBREAKS), which a test setting COMP_WORDS cannot
show. Usage: pty_complete.py COMPLETION_SCRIPT DIR < cases, one case per
line: TYPED<TAB>EXPECTED, where TYPED holds \\t for TAB and EXPECTED is the
<ARG>... line the completed command prints. Exit 0 when every case
matches, 1 otherwise, 77 when no pseudo-terminal can be had."""
import os
import pty
import select
import sys
import time


def read_until(fd, marker, timeout):
    out = b""
    end = time.time() + timeout
    while marker not in out and time.time() < end:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.time()))
        if not ready:
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


def main():
    script, workdir = sys.argv[1], sys.argv[2]
    cases = [line.rstrip("\n").split("\t", 1) for line in sys.stdin if line.strip() and not line.startswith("#")]
    try:
        pid, fd = pty.fork()
    except OSError as e:
        print("pty_complete: SKIP: no pseudo-terminal: %s" % e)
        return 77
    if pid == 0:
        os.chdir(workdir)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "dumb", "HOME": workdir,
               "PS1": "$ ", "INPUTRC": "/dev/null"}
        os.execve("/bin/bash", ["bash", "--norc", "--noprofile", "-i"], env)
        os._exit(127)
    fails = 0
    try:
        os.write(fd, b"bind 'set bell-style none'; . '%s'; ir-run() { printf '<%%s>' \"$@\"; echo; }; echo RE\"\"ADY\n"
                 % script.encode())
        # the marker as printed, not as typed: the terminal echoes the typed
        # line, and an output line is then followed by the prompt
        read_until(fd, b"READY\r\n$ ", 10)
        for typed, want in cases:
            # each TAB on its own, and time for readline to complete it
            # before the next key arrives
            parts = typed.split("\\t")
            for k, part in enumerate(parts):
                os.write(fd, part.encode() + (b"\t" if k + 1 < len(parts) else b""))
                time.sleep(0.3)
            # the command's output ends at the next prompt: typing ahead
            # before it (a marker command) would be echoed into the output
            # on a loaded machine
            os.write(fd, b"\n")
            got = read_until(fd, b"\r\n$ ", 20).decode(errors="replace")
            lines = [l for l in got.replace("\r", "").split("\n") if l.startswith("<")]
            if want not in lines:
                fails += 1
                print("FAIL: typing %r: want %s, got %r" % (typed, want, lines))
    finally:
        try:
            os.write(fd, b"exit\n")
        except OSError:
            pass
        time.sleep(0.2)
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        os.waitpid(pid, 0)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
