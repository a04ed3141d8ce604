# /proc does not exist: no environment, command line or memory map of the
# host process.
# expect-stop: none
# expect-status: 1
# expect-stdout-empty:
# expect-stderr-contains: cat: /proc/self/environ: No such file or directory
# expect-stderr-contains: cat: /proc/self/cmdline: No such file or directory
# expect-stderr-contains: cat: /proc/self/maps: No such file or directory
# expect-stderr-contains: cat: /proc/self/mem: No such file or directory
cat /proc/self/environ
cat /proc/self/cmdline
cat /proc/self/maps
cat /proc/self/mem
