# Host files through every reader: utilities, redirections, `source`,
# `$(<file)`, `read`, globs, tests.
# expect-stop: none
# expect-stdout: absent
# expect-stdout: []
# expect-stderr-contains: cat: /etc/shadow: No such file or directory
# expect-stderr-contains: /etc/hostname: No such file or directory
# expect-stderr-contains: /etc/hosts: No such file or directory
# expect-stderr-contains: /etc/profile: No such file or directory
# expect-stderr-contains: head: cannot open '/etc/os-release' for reading: No such file or directory
cat /etc/shadow
x=$(</etc/hostname)
read -r line < /etc/hosts
source /etc/profile
head -n1 /etc/os-release
[ -e /etc ] || [ -e /etc/passwd ] || echo absent
shopt -s nullglob
f=(/etc/*)
echo "[${f[*]}]"
