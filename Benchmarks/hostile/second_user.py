"""A second local user for the third hostile pass: another person on the same machine, who
may make files and links where root (the user of the pass) later writes or reads.

`SecondUser()` creates a system user of its own (`useradd --system`, no home, no login shell,
a name no one else uses) for the length of the pass and removes it again (`userdel`), even
when the pass fails; it needs root and `useradd`, and says why it cannot be made otherwise.
"""

import os
import pwd
import shutil
import subprocess
import uuid


class SecondUser:
    def __init__(self):
        self.name = None
        self.uid = self.gid = None
        self.reason = None
        if os.geteuid() != 0:
            self.reason = "a second local user needs root"
        elif not shutil.which("useradd") or not shutil.which("userdel"):
            self.reason = "useradd and userdel are needed (passwd)"

    def __enter__(self):
        if self.reason:
            return self
        name = "zxhost" + uuid.uuid4().hex[:8]
        made = subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "--user-group", name],
                              capture_output=True, text=True)
        if made.returncode != 0:
            self.reason = "useradd failed: " + made.stderr.strip()
            return self
        entry = pwd.getpwnam(name)
        self.name, self.uid, self.gid = name, entry.pw_uid, entry.pw_gid
        return self

    def __exit__(self, *exception):
        if self.name:
            subprocess.run(["userdel", self.name], capture_output=True)
            self.name = None
        return False

    @property
    def available(self):
        return self.name is not None

    def own(self, *paths):
        """Gives the paths (not following links) to the user."""
        for path in paths:
            os.lchown(path, self.uid, self.gid)
