# `enable -f` would load a shared object into the host process: it must
# be refused.
# expect-stop: none
# expect-status: nonzero
# expect-stdout-empty:
# expect-stderr-contains: enable
enable -f /tmp/evil.so evil
