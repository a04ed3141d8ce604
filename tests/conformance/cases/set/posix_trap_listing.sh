# In posix mode trap listings name signals without `SIG`, and `trap -p`
# shows conditions left at their default as `-` (all of them when none
# is named).
trap 'echo x' USR1
trap '' INT
set -o posix
trap
echo ---
trap -p USR1 EXIT HUP
echo ---
trap -p | head -5
trap -p | tail -4
trap -p | wc -l
set +o posix
echo ---
trap -p HUP INT
trap
