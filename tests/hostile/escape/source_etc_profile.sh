# `source /etc/profile` and friends: no such files.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: /etc/profile: No such file or directory
# expect-stderr-contains: /etc/bash.bashrc: No such file or directory
# expect-stderr-contains: /root/.bashrc: No such file or directory
source /etc/profile
. /etc/bash.bashrc
source /root/.bashrc
