# Nesting directories without end on a host-backed /workspace stops at
# the path depth bound (ENAMETOOLONG), counted from the mount's root
# as on an in-memory /workspace: 16 levels fit.
# workspace: host
# fs-limit: max_depth=16
# expect-stop: none
# expect-stderr-contains: File name too long
# expect-stdout: stopped at 17
cd /workspace || exit 1
for ((i = 1; i <= 100; i++)); do
  mkdir d && cd d || { echo "stopped at $i"; break; }
done
